"""PyTorch at run time: its distributed set-up, and what torch.compile's Triton needs on the machine.

The rows of frameworks.py say how the framework was built and installed; these say what a script's own start
(process groups, the env:// rendezvous) and Triton's just-in-time compile of its launcher (a C compiler, a
libcuda.so to link) need, what the Windows wheels need beside them, what kills a rank from outside (the host's
memory), TensorFlow's own check of the GPU's compute capability and JAX running out of GPU memory. frameworks.py adds
them to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DISTRIBUTED_ENV = "https://pytorch.org/docs/stable/distributed.html#environment-variable-initialization"
TORCHRUN = "https://pytorch.org/docs/stable/elastic/run.html"
_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.default-process-group-missing",
        cause_id="distributed-misuse",
        kinds=_PY,
        # torch.distributed's check before any collective (distributed_c10d.py, _get_default_group).
        patterns=(r"Default process group has not been initialized, please make sure to call init_process_group",),
        severity="fail",
        cause="The script made a torch.distributed call (a collective, SyncBatchNorm, get_rank) before any process "
              "group was initialised.",
        advice=("Initialise the process group before the first distributed call: start the script with torchrun "
                "(`torchrun --nproc_per_node=N script.py`) so its code calls torch.distributed.init_process_group, or, "
                "for one GPU, use the script's non-distributed path (plain BatchNorm instead of SyncBN)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "reinstall NCCL"),
        sources=("https://github.com/megvii-model/YOLOF/issues/11", "https://github.com/rstrudel/segmenter/issues/51",
                 DISTRIBUTED_ENV),
        checked="2026-11-25",
        examples=("frameworks/yolof-11-no-default-process-group.txt",),
    ),
    Signature(
        code="frameworks.env-rendezvous-variable-unset",
        cause_id="distributed-misuse",
        kinds=_PY,
        # rendezvous.py's _env_error: init_process_group(init_method="env://") without the launcher's variables.
        patterns=(r"Error initializing torch\.distributed using env:// rendezvous: environment variable "
                  r"(?P<variable>[A-Z_]{4,20}) expected, but not set",),
        severity="fail",
        cause="init_process_group reads {variable} from the environment (env://), and the script was started without "
              "a launcher that sets it.",
        advice=("Start the script with torchrun (`torchrun --nproc_per_node=N script.py`, or the older "
                "`python -m torch.distributed.launch`), which sets RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and "
                "MASTER_PORT for each process; set them yourself only for a single process (RANK=0 WORLD_SIZE=1)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "reinstall NCCL"),
        sources=("https://github.com/tinyvision/DAMO-YOLO/issues/63", "https://github.com/HRNet/HRNet-Semantic-Segmentation/issues/35",
                 DISTRIBUTED_ENV, TORCHRUN),
        checked="2026-11-25",
        examples=("frameworks/damo-yolo-63-env-rendezvous-rank-unset.txt",),
    ),
    Signature(
        code="frameworks.triton-cannot-link-libcuda",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Triton builds its launcher with `gcc ... -lcuda`; the linker wants the unversioned libcuda.so, which driver
        # packages put only beside libcuda.so.1 on some distributions (or not at all in containers and conda).
        patterns=(r"\bld(?:\.exe)?: cannot find -lcuda\b",),
        severity="fail",
        # Not Triton's alone: DeepSpeed's ops (async_io, DeepSpeed#6567) and other CUDA extensions link -lcuda too.
        cause="A build that links against the CUDA driver's libcuda.so (Triton's launcher under torch.compile, "
              "DeepSpeed's ops such as async_io, a CUDA extension) found no libcuda.so in the linker's search path.",
        advice=("Make libcuda.so findable for the linker: find it with `ldconfig -p | grep libcuda`, then set "
                "LIBRARY_PATH to its directory (for Triton, TRITON_LIBCUDA_PATH), or, where only libcuda.so.1 exists, "
                "create the libcuda.so symlink beside it and run `sudo ldconfig`; on a build machine or conda "
                "environment without the driver, point LIBRARY_PATH at the CUDA toolkit's stubs folder "
                "($CUDA_HOME/lib64/stubs)."),
        action="configure",
        rules_out=("a driver fault: the driver's libcuda.so.1 may well be there",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/103417", "https://github.com/state-spaces/mamba/issues/123",
                 "https://github.com/triton-lang/triton/pull/1981", "https://github.com/deepspeedai/DeepSpeed/issues/6567"),
        checked="2026-11-26",
        examples=("frameworks/pytorch-103417-inductor-cannot-find-lcuda.txt",
                  "frameworks/seg-zero-63-triton-cannot-find-lcuda.txt"),
    ),
    Signature(
        code="frameworks.triton-no-c-compiler",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # triton/runtime/build.py when neither CC nor cc, gcc or clang (MSVC's cl on triton-windows) is found.
        patterns=(r"Failed to find C compiler\. Please specify via CC environment variable",),
        severity="fail",
        cause="Triton compiles a small C launcher at run time and found no C compiler on this machine.",
        advice=("Install a C compiler Triton can use (Linux: `sudo apt install build-essential` for gcc; Windows: the "
                "triton-windows package, with the Visual Studio Build Tools where it needs them), or set CC to the "
                "compiler's full path."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/thu-ml/SageAttention/issues/7", "https://github.com/apple/ml-cross-entropy/issues/5",
                 "https://github.com/woct0rdho/triton-windows"),
        checked="2026-11-25",
        examples=("frameworks/sageattention-7-triton-no-c-compiler-windows.txt",
                  "frameworks/ml-cross-entropy-5-triton-no-c-compiler.txt"),
    ),
    Signature(
        code="frameworks.torch-dll-dependency-missing",
        cause_id="windows-vc-runtime-missing",  # the Visual C++ runtime's DLLs (w40c, as frameworks.torch-dll-load-failed)
        kinds=("any",),
        # torch/__init__.py on Windows, when a DLL of torch\lib (fbgemm.dll, c10.dll, ...) or one it needs is absent.
        patterns=(r"\[WinError 126\][^\n]{0,120}Error loading \"(?P<dll>[^\"\n]{1,300}\\torch\\lib\\[\w.]{1,40}\.dll)\" "
                  r"or one of its dependencies",),
        severity="fail",
        cause="Windows could not load {dll}: a DLL it depends on is missing (for fbgemm.dll, libomp140.x86_64.dll of "
              "the Visual C++ runtime).",
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64), which provides the runtime DLLs "
                "(libomp140.x86_64.dll among them) PyTorch's DLLs need, then restart the shell; if it persists, "
                "reinstall the PyTorch wheel in a fresh environment."
                " Where the paths run through \\Packages\\PythonSoftwareFoundation.Python.3.x_... (the Microsoft Store Python), "
                "its redirected folders break DLL loading: use a python.org or conda Python and reinstall there."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/modelscope/FunClip/issues/105", "https://github.com/pytorch/pytorch/issues/131662",
                 "https://github.com/pytorch/pytorch/issues/129568"),
        checked="2026-11-25",
        examples=("frameworks/funclip-105-fbgemm-dll-load-failed.txt",),
    ),
)

# -- What kills a rank from outside: the host's memory ---------------------------------------------------------------
RUNTIME_SIGNATURES += (
    Signature(
        code="frameworks.process-killed-sigkill",
        cause_id="host-memory-oom",
        kinds=_PY,
        # torch.distributed.elastic's failure report for a rank killed by signal 9, and the DataLoader's for a worker.
        patterns=(r"[Ss]ignal 9 \(SIGKILL\) received by PID (?P<pid>\d{1,9})",
                  r"failed \(exitcode: -9\) local_rank: (?P<local_rank>\d{1,4})",
                  r"DataLoader worker \(pid \d{1,9}\) is killed by signal: Killed",
                  # the shell's own report of the kill: a bare "Killed" (often right after a loader's progress bar,
                  # "Loading checkpoint shards: 0%|...| 0/2 [00:00<?, ?it/s]Killed"), and job control's and zsh's
                  # "[1]    26478 killed     python test.py"; inside WSL 2, wsl.killed-memory-limit takes its place
                  r"^\s{0,4}Killed\s{0,4}$", r"(?:it/s|s/it)\]\s{0,2}Killed\s{0,4}$",
                  r"\[\d{1,3}\][+-]? {1,8}(?:\d{1,9} {1,10})?[Kk]illed {1,20}\S", r"zsh: [Kk]illed\s{1,12}\S",
                  # 128 + 9 as IDEs, Docker and shells report it ("Process finished with exit code 137 (interrupted by
                  # signal 9: SIGKILL)", "exited with code 137"), Python's subprocess and accelerate ("died with
                  # <Signals.SIGKILL: 9>", "returned non-zero exit status -9")
                  r"\b[Ee]xit code:? 137\b", r"\bexited with code 137\b", r"\binterrupted by signal 9\b", r"<Signals\.SIGKILL: 9>",
                  r"returned non-zero exit status -9\b",
                  # bash's report of a script's child it lost to SIGKILL ("train.sh: line 18:    36 Killed     python3
                  # train.py"), and a job runner's "exited with error code 137"
                  r": line \d{1,6}: {1,8}\d{1,9} Killed {1,40}\S", r"\bexited with error code 137\b",
                  # zsh's job line split after its "[1]" ("60190 killed     python main.py")
                  r"^\d{1,9} {1,10}killed {1,20}(?:python|uv|accelerate|torchrun|bash|sh|\./|\.venv/|venv/)\S{0,80}",
                  # the kernel's OOM killer at work, as dmesg prints it before its verdict: "pt_main_thread invoked
                  # oom-killer: gfp_mask=...", and its 5.x summary "oom-kill:constraint=CONSTRAINT_NONE,...,task=python"
                  r"(?P<oom_caller>[\w./:-]{1,40}) invoked oom-killer: gfp_mask=",
                  r"\boom-kill:constraint=CONSTRAINT_\w{1,20},",
                  # the kernel's OOM killer's own line, as people paste it from `dmesg | grep -i 'killed process'`
                  # (5.x+ "Killed process", older "Kill process ... score"), w47b
                  r"Out of memory: Kill(?:ed)? process (?P<oom_pid>\d{1,9}) \((?P<process>[^)\n]{1,40})\)"),
        severity="fail",
        cause="A process was killed from outside with signal 9, which is almost always the kernel's OOM killer (or the "
              "container's memory limit) reclaiming host RAM.",
        advice=("Confirm it with `sudo dmesg -T | grep -i -E 'out of memory|killed process'` (or the container's OOMKilled "
                "state), then lower the job's host memory use (fewer DataLoader workers, smaller prefetch and caches, "
                "load checkpoints shard by shard or with low_cpu_mem_usage, keep no tensors across steps) or give it "
                "more RAM or swap: the machine's RAM ran out, not the graphics card's."),
        action="configure",
        rules_out=("a GPU out-of-memory", "a driver fault"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "lower gpu_memory_utilization"),
        sources=("https://github.com/ZhehengJiangLancaster/AMVUR/issues/2", "https://github.com/Wan-Video/Wan2.2/issues/29",
                 "https://pytorch.org/docs/stable/elastic/errors.html", "https://github.com/PKU-YuanGroup/Video-LLaVA/issues/13",
                 "https://github.com/baichuan-inc/Baichuan2/issues/138", "https://github.com/kimbring2/AlphaStar_Implementation/issues/10",
                 "https://github.com/IBM/FfDL/issues/127", "https://github.com/2U1/Qwen-VL-Series-Finetune/issues/135",
                 "https://github.com/facebookresearch/seamless_communication/issues/165"),
        checked="2026-11-26",
        examples=("frameworks/amvur-2-torchrun-rank-sigkill-host-memory.txt", "frameworks/alphastar-10-exit-code-137-ram-grows.txt",
                  "frameworks/video-llava-13-checkpoint-shards-killed-ram.txt",
                  "frameworks/baichuan2-138-zsh-killed-pod-memory.txt",
                  "containers/ffdl-127-tf-learner-killed-pod-memory.txt",
                  "frameworks/qwenvl-finetune-135-checkpoint-save-host-oom-killed.txt",
                  "frameworks/seamless-165-inference-killed-swap-wsl.txt"),
    ),
)

# -- TensorFlow's own check of the GPU's compute capability at start ------------------------------------------------
RUNTIME_SIGNATURES += (
    Signature(
        code="frameworks.tf-gpu-below-minimum-capability",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # gpu_device.cc: TensorFlow skips a GPU whose compute capability is below what its build targets
        # (TF_CUDA_COMPUTE_CAPABILITIES); older releases print "Ignoring gpu device".
        patterns=(r"with Cuda compute capability (?P<capability>\d{1,2}\.\d)\. The minimum required Cuda capability is "
                  r"(?P<minimum>\d{1,2}\.\d)",),
        severity="fail",
        cause="TensorFlow ignores this GPU: its compute capability {capability} is below the {minimum} this TensorFlow "
              "build supports, so it runs on the CPU.",
        advice=("Use a TensorFlow build that targets this GPU's compute capability (an older release whose minimum it "
                "meets, or TensorFlow built from source with TF_CUDA_COMPUTE_CAPABILITIES set to it), or a GPU at or "
                "above the minimum capability; no driver change makes this build use it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/6083", "https://github.com/tensorflow/tensorflow/issues/17445",
                 "https://www.tensorflow.org/install/pip#hardware_requirements"),
        checked="2026-11-25",
        examples=("frameworks/tensorflow-6083-gtx660m-cc30-ignored.txt", "frameworks/tensorflow-17445-k2000m-minimum-35.txt"),
    ),
)

# -- JAX/XLA running out of GPU memory --------------------------------------------------------------------------------
RUNTIME_SIGNATURES += (
    Signature(
        code="frameworks.jax-out-of-gpu-memory",
        cause_id="cuda-oom",
        kinds=_PY,
        # XLA's allocator through jaxlib (XlaRuntimeError); JAX preallocates 75 % of the GPU's memory at start. At start,
        # too little memory left for CUDA's context leaves XLA no device: "no supported devices found for platform CUDA",
        # for which jax/_src/xla_bridge.py itself suggests preallocation (jax pull 19605).
        patterns=(r"RESOURCE_EXHAUSTED: Out of memory (?:while trying to allocate|allocating) (?P<bytes>\d{1,15}) bytes",
                  r"RESOURCE_EXHAUSTED: Failed to allocate request for (?P<size>[\d.]{1,10}[KMGT]iB)",
                  r"no supported devices found for platform CUDA"),
        severity="fail",
        cause=("JAX (XLA) asked for more GPU memory than it could get on this GPU (at start: too little was free to "
               "create its CUDA context, so XLA found no usable device)."),
        advice=("Give the program more GPU memory or make it need less: a smaller batch or input, a GPU with more memory "
                "(or sharding across GPUs); check `nvidia-smi` for other processes on the GPU, and when JAX shares it with "
                "another framework set XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION) so JAX does "
                "not reserve 75 % of it at start (also for a second JAX process on the same GPU). Where XLA logs \"insufficient "
                "compute capability\" instead, the GPU is older than this jaxlib supports."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/patrickbryant1/AFProfile/issues/8",
                 "https://jax.readthedocs.io/en/latest/gpu_memory_allocation.html", "https://github.com/jax-ml/jax/pull/19605"),
        checked="2026-11-26",
        examples=("frameworks/afprofile-8-jax-resource-exhausted-3080ti.txt",),
    ),
)

# -- TensorFlow's allocator warning that is not a failure -----------------------------------------------------------
RUNTIME_SIGNATURES += (
    Signature(
        code="frameworks.tf-allocator-not-a-failure",
        cause_id="none",
        kinds=("any",),
        # bfc_allocator.cc's warning when an allocation that may fall back fails; TensorFlow says itself it is not an error.
        patterns=(r"\bcaller indicates that this is not a failure\b",),
        severity="info",
        cause="TensorFlow's GPU allocator could not get the extra memory it asked for and went on without it; by its own "
              "words this is not a failure.",
        advice=("Harmless: a warning, not a failure; ignore it unless the program then stops with a ResourceExhaustedError "
                "(\"OOM when allocating tensor\"), which is the real out-of-memory error to fix (smaller batch, more GPU "
                "memory)."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/CharlesShang/TFFRCNN/issues/68",),
        checked="2026-11-25",
        examples=("frameworks/tffrcnn-68-bfc-allocator-not-a-failure-mnist.txt",),
    ),
)

from gpudoctor.knowledge.signatures.frameworks_envs import ENVS_SIGNATURES  # noqa: E402 (the rows above first)

RUNTIME_SIGNATURES += ENVS_SIGNATURES

from gpudoctor.knowledge.signatures.frameworks_gpu_arch import GPU_ARCH_SIGNATURES  # noqa: E402 (the rows above first)

RUNTIME_SIGNATURES += GPU_ARCH_SIGNATURES
