"""Issue 25, w47b: framework families that fresh 2025-2026 threads showed the catalogue did not read.

Tensors on two GPUs of one machine. "Expected all tensors to be on the same device, but found at least two devices,
cuda:0 and cuda:6" names two GPUs, not a GPU and the CPU: a script written for one GPU ran on a machine with several,
and its model was spread over every visible GPU (transformers' device_map="auto", accelerate's dispatch, DataParallel)
or a layer stayed on cuda:0 while a --gpu/--device option sent the rest elsewhere. The projects' own answer is to make
one GPU visible (CUDA_VISIBLE_DEVICES=0 in front of the command or set before torch is imported), after which the
chosen GPU is cuda:0 to the program (Sa2VA#85, TWOSOME#5: "please set CUDA_VISIBLE_DEVICES before you run", and the
same answer across single-GPU demos). A GPU beside "cpu" stays the generic program-bug reading
(frameworks.tensors-on-two-devices), which this row refines on the same line only.

A person's words that the process was just "Killed". People who load, quantize or convert a model on the CPU (a 7B
LLaMA quantized by pyllama or GPTQ, SeamlessM4T run in float32, a checkpoint gathered in RAM to be saved) write that
the command printed only "Killed", or that it "gets killed" while loading: the kernel's OOM killer took the process
because the machine's RAM and swap were smaller than the model needs. Enough swap (or RAM) lets the same command finish
(seamless_communication#165: 16 GB or more of swap; the A1111 and Video-LLaVA threads: a larger swap file). The
tool's own lines ("Killed" alone on a line, exit code 137) are frameworks.process-killed-sigkill's; this row reads
the description, and leaves a build killed for RAM (MAX_JOBS, ninja, nvcc) and GPU memory to their rows.

CUDA 13 wants driver 580. PyTorch's cu130 wheels (the default on PyPI for Linux since torch 2.9, and what ComfyUI
Desktop/portable and other packaged apps moved to) carry their own CUDA 13 runtime; what the machine must give them is
an NVIDIA driver of the 580 branch or newer. People describe it two ways: that the driver "has not been updated to
580+, so CUDA 13 won't work" (CUDA.jl's CI), or, in an app, that they must "update CUDA to 13" and ask how. The fix is
the driver in both; no separate CUDA installation is used by an app's bundled torch. A paste that names the driver
and the build is reasoned by cuda.named-driver-older-than-build instead.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

CUDA_ENV_VARS = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"

# Not GPU memory, shared memory, a build killed for RAM or another runtime's server (their rows say those).
# An app's bundled torch, not a toolchain someone compiles with.
_APP_NOT_TOOLCHAIN = (r"^(?![^\n]{0,400}?(?:nvcc|[Tt]oolkit|[Cc]ompil|CMake|cmake|[Bb]uild from source))"
                      r"(?=[^\n]{0,400}?(?:[Cc]omfy[Uu][Ii]|comfyui|[Dd]esktop|[Pp]ortable|[Pp]inokio|A1111|[Ff]orge|SwarmUI|"
                      r"[Ss]table [Dd]iffusion|[Pp]y[Tt]orch|\btorch\b|cu130))")
_NOT_GPU_BUILD_OR_SERVER = (r"^(?![^\n]{0,400}?(?:CUDA out of memory|GPU memory|VRAM|vram|显存|shared memory|/dev/shm|Bus error|"
                            r"MAX_JOBS|ninja|nvcc|compil|[Bb]uild|pip install|flash.attn|vLLM|vllm|SGLang|[Oo]llama|"
                            r"[Dd]ata ?[Ll]oader|WSL|wsl))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tensors-on-two-gpus-single-gpu-script",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # torch's device check (aten/src/ATen/native/TensorCompare / TensorIterator): two CUDA ordinals, in either order
        patterns=(r"Expected all tensors to be on the same device, but found at least two devices, "
                  r"(?P<first>cuda:\d{1,2}) and (?P<second>cuda:\d{1,2})",
                  # PyTorch 2.7+'s wording: "but got mat2 is on cuda:1, different from other tensors on cuda:0"
                  r"Expected all tensors to be on the same device, but got \w{1,40} is on (?P<second>cuda:\d{1,2}), "
                  r"different from other tensors on (?P<first>cuda:\d{1,2})"),
        severity="warn",
        cause=("The program put tensors of one operation on two GPUs ({first} and {second}): a script written for "
               "one GPU ran where several are visible, and its model was spread over all of them (device_map=\"auto\", "
               "accelerate's dispatch, DataParallel) or a part stayed on cuda:0 while the rest went to the GPU it was "
               "told to use. The GPUs and the driver are fine."),
        advice=("Make only the GPU you want visible to the process, so that it is cuda:0 to the program: "
                "`CUDA_VISIBLE_DEVICES=0 python your_script.py` (or in front of `torchrun`/`accelerate launch`; "
                "`set CUDA_VISIBLE_DEVICES=0` first on Windows), or `os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"` "
                "before `import torch`; in a container, `docker run --gpus '\"device=0\"'`. To use several GPUs on "
                "purpose, load the model with one device_map and move the inputs to the device of its first layer."),
        action="configure",
        rules_out=("a driver, CUDA or GPU fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "downgrade torch"),
        sources=("https://github.com/bytedance/Sa2VA/issues/85", "https://github.com/WeihaoTan/TWOSOME/issues/5",
                 CUDA_ENV_VARS),
        checked=CHECKED,
        examples=("frameworks/sa2va-85-tensors-cuda0-cuda6-8gpu-node.txt",
                  "frameworks/twosome-5-tensors-cuda0-cuda1-visible-devices-unset.txt"),
        refines=("frameworks.tensors-on-two-devices",),
    ),
    Signature(
        code="frameworks.process-killed-host-ram-described",
        described=True,
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # "I got this message -> "Killed"", "it just says Killed", "the output is only 'Killed'"
            _NOT_GPU_BUILD_OR_SERVER + r"[^\n]{0,400}?\b(?:got|get|gets|getting|says|said|say|shows|showed|prints|"
            r"printed|see|saw|outputs?|returns?|returned|message|output is|result is)(?: this| the| a| only| just)?"
            r"(?: message| error| output| text)?\s{0,3}(?:->|=>|:|is)?\s{0,3}(?:only |just )?[\"'`\u201c]Killed[\"'`\u201d.]",
            # "I keep getting the Killed message", "I see a 'Killed' error"
            _NOT_GPU_BUILD_OR_SERVER + r"[^\n]{0,400}?\b(?:got|get|gets|getting|see|saw|seeing|receive|received) (?:the |a |this "
            r"|that )?[\"'`\u201c]?Killed[\"'`\u201d]? (?:message|error|output)\b",
            # "the process gets killed while loading the model", "python was killed during quantization"
            _NOT_GPU_BUILD_OR_SERVER + r"[^\n]{0,400}?\b(?:process|script|python|program|command|it)\b (?:just |always |"
            r"keeps |immediately |then )?(?:gets|got|getting|was|is|being|been) (?:killed|Killed)\b[^\n]{0,60}?\b(?:while|when|"
            r"during|at|after) (?:loading|load|quantiz|convert|merg|sav)",
        ),
        severity="warn",
        cause=("The description says the process was only \"Killed\" while it loaded, quantized, converted or saved a "
               "model: that is the kernel's OOM killer ending it because the machine's RAM (and swap) is smaller than "
               "the model needs in host memory; neither the GPU nor the driver is involved."),
        advice=("Give the process more host memory: add a swap file at least as large as the model's size in RAM "
                "(`sudo fallocate -l 32G /swapfile && sudo chmod 600 /swapfile && sudo mkswap /swapfile && sudo swapon "
                "/swapfile`), close other programs, or run on a machine with more RAM; or load less at once (a smaller "
                "or already-quantized model, low_cpu_mem_usage=True). `sudo dmesg -T | grep -i 'killed process'` "
                "confirms the kill was for memory."),
        action="configure",
        rules_out=("the GPU", "the driver", "the torch installation"),
        never_suggest=("reinstall the driver", "reinstall torch", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/facebookresearch/seamless_communication/issues/165",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/1863",
                 "https://man7.org/linux/man-pages/man8/mkswap.8.html"),
        checked=CHECKED,
        examples=("frameworks/seamless-165-keeps-getting-killed-prose.txt",),
    ),
    Signature(
        code="frameworks.cuda13-build-needs-driver-580-described",
        described=True,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # "The driver has not been updated to 580+, so CUDA 13 won't work there"
            r"\b[Dd]rivers?\b[^\n]{0,40}?\b(?:has not|hasn't|have not|haven't|is not|isn't|was not|wasn't|not yet) "
            r"(?:been |yet )?(?:updated|upgraded|moved) to (?:R|r)?(?:5[89]\d|6\d\d)\b[^\n]{0,80}?\bCUDA 13\b",
            # in an app: "how do I update cuda to 13.0 for <app>", "I have to upgrade CUDA to version 13 for PyTorch"
            _APP_NOT_TOOLCHAIN + r"[^\n]{0,400}?\b(?:update|upgrade|install)(?:d|ing)? (?:the )?(?:CUDA|cuda|Cuda) "
            r"(?:to |version |to version )?13(?:\.\d)?\b",
        ),
        severity="warn",
        cause=("The description says a CUDA 13 build (PyTorch's cu130 wheels, which packaged apps such as ComfyUI "
               "Desktop now ship) needs CUDA 13 from the machine: that comes from the NVIDIA driver, and a driver "
               "older than the 580 branch cannot run it."),
        advice=("Update the NVIDIA display driver to the 580 branch or newer (Windows: https://www.nvidia.com/drivers "
                "or the NVIDIA App; Linux: `sudo apt install nvidia-driver-580-open` or the distribution's 580+ "
                "package), then reboot; `nvidia-smi` then shows \"CUDA Version: 13.0\" or higher. The app's PyTorch "
                "brings its own CUDA runtime, so no separate CUDA install is needed; where the driver cannot change, "
                "use the app's or torch's CUDA 12 build (cu128/cu129)."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("reinstall the app",),
        sources=("https://github.com/JuliaGPU/CUDA.jl/pull/2867",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#cuda-driver"),
        checked=CHECKED,
        examples=("cuda/cudajl-2867-ci-driver-below-580-cuda13-prose.txt",),
    ),
)
