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
Triton Inference Server loads each model through the backend its config.pbtxt names, from
/opt/tritonserver/backends/<name>/ (libtriton_<name>.so, or model.py for Python-based ones); NVIDIA's images ship
different sets (the trtllm-python-py3 image has tensorrtllm and python, vllm-python-py3 has vllm, the base py3 image
the framework backends), tensorrtllm_backend's model repository is a template that tools/fill_template.py fills, and
libtriton_tensorrtllm.so is built against one TensorRT-LLM release. SGLang checks a chosen --attention-backend
against the GPU's SM version at start-up (server_args.py, model_runner.py) and names the backends it accepts.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LMCACHE_VLLM = "https://github.com/LMCache/LMCache"
ATTENTION_BACKENDS = "https://docs.vllm.ai/en/latest/design/attention_backends/"
TRITON_CONTAINERS = "https://docs.nvidia.com/deeplearning/triton-inference-server/release-notes/"
TRTLLM_BACKEND = "https://github.com/triton-inference-server/tensorrtllm_backend#prepare-the-model-repository"

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
    Signature(
        code="vllm.triton-model-config-template-unfilled",
        cause_id="inference-server-backend-missing",
        kinds=("any",),
        # model_repository_manager / model_lifecycle: the backend field read literally from an unfilled template
        patterns=(r"unable to find backend library for backend '\$\{(?P<placeholder>\w{1,40})\}'",),
        severity="fail",
        cause=("The model's config.pbtxt still holds the template placeholder ${{placeholder}}, so Triton looks for a "
               "backend of that literal name: the model repository was copied from tensorrtllm_backend's templates "
               "without filling them."),
        advice=("Fill the templates before starting the server: `python3 tools/fill_template.py -i "
                "triton_model_repo/tensorrt_llm/config.pbtxt triton_backend:tensorrtllm,engine_dir:...,...` for each "
                "model of the repository (preprocessing, postprocessing, tensorrt_llm_bls, ensemble too), or write "
                "`backend: \"tensorrtllm\"` in tensorrt_llm/config.pbtxt; grep the repository for '${' to find the rest."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1995",
                 "https://github.com/triton-inference-server/tensorrtllm_backend/issues/526", TRTLLM_BACKEND),
        checked="2026-11-26",
        examples=("vllm/tensorrt-llm-1995-triton-backend-template-unfilled.txt",),
    ),
    Signature(
        code="vllm.triton-backend-not-in-image",
        cause_id="inference-server-backend-missing",
        kinds=("any",),
        # The three ways Triton says a named backend is absent: no shared library for it, no model.py of a Python-based
        # backend, no libtriton_<name>.so in its folder ([\w-] leaves an unfilled ${...} to the row above).
        # "Unable ..." where a person's title quotes it (server#7445, w52c)
        patterns=(r"[Uu]nable to find backend library for backend '(?P<backend>[\w-]{2,40})'",
                  r"unable to find '(?P<backend>[\w-]{2,40})/model\.py' for model",
                  r"unable to find 'libtriton_(?P<backend>\w{2,40})\.so'"),
        severity="fail",
        cause=("Triton has no {backend} backend in this image or build: NVIDIA's tritonserver images each ship some "
               "backends only, and the model's config.pbtxt names one this image lacks."),
        advice=("Run the model in the image that ships its backend: tensorrtllm in "
                "nvcr.io/nvidia/tritonserver:<yy.mm>-trtllm-python-py3, vllm in <yy.mm>-vllm-python-py3, pytorch, "
                "onnxruntime and tensorrt in the base <yy.mm>-py3 image (`ls /opt/tritonserver/backends` in the "
                "container lists what it has); to serve several kinds from one server build an image with each backend "
                "(`build.py --backend=tensorrtllm --backend=python --backend=pytorch ...`), and check the `backend:` "
                "line of the model's config.pbtxt."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/triton-inference-server/tensorrtllm_backend/issues/66",
                 "https://github.com/triton-inference-server/server/issues/6708",
                 "https://github.com/triton-inference-server/server/issues/7950", TRITON_CONTAINERS),
        checked="2026-11-26",
        examples=("vllm/tensorrtllm-backend-66-base-image-no-trtllm-backend.txt",
                  "vllm/triton-server-6708-trtllm-image-no-pytorch-backend.txt",
                  "vllm/triton-server-7445-pyt-python-image-lacks-onnxruntime-backend.txt"),
    ),
    Signature(
        code="vllm.triton-backend-library-mismatch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # "unable to load shared library: /opt/tritonserver/backends/tensorrtllm/libtriton_tensorrtllm.so: undefined
        # symbol: _ZNK12tensorrt_llm..." (pasted with a stray space in the file name as well)
        patterns=(r"/backends/(?P<backend>\w{2,30})/libtriton ?_\w{2,30}\.so: undefined symbol",),
        # the library that failed to load is why Triton then reports the backend as not found
        refines=("vllm.triton-backend-not-in-image",), refines_within=None,
        severity="fail",
        cause=("Triton's {backend} backend library was built against another release of the library it loads "
               "(TensorRT-LLM for tensorrtllm), so a symbol it needs is missing."),
        advice=("Use the tritonserver trtllm-python-py3 image whose release matches your tensorrtllm_backend and "
                "TensorRT-LLM version (NVIDIA's support matrix pairs them), build the engines in that same image, and "
                "do not pip-install another tensorrt_llm over the one the image ships."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/triton-inference-server/tensorrtllm_backend/issues/662", TRITON_CONTAINERS),
        checked="2026-11-26",
        examples=("vllm/tensorrtllm-backend-662-libtriton-undefined-symbol.txt",),
    ),
    Signature(
        code="vllm.sglang-attention-backend-not-for-gpu",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # SGLang's own refusals: FA3 outside SM 8.0-9.0 (RTX 50, T4), TensorRT-LLM's MHA/MLA kernels outside SM100
        # (B200/GB200), and sgl-kernel's FA3 wrapper before its message was corrected
        patterns=(r"FlashAttention v3 Backend requires SM>=80 and SM<=90",
                  r"TRTLLM (?:MHA|MLA) backend is only supported on Blackwell GPUs",
                  r"flash_attn at sgl-kernel is only supported on sm90 and above"),
        severity="fail",
        cause=("SGLang was asked for an attention backend this GPU cannot run: FlashAttention 3 needs compute "
               "capability 8.0 to 9.0 (Ampere, Ada, Hopper), the TensorRT-LLM kernels need datacenter Blackwell "
               "(SM100), so an RTX 50 / RTX PRO 6000 (SM120) or a T4 needs another."),
        advice=("Leave --attention-backend unset so SGLang picks one for the GPU, or pick one it supports there: "
                "`--attention-backend flashinfer` or `triton` on RTX 50 / RTX PRO 6000 (sm_120) and Turing, fa3 only on "
                "Ampere, Ada and Hopper, trtllm_mha / trtllm_mla only on B200 / GB200; check the GPU with "
                "`nvidia-smi --query-gpu=name,compute_cap --format=csv`."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/9140", "https://github.com/gpustack/gpustack/issues/3326"),
        checked="2026-11-26",
        examples=("vllm/sglang-9140-trtllm-mha-rtx5090-sm120.txt",),
    ),
    Signature(
        code="vllm.trtllm-fp8-fmha-arch",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # tensorrt_llm/common/attentionOp.cpp; before v0.20 the check left out consumer Blackwell (sm_120)
        patterns=(r"FP8 FMHA cannot be enabled except on Ada or Hopper(?: or Blackwell)? Arch",),
        severity="fail",
        cause=("TensorRT-LLM's attention plugin was asked for FP8 context FMHA on a GPU its check does not accept: "
               "any GPU before Ada, and RTX 50 / RTX PRO 6000 (sm_120) in releases before v0.20.0."),
        advice=("On an RTX 50 or RTX PRO 6000 upgrade TensorRT-LLM to v0.20.0 or later (the release whose check accepts "
                "them) and rebuild the engine; on Ampere or older build it without FP8 context FMHA (drop "
                "--use_fp8_context_fmha / use_fp8_context_fmha=False and FP8 KV cache)."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/2855",),
        checked="2026-11-26",
        examples=("vllm/tensorrt-llm-2855-fp8-fmha-rtx5090.txt",),
    ),
)
