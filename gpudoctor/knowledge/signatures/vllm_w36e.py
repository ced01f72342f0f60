"""Issue 25, w36e: vLLM's memory reservation, told in words that do not name vLLM on the same line (rows of the vllm
area).

"The model is only 800M, but why does the GPU memory usage exceed 20G?", "each GPU also consumes 18506MB": beside a
`vllm serve` command or vLLM's Python API (the "vllm" context), these are the engine's design: it reserves
gpu_memory_utilization (0.9 by default) of every GPU at start-up, whatever the model's size, and fills what the
weights leave with KV cache. vllm.memory-reserved-by-design-described reads the sentences that name vLLM themselves.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ENGINE_ARGS = "https://docs.vllm.ai/en/latest/configuration/engine_args.html"
CONSERVING_MEMORY = "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"

# a line about running out of memory is the OOM rows', not this note's
_NOT_OOM = r"^(?![^\n]{0,400}?(?:[Oo]ut of memory|OOM|OutOfMemory|显存不足|爆显存|[Nn]o available memory))[^\n]{0,300}?"
_SIZE = r"\d{1,4}(?:\.\d{1,2})? ?(?:MB|MiB|GB|GiB|G|M|g|gb)\b"
_MEMORY = r"(?:GPU memory|gpu memory|VRAM|vram|video memory|GPU RAM|gpu ram|memory usage|memory footprint|显存)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.small-model-large-memory-described",
        described=True,
        contexts=("vllm",),
        cause_id="vllm-memory-preallocated",
        kinds=("any",),
        patterns=(
            # "the gguf model is only 800M, but why does the GPU memory usage exceed 20G?"
            _NOT_OOM + r"\b(?:model|weights?|gguf|GGUF|checkpoint)\b[^\n]{0,30}?\b(?:is|are|has|weighs) only (?:about |around "
            r")?\d{1,4}(?:\.\d{1,2})? ?(?:MB|MiB|GB|GiB|G|M|B)\b[^\n]{0,100}?" + _MEMORY,
            # "When using two A10 GPUs, each GPU also consumes 18506MB", "every card shows 22GB used"
            _NOT_OOM + r"\b(?:[Ee]ach|[Ee]very|[Bb]oth|[Pp]er) (?:GPU|gpu|card)s? (?:also |still )?(?:consumes?|uses?|takes?|"
            r"occup(?:ies|y)|shows?|holds?|is using) (?:about |around |over |nearly |almost )?" + _SIZE,
            # "memory usage over my expectation: 18G for each GPU", "the model takes about 20GB on each GPU": the amount
            # first, then the GPU it sits on (w40e, 2026-11-28)
            _NOT_OOM + r"\b(?:takes?|took|uses?|used|consum(?:es?|ed)|occup(?:ies|ied|y)|usage|cost)\b[^\n]{0,40}?" + _SIZE
            + r"\*{0,2} (?:for|on|in|of|per) (?:each|every|just one|one|a single|both|all) (?:of the )?(?:GPU|gpu|card)",
            # "vLLM pre-allocates that fraction at startup regardless of model size"
            _NOT_OOM + r"\b(?:pre-?allocat\w{1,5}|reserv\w{1,5}|allocat\w{1,5})\b[^\n]{0,80}?\b(?:regardless of|irrespective of|"
            r"independent of|no matter) (?:the )?model(?:'s)? size",
        ),
        severity="info",
        cause=("The description, beside a vLLM engine, suggests its normal memory reservation: vLLM takes "
               "gpu_memory_utilization (0.9 by default) of each GPU it runs on at start-up, whatever the model's size, "
               "and fills what the weights leave with KV cache, so nvidia-smi shows most of every GPU in use; that is "
               "by design, not a leak or a fault."),
        advice=("Nothing to fix. To leave memory for other programs, reserve less: `vllm serve MODEL "
                "--gpu-memory-utilization 0.5` (Python: LLM(model=..., gpu_memory_utilization=0.5)), with a "
                "--max-model-len the smaller KV cache can hold; with tensor parallelism every GPU reserves that share. "
                "The start-up log states the weights' size and the KV cache it allotted."),
        action="none",
        rules_out=("a memory leak", "a GPU or driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/7979", "https://github.com/vllm-project/vllm/issues/1512",
                 "https://github.com/vllm-project/vllm/issues/4723", CONSERVING_MEMORY, ENGINE_ARGS),
        checked="2026-11-27",
        examples=("vllm/vllm-7979-gguf-800m-over-20g.txt", "vllm/vllm-4880-tp-memory-usage-higher-than-expected.txt"),
    ),
)
