"""Ollama's GPU discovery inside WSL 2, where the GPU is reached through the Windows driver, not a kernel module.

Written blind for issue 25 (ninth wave, sampled from Ollama's tracker). Ollama's discovery logs cuInit's error as
"nvcuda init failure: N" or "cuda driver library init failure: N" (ollama.cuda-driver-init-failure), whose next step
on Linux is to reload nvidia_uvm; under WSL 2 there is no NVIDIA kernel module to reload, and the threads show the
libcuda Ollama loaded not matching the Windows driver: in Docker Desktop's containers after the 555 Windows driver
(error 500, named symbol not found), or a Linux driver's libcuda installed in the distribution beside /usr/lib/wsl/lib.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OLLAMA_ROWS: tuple[Signature, ...] = (
    Signature(
        code="wsl.ollama-cuinit-failed",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # ollama.cuda-driver-init-failure's lines, in a text that shows WSL (gpudoctor/knowledge/contexts.py)
        patterns=(r"\bcuda driver library init failure[:;] (?!999\b|100\b|802\b)(?P<code>\d+)",
                  r"\bnvcuda init failure[:;] (?!999\b|100\b|802\b)(?P<code>\d+)"),
        contexts=("wsl",),
        refines=("ollama.cuda-driver-init-failure",),
        severity="fail",
        cause=("Inside WSL 2 the libcuda Ollama loaded failed cuInit (error {code}; 500 is \"named symbol not "
               "found\"): it does not match the Windows driver, as in Docker Desktop's containers after a Windows "
               "driver update (the 555 series) or with a Linux driver's libcuda installed in the distribution."),
        advice=("WSL 2 has no NVIDIA kernel module to reload: update Docker Desktop (4.31 or later for Windows drivers "
                "555 and newer) and restart it, or go back to the previous Windows driver until you can; outside a "
                "container, `ldconfig -p | grep libcuda` must list only /usr/lib/wsl/lib (purge a Linux driver's "
                "packages: `sudo apt purge 'libnvidia-compute-*' 'nvidia-driver-*'`), then run `wsl --shutdown` "
                "from Windows."),
        action="configure",
        rules_out=("a missing kernel module (WSL 2 has none)", "an Ollama bug"),
        never_suggest=("rmmod nvidia_uvm", "modprobe nvidia_uvm", "uvm_disable_hmm", "install the Linux NVIDIA driver"),
        sources=("https://github.com/ollama/ollama/issues/4726", "https://github.com/ollama/ollama/issues/6961",
                 "https://github.com/beclab/Olares/issues/2398", "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-27",
        examples=("wsl/ollama-4726-docker-wsl-driver-555-cuinit-500.txt",),
    ),
)
