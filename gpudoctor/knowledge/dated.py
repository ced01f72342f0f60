"""Facts about other projects that change with their releases: each with its source and the day it was last
checked against that source. A maintainer who never saw the code can open the source and say whether the
fact still holds; `checked` says how stale it may be."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DatedFact:
    value: Any
    source: str
    checked: str  # ISO date


# Ollama's NVIDIA requirements, docs/gpu.mdx: "compute capability 5.0+ and driver version 550 and newer. Nvidia
# GPUs with compute capability 5.0 through 6.2 require driver version 570 or newer." Raised in 2026 from the
# "driver version 531 and newer" of earlier releases' docs, above gpudoctor's own R535 floor.
OLLAMA_NVIDIA_DRIVER = DatedFact(
    value={"minimum_branch": 550, "compute_5_0_to_6_2_branch": 570, "minimum_compute": "5.0"},
    source="https://github.com/ollama/ollama/blob/main/docs/gpu.mdx",
    checked="2026-11-25",
)

# NCCL 2.31's active diagnostics: with NCCL_RUN_DIAGNOSTICS=1, communicator initialisation tests the P2P paths
# it will use and the process hosting rank 0 prints a report on stdout, each line "<host>:<pid> NCCL DIAG ",
# tagged [OK] or [INFO] ("NCCL DIAG [INFO] p2p: only 52/56 GPU-to-GPU peer accesses passed verification").
NCCL_DIAGNOSTICS = DatedFact(
    value={"since": (2, 31), "variable": "NCCL_RUN_DIAGNOSTICS", "line_prefix": "NCCL DIAG",
           "tags": ("[OK]", "[INFO]")},
    source="https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/diagnostics.html",
    checked="2026-11-25",
)

DATED_FACTS = (OLLAMA_NVIDIA_DRIVER, NCCL_DIAGNOSTICS)
