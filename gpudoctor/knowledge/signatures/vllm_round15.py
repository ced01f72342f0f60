"""TensorRT-LLM engines asked for more than they were built for (rows of the vllm area, joined into vllm.SIGNATURES).

Written blind for issue 25 (round fifteen of the row writers). A TensorRT-LLM engine fixes its limits when it is built
(trtllm-build's, or the older examples' build.py's, --max_batch_size, --max_input_len / --max_seq_len and
--max_num_tokens, the tokens one forward step may hold when remove_input_padding packs the batch): the runtime, the
executor behind Triton's tensorrtllm backend and the benchmarks refuse a batch, prompt or request beyond them, each in
its own words. The fix is a rebuild with larger limits (or chunked context, which splits long prompts into steps of
max_num_tokens), or requests that stay within them; the GPU and its driver are not involved.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.trtllm-request-beyond-engine-limits",
        cause_id="trtllm-engine-build-limits",
        kinds=("any",),
        patterns=(
            # the C++ benchmarks (gptSessionBenchmark) before running a batch
            r"The engine is built with remove_input_padding=True and max_num_tokens=(?P<max_tokens>\d{1,9}), while "
            r"trying to benchmark on (?P<tokens>\d{1,9}) tokens",
            # the Python runtime (tensorrt_llm/runtime/generation.py) when a tensor falls outside the engine's profile
            r"Couldn't assign (?P<tensor>\w{1,40}) with shape torch\.Size\(\[[\d, ]{1,40}\]\), engine supports "
            r"\[min, opt, max\]",
            # the executor (Triton's tensorrtllm backend, trtllm-serve) refusing one request
            r"Input length \((?P<input>\d{1,9})\) \+ max new tokens \((?P<new>\d{1,9})\) \+ draft tokens \(\d{1,9}\) "
            r"must be less than max sequence length \((?P<max_seq>\d{1,9})\)",
        ),
        severity="fail",
        cause=("The TensorRT-LLM engine was asked for more than it was built for (its max_batch_size, max_input_len / "
               "max_seq_len or max_num_tokens), so the runtime refused the batch or request."),
        advice=("Rebuild the engine with limits that cover the work: `trtllm-build ... --max_batch_size B "
                "--max_input_len I --max_seq_len S --max_num_tokens T` (T at least the tokens of one step: batch size x "
                "input length without chunked context), or enable chunked context (build with --use_paged_context_fmha "
                "enable, enable_chunked_context in the runtime or Triton's config) so long prompts are split; "
                "otherwise keep the requests within the engine: fewer sequences per batch than max_batch_size, "
                "shorter prompts, or a max_tokens that keeps input plus new tokens below max_seq_len."),
        action="configure",
        rules_out=("a GPU, driver or memory fault",),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1666", "https://github.com/NVIDIA/TensorRT-LLM/issues/176",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/2494"),
        checked="2026-11-26",
        examples=("vllm/tensorrtllm-1666-engine-max-num-tokens-below-benchmark.txt",
                  "vllm/tensorrtllm-176-batch-above-engine-profile.txt"),
    ),
)
