"""Issue 25 (helper w39e): nvidia-smi slow on every call, as people describe it.

Without persistence mode (no nvidia-persistenced, `nvidia-smi -pm` off) the kernel driver tears the GPUs' state down
when the last client closes them and initialises them again for the next one: each nvidia-smi call, container start or
monitoring probe then waits seconds (tens of seconds on 8-GPU VMs), while the GPUs themselves are fine. NVIDIA's
driver-persistence guide has the fix: run nvidia-persistenced, or set persistence mode. A slow nvidia-smi inside a
container whose host runs the daemon is another matter (toolkit#1053); these patterns read the plain complaint only.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PERSISTENCE_GUIDE = "https://docs.nvidia.com/deploy/driver-persistence/index.html"

# nvidia-smi as people write it: plain, quoted or in backticks.
_SMI = r"(?:nvidia-smi|NVIDIA-SMI|nvidia smi)`?"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvidia-smi-slow-described",
        cause_id="persistence-or-clock-state",
        kinds=("any",),
        described=True,
        patterns=(
            # "nvidia-smi takes forever", "nvidia-smi takes a long time to print", "nvidia-smi took 30 seconds"
            # (at most one adverb between: in "nvidia-smi shows each step took 12 seconds" the time is the job's)
            _SMI + r"(?:\s(?:command|commands|call|calls|itself|alone|output|queries|now|always|often|sometimes|still|"
            r"usually|suddenly|just|also))?\s(?:takes?|taking|took)\s(?:forever|ages|a (?:very |really )?long time|too long|very long|"
            r"several seconds|(?:about |around |over |more than |almost )?\d{2,3}(?:\.\d)?\s?(?:s|secs?|seconds?)\b)",
            # "nvidia-smi is very slow", "led to nvidia-smi being slow", "nvidia-smi runs slowly"
            _SMI + r"\s(?:is|was|are|being|runs?|running|responds?|got|gets?|became|becomes?)\s(?:very\s|so\s|really\s|"
            r"extremely\s|super\s|quite\s|painfully\s)?(?:slow|slowly)\b",
            # "slow nvidia-smi", "nvidia-smi 输出结果慢", "nvidia-smi 很慢", "nvidia-smi 特别卡" (six characters between at most:
            # further on, "慢" is more often the job's speed that nvidia-smi showed)
            r"\b(?:[Ss]low|[Ss]luggish)\s`?(?:nvidia-smi|NVIDIA-SMI)\b",
            r"(?:nvidia-smi|NVIDIA-SMI)[^\n]{0,6}?(?:慢|特别卡|卡顿|要等很久)",
        ),
        severity="warn",
        cause=("The description says nvidia-smi is slow on every call: with persistence mode off (no nvidia-persistenced) "
               "the driver tears the GPUs down after each client and initialises them again for the next one, which "
               "takes seconds per GPU."),
        # Ubuntu's and Debian's nvidia-persistenced.service start the daemon with --no-persistence-mode: running it
        # is not enough there, persistence must still be turned on (nvidia-smi -pm 1 asks the running daemon).
        advice=("Keep the driver initialised: enable and start the persistence daemon (`sudo systemctl enable --now "
                "nvidia-persistenced`; it ships with the driver), then turn persistence mode on for every GPU (`sudo "
                "nvidia-smi -pm 1`): Ubuntu's and Debian's unit starts the daemon with --no-persistence-mode, so to keep "
                "it at every boot remove that flag from its ExecStart (`sudo systemctl edit --full nvidia-persistenced`). "
                "`nvidia-smi -q | grep -i persistence` then shows Enabled and calls return in about a second."),
        action="configure",
        rules_out=("a GPU fault, when nvidia-smi answers at all",),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/Azure/aks-gpu/pull/105", "https://github.com/MicrosoftDocs/azure-docs/pull/3732",
                 PERSISTENCE_GUIDE),
        checked="2026-11-27",
        examples=("kernel/aksgpu-105-persistenced-not-running-nvidia-smi-slow.txt",),
    ),
)
