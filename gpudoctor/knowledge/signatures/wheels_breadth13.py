"""Source builds of the Python GPU packages that fail on an optional part: what their build scripts print.

Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.deepspeed-async-io-unbuildable",
        cause_id="build-library-headers-missing",
        kinds=("any",),
        # DeepSpeed's setup.py aborts "Unable to pre-compile async_io" when DS_BUILD_OPS=1 (the default of its Windows
        # builds) and the AsyncIOBuilder's test link against libaio fails: on Windows MSVC's "cannot open input file
        # 'aio.lib'", on Linux the libaio-dev package is missing. Its own warning names DS_BUILD_AIO=0.
        patterns=(r"Unable to pre-compile async_io\b",
                  r"LNK1181: [^\n]{0,60}'aio\.lib'"),
        severity="fail",
        cause=("pip built DeepSpeed from source with its ops pre-compiled, and the async_io op needs libaio: Windows "
               "has none, and on Linux its development package (libaio-dev) is not installed, so the install aborted."),
        advice=("Build without that op: set DS_BUILD_AIO=0 before installing (Windows: `set DS_BUILD_AIO=0` and "
                "`set DS_BUILD_OPS=0`, so the other ops are built just in time, then `pip install deepspeed`); on "
                "Linux, where async_io is wanted (ZeRO-Infinity NVMe offload), `sudo apt install libaio-dev` instead."),
        action="configure",
        rules_out=("a GPU or driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "docker run --gpus"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/4179",
                 "https://github.com/deepspeedai/DeepSpeed/issues/3145",
                 "https://github.com/deepspeedai/DeepSpeed/issues/1769"),
        checked="2026-11-26",
        examples=("wheels/deepspeed-4179-windows-async-io-aio-lib.txt",
                  "wheels/deepspeed-3145-windows-async-io-aio-lib.txt"),
        # DeepSpeed's "No CUDA runtime is found" above it is torch's note of no GPU at build time, not the failure.
        refines=("wheels.extension-build-sees-no-gpu",), refines_within=None,
    ),
)

SIGNATURES += (
    Signature(
        code="wheels.torchaudio-library-not-loadable",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # torchaudio/_extension (utils._load_lib -> torch.ops.load_library) on Windows: ctypes' "Could not find module
        # '...\torchaudio\lib\libtorchaudio.pyd' (or one of its dependencies)" (WinError 126/127 underneath), and
        # torch 2.4 and later's "Could not load this library: ...torchaudio\lib\_torchaudio.pyd". torchaudio 2.9 and
        # later no longer pin torch, so `pip install torchaudio` beside a pinned torch pulls a newer, unmatched one.
        patterns=(r"Could not find module '[^'\n]{0,300}?[\\/]torchaudio[\\/]lib[\\/](?P<library>\w{1,40}\.pyd)'",
                  r"Could not load this library: [^\n]{0,300}?[\\/]torchaudio[\\/]lib[\\/](?P<library>\w{1,40}\.(?:pyd|so))",
                  # the traceback's own frame where torchaudio/_extension loads its library: before torch 2.4 the
                  # error under it is a bare "OSError: [WinError 127] The specified procedure could not be found" (w40h)
                  r"\b_load_lib\(\"(?P<library>libtorchaudio|_torchaudio)\"\)"),
        severity="fail",
        cause=("torchaudio's compiled library {library} cannot be loaded with the installed torch: torchaudio is of "
               "another release or CUDA/CPU variant than torch (one of them was upgraded or installed from another "
               "index)."),
        advice=("Check `pip list` (Windows: `pip list | findstr torch`): torch and torchaudio must share the release "
                "and the +cuXXX/+cpu suffix. Reinstall them as one set from the same index: `pip uninstall -y torch "
                "torchvision torchaudio` then `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu121` (the CUDA build you use; pin `torchaudio==` to torch's "
                "version when torch is pinned)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/suno-ai/bark/issues/239", "https://github.com/vast-ai/base-image/pull/291",
                 "https://github.com/facebookresearch/audiocraft/issues/30"),
        checked="2026-11-26",
        examples=("wheels/bark-239-torchaudio-lib-not-found-windows.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="wheels.dlib-built-without-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # dlib's CMakeLists.txt turns CUDA off, without failing the build, when it finds no CUDA toolkit (nvcc) or no
        # working cuDNN: "Disabling CUDA support for dlib.  DLIB WILL NOT USE CUDA" (19.24 also "*** Since a functional
        # cuDNN is not found DLIB WILL NOT USE CUDA." and "...so dlib isn't going to use CUDA."); `pip install dlib`
        # builds from source, so face_recognition and other users get a CPU-only dlib. People report it as
        # "dlib.DLIB_USE_CUDA returns False".
        patterns=(r"DLIB WILL NOT USE CUDA", r"so dlib isn't going to use CUDA",
                  r"\bDLIB_USE_CUDA(?: returns| as| is| =|:)? False\b"),
        severity="fail",
        cause=("dlib was built without CUDA: its build found no CUDA toolkit or no usable cuDNN and quietly turned CUDA "
               "off, so its CNN models (face_recognition's model=\"cnn\") run on the CPU."),
        advice=("Install the CUDA toolkit and cuDNN, then rebuild dlib and read its build log: `pip install "
                "--no-cache-dir --force-reinstall --verbose dlib` must print \"DLIB WILL USE CUDA\" (if not, the lines "
                "above it say what was missing; on Windows point CMake at cuDNN 9's folder, e.g. "
                "`-DCMAKE_PREFIX_PATH=\"C:/Program Files/NVIDIA/CUDNN/v9.4\"`, or set CUDNN_HOME). Check with "
                "`python -c \"import dlib; print(dlib.DLIB_USE_CUDA)\"`, which must print True."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/davisking/dlib/issues/1703", "https://github.com/davisking/dlib/issues/2979",
                 "https://github.com/davisking/dlib/issues/221",
                 "https://github.com/davisking/dlib/blob/master/dlib/CMakeLists.txt"),
        checked="2026-11-26",
        examples=("wheels/dlib-1703-pip-dlib-use-cuda-false.txt",),
    ),
)

# conda's and mamba's solvers where the installed driver is too old for the CUDA build asked for
SIGNATURES += (
    Signature(
        code="wheels.conda-cuda-build-needs-newer-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # A CUDA package depends on the __cuda virtual package, which conda sets from the installed driver (the CUDA
        # version nvidia-smi shows); mamba 0.x/1.x words the clash "has constraint __cuda >=X conflicting with
        # __cuda-Y-0", libmamba's tree "__cuda >=X , which conflicts with any installable versions previously reported".
        # libmamba's flat list and libsolv's "nothing provides __cuda >=X needed by P" (conda's own tests print it for a
        # driver of CUDA 8.0 asked for 9.0, and for no driver at all: the "which is missing" row takes its place there),
        # libsolv's "requires __cuda >=X, but none of the providers can be installed", classic conda's chain
        # "pytorch-cuda=11.8 -> __cuda[version='>=11.8']" under "incompatible with your system".
        patterns=(r"has constraint __cuda >=(?P<wanted>\d{1,2}(?:\.\d{1,3})?(?:\.\d{1,3})?) conflicting with __cuda-(?P<found>\d{1,2}\.\d{1,2})",
                  r"__cuda >=?(?P<wanted>\d{1,2}(?:\.\d{1,3})?(?:\.\d{1,3})?) ?, which conflicts with any installable versions",
                  r"nothing provides __cuda >=(?P<wanted>\d{1,2}(?:\.\d{1,3})?) needed by",
                  r"requires __cuda >=(?P<wanted>\d{1,2}(?:\.\d{1,3})?), but none of the providers can be installed",
                  r"-> __cuda\[version='>=(?P<wanted>\d{1,2}(?:\.\d{1,3})?)"),
        severity="fail",
        cause=("The package needs CUDA {wanted} (the __cuda virtual package), but the installed NVIDIA driver supports "
               "an older CUDA, so conda's solver cannot install it; the CUDA toolkit (nvcc) does not count here."),
        advice=("Check the CUDA version the driver supports (`nvidia-smi`'s \"CUDA Version\", or `conda info`'s virtual "
                "packages), then update the NVIDIA driver to a release that supports CUDA {wanted} (R520 or newer for "
                "11.8, R525 or newer for 12.x), or install the build for the CUDA the driver supports (e.g. "
                "`pytorch-cuda=11.8` or `cuda-version=11.8`). Set CONDA_OVERRIDE_CUDA only when installing on a "
                "machine other than the GPU machine (`conda info` lists no __cuda there)."),
        action="configure",
        rules_out=("the CUDA toolkit on PATH",),
        never_suggest=("reinstall CUDA", "install the CPU-only build"),
        sources=("https://github.com/MPI-Dortmund/tomotwin-cryoet/issues/3",
                 "https://docs.conda.io/projects/conda/en/latest/user-guide/tasks/manage-virtual.html",
                 "https://github.com/conda/conda/blob/main/tests/core/test_solve.py"),
        checked="2026-11-26",
        examples=("wheels/tomotwin-3-mamba-cuda-constraint-driver-10-2.txt",),
    ),
)

# A bitsandbytes older than the library that quantizes with it requires
SIGNATURES += (
    Signature(
        code="wheels.bitsandbytes-older-than-library-needs",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' bitsandbytes quantizers (quantizer_bnb_4bit.py / _8bit.py, before them modeling_utils.py) check
        # the installed bitsandbytes' version (0.39.0 for 4-bit, 0.37.2 for 8-bit); vLLM's and SGLang's
        # bitsandbytes.py name the minimum release they need in their own ImportError.
        patterns=(r"You have a version of .?bitsandbytes.? that is not compatible with (?P<bits>4|8) ?bit inference",
                  r"Please install bitsandbytes>=(?P<wanted>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?) via .?pip install"),
        severity="fail",
        cause=("The installed bitsandbytes is older than the release this transformers, vLLM or SGLang needs for its "
               "bitsandbytes quantization, so loading the quantized model stops."),
        advice=("Upgrade bitsandbytes in the environment that runs the model: `pip install -U bitsandbytes` (at least "
                "the version the message names), then restart the kernel or process; check it with `python -m "
                "bitsandbytes`. If pip keeps an old one, another requirement pins it: `pip show bitsandbytes` names it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/Vaibhavs10/fast-whisper-finetuning/pull/15",
                 "https://github.com/sgl-project/sglang/issues/2769",
                 "https://huggingface.co/docs/transformers/quantization/bitsandbytes"),
        checked="2026-11-26",
        examples=("wheels/fast-whisper-finetuning-15-bitsandbytes-too-old-for-8bit.txt",),
    ),
)

# GroundingDINO (Grounded-SAM and the apps built on it) whose _C extension was built without CUDA or does not load
SIGNATURES += (
    Signature(
        code="wheels.groundingdino-ops-not-built",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # groundingdino/models/GroundingDINO/ms_deform_attn.py imports groundingdino._C in a try and warns; the forward
        # pass then raises NameError on _C. setup.py compiles the CUDA sources only when torch.cuda.is_available() and
        # CUDA_HOME are true at install time ("Compiling without CUDA" otherwise): pip's isolated build environment
        # (a CPU torch), no CUDA_HOME, or a build node without a GPU leave an _C without CUDA, or none.
        patterns=(r"Failed to load custom C\+\+ ops\. Running on CPU mode Only",
                  r"NameError: name '_C' is not defined"),
        severity="fail",
        cause=("GroundingDINO's compiled ops (groundingdino._C, multi-scale deformable attention) are missing or could "
               "not load: the package was installed where its setup.py did not see CUDA (no CUDA_HOME, a CPU torch in "
               "pip's isolated build environment, no GPU on that node), so it built no CUDA ops, or the built module "
               "does not match this torch or compiler."),
        advice=("Rebuild GroundingDINO with CUDA: set CUDA_HOME to the CUDA toolkit of torch's CUDA (`python -c "
                "\"import torch; print(torch.version.cuda)\"`, e.g. `export CUDA_HOME=/usr/local/cuda-12.1`), remove the "
                "old build (`rm -rf build groundingdino/_C*`), then in its folder `pip install --no-build-isolation -e .` "
                "and check the log says \"Compiling with CUDA\". If _C exists but fails with an undefined symbol, "
                "rebuild it with this environment's torch and compiler (conda: `conda install gxx_linux-64`)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/UTAustin-SwarmLab/Neuro-Symbolic-Video-Search-Temporal-Logic/issues/1",
                 "https://github.com/IDEA-Research/Grounded-Segment-Anything/issues/15",
                 "https://github.com/longzw1997/Open-GroundingDino/issues/7"),
        checked="2026-11-26",
        examples=("wheels/swarmlab-nsvs-1-groundingdino-compiled-without-cuda.txt",),
    ),
)

# bitsandbytes' LLM.int8() matmul refused by a release without int8 kernels for this GPU
SIGNATURES += (
    Signature(
        code="wheels.bitsandbytes-int8-matmul-unsupported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # csrc/ops.cu igemmlt() before 0.37.0: cuBLASLt int8 needs compute capability 7.5 (Turing) or newer, and its
        # *_nocublaslt library (Maxwell, Pascal, Volta, and GPUs whose capability the CUDA setup misread) aborts here.
        patterns=(r"Your GPU does not support Int8 Matmul",),  # keyed on Int8, not on ERROR:
        severity="fail",
        cause=("This bitsandbytes has no int8 matrix multiply for this GPU: releases before 0.37.0 need cuBLASLt int8 "
               "(compute capability 7.5 or newer), and loaded their nocublaslt library, which aborts on an 8-bit "
               "(load_in_8bit) model; on a Turing or newer GPU it means the CUDA setup misread the GPU."),
        advice=("Upgrade bitsandbytes (`pip install -U bitsandbytes`; 0.37.0 added int8 matmul for every GPU, slow on "
                "GPUs below compute capability 7.5), then check `python -m bitsandbytes` loads a library for the GPU; "
                "on a Maxwell, Pascal or Volta GPU, 4-bit loading (load_in_4bit) or fp16 is the faster path."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/118",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/131",
                 "https://github.com/huggingface/transformers/pull/21487"),
        checked="2026-11-26",
        examples=("wheels/bitsandbytes-118-p40-int8-matmul-unsupported.txt",),
    ),
)

# conda's solver: the package asked for is not built for the environment's Python
SIGNATURES += (
    Signature(
        code="wheels.conda-package-not-for-this-python",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # conda's classic solver (UnsatisfiableError), with "Your python: python=X.Y" and the packages' python[version=]
        # chains under it; conda never changes an environment's Python minor version on its own.
        patterns=(r"incompatible with the existing python installation in your environment",),
        severity="fail",
        cause=("conda has no build of the requested packages (their python[version=...] list) for the Python of this "
               "environment, and it will not change the environment's Python minor version by itself."),
        advice=("Use a Python the packages are built for: create a new environment with one of the versions their "
                "python[version=...] list names (e.g. `conda create -n env python=3.8`, then install them there), or ask "
                "for a newer release of the package that is built for your Python. CUDA driver (__cuda) lines conda "
                "prints beside this are not the conflict."),
        action="configure",
        rules_out=("a driver fault", "the CUDA toolkit"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/KaihuaTang/Scene-Graph-Benchmark.pytorch/pull/160",
                 "https://github.com/facebookresearch/pytorch3d/issues/183"),
        checked="2026-11-26",
        examples=("wheels/scene-graph-benchmark-160-conda-pytorch-not-for-python-39.txt",),
    ),
)

# uv taking a non-PyTorch package from the PyTorch index given for torch
SIGNATURES += (
    Signature(
        code="wheels.uv-pytorch-index-for-every-package",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # uv resolves each package from the first index that has it (first-index strategy): given as --index,
        # --default-index or an index without `explicit = true`, download.pytorch.org also serves the copies of
        # markupsafe, jinja2, numpy, filelock... it mirrors, for few platforms and Pythons.
        patterns=(r"Distribution `(?P<package>(?!torch)[A-Za-z][\w.-]{0,40})==[\w.+-]{1,40} @ "
                  r"registry\+https://download\.pytorch\.org/whl/",),
        refines=("wheels.uv-no-wheel-for-platform",),
        severity="fail",
        cause=("uv took {package} from the PyTorch index, which it was given for torch but used for every package (uv "
               "stops at the first index that has a package), and that index's copy has no wheel for this platform or "
               "Python."),
        advice=("Route only the PyTorch packages to the PyTorch index: in pyproject.toml declare it under "
                "[[tool.uv.index]] with `explicit = true` and point torch (torchvision, torchaudio) at it in "
                "[tool.uv.sources], as uv's PyTorch guide shows, then `uv lock` / `uv sync` again; with `uv pip install`, "
                "install torch alone with --index-url first, or pass --index-strategy unsafe-best-match."),
        action="configure",
        rules_out=("a driver fault", "a broken package on PyPI"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/astral-sh/uv/issues/11532", "https://docs.astral.sh/uv/guides/integration/pytorch/"),
        checked="2026-11-26",
        examples=("wheels/uv-11532-pytorch-index-serves-markupsafe.txt",),
    ),
)

# Numba's import-time check of the NumPy it runs with (librosa, whisper, TTS and 3-D packages import it)
SIGNATURES += (
    Signature(
        code="wheels.numba-numpy-out-of-range",
        cause_id="package-version-conflict",
        kinds=("any",),
        # numba/__init__.py _ensure_critical_deps: each release pins the NumPy range it was built and tested for
        # ("Numba needs NumPy 2.1 or less. Got NumPy 2.2.", before 0.54 without the "Got" part).
        patterns=(r"Numba needs NumPy (?P<bound>\d\.\d{1,2}) or (?P<direction>less|greater)",),
        severity="fail",
        cause=("The installed Numba supports NumPy {bound} or {direction} only, and the environment has another NumPy "
               "(often one that another package's install upgraded or downgraded), so importing numba fails."),
        advice=("Bring the two into range in the app's environment: install the NumPy the message allows (e.g. `pip "
                "install \"numpy<2.1\"` when it says 2.0 or less, `pip install \"numpy>=1.22\"` when it says 1.22 or "
                "greater), or install the Numba release built for your NumPy (`pip install -U numba`), then check "
                "`pip check` for the package that pinned the other one."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/KytraScript/ComfyUI_MatAnyone_Kytra/issues/3", "https://github.com/michaelkyu/MobMess/issues/4",
                 "https://github.com/numba/numba/blob/main/numba/__init__.py"),
        checked="2026-11-26",
        examples=("wheels/matanyone-kytra-3-numba-needs-numpy-2-1-or-less.txt",
                  "wheels/mobmess-4-numba-needs-numpy-1-22-or-greater.txt"),
    ),
)

# detectron2 used from its source tree without its compiled extension
SIGNATURES += (
    Signature(
        code="wheels.detectron2-not-built",
        cause_id="python-package-missing",
        kinds=("any",),
        # detectron2/layers (deform_conv.py, nms.py, roi_align.py) import the compiled detectron2._C; a clone never built,
        # or a script run from the clone's root (where the source folder shadows the installed package), has none.
        patterns=(r"cannot import name '_C' from 'detectron2'", r"No module named 'detectron2\._C'",
                  r"from detectron2 import _C\b[^\n]{0,40}[Ii]mport[Ee]rror: cannot import name '_C'"),
        severity="fail",
        cause=("detectron2's compiled extension (detectron2._C) is not there: the clone was never built and installed, "
               "or the program runs from the clone's root, where the unbuilt source folder hides the installed "
               "package."),
        advice=("Build and install detectron2 into this environment as its INSTALL.md says (`python -m pip install -e "
                "detectron2` from the folder above the clone, with torch already installed; `--no-build-isolation` on "
                "recent pip), or a prebuilt wheel for your torch and CUDA; then run the program from another directory "
                "than the clone's root."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/facebookresearch/detectron2/issues/538", "https://github.com/facebookresearch/detectron2/issues/157",
                 "https://github.com/facebookresearch/detectron2/issues/1018"),
        checked="2026-11-26",
        examples=("wheels/detectron2-538-c-not-built-balloon-demo.txt", "wheels/detectron2-157-cannot-import-c-not-built.txt"),
    ),
)

# DGL whose per-torch C++ libraries (graphbolt, sparse) do not exist or do not load for the installed torch
SIGNATURES += (
    Signature(
        code="wheels.dgl-no-library-for-this-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # dgl/graphbolt/__init__.py and dgl/sparse load lib{graphbolt,dgl_sparse}_pytorch_<torch version>.so: a DGL release
        # ships them only for the torch versions (and CUDA) it was built with; "Cannot load" when the file is there
        # but its torch or CUDA libraries (libnvrtc, libcusparse) do not match.
        patterns=(r"Cannot find DGL C\+\+ (?P<part>graphbolt|sparse) library at [^\n]{0,300}_pytorch_(?P<torch>\d{1,2}\.\d{1,2}\.\d{1,2})",
                  r"Cannot load Graphbolt C\+\+ library"),
        severity="fail",
        cause=("This DGL has no working C++ library for the installed torch (DGL builds one per torch release and CUDA; "
               "a newer or other torch than the DGL wheel or conda package was made for), so `import dgl` fails."),
        advice=("Install the DGL build made for your torch version and CUDA from DGL's own index (`pip install dgl -f "
                "https://data.dgl.ai/wheels/torch-2.3/cu121/repo.html`, or the conda label such as dglteam/label/th21_cu118, "
                "per dgl.ai's install selector), or install a torch version and CUDA that this DGL release supports; the "
                "file name in the message shows the torch version it looked for."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/graeter-group/grappa/issues/20", "https://github.com/dmlc/dgl/issues/7247",
                 "https://github.com/dmlc/dgl/issues/7157"),
        checked="2026-11-26",
        examples=("wheels/grappa-20-dgl-graphbolt-torch-cuda-pair.txt",),
    ),
)
