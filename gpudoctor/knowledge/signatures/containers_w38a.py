"""Issue 25 (helper w38a): the GPU operator's driver container on a node whose kernel has no NVIDIA packages.

Besides the image for the node's OS (containers.operator-driver-image-missing), the operator's Ubuntu driver
container installs, for the node's running kernel, Ubuntu's prebuilt NVIDIA module packages: its script asks apt
for linux-objects-nvidia-<branch>-server-<kernel>, linux-signatures-nvidia-<kernel> and
linux-modules-nvidia-<branch>-server-<kernel> (NVIDIA/gpu-driver-container, the precompiled and the packaged
paths). Those exist only for Ubuntu's own kernels, so on a node of another OS (Debian, Talos, a custom or FIPS
kernel) or an Ubuntu kernel newer than the published packages, apt answers "Unable to locate package" and the driver
pod restarts forever. The fix is the operator's for unsupported platforms: the host's own driver with the operator's
driver container off (driver.enabled=false; Talos: its NVIDIA system extensions), or a supported OS and kernel.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OPERATOR_PLATFORMS = ("https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/platform-support.html"
                      "#supported-operating-systems-and-kubernetes-platforms")
PRECOMPILED = "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/precompiled-drivers.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.operator-driver-no-kernel-packages",
        cause_id="operator-driver-image-missing",
        kinds=("any",),
        # apt's words inside the driver pod ("E: Unable to locate package ...", "E: Couldn't find any package by glob
        # '...'"); linux-objects-nvidia and linux-signatures-nvidia are what the operator's script installs (a person
        # installing Ubuntu's prebuilt modules by hand asks for linux-modules-nvidia-<branch>-<kernel> alone).
        patterns=(
            r"Unable to locate package linux-objects-nvidia-(?P<branch>\d{3})(?:-server)?(?:-open)?-(?P<kernel>[\w.+~-]{3,80})",
            r"Unable to locate package linux-signatures-nvidia-(?P<kernel>[\w.+~-]{3,80})",
            r"Couldn't find any package by (?:glob|regex) 'linux-objects-nvidia-(?P<branch>\d{3})(?:-server)?(?:-open)?-"
            r"(?P<kernel>[\w.+~-]{3,80})'",
        ),
        severity="fail",
        cause=("The GPU operator's driver container found no Ubuntu NVIDIA kernel-module packages for the node's kernel "
               "({kernel}): they exist only for the Ubuntu kernels the operator supports, so on this node's OS or "
               "kernel the driver pod cannot install a driver."),
        advice=("On an OS the operator's driver containers do not support (Debian, Talos, Flatcar, a custom kernel), "
                "install the NVIDIA driver and container toolkit on the host (Talos: the nvidia-open-gpu-kernel-modules "
                "and nvidia-container-toolkit system extensions) and deploy the operator with its driver container off "
                "(`helm upgrade --install gpu-operator nvidia/gpu-operator -n gpu-operator --set driver.enabled=false`), "
                "so it uses the pre-installed host driver. On Ubuntu with a kernel newer than the published packages, "
                "turn precompiled drivers off (driver.usePrecompiled=false) or boot a kernel NVIDIA publishes them for."),
        action="configure",
        rules_out=("the GPU", "the container toolkit"),
        never_suggest=("reboot",),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/557", "https://github.com/NVIDIA/gpu-operator/issues/193",
                 "https://github.com/NVIDIA/gpu-operator/issues/1251", OPERATOR_PLATFORMS, PRECOMPILED),
        checked="2026-11-27",
        examples=("containers/gpuoperator-557-precompiled-driver-debian-kernel-no-packages.txt",),
    ),
)
