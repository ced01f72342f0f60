"""CUDA area, the driver's video encode and decode libraries as media programs reach them (issue #25, w18n): FFmpeg's
NVENC line that names the minimum driver when it appears without the API-version line, and the decode library
(libnvcuvid) or encode library (libnvidia-encode) that a program other than FFmpeg cannot open."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VIDEO_CODEC_SDK = "https://docs.nvidia.com/video-technologies/video-codec-sdk/"
TOOLKIT_CAPABILITIES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.nvenc-minimum-driver",
        cause_id="nvenc-driver-too-old",
        kinds=("any",),
        # FFmpeg's nvenc.c (nvenc_print_driver_requirement), printed after the API-version check fails
        # (cuda.nvenc-api-newer-than-driver, which refines this line) and after the driver's encode library could not be
        # loaded at all (nvEncodeAPI64.dll on Windows, libnvidia-encode.so.1 on Linux, where
        # containers.nvenc-library-not-mounted refines it). OBS 28 and later log it on its own as "error: The minimum
        # required ...". Alone it says only that this driver cannot serve this FFmpeg's NVENC: a warn.
        patterns=(r"The minimum required Nvidia driver for nvenc is (?P<minimum>\d{3}\.\d{1,3}(?:\.\d{1,3})?|\(unknown\)) "
                  r"or newer",),
        severity="warn",
        cause="The program's FFmpeg could not use the NVIDIA hardware encoder (NVENC) with the installed driver and names "
              "driver {minimum} or newer as its minimum: the driver is older than the NVENC API the program was built "
              "with, or its encode library could not be loaded.",
        advice=("Install or update the NVIDIA driver to at least the version named (nvidia-smi shows the installed one; "
                "on Windows nvEncodeAPI64.dll comes with the driver). Where the GPU's last driver is older (Kepler GTX "
                "600/700 stop at the 470 branch), keep the program's previous release, an FFmpeg built with older NVENC "
                "headers, or its CPU encoder; in a container, NVIDIA_DRIVER_CAPABILITIES must include video."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit"),
        sources=("https://github.com/carykh/jumpcutter/issues/188", "https://github.com/HandBrake/HandBrake/issues/6506",
                 VIDEO_CODEC_SDK),
        checked="2026-11-27",
        examples=("cuda/jumpcutter-188-nvencodeapi64-minimum-driver-436.txt",),
    ),
    Signature(
        code="cuda.video-codec-library-not-loaded",
        cause_id="nvenc-library-missing",
        kinds=("any",),
        # The driver's NVDEC/NVENC libraries as programs other than FFmpeg dlopen them: NVIDIA DALI's VideoReader
        # ("Failed to load libnvcuvid.so, needed by the VideoReader operator"; older releases 'dlopen "libnvcuvid.so"
        # failed!'), and any loader's "cannot open shared object file". FFmpeg's own "Cannot load libnvcuvid.so.1" is
        # containers.nvenc-library-not-mounted's.
        patterns=(r"Failed to load (?P<library>libnvcuvid\.so(?:\.1)?|libnvidia-encode\.so(?:\.1)?)",
                  r"dlopen \"(?P<library>libnvcuvid\.so(?:\.1)?|libnvidia-encode\.so(?:\.1)?)\" failed",
                  r"(?P<library>libnvcuvid\.so(?:\.1)?|libnvidia-encode\.so(?:\.1)?): cannot open shared object file"),
        severity="fail",
        cause="The program could not load the NVIDIA driver's video library {library}: in a container the NVIDIA "
              "Container Toolkit mounts it only when NVIDIA_DRIVER_CAPABILITIES includes video; on a host the driver's "
              "encode or decode package is not installed.",
        advice=("In a container set `NVIDIA_DRIVER_CAPABILITIES=compute,video,utility` (or `all`) with "
                "NVIDIA_VISIBLE_DEVICES=all in the image or on `docker run` (or `--gpus 'all,\"capabilities=compute,"
                "utility,video\"'`) and recreate the container; do not copy the host's library into the image. On the "
                "host install the driver's decode and encode libraries for the installed driver version (Ubuntu "
                "`libnvidia-decode-XXX libnvidia-encode-XXX`); `ldconfig -p | grep libnvcuvid` shows them."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA kernel driver"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/DALI/issues/2362", "https://github.com/NVIDIA/DALI/issues/2229",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1001", TOOLKIT_CAPABILITIES),
        checked="2026-11-27",
        examples=("cuda/dali-2362-videoreader-libnvcuvid-docker-capabilities.txt",),
    ),
)
