"""Serving add-ons and inference engines' own refusals on the GPUs people have (rows of the vllm area, joined into
vllm.SIGNATURES).

Written blind for issue 25 (round fourteen of the row writers). LMCache's vLLM connector (its KV-cache offload and
sharing layer, started with `--kv-transfer-config '{"kv_connector":"LMCacheConnector",...}'`) reads the attention
metadata of vLLM's FlashAttention backend only and asserts on any other; vLLM picks FlashAttention only on Ampere
(compute capability 8.0) and newer GPUs, so on a V100, T4 or RTX 20 the engine starts with another backend and the
first request fails.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LMCACHE_VLLM = "https://docs.lmcache.ai/getting_started/quickstart/index.html"

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
)
