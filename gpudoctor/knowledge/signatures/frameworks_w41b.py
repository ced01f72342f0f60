"""Issue 25, w41b: a person's words about three framework failures that print no tool line of their own.

- An app that "only uses the CPU and not the GPU" (the GPU idle in Task Manager, generation slow) after its own setup
  installed PyTorch: on Windows, and in many apps' requirements, the `torch` pip resolves is the CPU-only build, which
  never errors, it just runs on the CPU. The fix is the CUDA build from the PyTorch index in the app's environment.
  (frameworks.app-reports-no-gpu-with-nvidia-card-described, frameworks_w38c.py, reads "No GPU although a card is
  installed" and "runs on the CPU instead of my RTX 5090"; this row reads the other wordings people use, English and
  Chinese.)
- "PyTorch's CUDA 12.8 wheels dropped Pascal": PyTorch 2.8's cu128/cu129 wheels (July 2025) left out sm_50-sm_61, so a
  GTX 9xx/10xx works with the driver and fails at its first kernel; people describe it in those words. The cu126 wheels
  still carry them. (The 590 driver branch dropping the same GPUs is kernel.legacy-gpu-dropped-by-590-described's: a
  line naming a 59x driver is left to it.)
- A training whose DataLoader workers were killed while the machine's RAM filled ("killed after it took up 60 GB of
  memory", "memory usage reached 100%", "dataloader被强制终止，内存已经开到最大"): host memory, not GPU memory.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
PYTORCH_ARCH_POLICY = ("https://dev-discuss.pytorch.org/t/cuda-toolkit-version-and-architecture-support-update-maxwell-"
                       "and-pascal-architecture-support-removed-in-cuda-12-8-and-12-9-builds/3128")
# Lines about another runtime's CPU fallback (llama.cpp front ends, ONNX Runtime, TensorFlow) belong to their rows.
# rev41: also ggml's whisper.cpp, CTranslate2, renderers and transcoders (Blender, Jellyfin, ffmpeg), other vendors'
# GPUs and Macs, and a CPU run chosen on purpose (--cpu) or described as normal.
_NOT_OTHER_RUNTIME = (r"^(?![^\n]{0,400}?(?:[Oo]llama|[Ll]lama|LM Studio|GGUF|gguf|[Kk]obold|ONNX|onnx|TensorFlow|tensorflow|"
                      r"vLLM|vllm|whisper\.cpp|ggml|CTranslate2|ctranslate2|[Ff]aster-whisper|Blender|Jellyfin|Plex|ffmpeg|"
                      r"transcod|AMD|Radeon|ROCm|Intel Arc|DirectML|\bMac|MacBook|Apple|\bM[1-4]\b|MPS|--cpu|on purpose|"
                      r"[Ee]xpected|[Nn]ormal))")
# A line naming a 59x-62x driver is the driver branch's drop (kernel_a15k.py), not PyTorch's.
# rev41: the line must name PyTorch (or its cu12x wheel tags), and not the toolkit's own nvcc, cuDNN or another
# framework ("CUDA 13 dropped Maxwell, Pascal and Volta in nvcc", "TensorFlow builds dropped Pascal").
_NOT_DRIVER_BRANCH = (r"^(?![^\n]{0,400}?(?:\b(?:59\d|6[0-2]\d)(?:\.\d{1,3})?\b|[Dd]rivers? (?:branch|series)|nvcc|cuDNN|"
                      r"cudnn|TensorFlow|tensorflow|JAX|TensorRT|ONNX|llama|[Oo]llama))"
                      r"(?=[^\n]{0,400}?(?:[Pp]y[Tt]orch|\btorch\b|\bcu12[89]\b|\bcu13\d\b))")
# GPU memory is another failure (cuda-oom); shared memory (/dev/shm, Bus error) another again.
# rev41: and not a build or compile killed for RAM (MAX_JOBS, ninja, nvcc: a build's parallelism, another row),
# nor a model server loading weights.
_NOT_GPU_OR_SHM = (r"^(?![^\n]{0,400}?(?:CUDA out of memory|GPU memory|VRAM|vram|显存|shared memory|/dev/shm|shm|Bus error|"
                   r"MAX_JOBS|ninja|nvcc|compil|[Bb]uild|pip install|flash.attn|vLLM|vllm|SGLang|sglang|[Oo]llama|weights))")
# The first pattern names no DataLoader: the line must show a training or data-loading job.
_TRAINING = r"(?=[^\n]{0,400}?(?:[Tt]rain|[Pp]rogram|[Jj]ob\b|[Pp]rocess|[Ss]cript|[Ee]poch|[Dd]ata ?[Ll]oader|workers?\b|[Dd]ataset|batch|[Tt]okeni[sz]))"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.app-runs-on-cpu-not-gpu-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            # "only utilizing my CPU and not my GPU", "Only Using CPU and not GPU", "it only uses the cpu, not the gpu"
            _NOT_OTHER_RUNTIME + r"[^\n]{0,400}?\b[Oo]nly (?:utili[sz]ing|utili[sz]es|using|uses|used|running on|runs on|"
            r"works on) (?:the |my )?(?:CPU|cpu)\b,?(?: and| but)? not (?:the |my )?(?:GPU|gpu)\b",
            # "No GPU is using for either GUI mode or CLI mode", "the GPU is not being used when generating"
            _NOT_OTHER_RUNTIME + r"[^\n]{0,400}?\b[Nn]o GPU is (?:being )?using (?:for|in|when|while|during|at all)\b",
            _NOT_OTHER_RUNTIME + r"[^\n]{0,400}?\b(?:[Nn]o|[Tt]he|[Mm]y) GPU is (?:not|never) (?:being )?used (?:for|in|when|while|"
            r"during|at all)\b",
            # Chinese: "只用CPU在跑", "显卡完全没被调用"
            r"(?:纯cpu在跑|纯CPU在跑|只用cpu跑|只用CPU跑|只用cpu在跑|只用CPU在跑|全是cpu在跑|全是CPU在跑)",
            r"(?:gpu|GPU|显卡)(?:根本没|完全没|一直没)(?:有)?(?:工作|在工作|被使用|被调用|用上|跑)",
        ),
        severity="warn",
        cause=("The description says the app runs on the CPU and leaves the NVIDIA GPU idle: its Python environment "
               "holds the CPU-only build of PyTorch (what pip installs by default on Windows and what many apps' "
               "requirements resolve to), which runs without an error, only on the CPU."),
        advice=("In the app's own environment check `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"`; a version ending in +cpu (or no +cu suffix on Windows) and False is the "
                "CPU build. Uninstall it (`pip uninstall -y torch torchvision torchaudio`) and install the CUDA build "
                "from the PyTorch index: `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu128` (cu126 for a GTX 9xx/10xx), with the app's own Python "
                "(its venv's or the portable python.exe's pip)."),
        action="configure",
        rules_out=("the GPU itself", "the driver"),
        never_suggest=("reinstall the driver", "smaller model"),
        sources=("https://github.com/D-Ogi/WatermarkRemover-AI/issues/50", "https://github.com/OpenTalker/SadTalker/issues/848",
                 "https://pytorch.org/get-started/locally/"),
        checked=CHECKED,
        examples=("frameworks/watermarkremover-50-setup-installs-cpu-torch-gpu-idle.txt",
                  "frameworks/sadtalker-848-only-cpu-torch-without-cuda.txt"),
    ),
    Signature(
        code="frameworks.torch-wheels-dropped-old-gpu-described",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # "PyTorch fails because CUDA 12.x dropped support for sm_61", "the cu128 wheels dropped Pascal",
            # "PyTorch 2.8 no longer includes sm_61 kernels"
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:CUDA 1[23](?:\.\d{1,2}|\.x)?|PyTorch(?: \d\.\d{1,2})?|[Tt]orch(?: \d\.\d{1,2})?|"
            r"cu12[89]|cu13\d|wheels?|builds?|images?)\b,?(?: has| have| had)? (?:dropped|drops|removed|removes|no longer "
            r"(?:supports?|includes?|ships?|carries|has|contains?))(?: the)?(?: support)?(?: for)?(?: the)?(?: older)? "
            r"(?:Pascal|Maxwell|sm_?[56]\d|compute capability [56]\.\d|GTX ?(?:9[5-8]0|10[5-8]0))\b",
            # "Pascal support was dropped in PyTorch 2.8's cu128 wheels", "Pascal is not supported by the cu128 build"
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:Pascal|Maxwell|sm_?6[01]|sm_?5\d)\b[^\n]{0,40}?\b(?:(?:support )?(?:was |has "
            r"been |is |got )?(?:dropped|removed)|(?:is |are )?no longer supported|(?:is |are )?not supported)\b[^\n]{0,60}?"
            r"\b(?:PyTorch|[Tt]orch|cu12[89]|cu13\d|wheels?)\b",
            # "the package is built with CUDA 12.x, which does not support older Pascal architecture GPUs"
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:CUDA 1[23](?:\.\d{1,2}|\.x)?|cu12[89]|cu13\d|PyTorch(?: \d\.\d{1,2})?)\b"
            r"[^\n]{0,40}?\b(?:does ?n[o']t|do ?n[o']t|no longer) supports? (?:the )?(?:older )?(?:Pascal|Maxwell)\b",
            # "PyTorch support for older GPUs was removed in the updates", "torch dropped support for old cards like my GTX 1060"
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:PyTorch|[Pp]ytorch|[Tt]orch)(?:'s)? support for (?:the )?(?:older|old|legacy) "
            r"(?:NVIDIA )?(?:GPUs?|cards?|graphics cards?|architectures?)\b[^\n]{0,60}?\b(?:removed|dropped|ended|gone)\b",
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:PyTorch|[Pp]ytorch|[Tt]orch)\b[^\n]{0,60}?\b(?:dropped|removed|ended) (?:the )?"
            r"support for (?:the )?(?:older|old|legacy) (?:NVIDIA )?(?:GPUs?|cards?|graphics cards?|architectures?)\b",
            # w46b: "this torch version can not support old gpu like gtx1070", "installed versions of torch and torchvision
            # that did not support the old CUDA version of this specific card"
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:PyTorch|[Pp]ytorch|[Tt]orch)\b[^\n]{0,80}?\b(?:can ?not|can't|could ?n[o']t|"
            r"does ?n[o']t|did ?n[o']t|do ?n[o']t) support (?:the |my |this |an? )?(?:old|older)\b[^\n]{0,60}?"
            r"\b(?:cards?|GPUs?|gpus?|graphics cards?|GTX ?\d{3,4})",
            # w46b: "the pre-compiled PyTorch 2.7.1 binary ... does not contain sm_61" (the generic prebuilt reading,
            # ollama.described-prebuilt-lacks-cuda-arch, gives a llama.cpp build's advice)
            _NOT_DRIVER_BRANCH + r"[^\n]{0,400}?\b(?:PyTorch|[Pp]ytorch|[Tt]orch)\b[^\n]{0,80}?\b(?:does|do|did)(?: not| NOT|n't) "
            r"(?:contain|include|have|carry|ship)(?: any)?(?: the)?(?: kernels? for)? (?:sm_?[56]\d|Pascal|Maxwell)\b",
        ),
        severity="warn",
        cause=("The description says the PyTorch build in use (its CUDA 12.8 or later wheels, or an app or image that "
               "ships them) dropped the GPU's architecture: the cu128/cu129/cu13x wheels (2.7's cu128 build, 2.8 and later) carry no "
               "Maxwell or Pascal (sm_50-sm_61) kernels, so a GTX 9xx/10xx card is found and then fails at its first "
               "kernel (\"no kernel image is available\"); the driver is not the problem."),
        advice=("Install a PyTorch build that still carries the card's kernels in the app's environment: the cu126 "
                "wheels (`pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126`) "
                "or, for older releases, cu118; `python -c \"import torch; print(torch.cuda.get_arch_list())\"` must "
                "list sm_61 (sm_60 for a P100). For an app or image that pins a cu128 torch, use its legacy/cu126 "
                "variant or build with TORCH_CUDA_ARCH_LIST=\"6.1\" included. Keep the driver (580 or older for these "
                "GPUs)."),
        action="configure",
        rules_out=("the driver", "a GPU hardware fault"),
        never_suggest=("update the driver", "reinstall the driver"),
        versions=("PyTorch 2.8+: cu128/cu129 drop sm_50-sm_61; cu126 keeps them",),
        sources=("https://github.com/utensils/comfyui-nix/issues/11", PYTORCH_ARCH_POLICY,
                 "https://github.com/karpathy/nanochat/issues/178", "https://github.com/deepbeepmeep/Wan2GP/issues/1933"),
        checked=CHECKED,
        examples=("frameworks/comfyuinix-11-pascal-needs-cu118-prose.txt",
                  "frameworks/nanochat-178-uv-torch-cu128-gtx1070-needs-cu126-prose.txt",
                  "frameworks/wan2gp-1933-torch271-wheel-no-sm61-prose.txt"),
        # a torch wheel's missing kernels, not a llama.cpp-style prebuilt's (w46b)
        refines=("ollama.described-prebuilt-lacks-cuda-arch",),
    ),
    Signature(
        code="frameworks.dataloader-killed-host-ram-full-described",
        described=True,
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # "the job got killed after using 120 GB of RAM", "was killed once it had consumed 2TB of memory"
            _NOT_GPU_OR_SHM + _TRAINING + r"[^\n]{0,400}?\b(?:killed|Killed|terminated)\b[^\n]{0,80}?\b(?:took|takes|taking|used|using|"
            r"reached|reaching|consumed|consuming|occupied|occupying|ate|eating)(?: up)?(?: about| around| over| more than)? "
            r"\d{1,4}(?:\.\d)? ?(?:[GgTt](?:i?[Bb])?|gigs?)\b(?: of)? (?:(?:the |system |host )?memory|RAM|ram)\b",
            # "I get dataloader worker killed signal, and max memory usage reach 100%" (either order)
            _NOT_GPU_OR_SHM + r"[^\n]{0,400}?\b(?:[Dd]ata ?[Ll]oader|workers?|process)\b[^\n]{0,60}?\b(?:killed|Killed)\b"
            r"[^\n]{0,120}?\b(?:memory|RAM) (?:usage |use )?(?:reach(?:es|ed)?|hits?|hit|goes to|went to|is at|was at|at|"
            r"grows to|grew to) (?:about |nearly |almost )?100 ?%",
            _NOT_GPU_OR_SHM + r"[^\n]{0,400}?\b(?:memory|RAM) (?:usage |use )?(?:reach(?:es|ed)?|hits?|hit|goes to|went to|"
            r"grows to|grew to) (?:about |nearly |almost )?100 ?%[^\n]{0,120}?\b(?:[Dd]ata ?[Ll]oader|worker)\b[^\n]{0,60}?"
            r"\b(?:killed|Killed)\b",
            # Chinese: "dataloader被强制终止，内存已经开到最大", "训练进程被kill了，内存不够"
            r"(?:[Dd]ata ?[Ll]oader|worker)[^\n]{0,40}?(?:被强制终止|被终止|被杀|被kill|killed|Killed)[^\n]{0,80}?内存(?!泄)",
            r"内存(?:已经|都)?(?:开到最大|不足|不够|爆了?|占满|满了|溢出)[^\n]{0,80}?(?:[Dd]ata ?[Ll]oader|worker)[^\n]{0,40}?"
            r"(?:被强制终止|被终止|被杀|被kill|killed|Killed)",
        ),
        severity="warn",
        cause=("The description says the training's DataLoader workers (or the process) were killed while the machine's "
               "RAM filled up: the host ran out of memory and the kernel's OOM killer (or the job's memory limit) killed "
               "them; GPU memory is not involved. Each worker holds its own copy of the dataset's Python objects and "
               "prefetched batches, so workers x GPUs x batch size multiplies the RAM use."),
        advice=("Lower the host-side memory per step: fewer DataLoader workers (num_workers / workers_per_gpu) and a "
                "smaller prefetch_factor or per-GPU batch, shorter sequences, or a dataset that reads from disk (memory "
                "mapped) instead of holding everything in Python lists; or give the job more system RAM (a larger "
                "instance, Slurm --mem, the container's memory limit). `free -g` while it runs and `sudo dmesg | grep -i "
                "'killed process'` confirm it."),
        action="configure",
        rules_out=("GPU memory (CUDA out of memory)", "the driver"),
        never_suggest=("reduce GPU memory", "reinstall the driver"),
        sources=("https://github.com/alibaba/Pai-Megatron-Patch/issues/378", "https://github.com/NVIDIA/Megatron-LM/issues/1657",
                 "https://pytorch.org/docs/stable/data.html#multi-process-data-loading"),
        checked=CHECKED,
        examples=("frameworks/paimegatron-378-dataloader-exited-memory-maxed-prose.txt",
                  "frameworks/megatronlm-1657-dataloader-killed-host-memory-full.txt"),
    ),
)
