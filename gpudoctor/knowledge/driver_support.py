"""Which NVIDIA driver a GPU and a CUDA toolkit need: the tables, with their sources, in one place.

A driver version is "BRANCH.MINOR[.PATCH]" (580.159.04); NVIDIA names driver families by their
branch ("R580"). Pure data and lookups; no I/O.
"""

from __future__ import annotations

from packaging.version import InvalidVersion, Version

# NVIDIA "CUDA Toolkit Release Notes", Table 3 "CUDA Toolkit and Corresponding Driver Versions"
# (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id6), the GA release of each
# major.minor: (Linux x86_64, Windows x86_64). The CUDA 13 releases list no Windows version ("N/A"):
# since 13.x the Windows driver is no longer bundled with the toolkit.
TOOLKIT_DRIVER: dict[tuple[int, int], tuple[str, str | None]] = {
    (13, 2): ("595.45.04", None),
    (13, 1): ("590.44.01", None),
    (13, 0): ("580.65.06", None),
    (12, 9): ("575.51.03", "576.02"),
    (12, 8): ("570.26", "570.65"),
    (12, 6): ("560.28.03", "560.76"),
    (12, 5): ("555.42.02", "555.85"),
    (12, 4): ("550.54.14", "551.61"),
    (12, 3): ("545.23.06", "545.84"),
    (12, 2): ("535.54.03", "536.25"),
    (12, 1): ("530.30.02", "531.14"),
    (12, 0): ("525.60.13", "527.41"),
    (11, 8): ("520.61.05", "520.06"),
    (11, 7): ("515.43.04", "516.01"),
    (11, 6): ("510.39.01", "511.23"),
    (11, 5): ("495.29.05", "496.04"),
    (11, 4): ("470.42.01", "471.11"),
    (11, 3): ("465.19.01", "465.89"),
    (11, 2): ("460.27.03", "460.82"),
    (11, 1): ("455.23", "456.38"),
    (11, 0): ("450.51.05", "451.48"),
    (10, 2): ("440.33", "441.22"),
    (10, 1): ("418.39", "418.96"),
    (10, 0): ("410.48", "411.31"),
}

# Same release notes, Table 2 "CUDA Toolkit and Minimum Required Driver Version for CUDA Minor
# Version Compatibility", and https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html:
# since CUDA 11 a program built with any toolkit of a major family runs, with a limited feature
# set (no PTX JIT of newer PTX), on a driver of at least this branch.
MINOR_VERSION_COMPAT_BRANCH: dict[int, int] = {13: 580, 12: 525, 11: 450}

# NVIDIA's NGC container releases (nvcr.io/nvidia/<framework>:YY.MM-...): each release notes page's "Driver
# Requirements" names the CUDA it is built on and the driver release it requires (checked 2026-11-28, w40b, on the
# pages below; months between these ranges are left out, their requirement not read here):
# (first YY.MM, last YY.MM, CUDA, driver branch). Data-center GPUs may run a release on the older long-term branches
# of NGC_FORWARD_COMPAT_BRANCHES through the container's CUDA forward-compatibility package instead.
# https://docs.nvidia.com/deeplearning/frameworks/mxnet-release-notes/rel_17.10.html (CUDA 9, 384),
# .../pytorch-release-notes/rel_19-03.html and rel_19-05.html (10.1, 418), .../mxnet-release-notes/rel_20-10.html (11.1.0,
# 455), rel_21-04.html and rel_21-05.html (11.3.0, 465.19.01), rel_21-09.html (11.4.2, 470), rel_22-05.html (11.7, 515),
# rel-22-11.html (11.8.0, 520), https://docs.nvidia.com/deeplearning/sdk/inference-release-notes/rel-23-05.html (12.1.1,
# 530), .../mxnet-release-notes/rel-24-05.html and rel-24-06.html (12.4.1, 545),
# .../sglang-release-notes/rel-25-10.html and rel-26-05.html (570); the containers' own start-up banner ("This container
# was built for NVIDIA Driver Release 450.36 or later") quoted in https://github.com/triton-inference-server/server/issues/1838
# (20.06) and /issues/2225 (20.09, 450.51), https://github.com/omarabid59/yolov8-triton/issues/6 (23.02, 525.85),
# https://github.com/triton-inference-server/server/issues/8536 (24.08, 560.35). Forward compatibility serves data-center
# GPUs only, never a GeForce or TITAN.
NGC_RELEASE_DRIVER: tuple[tuple[tuple[int, int], tuple[int, int], str, int], ...] = (
    ((17, 10), (18, 8), "9.0", 384),
    ((19, 3), (19, 10), "10.1", 418),
    ((20, 6), (20, 9), "11.0", 450),
    ((20, 10), (20, 11), "11.1", 455),
    ((21, 4), (21, 6), "11.3", 465),
    ((21, 7), (21, 10), "11.4", 470),
    ((22, 5), (22, 8), "11.7", 515),
    ((22, 9), (22, 12), "11.8", 520),
    ((23, 1), (23, 2), "12.0", 525),
    ((23, 3), (23, 7), "12.1", 530),
    ((24, 4), (24, 6), "12.4", 545),
    ((24, 8), (24, 8), "12.6", 560),
    # (25.10 and 26.05 are built on CUDA 13.0/13.2, and their notes still say 570: the table holds what the notes
    # say, a floor; it ends at 26.05, the last release whose notes were read, never a month not yet published)
    ((25, 1), (26, 5), "12.8 or newer", 570),
)
NGC_FORWARD_COMPAT_BRANCHES = frozenset((384, 410, 418, 440, 450, 460, 470, 510, 515, 525, 535, 545, 550))


def ngc_release_driver(year: int, month: int) -> tuple[str, int] | None:
    """(CUDA, driver branch) an NGC container release YY.MM requires; None for a month the table leaves out."""
    for first, last, cuda, branch in NGC_RELEASE_DRIVER:
        if first <= (year, month) <= last:
            return cuda, branch
    return None


# The first driver branch that runs each GPU architecture (names as in gpudoctor.probes.gpus):
# the driver of the first CUDA toolkit that targets it (Table 3 above).
ARCHITECTURE_BRANCH: dict[str, int] = {
    # CUDA 12.8 added sm_100 (B200) and sm_120 (GeForce RTX 50); R570 is the first branch for both
    # (https://docs.nvidia.com/cuda/blackwell-compatibility-guide/).
    "Blackwell": 570,
    # CUDA 11.8 added sm_90 and sm_89; H100 came with driver 520.61.05
    # (https://docs.nvidia.com/ai-enterprise/2.3/release-notes/index.html), RTX 40 with 520.56.06.
    "Hopper": 520,
    "Ada Lovelace": 520,
    "Ampere": 450,  # CUDA 11.0 (sm_80, A100), driver 450.51.05
    "Turing": 410,  # CUDA 10.0 (sm_75)
    "Volta": 384,  # CUDA 9.0 (sm_70)
    "Pascal": 367,  # CUDA 8.0 (sm_60)
}

# Products that need a newer branch than their architecture's first one; matched in the NVML name.
PRODUCT_BRANCH: tuple[tuple[str, int], ...] = (
    # GA10x (sm_86) came with CUDA 11.1 and the R455 driver ("RTX 3080/3090 support").
    ("GeForce RTX 30", 455),
    # H200 (HBM3e Hopper, late 2023) shipped after the R520/R525 branches; R535 is the oldest LTS
    # branch released after it. NVIDIA's public notes do not name its first branch: a floor, not a citation.
    ("H200", 535),
)

# Where a driver comes from: the one table that both the checks' advice (driver_install_hint) and
# the fix planner's manual steps (gpudoctor/fixing/manual.py) read.
# NVIDIA's driver search; on Windows the NVIDIA App offers the same drivers as updates.
DRIVER_DOWNLOAD_URL = "https://www.nvidia.com/drivers"
# Data-center GPUs (A100, H100, H200, L40S ...) take the Data Center driver.
DATA_CENTER_DRIVER_URL = "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/"
# Inside WSL 2 the driver is the Windows one; a Linux driver installed inside WSL breaks CUDA.
CUDA_ON_WSL_GUIDE_URL = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
# Ubuntu's `ubuntu-drivers` tool and its -server (--gpgpu) branches.
UBUNTU_DRIVERS_URL = "https://ubuntu.com/server/docs/nvidia-drivers-installation"

WHERE_TO_GET_DRIVERS = {
    "linux": (
        "Drivers come from your distribution or from NVIDIA: on Ubuntu `sudo ubuntu-drivers list` shows the "
        "packaged branches and `sudo ubuntu-drivers install nvidia:{branch}` installs one (servers: "
        "`sudo ubuntu-drivers install --gpgpu nvidia:{branch}-server`); on other distributions use their "
        "nvidia-driver packages or NVIDIA's CUDA repository (`cuda-drivers`). Data-center GPUs: the "
        f"Data Center driver from {DATA_CENTER_DRIVER_URL}; otherwise {DRIVER_DOWNLOAD_URL}. "
        "Reboot afterwards."
    ),
    "wsl": (
        "Inside WSL 2 the driver is the Windows one: install R{branch} or newer on Windows from "
        f"{DRIVER_DOWNLOAD_URL} (or the NVIDIA App), never a Linux driver inside WSL; then run "
        "`wsl --shutdown` and reopen the distribution."
    ),
    "windows": (
        f"Install R{{branch}} or newer from {DRIVER_DOWNLOAD_URL} (or the NVIDIA App), then restart."
    ),
}


def _release(text: str | None) -> tuple[int, ...] | None:
    """The numbers of a version as `packaging` reads it: '580.159.04' -> (580, 159, 4); None when it is not one."""
    try:
        return Version(str(text).strip()).release if text else None
    except InvalidVersion:
        return None


def version_pair(text: str | None) -> tuple[int, int] | None:
    """A CUDA version's major and minor: '12.8' -> (12, 8), '13.0.88' -> (13, 0); anything else -> None."""
    release = _release(text)
    return (release[0], release[1]) if release and len(release) >= 2 else None


def parse_driver_version(text: str | None) -> tuple[int, ...] | None:
    """'580.159.04' -> (580, 159, 4); None when it is not a driver version."""
    return _release(text)


def required_branch(gpu_name: str, architecture: str | None) -> int | None:
    """The oldest driver branch that runs this GPU, or None when no table knows it."""
    needs = [branch for product, branch in PRODUCT_BRANCH if product in gpu_name]
    if architecture in ARCHITECTURE_BRANCH:
        needs.append(ARCHITECTURE_BRANCH[architecture])
    return max(needs, default=None)


def toolkit_driver(major: int, minor: int, *, windows: bool) -> str | None:
    """The driver the CUDA major.minor toolkit's release notes ask for (Table 3), or None when unknown."""
    row = TOOLKIT_DRIVER.get((major, minor))
    if row is None:
        return None
    return row[1] if windows else row[0]


def driver_install_hint(platform_kind: str, branch: int) -> str:
    """Where a person gets a driver of at least `branch` on this platform."""
    return WHERE_TO_GET_DRIVERS.get(platform_kind, WHERE_TO_GET_DRIVERS["linux"]).format(branch=branch)


def _cuda_family_floor(major: int) -> str:
    linux, windows = TOOLKIT_DRIVER[(major, 0)]
    return (f"CUDA {major}.x needs R{MINOR_VERSION_COMPAT_BRANCH[major]} or newer (Linux {linux}"
            + (f", Windows {windows}" if windows else "") + ")")


# The same tables as text for advice: the driver each CUDA family runs on (through minor-version compatibility), and
# the Linux driver the PTX of each CUDA 12 and 13 release needs (a PTX is JIT-compiled by the driver: no compatibility).
DRIVER_FLOORS = "; ".join(_cuda_family_floor(major) for major in sorted(MINOR_VERSION_COMPAT_BRANCH))
PTX_DRIVERS = ", ".join(f"CUDA {major}.{minor} {linux}+" for (major, minor), (linux, _) in TOOLKIT_DRIVER.items()
                        if (major, minor) >= (12, 0))
