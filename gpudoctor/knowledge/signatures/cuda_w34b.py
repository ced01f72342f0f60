"""Issue 25 (helper w34b): out of memory on the first GPU while the machine's other GPU sits free.

A program that asks for "cuda" (or calls .cuda(), or a tool whose device defaults to cuda:0) allocates on the first
visible GPU, whatever the others hold. On a machine with two GPUs, people then report the OOM together with their
own words about the other card: "GPU 1 is idle", "the second GPU has more memory", "it always uses GPU 0", "I want
to use my GPU 1". Those words turn the generic CUDA OOM (cuda.out-of-memory, whose advice is about making the work
smaller) into a placement problem: run it on the free GPU.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_GPU_N = r"(?:GPU|gpu|cuda:|CUDA:|card|device) ?(?P<other>[1-7])\b"

SIGNATURES = (
    Signature(
        code="cuda.described-oom-on-gpu0-other-gpu-free",
        described=True,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # "GPU 1 is idle", "gpu1 is unused", "cuda:1 is not being used", "GPU 1 has more memory" (each alternative
            # holds a word healthy logs rarely hold: "free" alone is too common for the prefilter)
            _GPU_N + r"[^\n]{0,40}?\b(?:idle|unused|empty|not (?:being )?used|not utili[sz]ed|unutili[sz]ed|"
                     r"untouched|has more memory)\b",
            # "I want to use my GPU 1", "how to select gpu 1", "switch to cuda:1"
            r"\b(?:use|select|choose|switch to) (?:my |the )?" + _GPU_N,
            # "the second GPU has more memory", "the other GPU is idle", "video card 2 is not being used"
            r"\b(?:second|other|2nd|another) (?:GPU|gpu|card|graphics card|video card)s?\b[^\n]{0,60}?"
            r"(?:idle|unused|empty|not (?:being )?used|more memory)\b",
            # "it always uses gpu 0", "only runs on cuda:0", "all models are placed on the first GPU"
            r"\b(?:always|only) (?:uses?|runs? on|goes to|picks?|loads? (?:\w{1,10} )?(?:on|to|into|onto)) (?:the )?"
            r"(?:first GPU|first gpu|GPU ?0|gpu ?0|cuda:0)\b",
            r"\b(?:placed|allocated) (?:on|to|in|into|onto) (?:the )?(?:first GPU|first gpu|GPU ?0|gpu ?0|cuda:0)\b",
            # "all models are loaded to the first GPU", "it puts everything on the first card"
            r"\b(?:loaded|load(?:s|ing)?|put|puts|placed|allocated|allocates|goes|go) (?:on|to|in|into|onto) (?:the )?"
            r"first (?:GPU|gpu|card|device)\b",
            # "run it on cuda:1 instead", "on GPU 1 instead of GPU 0"
            r"\b(?:on|use|to) (?:GPU|gpu|cuda:|CUDA:|device) ?(?P<other>[1-7]) instead\b",
            r"\binstead of (?:the first GPU|the first gpu|GPU ?0|gpu ?0|cuda:0)\b",
            r"\b(?:GPU ?0|gpu ?0|cuda:0|the first GPU) instead of (?:the )?(?:GPU|gpu|cuda:|second|other)",
        ),
        severity="warn",
        cause=("The description suggests the work ran out of memory on the first GPU (GPU 0) while another GPU of the "
               "machine had memory free: the program put everything on the default device instead of the free one."),
        advice=("Run it on the free GPU: start the program with `CUDA_VISIBLE_DEVICES=1` (it then sees only that GPU, as "
                "cuda:0; PowerShell: `$env:CUDA_VISIBLE_DEVICES=\"1\"`; Docker: `--gpus '\"device=1\"'`), or pass the "
                "tool's device option (`--device cuda:1`, `device_map={\"\": 1}`, `.to(\"cuda:1\")`); code that calls "
                ".cuda() or asks for \"cuda\" always takes GPU 0. `nvidia-smi` shows which GPU is full and which "
                "processes hold it; to spread one model over both GPUs use `device_map=\"auto\"` (or the tool's "
                "tensor-parallel option) instead."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/facebookresearch/demucs/issues/160",
                 "https://github.com/AlexHex7/Non-local_pytorch/issues/7",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-27",
        examples=("cuda/demucs-160-oom-gpu0-use-second-gpu-device-cuda1.txt",),
        refines=("cuda.out-of-memory",),
        refines_within=None,
    ),
)
