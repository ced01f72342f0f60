"""The applications people run on one or two consumer GPUs (ComfyUI, the Stable Diffusion web UIs, Kohya's trainers
built on Accelerate) and the kernels they lean on (xformers, Triton): what they print when the GPU, or the
environment around it, lets them down.

Their words are their own, but most say one of a few things: torch in their environment cannot use CUDA, the GPU ran
out of memory, or a compiled package was built for another torch. frameworks_setup.py adds them to its
SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA")
_CHECK_TORCH = "python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\""

APPS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.comfyui-allocation-on-device",
        cause_id="cuda-oom",
        kinds=("any",),
        # torch's cudaMallocAsync allocator (ComfyUI's default on recent torch) raises OutOfMemoryError with
        # "Allocation on device" instead of the native allocator's "CUDA out of memory. Tried to allocate ...";
        # ComfyUI's error report and its "!!! Exception during processing !!!" line print only that message.
        patterns=(r"Allocation on device(?: (?P<gpu>\d{1,2}) would exceed allowed memory)?(?![\w-])",),
        severity="fail",
        cause=("The GPU ran out of memory: torch's asynchronous allocator (ComfyUI's default) could not get the VRAM "
               "the step asked for (torch.OutOfMemoryError, \"Allocation on device\")."),
        advice=("Ask less of the GPU at once: a lower resolution or batch size, an fp8 or GGUF build of the model, "
                "ComfyUI started with --lowvram (or --novram), and no other program holding VRAM (`nvidia-smi`); "
                "on a card with little memory, tiled VAE decoding helps too. Where a custom node loads its own model "
                "(an audio, try-on or video node) and keeps all of it on the GPU, turn on the node's offload option "
                "(cpu_offload, aggressive offload), or update the node to a release that has one."),
        action="configure",
        rules_out=("a driver fault", "a broken installation"),
        never_suggest=("reinstall the driver", "reinstall torch"),
        sources=("https://github.com/Comfy-Org/ComfyUI/issues/4852", "https://github.com/Comfy-Org/ComfyUI/issues/6073",
                 "https://github.com/BoyuanJiang/FitDiT-ComfyUI/issues/2",
                 "https://pytorch.org/docs/stable/notes/cuda.html#using-custom-memory-allocators-for-cuda"),
        checked="2026-11-26",
        examples=("frameworks/comfyui-4852-allocation-on-device-ksampler.txt",
                  "frameworks/comfyui-6073-allocation-on-device-sampler.txt",
                  "frameworks/fitdit-2-comfyui-allocation-on-device-offload.txt"),
    ),
    Signature(
        code="frameworks.xformers-no-operator",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # xformers/ops/fmha/dispatch.py when no attention kernel accepts the inputs; the reasons listed under it say
        # why (kernels not built or not loaded for this torch, tensors on the CPU, a dtype or GPU a kernel lacks).
        patterns=(r"No operator found for `?memory_efficient_attention_(?P<direction>forward|backward)`? with inputs",),
        severity="fail",
        cause=("xformers found no memory-efficient attention kernel it could use: most often its CUDA kernels did "
               "not load because the wheel was built for another torch or CUDA (python -m xformers.info lists "
               "them as unavailable)."),
        advice=("Run `python -m xformers.info`: if the kernels are unavailable or it says xFormers was built for "
                "another PyTorch, install the xformers release built for the installed torch and CUDA (`pip install "
                "-U xformers --index-url https://download.pytorch.org/whl/cu124`, the index of your torch's CUDA), "
                "or start the app without xformers (PyTorch's own SDPA attention); if the reasons say device=cpu, "
                "the model is on the CPU because torch cannot use CUDA."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/yangjianxin1/Firefly/issues/258",
                 "https://github.com/facebookresearch/xformers#installing-xformers"),
        checked="2026-11-26",
        examples=("frameworks/firefly-258-xformers-no-operator-built-for-torch-230.txt",),
    ),
    Signature(
        code="frameworks.triton-no-active-driver",
        cause_id="package-version-conflict",
        kinds=("any",),
        # triton/runtime/driver.py, _create_driver: no backend (or two) claims the machine. 0 where the installed
        # triton is not the one this torch pins, or no CUDA driver is visible; 2 where two triton packages
        # (triton and pytorch-triton, or a source build) are installed side by side.
        patterns=(r"(?P<count>\d) active drivers \(\[[^\n]{0,200}\]\)\. There should only be one",),
        severity="fail",
        cause=("Triton found {count} usable GPU back-ends instead of one: the triton installed does not match the "
               "one this torch release pins (or two triton packages are installed), or it sees no CUDA driver."),
        advice=("Check `pip list | grep -i triton` and " + _CHECK_TORCH + ": keep one triton, the release this torch "
                "pins (`pip uninstall -y triton pytorch-triton` then `pip install -U torch triton`), with the "
                "megablocks/xformers/unsloth release made for that torch; if CUDA is False, torch cannot see the GPU "
                "in this environment."),
        action="configure",
        rules_out=("a missing GPU, where nvidia-smi lists it",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/huggingface/sentence-transformers/issues/3557",
                 "https://github.com/triton-lang/triton/issues/2985"),
        checked="2026-11-26",
        examples=("frameworks/sentence-transformers-3557-megablocks-triton-no-active-driver-log.txt",),
    ),
    Signature(
        code="frameworks.app-finds-torch-without-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # Applications that test torch.cuda.is_available() before they start: the Stable Diffusion web UIs'
        # launch check (A1111, Forge, SD.Next), Accelerate's fp16/bf16 check (accelerator.py, kohya's trainers,
        # diffusers' scripts) and transformers' TrainingArguments check for --fp16.
        # Forge's launch check says it as "Your device does not support the current version of Torch/CUDA!".
        patterns=(r"Torch is not able to use GPU; add --skip-torch-cuda-test",
                  r"Your device does not support the current version of Torch/CUDA",
                  r"(?P<mode>fp16|bf16) mixed precision requires a GPU\b",
                  r"FP16 Mixed precision training with AMP or APEX \(`?--fp16`?\) and FP16 half precision evaluation "
                  r"\(`?--fp16_full_eval`?\) can only be used on CUDA"),
        severity="fail",
        cause=("The application checked torch.cuda.is_available() and it was False: the torch in its environment "
               "cannot use the GPU, most often because a CPU-only torch (version ending in +cpu) was installed there."),
        advice=(f"Check the torch of the application's own environment (its venv's python): `{_CHECK_TORCH}`. A "
                "version ending in +cpu (CUDA None) is the CPU-only build: install the CUDA build into that "
                "environment (`pip install --force-reinstall torch torchvision --index-url "
                "https://download.pytorch.org/whl/cu124`, or delete the web UI's venv folder so its installer "
                "installs it again); if it is a CUDA build, the warning above the error names why CUDA failed. "
                "Disabling the check, or training without mixed precision, only moves the work to the CPU."),
        action="configure",
        rules_out=("a missing GPU, where nvidia-smi lists it",),
        never_suggest=("add --skip-torch-cuda-test", "set mixed precision to no", "reinstall the driver"),
        sources=("https://github.com/bmaltais/kohya_ss/issues/130",
                 "https://github.com/lllyasviel/stable-diffusion-webui-forge/issues/2863",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/wiki/Troubleshooting",
                 "https://github.com/huggingface/accelerate/blob/main/src/accelerate/accelerator.py"),
        checked="2026-11-26",
        examples=("frameworks/kohya-ss-130-accelerate-fp16-requires-gpu-log.txt",
                  "frameworks/forge-2863-device-does-not-support-torch-cuda.txt"),
    ),
    Signature(
        code="frameworks.paddle-cpu-build",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # paddle/fluid/platform/place.cc (pybind.cc before 2.3) when a CUDAPlace is asked of the CPU package, and
        # PaddleClas/PaddleOCR's own check of paddle.is_compiled_with_cuda().
        patterns=(r"Cannot use GPU because you have installed CPU version PaddlePaddle",
                  r"You are using paddlepaddle cpu version! Please try to install paddlepaddle-gpu"),
        severity="fail",
        cause=("The PaddlePaddle in this environment is the CPU-only package (paddlepaddle), or its files overwrote "
               "those of paddlepaddle-gpu installed beside it, so Paddle cannot use the GPU."),
        advice=("Keep one Paddle package: `pip uninstall -y paddlepaddle paddlepaddle-gpu`, then install "
                "paddlepaddle-gpu built for your CUDA from Paddle's install page (e.g. `pip install paddlepaddle-gpu "
                "-i https://www.paddlepaddle.org.cn/packages/stable/cu118/`), and check `python -c \"import paddle; "
                "paddle.utils.run_check()\"`."),
        action="configure",
        rules_out=("a missing GPU, where nvidia-smi lists it",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/PaddlePaddle/PARL/issues/929", "https://github.com/PaddlePaddle/PaddleClas/issues/268",
                 "https://www.paddlepaddle.org.cn/en/install/quick"),
        checked="2026-11-26",
        examples=("frameworks/parl-929-paddle-cpu-version-cannot-use-gpu.txt",
                  "frameworks/paddleclas-268-cpu-and-gpu-paddle-both-installed.txt"),
    ),
    Signature(
        code="frameworks.ctranslate2-compute-type-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # CTranslate2 (faster-whisper, WhisperX, whisper-diarization) checks the compute type against the device:
        # float16 needs compute capability 7.0 or newer (GTX 10xx, Tesla P40 and Maxwell cards are refused), bfloat16
        # needs 8.0, and on the CPU neither is offered.
        patterns=(r"Requested (?P<compute_type>float16|bfloat16|int8_float16|int8_bfloat16|int16) compute type, but the "
                  r"target device or backend do not support efficient",),
        severity="fail",
        cause=("CTranslate2 (faster-whisper's engine) refused the {compute_type} compute type: the device it runs on, a "
               "GPU older than compute capability 7.0 (8.0 for bfloat16) or the CPU, has no efficient support for it."),
        advice=("Load the model with a compute type the device supports: compute_type=\"float32\" (or \"int8_float32\" / "
                "\"int8\", smaller and faster) on a GTX 10xx, Tesla P40 or older card and on the CPU, e.g. whisperx "
                "... --compute_type float32; float16 is for GPUs of compute capability 7.0 and newer."),
        action="configure",
        rules_out=("a driver fault", "a broken installation"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/RVC-Boss/GPT-SoVITS/issues/526",
                 "https://github.com/MahmoudAshraf97/whisper-diarization/issues/216",
                 "https://opennmt.net/CTranslate2/quantization.html"),
        checked="2026-11-26",
        examples=("frameworks/gpt-sovits-526-faster-whisper-float16-1050ti.txt",
                  "frameworks/whisper-diarization-216-float16-tesla-p40-paste.txt"),
    ),
    Signature(
        code="frameworks.checkpoint-saved-on-absent-gpu",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # torch/serialization.py, validate_cuda_device: a checkpoint restores each tensor to the device it was saved
        # from unless map_location says otherwise.
        patterns=(r"Attempting to deserialize object on CUDA device (?P<saved>\d{1,3}) but torch\.cuda\.device_count\(\) "
                  r"is (?P<count>\d{1,3})",),
        severity="fail",
        cause=("The checkpoint was saved from CUDA device {saved} and torch.load tries to restore it there, but only "
               "{count} GPU(s) are visible here."),
        advice=("Load it onto a device that exists: `torch.load(path, map_location=\"cuda:0\")` (or "
                "map_location=\"cpu\", then move the model); if this machine should see more GPUs, check "
                "CUDA_VISIBLE_DEVICES and `nvidia-smi -L`."),
        action="configure",
        rules_out=("a driver fault", "a damaged checkpoint"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/zeruniverse/neural-colorization/issues/11",
                 "https://github.com/ZQPei/deep_sort_pytorch/issues/51",
                 "https://pytorch.org/docs/stable/generated/torch.load.html"),
        checked="2026-11-26",
        examples=("frameworks/neural-colorization-11-deserialize-cuda-device-1-of-1.txt",
                  "frameworks/deep-sort-pytorch-51-deserialize-cuda-device-2.txt"),
    ),
    Signature(
        code="frameworks.sdpa-without-flash-attention-kernel",
        cause_id="none",
        kinds=("any",),
        # aten/src/ATen/native/transformers/cuda/sdp_utils.cpp: PyTorch's Windows wheels (2.2 and later) are built
        # without the FlashAttention-2 kernel, so scaled_dot_product_attention warns once and uses another kernel.
        patterns=(r"\b1?Torch was not compiled with flash attention\b",),
        severity="info",
        cause=("PyTorch's build (its Windows wheels) has no FlashAttention kernel for scaled_dot_product_attention, "
               "so it uses the memory-efficient or plain kernel instead; the GPU is still used."),
        advice=("Harmless: nothing to fix, ignore the warning; it is expected with PyTorch on Windows. Only if attention "
                "speed matters, run under Linux or WSL 2, or let the app use xformers or SageAttention."),
        action="none",
        never_suggest=("reinstall the driver", "reinstall torch", "downgrade torch"),
        sources=("https://github.com/WZH0120/SAM2-UNet/issues/8",
                 "https://github.com/skier233/media_ai_model_server/issues/7",
                 "https://github.com/pytorch/pytorch/issues/108175"),
        checked="2026-11-26",
        examples=("frameworks/sam2-unet-8-sdpa-flash-attention-warning-4070.txt",
                  "frameworks/media-ai-model-server-7-flash-attention-warning-3080ti.txt"),
    ),
    Signature(
        code="frameworks.sd-webui-nans-in-half-precision",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # modules/devices.py, test_for_nans (A1111, Forge, SD.Next): the UNet's or VAE's fp16 output became NaN.
        patterns=(r"NansException: A tensor with all NaNs was produced in (?P<where>Unet|VAE)\b",),
        severity="fail",
        cause=("The {where} ran in half precision (fp16) and its output overflowed to NaN: GeForce GTX 16xx cards do "
               "not run this fp16 path reliably, and SDXL's VAE overflows in fp16 on any card."),
        advice=("Keep the precision the GPU handles: for the Unet on a GTX 16xx card start with --upcast-sampling (or "
                "enable \"Upcast cross attention layer to float32\"), and if that is not enough --no-half --precision "
                "full (more VRAM); for the VAE add --no-half-vae or use an fp16-fixed SDXL VAE."),
        action="configure",
        rules_out=("a driver fault", "a broken installation"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall torch"),
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/10154",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/pull/6510",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/wiki/Command-Line-Arguments-and-Settings"),
        checked="2026-11-26",
        examples=("frameworks/sd-webui-10154-nans-in-unet-gtx-1650-super.txt",),
    ),
    Signature(
        code="frameworks.xformers-without-triton",
        cause_id="none",
        kinds=("any",),
        # xformers/__init__.py, _is_triton_available: logged at import wherever triton cannot be imported (Windows,
        # where PyTorch ships no Triton); xformers' CUDA kernels work without it.
        patterns=(r"A matching Triton is not available, some optimizations wil[lt] not be enabled",),
        severity="info",
        cause=("xformers could not import Triton (PyTorch ships none for Windows), so a few optional Triton kernels "
               "stay off; its CUDA attention kernels still run on the GPU."),
        advice=("Harmless: nothing to fix, ignore the warning; it is normal on Windows. A Triton build for Windows "
                "(triton-windows) removes it, but is not needed for xformers."),
        action="none",
        never_suggest=("reinstall the driver", "reinstall torch"),
        sources=("https://github.com/derrian-distro/LoRA_Easy_Training_Scripts/issues/287",
                 "https://github.com/bmaltais/kohya_ss/issues/2203", "https://github.com/invoke-ai/InvokeAI/issues/4055"),
        checked="2026-11-26",
        examples=("frameworks/lora-easy-training-287-xformers-triton-not-available-paste.txt",
                  "frameworks/kohya-ss-2203-matching-triton-warning.txt"),
    ),
    Signature(
        code="frameworks.accelerate-offloaded-to-cpu",
        cause_id="cuda-oom",
        kinds=("any",),
        # accelerate/big_modeling.py, dispatch_model: with device_map="auto" the layers that do not fit in the GPUs'
        # free memory stay on the CPU or disk (their parameters on the meta device) and are copied in for each step.
        patterns=(r"Some parameters are on the meta device(?: device)? because they were offloaded to the "
                  r"(?P<where>cpu|disk)\b",),
        severity="warn",
        cause=("The model did not fit in the GPUs' free memory, so Accelerate offloaded part of its weights to the "
               "{where}: it runs, but every step copies those layers in, many times slower than on the GPU."),
        advice=("Make the model fit in GPU memory: a smaller or 4-bit/8-bit quantized model, free the VRAM other "
                "processes hold (`nvidia-smi`), or spread it over more GPUs (device_map=\"auto\" with max_memory per "
                "GPU); keep the offload only if slow generation is acceptable."),
        action="configure",
        rules_out=("a driver fault", "a broken installation"),
        never_suggest=("reinstall the driver", "reinstall torch"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/4697",
                 "https://github.com/huggingface/accelerate/issues/1711",
                 "https://huggingface.co/docs/accelerate/usage_guides/big_modeling"),
        checked="2026-11-26",
        examples=("frameworks/llamafactory-4697-params-offloaded-to-cpu-meta-paste.txt",),
    ),
    Signature(
        code="frameworks.jax-cannot-load-cuda",
        cause_id="cuda-library-missing",  # as the corpus's independent labels file a framework's failed library load
        kinds=("any",),
        # JAX's CUDA plugin (xla_bridge.py, _check_cuda_versions): each CUDA library it could not dlopen.
        patterns=(r"CUDA backend failed to initialize: Unable to load (?P<library>CUDA|cuDNN|cuBLAS|cuSPARSE|cuFFT)\b",
                  r"Unable to load (?P<library>CUDA|cuDNN|cuBLAS|cuSPARSE|cuFFT|cuSOLVER|cuPTI|NCCL)\. Is it installed\?"),
        severity="fail",
        cause="JAX could not load the {library} libraries it needs, so it falls back to the CPU.",
        advice=("Install JAX with its own pip CUDA libraries (`pip install -U \"jax[cuda12]\"`, formerly "
                "jax[cuda12_pip]) rather than a *_local variant that needs a system CUDA, and unset LD_LIBRARY_PATH "
                "entries pointing at other CUDA copies."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/magenta/mt3/issues/145", "https://github.com/NixOS/nixpkgs/pull/375186", "https://docs.jax.dev/en/latest/installation.html"),
        checked="2026-11-25",
        examples=("frameworks/mt3-145-jax-unable-to-load-cuda-local.txt", "frameworks/nixpkgs-375186-jax-unable-to-load-cuda-is-it-installed.txt"),
    ),
    Signature(
        code="frameworks.cudnn-two-copies-mixed",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # cuDNN 8 loads its sub-libraries (cnn_train, ops_train, adv_...) at run time by name: with a system or CUDA-toolkit
        # cuDNN on the search path beside the one torch bundles, one comes from each copy and their symbols do not fit.
        patterns=(r"Could not load library (?P<library>libcudnn\w{0,30}\.so[\d.]{0,8})\. Error: [^\n]{0,300}undefined "
                  r"symbol: [^\n]{1,400}, version (?P<other>libcudnn\w{0,30}\.so[\d.]{0,8})",),
        severity="fail",
        cause=("Two cuDNN copies are mixed: {library} came from another cuDNN than the {other} already loaded (a system "
               "or CUDA-toolkit cuDNN on the library path beside the one torch bundles), so their symbols do not fit and "
               "convolutions fail (\"GET was unable to find an engine\")."),
        advice=("Keep one cuDNN on the loader's path: remove the system copy (`apt-get remove libcudnn8`, or the "
                "directory holding it from LD_LIBRARY_PATH, e.g. /usr/local/cuda/lib64) so torch loads only its own "
                "nvidia-cudnn wheel; check with `python -c \"import torch; print(torch.backends.cudnn.version())\"`."),
        action="configure",
        rules_out=("a missing cuDNN", "a driver fault"),
        never_suggest=("reinstall the driver", "install cuDNN"),
        sources=("https://github.com/replicate/cog/issues/1430", "https://github.com/pytorch/pytorch/issues/119989",
                 "https://github.com/pytorch/pytorch/issues/102535"),
        checked="2026-11-26",
        refines=("frameworks.cudnn-library-missing",),  # the same line: cuDNN is there twice, not missing
        examples=("frameworks/cog-1430-system-libcudnn8-shadows-torch-cudnn-paste.txt",
                  "frameworks/pytorch-119989-torch-22-local-cudnn-conflict.txt"),
    ),
    Signature(
        code="frameworks.cudnn-no-engine",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # PyTorch's cuDNN v8 API convolution (Conv_v8.cpp) when no engine of the loaded cuDNN runs the convolution:
        # usually a second cuDNN (system libcudnn8, a CUDA toolkit's) loaded beside the one torch bundles, else no GPU
        # memory left for any engine's workspace. frameworks.cudnn-two-copies-mixed reads the loader line that proves it.
        patterns=(r"GET was unable to find an engine to execute this computation",),
        severity="fail",
        cause=("cuDNN found no engine to run this convolution: most often a second cuDNN (a system or CUDA-toolkit "
               "copy) is loaded instead of, or beside, the one PyTorch bundles; otherwise the GPU had no memory left "
               "for any engine's workspace."),
        advice=("Look for a second cuDNN: `python -c \"import torch; print(torch.backends.cudnn.version())\"` and "
                "`ldconfig -p | grep libcudnn` (on Windows `where cudnn_ops_infer64_8.dll`). If another copy is on the "
                "path, remove the system cuDNN (`apt-get remove libcudnn8`) or its folder from LD_LIBRARY_PATH (a "
                "conda env's cudnn package: `conda remove cudnn`) so torch loads its own; if there is one copy, free GPU "
                "memory (a smaller batch size, other processes closed in nvidia-smi)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/dreamgaussian/dreamgaussian/issues/91", "https://github.com/replicate/cog/issues/1430",
                 "https://github.com/pytorch/pytorch/issues/119989"),
        checked="2026-11-26",
        examples=("frameworks/dreamgaussian-91-get-no-engine-local-cudnn.txt",),
    ),
    Signature(
        code="frameworks.tf-msvc-runtime-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # tensorflow/python/platform/self_check.py on Windows: TensorFlow 2.1 and later are built with MSVC 2019 and
        # need msvcp140_1.dll, which only the 2015-2019 (and later) Visual C++ Redistributable installs.
        patterns=(r"Could not find the DLL\(s\) '(?P<dll>msvcp140(?:_1)?\.dll)(?: or msvcp140_1\.dll)?'",),
        severity="fail",
        cause=("TensorFlow on Windows could not find {dll}, the Microsoft C++ runtime it is built with: the Visual C++ "
               "Redistributable installed is missing or too old."),
        advice=("Install the latest Microsoft Visual C++ Redistributable for Visual Studio 2015-2022 (x64, vc_redist.x64.exe "
                "from Microsoft's \"latest supported Visual C++ downloads\" page), open a new shell and import "
                "tensorflow again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "install CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/issues/38262", "https://github.com/tensorflow/tensorflow/issues/36407",
                 "https://www.tensorflow.org/install/pip#windows-native"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-38262-msvcp140-1-dll-not-found.txt",),
    ),
)
