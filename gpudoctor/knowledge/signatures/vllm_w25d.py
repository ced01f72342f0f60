"""Issue 25, rows for the families the blind sets 14 to 24 missed (w25d): serving engines that reserve most of a GPU
by design, as people describe it (rows of the vllm area, joined into the catalogue by signatures/__init__.py).

vLLM's reservation is vllm_p15o.py's row. SGLang does the same with --mem-fraction-static (the share of the GPU
its weights and KV-cache pool take at start-up, about 0.8 to 0.9 by default, computed from the GPU's size), and
LMDeploy preallocates its KV cache from cache_max_entry_count (0.8 of the memory left after the weights by
default, TurboMind and PyTorch engines alike): "lmdeploy takes 70 GB for a 7B model", "sglang 占满显存" is that,
not a leak. Each row reads the person's sentence that names the engine and the memory it took.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SGLANG_ARGS = "https://docs.sglang.ai/advanced_features/server_arguments.html"
LMDEPLOY_PIPELINE = "https://lmdeploy.readthedocs.io/en/latest/llm/pipeline.html"

# a line about running out of memory is the OOM rows', not this note's
_NOT_OOM = r"(?![^\n]{0,400}?(?:[Oo]ut of memory|OOM|OutOfMemory|CUDA error|显存不足|爆显存))"
# what the engine did to the memory, in English
_TOOK = (r"(?:uses?|using|takes?|taking|took|consum(?:es?|ing)|occup(?:y|ies|ying)|allocat(?:es?|ing)|reserv(?:es?|ing)|"
         r"grabs?|eats?|fills?)")
# ...and how much: a size, most or all of it, "so much"
_AMOUNT = (r"(?:up )?(?:about |around |over |almost |nearly |more than )?(?:\d{1,3}(?:\.\d)? ?(?:G|GB|GiB|g|gb)\b|"
           r"\d{2}(?:\.\d)? ?%|(?:almost |nearly )?all (?:the |of the )?(?:GPU |gpu )?(?:memory|VRAM|vram)|"
           r"(?:most|so much|too much|a lot) of (?:the )?(?:GPU |gpu )?(?:memory|VRAM|vram)|"
           r"(?:so much|too much|huge|high|large|a lot of) (?:GPU |gpu )?(?:memory|VRAM|vram))")
# the same in Chinese: 显存 (GPU memory) taken (占用, 占了, 占满), an amount or too much (过大, 较大)
_ZH_TOOK = (r"(?:显存[^\n]{0,10}?(?:占满|吃满|(?:占用|占了|占据|用了)[^\n]{0,12}?(?:\d{1,3} ?多?个? ?(?:G|GB|g|gb)|过大|"
            r"较大|很大|太大|太多|异常|激增|翻倍|全部))"
            # ...or the verb first: "部署时会占用整个显存", "吃掉了全部显存"
            r"|(?:占用|占了|占满|吃满|吃掉|占据)了?(?:整个|全部|所有|几乎所有|几乎全部|大部分)的?显存)")

# the engines that reserve a fixed share of the GPU at start-up, besides vLLM (vllm_p15o.py's row); written with
# lookarounds, not \b, so that "lmdeploy0.1.0" and "使用lmdeploy和" (CJK letters are word characters) still read
_ENGINE = (r"(?<![A-Za-z])(?:SGLang|sglang|SGlang|Sglang|LMDeploy|lmdeploy|Lmdeploy|LmDeploy|TurboMind|turbomind)"
           r"(?![A-Za-z])")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.serving-engine-memory-reserved-described",
        described=True,
        cause_id="vllm-memory-preallocated",
        kinds=("any",),
        patterns=(
            # "SGLang takes 90% of the GPU memory for a 0.5B model", "lmdeploy uses 70GB for a 7B model"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _ENGINE + r"[^\n]{0,240}?\b" + _TOOK + r" " + _AMOUNT,
            # "lmdeploy0.1.0，启动后显存占用较大", "sglang 启动后显存占满"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _ENGINE + r"[^\n]{0,200}?" + _ZH_TOOK,
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _ZH_TOOK + r"[^\n]{0,200}?" + _ENGINE,
        ),
        severity="info",
        cause=("The description suggests the serving engine's normal memory reservation: at start-up SGLang takes "
               "--mem-fraction-static of each GPU for the weights and a preallocated KV-cache pool, and LMDeploy "
               "preallocates its KV cache from cache_max_entry_count (0.8 of the memory the weights leave), whatever "
               "the model's size, so nvidia-smi shows the GPU nearly full; that is by design, not a leak."),
        advice=("Nothing to fix. To leave memory for other programs, reserve less: LMDeploy, "
                "`lmdeploy serve api_server MODEL --cache-max-entry-count 0.2` (Python: "
                "TurbomindEngineConfig(cache_max_entry_count=0.2) or PytorchEngineConfig(...)); SGLang, "
                "`python -m sglang.launch_server --model-path MODEL --mem-fraction-static 0.5` (with a --context-length "
                "the smaller pool holds); Hugging Face TGI, --cuda-memory-fraction 0.5. The start-up log states the KV "
                "cache each engine allotted."),
        action="none",
        rules_out=("a memory leak", "a GPU or driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/InternLM/lmdeploy/issues/1509", "https://github.com/sgl-project/sglang/issues/29092",
                 SGLANG_ARGS, LMDEPLOY_PIPELINE),
        checked="2026-11-27",
        examples=("vllm/lmdeploy-1509-startup-memory-kv-cache-prealloc.txt",),
    ),
)
