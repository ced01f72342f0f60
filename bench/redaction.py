"""How long redaction takes on the largest texts a live run hands it: one command's output, capped at 2 MB.

Run: python bench/redaction.py [--ref PATH]   (PATH: another checkout's gpudoctor/host/redact.py to compare)

Two texts of 2 MB, each redacted 5 times (median):
- a tool printing the same line over and over, with secrets at the top (the hostile host's `60mb` tools:
  tests/attacks/hostile.py), where every rule holds its trigger but the text has almost no anchors;
- the committed plain-text fixtures laid end to end: journals, nvidia-smi, tracebacks, Ollama logs.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).parent.parent
SIZE = 2 << 20


def texts() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "attacks"))
    from hostile import SECRET_LINES

    repeated = SECRET_LINES + "line of output with text /usr/local/bin/tool\n" * (SIZE // 45)
    fixtures = []
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.txt")):
        fixtures.append(path.read_text(encoding="utf-8", errors="replace"))
        if sum(map(len, fixtures)) > SIZE:
            break
    return {"one line repeated": repeated[:SIZE], "fixtures end to end": "".join(fixtures)[:SIZE]}


def median_seconds(redact_text, text: str, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        redact_text(text)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def load(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(f"redact_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.redact_text


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", type=pathlib.Path, help="another checkout's gpudoctor/host/redact.py")
    args = parser.parse_args()
    from gpudoctor.host.redact import redact_text

    results = {}
    for name, text in texts().items():
        results[name] = {"this tree_s": round(median_seconds(redact_text, text), 3)}
        if args.ref:
            results[name]["reference_s"] = round(median_seconds(load(args.ref), text), 3)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
