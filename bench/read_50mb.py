"""How long `gpudoctor read` takes on a 50 MB paste (an Ollama server log of a long-running service).

Run: python bench/read_50mb.py   (the issue's bound: under 5 s)
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile
import time

LOG = pathlib.Path(__file__).parent.parent / "tests" / "fixtures" / "ollama" / "linux-2gpu-0.5.12-split.log"


def main() -> None:
    text = LOG.read_text(encoding="utf-8")
    repeats = 50_000_000 // len(text) + 1
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False, encoding="utf-8") as out:
        out.write(text * repeats)
    size = pathlib.Path(out.name).stat().st_size
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "gpudoctor", "read", out.name], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    pathlib.Path(out.name).unlink()
    print(f"read {size / 1e6:.1f} MB in {seconds:.2f} s (exit code {result.returncode})")


if __name__ == "__main__":
    main()
