"""Issue 25 (helper w39g): in a text that runs vLLM, a person saying the model runs on one GPU of several.

vLLM places a model on one GPU unless --tensor-parallel-size (tensor_parallel_size in LLM(...)) says how many to shard
it over; CUDA_VISIBLE_DEVICES listing several GPUs only makes them visible. People then start the server with five or
eight GPUs visible, see it run out of memory on GPU 0 (a 72B model does not fit one card) and ask why it "only runs on
card 0". vllm_w24b.py reads the same words where the engine is named on the line; this row reads them where the
text's other lines run vLLM (its server command, its Python API: the "vllm" context). Where it matches, it refines
cuda.out-of-memory: every out-of-memory match of the text becomes its evidence (a context row's refines reach the whole
text), since the cure is the parallel size, not a smaller model. Its lookahead sees only the person's own line: a
--tensor-parallel-size on the launch line does not stop it (a pattern reads one logical line), so the advice says to
check the parallel size the server was started with rather than assume it was absent (rev39c).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VLLM_DISTRIBUTED = "https://docs.vllm.ai/en/latest/serving/distributed_serving.html"

# A line that already sets tensor parallelism is about something else (a person's words may follow a long exception
# message they were joined to, hence the reach).
_NO_TP = r"^(?![^\n]{0,400}?(?:[Tt]ensor[-_ ][Pp]arallel|--tp\b|tp[-_]size|TP ?=|-tp ))"
# "只能在0号卡上运行", "只能在一张卡上运行", "只在第一张卡上跑", "只有0号卡被占用"
_ZH_ONE = (r"(?:只能|只会|只在|只有|仅在|仅)在?(?:一张卡|一张显卡|一块卡|一块显卡|一个GPU|一个gpu|单卡上|单卡运行|0号卡|"
           r"第一张卡)上?(?:运行|跑|加载|load|被占用|有占用|工作|使用)(?!不)")  # not "只有一张卡跑不动" (can't run)
# "it only runs on GPU 0", "only loads onto the first GPU", "it uses only GPU 0"
_EN_ONE = (r"\bonly (?:runs?|running|ran|loads?|loading|loaded|works?|working) (?:on|onto|to|into) (?:the first GPU|the first "
           r"gpu|one GPU|one gpu|a single GPU|GPU ?0|gpu ?0|cuda:0|device 0)\b"
           r"|\b(?:uses?|using|used) only (?:the first GPU|the first gpu|one GPU|one gpu|GPU ?0|gpu ?0|cuda:0)\b")

# cuda.out-of-memory's line for PyTorch's allocator, as that row writes it
_OOM = r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. | \()GPU (?P<gpu>\d+)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.runs-on-one-gpu-described",
        described=True,
        contexts=("vllm",),
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # The out-of-memory on GPU 0 is the whole model on one card: in this context the cure is the parallel size,
        # and the words may be joined to that exception's message (cuda.out-of-memory's line, narrowed by them).
        refines=("cuda.out-of-memory",),
        patterns=(_NO_TP + r"[^\n]{0,1500}?" + _ZH_ONE,
                  _NO_TP + r"[^\n]{0,1500}?(?:" + _EN_ONE + r")",
                  _OOM + r"[^\n]{0,1500}?(?:" + _ZH_ONE + r"|" + _EN_ONE + r")"),
        severity="warn",
        cause=("The description, beside a vLLM launch, suggests the engine put the whole model on one GPU of several: "
               "vLLM uses one GPU unless told how many to shard the model over (CUDA_VISIBLE_DEVICES only makes GPUs "
               "visible), so a model too large for one card runs out of memory on GPU 0 while the others stay idle."),
        advice=("Start vLLM with the number of GPUs to shard over, or check the one it was started with: `vllm serve "
                "MODEL --tensor-parallel-size 4` (python -m "
                "vllm.entrypoints.openai.api_server ... --tensor-parallel-size 4; tensor_parallel_size=4 in LLM(...)), "
                "a divisor of the model's attention heads and at most the GPUs CUDA_VISIBLE_DEVICES shows; add "
                "--pipeline-parallel-size for more GPUs than that, or one server per GPU for copies of a small model."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/QwenLM/Qwen3/issues/187", "https://github.com/vllm-project/vllm/issues/3525",
                 VLLM_DISTRIBUTED),
        checked="2026-11-27",
        examples=("vllm/qwen3-187-vllm-five-gpus-only-gpu0-oom.txt",),
    ),
)
