"""Failures the frameworks' users report most that no other row read, sampled from the trackers by symptom.

frameworks_versions.py adds these rows to its VERSION_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FIELD_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.openmp-runtime-loaded-twice",
        cause_id="openmp-runtime-loaded-twice",
        kinds=("any",),
        # Intel's OpenMP runtime (libiomp5md.dll on Windows, libiomp5.so on Linux) aborts when a second copy of it, or
        # of LLVM's libomp, initialises in a process where one already runs: conda's MKL in Library\bin beside the one
        # in torch\lib, or a wheel (ctranslate2, faiss) shipping its own. The hint line is the runtime's own text.
        patterns=(r"OMP: Error #15: Initializing (?P<library>[\w.]{1,40}), but found (?P<loaded>[\w.]{1,40}) already "
                  r"initialized",
                  r"OMP: Hint This means that multiple copies of the OpenMP runtime have been linked into the program"),
        severity="fail",
        cause=("Two copies of the OpenMP runtime were loaded into one process (conda's MKL and torch, or another wheel, "
               "each bring their own libiomp5), and Intel's runtime stops the program rather than run with both."),
        advice=("Keep one OpenMP runtime in the environment: find the copies (`where /r %CONDA_PREFIX% libiomp5md.dll` on "
                "Windows, `find $CONDA_PREFIX -name 'libiomp5*'` on Linux) and remove or rename the extra one (often "
                "the conda environment's Library\\bin copy, or the one a package such as ctranslate2 ships), or "
                "`conda install nomkl`, or install torch into a fresh venv with pip alone; setting "
                "KMP_DUPLICATE_LIB_OK=TRUE only hides it and may give wrong results."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/meta-pytorch/csprng/issues/115", "https://github.com/harry0703/MoneyPrinterTurbo/issues/90",
                 "https://github.com/kuaikuaikim/dface/issues/36", "https://github.com/HiLab-git/MIDeepSeg/issues/4"),
        checked="2026-11-26",
        examples=("frameworks/csprng-115-windows-libiomp5md-duplicate.txt",
                  "frameworks/moneyprinterturbo-90-libiomp5md-ctranslate2-copy.txt"),
    ),    Signature(
        code="frameworks.cudnn-needs-cublas-of-its-cuda",
        cause_id="cuda-library-missing",  # as the corpus's independent labels file cuDNN's failed loads
        kinds=("any",),
        # cuDNN 8's sub-libraries link the cuBLAS of the CUDA major they were built for; the loader's error names that
        # dependency, not cuDNN: cuDNN is there, CUDA N's cuBLAS is not (a CUDA 12 host under a cuDNN for CUDA 11).
        # "[Ee]rror:" keeps the prefilter off "Error:", which healthy logs print all the time
        patterns=(r"Could not load library (?P<library>libcudnn\w{0,30}\.so[\d.]{0,8})\. [Ee]rror: "
                  r"(?P<dependency>libcublas(?:Lt)?\.so\.(?P<major>\d{1,2}))[\d.]{0,10}: cannot open shared object file",),
        severity="fail",
        cause=("cuDNN's {library} is installed, but the CUDA {major} cuBLAS it was built against ({dependency}) is not "
               "where the loader looks, so cuDNN cannot load."),
        advice=("Install the cuBLAS of CUDA {major} that this cuDNN build needs (`pip install nvidia-cublas-cu{major}`, or "
                "the CUDA {major} toolkit's libcublas) and add the folder holding {dependency} to LD_LIBRARY_PATH (pip puts "
                "it in site-packages/nvidia/cublas/lib); or install the cuDNN built for the CUDA you have, the same major "
                "as the program's CUDA."),
        action="configure",
        rules_out=("a driver fault", "a missing cuDNN"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/PaddlePaddle/Paddle/issues/51060", "https://github.com/NVIDIA/nvidia-container-toolkit/issues/254",
                 "https://github.com/AlexeyAB/darknet/issues/8601"),
        checked="2026-11-26",
        examples=("frameworks/paddle-51060-cudnn-ops-infer-libcublas11.txt",
                  "frameworks/nvidia-container-toolkit-254-cudnn8-libcublas-11-in-image.txt",
                  "frameworks/darknet-8601-cudnn8-libcublas11-missing.txt"),
        refines=("cuda.shared-library-not-loadable",
                 "frameworks.cudnn-library-missing", "cuda.runtime-library-missing"),
    ),    Signature(
        code="frameworks.lightning-requested-gpus-none-visible",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # PyTorch Lightning's device parser (before 2.0: gpus=..., then devices=...) when the indexes asked for are not
        # among the GPUs torch counts; an empty list is torch counting none ("You requested GPUs: [0]" the line above).
        patterns=(r"But your machine only has: \[\]",),
        severity="fail",
        cause=("PyTorch Lightning was given GPU indexes and torch counts no GPU at all here: torch cannot use CUDA (a "
               "CPU-only build, no NVIDIA driver, or a notebook runtime without a GPU)."),
        advice=("Make torch see the GPU first: run `python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch.cuda.is_available())\"`; a +cpu build (CUDA None) needs the CUDA build of torch (`pip install "
                "--force-reinstall torch --index-url https://download.pytorch.org/whl/cu121`, the cuXXX your driver "
                "supports), a CUDA build that says False points at the driver (run nvidia-smi), and in Colab or Kaggle "
                "switch the runtime to a GPU; then ask for an index the machine has (devices=[0])."),
        action="configure",
        rules_out=("a fault in the model code",),
        never_suggest=("set accelerator='cpu'",),
        sources=("https://github.com/HasnainRaz/Fast-AgingGAN/issues/11", "https://github.com/AntixK/PyTorch-VAE/issues/81",
                 "https://lightning.ai/docs/pytorch/stable/accelerators/gpu_basic.html"),
        checked="2026-11-26",
        examples=("frameworks/fast-aginggan-11-lightning-machine-has-no-gpus.txt",
                  "frameworks/pytorch-vae-81-lightning-machine-only-has-none.txt"),
    ),
    Signature(
        code="frameworks.lightning-requested-gpu-index-absent",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # The same check when torch counts GPUs but not the index asked for: gpus=[1] names GPU 1 (a list is indexes,
        # an integer a count), and CUDA_VISIBLE_DEVICES renumbers the visible GPUs from 0.
        patterns=(r"But your machine only has: \[(?P<available>\d[\d, ]{0,40})\]",),
        severity="fail",
        cause=("PyTorch Lightning was asked for a GPU index the machine does not have: torch counts GPUs "
               "[{available}], and the list given names another (a list means indexes, an integer a count)."),
        advice=("Ask for GPUs the machine has: a count (`devices=1`, `gpus=1` in old Lightning) or indexes from the "
                "list it printed (`devices=[0]`); with CUDA_VISIBLE_DEVICES set, the visible GPUs are renumbered from 0, "
                "so index them from 0 (`python -c \"import torch; print(torch.cuda.device_count())\"` counts them)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall torch"),
        sources=("https://github.com/googlecolab/colabtools/issues/1822", "https://github.com/ray-project/ray_lightning/issues/32",
                 "https://lightning.ai/docs/pytorch/stable/accelerators/gpu_basic.html"),
        checked="2026-11-26",
        examples=("frameworks/colabtools-1822-lightning-gpus-1-colab-has-0.txt",),
    ),    Signature(
        code="frameworks.flash-attn-gpu-older-than-turing",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # flash-attn's own architecture check (TORCH_CHECK in its fmha/flash API: 1.x accepts sm75 and sm8x, later
        # builds sm90 too); the bare "is_sm80" backward limit is frameworks.flash-attention-backward-needs-sm80.
        patterns=(r"Expected (?:is_sm90 \|\| )?is_sm8x \|\| is_sm75 to be true, but got false",),
        severity="fail",
        cause=("This FlashAttention build runs only on Turing (sm75) and Ampere/Ada (sm8x) GPUs, Hopper too in later "
               "1.x releases, and this GPU is none of them: a V100, P100, GTX 10xx or older, or an H100/GH200 under a "
               "flash-attn 1.x without sm90."),
        advice=("Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`): below 7.5 "
                "(V100, P100, GTX 10xx), turn FlashAttention off (uninstall flash-attn, set the model's use_flash_attn "
                "or attn_implementation to \"sdpa\"/\"eager\", or replace the flash attention module with "
                "nn.MultiheadAttention) or use a Turing or newer GPU; on Hopper (9.0) install flash-attn 2 (`pip "
                "install -U flash-attn --no-build-isolation`)."),
        action="configure",
        rules_out=("a driver fault", "a broken GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/QwenLM/Qwen/issues/103", "https://github.com/junjie18/CMT/issues/9",
                 "https://github.com/junjie18/CMT/issues/95", "https://github.com/Dao-AILab/flash-attention/issues/1606"),
        checked="2026-11-26",
        examples=("frameworks/qwen-103-flash-attn-is-sm75-on-v100.txt", "frameworks/cmt-9-flash-attn-1-v100-not-supported.txt"),
    ),    Signature(
        code="frameworks.gptq-model-without-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # transformers' GPTQ quantizer (quantizer_gptq.py) and optimum's GPTQQuantizer refuse to quantize or load a
        # GPTQ model when torch.cuda.is_available() is False (a CPU-only torch, no NVIDIA GPU, or another vendor's GPU).
        patterns=(r"GPU is required to quantize or run quantize model",
                  r"No GPU found\. A GPU is needed to quantize model"),
        severity="fail",
        cause=("A GPTQ-quantized model was loaded (or quantized) through transformers or optimum, which need a CUDA GPU "
               "that torch can use, and torch sees none here: a CPU-only torch build, or a machine without an NVIDIA "
               "GPU."),
        advice=("Check `python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"`: a +cpu build "
                "on a machine with an NVIDIA GPU needs the CUDA build of torch (`pip install --force-reinstall torch "
                "--index-url https://download.pytorch.org/whl/cu124`); on a machine without one, use a model format "
                "made for the CPU (a GGUF build with llama.cpp, or the unquantized model) instead of GPTQ."),
        action="configure",
        rules_out=("a fault in the model files",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/oobabooga/textgen/issues/6804", "https://github.com/huggingface/optimum/issues/1717",
                 "https://huggingface.co/docs/transformers/main/en/quantization/gptq"),
        checked="2026-11-26",
        examples=("frameworks/textgen-6804-gptq-transformers-on-cpu.txt",),
    ),    Signature(
        code="frameworks.triton-windows-vcruntime-too-old",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # triton-windows' libtriton.pyd needs a recent MSVC runtime (14.42 or so); Windows loads vcruntime140*.dll and
        # msvcp140.dll from the Python folder first (ComfyUI's python_embeded, a base install, copies in a venv), and
        # older copies there fail its DLL initialisation. The message after the colon is localised.
        patterns=(r"DLL load failed while importing libtriton\b",),
        severity="fail",
        cause=("Triton for Windows (triton-windows) could not load libtriton: the MSVC runtime DLLs Python loads first "
               "(vcruntime140.dll, vcruntime140_1.dll, msvcp140.dll in the Python or python_embeded folder) are older "
               "than the ones its build needs."),
        advice=("Install the latest Visual C++ redistributable (https://aka.ms/vs/17/release/vc_redist.x64.exe), then "
                "copy msvcp140.dll, vcruntime140.dll and vcruntime140_1.dll from C:\\Windows\\System32 over the older "
                "copies in the Python installation folder (ComfyUI portable: python_embeded; a venv: the base Python "
                "that `python -c \"import sysconfig; print(sysconfig.get_paths()['stdlib'])\"` names); with conda, "
                "`conda install -c conda-forge vc14_runtime`."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/woct0rdho/triton-windows#importerror-dll-load-failed-while-importing-libtriton",
                 "https://github.com/woct0rdho/triton-windows/issues/27", "https://github.com/woct0rdho/triton-windows/issues/58"),
        checked="2026-11-26",
        examples=("frameworks/triton-windows-27-libtriton-dll-init-venv-vcruntime.txt",
                  "frameworks/triton-windows-58-comfyui-embeded-vcruntime-libtriton.txt"),
        refines=("wheels.windows-extension-dll-not-found",),
    ),    Signature(
        code="frameworks.torch-arch-list-lacks-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # torch/cuda/__init__.py's capability warning goes on with the build's own architecture list; pastes often
        # start there (the first line, which cuda.torch-capability-not-compatible reads with the GPU's sm_, cut off).
        patterns=(r"The current PyTorch install supports CUDA capabilities (?P<archs>sm_\d{2,3}[a-z0-9_ ]{0,200})\.",),
        severity="fail",
        cause=("This PyTorch build has kernels only for {archs}, and the GPU it warns about is not among them, so "
               "PyTorch cannot run on it."),
        advice=("See the GPU's architecture (`nvidia-smi --query-gpu=name,compute_cap --format=csv`: 8.6 is sm_86) and "
                "install a PyTorch build that lists it: a newer GPU than the list's last (RTX 30/40: cu118 or later, RTX "
                "50 / Blackwell sm_120: `pip install torch --index-url https://download.pytorch.org/whl/cu128`), an "
                "older one than its first (GTX 9xx/10xx, sm_52/sm_61, under a cu128+ build: "
                "`--index-url https://download.pytorch.org/whl/cu126`); `python -c \"import torch; "
                "print(torch.cuda.get_arch_list())\"` shows the installed build's list."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/cloveranon/Clover-Edition/issues/159", "https://github.com/MolecularAI/Reinvent/issues/40",
                 "https://github.com/pytorch/pytorch/blob/main/torch/cuda/__init__.py"),
        checked="2026-11-26",
        examples=("frameworks/clover-edition-159-arch-list-without-gpu-line.txt",),
    ),    Signature(
        code="frameworks.torch-cudnn-plan-warning",
        cause_id="none",
        kinds=("any",),
        # PyTorch 2.3.0's cuDNN v8 API path (Conv_v8.cpp) warns for every execution plan cuDNN declines while it tries
        # the next; the convolution runs with another plan. 2.3.1 stopped printing it.
        patterns=(r"Plan failed with a cudnnException: CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnFinalize Descriptor "
                  r"Failed",),
        severity="info",
        cause=("PyTorch 2.3.0 warns each time cuDNN declines one of the convolution plans it tries; another plan runs, "
               "so training and inference go on: a warning, not a fault."),
        advice=("Harmless warning: nothing to fix in the driver or cuDNN; upgrade to torch 2.3.1 or newer to stop it "
                "being printed, and look elsewhere in the output if something did fail."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver", "reinstall cudnn", "disable cudnn"),
        sources=("https://github.com/pytorch/pytorch/issues/121834", "https://github.com/pytorch/pytorch/issues/126605"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-121834-cudnn-plan-warning-resnet-training.txt",
                  "frameworks/pytorch-126605-yolov8-cudnn-plan-warning.txt"),
        refines=("cuda.cudnn-not-supported",),
    ),    Signature(
        code="frameworks.tensorrt-out-of-gpu-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # TensorRT's own allocator failures while it builds or runs an engine: TRT 7-8's DefaultAllocator
        # ("Cuda Error in allocate: 2 (out of memory)"), 8.x-10's defaultAllocator.cpp "Cuda Runtime (out of memory)" and
        # virtualMemoryBuffer.cpp "OutOfMemory" for a workspace (memory pool) larger than the free GPU memory.
        patterns=(r"Error Code 1: Cuda Runtime \(out of memory\)",
                  r"Cuda Error in (?:nvinfer1::internal::DefaultAllocator::)?allocate: 2 \(out of memory\)"),
        severity="fail",
        cause=("TensorRT ran out of GPU memory while building or running the engine: its workspace (memory pool) or "
               "a tactic asked for more than the GPU had free."),
        advice=("Cap TensorRT's workspace below the GPU's free memory and rebuild: `trtexec --memPoolSize=workspace:2048M`, "
                "`config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, 2 << 30)` (setMaxWorkspaceSize before TRT "
                "8.4), DeepStream's workspace-size, ORT_TENSORRT_MAX_WORKSPACE_SIZE for ONNX Runtime; build for smaller "
                "max shapes or batch, or FP16, and close other programs holding VRAM (nvidia-smi lists them)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall TensorRT"),
        sources=("https://github.com/NVIDIA/TensorRT/issues/4258", "https://github.com/NVIDIA/TensorRT/issues/948",
                 "https://github.com/marcoslucianops/DeepStream-Yolo/issues/366", "https://github.com/microsoft/onnxruntime/issues/10770"),
        checked="2026-11-26",
        examples=("frameworks/tensorrt-4258-trtexec-rtx4060-cuda-runtime-oom.txt",
                  "frameworks/tensorrt-948-default-allocator-out-of-memory-workspace.txt"),
    ),
    Signature(
        code="frameworks.tensorrt-tactic-skipped-for-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # TensorRT 8.5+'s builder reserving a tactic's workspace from a virtual memory buffer: an [E]-level
        # "OutOfMemory" and a warning per tactic it then skips; the build may still finish with other tactics.
        patterns=(r"resizePhysical::\d{1,4}\] Error Code 2: OutOfMemory",
                  r"Requested amount of GPU memory \(\d{6,14} bytes\) could not be allocated"),
        severity="warn",
        cause=("TensorRT's builder could not reserve the memory a tactic asked for and skips that tactic: the "
               "workspace limit is larger than the GPU's free memory."),
        advice=("If the engine still builds, these are tactic-selection warnings; if the build fails (no implementation "
                "for a node), set the workspace below the GPU's free memory (DeepStream's workspace-size, `trtexec "
                "--memPoolSize=workspace:2048M`, IBuilderConfig::setMemoryPoolLimit) and free VRAM held by other "
                "programs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall TensorRT"),
        sources=("https://github.com/marcoslucianops/DeepStream-Yolo/issues/366",
                 "https://github.com/VoltaML/voltaML-fast-stable-diffusion/issues/15"),
        checked="2026-11-26",
        examples=("frameworks/deepstream-yolo-366-trt-workspace-outofmemory.txt",),
    ),
)
