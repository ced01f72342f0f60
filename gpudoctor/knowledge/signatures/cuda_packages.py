"""Getting the CUDA toolkit from NVIDIA's package repository: apt's words when that repository is not configured for
this system, or is configured twice (rows of the cuda area, added to cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CUDA_NETWORK_REPO = "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#network-repo-installation-for-ubuntu"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.repository-listed-twice",
        cause_id="nvidia-repo-not-configured",
        kinds=("any",),
        # apt refuses every update when two entries for NVIDIA's CUDA repository disagree on signed-by: the cuda-keyring
        # package's list (signed-by its keyring) beside an older add-apt-repository line or cuda*.list without it.
        # apt wraps the message at the source's address in some terminals, so the keyring's own line is read too.
        patterns=(r"Conflicting values set for option Signed-By regarding source\s{1,8}"
                  r"https?://developer\.download\.nvidia\.com/compute/[\w./-]{1,120}",
                  r"/usr/share/keyrings/cuda-archive-keyring\.gpg !="),
        severity="fail",
        cause="NVIDIA's CUDA repository is listed twice with different signing keys, so apt reads no "
              "sources at all.",
        advice=("Keep one entry for the CUDA repository, the one the cuda-keyring package wrote: find the others "
                "(`grep -rn developer.download.nvidia.com /etc/apt/sources.list /etc/apt/sources.list.d/`), remove the "
                "old line from /etc/apt/sources.list (`sudo sed -i '/developer\\.download\\.nvidia\\.com\\/compute\\/cuda"
                "\\/repos/d' /etc/apt/sources.list`) and delete the older cuda*.list files in /etc/apt/sources.list.d, "
                "then `sudo apt-get update`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/cuda-repo-management/issues/4",
                 "https://forums.developer.nvidia.com/t/notice-cuda-linux-repository-key-rotation/212771"),
        checked="2026-11-26",
        examples=("cuda/cudarepomgmt-4-signed-by-conflict.txt",),
    ),
    Signature(
        code="cuda.repository-not-configured",
        cause_id="nvidia-repo-not-configured",
        kinds=("any",),
        # The cuda, cuda-X-Y, cuda-toolkit-X-Y, cuda-drivers and cuDNN/NCCL packages of that name live only in NVIDIA's
        # CUDA repository (distributions ship nvidia-cuda-toolkit instead): apt's and dnf's words when it is not
        # configured, or has no such version for this release.
        patterns=(r"Unable to locate package (?P<package>(?:cuda(?:-(?:toolkit|drivers|runtime|libraries|compat|"
                  r"command-line-tools|nvcc|cudart|minimal-build)(?:-\d{1,2}-\d{1,2})?|-\d{1,2}-\d{1,2})?|"
                  r"libcudnn\d[\w.-]{0,24}|cudnn\d?(?:-cuda-\d{1,2})?|libnccl\d?[\w.-]{0,12}))(?:\s|$)",
                  r"Package '?(?P<package>cuda(?:-toolkit)?(?:-\d{1,2}-\d{1,2})?)'? has no installation candidate",
                  r"No match for argument: (?P<package>cuda(?:-toolkit)?(?:-\d{1,2}-\d{1,2})?)(?:\s|$)"),
        severity="fail",
        cause="The package manager has no source that offers {package}: it exists only in NVIDIA's CUDA repository, "
              "which is not configured on this system (or offers no such version for this distribution release).",
        advice=("Add NVIDIA's CUDA repository for this distribution with the cuda-keyring package: `wget "
                "https://developer.download.nvidia.com/compute/cuda/repos/<distro>/x86_64/cuda-keyring_1.1-1_all.deb "
                "&& sudo dpkg -i cuda-keyring_1.1-1_all.deb && sudo apt-get update` (distro as ubuntu2204, debian12), "
                "then install a version it lists (`apt-cache search cuda-toolkit`); or install the distribution's own "
                "nvidia-cuda-toolkit package instead."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/dennishilk/nvidia-driver/issues/1", "https://github.com/Jimver/cuda-toolkit/issues/183",
                 CUDA_NETWORK_REPO),
        checked="2026-11-26",
        examples=("cuda/dennishilk-1-debian12-unable-to-locate-cuda.txt",),
    ),
)
