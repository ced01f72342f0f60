"""Backends a framework picks at run time that cannot run here: an execution provider that finds its own library but
not the CUDA and cuDNN libraries it depends on, and a cuDNN attention backend with no plan for this GPU.

ONNX Runtime's provider_bridge_ort.cc loads onnxruntime_providers_cuda.dll with LoadLibrary; Windows' error 126
(ERROR_MOD_NOT_FOUND) for a file that exists means a DLL it links against is missing. PyTorch's scaled_dot_product_attention
raises cuDNN frontend's error when it chose cuDNN's fused attention. frameworks_versions.py adds these rows to its
VERSION_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ORT_CUDA_REQUIREMENTS = "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"

PROVIDER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.onnxruntime-cuda-dlls-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # the TensorRT provider's own DLL is frameworks.onnxruntime-tensorrt-provider-unavailable's
            r"Load[Ll]ibrary failed with error 126 [^\n]{0,40}when trying to load [^\n]{0,300}"  # "Loadlibrary" retyped
            r"onnxruntime_providers_cuda\.dll",
            # the same line wrapped in a console window: the provider's file name left on the next line
            r"ProviderLibrary::Get[^\n]{0,60}LoadLibrary failed with error 126\b(?![^\n]{0,320}providers_tensorrt)",
            # 1.19+ names the dependency Windows could not find
            r"onnxruntime_providers_cuda\.dll\" which depends on \"(?P<library>(?:cudnn|cublas|cudart|cufft|curand|nvrtc)"
            r"[\w.-]{0,50})\" which is missing",
        ),
        severity="fail",
        cause=("onnxruntime-gpu's CUDA provider is installed, but Windows cannot load a CUDA or cuDNN DLL it depends on "
               "(LoadLibrary error 126): the CUDA and cuDNN versions this onnxruntime-gpu release is built for are not "
               "installed or not on PATH, often after an update left another cuDNN major (cuDNN 9 from "
               "onnxruntime-gpu 1.19, cuDNN 8 before), so ONNX Runtime falls back to the CPU."),
        advice=("Compare `pip show onnxruntime-gpu` with ONNX Runtime's CUDA requirements table and make the CUDA and "
                "cuDNN DLLs of that row loadable: install those CUDA and cuDNN versions and add their bin folders to "
                "PATH, or install the onnxruntime-gpu release built for the cuDNN you have (`pip install -U "
                "onnxruntime-gpu` for CUDA 12 with cuDNN 9, `pip install onnxruntime-gpu==1.18.0` for cuDNN 8). Where "
                "a CUDA build of PyTorch is in the same environment, `import torch` before onnxruntime (or "
                "`onnxruntime.preload_dlls()` from 1.21) loads the CUDA and cuDNN DLLs torch ships. Check that "
                "`onnxruntime.get_available_providers()` lists CUDAExecutionProvider."),
        action="configure",
        rules_out=("a driver fault, when other CUDA programs on the machine use the GPU",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/22491", "https://github.com/microsoft/onnxruntime/issues/18925",
                 ORT_CUDA_REQUIREMENTS),
        checked="2026-11-26",
        examples=("frameworks/onnxruntime-22491-ort-119-error-126-cudnn-8.txt",),
        # the provider's "Failed to create CUDAExecutionProvider" / EP Error lines printed around it
        refines=("frameworks.onnxruntime-cuda-provider-failed",),
        refines_within=4,
    ),
    Signature(
        code="frameworks.onnxruntime-gpu-cuda-major-mismatch",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # provider_bridge_ort.cc naming the CUDA library of its build's major version that the loader could not find
        # (libcublasLt.so.12 for a CUDA 12 build, cublasLt64_13.dll for a CUDA 13 one): the wheel's CUDA is not the one
        # the environment carries (an 11 vs 12 mix, or a CUDA 13 / cu130 torch beside a CUDA 12 onnxruntime-gpu).
        patterns=(r"Failed to load library libonnxruntime_providers_cuda\.so with error: (?P<library>lib(?:cublas(?:Lt)?|"
                  r"cudart|cufft|curand)\.so\.(?P<major>1[0-3]))\b",
                  r"onnxruntime_providers_cuda\.dll\W{0,3} (?:which )?depends on \W{0,3}(?P<library>(?:cublas(?:Lt)?|cudart|"
                  r"cufft|curand)64_(?P<major>1[0-3])\.dll)"),
        severity="fail",
        cause=("This onnxruntime-gpu is built for CUDA {major} and cannot load that CUDA's libraries: the environment "
               "carries another CUDA major (or none of its libraries), so ONNX Runtime falls back to the CPU."),
        advice=("Make the onnxruntime-gpu build match the environment's CUDA major: check it with `pip show "
                "onnxruntime-gpu` and `python -c \"import torch; print(torch.version.cuda)\"`. Either install the "
                "onnxruntime-gpu build for the CUDA you have (CUDA 12: `pip install -U onnxruntime-gpu`; CUDA 11 or "
                "CUDA 13: the build ONNX Runtime's install page lists for it), or add the CUDA {major} libraries "
                "it needs (`pip install nvidia-cublas-cu{major} nvidia-cuda-runtime-cu{major} nvidia-cudnn-cu{major}`, "
                "or `import torch` of a CUDA {major} build before onnxruntime). Then check that "
                "`onnxruntime.get_available_providers()` lists CUDAExecutionProvider."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/danielgatis/rembg/issues/668", "https://github.com/dudarenok-maker/Castwright/issues/2534",
                 "https://github.com/microsoft/onnxruntime/issues/21684", ORT_CUDA_REQUIREMENTS),
        checked="2026-11-26",
        examples=("frameworks/rembg-668-ort-libcublaslt-12-missing.txt",
                  "frameworks/castwright-2534-ort-1-27-needs-cuda-13-has-12-4.txt"),
        refines=("cuda.shared-library-not-loadable",
                 "frameworks.onnxruntime-cuda-provider-failed", "frameworks.onnxruntime-cuda-dlls-not-found"),
        refines_within=4,
    ),
    Signature(
        code="frameworks.cudnn-dll-entry-point-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuDNN 8's loader on Windows: error 127 (ERROR_PROC_NOT_FOUND) is a DLL that loaded but lacks a function the
        # caller needs, a cuDNN (or the CUDA DLLs under it) of another version found first on PATH; 126 is its absence.
        patterns=(r"Could not load library (?P<library>cudnn\w{0,40}\.dll)\. Error code 127\b",),
        severity="fail",
        cause=("Windows found a {library} of another cuDNN or CUDA version first on the DLL search path, which lacks an "
               "entry point this program needs (error 127), so its cuDNN calls fail."),
        advice=("Install the cuDNN version the program is built against (ONNX Runtime's requirements table, or the "
                "framework's: cuDNN 8.x for CUDA 11 or 12 as its release says) and put its bin folder first on PATH; "
                "`where {library}` lists the copies Windows finds: remove or move the older ones behind it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/18973", ORT_CUDA_REQUIREMENTS,
                 "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--0-499-"),
        checked="2026-11-26",
        examples=("cuda/onnxruntime-18973-cudnn-cnn-infer-error-127-ort-1163.txt",),
        refines=("cuda.shared-library-not-loadable", "frameworks.cudnn-library-missing",),
    ),
    Signature(
        code="frameworks.cudnn-attention-no-plan",
        cause_id="framework-release-regression",
        kinds=("any",),
        # cudnn_frontend's own words when no engine of the installed cuDNN supports the graph on this GPU; PyTorch 2.5.0
        # raises them from scaled_dot_product_attention once it picked the cuDNN attention backend.
        patterns=(r"\[cudnn_frontend\] Error: No execution plans support the graph",),
        severity="fail",
        cause=("A bug of PyTorch 2.5.0 itself: it picks cuDNN's fused attention for scaled dot-product attention by "
               "default on more GPUs and tensor shapes than cuDNN has an execution plan for, so code that ran on 2.4 "
               "fails (the driver, CUDA and cuDNN are fine); 2.5.1 and later pick it less eagerly."),
        advice=("Downgrade to the release before it, `pip install torch==2.4.1 torchvision==0.19.1 torchaudio==2.4.1 "
                "--index-url https://download.pytorch.org/whl/cu124` (and stop a launcher that checks its requirements at "
                "start from putting 2.5 back: its skip-verify option), or move on to 2.5.1 or newer; or keep 2.5.0 and turn its "
                "cuDNN attention off before the model runs, `torch.backends.cuda.enable_cudnn_sdp(False)`. A program that "
                "calls cuDNN's frontend itself (llm.c built with USE_CUDNN=1) builds without cuDNN attention on a GPU "
                "older than Ampere."),
        action="configure",
        rules_out=("a driver fault", "a broken cuDNN install"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall cuDNN"),
        sources=("https://github.com/huggingface/diffusers/issues/9704", "https://github.com/karpathy/llm.c/issues/761",
                 "https://github.com/ostris/ai-toolkit/issues/203",
                 "https://pytorch.org/docs/stable/backends.html#torch.backends.cuda.enable_cudnn_sdp"),
        checked="2026-11-26",
        examples=("frameworks/diffusers-9704-torch-250-cudnn-sdpa-no-execution-plans.txt",
                  "frameworks/ai-toolkit-203-torch250-cudnn-frontend-no-plans-fresh-ubuntu.txt"),
    ),
)
