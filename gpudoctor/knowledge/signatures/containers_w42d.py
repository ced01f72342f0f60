"""Issue 25 (helper w42d): two failures of what the container stack injects into a GPU container.

- The NVIDIA Container Toolkit 1.20.0 added an `update-application-profile` CDI hook that writes the driver's application
  profile into the container (/etc/nvidia/nvidia-application-profiles-rc.d). Where /etc/nvidia is a read-only mount (the
  k8s device plugin mounts its ConfigMap there) or the root filesystem is read-only, the hook's mkdir or write fails and
  with it the creation of every GPU container on the node, the device plugin's own included, so the node stops
  advertising nvidia.com/gpu; the same manifests ran on 1.19.x (nvidia-container-toolkit#2026). The toolkit's version is
  the fix, not the driver or the pod.
- HAMi-core's libvgpu.so (injected by HAMi or volcano-vgpu-device-plugin to share a GPU) of a release older than the
  host's driver branch hangs while it initialises: nvidia-smi and every CUDA program in the pod stop at its
  "Initializing....." message (driver 570 with CUDA 12.8 in 2025, fixed by HAMi-core#53; volcano-vgpu-device-plugin#57,
  HAMi#913, HAMi#1010). The message is also printed by every healthy start, so the row only warns and says what to look
  for.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")
# A line that speaks of a CUDA or Triton kernel's on-chip shared memory (SMEM), not a container's /dev/shm (rev42b).
_NOT_ON_CHIP = (r"^(?![^\n]{0,400}?(?:[Kk]ernel|[Tt]riton|per[- ]block|[Bb]lock size|SMEM|smem|__shared__"
                r"|[Hh]ardware limit|out of resource|num_stages|[Ww]arp|[Tt]hread ?block|cudaFuncSetAttribute"
                r"|resources requested))[^\n]{0,400}?")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cdi-application-profile-hook-failed",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # nvidia-cdi-hook update-application-profile (internal/..., toolkit 1.20.0): "failed to create application
        # profiles directory: %w" around MkdirAll of etc/nvidia/nvidia-application-profiles-rc.d, "failed to write
        # application profile: %w" around the file it writes there.
        patterns=(r"failed to (?P<step>create application profiles directory|write application profile):",),
        severity="fail",
        cause=("The NVIDIA Container Toolkit's update-application-profile hook (new in toolkit 1.20.0) could not write "
               "the driver's application profile into the container ({step}), so the container was not "
               "created: /etc/nvidia is a read-only mount there (the device plugin's ConfigMap) or the root "
               "filesystem is read-only."),
        advice=("Put the NVIDIA Container Toolkit back on 1.19.x (`nvidia-container-toolkit`, "
                "`nvidia-container-toolkit-base`, `libnvidia-container1` and `libnvidia-container-tools` of the same "
                "version; the GPU operator's toolkit image likewise) or upgrade it to a release after 1.20.0 that carries "
                "the fix (nvidia-container-toolkit#2028: the hook ignores a read-only /etc/nvidia), "
                "restart containerd or Docker and recreate the pods; until then do not mount a read-only volume at "
                "/etc/nvidia in GPU containers. The driver and the GPUs are fine."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        versions=("nvidia-container-toolkit>=1.20.0",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/2026",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/2028",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/release-notes.html"),
        checked="2026-11-28",
        examples=("containers/nvct-2026-app-profile-hook-read-only-etc-nvidia.txt",),
    ),
    Signature(
        code="containers.hami-core-init-hang",
        cause_id="vgpu-layer-hangs-new-driver",
        kinds=_CONTAINER_TEXT,
        # HAMi-core's start-up message, "[HAMI-core Msg(PID:TID:libvgpu.c:LINE)]: Initializing.....", as the last line
        # nvidia-smi or the program prints. Printed by healthy starts too (a pattern reads one line, so it cannot see
        # whether nvidia-smi's table followed), so a warning that names what to check.
        patterns=(r"\[HAMI-core Msg\(\d{1,10}:\d{1,20}:libvgpu\.c:\d{1,5}\)\]: Initializing\.{2,10}\s{0,5}$",),
        severity="warn",
        cause=("A HAMi-core GPU-sharing layer (libvgpu.so, injected by HAMi or volcano-vgpu-device-plugin) is "
               "initialising in this container; if the program stops at this line (nvidia-smi never prints its table), "
               "the layer's release predates the host's driver branch and hangs in its start-up."),
        advice=("If nvidia-smi or the program hangs after \"Initializing.....\", compare the host driver "
                "(`nvidia-smi` on the node) with the HAMi or volcano-vgpu-device-plugin release: update the HAMi chart "
                "(projecthami/hami image) or the volcano-vgpu-device-plugin image to the latest release, whose "
                "libvgpu.so supports the driver, and recreate the pods; or stay on a driver the installed release "
                "supports. A pod that requests no shared GPU (no nvidia.com/gpumem, nvidia.com/gpucores or "
                "volcano.sh/vgpu-* limits) does not load the layer."),
        action="configure",
        never_suggest=("reinstall the driver", "reinstall the nvidia container toolkit"),
        sources=("https://github.com/Project-HAMi/volcano-vgpu-device-plugin/issues/57",
                 "https://github.com/Project-HAMi/HAMi/issues/913", "https://github.com/Project-HAMi/HAMi/issues/1010",
                 "https://github.com/Project-HAMi/HAMi-core/issues/59"),
        checked="2026-11-28",
        examples=("containers/volcanovgpu-57-hamicore-initializing-hang-driver-570.txt",),
    ),
    Signature(
        code="containers.shm-too-small-described",
        described=True,
        cause_id="container-shm-too-small",
        kinds=("any",),
        # No context: the words themselves name the cause, and people write "docker starts the container" or "in my
        # compose file", which mark no container context.
        patterns=(
            # "caused by default small shared memory (64M) when docker starts container", "there is not enough shared
            # memory", "the container runs out of shared memory"
            # Not a line about a GPU kernel's on-chip shared memory (Triton's "out of resource: shared memory", a
            # kernel launch's resources, per-block limits), which these words describe just as often.
            _NOT_ON_CHIP +
            r"\b(?:not enough|insufficient|too little|too small|ran out of|runs? out of|running out of|lack of|low|small"
            r"|limited)\s(?:the\s|of\s)?(?:default\s)?(?:small\s)?(?:amount of\s)?(?:available\s)?shared[- ]memory\b",
            # "I need to increase the amount of available shared memory", "raise the shm size", "bump /dev/shm"
            _NOT_ON_CHIP + r"\b(?:[Ii]ncreas|[Rr]ais|[Bb]ump|[Ee]nlarg|[Ee]xpand)(?:e|es|ed|ing)?\s(?:the\s)?(?:amount of\s)?"
            r"(?:available\s)?(?:shared[- ]memory|/dev/shm|shm[_ -]size|shm)\b",
        ),
        severity="warn",
        cause=("The description suggests the container ran out of shared memory: Docker gives a container a 64 MB "
               "/dev/shm (a Kubernetes pod the same) unless told otherwise, too small for programs that pass data "
               "through it (PyTorch DataLoader workers, NCCL, vLLM and Ray workers)."),
        advice=("Give the container more shared memory: `shm_size: 16gb` under the service in docker-compose.yml, "
                "`docker run --shm-size=16g ...` or `--ipc=host`; in Kubernetes mount an emptyDir with `medium: Memory` "
                "(and a sizeLimit) at /dev/shm. `df -h /dev/shm` inside the container shows the size it got."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower the batch size"),
        sources=("https://github.com/logicalclocks/hopsworks/issues/1557",
                 "https://docs.docker.com/reference/cli/docker/container/run/#shm-size",
                 "https://docs.docker.com/reference/compose-file/services/#shm_size"),
        checked="2026-11-28",
        examples=("containers/hopsworks-1557-k8s-dataloader-shm-bus-error.txt",),
    ),
)
