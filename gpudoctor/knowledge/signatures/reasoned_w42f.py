"""Rows of the conclusions gpudoctor/knowledge/compat_cuda.py draws (w42f): out-of-memory told in a person's words,
with no tool's line that rows read. Pure data; reasoned.ROWS lists them.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import concluded

OUT_OF_GPU_MEMORY_IN_WORDS = concluded(
    code="cuda.out-of-memory-told-in-words",
    cause_id="cuda-oom",
    severity="warn",  # the person's words, not the allocator's line: at most warn, like a described row
    cause=("The paste tells of running out of GPU memory (\"{said}\"){on}: what the model or job asks for needs more "
           "GPU memory than the card has free."),
    advice=("Check the project's stated GPU memory requirement (its README or the maintainers' answer) against this "
            "card's; then either run on a GPU with more memory, or make the job need less: a smaller batch size or "
            "input resolution, half precision (fp16/bf16), a quantized model, or offloading parts of the model to "
            "the CPU (diffusers' enable_model_cpu_offload, accelerate's device_map=\"auto\"); close other processes "
            "that hold GPU memory (nvidia-smi lists them)."),
    action="configure",
    rules_out=("the GPU's health", "the CUDA installation"),
    never_suggest=("reinstall", "update the NVIDIA driver"),
    sources=("https://pytorch.org/docs/stable/notes/cuda.html#memory-management",
             "https://huggingface.co/docs/diffusers/optimization/memory"),
    checked="2026-11-28",
    examples=("cuda/sar3d-14-rtx4090-24gb-oom-inference-prose.txt",
              "cuda/instantcharacter-3-rtx4070s-12gb-oom-45gb-prose.txt"),
)

ROWS = (OUT_OF_GPU_MEMORY_IN_WORDS,)
