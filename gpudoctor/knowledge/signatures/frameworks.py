"""PyTorch and TensorFlow: their exceptions and warnings about the GPU.

Rows here are written for what the frameworks and the libraries they load say about how they were built and
installed (cuDNN, CUDA libraries, forked workers, ranks); PyTorch's messages about the driver, the GPU's compute
capability, out-of-memory and CUDA's error 999 and 802 are rows of cuda.py, beside the CUDA runtime's own words.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.frameworks_w39a import CUDNN_MISSING_WHERE, CUDNN_MISSING_WHERE_DEFAULT
from gpudoctor.knowledge.signatures.frameworks_runtime import RUNTIME_SIGNATURES
from gpudoctor.knowledge.signatures.frameworks_setup import SETUP_SIGNATURES
from gpudoctor.knowledge.signatures.frameworks_stack import STACK_SIGNATURES
from gpudoctor.knowledge.signatures.frameworks_a15f import SIGNATURES as A15F_ROWS
from gpudoctor.knowledge.signatures.frameworks_p15f import P15F_SIGNATURES as P15F_ROWS
from gpudoctor.knowledge.signatures.frameworks_r15c import R15C_SIGNATURES as R15C_ROWS

PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"
TF_INSTALL = "https://www.tensorflow.org/install/pip"
CUDNN_MATRIX = "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/support-matrix.html"
_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.cuda-in-forked-subprocess",
        cause_id="multiprocessing-fork",
        kinds=_PY,
        patterns=(r"Cannot re-initialize CUDA in forked subprocess",
                  r"To use CUDA with multiprocessing, you must use the 'spawn' start method"),
        severity="fail",
        cause="CUDA was used in a process forked after the parent had initialised CUDA (a DataLoader worker, a Pool).",
        advice=("Use the 'spawn' start method (`multiprocessing.set_start_method('spawn')`, a DataLoader's `multiprocessing_"
                "context='spawn'`), or initialise CUDA only in the child: no CUDA call in the parent before the fork (not even "
                "torch.cuda.is_available()), only CPU work in forked DataLoader workers. A library that initialises CUDA as it "
                "is imported (an old accelerate): upgrade or uninstall it."),
        action="configure",
        rules_out=("a driver or CUDA install problem",), never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/traveller59/spconv/issues/408", "https://github.com/automl/Auto-PyTorch/issues/22",
                 "https://github.com/pytorch/pytorch/issues/68861", "https://pytorch.org/docs/stable/notes/multiprocessing.html"),
        checked="2026-11-27",
        examples=("frameworks/spconv-408-cuda-in-forked-dataloader.txt", "frameworks/autopytorch-22-forked-subprocess-cuda-used-"
                  "elsewhere.txt", "frameworks/pytorch-68861-gunicorn-master-cuda-forked-workers.txt"),
    ),
    Signature(
        code="frameworks.torch-cpu-build",
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            r"Torch not compiled with CUDA enabled",
            # conda's build string of a CPU-only PyTorch, e.g. pytorch=1.9.0=py3.8_cpu_0
            r"\bpytorch[=-](?P<version>\d[\w.]*)[=-]py\d+\.?\d*_cpu_\d+",
            # xformers' warning names the installed PyTorch: "(you have 2.1.2+cpu)"
            r"\(you have (?P<version>\d[\w.]*\+cpu)\)",
            # pip list / pip install, and python -m torch.utils.collect_env
            r"\btorch(?:==|-| {1,30})(?P<version>\d+\.\d+(?:\.\d+)?\+cpu)\b",
            r"PyTorch [Vv]ersion {0,30}[:;] {0,4}(?P<version>\d[\w.]*\+cpu)\b",  # collect_env (old and aligned), audio-separator
            r"(?:\bpytorch version|\btorch): (?P<version>\d+\.\d+(?:\.\d+)?\+cpu)\b",  # ComfyUI/Forge start-up, A1111 footer
            r"CUDA used to build PyTorch {0,30}: (?:None|Could not collect)\b",  # collect_env: torch.version.cuda is None
            r"module 'torch\._C' has no attribute '_cuda_(?:setDevice|getDeviceCount|init)'",  # no CUDA bindings built
        ),
        severity="fail",
        cause="The installed PyTorch is a CPU-only build, so it cannot use the GPU.",
        advice=("Install a CUDA build of PyTorch in the environment that runs the program (an app's own venv or "
                "embedded Python: use its python -m pip): first `pip uninstall -y torch torchvision torchaudio` (pip "
                "keeps an installed torch of the same version), then install a PyTorch and CUDA combination that "
                "exists on pytorch.org's selector from the PyTorch index (e.g. `pip install torch torchvision "
                "torchaudio --index-url https://download.pytorch.org/whl/cu121`); a version ending in +cpu or a conda "
                "build string with _cpu_ is the CPU-only one, and on Windows plain `pip install torch` (an installer or requirements file without the index URL) always gets it, as "
                "it does on Linux aarch64 (GH200, GB200, DGX Spark: use the cu128 index for torch 2.7 to 2.11, cu130 for newer torch and for GB10 and Jetson Thor); a Jetson Orin or Xavier takes NVIDIA's JetPack wheels for its JetPack release, never PyPI's; "
                "with uv, make torch a direct dependency with `torch = { index = \"pytorch-cu128\" }` under [tool.uv.sources] and that [[tool.uv.index]] `explicit = true`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/69202", "https://github.com/open-mmlab/PIA/issues/30",
                 PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("wheels/pytorch-69202-conda-cudatoolkit-113-gets-cpu.txt", "wheels/pia-30-xformers-you-have-cpu-torch.txt",
                  "frameworks/pytorch-122924-windows-collect-env-cuda-could-not-collect.txt",
                  "frameworks/ootdiffusion-110-torch-c-no-cuda-setdevice-a.txt", "frameworks/gentrl-36-windows-set-device-torch-c-no-cuda.txt", "frameworks/uvr5ui-31-separator-log-pytorch-cpu.txt"),
        # xformers' "can't load C++/CUDA extensions" line above "(you have 2.1.2+cpu)": the CPU torch is the cause.
        refines=("wheels.xformers-built-for-other-torch",),
        refines_within=2,
    ),
    Signature(
        code="frameworks.torch-cudnn-linked-elsewhere",
        cause_id="symbol-mismatch",
        kinds=_PY,
        patterns=(
            r"cuDNN version incompatibility: PyTorch was compiled against \((?P<compiled>[\d, ]+)\) but linked "
            r"against \((?P<linked>[\d, ]+)\)",
        ),
        severity="fail",
        cause="Another cuDNN ({linked}) is loaded instead of the {compiled} PyTorch was built with.",
        advice=("Remove the directory of that other cuDNN from LD_LIBRARY_PATH (`echo $LD_LIBRARY_PATH`) so "
                "PyTorch loads the cuDNN it ships with."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/functorch/issues/926",),
        checked="2026-11-25",
        examples=("frameworks/functorch-926-cudnn-compiled-vs-linked.txt",),
    ),
    Signature(
        code="frameworks.tf-cuda-libraries-missing",
        # why its GPU list is empty; the NUMA notice printed before it is noise beside the real failure (w49b: a
        # paste of both read as a NUMA problem: tensorflow#35866, whose
        # libcudart.so.10.1 line frameworks.tf-wants-older-cuda reads in its place)
        refines=("frameworks.tf-lists-no-gpu", "frameworks.tf-numa-node-negative"), refines_within=None,
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # TensorRT's libnvinfer is optional (frameworks.tf-tensorrt-not-found says so), not a CUDA library
            r"Could not load dynamic library '(?!libnvinfer)(?P<library>[^'\n]{1,80})'; dlerror: ",
            r"(?<=Cannot )dlopen(?= some GPU libraries)",
        ),
        severity="warn",
        cause="TensorFlow could not load the CUDA libraries of the version it was built for, so it skips the GPU.",
        advice=("Install the CUDA libraries of the version this TensorFlow was built for (the file names say which: "
                "libcudart.so.11.0 is CUDA 11.0; e.g. `pip install tensorflow[and-cuda]`, or the matching "
                "cudatoolkit in conda), and make their directory visible through LD_LIBRARY_PATH. For libcudnn.so.8 "
                "(TensorFlow 2.4 to 2.16) or libcudnn.so.9 (2.17 and later): `pip install \"tensorflow[and-cuda]\"` of "
                "the same release, or the cuDNN pip package of its tested build (TensorFlow 2.12-2.13 on CUDA 11: "
                "`pip install nvidia-cudnn-cu11==8.6.0.163`), with the package's lib folder on LD_LIBRARY_PATH "
                "(`export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; "
                "print(os.path.dirname(nvidia.cudnn.__file__))')/lib:$LD_LIBRARY_PATH`)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/tensorflow/issues/110", "https://github.com/orpatashnik/StyleCLIP/issues/20",
                 "https://github.com/tensorflow/tensorflow/issues/56413", TF_INSTALL,
                 "https://www.tensorflow.org/install/source#gpu"),
        checked="2026-11-25",
        # A line naming the library is frameworks.tf-named-cuda-library-not-loaded's (the same cause, its advice naming
        # the library); this row keeps TensorFlow's summary, "Cannot dlopen some GPU libraries".
        examples=("frameworks/nvidia-tf-110-libnvjitlink-missing.txt",),
    ),
    Signature(
        code="frameworks.cudnn-library-missing", refines=("cuda.shared-library-not-loadable",),  # cuda_w36a.py's
        cause_id="cuda-library-missing",  # libcudnn, as TAXONOMY.md files it (not a framework's "cannot dlopen")
        kinds=("any",),
        patterns=(
            # CTranslate2 (faster-whisper and the like) loads cuDNN by its major version. Where the error it
            # carries is libcuda.so's, cuDNN is there and the driver's unversioned link is what is missing
            # (cuda.libcuda-unversioned reads that line).
            r"Could not load library (?![^\n]{0,60}Error: libcuda\.so\b)(?P<library>libcudnn\w*\.so[\d.]*|cudnn\w{0,40}\.dll)",
            r"Could not locate (?P<library>cudnn\w{0,40}[.:]dll)",
            r"Unable to load any of \{(?P<library>libcudnn)",
        ),
        severity="fail",
        cause="The program was built against a cuDNN major version that is not installed where the loader looks.",
        advice=("Install the cuDNN major version the program was built for, which the missing file {library} names "
                "(libcudnn_ops_infer.so.8 and cudnn_ops_infer64_8.dll are cuDNN 8, cudnn_ops64_9.dll cuDNN 9), or use a "
                "build of the program for the cuDNN version you have. {cudnn_where} For CTranslate2 (faster-whisper, "
                "WhisperX): ctranslate2 4.5+ needs cuDNN 9 and CUDA 12, 4.0-4.4 cuDNN 8 with CUDA 12 (`pip install "
                "ctranslate2==4.4.0`), and on CUDA 11 `pip install ctranslate2==3.24.0` (cuDNN 8). Beside PyTorch in the same "
                "venv, torch's wheels bring their own cuDNN (2.4 and later cuDNN 9, 2.3 and earlier cuDNN 8): pair torch "
                "2.4+ with ctranslate2 4.5+, or torch 2.3 or older with ctranslate2 4.4.0 or older."),
        lookups=(("library", "cudnn_where", CUDNN_MISSING_WHERE, CUDNN_MISSING_WHERE_DEFAULT),),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/ultrasev/stream-whisper/issues/28", "https://github.com/jianchang512/stt/issues/76", CUDNN_MATRIX,
                 "https://github.com/Huanshere/VideoLingo/issues/183", "https://github.com/xandergos/terrain-diffusion-mc/issues/123"),
        checked="2026-11-26",
        examples=("frameworks/stream-whisper-28-cudnn9-installed-needs-8.txt", "frameworks/stt-76-libcudnn-ops-infer-8-missing.txt",
                  "frameworks/whisper-standalone-win-118-cudnn-ops-infer64-8-dll-126.txt",
                  "frameworks/videolingo-183-cudnn-ops64-9-dll-add-folder-to-path.txt",
                  "wheels/xttsfinetune-89-windows-cudnn-ops64-9-dll-torch-below-24.txt"),
    ),
    Signature(
        code="frameworks.nvjitlink-shadowed",
        cause_id="symbol-mismatch",
        kinds=("any",),
        patterns=(
            r"undefined symbol: (?P<symbol>__nvJitLink\w+), version libnvJitLink\.so\.\d+",
            # ldd of pip's libcusparse resolving its libnvJitLink from a system CUDA directory
            r"libnvJitLink\.so\.\d+ => (?P<path>/usr/local/cuda[\w.-]*/\S+)",
            # the same failure as people title it: "Undefined symbol in libcusparse.so.12 with PyTorch 2.5.1" (w48b)
            r"[Uu]ndefined symbols? (?:in|from|of) (?:the )?(?:pip's |PyTorch's |torch's )?(?:libcusparse|libcusolver)"
            r"\.so\.12\b",
        ),
        severity="warn",
        cause=("libnvJitLink comes from another CUDA than the cuSPARSE/cuSOLVER using it: a system CUDA directory on "
               "LD_LIBRARY_PATH shadows the matching copy of pip's nvidia-* packages."),
        advice=("Remove the system CUDA directory (e.g. /usr/local/cuda-12.1/lib64) from LD_LIBRARY_PATH so PyTorch's "
                "pip CUDA libraries load their own libnvJitLink, or install the nvidia-nvjitlink wheel matching them."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/infiniflow/ragflow/issues/4466",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked="2026-11-25",
        examples=("frameworks/ragflow-4466-nvjitlink-shadowed-by-cuda121.txt",
                  "wheels/pytorch-144244-libcusparse-undefined-symbol-ld-library-path.txt"),
    ),
    Signature(
        code="frameworks.tf-plugin-factory-registered",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"Unable to register cu(?:DNN|FFT|BLAS) factory: Attempting to register factory for plugin",
            r"computation placer already registered",
        ),
        severity="info",
        cause="TensorFlow and XLA registered the same CUDA plugins twice on import; a warning, not a fault.",
        advice=("Harmless warning printed on import; nothing to fix for it: look for the real error elsewhere in the "
                "output."),
        action="none",
        never_suggest=("reinstall cuDNN", "reinstall TensorFlow"),
        sources=("https://github.com/volnas10/DeepFaceLab-RTX5000/issues/2",
                 "https://github.com/sagiodev/stablediffusion_webui/issues/9"),
        checked="2026-11-25",
        examples=("frameworks/deepfacelab-rtx5000-2-cudnn-factory-warnings.txt",
                  "frameworks/sagiodev-9-tf-factory-registration-colab.txt"),
    ),
    Signature(
        code="frameworks.tf-tensorrt-not-found",
        cause_id="none",
        kinds=("any",),
        patterns=(r"(?<=TF-TRT Warning: )Could not find TensorRT",
                  # the older releases' wording (TF 2.1 to 2.11), and the TensorRT libraries they tried first
                  r"Cannot dlopen some TensorRT",
                  r"Could not load dynamic library '(?P<library>libnvinfer(?:_plugin)?\.so\.\d{1,2})'"),
        severity="info",
        cause="TensorFlow did not find TensorRT (libnvinfer), which only its TF-TRT optimiser uses.",
        advice="Harmless warning: the GPU works without TensorRT; install it only to use TF-TRT.",
        action="none",
        never_suggest=("reinstall TensorFlow",),
        sources=("https://github.com/sagiodev/stablediffusion_webui/issues/9",
                 "https://github.com/TheLastBen/fast-stable-diffusion/issues/1580",
                 "https://docs.nvidia.com/deeplearning/frameworks/tf-trt-user-guide/index.html"),
        checked="2026-11-26",
        examples=("frameworks/sagiodev-9-tf-factory-registration-colab.txt",
                  "frameworks/fast-sd-1580-tf-trt-libnvinfer-ignore.txt"),
    ),
    Signature(
        code="frameworks.tf-numa-node-negative",
        cause_id="none",
        kinds=("any",),
        patterns=(r"(?<=successful NUMA node read from )SysFS(?= had negative value \(-1\))",),
        severity="info",
        cause="The firmware reports no NUMA node for the GPU (numa_node is -1), so TensorFlow assumes node 0.",
        advice=("Harmless: nothing to fix; writing 0 to the GPU's /sys/bus/pci/devices/<bus id>/numa_node silences "
                "it until the next boot."),
        action="none",
        never_suggest=("reinstall TensorFlow", "reinstall CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/issues/53184",),
        checked="2026-11-25",
        examples=("frameworks/tf-53184-numa-node-negative-docker.txt",),
    ),
    Signature(
        code="frameworks.torch-without-nccl",
        cause_id="distributed-misuse",
        kinds=_PY,
        patterns=(r"Distributed package doesn\\?'t have NCCL(?: | \" \")built in",),
        severity="fail",
        cause=("The script asked torch.distributed for the nccl backend, which this PyTorch build lacks: PyTorch for "
               "Windows and macOS has no NCCL."),
        advice=("On Windows use the gloo backend (`init_process_group(backend=\"gloo\")`, or the framework's "
                "setting for it), or train one process per machine; for NCCL run on Linux or in WSL2. Launched through "
                "accelerate (kohya sd-scripts, diffusers' examples), run `accelerate config` again and answer \"No "
                "distributed training\" (one GPU) on Windows, or set `distributed_type: NO` in its default_config.yaml: "
                "`accelerate launch --num_processes 1` alone keeps a saved multi-GPU config's launcher."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "install NCCL"),
        sources=("https://github.com/Alpha-VLLM/LLaMA2-Accessory/issues/166",
                 "https://github.com/kennymckormick/pyskl/issues/79",
                 "https://pytorch.org/docs/stable/distributed.html#backends"),
        checked="2026-11-25",
        examples=("frameworks/llama2-accessory-166-windows-nccl-not-built-in.txt",
                  "frameworks/pyskl-79-nccl-not-built-in-windows-torch111.txt", "frameworks/lora-scripts-308-win-multi-gpu-nccl-raise-line.txt"),
    ),
    Signature(
        code="frameworks.rendezvous-port-in-use",
        cause_id="distributed-port-in-use",
        kinds=_PY,
        patterns=(
            # c10d's TCPStore since PyTorch 2.2 (EADDRINUSE, some without the port), before it (errno: 98), Windows (10048, 10013)
            r"failed to listen on any local network address\.(?: port: (?P<port>\d+))?[^\n]{0,80}EADDRINUSE",
            r"The server socket has failed to (?:bind to|listen on) [^\s]{1,60}:(?P<port>\d+) \((?:errno: 98 - Address already in use\)|system error: 100(?:48|13) - )",
        ),
        severity="fail",
        cause=("The rendezvous port (the launcher's master port, 29500 unless set) is already taken on this machine (another "
               "training run, a leftover process of an earlier one, or a port range Windows reserved): nothing can listen on it."),
        advice=("Give this job a free port (`torchrun --master_port 29501 ...` or MASTER_PORT=29501; `accelerate launch "
                "--main_process_port 29501`; `deepspeed --master_port 29501`), or stop the leftover process "
                "holding it (`ss -ltnp | grep <port>`; Windows: `netstat -ano | findstr :<port>`, reserved ranges in `netsh int ipv4 show excludedportrange tcp`)."),
        action="configure",
        rules_out=("an NCCL, driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/modelscope/ms-swift/issues/3988",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-25",
        examples=("frameworks/ms-swift-3988-port-29500-eaddrinuse.txt", "nccl/drivelm-40-failed-to-listen-port-errno-98.txt"),
    ),
    Signature(
        code="frameworks.jax-cpu-jaxlib",
        cause_id="jax-cpu-build",
        kinds=("any",),
        # the second is the wording of jax before 0.4.14 (xla_bridge), where a CPU-only jaxlib was the usual reason
        # jaxlib 0.3 and older without CUDA: XLA has no "cuda" platform registered (Backend 'gpu' failed: NOT_FOUND)
        # (the first also as people retype it, lower-cased or without its first half; w39f)
        patterns=(r"(?:CUDA|cuda)-enabled jaxlib is not installed",
                  r"No GPU/TPU found, falling back to CPU", r"platform with name: \\?\"(?:cuda|gpu)\\?\""),
        severity="warn",
        cause="JAX runs on the CPU: only the CPU jaxlib is installed, without JAX's CUDA plugin.",
        advice=("Install JAX's CUDA build of jaxlib: `pip install -U \"jax[cuda12]\"` (it brings the CUDA plugin and "
                "its nvidia-* libraries; an older CPU jaxlib left behind goes first: `pip uninstall -y jax jaxlib`); if "
                "only PyTorch needs the GPU here, the warning is harmless."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/JeffSHF/ColabDock/issues/28", "https://github.com/gladiaio/gladia/issues/927",
                 "https://docs.jax.dev/en/latest/installation.html", "https://github.com/jax-ml/jax/issues/10349"),
        checked="2026-11-26",
        examples=("frameworks/colabdock-28-cpu-jaxlib-falls-back.txt",
                  "frameworks/gladia-927-jax-no-gpu-tpu-found-cpu-jaxlib.txt",
                  "frameworks/jax-10349-old-cpu-jaxlib-no-cuda-platform.txt"),
    ),
    Signature(
        code="frameworks.device-side-assert",
        cause_id="app-fault",
        kinds=_PY,
        patterns=(
            r"device-side assert triggered",
            # the kernel's own assert, printed before the Python error (ClassNLLCriterion, IndexKernel, ...)
            r"Assertion `(?P<assertion>t >= 0 && t < n_classes|index >= -sizes\[i\] && index < sizes\[i\][^`\n]{0,40})` failed",
        ),
        severity="warn",
        cause=("A check inside a CUDA kernel failed on the program's own data (most often a class label or an index "
               "outside its range); the GPU and its driver are fine."),
        advice=("Check the data the failing operation received: class labels must lie in 0..num_classes-1 (match "
                "the model's number of classes to the dataset) and indices within the tensor; rerun with "
                "CUDA_LAUNCH_BLOCKING=1 (or on the CPU) to see which operation and value."),
        action="none",
        rules_out=("a driver or hardware fault",),
        never_suggest=("reinstall the driver", "update the driver", "reboot"),
        sources=("https://github.com/pytorch/pytorch/issues/25537",
                 "https://github.com/chenyuntc/simple-faster-rcnn-pytorch/issues/198",
                 "https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution"),
        checked="2026-11-25",
        examples=("frameworks/pytorch-25537-nll-target-out-of-range-assert.txt",
                  "frameworks/simple-faster-rcnn-198-device-assert-class-count.txt"),
    ),
    Signature(
        code="frameworks.ddp-unused-parameters",
        cause_id="distributed-misuse",
        kinds=_PY,
        patterns=(r"Expected to have finished reduction in the prior iteration before starting a new one",),
        severity="fail",
        cause=("DistributedDataParallel waited for gradients of parameters that took no part in the loss, so the "
               "training step could not finish: a property of the model code, not of the GPUs."),
        advice=("Pass find_unused_parameters=True to DistributedDataParallel (the framework's config key of that "
                "name), or remove the unused layers so every parameter takes part in the loss."),
        action="configure",
        rules_out=("an NCCL, driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/ImprintLab/MedSegDiff/issues/27",
                 "https://github.com/ZhengYinan-AIR/Diffusion-Planner/issues/65",
                 "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html"),
        checked="2026-11-25",
        examples=("frameworks/medsegdiff-27-ddp-unused-parameters.txt",
                  "frameworks/diffusion-planner-65-ddp-find-unused-parameters.txt"),
    ),
    Signature(
        code="frameworks.triton-missing",
        cause_id="triton-missing",
        kinds=_PY,
        patterns=(r"Cannot find a working triton installation",),
        severity="fail",
        cause="torch.compile's inductor backend needs Triton, and no Triton that works with this PyTorch is installed.",
        advice=("Install a Triton matching the PyTorch release (`pip install triton` on Linux; on Windows, where "
                "PyTorch ships none, the community `pip install -U triton-windows`) into the Python the app runs "
                "(ComfyUI portable: `python_embeded\\python.exe -m pip install -U triton-windows`; the ComfyUI desktop "
                "app: its own venv, from the terminal in its bottom panel), or run without torch.compile (eager mode)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/136361", "https://github.com/lum3on/comfyui_HiDream-Sampler/issues/7",
                 "https://github.com/woct0rdho/triton-windows"),
        checked="2026-11-25",
        examples=("frameworks/pytorch-136361-no-triton-for-windows.txt",
                  "frameworks/hidream-sampler-7-triton-31-too-old-windows.txt"),
    ),
    Signature(
        code="frameworks.tf-cpu-instructions-notice",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"Your CPU supports instructions that this TensorFlow binary was not compiled to use",
            r"The TensorFlow library wasn't compiled to use (?P<instructions>\w+) instructions",
        ),
        severity="info",
        cause="TensorFlow notes that its prebuilt binary does not use every instruction set this CPU has; not a fault.",
        advice=("Nothing to fix: the line is informational (only a TensorFlow built from source would use those "
                "instructions, for CPU speed); look elsewhere in the output for a real error."),
        action="none",
        never_suggest=("reinstall TensorFlow", "reinstall the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/39926",
                 "https://github.com/tensorflow/tensorflow/issues/43168"),
        checked="2026-11-25",
        examples=("frameworks/tf-39926-avx2-fma-notice-not-error.txt", "frameworks/tf-43168-avx2-jni-windows-info.txt"),
    ),
    Signature(
        code="frameworks.torch-without-libuv",
        cause_id="windows-distributed-libuv",
        kinds=_PY,
        patterns=(r"use_libuv was requested but PyTorch was buil[dt] without libuv support",),
        severity="fail",
        cause=("torch.distributed's rendezvous store asked for libuv, its default since PyTorch 2.4, which PyTorch "
               "for Windows is built without."),
        advice=("Set USE_LIBUV=0 in the environment before launching (or add use_libuv=0 to the init_method URL); "
                "on Windows run single-GPU jobs without torchrun (python train.py), and multi-GPU ones on Linux or "
                "WSL2."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/139990", "https://github.com/Intellindust-AI-Lab/DEIM/issues/31",
                 "https://pytorch.org/tutorials/intermediate/TCPStore_libuv_backend.html"),
        checked="2026-11-25",
        examples=("frameworks/pytorch-139990-use-libuv-windows-default.txt", "frameworks/deim-31-torchrun-windows-libuv.txt"),
    ),
    Signature(
        code="frameworks.xla-libdevice-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            r"libdevice (?:is required by this HLO module but was )?not found at (?P<path>\S{1,200}libdevice\.10\.bc)",
            r"Can't find libdevice directory \$\{CUDA_DIR\}/nvvm/libdevice",
        ),
        severity="fail",
        cause=("XLA (TensorFlow or JAX) needs CUDA's libdevice to compile GPU kernels and found none in the "
               "directories it searched."),
        advice=("Install CUDA's nvcc component (conda install -c nvidia cuda-nvcc, or the nvidia-cuda-nvcc pip "
                "package) and point XLA at it: XLA_FLAGS=--xla_gpu_cuda_data_dir=<dir> where "
                "<dir>/nvvm/libdevice/libdevice.10.bc exists (e.g. /usr/local/cuda)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/58681", "https://github.com/tensorflow/tensorflow/issues/60790",
                 TF_INSTALL),
        checked="2026-11-25",
        examples=("frameworks/tf-58681-libdevice-not-found-ubuntu2204.txt", "frameworks/tf-60790-xla-libdevice-jupyter.txt"),
    ),
    Signature(
        code="frameworks.torch-dll-load-failed",
        # a DLL of torch\lib whose own dependency is missing: the Visual C++ runtime's (libomp140, msvcp140), never a
        # CUDA library (w40c: the threads' conclusions, relabelled from cuda-library-missing)
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        patterns=(
            # the path before it may be wrapped onto its own line by the program's logger
            r"\\torch\\lib\\(?P<dll>\w+)\.dll\" or one of its dependencies",
            # the path cut by the person pasting it ("...fbgemm.dll"): PyTorch's own DLL names
            r"Error loading \"\.{2,3}(?P<dll>fbgemm|asmjit|c10|c10_cuda|torch_cpu|torch_cuda|torch_python|shm)\.dll\" or one",
        ),
        severity="fail",
        cause=("Windows could not load PyTorch's {dll}.dll or a DLL it depends on, so `import torch` fails; most "
               "often a Microsoft Visual C++ runtime DLL is missing (PyTorch 2.4.0's fbgemm.dll needs "
               "libomp140.x86_64.dll)."),
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64) (the Visual Studio C++ build tools "
                "also bring libomp140.x86_64.dll); for fbgemm.dll with PyTorch 2.4.0, upgrade to PyTorch 2.4.1 or "
                "newer, which fixed that dependency (reinstall torch from the PyTorch index the app uses, e.g. "
                "`pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu121`)."
                " Where the paths run through \\Packages\\PythonSoftwareFoundation.Python.3.x_... (the Microsoft Store Python), "
                "its redirected folders break DLL loading: use a python.org or conda Python and reinstall there."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kohya-ss/sd-scripts/issues/1597", "https://github.com/Nerogar/OneTrainer/issues/487",
                 "https://github.com/pytorch/pytorch/issues/131662", "https://github.com/LykosAI/StabilityMatrix/issues/777",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-26",
        examples=("frameworks/sd-scripts-1597-fbgemm-dll-needs-libomp140.txt",
                  "frameworks/stabilitymatrix-777-fbgemm-dll-after-update.txt"),
    ),
    Signature(
        code="frameworks.tf-cudnn-failed-to-initialize",
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize",
            r"Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
        ),
        severity="fail",
        cause=("cuDNN could not initialise, most often because TensorFlow had already reserved the GPU's memory "
               "(or another process holds it) and none was left for cuDNN's workspace."),
        advice=("Let TensorFlow allocate GPU memory as it needs it (TF_FORCE_GPU_ALLOW_GROWTH=true, or "
                "tf.config.experimental.set_memory_growth(gpu, True) before any op), or lower the batch size; if "
                "the warning above names a cuDNN version mismatch, fix that instead."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/matterport/Mask_RCNN/issues/1620", "https://github.com/Sentdex/pygta5/issues/125",
                 "https://github.com/tensorflow/tensorflow/issues/24828",
                 "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"),
        checked="2026-11-25",
        examples=("frameworks/mask-rcnn-1620-cudnn-init-allow-growth.txt",
                  "frameworks/pygta5-125-cudnn-failed-to-initialize-memory.txt"),
    ),
    Signature(
        code="frameworks.tensors-on-two-devices",
        cause_id="app-fault",
        kinds=_PY,
        patterns=(
            r"Expected all tensors to be on the same device, but found at least two devices, (?P<first>[\w:]+) and "
            r"(?P<second>[\w:]+)",
            # PyTorch 2.7+'s wording of the same check: "but got index is on cpu, different from other tensors on cuda:0"
            r"Expected all tensors to be on the same device, but got \w{1,40} is on (?P<second>[\w:]{3,12}), different from "
            r"other tensors on (?P<first>[\w:]{3,12})",
            # the convolution's older wording names the tensor types; only a CUDA and a CPU type is a device mismatch
            r"Input type \((?P<first>torch\.cuda\.\w{1,20}Tensor)\) and weight type \((?P<second>torch\.\w{1,20}Tensor)\)",
            r"Input type \((?P<first>torch\.\w{1,20}Tensor)\) and weight type \((?P<second>torch\.cuda\.\w{1,20}Tensor)\)",
            r"Expected object of (?:device type|backend) (?P<first>cuda|CUDA|cpu|CPU) but got (?:device type|backend) "
            r"(?P<second>cuda|CUDA|cpu|CPU) for argument",  # PyTorch 1.x's wording (TH/THNN kernels)
        ),
        severity="warn",
        cause=("The program passed tensors on {first} and {second} to one operation: a bug in where the code puts "
               "its tensors, not a GPU or driver problem."),
        advice=("Put every tensor and layer the operation uses on the same device: create layers in __init__ so "
                "`model.to(device)` moves them, and move inputs and index tensors with `.to(device)`; the "
                "'when checking argument ...' part of the message names the operation."),
        action="none",
        rules_out=("a driver, CUDA or GPU fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/syuu1987/geekTime-semantic-segmentation/issues/1",
                 "https://github.com/haoosz/ConceptExpress/issues/5", "https://github.com/sksq96/pytorch-summary/issues/16",
                 "https://github.com/openpifpaf/openpifpaf/issues/35", "https://github.com/inyeoplee77/SAGPool/issues/3",
                 "https://github.com/renatoviolin/Bart_T5-summarization/issues/2"),
        checked="2026-11-26",
        examples=("frameworks/geektime-seg-1-tensors-cuda0-and-cpu.txt", "frameworks/conceptexpress-5-index-select-cpu-tensor.txt",
                  "frameworks/pytorch-summary-16-input-cuda-weight-cpu.txt", "frameworks/openpifpaf-35-input-cpu-weight-cuda.txt",
                  "frameworks/bart-t5-summarization-2-index-select-cpu-input.txt", "frameworks/sagpool-3-backend-cuda-got-cpu-mat2.txt"),
    ),
    Signature(
        code="frameworks.jax-cuda-older-than-built",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        patterns=(
            r"Found (?P<library>CUDA|cuDNN|cuSOLVER|cuBLAS|cuFFT|cuSPARSE|cuPTI|NCCL) version (?P<found>\d+), but JAX was "
            r"built against version (?P<built>\d+), which is newer",
            r"Outdated (?P<library>cuDNN|CUDA|cuBLAS|cuSOLVER|cuFFT|cuSPARSE|NCCL) installation found",
        ),
        severity="fail",
        cause="JAX's CUDA backend refused to start: the {library} it loaded is older than the one it was built against.",
        advice=("Give JAX a {library} at least as new as the one it was built against: install JAX with its matching "
                "nvidia wheels (`pip install -U \"jax[cuda12]\"`, which pins nvidia-cublas-cu12, nvidia-cudnn-cu12 and "
                "the others), or upgrade that library's wheel alone (`pip install -U nvidia-cublas-cu12` for cuBLAS), "
                "or install the jax release built for the {library} you have; remove older CUDA directories from "
                "LD_LIBRARY_PATH, and keep other packages (conda cudatoolkit, dgl, torch pins) from supplying older "
                "copies."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/RosettaCommons/RFdiffusion/issues/208",
                 "https://github.com/KosinskiLab/AlphaPulldown/issues/237",
                 "https://docs.jax.dev/en/latest/installation.html"),
        checked="2026-11-25",
        examples=("frameworks/rfdiffusion-208-jax-found-cuda-12010-built-12020.txt",
                  "frameworks/alphapulldown-237-jax-cusolver-older-than-built.txt"),
    ),
    Signature(
        code="frameworks.cublas-handle-not-created",
        cause_id="cuda-oom",
        kinds=_PY,
        patterns=(# the closing backtick may be gone: Markdown decoration is stripped before matching
            r"CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED) when calling `?cublasCreate\(handle\)",),
        severity="fail",
        cause=("cuBLAS could not create its handle, which almost always means the GPU had too little free memory "
               "left at that moment."),
        advice=("Free or add GPU memory: a smaller batch, sequence length or model, stop other processes holding "
                "the GPU (`nvidia-smi`), or spread the model over more GPUs; if memory is plentiful, rerun with "
                "CUDA_LAUNCH_BLOCKING=1, since an out-of-range index (tokenizer larger than the embedding) can end "
                "the same way."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/serve/issues/1993",
                 "https://github.com/EleutherAI/lm-evaluation-harness/issues/1689"),
        checked="2026-11-25",
        examples=("frameworks/torchserve-1993-cublas-create-handle-memory.txt",
                  "frameworks/lm-eval-1689-cublas-not-initialized-memory.txt"),
    ),
)

SIGNATURES += RUNTIME_SIGNATURES + STACK_SIGNATURES + SETUP_SIGNATURES
SIGNATURES += A15F_ROWS + P15F_ROWS + R15C_ROWS  # ONNX Runtime's two packages, descriptions, a full /dev/shm
