"""Failures of the GPU containers people with one or two consumer GPUs run (media servers' FFmpeg, GPU-sharing
schedulers), found by breadth sampling of their trackers (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.ffmpeg-cannot-load-libcuda",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # FFmpeg's dynamic loader (compat/cuda/dynlink_loader.h via nv-codec-headers) prints "Cannot load libcuda.so.1"
        # when dlopen finds no driver library, and hwcontext_cuda.c then "Could not dynamically load CUDA" for
        # -hwaccel cuda / -init_hw_device cuda. Jellyfin, Plex, Emby, Frigate, Tdarr and HandBrake containers print
        # them when the container got no GPU through the NVIDIA Container Toolkit (no --gpus, no --runtime=nvidia
        # in Unraid's or TrueNAS' extra parameters), so the host's libcuda was never mounted in.
        patterns=(r"Cannot load libcuda\.so(?:\.1)?(?![\w.])", r"Could not dynamically load CUDA"),
        severity="fail",
        cause="FFmpeg could not load libcuda.so.1, the NVIDIA driver's CUDA library: in a container it was started "
              "without the GPU through the NVIDIA Container Toolkit, so the host's driver libraries were never "
              "mounted in; on a host the driver's CUDA library is not installed or not on the loader's path.",
        advice=("Run `nvidia-smi` inside the container. If it is missing, recreate the container with the GPU: "
                "`docker run --gpus all` (or `--runtime=nvidia` in Unraid's or TrueNAS' extra parameters, or a compose "
                "`deploy.resources.reservations.devices` entry with `driver: nvidia` and `capabilities: [gpu]`) and "
                "`NVIDIA_VISIBLE_DEVICES=all` with `NVIDIA_DRIVER_CAPABILITIES=all` (or `compute,video,utility`). On a "
                "host without containers, install the driver's CUDA library for the installed driver (Ubuntu "
                "`sudo apt install libnvidia-compute-XXX`) and check `ldconfig -p | grep libcuda.so.1`."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver", "rebuild ffmpeg"),
        sources=("https://github.com/jellyfin/jellyfin/issues/7036", "https://github.com/HaveAGitGat/Tdarr/issues/679",
                 "https://github.com/blakeblackshear/frigate/issues/8603",
                 "https://jellyfin.org/docs/general/administration/hardware-acceleration/nvidia/"),
        checked="2026-11-26",
        examples=("containers/jellyfin-7036-ffmpeg-cannot-load-libcuda.txt",),
    ),
)
