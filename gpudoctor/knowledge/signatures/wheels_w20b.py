"""Issue 25, rows for families blind sets missed: building a C++/CUDA extension against a PyTorch newer than its build.

PyTorch's headers refuse an older C++ standard than they need: torch/csrc/api/include/torch/all.h prints "C++17 or
later compatible compiler is required to use PyTorch" (PyTorch 2.1 and later), c10/util/C++17.h "You need C++17 to
compile PyTorch" (and, before 2.1, "You need C++14 ..."). The threads settle on the build, not the compiler: gcc 7 and
later, clang 5 and MSVC 2017 know C++17, but the extension's setup.py (extra_compile_args, a builder such as DeepSpeed's
op_builder) or its CMakeLists.txt (CMAKE_CXX_STANDARD 14, -std=c++14) asks for the standard of the torch it was written
for. Passing -std=c++17 (the extension's newer release does) or installing the torch (libtorch) the project pins fixes
it; nvcc before CUDA 11 cannot compile C++17 (cuda.nvcc-cxx-standard-unknown reads that).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-headers-need-newer-cxx-standard",
        cause_id="package-version-conflict",
        kinds=_BUILD,
        patterns=(
            r"C\+\+(?P<standard>1[47]) or later compatible compiler is required to",
            r"You need C\+\+(?P<standard>1[47]) to compile PyTorch",
        ),
        severity="fail",
        cause=("PyTorch's headers need C++{standard}, but the extension or program that includes them is compiled with an "
               "older C++ standard: its build flags were written for an older torch than the one installed."),
        advice=("Build with the standard this torch needs: -std=c++{standard} in the extension's flags (setup.py "
                "extra_compile_args for both 'cxx' and 'nvcc', or CMAKE_CXX_STANDARD {standard} in CMakeLists.txt; "
                "/std:c++{standard} with MSVC), or update the extension to a release made for your torch (DeepSpeed, "
                "mmcv and the like pass C++17 since torch 2.1); or install the torch (libtorch) version the project "
                "pins. The compiler itself is rarely the problem: gcc 7 and newer know C++17, nvcc from CUDA 11."),
        action="configure",
        rules_out=("a driver or GPU fault", "a missing compiler"),
        never_suggest=("update the driver", "reinstall the driver"),
        versions=("torch>=2.1",),
        sources=("https://github.com/pytorch/pytorch/issues/102082", "https://github.com/Totoro97/f2-nerf/issues/119",
                 "https://github.com/pytorch/pytorch/pull/100557", "https://github.com/deepspeedai/DeepSpeed/issues/3968",
                 "https://github.com/rusty1s/pytorch_cluster/issues/229"),
        checked="2026-11-27",
        examples=("wheels/pytorch-102082-extension-cxx14-flags-torch-21.txt",
                  "wheels/f2nerf-119-libtorch-newer-than-project-cxx17.txt"),
    ),
)
