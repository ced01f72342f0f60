"""Ollama and llama.cpp: the server log's discovery, load and runner errors.

Ollama's lines are quoted from its source (discover/, llm/server.go) as the releases named in
gpudoctor/ollama_versions.py print them; gpudoctor/probes/ollama.py reads the same lines for its facts.
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import Signature

GPU_DOCS = OLLAMA_NVIDIA_DRIVER.source
_DRIVER = OLLAMA_NVIDIA_DRIVER.value
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

SIGNATURES = (
    Signature(
        code="ollama.driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        patterns=(r"your nvidia driver is too old or missing",),
        severity="fail",
        cause="Ollama's CUDA runtime could not start on this NVIDIA driver: the driver is missing or too old.",
        advice=(f"Update the NVIDIA driver to R{_DRIVER['minimum_branch']} or newer "
                f"(R{_DRIVER['compute_5_0_to_6_2_branch']} for GPUs of compute capability 5.0 to 6.2, as Ollama's "
                "GPU docs require), then restart Ollama; `nvidia-smi` shows the driver version in use."),
        action="restart-application",
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/6604", GPU_DOCS),
        checked=OLLAMA_NVIDIA_DRIVER.checked,
        examples=("ollama/ollama-6604-driver-too-old.txt",),
    ),
)
