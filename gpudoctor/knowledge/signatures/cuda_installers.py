"""NVML and the CUDA runtime, installing the toolkit: what the CUDA runfile (cuda_<version>_linux.run) says when it cannot
install (rows of the cuda area, added to cuda.py's tuple). Its own messages end in "See log at /var/log/cuda-installer.log";
the log's [ERROR] lines name the reason."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_RUNFILE_GUIDE = "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#runfile-installation"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.runfile-no-space",
        cause_id="cuda-installer-disk-full",
        kinds=("any",),
        # The runfile unpacks the whole toolkit (several GB; Nsight tools included) into /tmp unless --tmpdir says
        # otherwise, then copies it to the install prefix. A small tmpfs /tmp, a container layer or a full disk stops it:
        # the screen says "An error occurred during extraction", the log the boost::filesystem call that failed.
        patterns=(r"boost::filesystem::\w{1,20}: No space left on device",
                  r"An error occurred during extraction\. See log at /var/log/cuda-installer\.log"),
        severity="fail",
        cause="The CUDA runfile ran out of disk space while unpacking or installing the toolkit (it needs several GB in "
              "its temporary directory, /tmp by default, and at the install prefix).",
        advice=("Give the installer room: check `df -h /tmp /usr/local`, then run it with a temporary directory on a "
                "filesystem with several GB free (`sudo sh cuda_<version>_linux.run --tmpdir=/var/tmp`), or install only "
                "what you need (`--silent --toolkit`, without the driver and Nsight tools), or free space on the install "
                "prefix."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/compiler-explorer/infra/pull/286", "https://github.com/Jimver/cuda-toolkit/issues/207",
                 _RUNFILE_GUIDE),
        checked="2026-11-26",
        examples=("cuda/compilerexplorer-286-cuda-installer-extraction-no-space.txt",),
    ),
)
