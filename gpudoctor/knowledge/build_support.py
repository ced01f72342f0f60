"""Which GPUs a PyTorch build has kernels for, which Pythons a PyTorch release was built for, and the last driver
branch of each retired GPU architecture: the tables, with their sources. Pure data and lookups; no I/O.
"""

from __future__ import annotations

PYTORCH_RELEASE_MATRIX = "https://github.com/pytorch/pytorch/blob/main/RELEASE.md#release-compatibility-matrix"
PYTORCH_BUILD_SCRIPT = "https://github.com/pytorch/pytorch/blob/main/.ci/manywheel/build_cuda.sh"
PYTORCH_28_NOTES = "https://github.com/pytorch/pytorch/releases/tag/v2.8.0"
PYTORCH_ARCH_RFC = "https://github.com/pytorch/pytorch/issues/172352"
NVIDIA_LEGACY_GPUS = "https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/"
NVIDIA_R580_PASCAL_NOTICE = "https://forums.developer.nvidia.com/t/unix-graphics-feature-deprecation-schedule/60588"
OPEN_MODULES_README = "https://github.com/NVIDIA/open-gpu-kernel-modules#compatible-gpus"
CHECKED = "2026-11-27"

# The compute capabilities PyTorch's Linux and Windows wheels carry kernels (SASS) for, lowest and highest, by the
# CUDA version of the build and, where the list changed between releases, the torch release (build_cuda.sh per
# release; 2.8's notes: cu128/cu129 dropped sm_50-sm_61 and kept sm_70; the 2.10 RFC: cu128 dropped sm_70; CUDA 12
# itself dropped Kepler; the first CUDA of each architecture is NVCC_ARCHITECTURES'). A kernel built for sm_X.Y runs
# on sm_X.Z for Z >= Y, never on another major version.
# Rows: (first CUDA, last CUDA, first torch, last torch, lowest, highest); None: any. The first row that holds wins.
Capability = tuple[int, int]
_WHEEL_CAPABILITIES: tuple[tuple[Capability, Capability, Capability | None, Capability | None, Capability, Capability],
                           ...] = (
    ((9, 0), (10, 2), None, None, (3, 5), (7, 5)),
    ((11, 0), (11, 0), None, None, (3, 5), (8, 0)),
    ((11, 1), (11, 7), None, None, (3, 5), (8, 6)),
    ((11, 8), (11, 8), None, None, (3, 5), (9, 0)),
    ((12, 0), (12, 6), None, None, (5, 0), (9, 0)),
    ((12, 8), (12, 8), None, (2, 7), (5, 0), (12, 0)),
    ((12, 8), (12, 9), (2, 8), (2, 9), (7, 0), (12, 0)),
    ((12, 8), (12, 9), (2, 10), None, (7, 5), (12, 0)),
    ((13, 0), (13, 9), None, None, (7, 5), (12, 0)),
)
# The build to name for a GPU newer than a build: the first CUDA whose wheels carry its major version.
FIRST_CUDA_FOR_MAJOR: dict[int, str] = {8: "cu111", 9: "cu118", 10: "cu128", 12: "cu128"}
# Blackwell (B200 10.0, RTX 50 and RTX PRO 12.0): the first architecture whose kernels came with CUDA 12.8's builds only.
FIRST_BLACKWELL_CAPABILITY: Capability = (10, 0)
# The build to name for a GPU older than a build: cu126 is the last to carry sm_50 to sm_70.
LAST_CUDA_FOR_OLD_GPUS = "cu126"

# The Pythons each PyTorch release published wheels for, (oldest, newest) (the release matrix; PyPI's files).
TORCH_PYTHONS: dict[Capability, tuple[Capability, Capability]] = {
    (1, 4): ((3, 5), (3, 8)), (1, 5): ((3, 5), (3, 8)), (1, 6): ((3, 6), (3, 8)), (1, 7): ((3, 6), (3, 9)),
    (1, 8): ((3, 6), (3, 9)), (1, 9): ((3, 6), (3, 9)), (1, 10): ((3, 6), (3, 9)), (1, 11): ((3, 7), (3, 10)),
    (1, 12): ((3, 7), (3, 10)), (1, 13): ((3, 7), (3, 11)), (2, 0): ((3, 8), (3, 11)), (2, 1): ((3, 8), (3, 11)),
    (2, 2): ((3, 8), (3, 12)), (2, 3): ((3, 8), (3, 12)), (2, 4): ((3, 8), (3, 12)), (2, 5): ((3, 9), (3, 13)),
    (2, 6): ((3, 9), (3, 13)), (2, 7): ((3, 9), (3, 13)), (2, 8): ((3, 9), (3, 13)), (2, 9): ((3, 10), (3, 14)),
    (2, 10): ((3, 10), (3, 14)),
}


def _python_ranges(first: Capability = (1, 11)) -> str:
    """TORCH_PYTHONS from `first` on, releases of one range grouped: "torch 1.11-1.12: Python 3.7-3.10, ...", for
    advice that names the Pythons each release has wheels for."""
    groups: list[tuple[Capability, Capability, tuple[Capability, Capability]]] = []
    for release, pythons in sorted(TORCH_PYTHONS.items()):
        if release < first:
            continue
        if groups and groups[-1][2] == pythons:
            groups[-1] = (groups[-1][0], release, pythons)
        else:
            groups.append((release, release, pythons))
    cc = "{0[0]}.{0[1]}".format
    return ", ".join((f"{cc(low)}-{cc(high)}" if low != high else cc(low)) + f": Python {cc(py[0])}-{cc(py[1])}"
                     for low, high, py in groups)


TORCH_PYTHON_RANGES = _python_ranges()

NVCC_GPU_FEATURES = "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list"
CUDA_RELEASE_NOTES = "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"
# What nvcc builds for: (the architecture's number as nvcc names it, compute_NN / sm_NN; its GPUs; the first CUDA
# toolkit whose nvcc builds for it, "" where no toolkit of the last decade lacks it; the first toolkit whose nvcc no
# longer does, "" while current), from each toolkit's nvcc GPU feature list and release notes (NVCC_GPU_FEATURES,
# CUDA_RELEASE_NOTES; checked CHECKED). CUDA 12.8 and 12.9 named Jetson Thor sm_101; 13.0 renamed it sm_110.
NVCC_ARCHITECTURES: tuple[tuple[str, str, str, str], ...] = (
    ("20", "Fermi", "", "9.0"), ("21", "Fermi", "", "9.0"),
    ("30", "Kepler", "", "11.0"), ("32", "Kepler, Jetson TK1", "", "11.0"),
    ("35", "Kepler", "", "12.0"), ("37", "Kepler, K80", "", "12.0"),
    ("50", "Maxwell", "", "13.0"), ("52", "Maxwell", "", "13.0"), ("53", "Maxwell, Jetson Nano", "", "13.0"),
    ("60", "Pascal, P100", "", "13.0"), ("61", "Pascal, GTX 10", "", "13.0"), ("62", "Pascal, Jetson TX2", "", "13.0"),
    ("70", "Volta, V100, Titan V", "9.0", "13.0"), ("72", "Volta, Jetson Xavier", "10.0", "13.0"),
    ("75", "Turing, RTX 20, GTX 16, T4", "10.0", ""),
    ("80", "A100", "11.0", ""), ("86", "RTX 30, A10, A40", "11.1", ""), ("87", "Jetson Orin", "11.4", ""),
    ("89", "RTX 40, L4, L40", "11.8", ""), ("90", "H100, H200", "11.8", ""),
    ("100", "B200", "12.8", ""), ("101", "Jetson Thor, as CUDA 12.8 and 12.9 name it", "12.8", "13.0"),
    ("103", "B300", "12.9", ""), ("110", "Jetson Thor", "13.0", ""),
    ("120", "RTX 50, RTX PRO Blackwell", "12.8", ""), ("121", "GB10, DGX Spark", "12.9", ""),
)


def dotted(version: Capability) -> str:
    """A (major, minor) pair as people write it: (12, 8) -> "12.8", (8, 6) -> "8.6"."""
    return f"{version[0]}.{version[1]}"


def first_cuda(arch: str) -> str:
    """The first CUDA toolkit whose nvcc builds for compute_`arch` ('86' -> '11.1'); '' where the table has none."""
    return next((first for number, _, first, _ in NVCC_ARCHITECTURES if number == arch), "")


def _toolkits_for(gpus: str, first: str, dropped: str) -> str:
    if not dropped:
        return f"CUDA {first} or newer ({gpus})"
    since = f"from CUDA {first} and " if first else "a CUDA "
    return f"{since}older than {dropped} ({gpus}; CUDA {dropped} dropped it)"


def nvcc_arch_releases() -> str:
    """NVCC_ARCHITECTURES as one clause of advice, for an architecture the table does not name."""
    return "; ".join(f"compute_{number}: {_toolkits_for(gpus, first, dropped)}"
                     for number, gpus, first, dropped in NVCC_ARCHITECTURES)


# The toolkits that build for the architecture nvcc refused, by its name (a Signature's lookups table: "compute_86"
# and "sm_86" -> "CUDA 11.1 or newer (RTX 30, A10, A40)"); longer numbers first, so that no prefix takes another's.
NVCC_ARCH_TOOLKITS: tuple[tuple[str, str], ...] = tuple(
    (prefix + number, _toolkits_for(gpus, first, dropped))
    for number, gpus, first, dropped in sorted(NVCC_ARCHITECTURES, key=lambda row: -len(row[0]))
    for prefix in ("compute_", "sm_"))

# The last driver branch that supports each retired architecture (NVIDIA's legacy GPU list; R580 is the last branch
# for Maxwell, Pascal and Volta, which R590 dropped), and the first architecture the open kernel modules support.
LAST_BRANCH: dict[str, int] = {"Tesla": 340, "Fermi": 390, "Kepler": 470, "Maxwell": 580, "Pascal": 580, "Volta": 580}
# The architectures that no CUDA toolkit of the last years builds for and no current driver runs (compute capability
# below 3.0), each with its last drivers (Linux, Windows; NVIDIA's legacy GPU list and driver archive) and the last CUDA
# toolkit that targets it (CUDA 7.0 dropped sm_1x, CUDA 9.0 sm_2x: the toolkits' release notes). Checked 2026-11-27.
LEGACY_ARCHITECTURES: dict[str, tuple[str, str, str]] = {
    "Tesla": ("340.108", "342.01", "6.5"),
    "Fermi": ("390.157", "391.35", "8.0"),
}
CUDA_LEGACY_GPUS = "https://developer.nvidia.com/cuda-legacy-gpus"
# The lowest compute capability some programs' GPU builds run on, for the programs people name beside an older GPU:
# (the names a paste uses for it, the program, the minimum, what runs instead, the source). Checked 2026-11-27.
PROGRAM_MIN_CAPABILITY: tuple[tuple[tuple[str, ...], str, Capability, str, str], ...] = (
    (("dorado", "Dorado"), "Dorado", (7, 0),
     "Dorado 0.3 and later build for Volta and newer only; 0.2.2 was the last release with Pascal kernels, and no "
     "release runs on Maxwell or Kepler", "https://github.com/nanoporetech/dorado/issues/215"),
    (("PG-Strom", "pg-strom", "pg_strom"), "PG-Strom", (3, 5),
     "PG-Strom 1.x needs compute capability 3.5, later releases 6.0 (Pascal) or newer",
     "https://github.com/heterodb/pg-strom/issues/241"),
    (("ollama", "Ollama"), "Ollama", (5, 0),
     "Ollama's CUDA runners are built for compute capability 5.0 (Maxwell) and newer; older GPUs crash the runner "
     "(cuBLAS error 3) or, in later releases, are skipped for the CPU", "https://docs.ollama.com/gpu"),
    (("tensorflow", "TensorFlow", "Tensorflow"), "TensorFlow", (3, 5),
     "3.5 since TensorFlow 1.5; tensorflow.org/install/pip names the current minimum", "https://www.tensorflow.org/install/pip"),
)
OPEN_MODULES_FROM = "Turing"
# The oldest GPUs the LLM serving engines build their kernels for (vLLM's GPU installation page: compute capability
# 7.0 or higher; SGLang's kernels and the Triton they compile with need no less).
ENGINE_MIN_CAPABILITY: Capability = (7, 0)
VLLM_GPU_REQUIREMENTS = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"


def cuda_of_tag(tag: str) -> Capability | None:
    """'cu118' -> (11, 8), 'cu92' -> (9, 2), 'cu130' -> (13, 0); None for 'cpu' and the like."""
    digits = tag[2:]
    if not tag.startswith("cu") or not digits.isdigit() or len(digits) not in (2, 3):
        return None
    return (int(digits[0]), int(digits[1])) if len(digits) == 2 else (int(digits[:2]), int(digits[2]))


def release_of(version: str | None) -> Capability | None:
    """'2.8.0' -> (2, 8)."""
    if not version:
        return None
    parts = version.split(".")
    return (int(parts[0]), int(parts[1])) if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit() else None


def wheel_capabilities(cuda: Capability, torch: Capability | None) -> tuple[Capability, Capability] | None:
    """(lowest, highest) compute capability of the build's kernels; None where the tables cannot tell (a torch
    release unknown where the list changed between releases, a CUDA version PyTorch never built)."""
    for first, last, torch_first, torch_last, lowest, highest in _WHEEL_CAPABILITIES:
        if not first <= cuda <= last:
            continue
        if torch_first is None and torch_last is None:
            return lowest, highest
        if torch is None:
            return None
        if (torch_first is None or torch >= torch_first) and (torch_last is None or torch <= torch_last):
            return lowest, highest
    return None


def runs_on(capability: Capability, lowest: Capability, highest: Capability) -> bool:
    """Whether a build with kernels from `lowest` to `highest` has one this GPU can run."""
    if capability[0] > highest[0]:
        return False
    return capability >= lowest


# Peer-to-peer between GeForce cards over PCIe (w36e, checked 2026-11-27): the driver offers none on GeForce RTX 40
# (Ada) and 50 (Blackwell) cards, and on RTX 30 (Ampere) only over an NVLink bridge (the RTX 3090's); where a driver,
# a patched module or the platform offers it anyway, NCCL's P2P transport hangs or corrupts data. NCCL then needs
# NCCL_P2P_DISABLE=1 (accelerate sets it itself for RTX 40 cards). Sources: nccl-tests#117 (RTX 4090 all_reduce hang,
# NVIDIA's answer), accelerate's RTX 4000 check (state.py), tinygrad's P2P-patched module's issue #45.
GEFORCE_P2P_SOURCES = ("https://github.com/NVIDIA/nccl-tests/issues/117",
                       "https://github.com/huggingface/accelerate/pull/2195",
                       "https://github.com/tinygrad/open-gpu-kernel-modules/issues/45")
GEFORCE_P2P: dict[str, str] = {
    "Ampere": "GeForce RTX 30 cards do peer-to-peer only over an NVLink bridge (RTX 3090), not over PCIe",
    "Ada Lovelace": "GeForce RTX 40 cards have no peer-to-peer over PCIe",
    "Blackwell": "GeForce RTX 50 cards have no peer-to-peer over PCIe",
}

# The CUDA of PyTorch's default Linux wheel on PyPI ("pip install torch==X" with no index URL and no +cuXXX), by release
# (w42f, checked 2026-11-28): PyTorch's release compatibility matrix (PYTORCH_RELEASE_MATRIX, its "stable CUDA" column)
# and https://pytorch.org/get-started/previous-versions/ (the line with no index URL under "Linux and Windows"). PyPI's
# Windows wheels are CPU-only builds (CUDA ones come from download.pytorch.org's index) and conda picks its own
# cudatoolkit, so a paste naming either is not read so (rev42b: the comment said Windows wheels had CUDA from 2.x).
PYPI_TORCH_CUDA: dict[Capability, Capability] = {
    (1, 2): (10, 0),
    **{(1, minor): (10, 1) for minor in (3, 4)},
    **{(1, minor): (10, 2) for minor in range(5, 13)},
    (1, 13): (11, 7), (2, 0): (11, 7),
    **{(2, minor): (12, 1) for minor in range(1, 5)},
    (2, 5): (12, 4), (2, 6): (12, 4),
    (2, 7): (12, 6),
    (2, 8): (12, 8), (2, 9): (12, 8),
}
PYTORCH_PREVIOUS_VERSIONS = "https://pytorch.org/get-started/previous-versions/"
