"""Failures of a container's image, runtime or node around the host's driver: an image's CUDA newer than the host
driver, the NVIDIA runtime on a node without a GPU or on a system without the low-level runtime it wraps, a GPU-sharing
layer's memory share (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.driver_support import PTX_DRIVERS

_COMPATIBILITY = "https://docs.nvidia.com/deploy/cuda-compatibility/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.image-ptx-newer-than-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cuda.ptx-toolchain-too-new's messages (cudaErrorUnsupportedPtxVersion, 222) in a text that shows a container
        # (docker run, a compose service's log prefix "app-triton-1  | ", contexts.py): the PTX came
        # with the image (its CUDA, or kernels JIT-compiled by the image's nvcc/NVRTC), the driver is the host's, so
        # the fix is an image tag for the host's CUDA or a newer host driver, never a driver inside the container.
        patterns=(r"the provided PTX was compiled with an unsupported too", r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
                  r"cudaErrorUnsupportedPtxVersion"),
        contexts=("container",),
        refines=("cuda.ptx-toolchain-too-new",),
        severity="fail",
        cause="The container's image carries GPU code (PTX) from a newer CUDA than the host's NVIDIA driver "
              "supports: the driver in a container is always the host's, so it cannot load the image's PTX.",
        advice=("Compare the image's CUDA (its tag, or `nvcc --version` inside it) with the CUDA Version `nvidia-smi` "
                "prints on the host. Either use an image tag built for the host driver's CUDA version (or rebuild the "
                "image from a `nvidia/cuda` base of that version), or update the host's NVIDIA driver to one that "
                "supports the image's CUDA (" + PTX_DRIVERS + "), then recreate the container (`docker compose up -d --force-recreate` for a "
                "compose service). Do not install a driver inside the image."),
        action="configure",
        rules_out=("the GPU hardware", "the container runtime"),
        never_suggest=("install the driver inside the container", "set CUDA_VISIBLE_DEVICES", "reinstall PyTorch"),
        sources=("https://github.com/fauxpilot/fauxpilot/issues/19", "https://github.com/EricLBuehler/mistral.rs/issues/1571",
                 _COMPATIBILITY),
        checked="2026-11-26",
        examples=("containers/fauxpilot-19-compose-ptx-unsupported-toolchain-470.txt",),
    ),
    Signature(
        code="containers.nvidia-runtime-on-cpu-node",
        cause_id="nvidia-runtime-on-cpu-node",
        kinds=("any",),
        # The NVIDIA runtime's hook (nvidia-container-cli) fails before any container starts where there is no
        # NVIDIA driver: "nvml error: driver not loaded", libnvidia-container before 1.1 "cuda error: unknown error",
        # "load library failed: libnvidia-ml.so.1". On a CPU node of a mixed cluster that is no broken driver: nvidia
        # is the node's default runtime (or an image's NVIDIA_VISIBLE_DEVICES=all makes the hook act), so the fix is
        # keeping the runtime and the device plugin off that node. Read where the paste's own line names such a node;
        # it then takes the place of the CLI rows' readings anywhere in the paste.
        patterns=(r"\b(?:CPU|CPU-only|cpu-only|[Nn]on-GPU|non-gpu|GPU-less) nodes?\b[^\n]{0,200}?(?:nvidia|NVIDIA)",
                  # From the line's start, so that the line is scanned once, not from every "nvidia" in it (the
                  # linearity test had timed the "nvidia ... on a CPU node" form at 110 ms of its 150 ms budget).
                  r"^(?=[^\n]{0,2000}?(?:nvidia|NVIDIA))[^\n]{0,2000}?\b(?:on|to) (?:a |the |k8s |our )?"
                  r"(?:CPU|CPU-only|cpu-only|[Nn]on-GPU|non-gpu|GPU-less) nodes?\b"),
        refines=("containers.cli-driver-not-loaded", "containers.cli-cuda-init-failed", "containers.cli-load-library-failed",
                 "containers.device-plugin-no-nvml", "containers.device-plugin-no-devices"),
        refines_within=None,
        severity="fail",
        cause="The NVIDIA container runtime runs on a node that has no NVIDIA GPU or driver (nvidia is its default "
              "runtime, or the image sets NVIDIA_VISIBLE_DEVICES=all so the runtime's hook acts), so containers there, "
              "the device plugin's included, fail in the hook before they start: nothing is wrong with a driver.",
        advice=("Keep the NVIDIA runtime and the device plugin on GPU nodes only: on the CPU node leave runc the default "
                "runtime (remove \"default-runtime\": \"nvidia\" from /etc/docker/daemon.json, or "
                "default_runtime_name = \"nvidia\" from containerd's config, and restart it; better, do not install the "
                "NVIDIA Container Toolkit there), and schedule the device plugin DaemonSet only on GPU nodes with a "
                "nodeSelector or affinity on a GPU label (the GPU Operator's nvidia.com/gpu.present=true). For CPU-only "
                "pods of a CUDA-based image that must run where the runtime is the default, set "
                "NVIDIA_VISIBLE_DEVICES=void in the pod so the hook injects nothing."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the driver", "modprobe nvidia"),
        sources=("https://github.com/ai-dynamo/dynamo/pull/6740",
                 "https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/402",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-26",
        examples=("containers/dynamo-6740-cpu-only-nodes-nvml-driver-not-loaded.txt",),
    ),
    Signature(
        code="containers.runtime-low-level-missing",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # nvidia-container-runtime is a shim around a low-level OCI runtime: it takes the first of its config's
        # `runtimes` list (default runc, crun; older releases docker-runc too) that is an executable on its PATH
        # (internal/oci/runtime_low_level.go). With none found it stops before any container starts; the runtime
        # before 1.4 (NVIDIA/nvidia-container-runtime) said "find runc path: exec: "runc": executable file not found".
        patterns=(r"no runtime binary found from candidate list",
                  r"find runc path: exec: \\?\"runc\\?\": executable file not found"),
        severity="fail",
        cause="The NVIDIA Container Runtime found none of the low-level runtimes it wraps (runc or crun) on its PATH: "
              "no container engine that ships runc is installed where it runs (a WSL distribution whose docker CLI "
              "talks to Docker Desktop, a Podman system with crun only), or the runtime's configured list or PATH "
              "misses it.",
        advice=("Check `which runc crun` where the runtime runs. In a WSL distribution, use Docker Desktop's engine "
                "(Settings > Resources > WSL integration for the distribution, GPU support is built in) or install "
                "Docker Engine in the distribution, which brings runc; elsewhere install runc (`sudo apt install runc`, "
                "or the containerd.io package), or list the runtime that exists with its full path in "
                "/etc/nvidia-container-runtime/config.toml (`runtimes = [\"/usr/bin/crun\"]` under "
                "[nvidia-container-runtime]). With Podman, skip the NVIDIA runtime and use CDI: "
                "`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, then `--device nvidia.com/gpu=all`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/domesticatedviking/TextyMcSpeechy/issues/47",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/cmd/nvidia-container-runtime/README.md",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/internal/oci/runtime_low_level.go"),
        checked="2026-11-26",
        examples=("containers/textymcspeechy-47-low-level-runtime-missing.txt",),
    ),
    Signature(
        code="containers.hami-vgpu-memory-limit",
        cause_id="vgpu-memory-limit",
        kinds=("any",),
        # HAMi's in-container layer (HAMi-core, libvgpu.so, preloaded into pods that ask for nvidia.com/gpumem or
        # gpumem-percentage) checks each allocation against the pod's share (allocator.c): "Device N OOM USED / LIMIT"
        # when it would pass the share, "cuMemoryAllocate failed res=2" when the allocation itself fails with CUDA's
        # out-of-memory (2). A USED near 2^64 (18446744073...) is HAMi-core's own counter underflowing, not memory.
        patterns=(r"HAMI-core ERROR [^\n]{0,80}\]: Device (?P<device>\d{1,2}) OOM (?P<used>\d{1,20}) / (?P<limit>\d{1,20})",
                  r"HAMI-core ERROR [^\n]{0,80}\]: cuMemoryAllocate failed res=2\b"),
        refines=("cuda.out-of-memory",),
        refines_within=None,
        severity="fail",
        cause="HAMi's vGPU layer in the pod (HAMi-core) refused or failed a GPU allocation: the pod asked for more "
              "than its GPU memory share (nvidia.com/gpumem), other pods sharing the card left too little, or "
              "HAMi-core miscounted its usage (a used figure near 2^64 is its counter underflowing).",
        advice=("Compare the two numbers (bytes used / the pod's limit). If the workload really needs more, raise the "
                "pod's `nvidia.com/gpumem` (MiB) or `nvidia.com/gpumem-percentage` limit, or make it allocate less "
                "(smaller batch, context or model); check what else HAMi placed on that GPU. If the used figure is "
                "absurd (18446744073...) or the error goes away with the pod env `CUDA_DISABLE_CONTROL=true` (which "
                "turns HAMi's limit off, for a test only), it is HAMi-core's accounting: update HAMi (scheduler, "
                "device plugin and HAMi-core) to the latest release."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU hardware"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Project-HAMi/HAMi/issues/585", "https://github.com/Project-HAMi/HAMi-core/pull/100",
                 "https://github.com/Project-HAMi/HAMi"),
        checked="2026-11-26",
        examples=("containers/hami-585-hamicore-cumemoryallocate-res2.txt",
                  "containers/hamicore-100-gpuburn-device-oom-underflow.txt"),
    ),
)
