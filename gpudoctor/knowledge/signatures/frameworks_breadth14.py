"""Frequent failures of the frameworks people run on one or two consumer GPUs, read in the words the shell or the
library prints (a further module beside frameworks_breadth13.py, which is near the house limit of 600 lines).

Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.python-illegal-instruction",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # The shell's report of SIGILL in the Python process (bash "Illegal instruction (core dumped)", localised
        # "( core dumped creato )", zsh "illegal hardware instruction", IDEs' "exit code 132 (interrupted by signal 4:
        # SIGILL)"): on import of TensorFlow (AVX since 1.6), llama.cpp or ONNX builds, the CPU lacks the instructions
        # the prebuilt binary uses; in a VM the CPU type hides them.
        patterns=(r"[Ii]llegal instruction \(? ?core dumped", r"\billegal hardware instruction\b",
                  r"exit code 132 \(interrupted by signal 4: SIGILL\)"),
        severity="fail",
        cause=("The process (Python, or a prebuilt program such as llama-server, node or an LLM app's server) died on a "
               "CPU instruction the processor does not have: a prebuilt binary it runs or loaded (TensorFlow 1.6 and "
               "later need AVX; llama.cpp builds AVX2, FMA, at times AVX-512 or AMX) uses instructions this CPU, or the "
               "virtual machine's CPU model, lacks."),
        advice=("Check the CPU's flags: `grep -o -w -m1 'avx\\|avx2\\|fma' /proc/cpuinfo` (none printed: no AVX). In a VM, "
                "set the CPU type to host (host-passthrough) so AVX reaches the guest; on an old CPU, install a build made "
                "without AVX (or build the framework from source; TensorFlow 1.5 was the last prebuilt without it) or run "
                "on a machine with a newer CPU. On Apple Silicon, an x86 Python under Rosetta does the same: use an arm64 "
                "Python."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/issues/18322", "https://github.com/tensorflow/tensorflow/issues/17411",
                 "https://github.com/tensorflow/tensorflow/releases/tag/v1.6.0"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-18322-import-illegal-instruction-amd-a4.txt",
                  "frameworks/tensorflow-17411-illegal-instruction-tf-1-6-avx.txt"),
    ),
)

# transformers asked for FlashAttention-2 for a model that will run on the CPU
SIGNATURES += (
    Signature(
        code="frameworks.flash-attention-2-model-on-cpu",
        cause_id="app-fault",
        kinds=("any",),
        # transformers' _check_and_enable_flash_attn_2 (since 4.45, pull 33655; before it "Flash Attention 2 is not
        # available."): flash_attention_2 requested while torch has no CUDA device for the model.
        patterns=(r"Flash Attention 2 is not available on CPU\. Please make sure torch can access a CUDA device",),
        severity="fail",
        cause=("FlashAttention-2 was requested for a model that would run on the CPU: the program put the model on the "
               "CPU (no GPU option given, or CPU chosen), or torch cannot see a CUDA device (a CPU-only torch, "
               "CUDA_VISIBLE_DEVICES empty)."),
        advice=("Check `python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"`: if False, "
                "install the CUDA build of torch or make the GPU visible (CUDA_VISIBLE_DEVICES); if True, give the app its "
                "GPU (its device or gpu option, e.g. gpu=0, device_map=\"cuda\"); to run on the CPU on purpose, load the "
                "model with attn_implementation=\"sdpa\" (or \"eager\") instead of flash_attention_2."),
        action="configure",
        rules_out=("a driver fault", "a broken flash-attn install"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall flash-attn"),
        sources=("https://github.com/QwenAudio/FunMusic/issues/30", "https://github.com/xorbitsai/inference/pull/3739",
                 "https://github.com/huggingface/transformers/pull/33655"),
        checked="2026-11-26",
        examples=("frameworks/funmusic-30-flash-attention-2-model-on-cpu.txt",
                  "frameworks/xinference-3739-flash-attention-2-cpu-device.txt"),
    ),
    Signature(
        code="frameworks.paddle-cudnn-not-initialized",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # Paddle's own wordings of cudnnCreate's failure: "Cudnn error, CUDNN_STATUS_NOT_INITIALIZED" (Paddle 2.0-2.2),
        # "CUDNN error(1), CUDNN_STATUS_NOT_INITIALIZED." (2.3+, phi/backends/gpu/gpu_resources.cc) and the long
        # "The cuDNN library was not initialized properly" hint. Threads settle on a paddlepaddle-gpu build whose
        # CUDA/cuDNN does not fit the GPU (a CUDA 9/10 build on RTX 20/30) or the driver, fixed by another build.
        patterns=(r"(?:Cudnn|CUDNN) error(?:\(1\))?, CUDNN_STATUS_NOT_INITIALIZED",
                  r"CUDNN_STATUS_NOT_INITIALIZED'\.  ?The cuDNN library was not initialized properly"),
        severity="fail",
        cause=("Paddle could not create its cuDNN handle: the installed paddlepaddle-gpu build (its CUDA and cuDNN) does "
               "not fit this GPU, the driver, or the cuDNN library it loaded."),
        advice=("Compare the lines Paddle prints just above (`python -c \"import paddle; paddle.utils.run_check()\"`: GPU "
                "Compute Capability, Driver API Version, Runtime API Version, cuDNN Version) with the build, then install "
                "the latest paddlepaddle-gpu wheel for a CUDA version this GPU supports (CUDA 11.2+ builds for RTX 30/40, "
                "12.x for RTX 50) from Paddle's install page (or its Docker image, which carries the matching cuDNN); a "
                "Driver API Version below the Runtime API Version needs a newer NVIDIA driver."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("replace the GPU",),
        sources=("https://github.com/PaddlePaddle/Paddle/issues/52181", "https://github.com/PaddlePaddle/Paddle/issues/17842",
                 "https://github.com/PaddlePaddle/Paddle/issues/34557",
                 "https://www.paddlepaddle.org.cn/en/install/quick"),
        checked="2026-11-26",
        examples=("frameworks/paddle-52181-cudnn-error-1-not-initialized.txt",),
    ),
    Signature(
        code="frameworks.tf-windows-pywrap-dll-not-found",
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        # Windows' ERROR_MOD_NOT_FOUND (126) for TensorFlow's _pywrap_tensorflow_internal.pyd (Python 3.8+ names the
        # module; Windows localises the reason). TensorFlow 2.1 and later load the CUDA DLLs lazily, so at import the
        # missing DLL is the Visual C++ runtime's (msvcp140_1.dll since TF 2.1), per TensorFlow's install notes; the
        # DLL-initialization variant is frameworks.tf-windows-dll-init-failed's.
        patterns=(r"DLL load failed while importing _pywrap_tensorflow_internal: (?:The specified module could not be "
                  r"found|找不到指定的模块|Não foi possível encontrar o módulo especificado|No se puede encontrar el módulo "
                  r"especificado|Das angegebene Modul wurde nicht gefunden|Le module spécifié est introuvable)",),
        severity="fail",
        cause=("Windows could not find a DLL that TensorFlow's native module links, so TensorFlow cannot load: most often "
               "the Microsoft Visual C++ runtime (msvcp140_1.dll, needed since TensorFlow 2.1)."),
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64, vc_redist.x64.exe from Microsoft's \"latest "
                "supported Visual C++ downloads\" page), open a new shell and import tensorflow again; check that Python is "
                "64-bit (`python -c \"import struct; print(struct.calcsize('P')*8)\"`) and a version the installed "
                "TensorFlow supports (`pip install -U tensorflow` in a 3.9-3.12 venv); an old tensorflow-gpu 1.x/2.0 also "
                "needs the CUDA DLLs of the version it was built for (cudart64_100.dll for 1.13-2.0) on PATH."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/39096", "https://github.com/tensorflow/tensorflow/issues/39502",
                 "https://github.com/tensorflow/tensorflow/issues/36407", "https://www.tensorflow.org/install/pip#windows-native"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-39096-pywrap-module-not-found-vc-redist.txt",),
    ),
)
