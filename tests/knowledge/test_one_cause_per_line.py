"""One line, one cause: where two rows read the same line of a row's example with different causes, a paste gets two
findings for one failure. A row that reads a line more closely takes the generic row's place (`refines`), or the
two rows become one (signatures.MERGED_INTO). The pairs below were found when this test was written (2026-11-27) and
are debt: most are lines whose cause the thread decides (CuPy's missing NVRTC: the CUDA runtime missing, or a CuPy
for another CUDA); a new pair fails here until one row refines the other or the pair is argued into this list."""

from __future__ import annotations

import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "fixtures" / "corpus"))

from excerpts import read_excerpt  # noqa: E402

from gpudoctor.knowledge.matcher import scan  # noqa: E402
from gpudoctor.knowledge.signatures import catalogue  # noqa: E402

KNOWN: frozenset[frozenset[str]] = frozenset(map(frozenset, (
    ("frameworks.torch-compile-fp8-e4m3-needs-ada", "vllm.fp8-e4m3-needs-ada"),  # torch.compile's or an engine's kernel
    ("containers.nvidia-smi-fails-in-container", "kernel.driver-not-loaded"),
    ("cuda.cupy-cuda-libraries-not-found", "wheels.cupy-built-for-other-cuda"),
    ("wheels.pinned-version-not-for-this-python", "wheels.torch-local-build-pin-without-index"),  # the index or Python
    ("wheels.pip-resolver-pins-conflict", "wheels.torchvision-for-another-torch"),
    ("cuda.runtime-library-missing", "frameworks.onnxruntime-gpu-cuda-major-mismatch"),
    ("cuda.driver-insufficient", "frameworks.ort-cuda-provider-without-nvidia-gpu"),  # error 35: old driver, or no GPU
    ("frameworks.triton-windows-vcruntime-too-old", "wsl.windows-extension-dll-init-failed"),
    ("containers.insufficient-gpu-resource", "kernel.open-module-required-described", "kernel.rm-init-adapter-failed"),
    ("kernel.module-missing-for-running-kernel", "kernel.module-not-found"),  # one line, labelled both ways
    ("cuda.windows-python-dll-dependencies-not-found", "ollama.koboldcpp-backend-dll-dependency-missing"),
    ("wheels.pip-installed-version-outside-range", "wheels.pip-nvidia-package-conflict"),
    ("ollama.cuda-out-of-memory", "wsl.cuda-out-of-memory-pinned"),  # a context row refines only what it reads whole
    ("wsl.windows-build-before-gpu-support", "wsl.windows-without-wsl2"),  # a context row: only generic rows are refined
)))


@cache
def _examples() -> tuple[str, ...]:
    return tuple(sorted({example for row in catalogue() for example in row.examples}))


@cache
def _causes_per_line(example: str) -> tuple[dict[str, str], ...]:
    """For each line of the example that rows of more than one cause read (warnings and failures): cause -> code."""
    lines: dict[int, dict[str, str]] = defaultdict(dict)
    for found in scan(read_excerpt(example).text, example):
        if found.signature.severity != "info":
            lines[found.line_number].setdefault(found.signature.cause_id, found.code)
    return tuple(causes for causes in lines.values() if len(causes) > 1)


def test_no_new_line_is_read_with_two_causes():
    new = {(example, frozenset(causes.values())) for example in _examples() for causes in _causes_per_line(example)
           if frozenset(causes.values()) not in KNOWN}
    assert not new, f"rows read one line with two causes (refine one by the other, or merge them): {sorted(new)[:5]}"


def test_the_known_pairs_still_happen():
    """A pair resolved since leaves the list: the list shrinks with the debt."""
    seen = {frozenset(causes.values()) for example in _examples() for causes in _causes_per_line(example)}
    assert not KNOWN - seen, f"resolved, remove from KNOWN: {sorted(map(sorted, KNOWN - seen))}"
