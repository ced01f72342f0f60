"""Issue 25 (helper w38a): a person who means to run on the CPU, told by PyTorch that it found no NVIDIA driver.

"Found no NVIDIA driver on your system" (and "No CUDA GPUs are available", libcuda.so.1 missing) reads as a driver
fault, and the generic rows send the person to install or load one. Where the same paste says the person runs, or
wants to run, on the CPU ("I only use CPU", "is it possible to use the cpu instead", "run without NVIDIA",
"我使用的是cpu"), the machine has no NVIDIA GPU and nothing is to be installed: the program's default (its device
option, `--gpu_ids 0` in the pix2pix/CycleGAN option parsers, a `.cuda()` call) asked for CUDA. The maintainers'
answers across such projects are the program's CPU switch (`--device cpu`, `--gpu_ids -1`) or removing the
`.cuda()` calls (dreamtalk#12, AF-SfMLearner#39). A description row: it reads the person's words, in pastes only.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_CPU = r"(?:CPUs?|cpus?)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.cpu-run-asks-for-cuda-described",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        described=True,
        # The person's words anywhere in the paste explain the no-driver lines (their own or quoted).
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.libcuda-so1-missing",
                 "ollama.ggml-binary-without-libcuda"),
        refines_within=None,
        patterns=(
            # "even if I only use CPU", "we just have a CPU"
            r"\b(?:I|we|I'm|I am)\s(?:only|just)\s(?:use|using|have|run on|running on|want to use|need)\s(?:the\s|a\s|my\s)?"
            + _CPU + r"\b(?! (?:version|build|wheel|package))",
            # "is it possible to use the cpu instead", "how to run it on CPU", "a way to run on the CPU"
            r"\bpossible to (?:use|run(?: it| this| the model| the code| inference)? (?:on|with|in)) (?:the )?" + _CPU
            + r"\b(?! (?:usage|load|memory|version|build|wheel|package))",
            r"\b(?:How|how) (?:do I |can I |to )(?:use|run(?: it| this| the model| the code| inference)? (?:on|with|in)) (?:the )?"
            + _CPU + r"\b(?! (?:usage|load|memory|version|build|wheel|package))",
            # "can I run without NVIDIA and CUDA", "works without an NVIDIA GPU"; never "without NVIDIA drivers",
            # "without nvidia-docker" or "without the NVIDIA runtime", which say a GPU host lacks a component
            r"\b(?:run|running|use it|work|train|inference)\s(?:it\s|this\s)?without\s(?:an?\s|any\s)?(?:NVIDIA|Nvidia|nvidia)"
            r"(?:\sGPUs?|\sgraphics cards?|\scards?)?(?![\w-]|\s(?:GPU|graphics|card|drivers?|runtime|container|docker|"
            r"Docker|toolkit|Container|libraries|libs|support|software|kernel|modules?)\b)",
            # "I want to run it on the CPU", "trying to use the CPU"
            r"\b(?:want|wanted|trying|tried) to (?:use|run(?: it| this| the model| the code| inference)? (?:on|with|in)) "
            r"(?:the )?" + _CPU + r"\b(?! (?:usage|load|memory|version|build|wheel|package))",
            # Chinese: "我使用的是cpu", "只使用CPU", "只能用cpu"
            # (never "使用的是cpu版本的torch": a CPU build of torch, another cause)
            r"(?:使用的是|用的是|只使用|只能用)\s?" + _CPU + r"(?!\s?(?:版|的版本|-only|only))",
        ),
        severity="warn",
        # "how to run it on the CPU" may come from a GPU machine whose driver broke: the cause says what the words
        # say (a CPU run wanted), not that the machine has no NVIDIA GPU.
        cause=("The description says the program is meant to run on the CPU (a machine without a usable NVIDIA GPU), while "
               "the program (by its default device or a .cuda() call) asked for CUDA, which needs an NVIDIA GPU and "
               "driver."),
        advice=("Tell the program to use the CPU instead of installing anything: its device option (`--device cpu`, "
                "`--gpu_ids -1` in pix2pix/CycleGAN-style option parsers, `--cpu`, `device='cpu'`), "
                "`map_location='cpu'` when loading a checkpoint saved on a GPU, and no `.cuda()` calls (use "
                "`.to(device)` with device 'cpu'); `CUDA_VISIBLE_DEVICES=\"\"` makes programs that fall back by "
                "themselves pick the CPU. A program whose code calls CUDA unconditionally needs those lines changed "
                "(or a machine with an NVIDIA GPU). No NVIDIA driver can help where there is no NVIDIA GPU; where the "
                "machine has one and it should be used, `nvidia-smi` failing shows the driver is the fault instead."),
        action="configure",
        rules_out=("a missing or broken NVIDIA driver",),
        never_suggest=("install the NVIDIA driver", "reinstall the driver", "update the driver"),
        sources=("https://github.com/ali-vilab/dreamtalk/issues/12", "https://github.com/ShuweiShao/AF-SfMLearner/issues/39",
                 "https://pytorch.org/docs/stable/notes/cuda.html#device-agnostic-code"),
        checked="2026-11-27",
        examples=("frameworks/dreamtalk-12-no-nvidia-driver-device-cpu-flag.txt",
                  "frameworks/afsfmlearner-39-found-no-driver-running-on-cpu.txt"),
    ),
)
