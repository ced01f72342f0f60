"""A serving engine that runs past the model's own limits or miscounts the GPUs, and TensorRT-LLM's NCCL plugins on
another NCCL.

Written blind for issue 25 (round eleven of the row writers). vLLM refuses a --max-model-len above the model's
max_position_embeddings unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 is set; with it the engine starts and the first
sequence longer than the model's position table indexes past it, which torch.compile's generated kernels report as
Inductor's "Assertion `index out of bounds: 0 <= tmpN < LIMIT` failed" before CUDA's device-side assert (vllm#17924).
TensorRT-LLM's NCCL plugins print NCCL's result through ncclGetErrorString, which answers "unknown result code"
(src/init.cc) for a code the loaded NCCL does not define: the library found at run time (most often the one the
installed torch brings) is another release than the one TensorRT-LLM was built against. text-generation-inference's
launcher (launcher/src/main.rs, find_num_shards) counts the GPUs for `--sharded true` from CUDA_VISIBLE_DEVICES or
NVIDIA_VISIBLE_DEVICES as a list; before 3.3.7 (PR #3346) the container runtime's NVIDIA_VISIBLE_DEVICES=all counted
as one device, so sharding refused to start with every GPU visible.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ENGINE_ARGS = "https://docs.vllm.ai/en/latest/configuration/engine_args.html"

LIMIT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.position-index-out-of-bounds",
        cause_id="vllm-model-limits",
        kinds=("any",),
        # Inductor's bounds check in a compiled kernel (torch >= 2.1, vLLM V1 compiles the model by default): the
        # LIMIT is the size of the table indexed, the model's positions (4096, 40960, 131072) or its vocabulary.
        patterns=(r"Assertion `index out of bounds: 0 <= [^`\n]{1,80} < (?P<limit>\d{1,7})` failed",),
        refines=("cuda.device-side-assert", "frameworks.device-side-assert"),
        refines_within=None,
        severity="fail",
        cause="A compiled kernel indexed past a table of {limit} entries: a sequence longer than the model's position "
              "table (a --max-model-len above the model's limit), or a token id outside its vocabulary.",
        advice=("Compare {limit} with the model's config.json: if it is max_position_embeddings, set --max-model-len "
                "(max_model_len) to at most that and unset VLLM_ALLOW_LONG_MAX_MODEL_LEN (or give the model real rope "
                "scaling); if it is vocab_size, use the tokenizer that belongs to the model. Restart the engine: the "
                "CUDA context does not recover after the assert."),
        action="configure",
        rules_out=("the driver", "the GPU hardware"),
        never_suggest=("reinstall the driver", "update the driver", "raise gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/17924", ENGINE_ARGS),
        checked="2026-11-26",
        examples=("vllm/vllm-17924-allow-long-max-model-len-inductor-index-assert.txt",),
    ),
    Signature(
        code="vllm.trtllm-nccl-unknown-result-code",
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # "Failed, NCCL error <path>/plugins/ncclPlugin/allreducePlugin.cpp:183 'unknown result code'" (and the
        # runtime's ncclCommunicator.cpp, thop/allreduceOp.cpp): ncclGetErrorString's answer for a code it lacks.
        patterns=(r"NCCL error [^\n]{0,300}'unknown result code'",
                  r"NCCL error[^\n]{0,300}, unknown result code"),
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p", "nccl.peer-access-unsupported"),
        refines_within=None,
        severity="fail",
        cause="The NCCL library loaded at run time is another release than the one TensorRT-LLM (or the program) was "
              "built against, so it returns a result code the caller cannot name.",
        advice=("Check which NCCL is loaded (`python -c \"import torch; print(torch.cuda.nccl.version())\"`, `pip list | "
                "grep nccl`, NCCL_DEBUG=INFO's 'NCCL version' line) and upgrade torch or nvidia-nccl-cu12 to the "
                "version TensorRT-LLM's requirements pin (or build the image with the project's own "
                "`make -C docker release_build`), so one NCCL matches the build; P2P settings do not change this."),
        action="configure",
        rules_out=("peer-to-peer between the GPUs", "the network"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1039",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html#ncclresult-t"),
        checked="2026-11-26",
        examples=("vllm/trtllm-1039-allreduce-plugin-unknown-result-code.txt",),
    ),
    Signature(
        code="vllm.tgi-sharded-device-count",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # NotEnoughCUDADevices("`sharded` is true but only found N CUDA devices"); its Display form starts "not enough
        # cuda devices: ", and people paste it inside Markdown code, doubling the backticks.
        patterns=(r"`{0,2}sharded`{0,2} is true but only found (?P<found>\d{1,3}) CUDA devices",),
        severity="fail",
        cause="text-generation-inference was asked to shard the model but counted {found} GPU from CUDA_VISIBLE_DEVICES "
              "or NVIDIA_VISIBLE_DEVICES (a container runtime's NVIDIA_VISIBLE_DEVICES=all counts as one before TGI "
              "3.3.7).",
        advice=("Pass the shard count explicitly, `--num-shard 2` (NUM_SHARD=2 in the container's environment) for two "
                "GPUs, instead of `--sharded true` alone, or list the GPUs with CUDA_VISIBLE_DEVICES=0,1; if "
                "`nvidia-smi -L` inside the container shows only one GPU, give the container all of them "
                "(`docker run --gpus all`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1204",
                 "https://github.com/huggingface/text-generation-inference/pull/3346"),
        checked="2026-11-26",
        examples=("vllm/tgi-1204-sharded-only-found-1-cuda-device.txt",),
    ),
    Signature(
        code="vllm.tgi-quantized-model-without-flash",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # text-generation-inference's get_model (server/text_generation_server/models/__init__.py) reaches these only
        # after its flash implementation was unusable ("Could not import Flash Attention enabled models", or "GPU with
        # CUDA capability 7 5 is not supported for Flash Attention V2") and it fell back to transformers' AutoModel.
        patterns=(r"(?P<method>gptq|awq|4bit|Eetq|exl2) quantization is not supported for AutoModel",),
        refines=("vllm.tgi-flash-attention-capability",), refines_within=None,
        severity="fail",
        cause="text-generation-inference could not use its flash implementation of the model (a GPU below compute "
              "capability 8.0, or a model type it has none for) and fell back to transformers' AutoModel, which cannot "
              "load {method}-quantized weights.",
        advice=("Read the 'Flash Attention' line above it: on a GPU below compute capability 8.0 (T4, V100, RTX 20) "
                "serve the model unquantized (fp16) or on an Ampere or newer GPU, or use vLLM, which runs AWQ and GPTQ "
                "on Turing; for a model type TGI has no flash implementation of, drop --quantize or pick a supported "
                "architecture."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1573",
                 "https://github.com/huggingface/text-generation-inference/issues/1053"),
        checked="2026-11-26",
        examples=("vllm/tgi-1573-awq-automodel-turing-no-flash.txt",),
    ),
    Signature(
        code="vllm.trtllm-engine-deserialize-failed",
        cause_id="tensorrt-engine-version-mismatch",
        kinds=("any",),
        # tensorrt_llm/runtime/tllmRuntime.cpp's check on deserializeCudaEngine, as the Python runtime, the C++
        # executor and Triton's tensorrtllm backend ("unexpected error when creating modelInstanceState") print it
        patterns=(r"Assertion failed: Failed to deserialize cuda engine",),
        severity="fail",
        cause=("TensorRT-LLM could not load the engine: it was built by another TensorRT-LLM (and TensorRT) release "
               "than the one running it, most often an engine built with a pip tensorrt_llm and served by a "
               "tritonserver trtllm container of another release, or its build did not finish."),
        advice=("Rebuild the engine with the same TensorRT-LLM version that serves it: compare `python3 -c \"import "
                "tensorrt_llm; print(tensorrt_llm.__version__)\"` where you ran trtllm-build with the serving "
                "container's (the NN.MM-trtllm-python-py3 release notes name it), then run convert_checkpoint.py and "
                "trtllm-build again inside that container, for the tp_size you deploy."),
        action="configure",
        rules_out=("the NVIDIA driver", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1038", "https://github.com/NVIDIA/TensorRT-LLM/issues/1324"),
        checked="2026-11-26",
        examples=("vllm/trtllm-1038-failed-to-deserialize-tp4.txt",),
    ),
)
