"""A seeded in-process fuzzer over the committed recordings (tests/fixtures/hosts): each mutated snapshot
must be refused as bad input (exit 2: SnapshotError) or replayed into a report that renders as JSON,
terminal text and JUnit, never an exception (exit 3).

GPUDOCTOR_FUZZ_SEED and GPUDOCTOR_FUZZ_RUNS change the seed and the number of mutations (default: a
fixed seed, 1500 mutations, about 15 s); a failure names the seed and mutation to replay it.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import re
import time
from pathlib import Path

from gpudoctor.engine import Options, run_checks
from gpudoctor.host.snapshot import SnapshotError, replay_host_from_text
from gpudoctor.registry import load_registry
from gpudoctor.report.json_report import render_json
from gpudoctor.report.junit import render_junit
from gpudoctor.report.terminal import print_report
from gpudoctor.summary import host_summary

# A finding that quotes a Python exception ("probe 'gpus' failed: AttributeError: ...") is no crash, but it
# is an answer of the wrong type that the schema let through: counted, to keep it rare.
_PYTHON_EXCEPTION = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception): ")
FIXTURES = sorted((Path(__file__).parents[1] / "fixtures" / "hosts").glob("*.json"))
SEED = int(os.environ.get("GPUDOCTOR_FUZZ_SEED", "14"))
RUNS = int(os.environ.get("GPUDOCTOR_FUZZ_RUNS", "1500"))

# Values a corrupt or hostile snapshot may hold where something else was expected.
HOSTILE_VALUES = [
    None, True, False, 0, -1, 2 ** 64, -(2 ** 63), 1e308, float("nan"), "", "0", "x" * 5000,
    "\x1b[2J\x1b]0;owned\x07", "\u202eevil", [], {}, [None], {"base64": "!!!"}, {"base64": "AAAA"},
    {"value": None, "error": None}, [[[[[[[[[[[]]]]]]]]]]], "NVML_ERROR_GPU_IS_LOST", 13000, "13.0",
    ["a", 1, None], {"devices": [{"ordinal": "x"}]}, {"driver_version": "twelve", "devices": None},
]


def _hostile(rng: random.Random):
    return copy.deepcopy(rng.choice(HOSTILE_VALUES))


def _walk(node, path=()):
    """Every (container, key) inside a JSON value."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield node, key
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield node, index
            yield from _walk(value, path + (index,))


def _mutate_document(document: dict, rng: random.Random) -> str:
    calls = document.get("calls")
    operation = rng.choice(["replace", "replace", "replace", "delete", "text", "top", "duplicate"])
    if operation == "top" or not isinstance(calls, list) or not calls:
        key = rng.choice(["version", "format", "calls", "recorded_at"])
        document[key] = _hostile(rng)
        return f"top {key}"
    call = rng.choice(calls)
    places = list(_walk(call)) if isinstance(call, (dict, list)) else []
    if not places:
        calls[calls.index(call)] = _hostile(rng)
        return "replace a call"
    container, key = rng.choice(places)
    if operation == "replace":
        container[key] = _hostile(rng)
    elif operation == "delete":
        if isinstance(container, dict):
            del container[key]
        else:
            container.pop(key)
    elif operation == "text":
        value = container[key]
        if isinstance(value, str) and value:
            cut = rng.randrange(len(value))
            noise = "".join(chr(rng.choice([0, 7, 8, 27, 0x9B, 0x202E, 0xFFFD, rng.randrange(32, 0x2FFF)]))
                            for _ in range(rng.randrange(1, 20)))
            container[key] = value[:cut] + noise + value[cut + rng.randrange(0, 50):]
        else:
            container[key] = _hostile(rng)
    else:  # the same call twice with different answers
        twin = copy.deepcopy(call)
        if isinstance(twin, dict):
            twin["answer"] = _hostile(rng)
        calls.append(twin)
    probe, args = (call.get("probe"), call.get("args")) if isinstance(call, dict) else (None, None)
    return f"{operation} in {probe} {str(args)[:60]} at {key!r}"


def _mutate_bytes(text: str, rng: random.Random) -> tuple[str, str]:
    operation = rng.choice(["truncate", "flip", "bom", "nest"])
    if operation == "truncate":
        return text[: rng.randrange(len(text))], operation
    if operation == "flip":
        position = rng.randrange(len(text))
        return text[:position] + rng.choice('{}[]",:\\0\x00') + text[position + 1:], operation
    if operation == "bom":
        return "\ufeff" + text, operation
    depth = rng.choice([100, 1000, 100_000])
    return text.replace('"calls": [', '"calls": [' + "[" * depth + "]" * depth + ",", 1), f"nest {depth}"


def _replay(text: str, registry) -> str:
    """'bad-input' (exit 2) or 'report' (exit 0/1); anything raised is a bug (exit 3)."""
    try:
        host = replay_host_from_text(text, source="fuzzed")
    except SnapshotError:
        return "bad-input"
    report = run_checks(host, list(registry.checks), registry, Options(), summarize=host_summary)
    json.loads(render_json(report))
    print_report(report, verbose=True, stream=io.StringIO())
    render_junit(report)
    quoted = sum(1 for r in report.results for f in r.findings if _PYTHON_EXCEPTION.search(f.summary))
    return "report-quoting-an-exception" if quoted else "report"


def test_fuzzed_snapshots_are_bad_input_or_a_report():
    registry = load_registry()
    originals = [(path.name, path.read_text(encoding="utf-8")) for path in FIXTURES]
    rng = random.Random(SEED)
    outcomes = {"bad-input": 0, "report": 0, "report-quoting-an-exception": 0}
    started = time.monotonic()
    for run in range(RUNS):
        name, text = rng.choice(originals)
        if rng.random() < 0.15:
            mutated, what = _mutate_bytes(text, rng)
        else:
            document = json.loads(text)
            what = " + ".join(_mutate_document(document, rng) for _ in range(rng.randint(1, 3)))
            mutated = json.dumps(document, ensure_ascii=False)
        try:
            outcomes[_replay(mutated, registry)] += 1
        except Exception as exc:  # noqa: BLE001 - the fuzzer's whole point
            raise AssertionError(f"seed {SEED}, run {run}, {name}: {what}: {type(exc).__name__}: {exc}") from exc
    figures = {"seed": SEED, "mutations": RUNS, **outcomes, "exit_3": 0, "seconds": round(time.monotonic() - started, 1)}
    print("\nfuzz figures:", json.dumps(figures))
    if os.environ.get("GPUDOCTOR_ATTACK_FIGURES"):
        with open(os.environ["GPUDOCTOR_ATTACK_FIGURES"], "a", encoding="utf-8") as out:
            out.write(json.dumps({"fuzz": figures}) + "\n")
    assert RUNS >= 1000 or "GPUDOCTOR_FUZZ_RUNS" in os.environ
    assert outcomes["bad-input"] and outcomes["report"]  # both paths were exercised
