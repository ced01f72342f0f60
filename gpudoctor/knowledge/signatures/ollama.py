"""Ollama and llama.cpp: the server log's discovery, load and runner errors.

Ollama's lines are quoted from its source (discover/, llm/server.go) as the releases named in
gpudoctor/ollama_versions.py print them; gpudoctor/probes/ollama.py reads the same lines for its facts.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

GPU_DOCS = "https://github.com/ollama/ollama/blob/main/docs/gpu.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

SIGNATURES = (
    Signature(
        code="ollama.driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        patterns=(r"your nvidia driver is too old or missing",),
        severity="fail",
        cause="Ollama's CUDA runtime could not start on this NVIDIA driver: the driver is missing or too old.",
        advice=("Update the NVIDIA driver to a current release (Ollama's GPU docs list the minimum), then restart "
                "Ollama; `nvidia-smi` shows the driver version in use."),
        action="restart-application",
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/6604", GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-6604-driver-too-old.txt",),
    ),
)
