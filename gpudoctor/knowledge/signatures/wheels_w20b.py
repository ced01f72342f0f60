"""Issue 25, rows for families blind sets missed: building a C++/CUDA extension against a PyTorch newer than its build.

PyTorch's headers refuse an older C++ standard than they need: torch/csrc/api/include/torch/all.h prints "C++17 or
later compatible compiler is required to use PyTorch" (PyTorch 2.1 and later), c10/util/C++17.h "You need C++17 to
compile PyTorch" (and, before 2.1, "You need C++14 ..."). The threads settle on the build, not the compiler: gcc 7 and
later, clang 5 and MSVC 2017 know C++17, but the extension's setup.py (extra_compile_args, a builder such as DeepSpeed's
op_builder) or its CMakeLists.txt (CMAKE_CXX_STANDARD 14, -std=c++14) asks for the standard of the torch it was written
for. Passing -std=c++17 (the extension's newer release does) or installing the torch (libtorch) the project pins fixes
it; nvcc before CUDA 11 cannot compile C++17 (cuda.nvcc-cxx-standard-unknown reads that).

pip's resolver names the pins that cannot hold together under "The conflict is caused by:": a package whose wheels are
compiled against one torch release pins it exactly ("xformers 0.0.28 depends on torch==2.4.1", vLLM, flash-attn builds,
a project's own pin) beside a torch pinned to another. The threads settle on making the pins agree: the package's
release built for the torch wanted (or its version pin dropped, so pip picks that one), or the torch it pins. (pip's
warning after an install, "X requires torch==Y, but you have torch Z", is read for vLLM, SGLang and xformers by their
own rows.)
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
                "/std:c++{standard} with MSVC), or update the extension to a release made for your torch (DeepSpeed's "
                "releases since mid-2023 pass C++17); or install the torch (libtorch) version the project "
                "pins. The compiler itself is rarely the problem: gcc 7 and newer know C++17, nvcc from CUDA 11."),
        action="configure",
        rules_out=("a driver or GPU fault", "a missing compiler"),
        never_suggest=("update the driver", "reinstall the driver"),
        versions=("torch>=2.1",),
        sources=("https://github.com/pytorch/pytorch/issues/102082", "https://github.com/Totoro97/f2-nerf/issues/119",
                 "https://github.com/pytorch/pytorch/pull/100557", "https://github.com/deepspeedai/DeepSpeed/pull/3596",
                 "https://github.com/deepspeedai/DeepSpeed/issues/3968",
                 "https://github.com/rusty1s/pytorch_cluster/issues/229"),
        checked="2026-11-27",
        examples=("wheels/pytorch-102082-extension-cxx14-flags-torch-21.txt",
                  "wheels/f2nerf-119-libtorch-newer-than-project-cxx17.txt"),
    ),
    Signature(
        code="wheels.resolver-exact-torch-pin-conflict",
        cause_id="package-version-conflict",
        kinds=_BUILD,
        # pip's ResolutionImpossible report; torchvision's and torchaudio's own torch pins are companions, not the cause,
        # and xformers' pin is wheels.xformers-pins-another-torch's.
        patterns=(r"\b(?!torchvision |torchaudio |torchtext |xformers )(?P<package>[A-Za-z][\w.-]{0,40}) (?P<version>\d[\w.+]{0,30}) "
                  r"depends on torch ?==(?P<wanted>\d[\w.+]{0,20})",),
        severity="fail",
        cause=("pip cannot install these requirements together: {package} {version} is built for torch {wanted} exactly "
               "and depends on it, while another requirement (a torch pin of the project's, or another package's) asks "
               "for a different torch."),
        advice=("Make the torch pins agree: take the {package} release built for the torch you need (check its release "
                "notes or PyPI page, or drop {package}'s version pin so pip picks the one for your torch), or pin torch "
                "to {wanted} with the torchvision and torchaudio of that release. The lines under \"The conflict is "
                "caused by\" name every pin involved; install torch from its CUDA index first if you need a CUDA build."),
        action="configure",
        rules_out=("a driver or GPU fault", "the network or the index"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/NineAbyss/S2R/issues/2", "https://github.com/axolotl-ai-cloud/axolotl/issues/1238",
                 "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"),
        checked="2026-11-27",
        examples=("wheels/s2r-2-resolver-vllm-054-depends-on-torch-240.txt",),
    ),
)
