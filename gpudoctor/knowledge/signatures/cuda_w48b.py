"""Issue 25, w48b: framework and wheel families that fresh threads showed the catalogue did not read.

The driver's own PTX assembler. When a program hands PTX to the driver (cuModuleLoad, cuLinkAddData: Numba, ILGPU,
OptiX-based renderers, hashcat, miners), the driver's JIT compiles it with its embedded ptxas, and its error log
names the input "ptxas application ptx input, line N; fatal : Unsupported .version X; current version is 'Y'": the
PTX ISA Y is the newest the installed driver knows, so the fix is a newer driver (or a build of the program for the
driver's CUDA). A ptxas run on a file ("ptxas /tmp/x.ptx, line 5; fatal : ...", XLA, Triton, tinygrad) is a toolkit's
on PATH, frameworks.ptxas-older-than-ptx's reading, which this row refines on the line the driver's name is on.

A Slurm job that asked for no GPU. On a cluster, a job script that names a GPU partition but no --gres/--gpus gets no
GPU: the job's cgroup exposes no /dev/nvidia*, CUDA_VISIBLE_DEVICES is unset, and torch says no GPUs are available
while the login node, or an interactive session that asked for one, sees them (uvadlc_notebooks#104: on Snellius
`#SBATCH --gres=gpu:1` gave a batch job no GPU where `#SBATCH --gpus=1` does). People tell it in prose: the job script
or srun, beside "no GPUs are available" or is_available() being False.

A driver too old for a named build, told in prose. An installer or image that picks torch's default wheel (cu128 on
Linux since torch 2.7, cu130 since 2.9) leaves hosts whose driver supports an older CUDA without a working build; the
projects' fixes say it in words ("install the cu126 build instead of cu130 when the NVIDIA driver is too old for
CUDA 13", OneTrainer#1572; "Torch now defaults to CUDA 12.8 ..., so to properly support CUDA 12.6 you have to force
the cu126 wheel", ComfyUI-Nvidia-Docker#63). The fix is the driver, or the build for the driver's CUDA.
"""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import PTX_DRIVERS
from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SLURM_GRES = "https://slurm.schedmd.com/gres.html#Running_Jobs"
CUDA_DRIVERS = "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#cuda-driver"

# Slurm's words for the job, its script or the node it runs on
_SLURM = (r"(?:#SBATCH|\bsbatch\b|\bsrun\b|\bsalloc\b|[Ss]lurm (?:job|script|submission|batch)|[Ss]lurm-submission|"
          r"\bjob script|\bbatch (?:job|script)|\bcompute node)")
# CUDA seeing no GPU, in a tool's or a person's words
_NO_GPU = (r"(?:[Nn]o (?:CUDA )?GPUs? (?:are |is )?(?:available|detected|found|visible)|"
           r"is_available\(\)[`'\"]?(?: returns?| is| gives| prints?| shows?)?:? [`'\"]?False\b|"
           r"(?:can't|cannot|can not|doesn't|does not|couldn't|could not|won't) (?:see|find|detect|access|use) "
           r"(?:the |any |a )?GPUs?\b|"
           r"CUDA_VISIBLE_DEVICES (?:is |was )?(?:empty|not set|unset|blank)\b|"
           r"nvidia-smi[`'\"]? (?:fails|failed|doesn't work|does not work|shows no GPUs?|finds no|says No devices))")
# the job, by the person's account, got no GPU
_NO_REQUEST = (r"(?:didn't|did not|doesn't|does not|never|forgot to|without|not) (?:actually |explicitly )?"
               r"(?:get|got|request|requested|ask for|asked for|allocate|allocated|include|add|specify|set)"
               r"(?: any| a| the)? (?:GPUs?|gpus?|--gres|--gpus|gres)\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.driver-jit-ptx-isa-newer-than-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # the driver's JIT log (cuModuleLoadDataEx / cuLinkAddData error log buffer): its embedded ptxas names the
        # input "ptxas application ptx input"; a standalone ptxas names the .ptx file it was given
        # (Numba's own cuLinkAddData line, when the log is joined to it, is frameworks.numba-ptx-newer-than-driver's)
        patterns=(r"^(?![^\n]{0,400}?\bcuLinkAddData\b)[^\n]{0,400}?"
                  r"ptxas application ptx input, line \d{1,7}; fatal\s{0,6}: Unsupported \.version "
                  r"(?P<ptx_isa>\d{1,2}\.\d{1,2}); current version is '(?P<driver_isa>\d{1,2}\.\d{1,2})'",),
        refines=("frameworks.ptxas-older-than-ptx",),
        severity="fail",
        cause=("The NVIDIA driver's own PTX compiler (its JIT, which compiles the program's PTX when the module is "
               "loaded) knows PTX ISA {driver_isa} at most, older than the ISA {ptx_isa} the program was built to: "
               "the driver is older than the CUDA the program's PTX came from."),
        advice=("Update the NVIDIA driver to one that supports the CUDA the program was built with (`nvidia-smi` shows "
                "the newest CUDA the driver supports; " + PTX_DRIVERS + "), or use a build of the program made for "
                "the driver's CUDA. A ptxas or CUDA toolkit installed beside it plays no part here: the driver compiles the "
                "PTX itself."),
        action="configure",
        rules_out=("a ptxas or CUDA toolkit the program runs", "the GPU hardware"),
        never_suggest=("put a newer ptxas first", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/m4rs-mt/ILGPU/issues/36", "https://github.com/m4rs-mt/ILGPU/issues/29",
                 "https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#release-notes", CUDA_DRIVERS),
        checked=CHECKED,
        examples=("cuda/ilgpu-36-ptxas-application-ptx-input-version-60-driver-50.txt",),
    ),
    Signature(
        code="cuda.slurm-job-no-gpu-requested-described",
        described=True,
        cause_id="cuda-visible-devices",
        kinds=("any",),
        patterns=(
            # "a job script ... `#SBATCH --gpus=1`. Otherwise, CUDA will throw a RuntimeError saying that no GPUs are
            # available", "under srun torch.cuda.is_available() returns False", "sbatch ... can't see the GPU"
            _SLURM + r"[^\n]{0,160}?" + _NO_GPU,
            _NO_GPU + r"[^\n]{0,160}?" + _SLURM,
            # "my slurm-submission script ... I didn't actually get a gpu allocated", "forgot to add --gres to sbatch"
            _SLURM + r"[^\n]{0,160}?" + _NO_REQUEST,
            _NO_REQUEST + r"[^\n]{0,80}?" + _SLURM,
            # "nvidia-smi works on the login node but not in my job"
            r"\b(?:works|worked|runs|is fine|shows (?:the |all |my )?GPUs?) on the (?:login|head|front-?end|submit) "
            r"nodes?\b[^\n]{0,40}?\bbut not\b",
        ),
        # torch's "is_available() returns False" said of a Slurm step is this row's, not a CPU build's
        refines=("frameworks.torch-cuda-unavailable-described",),
        severity="warn",
        cause=("The description says a Slurm job sees no GPU: a job (or srun step) that does not request GPUs from "
               "Slurm gets none, even on a GPU node or partition, so CUDA finds no device there while the login node "
               "or a session that asked for one sees them."),
        advice=("Request the GPUs in the job itself, the way the cluster's documentation says: `#SBATCH --gres=gpu:1` or "
                "`#SBATCH --gpus=1` (`--gpus-per-node=N` for several) in the batch script, `srun --gres=gpu:1 --pty bash` "
                "or `salloc --gpus=1` interactively; a GPU partition alone is not a GPU. In the job, `echo "
                "$CUDA_VISIBLE_DEVICES; nvidia-smi` shows what it got, and `scontrol show job $SLURM_JOB_ID` its "
                "allocated TRES. The node's driver is not the problem."),
        action="configure",
        rules_out=("the node's NVIDIA driver", "the PyTorch build"),
        never_suggest=("reinstall the driver", "reboot", "reinstall torch", "install the CPU build"),
        sources=("https://github.com/phlippe/uvadlc_notebooks/issues/104", SLURM_GRES,
                 "https://slurm.schedmd.com/sbatch.html#OPT_gpus"),
        checked=CHECKED,
        examples=("cuda/uvadlc-104-snellius-gres-vs-gpus-batch-job.txt",),
    ),
    Signature(
        code="cuda.build-newer-than-driver-described",
        described=True,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # "when the NVIDIA driver is too old for CUDA 13", "my driver is outdated for cu128"
            r"^(?![^\n]{0,400}?(?:WSL|wsl|on your system is too old))[^\n]{0,400}?\b[Dd]rivers?\b[^\n]{0,40}?\b"
            r"(?:is |was |are |were )?(?:too old|outdated|not new enough|not recent enough)\b[^\n]{0,20}?\b"
            r"(?:for|to (?:run|support|use)) (?:the |a |this )?(?:CUDA|[Cc]uda) ?1[0-3]\b",
            r"^(?![^\n]{0,400}?(?:WSL|wsl))[^\n]{0,400}?\b[Dd]rivers?\b[^\n]{0,40}?\b(?:is |was |are |were )?"
            r"(?:too old|outdated|not new enough|not recent enough)\b[^\n]{0,20}?\bfor (?:the |a |this )?"
            r"cu1[0-3]\d\b",
            # "Torch now defaults to CUDA 12.8 for Linux builds ... so to support CUDA 12.6 you have to force the cu126
            # wheel": the default build is for a newer CUDA than the hosts' drivers
            r"\b(?:defaults?|defaulted|defaulting) to (?:CUDA|cuda|cu) ?1[1-3]\.?\d[^\n]{0,160}?\b(?:force|forcing|pin|"
            r"pinning|install|use|select)(?:s|d|ed)? (?:the |a )?cu1[0-3]\d (?:wheels?|builds?|index|version|variant)",
            # "the cu130 build (CUDA 13) requires a newer driver", "CUDA 12.8 wheels need driver 570 or newer"
            r"\b(?:(?:CUDA|cuda) ?1[1-3](?:\.\d)?|cu1[1-3]\d)\b[^\n]{0,60}?\b(?:requires?|needs?|needing|requiring) "
            r"(?:an? )?(?:newer|more recent|recent|updated|later) (?:NVIDIA |[Nn]vidia |GPU |graphics |display )?driver",
            r"\b(?:(?:CUDA|cuda) ?1[1-3](?:\.\d)?|cu1[1-3]\d)\b[^\n]{0,60}?\b(?:requires?|needs?|needing|requiring) "
            r"(?:an? |the )?(?:NVIDIA |[Nn]vidia )?driver(?: version)?(?: of)? ?(?:R|r)?5[2-9]\d(?:\.[\d.]{1,8})?\+? or "
            r"(?:newer|later|higher)\b",
            # "This nvidia drivers are not compatible with cuda 12+" (vllm#14608), "driver 470 is incompatible with CUDA 12"
            r"^(?![^\n]{0,400}?(?:WSL|wsl))[^\n]{0,400}?\b[Dd]rivers?\b[^\n]{0,40}?\b(?:is |are |was |were )?(?:not |in)"
            r"compatible with (?:the |a )?(?:CUDA|[Cc]uda) ?1[1-3]\b",
            # "Does it mean the CUDA driver 535 is too old to support `vllm==0.20.2`?": a serving engine's or framework's
            # build named instead of its CUDA (w52c)
            r"\b[Dd]river(?: version)? ?(?:R|r)?(?:4\d\d|5[0-7]\d)(?:\.[\d.]{1,10})?\b[^\n]{0,40}?\b(?:is |was )?too old "
            r"(?:to (?:support|run|use)|for) (?:the |this |a )?`?(?:vLLM|vllm|SGLang|sglang|TGI|text-generation-inference|"
            r"TensorRT-LLM|tensorrt_llm|LMDeploy|lmdeploy|GPUStack|gpustack|Xinference|xinference|PyTorch|pytorch|torch)\b",
            # "The NVIDIA driver is too old for this version of PyTorch"
            r"\b[Dd]rivers?\b[^\n]{0,40}?\btoo old for (?:this|the|my|that|the installed) (?:version|build|release) of "
            r"(?:PyTorch|[Pp]ytorch|torch|TensorFlow|[Tt]ensorflow|JAX|jax)\b",
        ),
        severity="warn",
        cause=("The description says a build for a newer CUDA (a PyTorch cuXXX wheel, an image or app built with it) "
               "meets a driver too old for that CUDA: each CUDA release needs its driver branch (CUDA 13 the 580 "
               "branch, 12.8 570, 12.6 560, 12.4 550), and the build cannot run on an older one."),
        advice=("Update the NVIDIA driver to one that supports the build's CUDA (`nvidia-smi` shows the newest CUDA the "
                "driver supports; CUDA 13: 580+, " + PTX_DRIVERS + "), or where the driver cannot change install the "
                "build made for the driver's CUDA, e.g. PyTorch's `pip install torch --index-url "
                "https://download.pytorch.org/whl/cu126` (or cu118 for an 11.x driver) instead of the default wheel."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/Nerogar/OneTrainer/pull/1572", "https://github.com/mmartial/ComfyUI-Nvidia-Docker/pull/63",
                 CUDA_DRIVERS, "https://pytorch.org/get-started/previous-versions/"),
        checked=CHECKED,
        examples=("wheels/onetrainer-1572-cu130-driver-too-old-legacy-cu126-prose.txt",
                  "wheels/comfyui-nvidia-docker-63-force-cu126-wheel-older-driver-prose.txt",
                  "vllm/vllm-14608-driver-510-cuda-116-default-cu12-wheel.txt"),
    ),
)
