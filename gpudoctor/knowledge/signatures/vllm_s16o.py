"""Issue 25, sixteenth wave (written blind): rows read from the format strings vLLM's own source prints.

Each pattern follows the message where the code raises it (file named beside the row), with its fields as bounded
groups and the wordings older releases printed, so that it reads any thread that hits the same failure path; the
cause is the condition the code tests.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

QWEN3_FP8 = "https://qwen.readthedocs.io/en/latest/deployment/vllm.html"

SIGNATURES: tuple[Signature, ...] = (
    # vllm/model_executor/layers/quantization/utils/fp8_utils.py validate_fp8_block_shape and fp8.py create_weights:
    # with tp_size > 1 each rank's shard of a block-quantized (128x128) FP8 weight must be a whole number of blocks.
    Signature(
        code="vllm.fp8-block-shard-not-divisible",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            r"(?P<what>input_size_per_partition|output_partition_size|output_size_per_partition|output_size of gate's "
            r"and up's weight|input_size of down's weight) = (?P<size>\d{1,7}) is not divisible by\s{1,4}weight "
            r"quantization block_(?P<dim>[nk]) = (?P<block>\d{1,5})",
        ),
        severity="fail",
        cause=("The checkpoint is FP8 block-quantized ({block}-wide blocks) and the tensor-parallel size splits a "
               "weight so that each GPU's share ({size}) is not a whole number of quantization blocks, so every "
               "worker refuses to load it."),
        advice=("Lower --tensor-parallel-size until each shard is a multiple of {block} (e.g. 4 instead of 8, with "
                "--pipeline-parallel-size or data parallel for the other GPUs), or for a MoE model add "
                "--enable-expert-parallel so the experts are split whole instead of sliced."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=(QWEN3_FP8, "https://github.com/vllm-project/vllm/issues/17569",
                 "https://github.com/vllm-project/vllm/issues/42384",
                 "https://github.com/sgl-project/sglang/issues/10641"),
        checked="2026-11-27",
        examples=("vllm/vllm-17569-fp8-block-n-gate-up-tp8.txt", "vllm/vllm-42384-deepseek-v4-tp16-block-k.txt",
                  "vllm/sglang-10641-fp8-block-n-64-deepseek.txt"),
    ),
    # vllm/attention/backends/*.py (2024: "Head size {n} is not supported by PagedAttention. Supported head sizes
    # are: [...]"; 2025: "... by {Backend}. ... Set VLLM_ATTENTION_BACKEND=FLEX_ATTENTION ..."), vllm 0.1
    # ("head_size ({n}) is not supported. Supported head sizes: [...]") and the kernel's own check in
    # csrc/attention/attention_kernels.cu ("Unsupported head size: {n}").
    Signature(
        code="vllm.attention-head-size-unsupported",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(
            r"\bHead size (?P<head>\d{1,4}) is not supported by (?P<backend>\w{2,40})\. Supported head sizes",
            r"\bhead_size \((?P<head>\d{1,4})\) is not supported\. Supported head sizes",
            r"\bUnsupported head size:? (?P<head>\d{1,4})\b",
        ),
        severity="fail",
        cause=("The model's attention head size ({head}) is not one the selected attention kernels were built for, "
               "so vLLM cannot run its attention."),
        advice=("Pick an attention backend that supports the head size: on recent vLLM set "
                "VLLM_ATTENTION_BACKEND=FLEX_ATTENTION (it supports all head sizes) or TRITON_ATTN; on an old release "
                "upgrade vLLM, or add the size to the kernel's cases and rebuild from source."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/1455",
                 "https://github.com/vllm-project/vllm/issues/22193"),
        checked="2026-11-27",
        examples=("vllm/vllm-1455-unsupported-head-size-32.txt", "vllm/vllm-22193-head-size-40-mlacommon.txt"),
    ),
)

SIGNATURES += (
    # vllm/transformers_utils/config.py get_config: transformers' AutoConfig refused the model's own code ("requires
    # you to execute the configuration file") while trust_remote_code was off; vLLM re-raises it as this RuntimeError,
    # which API clients (LiteLLM, FastChat) quote without the transformers line beneath.
    Signature(
        code="vllm.model-config-needs-trust-remote-code",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(
            r"Failed to load the model config\. If the model is a custom model not yet available in the HuggingFace "
            r"transformers library",
        ),
        severity="fail",
        cause=("vLLM could not load the model's configuration: the model ships its own configuration code, and "
               "trust_remote_code was off where vLLM loaded it."),
        advice=("If you trust the model's code, allow it where vLLM loads the model: `vllm serve MODEL "
                "--trust-remote-code`, or trust_remote_code=True on vllm.LLM / the engine arguments (a wrapper such as "
                "LiteLLM or FastChat must pass it through to vLLM)."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/pull/405", "https://github.com/BerriAI/litellm/issues/4600"),
        checked="2026-11-27",
        examples=("vllm/litellm-4600-vllm-failed-to-load-model-config.txt",),
    ),
)

# SGLang (python/sglang/srt): its own model registry and its tokenizer manager's request checks.
SIGNATURES += (
    # sglang/srt/models/registry.py (model_runner.py before 2025) load_model_cls: the checkpoint's architecture is not
    # in this release's registry.
    Signature(
        code="vllm.sglang-architecture-unsupported",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(r"\bUnsupported architectures: \[?'?(?P<architecture>\w{2,80})'?\]?\. Supported list: ",),
        severity="fail",
        cause=("This SGLang release has no implementation of the model's architecture ({architecture}): it is not in "
               "the release's own list of supported architectures."),
        advice=("Upgrade SGLang to a release that supports {architecture} (its supported-models page lists them), or "
                "serve the model with an engine that does (vLLM, or SGLang's Transformers fallback "
                "--model-impl transformers where the release has it); check that the checkpoint is the one meant (a "
                "vision or base variant has another architecture)."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/1331", "https://github.com/sgl-project/sglang/issues/467",
                 "https://docs.sglang.ai/supported_models/generative_models.html"),
        checked="2026-11-27",
        examples=("vllm/sglang-1331-chatglm-conditional-generation-unsupported.txt",),
    ),
    # sglang/srt/managers/tokenizer_manager.py _validate_one_request: a prompt longer than the served context length
    # (its 400 answer, quoted by clients with the quote escaped), and the longer request than max_req_input_len, the
    # smaller of the context length and what the KV cache pool holds.
    Signature(
        code="vllm.sglang-input-longer-than-context",
        cause_id="context-window-exceeded",
        kinds=("any",),
        patterns=(
            r"The input \((?P<tokens>\d{1,9}) tokens\) is longer than the model\\{0,2}['\u2019]s context length "
            r"\((?P<context>\d{1,9}) tokens\)",
            r"\bInput length \((?P<tokens>\d{1,9}) tokens\) exceeds the maximum allowed length \((?P<context>\d{1,9}) "
            r"tokens\)",
        ),
        smaller=(("context", "tokens"),),
        severity="fail",
        cause=("The request holds {tokens} tokens, more than the server allows ({context}): SGLang caps a request at "
               "the context length it serves (--context-length, else the model's config) and at what its KV cache "
               "pool can hold, and refuses anything longer."),
        advice=("Send a shorter input (fewer documents or less history), or serve a longer context: raise "
                "--context-length (with the model's rope scaling for long texts, as its card says) and give the KV "
                "cache room for it (a higher --mem-fraction-static, more GPUs with --tp); SGLang can also cut inputs "
                "itself with --allow-auto-truncate."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenLM/Qwen3/issues/1321", "https://github.com/sgl-project/sglang/issues/4048"),
        checked="2026-11-27",
        examples=("vllm/qwen3-1321-sglang-input-longer-than-context.txt",
                  "vllm/sglang-4048-input-exceeds-max-allowed-length.txt"),
    ),
)

