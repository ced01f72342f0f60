"""Issue 25 (helper w41a): Fabric Manager told in a person's words (a driver and Fabric Manager out of sync).

On NVSwitch machines (HGX/DGX A100, H100, H200, B200; AWS p4d/p5, Azure ND) CUDA cannot start until
nvidia-fabricmanager of exactly the driver's version has set up the fabric. Its own line ("... don't match with driver
version ...") and CUDA's error 802 are read by cuda.system-not-ready; this row reads how people tell the same cause
without pasting either line: "the fabric manager and drivers will not be in sync" after an apt upgrade moved one of
them (azhpc-images#86), "Fabric Manager wasn't running", "a mismatched Fabric Manager version", "fabricmanager failed to
start".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_FM = r"(?:[Ff]abric ?[Mm]anager|[Ff]abric-[Mm]anager|[Ff]abricmanager|nv-fabricmanager)"
# Fabric Manager is only needed on NVSwitch systems: a line saying it is not needed, that the machine is a PCIe or
# desktop one, or that it works now, is healthy talk ("FM is not running on this PCIe node, which is expected",
# "Fabric Manager is not installed on my RTX 4090", "no fabric manager needed for L40S") (rev41).
_NOT_HEALTHY = (r"^(?![^\n]{0,400}?(?:PCIe|pcie|without (?:an? )?NVSwitch|no NVSwitch|not (?:needed|required|necessary)|"
                r"needn't|no need|expected|[Dd]o I need|RTX|GeForce|Quadro|desktop|works (?:now|fine)|fixed))")
_LINE = r"[^\n]{0,400}?"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.described-fabric-manager-out-of-sync",
        described=True,
        cause_id="fabric-manager-not-running",
        kinds=("any",),
        patterns=(
            # "the fabric manager and drivers will not be in sync", "Fabric Manager wasn't running", "fabricmanager
            # is not installed", "nvidia-fabricmanager failed to start", "fabric manager version mismatch", "NVIDIA
            # Fabric Manager may fail to initialize on VM startup" (Nebius' note, skypilot#8696, w42e)
            _NOT_HEALTHY + _LINE + _FM + r"[^\n]{0,80}?(?:(?:(?:will|are|is|was|were) ?)?(?:not|n't) (?:be )?(?:in sync|running|installed|"
                  r"started|enabled|active|matching)|out of sync|version mismatch|mismatch(?:ed)? (?:with|to) (?:the )?"
                  r"(?:NVIDIA |nvidia )?driver|fail(?:ed|s|ing)? to (?:start|initiali[sz]e|come up)|(?:won't|will not|does ?n[o']t|"
                  r"can ?not|could ?n[o']t|can't) (?:start|run|be started))",
            # "a mismatched Fabric Manager version", "Fabric Manager missing", "no fabric manager installed"
            # ("no fabric manager" went: "no fabric manager needed/required" is the usual healthy answer)
            _NOT_HEALTHY + _LINE + r"(?:[Mm]ismatch(?:ed|ing)?|[Ww]rong|[Dd]ifferent|[Mm]issing) (?:version of (?:the )?)?(?:nvidia-)?"
            + _FM + r"\b(?: (?:version|package|service))?",
        ),
        severity="warn",
        cause="The description suggests NVIDIA Fabric Manager is missing, stopped or of another version than the "
              "driver on an NVSwitch machine (HGX/DGX A100, H100, H200, B200), so CUDA cannot initialise the GPUs "
              "(error 802, system not yet initialized).",
        advice=("Install nvidia-fabricmanager of exactly the driver's version (`nvidia-smi` shows it; e.g. `sudo apt "
                "install nvidia-fabricmanager-<branch>=<driver version>-1`, or the matching package of NVIDIA's "
                "repository), hold both packages so an upgrade cannot split them (`sudo apt-mark hold "
                "nvidia-fabricmanager-<branch> nvidia-driver-<branch>`), reboot if the driver changed, and start it: "
                "`sudo systemctl enable --now nvidia-fabricmanager`; `systemctl status nvidia-fabricmanager` must show "
                "it running before CUDA starts."),
        action="configure",
        rules_out=("the CUDA toolkit", "the program"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/Azure/azhpc-images/pull/86", "https://github.com/skypilot-org/skypilot/issues/8696",
                 "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"),
        checked="2026-11-28",
        examples=("cuda/azhpcimages-86-fabricmanager-apt-upgrade-out-of-sync-prose.txt",
                  "kernel/skypilot-8696-nebius-h100-fabric-manager-init-prose.txt"),
    ),
)
