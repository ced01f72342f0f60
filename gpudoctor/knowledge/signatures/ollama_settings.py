"""llama.cpp's own refusals of a load's settings: a quantized KV cache without flash attention.

Written blind for issue 25 (eleventh wave, third turn). llama.cpp stores a quantized V cache only through its flash
attention path, so it refuses a context that asks for one with flash attention off: llama_init_from_model's "V cache
quantization requires flash_attn" (flash attention disabled by -fa off) and, when flash attention was left on auto and
the backend turned it off (the CUDA build has kernels only for matching q4_0/q4_0 and q8_0/q8_0 pairs unless built
with GGML_CUDA_FA_ALL_QUANTS), llama_context's "quantized V cache was requested, but this requires Flash Attention"
(src/llama-context.cpp, as vendored by Ollama in 2025-2026).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SETTING_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.llama-cpp-quantized-v-cache-needs-flash-attn",
        cause_id="llama-cpp-kv-cache-needs-flash-attn",
        kinds=("any",),
        # both of llama.cpp's wordings: the context constructor's exception (flash attention auto, turned off by the
        # backend) and llama_init_from_model's check (flash attention off)
        patterns=(r"quantized V cache was requested, but this requires Flash Attention",
                  r"V cache quantization requires flash_attn"),
        severity="fail",
        cause=("llama.cpp was asked for a quantized V cache without flash attention (turned off, or left on auto and "
               "turned off by the backend because it has no flash attention kernel for this K and V cache pair), and "
               "a quantized V cache needs it, so the context was refused."),
        advice=("Turn flash attention on and give the K and V caches the same type (`-fa on -ctk q8_0 -ctv q8_0`, or "
                "q4_0 for both; in Ollama OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0), or leave the V "
                "cache at f16 (drop --cache-type-v); the CUDA build covers other K/V pairs only when compiled with "
                "-DGGML_CUDA_FA_ALL_QUANTS=ON."),
        action="configure",
        rules_out=("a GPU or driver fault: the settings were refused before anything ran on the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/28524",
                 "https://github.com/ggml-org/llama.cpp/blob/master/src/llama-context.cpp"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-28524-ctv-q4-0-no-flash-attn.txt",),
    ),
)
