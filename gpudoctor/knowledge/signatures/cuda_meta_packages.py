"""CUDA, NVIDIA's package repositories: the cuda and cuda-X-Y meta-packages (and cuda-drivers) that apt or dnf cannot
install because the driver they pull in clashes with the driver installed or pinned (rows of the cuda area, added to
cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.meta-package-driver-conflict",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # In NVIDIA's repositories cuda and cuda-X-Y depend on cuda-runtime-X-Y, which depends on cuda-drivers, the
        # newest driver branch; apt and dnf say so when another driver branch or source holds the place.
        patterns=(
            r"(?P<package>cuda(?:-\d{1,2}-\d{1,2})?) : Depends: (?P<dependency>cuda-(?:runtime-|demo-suite-)?\d{1,2}-\d{1,2}) "
            r"\([<>=]{1,2} [\w.~+:-]{1,40}\) but it is not (?:going to be installed|installable)",
            r"(?P<package>cuda-drivers(?:-\d{3})?) : Depends: (?P<dependency>nvidia-driver-\d{3}[\w-]{0,10}) \([<>=]{1,2} ",
            r"package (?P<package>cuda-\d{1,2}-\d{1,2})-[\w.-]{1,40} from [\w.-]{1,60} requires "
            r"(?P<dependency>cuda-runtime-\d{1,2}-\d{1,2})[^,\n]{0,40}, but none of the providers can be installed",
        ),
        severity="fail",
        cause="The package manager cannot install {package}: it needs {dependency}, which brings the driver branch "
              "NVIDIA's CUDA repository pairs with it, and the driver installed or pinned (another branch, or the "
              "same branch from another source) stands in its way.",
        advice=("Keep the installed driver and install only the toolkit, which pulls no driver: `sudo apt install "
                "cuda-toolkit-X-Y` (`sudo dnf install cuda-toolkit-X-Y`), X-Y the CUDA release; or, to take NVIDIA's "
                "driver, remove the other driver packages (or pin NVIDIA's repository above the distribution's) and "
                "install the driver branch the CUDA repository pairs with it (cuda-drivers-NNN, or the dnf "
                "nvidia-driver module stream)."),
        action="configure",
        rules_out=("the GPU", "the kernel module build"),
        never_suggest=("disable Secure Boot", "blacklist nouveau", "dpkg --force-depends"),
        sources=("https://forums.developer.nvidia.com/t/ubuntu-cuda-11-8-package-wrong-dependency-on-cuda-drivers/238891",
                 "https://github.com/tensorflow/docs/pull/1462",
                 "https://github.com/NVIDIA/ansible-role-nvidia-driver/pull/11",
                 "https://github.com/stackhpc/ansible-slurm-appliance/pull/496",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/#meta-packages"),
        checked="2026-11-26",
        examples=("cuda/nvforum-238891-cuda-11-8-wants-newer-driver.txt", "cuda/tfdocs-1462-cuda-10-1-depends-runtime.txt",
                  "cuda/ansiblenvdrv-11-cuda-drivers-depends-nvidia-driver-440.txt",
                  "cuda/slurmappl-496-cuda-12-6-requires-runtime.txt"),
    ),
)
