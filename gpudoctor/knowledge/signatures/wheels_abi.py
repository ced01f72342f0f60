"""Wheels against the rest of the environment: the C and C++ runtimes, NumPy's ABI, and the tools that build
extensions at install or import time (ninja, the compilers, pip and uv themselves).

wheels.py adds these rows to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
CPP_EXTENSION = "https://pytorch.org/docs/stable/cpp_extension.html"

ABI_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.numpy2-module-built-for-numpy1",
        cause_id="package-version-conflict",
        kinds=("any",),
        # NumPy 2's import guard (numpy/core/_multiarray_umath.py) and torch's bridge (torch/csrc/utils/tensor_numpy.cpp).
        patterns=(r"(?:A |\b)[Mm]odule that was compiled using NumPy 1\.x cannot be run in",
                  r"(?:Failed to initialize NumPy: |AttributeError: )_ARRAY_API not found"),
        severity="fail",
        cause=("NumPy 2 is installed, and a compiled module imported here (torch, opencv-python, or another) was built "
               "against NumPy 1.x, whose C ABI NumPy 2 changed."),
        advice=("Install NumPy 1.x in this environment (`pip install \"numpy<2\"`), or upgrade the module named in the "
                "traceback to a release built against NumPy 2 (torch 2.3 or newer, for PyTorch)."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/TorchDSP/torchsig/issues/238", "https://github.com/xai4space/meteors/issues/20",
                 "https://github.com/invoke-ai/InvokeAI/issues/7934",
                 "https://numpy.org/devdocs/numpy_2_0_migration_guide.html"),
        checked="2026-11-26",
        examples=("wheels/torchsig-238-numpy2-module-compiled-numpy1.txt",
                  "wheels/meteors-20-torch-numpy2-array-api-not-found.txt",
                  "frameworks/invokeai-7934-nightly-cu128-numpy-1x-module.txt"),
    ),
    Signature(
        code="wheels.libstdcxx-too-old",
        cause_id="libstdcxx-too-old",
        kinds=("any",),
        # the dynamic loader's symbol-version check ("version `GLIBCXX_3.4.30' not found (required by ...)"); the quote
        # marks may be gone (Markdown) and the paste cut after the version, which the loader prints only for this.
        patterns=(r"libstdc\+\+\.so\.6: version .?(?P<needed>GLIBCXX_3\.4\.\d{1,3})\b",
                  r"libstdc\+\+\.so\.6: version .?(?P<needed>CXXABI_1\.3\.\d{1,3})\b"),
        severity="fail",
        cause=("A compiled module needs {needed} from the C++ runtime, and the libstdc++.so.6 the loader found (usually "
               "the system's, ahead of the environment's own newer one) is older."),
        advice=("Make a new enough libstdc++ the one loaded: in a conda environment `conda install -c conda-forge "
                "libstdcxx-ng` (newer conda: libstdcxx) and put the environment's first with "
                "`export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH`; where the environment's own copy is "
                "the older one and the system's has the version, link the system's into the environment (`ln -sf "
                "/usr/lib/x86_64-linux-gnu/libstdc++.so.6 $CONDA_PREFIX/lib/libstdc++.so.6`); outside conda, upgrade "
                "the system's libstdc++6 (gcc runtime)."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/157709", "https://github.com/pytorch/pytorch/issues/87279",
                 "https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html"),
        checked="2026-11-26",
        examples=("wheels/pytorch-157709-glibcxx-3430-system-libstdcxx.txt",
                  "wheels/opengsfusion-1-conda-libstdcxx-glibcxx-symlink-guide.txt"),
    ),
    Signature(
        code="wheels.glibc-too-old-for-wheel",
        # binary-needs-newer-glibc, as the blind sets' harvesters label a wheel's module that needs a newer glibc (w46b;
        # no-wheel-for-python before): the fix is a build for this glibc, a newer system or a container, not a Python
        cause_id="binary-needs-newer-glibc",
        kinds=("any",),
        # the dynamic loader's symbol-version check against the C library (libc, libm), quoted as the row above.
        patterns=(r"lib[cm]\.so\.6: version .?(?P<needed>GLIBC_2\.\d{1,3})\b",),
        severity="fail",
        cause=("A compiled module was built against glibc with {needed}, newer than this system's C library, so it "
               "cannot load here: the wheel targets a newer Linux than this one."),
        advice=("Install a build made for this system's glibc (`ldd --version` shows it): an older release of the "
                "package or a wheel with an older manylinux tag, or build it from source here; otherwise run it in a "
                "newer distribution or container image."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "upgrade glibc by hand"),
        sources=("https://github.com/AutoGPTQ/AutoGPTQ/pull/272", "https://github.com/vllm-project/vllm/issues/41103",
                 "https://github.com/ghostplant/tensorflow-wheel-collections/issues/1", "https://peps.python.org/pep-0600/"),
        checked="2026-11-26",
        examples=("wheels/autogptq-272-wheel-needs-glibc-232.txt",
                  "wheels/tfwheelcollections-1-tf18-wheel-glibc-223-centos7.txt"),
    ),
    Signature(
        code="wheels.ninja-missing",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # torch/utils/cpp_extension.py, verify_ninja_availability: JIT-compiled and ninja-built extensions need it.
        patterns=(r"Ninja is required to load C\+\+ extensions",),
        severity="fail",
        cause=("The program compiles a C++/CUDA extension with torch.utils.cpp_extension, which needs the ninja "
               "build tool, and no ninja is on this environment's PATH."),
        advice=("Install ninja into the same environment (`pip install ninja`) and check `ninja --version` runs "
                "from it, then start the program again."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/NX-AI/xlstm/issues/76", "https://github.com/icon-lab/SynDiff/issues/34",
                 CPP_EXTENSION),
        checked="2026-11-26",
        examples=("wheels/xlstm-76-ninja-required-cpp-extensions.txt",),
    ),
    Signature(
        code="wheels.uv-no-wheel-for-platform",
        cause_id="no-wheel-for-python",
        kinds=_BUILD,
        # uv's resolver, when every wheel of the pinned release has another platform, Python or ABI tag.
        patterns=(r"has no wheels with a matching (?P<tag>platform|Python ABI|Python version|Python implementation) tag",
                  r"can't be installed because it doesn't have a source distribution or wheel for the current (?P<tag>platform)"),
        severity="fail",
        cause=("The release asked for publishes no wheel for this machine's {tag} tag (and no source to build), so uv "
               "cannot install it here."),
        advice=("Choose a release that has a wheel for this platform and Python (uv's hint lists the platforms that "
                "have one; PyTorch's CUDA builds exist for Linux x86_64 and Windows, and for Linux aarch64 from torch 2.7 "
                "on the cu128 and newer indexes (cu130 for GB10 and Jetson Thor); Intel macOS stops at torch "
                "2.2.2; torchcodec has Linux aarch64 wheels from 0.13), or change the interpreter or platform the lock or index targets: a Python newer than the "
                "framework's wheels (torch 2.5+ covers Python 3.9-3.13) needs `uv venv --python 3.12`. On PyTorch's indexes "
                "the plain version (2.5.1) and the local one (2.5.1+cu124) are different files for different platforms: pin "
                "the local one, or route each platform to its index with a marker in [tool.uv.sources], and list the platform "
                "in `tool.uv.required-environments` so that the lock keeps its wheels."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/astral-sh/uv/issues/8746", "https://github.com/astral-sh/uv/issues/10843",
                 "https://docs.astral.sh/uv/guides/integration/pytorch/", "https://github.com/meta-pytorch/torchcodec/issues/1251"),
        checked="2026-11-27",
        examples=("wheels/uv-8746-no-wheel-matching-platform-tag.txt",),
    ),
    Signature(
        code="wheels.bitsandbytes-imports-removed-triton-ops",
        cause_id="package-version-conflict",
        kinds=("any",),
        # bitsandbytes before 0.45 imported triton.ops.matmul_perf_model, which Triton 3.2 (PyTorch 2.6) removed.
        patterns=(r"No module named 'triton\.ops'",),
        severity="fail",
        cause=("An installed library (bitsandbytes before 0.45, most often) imports triton.ops, which the installed "
               "Triton no longer has (Triton 3.2 and newer, shipped with PyTorch 2.6)."),
        advice=("Upgrade the library that imports it: `pip install -U bitsandbytes` (0.45 or newer no longer needs "
                "triton.ops); for another library, upgrade it to a release made for this Triton."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ostris/ai-toolkit/issues/279",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1492",
                 "https://github.com/triton-lang/triton/issues/4236"),
        checked="2026-11-26",
        examples=("wheels/ai-toolkit-279-bnb-triton-ops-removed.txt",),
    ),
    Signature(
        code="wheels.python-headers-missing",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # gcc's and MSVC's words for a missing include, for the interpreter's own C API header.
        patterns=(r"fatal error: Python\.h: No such file or directory",
                  r"Cannot open include file: 'Python\.h'"),
        severity="fail",
        cause=("A C/C++ extension is being compiled against this Python, and its development headers (Python.h) are "
               "not installed."),
        advice=("Install the development headers of the interpreter that builds it (`sudo apt install python3-dev`, "
                "or python3.X-dev for a deadsnakes Python; `dnf install python3-devel`), or build in a Python that "
                "ships them (conda, uv, pyenv), then build again."),
        action="configure",
        rules_out=("a CUDA or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/3223",
                 "https://docs.python.org/3/extending/extending.html"),
        checked="2026-11-26",
        examples=("wheels/deepspeed-3223-python-h-missing-for-build.txt",),
    ),
    Signature(
        code="wheels.pip-externally-managed",
        cause_id="pip-externally-managed",
        kinds=_BUILD,
        # pip's PEP 668 refusal on a distribution's Python (Debian 12, Ubuntu 23.04 and newer, Fedora, Homebrew).
        patterns=(r"error: externally-managed-environment",
                  r"This environment is externally managed"),
        severity="fail",
        cause=("pip refused to install into the distribution's own Python, which is marked externally managed "
               "(PEP 668)."),
        advice=("Install into a virtual environment: `python3 -m venv ~/venvs/gpu && . ~/venvs/gpu/bin/activate`, then "
                "`pip install ...` there (or `uv venv`, conda; for a command-line tool such as nvitop or gpustat, `pipx install <tool>`); do not force pip past the refusal, which can break the "
                "system's own Python tools."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "delete EXTERNALLY-MANAGED", "sudo pip install"),
        sources=("https://github.com/Comfy-Org/ComfyUI/issues/3554", "https://peps.python.org/pep-0668/"),
        checked="2026-11-26",
        examples=("wheels/comfyui-3554-pip-externally-managed-ubuntu2404.txt",),
    ),
    Signature(
        code="wheels.compiler-killed-out-of-memory",
        cause_id="host-memory-oom",
        kinds=_BUILD,
        # gcc's driver, and nvcc's, when the kernel's OOM killer ends a compiler process (signal 9).
        patterns=(r"fatal error: Killed signal terminated program (?P<program>cc1plus|cc1)\b",
                  r"'(?P<program>cicc|ptxas|cudafe\+\+)' died due to signal 9"),
        severity="fail",
        cause=("The kernel killed the compiler ({program}) because the machine ran out of RAM: too many compile jobs "
               "ran at once (ninja and make start one per core; CUDA extensions take several GB each)."),
        advice=("Build with fewer parallel jobs: `MAX_JOBS=4 pip install flash-attn --no-build-isolation` for "
                "PyTorch extensions (lower it further if it is killed again), `make -j2` for make builds; or add RAM or "
                "swap, or install a prebuilt wheel instead of compiling."),
        action="configure",
        rules_out=("a compiler or CUDA toolkit fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "reinstall gcc"),
        sources=("https://github.com/hoytech/strfry/issues/41", "https://github.com/Dao-AILab/flash-attention/issues/1549",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features"),
        checked="2026-11-26",
        examples=("wheels/strfry-41-cc1plus-killed-parallel-build.txt",),
    ),
)

from gpudoctor.knowledge.signatures.wheels_breadth import BREADTH_SIGNATURES  # noqa: E402 (the rows above first)

ABI_SIGNATURES += BREADTH_SIGNATURES
