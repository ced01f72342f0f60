"""Python packages around the GPU stack that fail at import or load for a reason of how they were installed: distutils,
which Python 3.12 removed (GPUtil, old setup.py builds) and which Debian's system Python ships apart, and packages whose
build is for another CUDA major than the one the environment holds (onnxruntime-gpu's CUDA 11 and CUDA 12 builds).

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA", "install CUDA")

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.distutils-not-available",
        cause_id="python-package-missing",
        kinds=("any",),
        # Python 3.12 removed distutils from the standard library (PEP 632); code that still imports it (GPUtil's
        # "from distutils import spawn", setup.py files and old setuptools pinned in a build's isolated environment)
        # fails there unless setuptools' distutils shim is installed. Debian and Ubuntu's system Python 3.11 and older
        # ship distutils in a separate package, python3-distutils.
        patterns=(r"No module named '(?P<module>distutils(?:\.\w{1,20})?)'",),
        severity="fail",
        cause=("The code imports {module}, which this Python does not have: Python 3.12 removed distutils from the "
               "standard library, and Debian/Ubuntu's system Python ships it in a separate package."),
        advice=("On Python 3.12 or later install setuptools in the same environment (`python -m pip install -U "
                "setuptools`; it provides distutils), and upgrade or replace the package that imports it (GPUtil, an "
                "old pinned setuptools or numpy being built from source), or create the environment with Python 3.11; "
                "with Debian/Ubuntu's system Python 3.11 or older, `sudo apt install python3-distutils`."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/jiayev/GPT4V-Image-Captioner/issues/58",
                 "https://github.com/jupyterhub/jupyterhub-deploy-teaching/issues/109",
                 "https://github.com/anderskm/gputil/issues/48", "https://peps.python.org/pep-0632/"),
        checked="2026-11-26",
        examples=("wheels/gpt4v-image-captioner-58-gputil-distutils-py312.txt",
                  "wheels/jupyterhub-deploy-teaching-109-distutils-spawn-apt.txt"),
    ),
    Signature(
        code="wheels.onnxruntime-gpu-other-cuda-major",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # onnxruntime/core/session/provider_bridge_ort.cc: the CUDA execution provider is a separate library that links
        # one CUDA major's cuBLAS, cuDNN and runtime. PyPI's onnxruntime-gpu was a CUDA 11 build up to 1.18 (CUDA 12
        # builds on the onnxruntime-cuda-12 feed) and is a CUDA 12 build (cuDNN 9) from 1.19 (CUDA 11 builds on the
        # onnxruntime-cuda-11 feed), so a CUDA 11 library missing here (hosts and images hold CUDA 12 now) names the
        # wrong build. A CUDA 12 library or cuDNN missing is most often one not installed (a cuDNN 9 the CUDA 12 build
        # needs: immich-lxc#32, onnxruntime#25609), which cuda.runtime-library-missing reads.
        patterns=(r"libonnxruntime_providers_cuda\.so with error: "
                  r"(?P<library>lib(?:cublasLt|cublas|cudart|cufft|curand)\.so\.(?P<major>1[01]))"
                  r"[.\d]{0,8}: cannot open shared object file",),
        severity="fail",
        cause=("This onnxruntime-gpu is a build for CUDA {major}: its CUDA provider needs {library}, which the "
               "environment does not have, usually because it holds another CUDA major (PyPI's onnxruntime-gpu is a "
               "CUDA 11 build up to 1.18 and a CUDA 12 build with cuDNN 9 from 1.19)."),
        advice=("Install the onnxruntime-gpu build for the CUDA you have (ONNX Runtime's CUDA-ExecutionProvider "
                "requirements table): for CUDA 12, `pip install -U onnxruntime-gpu` (1.19 or later; for 1.18 add "
                "`--extra-index-url https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/"
                "pypi/simple/`); for CUDA 11, onnxruntime-gpu from the onnxruntime-cuda-11 feed or 1.18 and older. Or "
                "provide the missing CUDA major's libraries in the environment (the nvidia-cublas-cuNN and nvidia-cudnn-cuNN "
                "wheels, or `import torch` before onnxruntime when torch bundles that CUDA), and uninstall the CPU "
                "package onnxruntime if both are installed."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "downgrade the driver"),
        sources=("https://github.com/fudan-generative-vision/champ/issues/95",
                 "https://github.com/fudan-generative-vision/hallo/issues/203",
                 "https://github.com/stepfun-ai/Step-Audio-EditX/issues/3",
                 "https://github.com/microsoft/onnxruntime/issues/21684",
                 "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"),
        checked="2026-11-26",
        examples=("wheels/champ-95-ort-gpu-cu11-build-on-cuda12.txt", "wheels/hallo-203-ort-gpu-1180-cu11-libcublaslt.txt",
                  "wheels/step-audio-editx-3-libcublaslt-so-11-ort.txt"),
        # The loader's generic words on the same line, and ONNX Runtime's own "Failed to create CUDAExecutionProvider"
        # beside it: here they name which onnxruntime-gpu build is installed.
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "frameworks.onnxruntime-cuda-provider-failed", "cuda.cudnn-so-not-found",
                 "frameworks.onnxruntime-cudnn-not-found"),
        refines_within=2,
    ),
    Signature(
        code="wheels.build-env-without-torch",
        cause_id="build-isolation-no-torch",
        refines=("frameworks.torch-not-in-this-python",),  # the generic reading of the same line (frameworks_w52b.py)
        kinds=("any",),
        contexts=("package-build",),
        # The import error itself, read only where the text is a package build's output (pip's "Getting requirements
        # to build wheel", uv's "The build backend returned an error", ...): there it means the build's own isolated
        # environment lacks torch, whatever the user's environment holds. The row of pip's "[end of output]" form and
        # uv's later hint (wheels.build-isolation-without-torch) reads the other pastes of the same failure.
        patterns=(r"ModuleNotFoundError: No module named '(?P<module>torch)'",),
        severity="fail",
        cause=("The package's build imports torch, but pip or uv builds it in an isolated environment that has no "
               "torch, so the build stops with \"No module named 'torch'\" even when torch is installed."),
        advice=("Install torch (the CUDA build you want) first, then build the package without isolation: `pip "
                "install flash-attn --no-build-isolation` (uv: `uv pip install ... --no-build-isolation`; with `uv sync` "
                "or `uv add`, name the package in `no-build-isolation-package = [\"flash-attn\"]` under [tool.uv], or "
                "give it extra-build-dependencies / build-system requires in pyproject.toml); or install a prebuilt wheel "
                "matching your torch, CUDA and Python."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/ai-bond/flash-attention-v100/pull/23", "https://github.com/whyNLP/LCKV/issues/17",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features"),
        checked="2026-11-26",
        examples=("wheels/flash-attention-v100-23-uv-build-wheel-no-torch.txt",),
    ),
    Signature(
        code="wheels.extension-nvcc-newer-than-runtime",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # Host stubs that nvcc writes into every object with kernels: __cudaPushCallConfiguration and
        # __cudaPopCallConfiguration since CUDA 9.2/10.0, __cudaRegisterFatBinaryEnd since 10.1. An extension whose nvcc
        # was newer than the libcudart it loads at import (the one torch or the environment brings, or an older one on
        # LD_LIBRARY_PATH) finds none of them.
        patterns=(r"undefined symbol: (?P<symbol>__cuda(?:PopCallConfiguration|PushCallConfiguration|"
                  r"RegisterFatBinaryEnd))\b",),
        severity="fail",
        cause=("The compiled module was built by an nvcc newer than the CUDA runtime it loads at import, which lacks "
               "{symbol}: the CUDA toolkit on PATH/CUDA_HOME at build time is not the CUDA that PyTorch (or the "
               "environment) uses at run time."),
        advice=("Rebuild it with the CUDA toolkit matching the runtime it will load: compare `nvcc --version` with "
                "`python -c \"import torch; print(torch.version.cuda)\"`, point CUDA_HOME and PATH at that version "
                "(e.g. `export CUDA_HOME=/usr/local/cuda-11.8 PATH=/usr/local/cuda-11.8/bin:$PATH`), remove the old "
                "build (`rm -rf build/`, `pip uninstall` it until gone) and reinstall; or install PyTorch built for the "
                "CUDA you compile with."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/osqp/cuosqp/issues/6", "https://github.com/RenYurui/StructureFlow/issues/23",
                 "https://github.com/davisking/dlib/issues/2123"),
        checked="2026-11-26",
        examples=("wheels/cuosqp-6-register-fatbinary-end-cuda-111-vs-110.txt",
                  "wheels/structureflow-23-pop-call-configuration-cuda-vs-torch.txt"),
    ),
    Signature(
        code="wheels.windows-extension-dll-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Windows' ERROR_MOD_NOT_FOUND (126) for a compiled Python module: it, or a DLL it links (the CUDA runtime,
        # cuBLAS, cuDNN, torch's own), was not found. Python 3.8 and later no longer search PATH for an extension's
        # DLLs (os.add_dll_directory), which broke CUDA modules that relied on it. Modules with rows of their own
        # (CuPy's runtime, Triton's cuda_utils, ExLlama, flash-attn, TensorFlow) are left to them.
        patterns=(r"DLL load failed while importing (?!runtime:|cuda_utils:|__triton_launcher:|exllama_ext:|"
                  r"exllamav2_ext:|flash_attn_cuda:|flash_attn_2_cuda:|_pywrap_tensorflow_internal:)(?P<module>\w{1,60}): "
                  r"The specified module could not be found",
                  r"DLL load failed: The specified module could not be found"),  # Python 3.7 and older
        severity="fail",
        cause=("Windows could not load a compiled module or a DLL it links, most often a CUDA, cuDNN or PyTorch DLL "
               "that is not on the DLL search path: since Python 3.8, PATH is no longer searched for an extension's "
               "DLLs."),
        advice=("Make the DLLs it links findable before the import: for a PyTorch extension `import torch` first (it "
                "loads torch's and CUDA's DLLs); otherwise `os.add_dll_directory(os.path.join(os.environ[\"CUDA_PATH\"], "
                "\"bin\"))` (and cuDNN's bin folder) before importing it; list what it links with Dependencies.exe or "
                "`dumpbin /dependents` on the .pyd; if a Visual C++ runtime DLL is the one missing, install the latest "
                "Visual C++ Redistributable (x64)."
                " Where the paths run through \\Packages\\PythonSoftwareFoundation.Python.3.x_... (the Microsoft Store Python), "
                "its redirected folders break DLL loading: use a python.org or conda Python and reinstall there."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/inducer/pycuda/issues/213", "https://github.com/davisking/dlib/issues/2079",
                 "https://github.com/pytorch/pytorch/issues/26800",
                 "https://docs.python.org/3.8/whatsnew/3.8.html#bpo-36085-whatsnew"),
        checked="2026-11-26",
        examples=("wheels/pycuda-213-driver-dll-not-on-search-path.txt", "wheels/dlib-2079-py38-cuda-dll-not-found.txt",
                  "wheels/pytorch-26800-extension-dll-import-torch-first.txt"),
    ),
    Signature(
        code="wheels.torchaudio-other-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # torchaudio/_extension/utils.py _check_cuda_version: torchaudio refuses to load beside a torch built for another
        # CUDA (any other version before 2.9, another major since); torchvision's own check has its row
        # (wheels.torchvision-other-cuda).
        patterns=(r"PyTorch has CUDA version (?P<torch_cuda>[\d.]{1,8}) whereas TorchAudio has CUDA version "
                  r"(?P<audio_cuda>[\d.]{1,8})",),
        severity="fail",
        cause=("torchaudio was built for another CUDA than the installed torch (torch's CUDA {torch_cuda}, "
               "torchaudio's {audio_cuda}), so it refuses to load: the two came from different indexes or releases."),
        advice=("Install torchaudio of the matching release from the same PyTorch index as torch, or all three together "
                "(`pip install torch==<v> torchvision==<v> torchaudio==<v> --index-url https://download.pytorch.org/whl/"
                "cu118`, the cuXXX of `python -c \"import torch; print(torch.version.cuda)\"`; conda: `conda install "
                "pytorch torchvision torchaudio pytorch-cuda=11.8 -c pytorch -c nvidia`), in the environment the program "
                "runs in (the web UI's venv)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/mli/autocut/issues/62", "https://github.com/KoljaB/RealtimeSTT/issues/2",
                 "https://github.com/numz/sd-wav2lip-uhq/issues/36", "https://pytorch.org/get-started/previous-versions/"),
        checked="2026-11-26",
        examples=("wheels/autocut-62-docker-torchaudio-cu117-torch-cu116.txt",
                  "wheels/realtimestt-2-torchaudio-cuda-mismatch-pin.txt"),
    ),
    Signature(
        code="wheels.tinycudann-built-for-other-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # tiny-cuda-nn's bindings/torch/tinycudann/modules.py: the PyTorch extension is compiled once per compute
        # capability targeted at build time (the build machine's GPU unless TCNN_CUDA_ARCHITECTURES says otherwise), and
        # the import finds none for the GPU it runs on (nerfstudio, neuralangelo, 3D Gaussian splatting projects).
        patterns=(r"Could not find compatible tinycudann extension for compute capability (?P<cc>\d{2,3})\b",),
        severity="fail",
        cause=("The installed tinycudann extension was built for other GPUs than this one (compute capability {cc}): it "
               "is compiled only for the capabilities targeted when it was built, often the build machine's GPU."),
        advice=("Rebuild it for this GPU: `pip uninstall tinycudann` (remove leftover tinycudann* folders from "
                "site-packages), then `TCNN_CUDA_ARCHITECTURES=<this GPU's capability, e.g. 86> pip install --no-cache-dir "
                "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch` on a machine with the CUDA "
                "toolkit of torch.version.cuda; list several (\"75;86\") when the same environment runs on several GPUs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVlabs/tiny-cuda-nn/issues/230", "https://github.com/NVlabs/tiny-cuda-nn/issues/434",
                 "https://github.com/umautobots/LONER/issues/6", "https://github.com/NVlabs/tiny-cuda-nn#pytorch-extension"),
        checked="2026-11-26",
        examples=("wheels/tiny-cuda-nn-230-import-cc75-recompiled.txt",
                  "wheels/tiny-cuda-nn-434-orin-cc87-tcnn-architectures.txt"),
    ),
)
