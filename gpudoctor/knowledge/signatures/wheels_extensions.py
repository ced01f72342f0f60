"""Compiled extensions of the PyTorch ecosystem and the Windows toolchain that builds them.

PyG's extensions (torch_scatter, torch_sparse, ...) of another CUDA than torch, mmcv without its compiled ops, nvcc
on Windows without MSVC's cl.exe in PATH, and a Visual Studio STL newer than the nvcc it meets. wheels.py adds them
to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
PYG_INSTALL = "https://pytorch-geometric.readthedocs.io/en/latest/install/installation.html"
MMCV_INSTALL = "https://mmcv.readthedocs.io/en/latest/get_started/installation.html"

EXTENSION_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.pyg-extension-other-cuda",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # torch_scatter/__init__.py and its siblings compare torch.version.cuda with the CUDA they were built with.
        patterns=(r"Detected that PyTorch and (?P<extension>torch_\w{1,20}) were compiled with different CUDA versions\. "
                  r"PyTorch has CUDA version (?P<torch_cuda>[\d.]{1,8}) and \w{1,30} has CUDA version "
                  r"(?P<extension_cuda>[\d.]{1,8})",),
        severity="fail",
        cause=("{extension} was built for CUDA {extension_cuda} and the installed PyTorch for CUDA {torch_cuda}, so "
               "PyG's extension refuses to load."),
        advice=("Reinstall PyG's extensions (torch_scatter, torch_sparse, torch_cluster, torch_spline_conv, pyg_lib) "
                "from the wheel index of this torch and CUDA: `pip install --force-reinstall torch_scatter "
                "torch_sparse -f https://data.pyg.org/whl/torch-${TORCH}+${CUDA}.html` with `python -c \"import torch; "
                "print(torch.__version__)\"`; or install the torch build of the extensions' CUDA."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rusty1s/pytorch_sparse/issues/86", "https://github.com/rusty1s/pytorch_sparse/issues/49",
                 PYG_INSTALL),
        checked="2026-11-26",
        examples=("wheels/pytorch-sparse-86-torch-sparse-cuda-111-vs-102.txt",
                  "wheels/pytorch-sparse-49-cuda-110-vs-102-reinstall-torch.txt"),
    ),
    Signature(
        code="wheels.mmcv-without-compiled-ops",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # mmcv/utils/ext_loader.py imports mmcv._ext, which only mmcv-full (mmcv 1.x) or mmcv built with ops (2.x) has.
        patterns=(r"No module named '?mmcv\._ext\b",),
        severity="fail",
        cause=("The installed mmcv has no compiled ops (mmcv._ext): it is the lite package (mmcv 1.x without -full, "
               "mmcv-lite), or a build for another PyTorch and CUDA that did not compile them."),
        advice=("Uninstall mmcv and install the build with ops for this PyTorch and CUDA: mmcv 1.x as mmcv-full (`pip "
                "uninstall -y mmcv mmcv-full && pip install --no-cache-dir mmcv-full==1.7.2 -f "
                "https://download.openmmlab.com/mmcv/dist/cu118/torch2.0/index.html`), mmcv 2.x with `mim install "
                "mmcv` (OpenMMLab's prebuilt wheels for the torch and CUDA)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/XLearning-SCU/2022-CVPR-AirNet/issues/5", "https://github.com/wzzheng/TPVFormer/issues/48",
                 MMCV_INSTALL),
        checked="2026-11-26",
        examples=("wheels/airnet-5-mmcv-ext-missing-pip-install-mmcv.txt",
                  "wheels/tpvformer-48-mim-install-mmcv-without-ops-a.txt"),
    ),
    Signature(
        code="wheels.msvc-stl-needs-newer-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # MSVC's yvals_core.h refuses nvcc older than the STL supports unless _ALLOW_COMPILER_AND_STL_VERSION_MISMATCH.
        patterns=(r"STL1002: Unexpected compiler version, expected CUDA (?P<cuda>\d{1,2}\.\d{1,2})",),
        severity="fail",
        cause=("This Visual Studio's C++ standard library accepts nvcc from CUDA {cuda} on, and an older CUDA toolkit's "
               "nvcc compiled the extension."),
        advice=("Build with the CUDA version the error names or newer (install that toolkit and point CUDA_HOME/CUDA_PATH at it), or "
                "install an older MSVC toolset in the Visual Studio Installer (VS 2019, or 2022's 14.39 toolset) and "
                "build from its x64 Native Tools prompt."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lshqqytiger/ZLUDA/issues/108", "https://github.com/microsoft/STL/issues/2359"),
        checked="2026-11-26",
        examples=("wheels/zluda-108-stl1002-expected-cuda-124.txt",),
    ),
    Signature(
        code="wheels.nvcc-cl-exe-not-in-path",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # nvcc on Windows needs MSVC's cl.exe as its host compiler; torch.utils.cpp_extension probes it first.
        patterns=(r"Cannot find compiler 'cl\.exe' in PATH",
                  r"Error checking compiler version for cl: \[WinError 2\]"),
        severity="fail",
        cause="nvcc on Windows compiles the host code with MSVC's cl.exe, and no cl.exe is in this shell's PATH.",
        advice=("Install Visual Studio's \"Desktop development with C++\" build tools and build from the \"x64 Native "
                "Tools Command Prompt for VS\" (or run vcvars64.bat first), which puts cl.exe in PATH."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/elda27/pydrr/issues/6", "https://github.com/cupy/cupy/pull/4397"),
        checked="2026-11-26",
        examples=("wheels/pydrr-6-nvcc-cannot-find-cl-exe.txt",),
    ),
)
