"""The next step for a CUDA program on a driver older than its runtime, with the driver floor of each CUDA family
(cuda.py's cuda.driver-insufficient gives it; written for issue 25).

Windows apps that bundle their CUDA runtime (faster-whisper and its standalone builds, ComfyUI portable, llama.cpp
releases, whisper.net) move to a newer CUDA in an update and then fail on the driver they ran on before, in the
runtime's words ("CUDA driver version is insufficient for CUDA runtime version", error 35) or only as "device cuda"
failing; the driver of the CUDA family they were built with fixes it. The floors come from
driver_support.TOOLKIT_DRIVER and MINOR_VERSION_COMPAT_BRANCH (NVIDIA's CUDA Toolkit release notes, Tables 2 and 3;
their source and date there): a CUDA 12.x program runs on R525 and newer through minor-version compatibility, a 13.x
one on R580 and newer.
"""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import DRIVER_FLOORS

DRIVER_INSUFFICIENT_ADVICE = (
    "Update the NVIDIA driver to a newer release that supports the program's CUDA version (`nvidia-smi` shows the "
    f"highest CUDA the driver supports, top right): {DRIVER_FLOORS}; on Windows from nvidia.com/drivers or the NVIDIA "
    "app (an app that moved to a newer CUDA in an update, such as faster-whisper, ComfyUI portable or a llama.cpp "
    "release, needs it too), inside the Windows Subsystem for Linux the Windows driver (the Linux side needs none), "
    "in a container the host's. Or install a build of the program made for the older CUDA your driver supports. Where the driver is already new enough, the CUDA runtime "
    "found no driver library at all (`ldconfig -p | grep libcuda` is empty): add the driver's CUDA library "
    "package (Ubuntu `libnvidia-compute-<branch>`, libcuda1-<branch> before R430; Fedora xorg-x11-drv-nvidia-cuda-libs).")
