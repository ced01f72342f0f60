"""The libraries stacked on the frameworks, and the framework's own edges: what they print when the set-up fails.

transformers and accelerate placing a quantized model, FlashAttention-2 asked for but not installed, ONNX Runtime's
CUDA provider, torch.compile where Triton cannot go (Windows, GPUs older than Volta), a CUDA checkpoint loaded where
CUDA is unavailable, and Windows' paging file under the CUDA DLLs. frameworks.py adds them to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")
ORT_CUDA = "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"

STACK_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.windows-pagefile-too-small",
        cause_id="windows-pagefile-too-small",
        kinds=("any",),
        # Windows' ERROR_COMMITMENT_LIMIT; the text after the number is localised, the number is not.
        patterns=(r"\[WinError 1455\]", r"[Tt]he paging file is too small for this operation to complete",
                  # Rust's io::Error (safetensors' safe_open, memory-mapping a checkpoint): localised text, same number
                  r"\( ?os error 1455 ?\)",
                  # the message without its number, as a localized Windows prints it ("DLL load failed: ..."): Chinese,
                  # Japanese, German, Spanish, Russian, French
                  r"页面文件太小，无法完成操作", r"ページング ファイルが小さすぎるため",
                  r"Die Auslagerungsdatei ist zu klein, um diesen Vorgang",
                  r"El archivo de paginación es demasiado pequeño para completar",
                  r"Файл подкачки слишком мал для завершения", r"Le fichier de pagination est insuffisant pour terminer"),
        severity="fail",
        cause=("Windows refused to map one of PyTorch's CUDA DLLs or a model file (safetensors memory-maps checkpoints) "
               "because the paging file (its commit limit) is full: every process that imports torch, each "
               "DataLoader worker included, reserves its large CUDA DLLs."),
        advice=("Enlarge Windows' paging file (System > Advanced system settings > Performance > Settings > Advanced > "
                "Virtual memory > Change: system managed size on a drive with free space, or a custom size of about "
                "1.5-2x the RAM, 40-64 GB to load a large model's checkpoint) and restart, or start fewer processes (a "
                "lower DataLoader num_workers, 0-2, fewer parallel environments)."),
        action="configure",
        rules_out=("a driver or GPU fault", "a missing DLL"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/thu-ml/tianshou/issues/297", "https://github.com/pytorch/pytorch/issues/59904",
                 "https://github.com/Comfy-Org/ComfyUI/issues/6606", "https://github.com/Comfy-Org/ComfyUI/issues/11009",
                 "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--1300-1699-"),
        checked="2026-11-26",
        examples=("frameworks/tianshou-297-winerror-1455-paging-file-cudnn-dll.txt",
                  "frameworks/comfyui-6606-os-error-1455-localized.txt", "frameworks/comfyui-11009-os-error-1455-spanish.txt",
                  "frameworks/bertvits2-5-winerror-1455-cublas64-dll.txt",
                  "frameworks/hyperlpr-49-dll-load-failed-paging-file-chinese.txt",
                  "frameworks/rograg-28-mupdf-dll-load-paging-file-chinese.txt"),
        refines=("frameworks.torch-dll-load-failed",),  # the same "Error loading ...dll" line, its cause named
    ),
    Signature(
        code="frameworks.triton-gpu-too-old",
        cause_id="cuda-arch-unsupported",
        kinds=_PY,
        # torch/_inductor/scheduler.py, create_backend: inductor's GPU code is Triton, which needs sm_70 or newer.
        patterns=(r"Found (?P<gpu>[^\n]{1,80}?) which is too old to be supported by the triton GPU compiler",
                  r"Triton only supports devices of CUDA Capability >= 7\.0, but your device is of CUDA capability "
                  r"(?P<capability>\d{1,2}\.\d)"),
        severity="fail",
        cause=("torch.compile's inductor backend generates Triton kernels, and Triton needs compute capability 7.0 or "
               "newer; this GPU is older, so compiling fails although eager PyTorch runs on it."),
        advice=("Run without torch.compile on this GPU: turn the program's compile option off or set "
                "TORCHDYNAMO_DISABLE=1 (eager mode is slower but correct); use a GPU of compute capability 7.0 or newer "
                "to compile. vLLM compiles by default: start it with --enforce-eager (enforce_eager=True) and "
                "--dtype half on a Pascal GPU (P40, P100, GTX 10xx), and since vLLM's own wheels and images carry no "
                "Pascal kernels, use an older vLLM image or a community Pascal build (pascal-pkgs-ci) if it still fails."),
        action="configure",
        rules_out=("a driver fault", "a CPU-only PyTorch build"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "reinstall triton"),
        sources=("https://github.com/MIC-DKFZ/nnUNet/issues/2188", "https://github.com/2noise/ChatTTS/issues/341",
                 "https://github.com/vllm-project/vllm/issues/13202"),
        checked="2026-11-26",
        examples=("frameworks/nnunet-2188-triton-too-old-gtx1080ti.txt",),
    ),
    Signature(
        code="frameworks.cuda-checkpoint-without-cuda",
        cause_id="torch-cpu-build",
        kinds=_PY,
        # torch/serialization.py, validate_cuda_device: a checkpoint saved from CUDA tensors restores to CUDA.
        patterns=(r"Attempting to deserialize object on a CUDA device but torch\.cuda\.is_available\(\) is False",),
        severity="fail",
        cause=("The checkpoint holds CUDA tensors and this PyTorch reports no usable CUDA (torch.cuda.is_available() is "
               "False), most often because a CPU-only build of PyTorch is installed."),
        advice=("Check the build: `python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch.cuda.is_available())\"`; a version ending in +cpu (or CUDA None) needs the CUDA build from the "
                "PyTorch index (`pip install torch --index-url https://download.pytorch.org/whl/cu124`); on a machine "
                "with no GPU, load with torch.load(..., map_location='cpu')."),
        action="configure",
        rules_out=("a damaged checkpoint",),
        never_suggest=("reinstall the driver", "retrain the model"),
        sources=("https://github.com/kleinlee/DH_live/issues/22", "https://github.com/hkchengrex/Cutie/issues/37",
                 "https://pytorch.org/docs/stable/generated/torch.load.html"),
        checked="2026-11-26",
        examples=("frameworks/dh-live-22-deserialize-cuda-unavailable.txt",),
    ),
    Signature(
        code="frameworks.quantized-model-spills-to-cpu",
        cause_id="cuda-oom",
        kinds=_PY,
        # transformers' bitsandbytes quantizer: device_map="auto" put some 8-bit/4-bit modules on "cpu" or "disk".
        patterns=(r"Some modules are dispatched on the CPU or the disk",),
        severity="fail",
        cause=("accelerate's device map did not fit the quantized model in the GPUs' memory and put part of it on the "
               "CPU or disk, which bitsandbytes' 8-bit and 4-bit layers cannot run from."),
        advice=("Give the model more GPU memory: free the GPU (`nvidia-smi` shows other processes), use a GPU with more "
                "memory or more GPUs in the device_map, or a smaller or 4-bit model; to run slowly with part of it on "
                "the CPU, pass llm_int8_enable_fp32_cpu_offload=True in BitsAndBytesConfig with a custom device_map."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall bitsandbytes"),
        sources=("https://github.com/hustvl/Senna/issues/17", "https://github.com/meta-llama/llama-cookbook/issues/333",
                 "https://huggingface.co/docs/transformers/main/en/quantization/bitsandbytes"),
        checked="2026-11-26",
        examples=("frameworks/senna-17-quantized-model-dispatched-cpu.txt",),
    ),
    Signature(
        code="frameworks.onnxruntime-cuda-provider-failed",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # onnxruntime_pybind_state.cc falls back to the CPU provider with this warning; provider_bridge_ort.cc says why.
        patterns=(r"Failed to create CUDAExecutionProvider",
                  r"LoadLibrary failed with error (?P<code>\d{1,5}) [^\n]{0,40}when trying to load "
                  r"[^\n]{0,300}onnxruntime_providers_cuda\.dll",
                  # the same line wrapped in a console window, its error number left on the line before
                  r"^\W{0,4}when trying to load \"[^\"\n]{0,300}onnxruntime_providers_cuda\.dll\"",
                  r"Failed to load library libonnxruntime_providers_cuda\.so with error: (?P<error>[^\n]{1,200})",
                  # (the CPU build's "not in available provider names" is frameworks.onnxruntime-cpu-build-answered's, w39d)
                  # onnxruntime_pybind_state.cc on Windows, when CUDA_PATH is set but the provider's DLLs do not load
                  r"CUDA_PATH is set but CUDA wasn'?t able to be loaded",
                  # provider_bridge_ort.cc from 1.19 names the dependency Windows could not find
                  r"onnxruntime_providers_cuda\.dll\" which depends on \"(?P<library>[\w.-]{1,60})\" which is missing"),
        severity="fail",
        cause=("ONNX Runtime could not start its CUDA execution provider and runs on the CPU: the CPU package "
               "onnxruntime is installed, or onnxruntime-gpu cannot load the CUDA and cuDNN libraries its build links "
               "against (Windows' LoadLibrary error 126: a DLL the provider depends on is missing or of another "
               "version)."),
        advice=("Install the GPU package built for this CUDA: `pip uninstall -y onnxruntime onnxruntime-gpu` then "
                "`pip install onnxruntime-gpu` (CUDA 12 builds; pick the release ONNX Runtime's requirements table "
                "pairs with the installed CUDA and cuDNN). For error 126 make the CUDA and cuDNN DLLs it needs "
                "loadable: the cuDNN and CUDA versions of that table installed and on PATH, or, where the "
                "environment's PyTorch carries them, `import torch` before onnxruntime (or "
                "`onnxruntime.preload_dlls()` from 1.21). On Linux, where the provider's .so cannot open a CUDA or "
                "cuDNN library, install the NVIDIA pip packages of its build (1.19 and later: CUDA 12 and cuDNN 9, `pip "
                "install nvidia-cudnn-cu12 nvidia-cublas-cu12 nvidia-cuda-runtime-cu12`) and make them loadable: "
                "`onnxruntime.preload_dlls(directory=\"\")` (1.21 and later) loads them from those packages, or put "
                "their lib folders (site-packages/nvidia/*/lib) on LD_LIBRARY_PATH. Then check "
                "`onnxruntime.get_available_providers()` lists CUDAExecutionProvider."),
        action="configure",
        rules_out=("a driver fault, when PyTorch on the same machine uses the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/16931", "https://github.com/Ki6an/fastT5/issues/53",
                 "https://github.com/cubiq/ComfyUI_InstantID/issues/27", "https://github.com/neuralchen/SimSwap/issues/98",
                 "https://github.com/microsoft/onnxruntime/issues/3326", ORT_CUDA),
        checked="2026-11-26",
        examples=("frameworks/instantid-27-ort-cuda-path-set-not-loaded.txt",
                  "frameworks/simswap-98-ort-cuda-path-set-cuda-102.txt"),
    ),
    Signature(
        code="frameworks.torch-compile-windows",
        cause_id="triton-missing",
        kinds=("any",),
        # torch/_dynamo/eval_frame.py, check_if_dynamo_supported, in the releases before Windows support.
        patterns=(r"Windows not yet supported for torch\.compile",),
        severity="fail",
        cause=("This PyTorch release has no torch.compile on native Windows: its inductor backend needs Triton, which "
               "PyTorch does not ship for Windows."),
        advice=("Run without torch.compile (the program's compile option off, or TORCHDYNAMO_DISABLE=1), or run the "
                "program under Linux or WSL2, where the inductor backend and Triton are available."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/meta-pytorch/segment-anything-fast/issues/106",
                 "https://github.com/pytorch/pytorch/pull/94940", "https://github.com/tloen/alpaca-lora/issues/80"),
        checked="2026-11-26",
        examples=("frameworks/sam-fast-106-windows-torch-compile-unsupported.txt",),
    ),
    Signature(
        code="frameworks.flash-attn-not-installed",
        cause_id="python-package-missing",
        kinds=_PY,
        # transformers' _check_and_enable_flash_attn_2, and its check of a remote-code model's imports.
        patterns=(r"FlashAttention2 has been toggled on, but it cannot be used due to the following error: the package "
                  r"flash_attn seems to be not installed",
                  r"requires the following packages that were not found in your environment: flash_attn\b",
                  # the import itself, raised by code that imports it unconditionally (not flash_attn_2_cuda: its
                  # extension, a build for another torch, read in wheels_extensions.py)
                  r"ModuleNotFoundError: No module named '(?P<module>flash_attn)'(?![\w.])"),
        severity="fail",
        cause=("The code asks for FlashAttention-2 (the flash_attn package), and flash_attn is not installed in this "
               "environment."),
        advice=("Load the model with attn_implementation=\"sdpa\" (PyTorch's own fused attention, nearly as fast), or "
                "install flash-attn built for this torch and CUDA (`pip install flash-attn --no-build-isolation`, "
                "Ampere or newer GPUs only)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/kijai/ComfyUI-Florence2/issues/17", "https://github.com/hiyouga/EasyR1/issues/384",
                 "https://huggingface.co/docs/transformers/perf_infer_gpu_one#flashattention-2"),
        checked="2026-11-26",
        examples=("frameworks/florence2-17-flash-attn-not-installed.txt",),
    ),
    Signature(
        code="frameworks.nvrtc-builtins-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # NVRTC dlopens its builtins library by soname at the first runtime compile (PyTorch's fusers, CuPy, Numba).
        patterns=(r"nvrtc: error: failed to open (?P<library>(?:lib)?nvrtc-builtins[\w.-]{0,30}\.(?:so[\d.]*|dll))",
                  # CUDA 8-10's NVRTC wording, and the status code (7) that CuPy, Numba and pygpu raise for it
                  r"nvrtc: error: failed to load builtins\b",
                  r"NVRTC_ERROR_BUILTIN_OPERATION_FAILURE"),
        severity="fail",
        cause=("NVRTC, which compiles CUDA kernels at run time, could not load its builtins library "
               "(libnvrtc-builtins.so.X.Y, on Windows nvrtc-builtins64_XY.dll): it is not installed, or not in the "
               "loader's search path (a conda or pip CUDA whose lib directory the loader does not search)."),
        advice=("Find the library (`find / -name 'libnvrtc-builtins.so*' 2>/dev/null`) and put its directory on the "
                "loader's path (`export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH`, or $CONDA_PREFIX/lib in "
                "a conda environment); on Windows put the CUDA Toolkit's bin folder on PATH; if only another version is "
                "there, install the NVRTC of the CUDA the program was built for (the CUDA Toolkit of that version, or "
                "pip's nvidia-cuda-nvrtc-cu12 / cuda-toolkit[nvrtc])."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lfranke/TRIPS/issues/13", "https://github.com/NVIDIA/numba-cuda/pull/196",
                 "https://github.com/Theano/Theano/issues/6010", "https://github.com/NVIDIA/cutile-python/issues/57",
                 "https://docs.nvidia.com/cuda/nvrtc/index.html"),
        checked="2026-11-26",
        examples=("frameworks/trips-13-nvrtc-builtins-not-on-loader-path.txt",
                  "frameworks/theano-6010-nvrtc-failed-to-load-builtins.txt",
                  "frameworks/cutile-python-57-cupy-nvrtc-builtins64-dll.txt"),
    ),
    Signature(
        code="frameworks.quantized-model-on-other-device",
        cause_id="distributed-misuse",
        kinds=_PY,
        # accelerate's prepare() refuses a bitsandbytes model whose device map is not this process's GPU.
        patterns=(r"You can't train a model that has been loaded in (?P<bits>8|4)-bit precision on (?:a different device "
                  r"than the one you're training on|multiple devices)",),
        severity="fail",
        cause=("The {bits}-bit model was placed by its device map on other GPUs than the one this training process "
               "trains on (device_map=\"auto\" under torchrun or accelerate launch, one process per GPU)."),
        advice=("Load the quantized model on this process's own GPU: device_map={\"\": torch.cuda.current_device()} "
                "(or {\"\": PartialState().process_index}) when launching one process per GPU; to split one model "
                "over several GPUs, run a single process without DDP, and update accelerate, whose older releases "
                "refused that too."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/9", "https://github.com/huggingface/peft/issues/414",
                 "https://github.com/huggingface/accelerate/pull/1523"),
        checked="2026-11-26",
        examples=("frameworks/llamafactory-9-8bit-model-other-device-training.txt",),
    ),
    Signature(
        code="frameworks.bitsandbytes-unusable-without-cuda",
        cause_id="torch-cpu-build",
        kinds=_PY,
        # transformers' bitsandbytes quantizers: raised when accelerate or bitsandbytes is missing, and, in the
        # releases that print it, when bitsandbytes counts as unavailable because torch sees no CUDA.
        patterns=(r"quantization requires Accelerate: .?pip install accelerate.? and the latest version of bitsandbytes",
                  r"Using .?load_in_8bit=True.? requires Accelerate",
                  r"quantization requires Accelerate: `pip install 'accelerate>=[\d.]{1,10}'` and the latest version",
                  # the same check's wording in later transformers releases
                  r"Using .?bitsandbytes.? (?:4|8)-bit quantization requires the latest version of bitsandbytes",
                  # modeling_utils.py before the quantizers (4.3x): load_in_8bit/4bit (or GPTQ) where
                  # torch.cuda.is_available() is False
                  r"No GPU found\. A GPU is needed for quantization"),
        severity="fail",
        cause=("transformers found no usable bitsandbytes: most often PyTorch in this environment sees no CUDA (a "
               "CPU-only build, which makes bitsandbytes count as unavailable), otherwise accelerate or bitsandbytes "
               "is not installed in it."),
        advice=("In the same environment run `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"`: if it prints +cpu or False, install the CUDA build of PyTorch "
                "(`pip install torch --index-url https://download.pytorch.org/whl/cu124`); then "
                "`pip install -U accelerate bitsandbytes` and restart the kernel or process."),
        action="configure",
        rules_out=("a driver fault, when nvidia-smi works",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/leoneversberg/llm-chatbot-rag/issues/1",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1100",
                 "https://huggingface.co/docs/transformers/main/en/quantization/bitsandbytes"),
        checked="2026-11-26",
        examples=("frameworks/llm-chatbot-rag-1-bnb-needs-cuda-torch.txt",),
    ),
    Signature(
        code="frameworks.tf-blas-launch-failed",
        cause_id="cuda-oom",
        kinds=_PY,
        # TensorFlow's cuBLAS matmul after cuBLAS could not create its handle (no GPU memory left for it).
        patterns=(r"Blas (?:[SDH]?GEMM|xGEMMBatched) launch failed",),
        severity="fail",
        cause=("TensorFlow's cuBLAS matrix multiply could not run, almost always because cuBLAS found no free GPU "
               "memory: TensorFlow reserves nearly all of it by default, or another process holds it."),
        advice=("Let TensorFlow take GPU memory as it needs it (`tf.config.experimental.set_memory_growth(gpu, True)` "
                "for each GPU, or allow_growth in TF1, or TF_FORCE_GPU_ALLOW_GROWTH=true), and stop other processes "
                "holding the GPU (`nvidia-smi`; another notebook kernel often does)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/Qidian213/deep_sort_yolov3/issues/112",
                 "https://github.com/tensorflow/tensorflow/issues/11812",
                 "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"),
        checked="2026-11-26",
        examples=("frameworks/deep-sort-yolov3-112-blas-gemm-launch-failed.txt",),
    ),
    Signature(
        code="frameworks.device-index-beyond-visible-gpus",
        refines=("cuda.invalid-device-ordinal",),
        refines_within=None,
        cause_id="cuda-visible-devices",
        kinds=_PY,
        # c10/cuda CUDAContext.cpp's check of a device index against the GPUs CUDA counted at initialisation.
        patterns=(r"device >= 0 && device < num_gpus INTERNAL ASSERT FAILED",),
        severity="fail",
        cause=("PyTorch was asked for a GPU index it does not have: CUDA counted fewer GPUs, usually because "
               "CUDA_VISIBLE_DEVICES was changed inside the script after torch (or another CUDA library) had started, "
               "or on a MIG GPU without its MIG device named."),
        advice=("Set CUDA_VISIBLE_DEVICES before the process starts (`CUDA_VISIBLE_DEVICES=1 python train.py`, or "
                "export it), never in the script after importing torch; then use indices below "
                "torch.cuda.device_count() (the visible GPUs are renumbered from 0); on MIG set it to the MIG "
                "device's UUID from `nvidia-smi -L`."),
        action="configure",
        rules_out=("a driver fault", "a hardware fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall PyTorch"),
        sources=("https://github.com/pytorch/pytorch/issues/126344", "https://github.com/pytorch/pytorch/issues/131650",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-126344-visible-devices-set-after-import.txt",),
    ),
    Signature(
        code="frameworks.xla-ptxas-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # XLA's GPU compiler (nvptx_compiler.cc, asm_compiler.cc) in TensorFlow and JAX: it runs the toolkit's ptxas.
        patterns=(r"(?:\./)?bin/ptxas not found",
                  r"Can't find ptxas binary in \$\{CUDA_DIR\}/bin",
                  r"Couldn't (?:invoke|get) ptxas(?: --)?version",
                  r"\bptxas (?P<version>[\d.x]{1,12}), (?:but TF requires|which is older than)",
                  # newer XLA refuses an old ptxas outright; an older one that does not know the GPU falls back to the
                  # driver's JIT, which then lacks the kernel ("named symbol not found")
                  r"XLA requires ptxas version \d{1,2}\.\d or higher",
                  r"ptxas does not support CC (?P<capability>\d{1,2}\.\d)"),
        severity="fail",
        cause=("XLA compiles its GPU kernels with the CUDA toolkit's ptxas, and it found none, or one older than the "
               "CUDA the framework was built with, where it looked."),
        advice=("Give XLA the ptxas of the CUDA the framework was built with: for pip installs "
                "`pip install nvidia-cuda-nvcc-cu12` (or the framework's [and-cuda]/[cuda12] extra), otherwise put "
                "that CUDA toolkit's bin directory first on PATH, or set "
                "`XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda-12.x`; an older toolkit's ptxas on PATH (`which "
                "ptxas`) overrides the pip one: drop it from PATH."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/35423", "https://github.com/google/trax/issues/249",
                 "https://github.com/jax-ml/jax/issues/6799", "https://github.com/jax-ml/jax/issues/17976",
                 "https://github.com/jax-ml/jax/issues/13570"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-35423-xla-ptxas-not-found.txt", "frameworks/jax-13570-ptxas-no-cc-89-rtx-4080.txt"),
    ),
    Signature(
        code="frameworks.nproc-exceeds-visible-gpus",
        cause_id="distributed-misuse",
        kinds=("any",),
        # one command line: the GPUs it makes visible, then a launcher asked for more processes than that.
        patterns=(
                  r"CUDA_VISIBLE_DEVICES=[\"']?\d{1,2}[\"']?\s[^\n]{0,200}?--nproc[_-]per[_-]node[= ](?:[2-9]|\d{2})\b",
                  r"CUDA_VISIBLE_DEVICES=[\"']?\d{1,2},\d{1,2}[\"']?\s[^\n]{0,200}?--nproc[_-]per[_-]node[= ](?:[3-9]|\d{2})\b",
                  r"CUDA_VISIBLE_DEVICES=[\"']?\d{1,2},\d{1,2},\d{1,2}[\"']?\s[^\n]{0,200}?--nproc[_-]per[_-]node[= ](?:[4-9]|\d{2})\b",
                  r"CUDA_VISIBLE_DEVICES=[\"']?\d{1,2},\d{1,2},\d{1,2},\d{1,2}[\"']?\s[^\n]{0,200}?--nproc[_-]per[_-]node[= ](?:[5-9]|\d{2})\b",
        ),
        severity="fail",
        cause=("The launcher starts more processes per node than the GPUs CUDA_VISIBLE_DEVICES leaves visible, so the "
               "extra ranks ask for GPU indices that do not exist (invalid device ordinal)."),
        advice=("Start one process per visible GPU: set --nproc_per_node (and the script's own world-size option, "
                "such as --local_world_size) to the number of GPUs listed in CUDA_VISIBLE_DEVICES, or list more GPUs."),
        action="configure",
        rules_out=("a driver fault", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/wenwenyu/PICK-pytorch/issues/14", "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-26",
        examples=("frameworks/pick-14-nproc-exceeds-visible-gpus.txt",),
    ),
    Signature(
        code="frameworks.bf16-matmul-unsupported-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=_PY,
        # PyTorch's cuBLAS wrapper (CUDABlas.cpp) quoting the bfloat16 GEMM the GPU's cuBLAS refused.
        patterns=(r"CUBLAS_STATUS_NOT_SUPPORTED when calling .?cublas\w{0,40}\([^\n]{0,200}?CUDA_R_16BF",),
        severity="fail",
        cause=("The program multiplies bfloat16 matrices, which cuBLAS does not support on this GPU: bf16 GEMMs need "
               "a newer architecture (Ampere, compute capability 8.0, for full support)."),
        advice=("Run the model in float16 (or float32) on this GPU: the program's fp16 option (ComfyUI --force-fp16, "
                "torch_dtype=torch.float16 in transformers, --dtype half), instead of bf16; keep bf16 for Ampere or "
                "newer GPUs."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/opendatalab/MinerU/issues/1508", "https://github.com/pytorch/pytorch/issues/57773",
                 "https://github.com/numz/ComfyUI-SeedVR2_VideoUpscaler/issues/543"),
        checked="2026-11-26",
        examples=("frameworks/mineru-1508-bf16-cublas-not-supported-maxwell.txt",),
    ),
    Signature(
        code="frameworks.jax-plugin-version-mismatch",
        cause_id="package-version-conflict",
        kinds=_PY,
        # the jax-cuda plugin's initialize() calling jaxlib functions an older jaxlib lacks (or a newer one changed).
        patterns=(r"module 'jaxlib\.xla_client' has no attribute '(?P<attribute>\w{1,80})'",
                  # jax asking its C extension for a class an older jaxlib lacks (GpuAllocatorConfig, jax 0.4.7-0.4.8)
                  r"module 'jaxlib\.xla_extension' has no attribute '(?P<attribute>\w{1,80})'",
                  r"module 'jax\._src\.lib\.triton' has no attribute '(?P<attribute>\w{1,80})'",
                  r"cannot import name '(?P<attribute>\w{1,80})' from 'jax\._src\.lib'",
                  r"\bxla_client\.register_custom_(?P<attribute>type_id|call)_handler\($",
                  # the PJRT C API's own checks when the plugin and jaxlib are of different releases, and jax's warning
                  r"Mismatched PJRT plugin PJRT API version \((?P<plugin_api>\d{1,3}\.\d{1,3})\)",
                  r"Unexpected PJRT_\w{1,60}_Args size: expected \d{1,5}, got \d{1,5}\. The plugin is likely built",
                  r"JAX plugin (?P<plugin>jax_cuda1\d_plugin) version (?P<version>[\w.]{1,20}) is installed,\s{1,4}but it "
                  r"is not compatible with the installed jaxlib version (?P<jaxlib>[\w.]{1,20})"),
        severity="fail",
        cause=("The installed jax-cuda plugin and jax/jaxlib are different releases, so the plugin calls a jaxlib "
               "function this jaxlib does not have, and JAX falls back to the CPU."),
        advice=("Install jax, jaxlib and the CUDA plugin at one release: `pip install -U \"jax[cuda12]\"` (or "
                "`pip install \"jax[cuda12]==X.Y.Z\"` to keep a given jax), and check `pip list | grep jax` shows "
                "the same version for jax, jaxlib, jax-cuda12-plugin and jax-cuda12-pjrt."),
        action="configure",
        rules_out=("a driver fault", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/jax-ml/jax/issues/26750", "https://github.com/google-deepmind/torax/issues/1369",
                 "https://docs.jax.dev/en/latest/installation.html", "https://github.com/jax-ml/jax/issues/22416",
                 "https://github.com/PlasmaControl/DESC/issues/1534", "https://github.com/ma-gilles/recovar/issues/64",
                 "https://github.com/google-deepmind/deepmind-research/issues/420"),
        checked="2026-11-26",
        examples=("frameworks/jax-26750-plugin-newer-than-jax-0435.txt",
                  "frameworks/jax-22416-mismatched-pjrt-api-cudnn89-wheel.txt",
                  "frameworks/desc-1534-pjrt-plugin-newer-than-jax.txt",
                  "frameworks/recovar-64-jax-cuda12-plugin-not-compatible.txt",
                  "frameworks/deepmind-research-420-jaxlib-no-gpuallocatorconfig.txt"),
    ),
)
