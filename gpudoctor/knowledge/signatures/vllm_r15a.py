"""Parallel layouts a model cannot be split into, model downloads Hugging Face refuses (rows of the vllm area, joined
into vllm.SIGNATURES).

Written for issue 25 (round fifteen, r15a), from threads outside the held-out sets. Tensor parallelism splits a model's
attention heads (and hidden size) evenly over the GPUs, and expert parallelism its MoE experts: DeepSpeed's inference
engine, vLLM's MoE models and the smaller training stacks each refuse a size that does not divide them, in their own
words, beside the rows that already read vLLM's and Megatron's lines (vllm.heads-not-divisible-by-tp,
vllm.kv-heads-not-divisible-by-tp, nccl.megatron-world-size-not-divisible). The fix is a size that divides the count,
not a GPU or driver change. Hugging Face answers a download of a gated model without a token that has been granted
access with 401 or 403 (huggingface_hub's HTTPError line, or the reason the Hub gives), which the serving engines print
before anything touches a GPU.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.model-not-divisible-by-parallel-size",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # DeepSpeed's AutoTP (module_inject): "num_heads (52) must be divisible by mp_size (8)", the same for
            # hidden_size, num_key_value_heads, n_heads, inner_dim
            r"(?P<what>\w{1,40}) \((?P<count>\d{1,7})\) must be divisible by mp_size \((?P<size>\d{1,4})\)",
            # DeepSpeed's kernel-injected inference (replace_with_kernel_inject=True)
            r"attention_heads require to be divisible by the world_size",
            # DeepSpeed's MoE layer (deepspeed/moe/layer.py) and the stacks that copied it
            r"[Nn]umber of (?:routed )?experts \((?P<experts>\d{1,6})\) (?:should|must) be divisible by expert parallel "
            r"size \((?P<ep>\d{1,4})\)",
            r"Expert count (?P<experts2>\d{1,6}) is not divisible by expert parallel size (?P<ep2>\d{1,4})",
            # an MoE model's own check of its (physical) experts against the expert- or tensor-parallel size
            r"experts\W{0,3}(?P<experts3>\d{1,6})\)? (?:must|should) be divisible by (?:ep_size|tp_size)\b",
            # IBM's foundation-model-stack (fms/modules/attention.py)
            r"[Tt]he number of heads must be divisible by world size", r"Hidden dim must be divisible by world size",
        ),
        severity="fail",
        cause=("The model cannot be split over this many GPUs: tensor parallelism divides its attention heads (and "
               "hidden size), expert parallelism its MoE experts, evenly among the ranks, and the count is not a "
               "multiple of the parallel size asked for."),
        advice=("Choose a tensor-parallel size that divides the model's attention heads (num_attention_heads and "
                "num_key_value_heads in its config.json): DeepSpeed's tensor_parallel tp_size / mp_size and the "
                "number of ranks it launches (--num_gpus, torchrun --nproc_per_node), vLLM's --tensor-parallel-size, "
                "e.g. 4 or 8 GPUs for 32 heads, not 3 or 6; for an MoE model choose an expert-parallel size (ep_size; "
                "in vLLM with --enable-expert-parallel the tensor- times data-parallel size) that divides its number "
                "of experts, or add redundant experts (vLLM's num_redundant_experts) until it does. Select those GPUs "
                "with CUDA_VISIBLE_DEVICES; to use more GPUs add pipeline parallelism, which splits layers instead."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepspeedai/DeepSpeed/pull/2891",
                 "https://github.com/deepspeedai/DeepSpeed/issues/1192",
                 "https://github.com/foundation-model-stack/foundation-model-stack/issues/274",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked="2026-11-26",
        examples=("vllm/fms-274-nheads-world-size-tp-ranks.txt",),
    ),
    Signature(
        code="vllm.hf-download-refused",
        cause_id="hf-gated-repo-no-access",  # TAXONOMY's id for it, no false alarm: the run fails (w39f)
        kinds=("any",),
        patterns=(
            # huggingface_hub's hf_raise_for_status, as requests words it, for a file or the model's API page
            r"\b40[13] Client Error: (?:Unauthorized|Forbidden) for url: https?://huggingface\b",
            # the reason the Hub gives (X-Error-Message), quoted by GatedRepoError and transformers' OSError
            r"Access to model \S{1,200} is restricted\b", r"Repo model \S{1,200} is gated\b",
            r"is restricted and you are not in the authorized list",
            r"Your request to access model \S{1,200} (?:is awaiting a review|has been rejected)",
        ),
        severity="info",
        cause=("Hugging Face refused to hand out the model's files (401/403): it is a gated model whose licence this "
               "account has not accepted or been granted, or the token that reached the process lacks that access "
               "(no token, or a fine-grained token without access to gated repos), or, for a 401, the model id names "
               "no repository this token can see; the GPUs are not involved."),
        advice=("Check the model id, then open the model's page on huggingface.co with the account you use and "
                "accept its licence (request access, and wait for the grant); give the process that downloads a "
                "token of that account: `huggingface-cli login` (`hf auth login`) as the user that runs it, or "
                "HF_TOKEN in its environment (`-e HF_TOKEN=…` for a container); a fine-grained token needs read "
                "access to the public gated repos you can access."),
        action="configure",
        rules_out=("a GPU, driver or memory fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/huggingface/huggingface_hub/issues/2844",
                 "https://huggingface.co/docs/hub/models-gated"),
        checked="2026-11-26",
        examples=("vllm/hfhub-2844-fine-grained-token-403-gated.txt",),
    ),
)
