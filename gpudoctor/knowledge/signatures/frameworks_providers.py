"""Execution providers that find their own library but not the CUDA and cuDNN libraries it depends on.

ONNX Runtime's provider_bridge_ort.cc loads onnxruntime_providers_cuda.dll with LoadLibrary; Windows' error 126
(ERROR_MOD_NOT_FOUND) for a file that exists means a DLL it links against is missing. frameworks_versions.py adds
these rows to its VERSION_SIGNATURES.
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
            r"LoadLibrary failed with error 126 [^\n]{0,40}when trying to load [^\n]{0,300}"
            r"onnxruntime_providers_(?:cuda|tensorrt)\.dll",
            # the same line wrapped in a console window: the provider's file name left on the next line
            r"ProviderLibrary::Get[^\n]{0,60}LoadLibrary failed with error 126\b",
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
)
