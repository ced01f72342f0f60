"""Ollama and llama.cpp: the server log's discovery, load and runner errors.

Ollama's lines are quoted from its source (discover/, llm/server.go) as the releases named in
gpudoctor/ollama_versions.py print them; gpudoctor/probes/ollama.py reads the same lines for its facts.
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import Signature

GPU_DOCS = OLLAMA_NVIDIA_DRIVER.source
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
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
    Signature(
        code="ollama.cuda-out-of-memory",
        cause_id="ollama-oom",
        kinds=_LOGS,
        patterns=(
            r"allocating [\d.]+ MiB on device (?P<gpu>\d+): cudaMalloc failed: out of memory",
            r"cudaMalloc failed: out of memory",
            r"unable to allocate CUDA(?P<gpu>\d+) buffer",
        ),
        severity="fail",
        cause="The model did not fit in GPU memory as Ollama placed it.",
        advice=("Load a smaller model or quantisation, lower the context (num_ctx, OLLAMA_CONTEXT_LENGTH) or offload "
                "fewer layers (num_gpu); close other programs that hold GPU memory (`nvidia-smi` lists them)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reboot"),
        sources=(TROUBLESHOOTING, "https://github.com/ollama/ollama/issues/8597"),
        checked="2026-11-25",
        examples=("ollama/ollama-8597-deepseek-r1-4xl40s-cuda0-buffer.txt",),
    ),
)
