"""Issue 25, w43a: a badly seated NVLink bridge, and the Linux display watchdog (rows of the kernel area).

A consumer or workstation NVLink bridge (RTX 2080 Ti, RTX 3090, Quadro/RTX A-series pairs) that is not fully plugged into
both cards, or whose links fail to train, leaves the driver retrying the links: NCCL and `nvidia-smi topo -m` hang or
take minutes, CUDA initialisation fails ("no CUDA-capable device") while the cards work without the bridge, and
containers fail in nvidia-container-cli's CUDA check. No tool line names it; people say it once they find it ("the
bridge could not be plugged in fully", "removed the NVLink bridge and it works"). The fix is the bridge: seat it fully
(a cooler or water block can stop it) or remove it, then check the links with `nvidia-smi nvlink -s`.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvlink-bridge-seating-described",
        cause_id="nvlink-error",
        kinds=("any",),
        # People's words, never a tool's: the bridge not fully seated, or the failure gone once the bridge was taken
        # out. "removed the bridge" alone is not enough (people remove it to test); it needs a word that it fixed it.
        patterns=(r"\b(?:NVLink|NVLINK|nvlink|Nvlink|NvLink)(?: bridge| connector| BRIDGE)?\b[^\n]{0,60}\b(?:can ?not|can't|cannot|could ?not|couldn't|"
                  r"wasn't|was not|isn't|is not|not) (?:be )?(?:fully |properly |completely )?(?:plug|seat|insert|"
                  r"push)\w{0,3}(?: in)? ?(?:fully|properly|completely|all the way)",
                  r"\b(?:remov|unplugg?|pull|ripp|took out|take out)\w{0,3}[^\n]{0,30}\b(?:NVLink|NVLINK|nvlink|Nvlink|NvLink)(?: bridge| BRIDGE)?\b[^\n]{0,80}"
                  r"\b(?:[Ss]olved|fixed|fixes|resolved|works|working|went away|goes away)\b",
                  r"\b(?:NVLink|NVLINK|nvlink|Nvlink|NvLink)(?: bridge| BRIDGE)?\b[^\n]{0,40}\b(?:out|removed|unplugged)\b[^\n]{0,40}\b(?:[Ss]olved|fixed|"
                  r"resolved|works|working|went away)\b"),
        severity="warn",
        described=True,
        cause="The NVLink bridge is described as not fully seated, or the failure went away without it: a badly "
              "seated or failing bridge leaves the driver retrying the links, which hangs NCCL and topology queries "
              "and can stop CUDA from starting.",
        advice=("Power off and reseat the NVLink bridge so it is pushed fully onto both cards (a cooler, water block "
                "or case part can stop it; try the other slot pair), or run without it; then check "
                "`nvidia-smi nvlink -s` (every link at its speed, none <inactive>) and `nvidia-smi topo -m` (NV# "
                "between the pair, answering at once). A bridge that still fails seated is faulty: replace it."),
        action="reseat-or-inspect-hardware",
        rules_out=("the NCCL version", "the CUDA toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nccl/issues/340",
                 "https://docs.nvidia.com/deploy/nvml-api/group__NvLink.html"),
        checked="2026-11-28",
        examples=("nccl/nccl-340-2080ti-nvlink-bridge-not-fully-plugged-hang-prose.txt",),
    ),
    Signature(
        code="kernel.linux-display-watchdog-timeout",
        cause_id="display-watchdog-timeout",
        kinds=("any",),
        # wsl.kernel-launch-timeout's line (cudaErrorLaunchTimeout, 702), read where the text shows a Linux desktop on
        # the GPU (the linux-desktop context: Xorg, a display manager, gnome-shell): there the NVIDIA driver's own
        # run-time watchdog ended the kernel ("Run time limit on kernels: Yes", numba's "Watchdog: Enabled"), and
        # Windows' TdrDelay has nothing to change.
        patterns=(r"the launch timed out and was terminated", r"cudaErrorLaunchTimeout", r"CUDA_ERROR_LAUNCH_TIMEOUT"),
        contexts=("linux-desktop",),
        refines=("wsl.kernel-launch-timeout",),
        severity="fail",
        cause="A kernel ran longer than the Linux display watchdog allows on a GPU that also drives the desktop (Xorg "
              "or a Wayland compositor), so the driver ended it.",
        advice=("Run the long kernels on a GPU that drives no display: stop the desktop while computing (`sudo "
                "systemctl stop display-manager`, or boot to multi-user.target, and `sudo systemctl start "
                "display-manager` after), or move the display to another GPU or the on-board graphics (a "
                "BusID in xorg.conf, or the monitor on the other card); otherwise split the work into shorter kernel "
                "launches. `deviceQuery` shows \"Run time limit on kernels: No\" once no display runs on the GPU."),
        action="configure",
        rules_out=("a broken driver install", "the CUDA toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://nvidia.custhelp.com/app/answers/detail/a_id/3029/~/using-cuda-and-x",
                 "https://github.com/ComputationalRadiationPhysics/picongpu/issues/2704"),
        checked="2026-11-28",
        examples=("cuda/picongpu-2704-cuda-launch-timeout-display-manager-stopped.txt",
                  "cuda/pyrit-124-gts250-launch-timeout-from-x-works-in-tty.txt"),
    ),
)
