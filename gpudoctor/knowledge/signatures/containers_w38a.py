"""Issue 25 (helper w38a): the GPU operator's driver container on a node whose kernel has no NVIDIA packages.

Besides the image for the node's OS (containers.operator-driver-image-missing), the operator's Ubuntu driver
container installs, for the node's running kernel, Ubuntu's prebuilt NVIDIA module packages: its script asks apt
for linux-objects-nvidia-<branch>-server-<kernel>, linux-signatures-nvidia-<kernel> and
linux-modules-nvidia-<branch>-server-<kernel> (NVIDIA/gpu-driver-container, the precompiled and the packaged
paths). Those exist only for Ubuntu's own kernels, so on a node of another OS (Debian, Talos, a custom or FIPS
kernel) or an Ubuntu kernel newer than the published packages, apt answers "Unable to locate package" and the driver
pod restarts forever. The fix is the operator's for unsupported platforms: the host's own driver with the operator's
driver container off (driver.enabled=false; Talos: its NVIDIA system extensions), or a supported OS and kernel.

Also here: a person who set NVIDIA_VISIBLE_DEVICES for a container and finds it ignored. The variable picks the GPUs
only where nothing else grants them: Docker turns a device request (`--gpus`, a compose service's
deploy.resources.reservations.devices with its `count` or `device_ids`) into its own NVIDIA_VISIBLE_DEVICES after the
user's, and `privileged: true` hands the container every /dev/nvidia* (nvidia-docker#1083). The GPU is chosen where
it is requested, and the container recreated.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OPERATOR_PLATFORMS = ("https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/platform-support.html"
                      "#supported-operating-systems-and-kubernetes-platforms")
PRECOMPILED = "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/precompiled-drivers.html"

# What a person says of a setting that did not take: "doesn't work", "has no effect", "is ignored", "不行", "无效".
_NO_EFFECT = (r"(?:doesn'?t (?:seem to )?work|does not (?:seem to )?work|didn'?t work|did not work|has no effect|had no "
              r"effect|is ignored|was ignored|not working|不行|无效|没用|不起作用|没有效果|不生效|没有生效)")

# The variable set to choose GPUs: never "=all", "void" or "none", where "it doesn't work" means no GPU at all (a
# container started without the NVIDIA runtime), not one GPU too many.
_CHOSEN = r"NVIDIA_VISIBLE_DEVICES(?![=: \"']{1,3}(?:all|void|none)\b)"

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
    Signature(
        code="containers.visible-devices-setting-ignored-described",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        described=True,
        patterns=(
            # "I changed NVIDIA_VISIBLE_DEVICES=0 to 3 but it doesn't work", "NVIDIA_VISIBLE_DEVICES=1 is ignored"
            _CHOSEN + r"[^\n]{0,80}?" + _NO_EFFECT,
            # "set NVIDIA_VISIBLE_DEVICES ... nvidia-smi still shows both GPUs", "always get all graphic card information"
            # (the last pattern takes the word's common misspellings, as people type it)
            _CHOSEN + r"[^\n]{0,160}?\b(?:still|always) (?:shows?|sees?|lists?|gets?|get|uses?|using) (?:all|both|"
            r"every)\b",
            r"\b(?:nvidia-smi|NVIDIA-SMI)`?\s(?:in|inside) (?:the |a |my )?(?:container|conatiner|contianer|docker|pod)\b[^\n]{0,20}?\b(?:always|still) "
            r"(?:gets?|get|shows?|lists?) (?:all|both|every) (?:the )?(?:graphic ?cards?|GPUs?|gpus?|cards?)\b",
        ),
        severity="warn",
        cause=("The description says the container still gets every GPU although one was chosen (NVIDIA_VISIBLE_DEVICES "
               "did not limit it): a GPU "
               "request (docker run --gpus, a compose deploy.resources.reservations.devices entry) or privileged mode "
               "decides which GPUs the container gets, whatever the variable says."),
        advice=("Choose the GPU where the container requests it: in compose, the deploy section's "
                "`deploy.resources.reservations.devices` entry with `device_ids: ['3']` (instead of `count: all`, and "
                "beside capabilities: [gpu]); with docker run, `--gpus '\"device=3\"'`; remove `privileged: true`, which "
                "exposes every GPU; then recreate the container (`docker compose up -d --force-recreate`). Inside it the "
                "chosen GPU is numbered 0, so CUDA_VISIBLE_DEVICES in the container counts from 0."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1083", "https://docs.docker.com/compose/how-tos/gpu-support/",
                 "https://github.com/NVIDIA/nvidia-docker/issues/907"),
        checked="2026-11-27",
        examples=("containers/nvidiadocker-1083-compose-visible-devices-privileged-all-gpus.txt",),
    ),
)
