"""Issue 25 (helper w24b): a serving engine that runs on one GPU of several, in a person's words.

vLLM (and SGLang) place a model on one GPU unless told how many to spread it over: --tensor-parallel-size (SGLang's
--tp-size; tensor_parallel_size in the Python API). CUDA_VISIBLE_DEVICES listing several GPUs only makes them visible,
and a framework's device_map or max_memory is not read by the vLLM back end; people then report that "only the first
GPU is working". The cure is the engine's own parallel size, not the driver.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VLLM_DISTRIBUTED = "https://docs.vllm.ai/en/latest/serving/distributed_serving.html"

_ONE_GPU = (r"only (?:the first(?: one)?|one|1|a single|single) (?:gpu|GPU|card|graphics card)s? (?:is |was |are )?"
            r"(?:working|used|being used|in use|utili[sz]ed|busy|occupied|loaded|active)\b")
_ENGINE = r"\b(?:vLLM|vllm|VLLM|SGLang|sglang)\b"
_NO_TP = r"^(?![^\n]{0,400}?(?:[Tt]ensor[-_ ][Pp]arallel|--tp\b|tp[-_]size|TP ?=))"
# The engine's name where "_" or CJK letters touch it ("vllm_wrapper", "用vllm部署"), which \b does not split
_ENGINE_ZH = r"(?<![A-Za-z])(?:vLLM|vllm|VLLM|Vllm|SGLang|sglang)(?![A-Za-z])"
# "只有一张卡load了", "只有一张显卡被占用", "只用了一张卡", "仅单卡运行", "第一张卡的显存增加直到溢出，其他卡的显存不变"
# ("只有一张显卡" alone is "I have only one GPU": the card must be said to be loaded, used or running; rev39c)
_ONE_GPU_ZH = (r"(?:只有一(?:张|块|个)(?:显卡|卡|GPU|gpu)(?:上?在?(?:load|加载|运行|跑|工作)(?!不)|被?(?:占用|使用|用上|用到)|"
               r"有(?:占用|负载|显存占用)|的显存)|只用了?一(?:张|块|个)(?:显卡|卡|GPU|gpu)|仅单卡|只在第一张卡|"
               r"第一张卡[^\n]{0,30}?其他(?:显)?卡[^\n]{0,10}?(?:不变|没有变化|没变|空闲|没有占用|没用))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.one-gpu-without-tensor-parallel-described",
        described=True,
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # "when I use `CUDA_VISIBLE_DEVICES=0,1` to load the model, but only the first one gpu working", "vLLM only
        # uses one GPU", "vllm ... only one GPU is used". A line that names the engine, or that made several GPUs
        # visible, and says one alone works.
        # Not a line that already sets tensor parallelism ("only GPU 0 is used even with tensor parallel over 2 GPUs":
        # there the log or the question is about something else).
        patterns=(_NO_TP + r"[^\n]{0,300}?CUDA_VISIBLE_DEVICES`? ?=? ?`?\d(?:, ?\d){1,7}\b[^\n]{0,160}?\b" + _ONE_GPU,
                  _NO_TP + r"(?=[^\n]{0,300}?" + _ENGINE + r")[^\n]{0,300}?\b" + _ONE_GPU,
                  _NO_TP + r"[^\n]{0,300}?" + _ENGINE + r"[^\n]{0,60}?\bonly (?:uses|using|used|utili[sz]es|runs on|loads (?:it )?(?:on|to|into)) "
                  r"(?:one|1|a single|the first) (?:gpu|GPU|card)\b",
                  # "vllm部署时如何使用多卡加载模型，使用CUDA_VISIBLE_DEVICES=0,1还是只有一张卡load了"
                  _NO_TP + r"[^\n]{0,300}?" + _ENGINE_ZH + r"[^\n]{0,200}?" + _ONE_GPU_ZH,
                  # "vllm is not using all the GPUs", "I don't think vLLM is using both GPUs"
                  _NO_TP + r"[^\n]{0,300}?" + _ENGINE + r" (?:is not|isn't|was not|wasn't|does not|doesn't|did not|"
                  r"didn't) (?:using|use|utili[sz]ing|utili[sz]e) (?:all|both) (?:of )?(?:the |my |our )?"
                  r"(?:\d{1,2} )?(?:gpus|GPUs|cards)\b",
                  _NO_TP + r"[^\n]{0,300}?\b(?:[Dd]on't|[Dd]o not) (?:think|believe) (?:that )?" + _ENGINE + r" (?:is|was) "
                  r"(?:using|utili[sz]ing) (?:all|both) (?:of )?(?:the |my |our )?(?:\d{1,2} )?(?:gpus|GPUs|cards)\b"),
        severity="warn",
        cause=("The description suggests the serving engine put the model on one GPU of several: vLLM and SGLang use "
               "one GPU unless told to spread the model (CUDA_VISIBLE_DEVICES only makes GPUs visible, and a "
               "framework's device_map or max_memory is not read by the vLLM back end)."),
        advice=("Start the engine with the number of GPUs to shard over: `vllm serve MODEL --tensor-parallel-size 2` "
                "(tensor_parallel_size=2 in LLM(...); SGLang `--tp-size 2`), a divisor of the model's attention heads "
                "and at most the GPUs CUDA_VISIBLE_DEVICES shows; for copies of a small model on each GPU run one "
                "server per GPU (or --data-parallel-size) instead."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/3525", "https://github.com/vllm-project/vllm/issues/17854",
                 VLLM_DISTRIBUTED),
        checked="2026-11-27",
        examples=("vllm/vllm-3525-two-visible-gpus-only-first-used.txt",),
    ),
)
