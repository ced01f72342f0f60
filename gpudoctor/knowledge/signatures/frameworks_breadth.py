"""The tools people run on top of PyTorch, and PyTorch's own conda and version pitfalls: what they print when the
environment, not the GPU, is wrong.

Unsloth, PyTorch Lightning and a float16 model that ended up on the CPU all say, in their words, that torch cannot
use CUDA; MKL 2024.1 breaking a conda PyTorch at import; transformers refusing torch.load below torch 2.6; a library
asking for a dtype or API only newer PyTorch releases have; weight files that are not what was published (cut short,
or a Git LFS pointer in their place). frameworks_setup.py adds them to its SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"
_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "reinstall CUDA")
_CHECK_TORCH = ("python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\"")

BREADTH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.torch-mkl-itt-symbols-missing",
        cause_id="package-version-conflict",
        kinds=("any",),
        # libtorch_cpu.so of a conda PyTorch (and of Intel's builds) links the ITT JIT-profiling API that MKL 2024.0
        # still exported and MKL 2024.1 no longer does (pytorch/pytorch#123097): the import fails on the first one.
        patterns=(r"undefined symbol: (?P<symbol>iJIT_NotifyEvent|iJIT_IsProfilingActive|iJIT_GetNewMethodID)\b",),
        severity="fail",
        cause=("PyTorch's libtorch_cpu.so needs {symbol}, which the MKL the environment resolved (2024.1 or newer) no "
               "longer exports, so `import torch` fails before any GPU is touched."),
        advice=("Pin MKL to 2024.0 in this conda environment: `conda install mkl==2024.0` (or add mkl=2024.0 to "
                "environment.yml), or install PyTorch from pip (its wheels bundle their own libraries) instead of the "
                "conda channel."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/pytorch/pytorch/issues/123097", "https://github.com/open-mmlab/mmpretrain/issues/1900",
                 "https://github.com/atzkenneth/dragonfly_gen/issues/3"),
        checked="2026-11-26",
        examples=("frameworks/mmpretrain-1900-libtorch-cpu-ijit-notifyevent.txt",
                  "frameworks/dragonfly-gen-3-torch-import-ijit-notifyevent.txt"),
    ),
    Signature(
        code="frameworks.torch-load-needs-torch-2-6",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' check_torch_load_is_safe (4.50 and later; also copied by other libraries), with or without
        # the Markdown backticks around torch.load and weights_only; "require users to" or "require to".
        patterns=(r"vulnerability issue in `?torch\.load`?, even with `?weights_only=True`?, we now require "
                  r"(?:users )?to upgrade torch to at least v?(?P<needed>\d{1,2}\.\d{1,2})",),
        severity="fail",
        cause=("The library (transformers, or one that copied its check) refuses torch.load with a PyTorch older "
               "than {needed} (CVE-2025-32434), and this environment's torch is older."),
        advice=("Upgrade torch to {needed} or newer with its matching torchvision and torchaudio, from the PyTorch "
                "index of your CUDA (`pip install --upgrade torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu126`), or load the model's .safetensors weights instead."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/huggingface/transformers/pull/37785", "https://nvd.nist.gov/vuln/detail/CVE-2025-32434",
                 "https://github.com/Gaius-Augustus/learnMSA/issues/21"),
        checked="2026-11-26",
        examples=("frameworks/learnmsa-21-torch-load-requires-torch-26.txt",
                  "frameworks/edit-mind-17-plugins-torch-load-needs-torch-26.txt"),
    ),
    Signature(
        code="frameworks.unsloth-finds-no-gpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # unsloth/__init__.py at import, when torch.cuda.is_available() is False (the wording of 2024-2025 and of the
        # releases that also accept Intel and AMD GPUs).
        patterns=(r"Unsloth: No NVIDIA GPU found\? Unsloth currently only supports GPUs",
                  r"Unsloth currently only works on NVIDIA",
                  r"Unsloth cannot find any torch accelerator"),
        severity="fail",
        cause=("Unsloth found no GPU through PyTorch: torch.cuda.is_available() is False in this environment, most "
               "often because pip or conda installed a CPU-only PyTorch."),
        advice=(f"Check what PyTorch sees with `{_CHECK_TORCH}`; a version ending in +cpu (CUDA None) is the CPU-only "
                "build: install the CUDA one in this environment (`pip install --force-reinstall torch --index-url "
                "https://download.pytorch.org/whl/cu126`), then import unsloth again."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/unslothai/unsloth/issues/2024", "https://github.com/unslothai/unsloth/issues/1760",
                 PYTORCH_INSTALL),
        checked="2026-11-26",
        examples=("frameworks/unsloth-2024-windows-conda-cpu-torch-no-gpu-found.txt",),
    ),
    Signature(
        code="frameworks.lightning-accelerator-unavailable",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # Lightning's AcceleratorConnector when accelerator="gpu"/"cuda" is asked for and torch.cuda.is_available() is
        # False ("GPUAccelerator" before Lightning 1.8, "CUDAAccelerator" since).
        patterns=(r"(?P<accelerator>CUDA|GPU)Accelerator`? can not run on your system since the accelerator is not "
                  r"available",
                  # accelerator="gpu" (or devices given with "auto") where neither CUDA nor MPS is available
                  r"No supported gpu backend found!"),
        severity="fail",
        cause=("PyTorch Lightning was asked for the GPU, and PyTorch cannot use CUDA in this environment "
               "(torch.cuda.is_available() is False), most often because the installed torch is a CPU-only build."),
        advice=(f"Check what PyTorch sees with `{_CHECK_TORCH}`; if it is a +cpu build (CUDA None), install the CUDA "
                "build of torch in this environment (`pip install --force-reinstall torch --index-url "
                "https://download.pytorch.org/whl/cu121`), keeping Lightning; a CUDA build that still says False "
                "points at the driver (run nvidia-smi)."),
        action="configure",
        rules_out=("a fault in the Trainer configuration",),
        never_suggest=("set accelerator='cpu'",),
        sources=("https://github.com/open-edge-platform/anomalib/issues/510", "https://lightning.ai/docs/pytorch/stable/accelerators/gpu_basic.html",
                 "https://github.com/microsoft/mattergen/issues/217"),
        checked="2026-11-26",
        examples=("frameworks/anomalib-510-lightning-gpuaccelerator-not-available.txt",
                  "frameworks/mattergen-217-lightning-no-gpu-backend.txt"),
    ),
    Signature(
        code="frameworks.half-precision-op-on-cpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # PyTorch's CPU kernels dispatch by dtype and name themselves ("addmm_impl_cpu_", "slow_conv2d_cpu",
        # "LayerNormKernelImpl" of layer_norm_kernel.cpp); CUDA has float16 kernels for all of them.
        patterns=(r"\"(?P<op>\w{1,60}_cpu_?|LayerNormKernelImpl)\" not implemented for 'Half'",),
        severity="fail",
        cause=("A float16 model ran {op} on the CPU, which has no float16 kernel for it: the model is not on the GPU, "
               "most often because PyTorch is a CPU-only build (or the model was never moved to cuda)."),
        advice=(f"Check what PyTorch sees with `{_CHECK_TORCH}`: a +cpu build (CUDA None) needs the CUDA build of "
                "torch (`pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu121`); "
                "with CUDA available, move the model and inputs to cuda (.to(\"cuda\"), device_map=\"auto\"); with no "
                "GPU at all, load the model in float32 (torch_dtype=torch.float32, --no-half)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/SCIR-HI/Huatuo-Llama-Med-Chinese/issues/43", "https://github.com/zai-org/VisualGLM-6B/issues/30"),
        checked="2026-11-26",
        examples=("frameworks/huatuo-43-conda-cpu-torch-addmm-half.txt",),
    ),
    Signature(
        code="frameworks.torch-older-than-library-expects",
        cause_id="package-version-conflict",
        kinds=("any",),
        # A library (diffusers, transformers, safetensors, ComfyUI nodes) touches a dtype or module that only newer
        # PyTorch releases have: float8 dtypes (2.1; e8m0 2.7), unsigned 16-64-bit dtypes (2.3), torch.compiler (2.1).
        patterns=(r"module 'torch' has no attribute '(?P<attr>float8_e4m3fn(?:uz)?|float8_e5m2(?:fnuz)?|float8_e8m0fnu|"
                  r"uint16|uint32|uint64|compiler|compile|get_default_device|xpu)'",
                  # torch.xpu and torch.version.xpu (recent 2.x releases), which diffusers 0.32+ and transformers probe
                  r"module 'torch\.version' has no attribute '(?P<attr>xpu)'",
                  r"module 'torch\.nn' has no attribute '(?P<attr>RMSNorm)'",
                  # torch.amp's device-generic GradScaler (2.3) and custom_fwd/custom_bwd (2.4)
                  r"module 'torch\.amp' has no attribute '(?P<attr>GradScaler|custom_fwd|custom_bwd)'",
                  # torch 2.2's public pytree registration (transformers 4.36+ calls it) and 2.4's custom-op API
                  r"module 'torch\.utils\._pytree' has no attribute '(?P<attr>register_pytree_node)'",
                  r"module 'torch\.library' has no attribute '(?P<attr>custom_op|register_kernel|register_autograd)'",
                  # PyTorch 2.0's attention kernel and scheduler base class, which diffusers, A1111's extensions,
                  # transformers' models and trainers call (a torch 1.x left in the app's own venv)
                  r"module 'torch\.nn\.functional' has no attribute '(?P<attr>scaled_dot_product_attention)'",
                  r"cannot import name '(?P<attr>LRScheduler)' from 'torch\.optim\.lr_scheduler'",
                  # torch.compiler's functions came later than the module: is_compiling with torch 2.3
                  r"module 'torch\.(?P<attr>compiler)' has no attribute '(?:is_compiling|is_dynamo_compiling|is_exporting"
                  r"|set_stance)'"),
        severity="fail",
        cause=("The code uses {attr} from torch, which only newer PyTorch releases have: the installed torch is older "
               "than the library using it expects."),
        advice=("Upgrade PyTorch to a current release with its matching torchvision and torchaudio (`pip install "
                "--upgrade torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu121`, inside the "
                "application's own venv where it has one; scaled_dot_product_attention, torch.compile and LRScheduler "
                "need torch 2.0, float8 dtypes 2.1, utils._pytree.register_pytree_node 2.2, torch.library.custom_op "
                "and nn.RMSNorm 2.4, torch.amp.GradScaler 2.3, torch.xpu a recent 2.x), or pin the library that "
                "needs it (diffusers, transformers) to a release made for your torch."),
        action="configure",
        rules_out=("a driver or CUDA fault", "a GPU without FP8"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/huggingface/diffusers/issues/8537",
                 "https://github.com/kijai/ComfyUI-CogVideoXWrapper/issues/12", PYTORCH_INSTALL,
                 "https://github.com/NVIDIA/apex/issues/1857", "https://github.com/tencent-ailab/IP-Adapter/issues/52",
                 "https://github.com/hustvl/DiffusionDrive/issues/92"),
        checked="2026-11-26",
        examples=("frameworks/diffusers-8537-sd3-fp8-torch-lacks-float8.txt",
                  "frameworks/cogvideoxwrapper-12-old-torch-float8-e4m3fn.txt",
                  "frameworks/apex-1857-torch-222-no-is-compiling-paste.txt",
                  "frameworks/ip-adapter-52-webui-venv-old-torch-sdpa.txt", "frameworks/cambrian-74-torch-1131-no-sdpa.txt",
                  "frameworks/qwen3-vl-795-transformers-dev-pytree-old-torch.txt",
                  "frameworks/diffusiondrive-92-diffusers-036-torch-201-no-xpu.txt"),
    ),
    Signature(
        code="frameworks.torch-checkpoint-truncated",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # torch.load of the zip format (PyTorch 1.6 and later; caffe2's PyTorchStreamReader) on a file cut short.
        patterns=(r"PytorchStreamReader failed reading zip archive: (?P<what>failed finding central directory|"
                  r"not a ZIP archive)",
                  r"PytorchStreamReader failed reading file (?P<record>[\w./-]{1,80}): invalid header or archive is "
                  r"corrupted"),
        severity="fail",
        cause=("The checkpoint file is incomplete or damaged (torch.load finds no valid zip archive in it), usually a "
               "download cut short or a file copied while it was still being written."),
        advice=("Download the checkpoint again and compare its size (or checksum) with the published one before "
                "loading it; delete the partial file first (for torch.hub, from ~/.cache/torch/hub/checkpoints)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "the PyTorch version"),
        never_suggest=_NOT_THE_DRIVER + ("upgrade torch",),
        sources=("https://github.com/CompVis/stable-diffusion/issues/93", "https://github.com/liuyuan-pal/Gen6D/issues/39"),
        checked="2026-11-26",
        examples=("frameworks/compvis-sd-93-ckpt-pytorchstreamreader-central-directory.txt",
                  "frameworks/gen6d-39-zip-archive-central-directory.txt"),
    ),
    Signature(
        code="frameworks.checkpoint-is-not-weights",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # pickle (torch.load's legacy path, pickle.load) reading text: "version https://git-lfs.github.com/spec/v1"
        # of a Git LFS pointer starts with 'v', an HTML page (a login or quota page saved as the file) with '<'.
        patterns=(r"UnpicklingError: invalid load key, '(?P<key>v|<)'",),
        severity="fail",
        cause=("The file loaded as a checkpoint is text, not weights: a Git LFS pointer ('v' of \"version "
               "https://git-lfs...\") from a clone without git-lfs, or a web page saved in its place ('<')."),
        advice=("Fetch the real file: install Git LFS and run `git lfs install` then `git lfs pull` inside the clone "
                "(or clone again after installing it), or download the weights again from their page; a checkpoint "
                "of a few hundred bytes is the pointer."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "the PyTorch version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/hhj1897/face_parsing/issues/3", "https://github.com/svip-lab/PPGNet/issues/2",
                 "https://github.com/git-lfs/git-lfs/issues/4366"),
        checked="2026-11-26",
        examples=("frameworks/face-parsing-3-unpickling-load-key-v-lfs.txt", "frameworks/ppgnet-2-backbone-checkpoint-lfs-pointer.txt"),
    ),
    Signature(
        code="frameworks.jax-jaxlib-version-mismatch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # jax/_src/lib/__init__.py, check_jaxlib_version: a jaxlib newer than this jax supports, or older than its minimum.
        patterns=(r"jaxlib version (?P<jaxlib>\d{1,3}\.\d{1,3}\.\d{1,3})\S{0,30} is newer than and incompatible with jax "
                  r"version (?P<jax>\d{1,3}\.\d{1,3}\.\d{1,3})",
                  r"jaxlib is version (?P<jaxlib>\d{1,3}\.\d{1,3}\.\d{1,3})\S{0,30}, but this version of jax requires "
                  r"version >= ?(?P<needed>\d{1,3}\.\d{1,3}\.\d{1,3})"),
        severity="fail",
        cause="jax and jaxlib are installed at versions that do not go together (jaxlib {jaxlib}), so `import jax` stops.",
        advice=("Install jax and jaxlib as one release: `pip install --upgrade \"jax[cuda12]\"` brings a jax, jaxlib and CUDA "
                "plugin that match; where a project pins jax, install that version with the extra (`pip install "
                "\"jax[cuda12]==X.Y.Z\"`) instead of upgrading jaxlib alone."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/jax-ml/jax/issues/17638", "https://github.com/magenta/mt3/issues/83",
                 "https://docs.jax.dev/en/latest/installation.html"),
        checked="2026-11-26",
        examples=("frameworks/jax-17638-jaxlib-newer-than-jax.txt", "frameworks/mt3-83-colab-jaxlib-0320-jax-0315.txt"),
    ),
    Signature(
        code="frameworks.flash-attention-backward-needs-sm80",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # PyTorch 2.0's SDPA FlashAttention backward (TORCH_CHECK in its sm80 kernels) reached on an sm86/sm89 GPU for
        # head sizes whose shared memory only A100/H100 have, and flash-attn 1.x/2.0's own words for the same limit.
        patterns=(r"Expected is_sm80(?: \|\| is_sm90)? to be true, but got false",
                  r"FlashAttention backward for head dim > ?(?P<head_dim>\d{2,3}) requires A100 or H100"),
        severity="fail",
        cause=("The FlashAttention backward kernel chosen for this head size needs the shared memory of an A100 or H100 "
               "(sm80/sm90), which this GPU lacks; PyTorch 2.0 dispatched to it anyway on RTX 30/40 cards."),
        advice=("Upgrade PyTorch (2.1 or newer dispatches around it, `pip install --upgrade torch --index-url "
                "https://download.pytorch.org/whl/cu121`), or turn the flash SDP backend off for training on this GPU: "
                "`torch.backends.cuda.enable_flash_sdp(False)` (memory-efficient attention is used instead)."),
        action="configure",
        rules_out=("a driver fault", "a broken GPU"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/pytorch/pytorch/issues/98140", "https://github.com/pytorch/pytorch/issues/94883"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-98140-sdpa-flash-backward-is-sm80-4090.txt",),
    ),
    Signature(
        code="frameworks.yolo-invalid-cuda-device",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # Ultralytics' select_device (YOLOv8 and later: "Invalid CUDA 'device=0' requested", YOLOv5: "'--device 0'"),
        # and YOLOv5's older assertion; each is raised when torch.cuda.is_available() is False or counts too few GPUs.
        patterns=(r"Invalid CUDA '(?:--)?device[= ](?P<device>[\w,:]{1,20})' requested",
                  r"CUDA unavailable, invalid device (?P<device>[\w,]{1,20}) requested"),
        severity="fail",
        cause=("Ultralytics was asked for CUDA device {device} and PyTorch sees no usable GPU: most often the installed "
               "torch is the CPU-only build (the banner's torch version ends in +cpu)."),
        advice=(f"Check what PyTorch sees with `{_CHECK_TORCH}`; a +cpu build needs the CUDA one: `pip uninstall -y torch "
                "torchvision` then `pip install torch torchvision --index-url https://download.pytorch.org/whl/cu121`. "
                "With a CUDA build, check that CUDA_VISIBLE_DEVICES (printed under the error) does not hide the GPU, and "
                "that nvidia-smi works."),
        action="configure",
        rules_out=("a fault in the YOLO model or weights",),
        never_suggest=("use device=cpu",),
        sources=("https://github.com/ogkalu2/comic-translate/issues/17", "https://docs.ultralytics.com/guides/yolo-common-issues/"),
        checked="2026-11-26",
        examples=("frameworks/comic-translate-17-yolo-device-0-cpu-torch.txt",),
    ),
    Signature(
        code="frameworks.whisper-running-on-cpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # openai-whisper's transcribe() when the model sits on the CPU (and apps that copied its warning): the run goes
        # on in float32, many times slower; on a machine with an NVIDIA GPU it means torch did not get CUDA.
        patterns=(r"FP16 is not supported on CPU; using FP32 instead",),
        severity="warn",
        cause=("Whisper is running on the CPU (it fell back to float32): PyTorch here cannot use the GPU, most often "
               "because a CPU-only torch was installed with it, or the app was not asked for the cuda device."),
        advice=(f"If this machine has an NVIDIA GPU, check `{_CHECK_TORCH}`; a +cpu build needs the CUDA one (`pip "
                "uninstall -y torch` then `pip install torch --index-url https://download.pytorch.org/whl/cu121`), then "
                "run Whisper with --device cuda. On a machine without a GPU this warning is expected."),
        action="configure",
        rules_out=("a failure of the transcription itself",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/dsymbol/decipher/issues/8", "https://github.com/openai/whisper/discussions/47"),
        checked="2026-11-26",
        examples=("frameworks/decipher-8-whisper-fp16-on-cpu-rtx-3060.txt",),
    ),
    Signature(
        code="frameworks.paddle-cuda-library-not-configured",
        cause_id="cuda-library-missing",  # as the corpus's independent labels file a framework's failed library load
        kinds=("any",),
        # PaddlePaddle's dynamic_loader when dlopen/LoadLibrary of a CUDA library fails (Linux: the dlerror text, Windows:
        # error code 126). libcuda.so is left out: under WSL Paddle warns about it while the GPU works.
        # Its dynload wrappers, where a method is called on a library that never loaded, say it as "Cannot load cudnn
        # shared library. Cannot invoke method cudnnGetVersion" (Paddle looks for the unversioned libcudnn.so).
        patterns=(r"The third-party dynamic library \((?!libcuda\.so)(?P<library>[\w.;-]{1,80})\) that Paddle depends "
                  r"on is not configured correctly",
                  r"Cannot load (?P<library>cudnn|cublas|cublasLt|curand|cusolver|cusparse|cufft|nccl|cupti|nvrtc) shared "
                  r"library\. Cannot invoke method (?P<method>\w{1,60})"),
        severity="fail",
        cause=("PaddlePaddle could not load {library}: the CUDA or cuDNN version its paddlepaddle-gpu build expects is "
               "not installed, or not on the library path."),
        advice=("Install the CUDA and cuDNN versions this paddlepaddle-gpu was built for (`python -c \"import paddle; "
                "print(paddle.version.cuda(), paddle.version.cudnn())\"`) and put their library folders on the path "
                "(LD_LIBRARY_PATH on Linux, the bin folders on PATH on Windows), or install the paddlepaddle-gpu wheel "
                "made for the CUDA and cuDNN you have. A library of another CUDA major in the name (libcudart.so.12 or "
                "libcublas.so.12 in a CUDA 13 image, cudart64_110.dll on CUDA 12) means the wheel was built for that "
                "CUDA: install the build for the CUDA you run from Paddle's package index (e.g. `python -m pip install "
                "paddlepaddle-gpu -i https://www.paddlepaddle.org.cn/packages/stable/cu126/`, cu129, or cu130 for "
                "CUDA 13), or run Paddle's Docker image of that CUDA."),
        action="configure",
        rules_out=("a driver fault, when nvidia-smi works",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/PaddlePaddle/PaddleDetection/issues/3766", "https://github.com/PaddlePaddle/Paddle/issues/29428",
                 "https://www.paddlepaddle.org.cn/en/install/quick", "https://github.com/PaddlePaddle/PaddleOCR/issues/300",
                 "https://github.com/PaddlePaddle/Paddle/issues/36238"),
        checked="2026-11-26",
        examples=("frameworks/paddledetection-3766-run-check-cudnn64-7-dll.txt",
                  "frameworks/paddleocr-300-cannot-load-cudnn-shared-library.txt",
                  "frameworks/paddle-36238-cudnn-dso-handle-null.txt"),
    ),
)
