"""Issue 25, twenty-third wave (w23a, breadth): building GPU Python packages from source.

PyTorch's extension builder (torch.utils.cpp_extension, behind flash-attn, xformers, apex, DeepSpeed's ops and most
research repositories' setup.py) ends every failed compile with "RuntimeError: Error compiling objects for extension",
whatever failed: the line names no cause, the first `error:` or `FAILED:` line of nvcc or the C++ compiler above it
does. The threads that settle it mostly land on the toolkit: an nvcc older than the package supports (flash-attn needs
CUDA 11.6 or newer), one of another CUDA than torch was built for (the distribution's /usr/bin/nvcc, a CUDA_HOME left at
another release), or a project written for an older CUDA and PyTorch; fewer on a gcc nvcc refuses, on RAM (`Killed`) or
on source written for an older torch API. The row is a warning that says where to look and what fixes it most often;
the rows that read the specific line (unsupported GNU version, Killed, the CUDA mismatch check) say the cause.

A CUDA extension compiled from source (flash-attn above all, Transformer Engine, xformers) takes from minutes to hours,
and pip runs as many parallel compile jobs as there are cores, each taking gigabytes: people report the install as
"stuck at Building wheel" or see the build take all the memory. The maintainers' answer is MAX_JOBS (fewer jobs), ninja
installed (without it the build is serial) or a prebuilt wheel; the row reads those descriptions (described=True).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
CPP_EXTENSION_DOCS = "https://pytorch.org/docs/stable/cpp_extension.html"
FLASH_ATTN_README = "https://github.com/Dao-AILab/flash-attention#installation-and-features"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-compile-failed",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(r"RuntimeError: Error compiling objects for extension",),
        severity="warn",
        cause=("PyTorch's extension builder could not compile the package's C++/CUDA sources; the compiler's own error "
               "above this line names why, most often a CUDA toolkit (nvcc) that does not fit the package or torch."),
        advice=("Scroll up to the first `error:` or `FAILED:` line of nvcc or the C++ compiler. Then compare `nvcc -V` "
                "(the toolkit CUDA_HOME points at) with `python -c \"import torch; print(torch.version.cuda)\"` and with "
                "what the package supports (flash-attn needs CUDA 11.6 or newer; older projects need the CUDA and "
                "PyTorch they were written for): install that toolkit (NVIDIA's installer, or conda's cuda-toolkit of "
                "that version) and point CUDA_HOME and PATH at it before building again; use a gcc that this nvcc "
                "accepts; if the log shows `Killed`, lower MAX_JOBS; or install a prebuilt wheel of the package that "
                "matches torch, CUDA and Python instead of compiling."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/yuhuan-wu/RDPNet/issues/7",
                 "https://github.com/DeadAt0m/ActiveSparseShifts-PyTorch/issues/4",
                 "https://github.com/ayulockin/neurips-llm-efficiency-challenge/issues/3", CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/neurips-llm-3-flash-attn-build-cuda-115.txt",
                  "wheels/rdpnet-7-compile-objects-cuda-102-needs-90.txt",
                  "wheels/activesparseshifts-4-compile-objects-nvcc-100-vs-101.txt",
                  "wheels/tiny-cuda-nn-477-compile-objects-usr-bin-nvcc.txt"),
    ),
    Signature(
        code="wheels.source-build-stuck-described",
        described=True,
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # "gets stuck at building wheel", "stuck at 'Building wheel for flash-attn (setup.py)'"
            r"\b(?:stuck|hangs?|hanging|frozen|freezes)\b[^\n]{0,40}?\b[Bb]uilding wheels?\b",
            # "Building wheel for flash_attn (setup.py)..." Loading FOREVER; "`Building wheels for collected packages`
            # of `flash-attn` rapidly takes up all the memory"
            r"\b[Bb]uilding wheels?\b[^\n]{0,80}?(?:\bstuck\b|\bhangs\b|\bforever\b|\bFOREVER\b|"
            r"takes? up all (?:the )?(?:memory|RAM)\b)",
        ),
        severity="warn",
        cause=("The description suggests a CUDA extension compiling from source (flash-attn, Transformer Engine, "
               "xformers): it takes from minutes to hours, and with one compile job per core, each taking gigabytes, "
               "it can use all the RAM and seem to hang."),
        advice=("Limit the parallel compile jobs: `MAX_JOBS=4 pip install -v flash-attn --no-build-isolation` (MAX_JOBS=1 "
                "on a machine with little RAM; -v shows the progress), with ninja installed (`pip install ninja`; without "
                "it the files compile one at a time); or skip compiling with a prebuilt wheel that matches your torch, "
                "CUDA and Python (the package's release assets)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TransformerEngine/issues/976",
                 "https://github.com/Dao-AILab/flash-attention/issues/382", FLASH_ATTN_README, CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/transformerengine-976-stuck-building-wheel.txt",
                  "wheels/flash-attention-382-build-wheel-fills-memory.txt"),
    ),
)
