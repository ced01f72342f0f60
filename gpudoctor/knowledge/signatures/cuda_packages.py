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
    Signature(
        code="cuda.repository-key-sha1-rejected",
        cause_id="nvidia-repo-key-sha1-rejected",
        kinds=("any",),
        # sqv's words for the CUDA repository key (3BF863CC, fingerprint ...A4B469963BF863CC) whose binding signature is
        # SHA-1, and apt's "is not signed" after them (containers.cuda-repository-key-rotated's line, read here in the
        # context of Debian's SHA-1 policy, where installing that same key cannot help).
        patterns=(r"Signing key on (?P<key>EB693B3035CD5710E231E123A4B469963BF863CC) is not bound",
                  r"developer\.download\.nvidia\.com/compute/cuda/repos/(?P<repo>[\w]{4,16})/\w{3,8}/InRelease: Policy "
                  r"will reject signature",
                  r"developer\.download\.nvidia\.com/compute/(?:cuda|machine-learning)/repos/\S{1,60}\s+InRelease' is "
                  r"not signed",
                  # apt's own line for the repository it refused (any apt 3.x output, the key's fingerprint shortened or
                  # not in the paste): "Err:5 https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64
                  # InRelease", "OpenPGP signature verification failed: https://developer.download.nvidia.com/...";
                  # read only where the text shows Debian's SHA-1 policy (the context), not for a network error
                  r"(?:^|\s)(?:Err:\d{0,4}|signature verification failed:)\s{1,4}https?://developer\.download\.nvidia\."
                  r"(?:com|cn)/compute/(?:cuda|machine-learning)/repos/\S{1,60}\s{1,4}InRelease\s{0,4}$"),
        contexts=("apt-sha1-policy",),
        refines=("containers.cuda-repository-key-rotated",),
        severity="fail",
        cause="apt (Sequoia's sqv, Debian 13 and later) rejects the key NVIDIA's older CUDA repositories are signed with "
              "(3BF863CC): its binding signature uses SHA-1, refused since 2026-02-01, so apt refuses the repository.",
        advice=("On Debian 13 switch to NVIDIA's debian13 CUDA repository, signed with a new key: install its "
                "cuda-keyring (`wget https://developer.download.nvidia.com/compute/cuda/repos/debian13/x86_64/"
                "cuda-keyring_1.1-1_all.deb && sudo dpkg -i cuda-keyring_1.1-1_all.deb`), remove the debian12 or "
                "ubuntu list from /etc/apt/sources.list.d and `sudo apt update`; where only an older repository fits "
                "(arm64), extend the SHA-1 date in apt's Sequoia policy "
                "(/etc/crypto-policies/back-ends/apt-sequoia.config) as a stopgap, knowing it weakens verification."),
        action="configure",
        rules_out=("the NVIDIA driver", "a missing repository key"),
        never_suggest=("apt-key del", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/cuda-repo-management/issues/30",
                 "https://github.com/NVIDIA/cuda-repo-management/issues/34",
                 "https://github.com/NVIDIA/cuda-repo-management/issues/39", "https://wiki.debian.org/Teams/Apt/Sha1Removal"),
        checked="2026-11-26",
        examples=("cuda/cudarepomgmt-39-ubuntu2404-repo-sha1-key-rejected.txt",
                  "cuda/cudarepomgmt-30-trixie-debian12-repo-sha1-warning.txt"),
    ),
)
