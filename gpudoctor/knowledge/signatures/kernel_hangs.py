"""Kernel and driver: a process stuck inside the NVIDIA driver, as the kernel reports it (the hung-task watchdog's
"INFO: task ... blocked for more than N seconds" for NVIDIA's own tools, and the stack traces through the closed
driver's resource manager that such reports and soft lockups print). Rows of the kernel area, added to kernel.py's
tuple."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_HUNG_TASK_DOCS = "https://docs.kernel.org/admin-guide/sysctl/kernel.html#hung-task-timeout-secs"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.process-stuck-in-driver",
        cause_id="driver-hung",
        kinds=("any",),
        # The closed driver's resource manager shows in a kernel stack only under its obfuscated names
        # ("_nv000731rm+0x16b/0xeb0 [nvidia]"): the kernel prints such a stack for a task blocked in state D, a soft
        # lockup or an oops, all of them a call that never came back from the driver. nvidia-smi's, nvidia-persistenced's
        # (its name cut to 15 characters) and nvidia-container-cli's ("nvc:[driver]") hung tasks say the same by name;
        # any "nv..." task is read, so the key is "blocked" ("nvidia-persiste" is in every healthy journal).
        # (".nvidia]" rather than "[nvidia]": a key that starts with "[" would cost the prefilter a pass of its own.)
        patterns=(r"\b_nv\d{6}rm\+0x[0-9a-f]{1,8}/0x[0-9a-f]{1,8} .nvidia\]",
                  r"INFO: task (?P<task>nv[\w:\[\]-]{2,13}):\d{1,9} blocked for more than "
                  r"\d{1,6} seconds"),
        severity="fail",
        cause="A process is stuck inside the NVIDIA kernel driver (the kernel's stack trace runs through it): the GPU or "
              "the driver stopped answering, and a process waiting there cannot be killed.",
        advice=("Look above the trace for what started it (`sudo dmesg | grep -iE 'xid|nvrm'`: an Xid names the GPU's "
                "fault); a process blocked in the driver (state D in `ps`) cannot be killed and the GPU cannot be reset "
                "while it waits, so reboot the machine. If it happens again, update the NVIDIA driver and send NVIDIA "
                "the report of `sudo nvidia-bug-report.sh` taken while it hangs."),
        action="reboot",
        rules_out=("the program's own code",),
        never_suggest=("kill -9", "reinstall CUDA"),
        sources=("https://github.com/ollama/ollama/issues/4342", _HUNG_TASK_DOCS,
                 "https://docs.nvidia.com/deploy/xid-errors/index.html"),
        checked="2026-11-26",
        examples=("kernel/ollama-4342-hung-task-nvidia-rm-stack.txt",),
    ),
)
