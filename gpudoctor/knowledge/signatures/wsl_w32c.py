"""Issue 25, wave 32 (w32c): WSL 2's VM refused for want of memory, as Windows words it without WSL's error code.

wsl.exe prints Windows' own message for the HRESULT above its "Error code: Wsl/..." line (wsl_service.py reads that
line); Docker Desktop, the distribution launchers and older WSL releases print the message alone ("stdout: Insufficient
system resources exist to complete the requested service."). ERROR_NO_SYSTEM_RESOURCES (0x800705aa) and
E_OUTOFMEMORY / ERROR_NOT_ENOUGH_MEMORY (0x8007000e, 0x80070008) while WSL starts or converts a distribution mean
Windows could not give the VM what it asked for: other programs hold the memory, .wslconfig asks for more than is
free, the paging file is too small, or (0x800705aa with memory free) the hypervisor found no contiguous memory for the
VM's virtual processors. Read only where the text is about WSL (contexts.py), since other Windows programs print the
same sentences.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="wsl.vm-start-no-memory-message",
        cause_id="wsl-vm-start-no-memory",
        kinds=("any",),
        patterns=(r"Insufficient system resources exist to complete the requested service",
                  r"Not enough memory resources are available to (?:complete this operation|process this command)"),
        contexts=("wsl",),
        severity="fail",
        cause="Windows could not give the WSL 2 virtual machine the memory it asked for while starting it (other "
              "programs hold the RAM or commit, .wslconfig asks for more than is free, or the hypervisor found no "
              "contiguous memory for its processors).",
        advice=("Free memory on Windows (close large programs; Task Manager shows what holds it) or restart Windows, "
                "then lower what the VM asks for under [wsl2] in %UserProfile%\\.wslconfig: `memory=` well below the "
                "free RAM (e.g. memory=8GB) and `processors=4` (the hypervisor needs contiguous memory per virtual "
                "processor), and keep Windows' paging file system-managed; then `wsl --shutdown` and start the "
                "distribution (or Docker Desktop) again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/docker/for-win/issues/8630", "https://github.com/microsoft/WSL/issues/9666",
                 "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-27",
        examples=("wsl/dockerforwin-8630-deploy-distro-insufficient-resources.txt",),
    ),
)
