"""Issue 25 (helper w40e): vLLM run out of memory on one GPU while the launch made several visible.

`CUDA_VISIBLE_DEVICES=0,1,2,3,4 python3 -m vllm.entrypoints.openai.api_server --model Qwen1.5-72B-Chat` without
--tensor-parallel-size loads the whole model onto GPU 0 and runs out of memory there (Qwen3#187, vllm#4417): the GPUs
were made visible, not used. vllm_w39g.py reads the person's "it only runs on card 0"; the row here reads PyTorch's
out-of-memory line itself where the launch line of the same text (the "vllm-several-gpus-visible" context) names several
GPUs and no tensor-parallel size, and takes the place of cuda.out-of-memory there.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VLLM_DISTRIBUTED = "https://docs.vllm.ai/en/latest/serving/distributed_serving.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.oom-gpus-visible-without-tp",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        contexts=("vllm-several-gpus-visible",),
        refines=("cuda.out-of-memory",),
        # cuda.out-of-memory's PyTorch lines
        patterns=(
            r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. | \()GPU (?P<gpu>\d+)",
            r"(?:Runtime|OutOfMemory)Error: CUDA out of memory\b(?!\. Tried)",
        ),
        severity="fail",
        cause=("vLLM ran out of GPU memory on one GPU although the launch made several visible: without "
               "--tensor-parallel-size it loads the whole model onto the first GPU, and CUDA_VISIBLE_DEVICES only "
               "makes the others visible."),
        advice=("Start vLLM with --tensor-parallel-size N (tensor_parallel_size=N in LLM(...)), N the number of GPUs "
                "to shard over and a divisor of the model's attention heads (2, 4, 8): `CUDA_VISIBLE_DEVICES=0,1,2,3 "
                "vllm serve MODEL --tensor-parallel-size 4`; where a model's layers do not divide, add "
                "--pipeline-parallel-size. If the command already passes it on a continued line, the model does not "
                "fit even sharded: use more GPUs or a quantized checkpoint."),
        action="configure",
        rules_out=("a driver fault", "a GPU too small for the model when sharded"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenLM/Qwen3/issues/187", "https://github.com/vllm-project/vllm/issues/4417",
                 VLLM_DISTRIBUTED),
        checked="2026-11-28",
        examples=("vllm/qwen3-187-vllm-five-gpus-only-gpu0-oom.txt",),
    ),
)
