"""Frequent GPU failures of the tools people run on one or two consumer GPUs, read in the libraries' own words.

Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.inductor-no-cxx-compiler",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # torch/_inductor (codecache.py, later cpp_builder.py) cpp_compiler_search: neither CXX nor the default
        # g++/clang++ compiles a test file; the tuple it prints is config.cpp.cxx. On Windows, MSVC's cl.exe is
        # frameworks.inductor-windows-compiler-missing.
        patterns=(r"InvalidCxxCompiler: No working C\+\+ compiler found in torch\._inductor\.config\.cpp\.cxx",),
        severity="fail",
        cause=("torch.compile's inductor backend writes C++ and compiles it at run time, and found no working C++ "
               "compiler (g++ or clang++, or the one CXX names) on this machine or in this container."),
        advice=("Install a C++ compiler inductor can use (Debian/Ubuntu and their container images: "
                "`sudo apt-get install -y g++`; conda: `conda install -c conda-forge gxx`) or set CXX to the "
                "compiler's full path; where none can be installed (Windows before PyTorch 2.5), turn torch.compile "
                "off in the program (its compile option, e.g. ChatTTS `compile=False`, or TORCH_COMPILE_DISABLE=1)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/92745", "https://github.com/2noise/ChatTTS/issues/133",
                 "https://github.com/pytorch/pytorch/issues/116696"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-92745-inductor-no-gxx-in-container.txt",
                  "frameworks/chattts-133-inductor-no-cxx-compiler-windows.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.diffusers-xformers-without-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # diffusers' attention_processor.py (set_use_memory_efficient_attention_xformers) when xformers attention is
        # asked for (kohya_ss --xformers, A1111 extensions, autotrain, InvokeAI 2.x) and torch.cuda.is_available() is
        # False; the trailing space of its message is kept or dropped by whoever pastes it.
        patterns=(r"torch\.cuda\.is_available\(\) should be True but is False\. xformers' memory efficient attention",),
        severity="fail",
        cause=("diffusers refused xformers attention because this torch cannot use CUDA: most often the environment "
               "holds a CPU-only torch build (an update or another package replaced the CUDA one), else CUDA cannot "
               "start on this machine."),
        advice=("Check which torch the tool's environment has: `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"`. A version ending in +cpu is the CPU build: reinstall the CUDA build "
                "that matches its xformers (e.g. `pip install --force-reinstall torch torchvision --index-url "
                "https://download.pytorch.org/whl/cu121`, or let the tool regenerate its venv); a +cu version that "
                "still says False means CUDA cannot start: check `nvidia-smi` and read the warning torch printed."),
        action="configure",
        rules_out=("a fault of xformers itself",),
        never_suggest=("reinstall xformers",),
        sources=("https://github.com/Uminosachi/inpaint-anything/issues/19",
                 "https://github.com/RedRayz/Kohya_lora_param_gui/issues/18",
                 "https://github.com/bmaltais/kohya_ss/issues/1890"),
        checked="2026-11-26",
        examples=("frameworks/inpaint-anything-19-xformers-needs-cuda-torch.txt",
                  "frameworks/kohya-lora-param-gui-18-diffusers-xformers-no-cuda.txt"),
    ),
    Signature(
        code="frameworks.invokeai-runs-on-cpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # InvokeAI's start-up line naming the torch device it chose: ">> Using device_type cpu" (2.x) and
        # "[InvokeAI]::INFO --> Using torch device: CPU" (3.x and later); on an NVIDIA machine it should say cuda.
        patterns=(r"\bUsing device_type (?:cpu|CPU)\b", r"\]::INFO --> Using torch device: CPU\b"),
        severity="warn",  # a machine without an NVIDIA GPU prints it too
        cause=("InvokeAI chose the CPU because the torch in its environment cannot use CUDA: usually the installer or "
               "pip put the CPU-only torch build there (or the CPU option was picked at install time)."),
        advice=("Check the torch in InvokeAI's environment: `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"`. If it ends in +cpu, reinstall the CUDA build (re-run the installer or "
                "the launcher's repair and pick the NVIDIA/CUDA option, or `pip install --force-reinstall torch "
                "torchvision --index-url https://download.pytorch.org/whl/cu121`); if it is a +cu build and still says "
                "False, read the CUDA warning torch printed above (driver or CUDA start-up)."),
        action="configure",
        rules_out=("a fault of InvokeAI's settings",),
        never_suggest=("always_use_cpu",),
        sources=("https://github.com/invoke-ai/InvokeAI/issues/1202", "https://github.com/invoke-ai/InvokeAI/issues/2460",
                 "https://github.com/invoke-ai/InvokeAI/issues/2735"),
        checked="2026-11-26",
        examples=("frameworks/invokeai-1202-using-device-type-cpu.txt",
                  "frameworks/invokeai-2460-device-type-cpu-torch-cpu-wheel.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.forge-neo-torch-cannot-access-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # Forge Classic/Neo's modules/launch_utils.py prepare_environment, when torch.cuda.is_available() is False
        # (A1111's and lllyasviel Forge's wordings of the same check are frameworks.app-finds-torch-without-cuda).
        # Neo installs the newest CUDA build of torch (cu128, cu130), which an older driver cannot run.
        patterns=(r"PyTorch is not able to access CUDA\b",),
        severity="fail",
        cause=("Forge's launch check found that the torch in its venv cannot use the GPU: an update or install left a "
               "CPU-only or broken torch there, or the torch is a CUDA build newer than the NVIDIA driver supports."),
        advice=("Check the venv's torch: `venv\\Scripts\\python -c \"import torch; print(torch.__version__, "
                "torch.version.cuda, torch.cuda.is_available())\"` (Linux: venv/bin/python). If it ends in +cpu or an "
                "update replaced it, start once with `--reinstall-torch` in COMMANDLINE_ARGS (then remove it). If it "
                "is a CUDA build (cu128, cu130) the driver must support that CUDA (nvidia-smi's \"CUDA Version\" at "
                "least as high): update the NVIDIA driver, or install the older PyTorch build (e.g. cu126) the Neo "
                "wiki lists."),
        action="configure",
        rules_out=("a fault of the web UI itself",),
        never_suggest=("add --skip-torch-cuda-test",),
        sources=("https://github.com/Haoming02/sd-webui-forge-classic/issues/277",
                 "https://github.com/Haoming02/sd-webui-forge-classic/issues/760",
                 "https://github.com/Haoming02/sd-webui-forge-classic/issues/1114"),
        checked="2026-11-26",
        # forge-classic-760 (a torch too new for that machine, settled by an older build) is read too, but its
        # cause is framework-cuda-mismatch, so it is no example of this row's usual cause.
        examples=("frameworks/forge-classic-277-neo-pytorch-cannot-access-cuda.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.torch-op-without-cuda-backend",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # c10's dispatcher when a core (aten::) operator is asked for on CUDA and this torch build registered no CUDA
        # kernels for it: a CPU-only or macOS torch given CUDA tensors, most often a TorchScript model saved on a GPU and
        # loaded by torch.jit.load without map_location. torchvision:: and vLLM's _C:: operators have their own rows.
        # Only operators every CUDA build registers (allocation and copies): others, such as the quantized aten::q_scale,
        # have no CUDA kernel in any build, and there the code, not the install, is at fault.
        patterns=(r"Could not run 'aten::(?P<op>empty_strided|empty\.memory_format|_copy_from|_copy_from_and_resize|"
                  r"_to_copy|_local_scalar_dense)' with arguments from the 'CUDA' backend",),
        severity="fail",
        cause=("This torch has no CUDA kernels for aten::{op} (a CPU-only build, or macOS), but the code or a "
               "TorchScript model saved on a GPU asked for CUDA."),
        advice=("Check the torch: `python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"`. "
                "On an NVIDIA machine with a +cpu build, install the CUDA build (`pip install --force-reinstall torch "
                "--index-url https://download.pytorch.org/whl/cu121`); on a Mac or a machine without an NVIDIA GPU, "
                "load onto a device it has: `torch.jit.load(path, map_location='cpu')` (or the program's device "
                "option)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenAudio/CosyVoice/issues/366",
                 "https://github.com/enesmsahin/simple-lama-inpainting/issues/10",
                 "https://github.com/pytorch/pytorch/issues/119678"),
        checked="2026-11-26",
        examples=("frameworks/cosyvoice-366-jit-model-saved-on-cuda-no-cuda-backend.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.flash-attn-backward-head-dim-needs-a100",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # The flash-attn package's own check in its backward pass: 1.x says "head dim > 64 requires A100 or H100 GPUs
        # as the implementation needs a large amount of shared memory", 2.x "head dim > 192 requires A100/A800 or
        # H100/H800" (head dim 256: Gemma and others). PyTorch's SDPA form of the limit is
        # frameworks.flash-attention-backward-needs-sm80, whose upgrade-PyTorch advice does not apply here.
        patterns=(r"FlashAttention backward for head dim > ?(?P<head_dim>\d{2,3}) requires A100",),
        severity="fail",
        cause=("The flash-attn package's backward kernel for head dim above {head_dim} needs the shared memory of an "
               "A100 or H100 (sm80/sm90), which this GPU does not have, so training with it stops."),
        advice=("Train this model without flash-attn on this GPU: `attn_implementation=\"sdpa\"` (or eager) in "
                "transformers, or the trainer's flash-attention option off (LLaMA-Factory `flash_attn: disabled`, "
                "Axolotl `flash_attention: false`). With the 1.x wording (head dim > 64) on an Ampere or Ada GPU, "
                "upgrading to flash-attn 2 (`pip install -U flash-attn --no-build-isolation`) also works, as its "
                "backward pass runs up to head dim 192 there; inference (forward only) is not affected."),
        action="configure",
        rules_out=("a driver fault", "a broken GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/Meituan-AutoML/MobileVLM/issues/40",
                 "https://github.com/Dao-AILab/flash-attention/issues/775",
                 "https://github.com/Dao-AILab/flash-attention/issues/579"),
        checked="2026-11-26",
        examples=("frameworks/mobilevlm-40-flash-attn1-backward-head-dim-2080ti.txt",
                  "frameworks/flash-attention-775-gemma-head-dim-256-backward-l40s.txt"),
        refines=("frameworks.flash-attention-backward-needs-sm80",),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.ctranslate2-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # CTranslate2's CUDA_CHECK (src/cuda/utils.h): "CUDA failed with error " + cudaGetErrorString, here
        # cudaErrorMemoryAllocation. Raised by faster-whisper, whisperX, WhisperX/Faster-Whisper-XXL front ends and other
        # CTranslate2 users when loading or running a model; PyTorch's allocator advice does not apply to it.
        patterns=(r"CUDA failed with error out of memory",),
        severity="fail",
        cause=("CTranslate2 (faster-whisper and the tools built on it) could not fit the model and its buffers in the "
               "GPU's free memory: the model size, compute type and batch size need more VRAM than is free."),
        advice=("Lower what it needs: a lighter compute type (`--compute_type int8_float16` or int8; faster-whisper "
                "`WhisperModel(..., compute_type=\"int8_float16\")`), a smaller model (medium or small instead of "
                "large), a smaller batch size (whisperX `--batch_size 4`; Faster-Whisper-XXL without `-bs`); check "
                "with `nvidia-smi` that no other program holds the GPU's memory; or run on the CPU (`--device cpu`)."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "update the driver", "PYTORCH_CUDA_ALLOC_CONF"),
        sources=("https://github.com/Purfview/whisper-standalone-win/issues/50",
                 "https://github.com/SYSTRAN/faster-whisper/issues/809",
                 "https://github.com/Purfview/whisper-standalone-win/issues/141",
                 "https://github.com/OpenNMT/CTranslate2/blob/master/src/cuda/utils.h"),
        checked="2026-11-26",
        examples=("frameworks/whisper-standalone-win-50-ctranslate2-out-of-memory-large-v2.txt",
                  "frameworks/faster-whisper-809-ctranslate2-oom-gtx1650-large.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.torch-cannot-initialize-nvml",
        cause_id="nvml-init-failed",
        kinds=("any",),
        # torch/cuda/__init__.py (_raw_device_count_nvml, 2.0 and later): libnvidia-ml.so.1 loaded but nvmlInit failed, so
        # device_count() falls back and usually finds no GPU. A host without the NVIDIA library never prints it (the
        # load fails silently). nvidia-smi's own "Failed to initialize NVML: ..." line, when pasted, names the cause
        # (kernel, container and WSL rows) and outranks this warning.
        patterns=(r"UserWarning: Can't initialize NVML\b", r"^\W{0,4}Can't initialize NVML$"),
        severity="warn",
        cause=("PyTorch found the driver's NVML library but could not initialise it, so it sees no usable GPU: the "
               "driver is not reachable from this environment (a driver updated without a reboot, a container that "
               "lost or was never given its GPU devices, a driver that is not loaded)."),
        advice=("Run `nvidia-smi` in the same environment (host, container or WSL) and act on what it says: "
                "\"Driver/library version mismatch\" needs a reboot after the driver update; \"Unknown Error\" inside "
                "a container means it lost its GPU devices, so restart it (and start it with `--gpus all`); "
                "\"couldn't communicate with the NVIDIA driver\" means the driver is not loaded. Only if nvidia-smi "
                "works is the Python environment at fault."),
        action="configure",
        rules_out=("a fault of the program that printed it",),
        never_suggest=("pip install torch",),
        sources=("https://github.com/pytorch/pytorch/issues/109098", "https://github.com/zylon-ai/private-gpt/issues/1168",
                 "https://github.com/MIC-DKFZ/nnUNet/issues/2573"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-109098-cant-initialize-nvml-device-count-0.txt",
                  "frameworks/private-gpt-1168-cant-initialize-nvml-on-start.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.comfy-kitchen-needs-cu130",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # ComfyUI (2026, ComfyUI#11681/#11718) when torch.version.cuda is below 13.0: comfy-kitchen's CUDA and Triton
        # backends for quantized (fp8, nvfp4, int8) weights stay disabled and only its eager backend runs. ComfyUI
        # works; quantized models run slower. Printed on every start of such an install, hence info.
        patterns=(r"You need pytorch with cu130 or higher to use optimized CUDA operations",),
        severity="info",
        cause=("ComfyUI's torch is built for a CUDA older than 13.0, so comfy-kitchen's CUDA and Triton kernels for "
               "quantized models are disabled: nothing fails, but quantized checkpoints run slower."),
        advice=("Not an error; look elsewhere in the log for a failure. For the speed-up, on an NVIDIA driver that "
                "supports CUDA 13 (580 or newer) and a GPU of compute capability 7.5 or newer (RTX 20 and later), "
                "install torch from the cu130 index: `python -m pip install --upgrade torch torchvision torchaudio "
                "--index-url https://download.pytorch.org/whl/cu130` (portable: `python_embeded\\python.exe -m pip "
                "...`); older GPUs stay on cu128 and can ignore it."),
        action="configure",
        rules_out=("a failure of ComfyUI's start-up",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Mooshieblob1/MooshieUI/pull/525",
                 "https://github.com/nosana-ci/pipeline-templates/pull/164",
                 "https://github.com/Comfy-Org/ComfyUI/pull/11718"),
        checked="2026-11-26",
        examples=("frameworks/mooshieui-525-comfy-kitchen-needs-cu130.txt",
                  "frameworks/nosana-164-comfy-kitchen-cuda-backend-disabled-cu128.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="frameworks.kohya-nan-in-latents",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # kohya sd-scripts' train_util.cache_batch_latents ("NaN detected in latents: PATH"; older finetune scripts
        # "NaN detected in latents of PATH"), reached by kohya_ss, lora-scripts and other front ends. A1111's form of
        # the same half-precision overflow is frameworks.sd-webui-nans-in-half-precision.
        patterns=(r"NaN detected in latents(?::| of) (?P<path>[^\n]{1,300})",),
        severity="fail",
        cause=("The VAE produced NaN latents while caching them: the SDXL VAE overflows in half precision (fp16), and "
               "GTX 16xx cards produce NaNs in half precision too; the image itself is rarely at fault."),
        advice=("Encode with the VAE in float32: turn on no_half_vae (`--no_half_vae`, the GUI's \"No half VAE\"), or "
                "use the fp16-fix SDXL VAE (madebyollin/sdxl-vae-fp16-fix) as `--vae`; on a GTX 16xx card also train "
                "without fp16 mixed precision (bf16 is not available there: use `--mixed_precision no`). Only if one "
                "image still fails, check that file."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/bmaltais/kohya_ss/issues/1103", "https://github.com/Akegarasu/lora-scripts/issues/548",
                 "https://github.com/kohya-ss/sd-scripts/issues/653"),
        checked="2026-11-26",
        examples=("frameworks/kohya-ss-1103-sdxl-nan-in-latents-no-half-vae.txt",
                  "frameworks/lora-scripts-548-sdxl-nan-in-latents-no-half-vae.txt"),
    ),
)

# Out of memory in an attention that materializes the full score matrix (memory grows with the square of the sequence)
SIGNATURES += (
    Signature(
        code="frameworks.attention-matrix-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # Frames of the attention implementations that build the whole (heads x L x L) score matrix: transformers'
        # eager attention (eager_attention_forward since 4.48, the matmul of query and key states before it, GPT-2's
        # _attn), diffusers' and BERT's attention_scores, the ldm CrossAttention einsum of A1111-era Stable Diffusion,
        # PyTorch's flex_attention run without torch.compile, and Transformer Engine's unfused backend. Beside
        # cuda.out-of-memory (not instead of it): on its own a frame is no failure, hence info.
        patterns=(r"in eager_attention_forward\b",
                  r"attn_weights = torch\.matmul\(query(?:_states)?, key(?:_states)?\.transpose\(",
                  r"attention_scores = torch\.(?:baddbmm|matmul)\(",
                  r"sim = einsum\('b i d, b j d -> b i j'",
                  r"scores = \(query @ key\.transpose\(-2, -1\)\)",
                  r"Selected backend = UnfusedDotProductAttention\b", r"return self\.unfused_attention\("),
        severity="info",
        cause=("The traceback runs through an attention that builds the full attention score matrix, whose memory "
               "grows with the square of the sequence length: where it ends in CUDA out of memory, long sequences "
               "(or large images) in that attention are what filled the GPU."),
        advice=("Switch that model to a memory-efficient attention: transformers `attn_implementation=\"sdpa\"` or "
                "`\"flash_attention_2\"` (`pip install flash-attn --no-build-isolation`, Ampere or newer GPU); "
                "diffusers `pipe.enable_xformers_memory_efficient_attention()` or PyTorch 2's SDPA (web UIs: "
                "--xformers or --opt-sdp-attention); flex_attention under torch.compile; Transformer Engine with its "
                "flash or fused backend available. Else shorten the sequence (max length, chunking), lower the batch "
                "size and turn on gradient checkpointing."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/TransformerEngine/issues/3006",
                 "https://huggingface.co/docs/transformers/perf_infer_gpu_one",
                 "https://pytorch.org/blog/flexattention/"),
        checked="2026-11-26",
        examples=("frameworks/te-3006-unfused-backend-full-mask-oom.txt",),
    ),
)

# ONNX Runtime's TensorRT execution provider that cannot load, after which ONNX Runtime retries without it
SIGNATURES += (
    Signature(
        code="frameworks.onnxruntime-tensorrt-provider-unavailable",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # onnxruntime_pybind_state.cc (RegisterTensorRTPluginsAsCustomOps) and provider_bridge_ort.cc loading
        # onnxruntime_providers_tensorrt (.dll: LoadLibrary error 126; .so: the missing libnvinfer); the Python session
        # then prints "Falling back to [...] and retrying". Apps (insightface, rembg, FaceFusion) list TensorRT first.
        patterns=(r"Please install TensorRT libraries as mentioned in the GPU requirements page",
                  r"when trying to load [^\n]{0,300}onnxruntime_providers_tensorrt\.dll",
                  r"Failed to load library libonnxruntime_providers_tensorrt\.so with error: (?P<library>[\w.+-]{1,60})"),
        # the loader's libnvinfer line is TensorRT's here, not a CUDA runtime library missing for every program
        refines=("cuda.runtime-library-missing", "cuda.cudnn-so-not-found", "cuda.extension-built-for-other-cuda"),
        severity="warn",  # ONNX Runtime goes on with the next provider; a failure only where that one fails too
        cause=("ONNX Runtime's TensorRT execution provider could not load: the TensorRT libraries (nvinfer) it needs, "
               "or the CUDA and cuDNN ones beneath them, are not installed where it looks, so ONNX Runtime retried "
               "with the other providers (CUDA, else the CPU)."),
        advice=("Where TensorRT is not wanted, leave TensorrtExecutionProvider out of the session's providers (or the "
                "app's provider setting) and read the next provider's result: if CUDAExecutionProvider also failed, "
                "its error above or below is the one to fix. To use it, install the TensorRT release that "
                "onnxruntime-gpu version is built for (`pip install tensorrt` of that major, or NVIDIA's TensorRT zip) "
                "and put its lib folder on PATH (Windows) or LD_LIBRARY_PATH (Linux)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/17394",
                 "https://github.com/microsoft/onnxruntime/pull/17535",
                 "https://onnxruntime.ai/docs/execution-providers/TensorRT-ExecutionProvider.html#requirements"),
        checked="2026-11-26",
        examples=("frameworks/onnxruntime-17394-tensorrt-ep-dll-126-falls-back.txt",),
    ),
)

# A Triton kernel handed a tensor that is not on the current CUDA device
SIGNATURES += (
    Signature(
        code="frameworks.triton-tensor-off-current-device",
        cause_id="app-fault",
        kinds=("any",),
        # triton/backends/nvidia/driver.py checks each pointer argument from the current device: "Pointer argument (at
        # N) cannot be accessed from Triton (cpu tensor?)", older releases "Tensor on cuda device N cannot be accessed
        # from Triton (cpu tensor?)". Libraries of Triton kernels (Liger-Kernel, unsloth, mamba-ssm, fla, KIVI, Triton
        # attention in ComfyUI) that launch without entering the tensor's device hit it on a second GPU.
        patterns=(r"cannot be accessed from Triton \(cpu tensor\?\)",),
        severity="fail",
        cause=("A Triton kernel was launched from the current CUDA device with a tensor it cannot reach there: the "
               "tensor is on another GPU (a model split over GPUs with device_map=\"auto\", or --device cuda:1 while "
               "device 0 is current) or was offloaded to the CPU, and the library launching the kernel did not switch "
               "to the tensor's device."),
        advice=("Run on one GPU: keep the whole model there (`device_map={\"\": 0}`, no CPU offload) or pick it with "
                "CUDA_VISIBLE_DEVICES=N and use the device `cuda` (not cuda:N). Where the model must span GPUs, update "
                "the library whose Triton kernel failed (Liger-Kernel, unsloth, mamba-ssm, flash-linear-attention) to a "
                "release that launches under the tensor's device, or turn that kernel off; in ComfyUI with Triton "
                "attention (SageAttention), start with --gpu-only so the model is not offloaded."),
        action="configure",
        rules_out=("a driver fault", "a broken Triton install"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall triton"),
        sources=("https://github.com/triton-lang/triton/issues/5205", "https://github.com/linkedin/Liger-Kernel/issues/593",
                 "https://github.com/linkedin/Liger-Kernel/pull/1304", "https://github.com/triton-lang/triton/issues/2441"),
        checked="2026-11-26",
        examples=("frameworks/triton-5205-liger-device-map-auto-cpu-tensor.txt",),
    ),
)

# Numba's PTX, from a CUDA toolkit newer than the driver, refused by the driver's JIT linker
SIGNATURES += (
    Signature(
        code="frameworks.numba-ptx-newer-than-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # numba/cuda/cudadrv/driver.py's Linker.add_ptx: cuLinkAddData returns 222 (CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
        # which Numba before 0.54 named UNKNOWN_CUDA_ERROR) with the JIT's "ptxas application ptx input ... Unsupported
        # .version X; current version is 'Y'" on the next line: here the ptxas is the driver's, not one on PATH.
        patterns=(r"Call to cuLinkAddData results in (?:UNKNOWN_CUDA_ERROR|CUDA_ERROR_UNSUPPORTED_PTX_VERSION)",),
        refines=("frameworks.ptxas-older-than-ptx", "cuda.ptx-toolchain-too-new"), refines_within=2,
        severity="fail",
        cause=("Numba compiled the kernel to PTX with a CUDA toolkit (its NVVM: conda cudatoolkit or cuda-nvcc, or the "
               "pip nvidia wheels) newer than the installed NVIDIA driver supports, so the driver's JIT linker refused "
               "it."),
        advice=("Compare `nvidia-smi`'s \"CUDA Version\" with the toolkit Numba uses (`numba -s`, CUDA Information), then "
                "install the toolkit of the driver's CUDA into the environment (`conda install -c conda-forge "
                "cudatoolkit=11.2` for old Numba, `conda install -c conda-forge cuda-nvcc cuda-nvrtc \"cuda-version=12.2\"` "
                "for Numba 0.57 and later) or update the NVIDIA driver; for a 12.x minor gap, "
                "NUMBA_CUDA_ENABLE_MINOR_VERSION_COMPATIBILITY=1 with ptxcompiler and cubinlinker also works."),
        action="configure",
        rules_out=("a ptxas on PATH",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/numba/numba/issues/7006",
                 "https://numba.readthedocs.io/en/stable/cuda/minor_version_compatibility.html"),
        checked="2026-11-26",
        examples=("frameworks/numba-7006-culinkadddata-ptx-newer-than-driver.txt",),
    ),
)

# An ONNX Runtime app (FaceFusion, roop and its forks) whose provider choices hold no CUDA
SIGNATURES += (
    Signature(
        code="frameworks.onnx-app-offers-no-cuda-provider",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # FaceFusion's and roop's argparse choices come from onnxruntime.get_available_providers(): only 'cpu' (and
        # 'azure') means the onnxruntime in the environment is the CPU package, or shadows onnxruntime-gpu.
        patterns=(r"argument --execution-providers?: invalid choice: '(?P<provider>cuda|tensorrt)' \(choose from "
                  r"'(?:azure|cpu)'(?:, '(?:azure|cpu)')?\)",),
        severity="fail",
        cause=("The app lists the execution providers its onnxruntime offers, and that onnxruntime has none for the GPU "
               "({provider} is no choice): the CPU-only onnxruntime package is installed, or installed beside "
               "onnxruntime-gpu and shadowing it."),
        advice=("Install the GPU package alone in the app's environment: `pip uninstall -y onnxruntime onnxruntime-gpu` "
                "then `pip install onnxruntime-gpu` (the version the app's installer pins, e.g. FaceFusion's `python "
                "install.py --onnxruntime cuda`), and check `python -c \"import onnxruntime as o; "
                "print(o.get_available_providers())\"` lists CUDAExecutionProvider before running with cuda."),
        action="configure",
        rules_out=("a driver fault", "the CUDA toolkit version"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/facefusion/facefusion/issues/48", "https://github.com/facefusion/facefusion/issues/156",
                 "https://github.com/facefusion/facefusion/issues/278"),
        checked="2026-11-26",
        examples=("frameworks/facefusion-48-execution-providers-only-cpu.txt",),
    ),
)

# A CUDA kernel of PyTorch without its bfloat16 variant in the installed release
SIGNATURES += (
    Signature(
        code="frameworks.torch-cuda-op-without-bf16",
        cause_id="package-version-conflict",
        kinds=("any",),
        # ATen's dispatch macros name the CUDA kernel with no BFloat16 case in this build: triu_tril_cuda_template
        # until PyTorch 2.1 (pytorch pull 101414: causal masks of Llama, CLIP, Mistral in bf16), max_all_cuda and
        # others before 1.10-1.12. The CPU kernels' 'Half' gaps are frameworks.half-precision-op-on-cpu.
        patterns=(r"\"(?P<op>[a-z_]{1,40}_cuda(?:_template)?)\" not implemented for 'BFloat16'",),
        severity="fail",
        cause=("This PyTorch has no bfloat16 version of the CUDA kernel {op}, which the model or training code calls "
               "in bf16: a release older than the one that added it (2.1 for triu/tril)."),
        advice=("Upgrade PyTorch (`pip install -U torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu121`, the cuNNN of your install; 2.1 or newer for triu_tril), "
                "or run the model in float16 (`torch_dtype=torch.float16`) or float32 instead of bfloat16."),
        action="configure",
        rules_out=("a driver fault", "a GPU without bf16 support"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/101932", "https://github.com/meta-llama/llama3/issues/80",
                 "https://github.com/chijames/KERPLE/issues/5"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-101932-triu-bf16-cuda-before-2-1.txt", "frameworks/kerple-5-bf16-max-on-old-torch.txt"),
    ),
)

# PyTorch's scaled_dot_product_attention restricted to fused kernels none of which accepts these inputs
SIGNATURES += (
    Signature(
        code="frameworks.sdpa-no-allowed-kernel",
        cause_id="app-fault",
        kinds=("any",),
        # aten/src/ATen/native/transformers/cuda/sdp_utils: with the math backend disabled (sdp_kernel(enable_math=
        # False), sdpa_kernel([FLASH_ATTENTION]), a library's flash=True), each fused kernel refuses the inputs and
        # warns why ("Flash attention kernel not used because", "Expected query, key and value to all be of dtype:
        # {Half, BFloat16}", the GPU's compute capability, an attn_mask, non-4-D inputs), then SDPA aborts.
        patterns=(r"No available kernel\. {1,2}Aborting execution",),
        severity="fail",
        cause=("scaled_dot_product_attention was limited to its fused flash or memory-efficient kernels (the program's "
               "flash option or an sdp_kernel/sdpa_kernel context), and none of them accepts these inputs on this GPU "
               "(float32 tensors, a GPU older than Ampere for flash, an attention mask, a head size or shape they do "
               "not support): the UserWarnings printed just before say which."),
        advice=("Turn the program's flash attention option off (flash=False, use_flash_attn=False) or allow SDPA's math "
                "backend (drop enable_math=False / add SDPBackend.MATH to sdpa_kernel), or give the fused kernels what "
                "they need: fp16 or bf16 inputs (autocast), 4-D tensors, no explicit mask; flash needs an Ampere or "
                "newer GPU."),
        action="configure",
        rules_out=("a driver fault", "a broken PyTorch install"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall torch"),
        sources=("https://github.com/lucidrains/MEGABYTE-pytorch/issues/6", "https://github.com/lucidrains/BS-RoFormer/issues/29",
                 "https://github.com/pytorch/pytorch/issues/117354"),
        checked="2026-11-26",
        examples=("frameworks/megabyte-6-sdpa-no-available-kernel-flash-only.txt",
                  "frameworks/bs-roformer-29-flash-attend-no-available-kernel.txt"),
    ),
)

# OpenCV without CUDA: its DNN module falls back to the CPU, its cv2.cuda functions throw
SIGNATURES += (
    Signature(
        code="frameworks.opencv-built-without-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # modules/dnn/src/net_impl.cpp (dnn.cpp before 4.6) setUpNet, when DNN_BACKEND_CUDA is asked of a build
        # without OPENCV_DNN_CUDA; core's throw_no_cuda (private.cuda.hpp) for cv2.cuda calls in a build without CUDA.
        # The opencv-python wheels on PyPI and the distributions' packages are built without CUDA.
        patterns=(r"DNN module was not built with CUDA backend",
                  r"\(-216:No CUDA support\) The library is compiled without CUDA support"),
        severity="fail",
        cause=("This OpenCV was built without CUDA (the pip opencv-python wheels and apt packages never have it), or a "
               "self-built one without its DNN CUDA backend (OPENCV_DNN_CUDA off, cuDNN not found, or CUDA_ARCH_BIN "
               "holding only architectures below 5.3), so the GPU is not used."),
        advice=("Build OpenCV from source with CMake: -D WITH_CUDA=ON -D WITH_CUDNN=ON -D OPENCV_DNN_CUDA=ON -D "
                "CUDA_ARCH_BIN=<the GPU's compute capability, e.g. 8.6> (none below 5.3) plus opencv_contrib, check the "
                "CMake summary lists CUDA and cuDNN, then `pip uninstall opencv-python opencv-contrib-python` so Python "
                "imports the built cv2; `python -c \"import cv2; print(cv2.getBuildInformation())\"` must show NVIDIA "
                "CUDA: YES."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit at run time"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/opencv/opencv/issues/15858", "https://github.com/opencv/opencv/issues/18229",
                 "https://github.com/ai-aimbot/AIMr/issues/8"),
        checked="2026-11-26",
        examples=("frameworks/opencv-15858-dnn-cuda-backend-arch-bin-too-low.txt",
                  "frameworks/aimr-8-opencv-dnn-cuda-backend-pip-build.txt"),
    ),
)

# torch.compile on Windows refused the replacement of a file in its cache
SIGNATURES += (
    Signature(
        code="frameworks.inductor-windows-cache-replace-denied",
        cause_id="triton-jit-cache-stale",
        kinds=("any",),
        # inductor and Triton write a temporary file and rename it over the cached one
        # (%TEMP%\\torchinductor_<user>\\triton\\0\\...); Windows refuses the rename (WinError 5, any locale) while another
        # process (a second instance, an antivirus scan) holds the target, or where a broken entry is left.
        patterns=(r"\[WinError 5\][^\n]{0,200}?torchinductor_(?P<user>[\w.-]{1,64})\\{1,2}triton\\{1,2}",),
        severity="fail",
        cause=("torch.compile on Windows could not replace a file in its cache folder (torchinductor_{user} in the "
               "temporary folder): Windows refuses the rename while another process holds the file, or a broken entry "
               "left by an earlier run is in the way."),
        advice=("Close the program (every instance using torch.compile), delete %TEMP%\\torchinductor_{user} and "
                "%USERPROFILE%\\.triton\\cache, then run again; where several processes compile at once, give each its "
                "own TORCHINDUCTOR_CACHE_DIR, and exclude the folder from antivirus scanning if it comes back."),
        action="configure",
        rules_out=("a driver fault", "a broken Triton install"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall triton"),
        sources=("https://github.com/chengzeyi/Comfy-WaveSpeed/issues/123",
                 "https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/220",
                 "https://github.com/lance-format/lance/pull/9355"),
        checked="2026-11-26",
        examples=("frameworks/comfy-wavespeed-123-inductor-cache-access-denied.txt",),
    ),
)
