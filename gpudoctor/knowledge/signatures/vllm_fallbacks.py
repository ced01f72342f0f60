"""vLLM and the engines beside it: what a release, the GPU or an engine's defaults do not provide.

Written blind for issue 25 (seventh wave of row writers). vLLM resolves a model's architecture in its registry and,
failing that, tries the model's Transformers class as a fallback (vllm/model_executor/model_loader/utils.py,
resolve_transformers_arch); when the class cannot run under vLLM it raises "X has no vLLM implementation and the
Transformers implementation is not compatible with vLLM". LMDeploy's TurboMind engine reserves a share of the free GPU
memory for its KV cache up front (cache_max_entry_count) and reports CUDA failures as "[TM][ERROR] CUDA runtime error".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")
_SUPPORTED_MODELS = "https://docs.vllm.ai/en/latest/models/supported_models.html"

FALLBACK_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.no-native-or-transformers-implementation",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(
            r"(?P<architecture>\w{1,80}) has no vLLM implementation and the Transformers implementation is not "
            r"compatible with vLLM",
        ),
        severity="fail",
        cause=("This vLLM release has no implementation of the architecture {architecture}, and its fallback through "
               "the model's Transformers class cannot run it either."),
        advice=("Check vLLM's supported-models list for {architecture} and the task you run (--task/--runner): upgrade "
                "vLLM to a release that lists it (`pip install -U vllm`, or a newer vllm/vllm-openai image); where the "
                "message adds 'Try setting VLLM_USE_V1=0', that release supports it on the V0 engine only."),
        action="configure",
        rules_out=("a driver or GPU fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("--trust-remote-code",),
        sources=("https://github.com/vllm-project/vllm/issues/18516", "https://github.com/vllm-project/vllm/issues/16146",
                 _SUPPORTED_MODELS),
        checked="2026-11-26",
        examples=("vllm/vllm-18516-qwen25-omni-no-vllm-implementation.txt",
                  "vllm/vllm-16146-bertformaskedlm-no-native-impl.txt"),
    ),
    Signature(
        code="vllm.tgi-flash-attention-capability",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # text-generation-inference's flash-attention import check (server/text_generation_server/utils/flash_attn.py):
        # "GPU with CUDA capability M N is not supported [for Flash Attention V2]"; alone it is a warning (TGI goes on
        # with the non-flash model), fatal only for models that need flash attention (sharded ones, a row of its own)
        patterns=(
            r"GPU with CUDA (?:is )?capability (?P<major>\d{1,2}) (?P<minor>\d) is not supported",
        ),
        severity="warn",
        cause=("This GPU (compute capability {major}.{minor}) is below what text-generation-inference's flash-attention "
               "kernels need (7.5 for the first version, 8.0 for Flash Attention V2), so TGI cannot use its flash "
               "models here."),
        advice=("On its own this is a warning: TGI serves the non-flash version of the model on one GPU. Models that "
                "need flash attention (sharded with --num-shard, and most newer ones) need GPUs of compute capability "
                "8.0 or newer (Ampere); on this GPU run the model unsharded on one GPU, or serve it with vLLM."),
        action="configure",
        rules_out=("the host's CUDA version", "a driver fault"),
        never_suggest=_NEVER_DRIVER + ("install the CUDA toolkit",),
        sources=("https://github.com/huggingface/text-generation-inference/issues/398",
                 "https://github.com/MiuLab/Taiwan-LLM/issues/33"),
        checked="2026-11-26",
        examples=("vllm/tgi-398-v100-flash-capability-7-0.txt", "vllm/taiwan-llm-33-sharded-llama-needs-flash.txt"),
    ),
    Signature(
        code="vllm.fp8-scaled-mm-needs-ada",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # PyTorch's _scaled_mm (aten/src/ATen/native/cuda/Blas.cpp), the FP8 matrix product that vLLM's FP8 linear
        # layers and ComfyUI's "fp8_e4m3fn_fast" weights call; the 2.1-2.3 wording said only ">= 9.0"
        patterns=(
            r"_scaled_mm is only supported on (?:CUDA )?devices with compute capability >= 9\.0",
        ),
        severity="fail",
        cause=("An FP8 matrix product (torch._scaled_mm) was asked of a GPU without FP8 tensor cores: it needs compute "
               "capability 8.9 or newer (RTX 40-series, L4/L40, H100)."),
        advice=("Run without FP8 matrix products on this GPU: in ComfyUI nodes choose the FP8 weight dtype without "
                "'_fast' (fp8_e4m3fn) or bf16/fp16 weights; in vLLM use a BF16, AWQ or GPTQ checkpoint, or a vLLM "
                "release that runs FP8 checkpoints weight-only through Marlin on Ampere (`pip install -U vllm`)."),
        action="configure",
        rules_out=("the driver", "the CUDA toolkit", "cuDNN"),
        never_suggest=_NEVER_DRIVER + ("install the CUDA toolkit", "cudnn"),
        sources=("https://github.com/kijai/ComfyUI-HunyuanVideoWrapper/issues/98",
                 "https://github.com/kijai/ComfyUI-PyramidFlowWrapper/issues/43",
                 "https://github.com/vllm-project/vllm/issues/6815"),
        checked="2026-11-26",
        examples=("vllm/hunyuanvideowrapper-98-scaled-mm-fp8-fast-3090ti.txt",
                  "vllm/pyramidflowwrapper-43-scaled-mm-fp8-fast-3050.txt"),
    ),
    Signature(
        code="vllm.lmdeploy-turbomind-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # TurboMind's check_cuda_error (src/turbomind/utils/cuda_utils.h) for cudaErrorMemoryAllocation, at the
        # allocator or memory_utils.cu; TurboMind reserves its KV cache before the model's other buffers
        patterns=(r"\[TM\]\[ERROR\] CUDA runtime error: out of memory (?P<where>\S{1,200})",),
        severity="fail",
        cause=("LMDeploy's TurboMind engine ran out of GPU memory ({where}): it reserves a share of the free memory "
               "for its KV cache up front (cache_max_entry_count, 0.8 by default), leaving too little for the "
               "weights, a vision encoder or the batch."),
        advice=("Lower the KV cache share: `lmdeploy serve api_server MODEL --cache-max-entry-count 0.5` (0.2 for "
                "large models or vision-language models), or TurbomindEngineConfig(cache_max_entry_count=0.5) in a "
                "pipeline; shorten --session-len, or use --tp 2 to spread the model over two GPUs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/InternLM/lmdeploy/issues/2236", "https://github.com/InternLM/lmdeploy/issues/978",
                 "https://huggingface.co/OpenGVLab/InternVL-Chat-V1-5-AWQ/discussions/2"),
        checked="2026-11-26",
        examples=("vllm/lmdeploy-2236-turbomind-oom-memory-utils.txt",),
        refines=("cuda.out-of-memory",),
    ),
)
