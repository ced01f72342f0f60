"""Issue 25, wave 28 (w28c): PyTorch without CUDA, and the index that has the wheel.

PyTorch publishes each release's CUDA builds only for some CUDA versions, each on its own index
(download.pytorch.org/whl/cuNNN). An index asked for a release it never carried lists only its own builds, every one
ending in +cuNNN ("from versions: 2.1.0+cu121, ..., 2.5.1+cu121" for torch 2.6 on cu121), so pip's list itself says
which index was searched and where its releases end; the threads settle on the index that carries the release (or a
release that index carries), never on the driver. TORCH_CUDA_INDEXES is the table of which torch releases each index
carries.

libtorch, PyTorch's C++ library, comes as a CPU-only and a CUDA archive; the Rust bindings (tch) download the CPU one
unless told otherwise, and a CPU libtorch asked for CUDA stops at "Cannot initialize CUDA without ATen_cuda library"
(the same line where a CUDA libtorch's libtorch_cuda was dropped by the linker).
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import DatedFact
from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "install CUDA")

# Which torch releases each CUDA index of download.pytorch.org carries (first, last; None: still published). Read from
# PyTorch's previous-versions page and from the version lists pip prints for each index; the newer lines from PyTorch's
# CUDA support-matrix RFCs (pytorch/pytorch#178665: 2.12 drops CUDA 12.8 and adds 13.2; #190385: 2.15 drops 12.6) and
# RELEASE.md's matrix (2.10 and 2.11 build 12.6, 12.8 and 13.0).
TORCH_CUDA_INDEXES = DatedFact(
    value=(("cu102", "1.5.0", "1.12.1"), ("cu111", "1.8.0", "1.10.2"), ("cu113", "1.10.0", "1.12.1"),
           ("cu116", "1.12.0", "1.13.1"), ("cu117", "1.13.0", "2.0.1"), ("cu118", "2.0.0", "2.7.1"),
           ("cu121", "2.1.0", "2.5.1"), ("cu124", "2.4.0", "2.6.0"), ("cu126", "2.6.0", "2.14"),
           ("cu128", "2.7.0", "2.11"), ("cu129", "2.8.0", "2.9.1"), ("cu130", "2.9.0", None), ("cu132", "2.12.0", None)),
    source="https://pytorch.org/get-started/previous-versions/",
    checked="2026-11-27",
)


def _index_table() -> str:
    return "; ".join(f"{index} {first}-{last}" if last else f"{index} {first} on"
                     for index, first, last in TORCH_CUDA_INDEXES.value)


INDEX_TABLE = _index_table()

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-release-not-on-cuda-index",
        cause_id="torch-index-not-searched",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # Every version pip lists ends in +cuNNN: it searched PyTorch's cuNNN index only, and that index has no build
        # of the release asked for (torch 2.6 on cu121).
        patterns=(r"requirement (?P<package>torch|torchvision|torchaudio)==(?P<version>\d[\w.*+]{0,24}) {1,2}"
                  r"\(from versions: [^\n]{0,3000}?(?P<last>\d{1,2}\.\d{1,2}\.\d{1,2})\+(?P<variant>cu\d{2,3})\)",),
        severity="fail",
        cause=("pip searched PyTorch's {variant} index, whose builds end at {last}+{variant}, and it carries no "
               "{package}=={version}: PyTorch publishes each release for some CUDA versions only, each on its own index."),
        advice=("Install from the index that carries the release (torchvision and torchaudio follow their torch), or pin "
                "a release the {variant} index has. The torch releases each index carries: " + INDEX_TABLE + ". For torch "
                "2.7 to 2.11 (and any RTX 50 / Blackwell GPU): `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu128`, for 2.12 or newer the cu130 index (cu126 for Maxwell, Pascal and "
                "Volta GPUs); uv: a `[[tool.uv.index]]` with that URL and `explicit = true`, "
                "and `torch = { index = \"pytorch-cu128\" }` under `[tool.uv.sources]`. Where the table says the index "
                "does carry the release, this Python has no build of it: use a Python that release supports."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/flashinfer-ai/flashinfer/pull/867", TORCH_CUDA_INDEXES.source,
                 "https://github.com/pytorch/pytorch/issues/178665"),
        checked="2026-11-27",
        examples=("wheels/flashinfer-867-torch-26-not-on-cu121-index.txt",),
        # the generic reading of pip's line (the release has no wheel for this Python) where the list shows the index
        refines=("wheels.pinned-version-not-for-this-python", "wheels.torch-local-build-pin-without-index",
                 "wheels.torch-no-distribution-for-this-python"),
    ),
    Signature(
        code="frameworks.libtorch-without-aten-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(r"Cannot initialize CUDA without ATen_cuda library",),
        severity="fail",
        cause=("The libtorch this program runs has no CUDA library loaded: most often the CPU-only libtorch (tch's "
               "default download, a libtorch-...+cpu archive), else a CUDA libtorch whose libtorch_cuda the linker "
               "dropped."),
        advice=("Use a CUDA build of libtorch: download the CUDA archive from pytorch.org (cxx11 ABI, the cuNNN your driver "
                "supports) and point LIBTORCH at it, with its lib folder on LD_LIBRARY_PATH (Windows: PATH), or with tch "
                "set LIBTORCH_USE_PYTORCH=1 to use a CUDA torch of the active Python (older tch: TORCH_CUDA_VERSION=cu118 "
                "makes its download the CUDA one); tch's download is x86-64 only, so on Jetson use JetPack's PyTorch "
                "through LIBTORCH_USE_PYTORCH=1. If libtorch already is a CUDA build, link it with "
                "`-Wl,--no-as-needed -ltorch` so that libtorch_cuda stays loaded."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/LaurentMazare/tch-rs/issues/177", "https://github.com/LaurentMazare/tch-rs/issues/201",
                 "https://github.com/LaurentMazare/tch-rs/issues/980",
                 "https://github.com/LaurentMazare/tch-rs#libtorch-manual-install"),
        checked="2026-11-27",
        examples=("frameworks/tchrs-177-default-libtorch-cpu-aten-cuda.txt",
                  "frameworks/tchrs-201-ld-library-path-aten-cuda-cpu-download.txt"),
    ),
)
