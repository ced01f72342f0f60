"""CUDA area, a build that links the driver's video codec libraries by their unversioned names (issue #25, w30a).

Programs built on the Video Codec SDK (NVVL, decord, VideoProcessingFramework / PyNvVideoCodec, OpenCV's cudacodec,
custom transcoders) link -lnvcuvid and -lnvidia-encode. The driver installs only the versioned libraries
(libnvcuvid.so.1, libnvidia-encode.so.1; the unversioned names come with the distribution's driver development package
or not at all), and the NVIDIA Container Toolkit mounts only the .so.1 files into a container. The link step then finds
nothing: ld's "cannot find -lnvcuvid", decord's CMake "Cannot find libnvcuvid", MSVC's LNK1181 on nvcuvid.lib. The
link name is a symlink to the .so.1 or the SDK's stub library (never shipped into the image to run with: a stub loaded
at run time fails with CUDA error 302, "shared object symbol not found")."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VIDEO_CODEC_SDK = "https://docs.nvidia.com/video-technologies/video-codec-sdk/"
TOOLKIT_CAPABILITIES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.video-codec-link-library-missing",
        cause_id="build-library-headers-missing",
        kinds=("any",),
        patterns=(r"\bld(?:\.exe|\.gold|\.lld)?: (?:error: )?cannot find -l(?P<library>nvcuvid|nvidia-encode|nvcuvenc)\b",
                  r"unable to find library -l(?P<library>nvcuvid|nvidia-encode)\b",
                  r"Cannot find (?P<library>libnvcuvid|libnvidia-encode)\b(?!\.so\.1)",
                  r"cannot open input file '(?P<library>nvcuvid|nvencodeapi)\.lib'"),
        severity="fail",
        cause=("The build links the NVIDIA video codec library {library} by its unversioned name, and none is where the "
               "linker looks: the driver (and, in a container, the NVIDIA Container Toolkit) provides only the "
               "versioned .so.1 file, and the Video Codec SDK's stub is not on the link path."),
        advice=("Give the link step the unversioned name: `sudo ln -s libnvcuvid.so.1 libnvcuvid.so` (and "
                "`ln -s libnvidia-encode.so.1 libnvidia-encode.so`) in the driver's library directory "
                "(/usr/lib/x86_64-linux-gnu, /usr/lib/aarch64-linux-gnu on Jetson; `ldconfig -p | grep libnvcuvid` "
                "finds it), or point the build at the Video Codec SDK's Lib/linux/stubs/x86_64 (decord: copy it to "
                "the CUDA toolkit's lib64; Windows: the SDK's Lib/x64 nvcuvid.lib). In a container the .so.1 files "
                "appear only with NVIDIA_DRIVER_CAPABILITIES including video (or all); at run time the program must "
                "load the driver's library, not the stub."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA kernel driver", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1587", "https://github.com/NVIDIA/nvvl/issues/52",
                 "https://github.com/NVIDIA/nvvl/issues/13", "https://github.com/dmlc/decord/issues/179",
                 VIDEO_CODEC_SDK, TOOLKIT_CAPABILITIES),
        checked="2026-11-27",
        examples=("cuda/nvidiadocker-1587-ld-cannot-find-lnvcuvid-lnvidia-encode.txt",
                  "cuda/nvvl-52-ld-cannot-find-lnvcuvid.txt"),
    ),
)
