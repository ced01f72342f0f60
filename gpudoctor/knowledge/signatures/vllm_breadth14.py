"""Serving add-ons and inference engines' own refusals on the GPUs people have (rows of the vllm area, joined into
vllm.SIGNATURES).

Written blind for issue 25 (round fourteen of the row writers). LMCache's vLLM connector (its KV-cache offload and
sharing layer, started with `--kv-transfer-config '{"kv_connector":"LMCacheConnector",...}'`) reads the attention
metadata of vLLM's FlashAttention backend only and asserts on any other; vLLM picks FlashAttention only on Ampere
(compute capability 8.0) and newer GPUs, so on a V100, T4 or RTX 20 the engine starts with another backend and the
first request fails. Models with attention sinks (gpt-oss) need an attention backend that implements them: vLLM's
backend selector (0.11+, vllm/platforms/cuda.py) refuses a forced backend that lacks them ("Selected backend X is not
valid for this configuration. Reason: [...]", raised) or finds none ("No valid attention backend found for cuda with
... Reasons: {...}"), while its "Some attention backends are not valid" line is printed in healthy runs that found
one; the early vllm/vllm-openai:gptoss image asserted "Sinks are only supported in FlashAttention 3" off Hopper.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LMCACHE_VLLM = "https://docs.lmcache.ai/getting_started/quickstart/index.html"
ATTENTION_BACKENDS = "https://docs.vllm.ai/en/latest/design/attention_backends/"

BREADTH14_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.lmcache-needs-flash-attention",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # LMCache's vLLM adapter asserting on the attention metadata it was given ("AssertionError('Only FlashAttention
        # backend is supported for now.')" in vLLM's engine log, or the bare AssertionError in a traceback).
        patterns=(r"Only FlashAttention backend is supported for now",),
        severity="fail",
        cause=("LMCache's vLLM connector supports vLLM's FlashAttention backend only, and vLLM chose another backend "
               "(XFormers, Triton) because this GPU is older than Ampere (compute capability below 8.0) or a backend "
               "was forced with VLLM_ATTENTION_BACKEND."),
        advice=("Run vLLM with LMCache on an Ampere-or-newer GPU (compute capability 8.0+, `nvidia-smi "
                "--query-gpu=name,compute_cap --format=csv`) where vLLM selects FlashAttention, and leave "
                "VLLM_ATTENTION_BACKEND unset; on a V100, T4 or RTX 20 start vLLM without the LMCache "
                "--kv-transfer-config (KV offload is then unavailable on that GPU)."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/LMCache/LMCache/issues/412", LMCACHE_VLLM),
        checked="2026-11-26",
        examples=("vllm/lmcache-412-t4-only-flashattention-backend.txt",),
    ),
    Signature(
        code="vllm.attention-backend-lacks-sinks",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        patterns=(r"Sinks are only supported in FlashAttention 3",
                  # the selector's refusal of a forced backend, its reason on the same or the next line
                  r"is not valid for this configuration\.? ?Reason: \['(?:attention sinks|sink setting) not supported'",
                  r"^Reason: \['(?:attention sinks|sink setting) not supported'\]",
                  # no backend at all for a model with sinks on this GPU
                  r"No valid attention backend found for \w{2,10} with [^\n]{0,1500}?(?:attention sinks|sink setting) not "
                  r"supported"),
        severity="fail",
        cause=("The model uses attention sinks (gpt-oss), and the attention backend vLLM was told to use, or every one it "
               "has for this GPU, cannot compute them: FlashInfer and FlashAttention 2 lack sinks, FlashAttention 3 "
               "runs on Hopper only."),
        advice=("Do not force a backend for gpt-oss: unset VLLM_ATTENTION_BACKEND and drop --attention-backend "
                "FLASHINFER so vLLM picks one with sinks for this GPU (FlashAttention 3 on Hopper, its Triton backend "
                "on Ampere, Ada and RTX 50 / RTX PRO 6000), or set VLLM_ATTENTION_BACKEND=TRITON_ATTN "
                "(TRITON_ATTN_VLLM_V1 in vLLM 0.10.x and the vllm/vllm-openai:gptoss image); where no backend is "
                "valid, upgrade vLLM (and flashinfer to 0.6.16 or later on RTX 50 / RTX PRO 6000); below compute "
                "capability 8.0 vLLM has no gpt-oss path: serve it with llama.cpp or Ollama."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "lower gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/22331",
                 "https://github.com/Dao-AILab/flash-attention/pull/2336",
                 "https://github.com/vllm-project/vllm/issues/40153", "https://github.com/vllm-project/vllm/issues/28589",
                 "https://github.com/flashinfer-ai/flashinfer/issues/4070", ATTENTION_BACKENDS),
        checked="2026-11-26",
        examples=("vllm/vllm-22331-gptoss-image-sinks-fa3-rtx4090.txt",
                  "vllm/flashattention-2336-gpt-oss-sinks-flashinfer-rejected.txt"),
    ),
)
