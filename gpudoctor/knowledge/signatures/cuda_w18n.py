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
    Signature(
        code="cuda.nvenc-setting-unsupported-by-gpu",
        cause_id="nvenc-encoder-unavailable",
        kinds=("any",),
        # FFmpeg's nvenc.c (nvenc_check_capabilities) names the first feature the GPU's NVENC lacks for the settings
        # asked ("Multiple reference frames are not supported by the device", "B frames as references are not
        # supported", "Temporal AQ not supported", "10 bit encode not supported", "Codec not supported"), then "Provided
        # device doesn't support required NVENC features" (or "No capable devices found", frameworks.ffmpeg-nvenc-no-
        # capable-device). Streaming servers probing encoders at start-up (Sunshine) log the same lines for an encoder
        # they then skip: a warn.
        patterns=(r"\[(?P<encoder>h264_nvenc|hevc_nvenc|av1_nvenc) @ [^\]\n]{1,40}\] (?P<feature>[A-Za-z0-9 -]{2,40}?) "
                  r"(?:is |are )?not supported(?: by the device)?\s*$",
                  r"\[(?P<encoder>h264_nvenc|hevc_nvenc|av1_nvenc) @ [^\]\n]{1,40}\] Provided device doesn't support "
                  r"required NVENC features"),
        severity="warn",
        cause="The GPU's hardware encoder cannot encode with the settings asked of {encoder}: it lacks a feature they "
              "need (the line names it), so FFmpeg finds no device able to open this encoder.",
        advice=("Turn off or lower the option FFmpeg names as not supported (reference frames `-refs 0` or 1, "
                "`-b_ref_mode disabled`, temporal AQ, 10-bit or 4:4:4 output, lossless; in OBS multipass on Kepler), or "
                "pick a codec the GPU encodes (AV1 needs an RTX 40-series, HEVC a GTX 950/960 or newer) per NVIDIA's "
                "Video Encode and Decode support matrix; a program probing encoders at start-up logs these lines for "
                "an encoder it then skips, harmless when another one opens."),
        action="configure",
        rules_out=("the driver installation", "a CUDA or PyTorch fault"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/hgaiser/moonshine/issues/10", "https://github.com/LizardByte/Sunshine/issues/1688",
                 "https://github.com/loki-47-6F-64/sunshine/issues/341", "https://github.com/NixOS/nixpkgs/issues/265075",
                 "https://developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new"),
        checked="2026-11-27",
        examples=("cuda/moonshine-10-hevc-nvenc-multiple-refs-unsupported.txt",),
    ),
    Signature(
        code="cuda.described-av1-nvenc-before-rtx-40",
        described=True,
        cause_id="nvenc-encoder-unavailable",
        kinds=("any",),
        # "the new Nvidia AV1 NVEnc ... I don't have the option using my RTX 3060", "the RTX 3080 doesn't support
        # av1_nvenc encoding": AV1 hardware encoding arrived with the RTX 40 series (Ada); earlier GeForce, Quadro and
        # data-center GPUs decode AV1 at most (RTX 30, A-series) and have no AV1 encoder.
        patterns=(r"(?:AV1 (?:NVEnc|NVENC|nvenc|[Ee]ncod)|av1_nvenc)[^\n]{0,120}?(?:RTX ?(?:20|30)[5-9]0|GTX ?1[0-6][5-8]0)",
                  r"(?:RTX ?(?:20|30)[5-9]0|GTX ?1[0-6][5-8]0)[^\n]{0,120}?(?:AV1 (?:NVEnc|NVENC|nvenc|[Ee]ncod)|av1_nvenc)"),
        severity="warn",
        cause="The description suggests AV1 hardware encoding on a GPU older than the RTX 40 series, whose NVENC has no "
              "AV1 encoder (the RTX 30 series only decodes AV1), so no AV1 NVENC encoder is offered or opens.",
        advice=("Use H.264 or HEVC NVENC on this GPU, or encode AV1 on the CPU (SVT-AV1, libaom); AV1 hardware encoding "
                "needs an RTX 40-series (or newer) GPU, per NVIDIA's Video Encode and Decode support matrix."),
        action="configure",
        rules_out=("the driver installation",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/HandBrake/HandBrake/issues/5824", "https://github.com/alvr-org/ALVR/issues/3183",
                 "https://github.com/LizardByte/Sunshine/issues/1849",
                 "https://developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new"),
        checked="2026-11-27",
        examples=("cuda/handbrake-5824-av1-nvenc-missing-rtx-3060.txt",),
    ),
)
