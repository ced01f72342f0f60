"""Issue 25, wave 29 (w29b): Windows' memory and build toolchains.

A one-click Windows package (a portable Python started by a .bat file) that dies while loading a model's checkpoint
shards prints no traceback: the process fails to commit memory the paging file cannot back, and the batch file's
`pause` prompt ("Press any key to continue . . .", localised) is the next thing on the same line of the console.

nvcc on Windows accepts only the MSVC releases its CUDA release knows (crt/host_config.h compares _MSC_VER), and the
MSVC standard library in turn asks for a recent enough nvcc (STL1002); CUDA_MSVC_SUPPORT is which Visual Studio each
CUDA release takes, the table the Visual Studio advice quotes.

CUDA 11 and newer carry CUB, Thrust and libcu++ (CCCL) in the toolkit; CUDA 13 moved their headers to include/cccl,
which builds that list only include/ do not search, and a separately downloaded CUB mixed with the toolkit's libcu++
misses headers of its own release.
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import DatedFact
from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver")

# Which Visual Studio (MSVC _MSC_VER) each CUDA release's nvcc accepts as host compiler, from the supported-compiler
# table of NVIDIA's Windows installation guide (each release's archived copy) and host_config.h's checks as the threads
# quote them: VS 2022 17.10 (MSVC 14.40, _MSC_VER 1940) is rejected by CUDA 12.3 and older although their message says
# "2017 and 2022", and from MSVC 14.41 its STL asks for CUDA 12.4 (STL1002; FLAMEGPU/FLAMEGPU2#1225); CUDA 12.4.1
# rejects Visual Studio 2026 (MSVC 14.50; AcademySoftwareFoundation/openfx#243, 2026-06).
CUDA_MSVC_SUPPORT = DatedFact(
    value=(("9.x", "VS 2012-2017 (only the VS 2017 15.x updates it knew)"),
           ("10.0", "VS 2013-2017"), ("10.1-10.2", "VS 2013-2019"), ("11.0-11.5", "VS 2017-2019"),
           ("11.6-12.3", "VS 2017-2022 up to 17.9 (MSVC 14.39)"), ("12.4-12.9", "VS 2017-2022 (any 17.x), not VS 2026"),
           ("13.x", "VS 2019-2022; VS 2026 only where its release notes list it")),
    source="https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html",
    checked="2026-11-27",
)


def _msvc_table() -> str:
    return "; ".join(f"CUDA {cuda}: {studios}" for cuda, studios in CUDA_MSVC_SUPPORT.value)


MSVC_TABLE = _msvc_table()

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.windows-exit-while-loading-checkpoint-shards",
        cause_id="windows-pagefile-too-small",
        kinds=("any",),
        # transformers' (checkpoint shards) or diffusers' (pipeline components) progress bar, then the .bat file's
        # pause prompt on the same console line: the process ended without a traceback mid-load. English, Japanese,
        # Simplified and Traditional Chinese, German, French and Spanish prompts.
        patterns=(r"Loading (?:checkpoint shards|pipeline components\.{0,3}):[^\n]{0,400}?"
                  r"(?:Press any key to continue|続行するには何かキーを押してください"
                  r"|请按任意键继续|請按任意鍵繼續|Drücken Sie eine beliebige Taste|Appuyez sur une touche pour continuer"
                  r"|Presione una tecla para continuar)",),
        severity="warn",
        cause=("The Windows program stopped without an error while loading the model's checkpoint shards and its batch "
               "file paused: the usual cause is Windows' paging file too small to back the memory the shards take "
               "(the commit limit is RAM plus paging file)."),
        advice=("Enlarge Windows' paging file: System properties > Advanced > Performance > Settings > Advanced > "
                "Virtual memory > Change, untick automatic management and set a custom size of about 1.5-2x the RAM "
                "(40-64 GB for 16-32 GB of RAM; the drive needs that much free space), or choose system managed size "
                "on a drive with free space, then restart Windows and run it again."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/lllyasviel/FramePack/issues/506", "https://github.com/lllyasviel/FramePack/issues/75",
                 "https://learn.microsoft.com/en-us/troubleshoot/windows-client/performance/introduction-to-the-page-file"),
        checked="2026-11-27",
        examples=("frameworks/framepack-506-loading-shards-press-any-key.txt",),
    ),
    Signature(
        code="wheels.cccl-header-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # MSVC's C1083 (cl.exe preprocessing a .cu or .cpp) and GCC's "No such file or directory" for a header of
        # CUB, Thrust or libcu++ (cuda/std/...), which the CUDA toolkit itself ships.
        patterns=(r"Cannot open include file: '(?P<header>(?:cub|thrust|cuda/std|nv)/[^'\n]{1,120})'",
                  r"fatal error: (?P<header>(?:cub|thrust|cuda/std|nv)/[\w./]{1,120}): No such file or directory",
                  # thrust/system/cuda/config.h, where the CUB found first is not the one of its own release
                  r"The version of CUB in your include path is not compatible with this release of Thrust"),
        severity="fail",
        cause=("The build cannot find a header of CUB, Thrust or libcu++ (CCCL), or mixes two releases of them: "
               "they ship with the CUDA toolkit "
               "(11.0 and newer), CUDA 13 moved them under include/cccl, which a build that searches only the toolkit's "
               "include folder misses, and a separately downloaded CUB or Thrust copy mixed with the toolkit's "
               "headers misses ones of its own release."),
        advice=("Build against one matching set of CCCL headers: drop a CUB/Thrust copy added to the include path or "
                "copied into the toolkit's include folder (CUDA 11 and newer carry their own; where a project still asks "
                "for one, as PyTorch3D does through CUB_HOME before CUDA 11.7, use the CUB release its install guide "
                "names, kept outside the toolkit); with CUDA 13 add the toolkit's include/cccl folder to the "
                "include path (`%CUDA_PATH%\\include\\cccl` on Windows, e.g. `set INCLUDE=%CUDA_PATH%\\include\\cccl;%INCLUDE%`; "
                "`$CUDA_HOME/include/cccl` in CPLUS_INCLUDE_PATH on Linux) or build with the CUDA 12.x toolkit the "
                "project and your PyTorch's cu12x wheel target (point CUDA_HOME/CUDA_PATH at it); CUDA 10 and older "
                "have no CUB: use CUDA 11 or newer. On Windows, where MSVC's cl.exe says it (C1083) for headers the toolkit "
                "has, the Visual Studio toolset nvcc runs may be one that toolkit does not support: build from an x64 "
                "Native Tools prompt of a release it supports (Visual Studio 2022 needs CUDA 11.6 or newer; with an "
                "older toolkit, Visual Studio 2019 with the Desktop development with C++ workload)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/NVIDIA/cccl/issues/1828", "https://github.com/facebookresearch/pytorch3d/issues/1720",
                 "https://developer.nvidia.com/blog/whats-new-and-important-in-cuda-toolkit-13-0/",
                 "https://github.com/NVIDIA/Fuser/pull/4673"),
        checked="2026-11-27",
        examples=("wheels/cccl-1828-c1083-cuda-std-bundled-cub.txt",
                  "wheels/pytorch3d-1720-c1083-nv-target-cub-copy-cuda113.txt"),
    ),
)
