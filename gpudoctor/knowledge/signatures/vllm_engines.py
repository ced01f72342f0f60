"""The other LLM serving engines people run beside vLLM, and vLLM's quantization arguments.

Written blind for issue 25 (sixth round). SGLang sizes its KV cache pool as a static fraction of each GPU's total
memory (--mem-fraction-static, python/sglang/srt/model_executor/model_runner.py) and then captures CUDA graphs in
what is left (cuda_graph_runner.py); text-generation-inference (TGI) warms up with a batch of
--max-batch-prefill-tokens tokens before its router accepts requests (router/src, server/text_generation_server).
vLLM checks its --quantization and --dtype arguments against the checkpoint's quantization_config (vllm/config.py,
_verify_quantization) and the kernels' supported activation dtypes (model_loader, get_model). A checkpoint whose
.safetensors files are Git LFS pointers or interrupted downloads fails in safetensors' header parser, whichever engine
(vLLM, transformers, ExLlama) reads it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SGLANG_ARGS = "https://docs.sglang.ai/advanced_features/server_arguments.html"
TGI_LAUNCHER = "https://huggingface.co/docs/text-generation-inference/reference/launcher"
QUANTIZATION = "https://docs.vllm.ai/en/latest/features/quantization/index.html"

ENGINE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.sglang-kv-pool-no-room",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=("any",),
        patterns=(
            # model_runner.py's profile of the KV cache pool: after the weights, (1 - mem_fraction_static) of the
            # GPU's total memory is held back, and what the fraction leaves is not enough for the pool
            r"Not enough memory\. Please try to increase --mem-fraction-static",
            # the same check's wording from mid-2026 (kv_cache_configurator / model_runner_kv_cache_mixin), which names
            # the fraction and the minimum viable one, the speculative draft's weights counted (sglang#28683, w41d)
            r"Loaded weights leave no GPU memory for the KV cache",
        ),
        severity="fail",
        cause=("SGLang found no room for its KV cache pool beside the model's weights within --mem-fraction-static "
               "of the GPU's memory, so the server did not start."),
        advice=("Raise --mem-fraction-static (e.g. 0.9, or just above the minimum viable fraction newer releases print; "
                "at start-up a larger fraction leaves more room for the KV cache pool, and a speculative draft model's "
                "weights count against it too), or lower --context-length, or spread the model over more GPUs with "
                "--tp 2."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/4330", "https://github.com/sgl-project/sglang/issues/322",
                 "https://github.com/sgl-project/sglang-omni/pull/292", "https://github.com/sgl-project/sglang/pull/28683",
                 "https://github.com/sgl-project/sglang/pull/28855", SGLANG_ARGS),
        checked="2026-11-28",
        examples=("vllm/sglang-4330-not-enough-memory-mem-fraction-static.txt",
                  "vllm/sglang-pr28683-weights-leave-no-kv-cache-draft-counted.txt"),
    ),
    Signature(
        code="vllm.sglang-cuda-graph-capture-oom",
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(r"Capture cuda graph failed: CUDA out of memory",),
        severity="fail",
        cause=("SGLang ran out of GPU memory while capturing its CUDA graphs, after the weights and the KV cache pool "
               "had taken their share."),
        advice=("Leave more memory for CUDA graph capture: lower --mem-fraction-static (e.g. 0.8) or --cuda-graph-max-bs "
                "(e.g. 16), or start the server with --disable-cuda-graph."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/5285", "https://github.com/sgl-project/sglang/issues/4489",
                 SGLANG_ARGS),
        checked="2026-11-26",
        examples=("vllm/sglang-5285-capture-cuda-graph-failed-oom-h20.txt",),
        refines=("cuda.out-of-memory",), refines_within=None,
    ),
    Signature(
        code="vllm.tgi-warmup-not-enough-memory",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # the warm-up's answer as the router logs it: "... 4096 prefill tokens. You need to decrease
            # `--max-batch-prefill-tokens`" (1.x), and "... 16000 total tokens with 2 prefill tokens" (0.9)
            r"Not enough memory to handle (?P<tokens>\d+) (?:prefill|total) tokens",
        ),
        severity="fail",
        cause=("text-generation-inference's warm-up batch of {tokens} tokens did not fit in GPU memory beside the "
               "model, so the server refused to start."),
        advice=("Lower --max-batch-prefill-tokens (with --max-input-tokens and --max-total-tokens, or "
                "--max-batch-total-tokens) until warm-up fits, or shard the model over more GPUs with --num-shard or "
                "use a quantized model."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1164",
                 "https://github.com/huggingface/text-generation-inference/issues/710",
                 "https://github.com/huggingface/text-generation-inference/issues/755", TGI_LAUNCHER),
        checked="2026-11-26",
        examples=("vllm/tgi-1164-warmup-256-prefill-tokens-router-error.txt",
                  "vllm/tgi-710-not-enough-memory-total-tokens-70b.txt"),
    ),
    Signature(
        code="vllm.quantization-dtype-unsupported",
        cause_id="vllm-quantization-config",
        kinds=("any",),
        patterns=(
            r"(?P<dtype>torch\.\w{1,20}) is not supported for quantization method (?P<method>[\w-]{1,30})\. "
            r"Supported dtypes",
        ),
        severity="fail",
        cause=("vLLM's {method} kernels do not compute in {dtype} (the model's own dtype), so it refused to load "
               "the quantized model."),
        advice=("Start vLLM with `--dtype half` (dtype=\"float16\" in Python), the activation dtype the {method} "
                "kernels support."),
        action="configure",
        rules_out=("a driver fault", "a GPU too old"),
        never_suggest=("reinstall the driver", "update the driver", "a newer GPU"),
        sources=("https://github.com/vllm-project/vllm/issues/1941", "https://github.com/vllm-project/vllm/issues/1823",
                 "https://github.com/hiyouga/LlamaFactory/issues/3674", QUANTIZATION),
        checked="2026-11-26",
        examples=("vllm/vllm-1941-awq-bfloat16-act-dtype.txt", "vllm/llamafactory-3674-gptq-bfloat16-ray-worker.txt"),
    ),
    Signature(
        code="vllm.quantization-argument-mismatch",
        cause_id="vllm-quantization-config",
        kinds=("any",),
        patterns=(
            r"Quantization method specified in the model config \((?P<config>[\w-]{1,30})\) does not match the "
            r"quantization method specified in the `?quantization`? argument \((?P<argument>[\w-]{1,30})\)",
        ),
        severity="fail",
        cause=("The --quantization argument ({argument}) names another method than the checkpoint's own "
               "quantization_config ({config}), and vLLM refuses the mismatch."),
        advice=("Drop the --quantization argument (vLLM reads the method from the model's quantization_config and "
                "picks the fastest kernel itself), or pass the method the config names."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/3331", "https://github.com/vllm-project/vllm/pull/3829",
                 "https://github.com/vllm-project/vllm/issues/5842", QUANTIZATION),
        checked="2026-11-26",
        examples=("vllm/vllm-3331-quantization-config-marlin-vs-gptq-arg.txt",
                  "vllm/vllm-3829-commandr-plus-marlin-argument-mismatch.txt"),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.safetensors-header-unreadable",
        cause_id="model-file-corrupt",
        kinds=("any",),
        patterns=(
            # safetensors' own error (safetensors_rust.SafetensorError, or Exception in old releases): the first 8
            # bytes, the header's length, are text ("version https://git-lfs...") or garbage
            r"Error while deserializing header: (?P<reason>HeaderTooLarge|MetadataIncompleteBuffer|InvalidHeader\w{0,20})",
        ),
        severity="fail",
        cause=("A .safetensors file of the model is not the real weights ({reason}): a Git LFS pointer file from a "
               "clone without git-lfs, or an interrupted download."),
        advice=("Download the model again with Git LFS enabled (`git lfs install` before cloning, or "
                "`huggingface-cli download MODEL`), then check that each .safetensors file has its full size "
                "(sha256sum against the hub)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall PyTorch"),
        sources=("https://github.com/turboderp/exllama/issues/242", "https://github.com/codefuse-ai/MFTCoder/issues/20",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/8123"),
        checked="2026-11-26",
        examples=("vllm/exllama-242-headertoolarge-git-lfs-redownload.txt",
                  "vllm/mftcoder-20-lfs-pointer-safetensors-header.txt"),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.quantized-model-library-missing",
        cause_id="python-package-missing",
        kinds=("any",),
        patterns=(
            # transformers' quantizers (quantizer_awq.py, quantizer_gptq.py) and its older modeling_utils.py wording
            r"Loading (?:an? )?(?P<method>AWQ|GPTQ) quantized model requires ",
        ),
        severity="fail",
        cause=("transformers loads {method} checkpoints through a separate package (AutoAWQ for AWQ; optimum with "
               "GPTQModel or AutoGPTQ for GPTQ) that is not installed in this environment."),
        advice=("Install the package the message names into the same environment that loads the model (AWQ: "
                "`pip install autoawq`; GPTQ: `pip install optimum gptqmodel`, or auto-gptq on older transformers), "
                "then restart the program; or serve the checkpoint with vLLM, which has its own AWQ and GPTQ kernels."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/chatchat-space/Langchain-Chatchat/issues/3794",
                 "https://github.com/oobabooga/textgen/issues/7007",
                 "https://github.com/huggingface/transformers/issues/36139",
                 "https://huggingface.co/docs/transformers/main/quantization/awq"),
        checked="2026-11-26",
        examples=("vllm/chatchat-3794-qwen15-awq-requires-autoawq.txt",),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.rope-scaling-format-unknown",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(
            # transformers' LlamaConfig._rope_scaling_validation before 4.43 (July 2024), meeting Llama 3.1's config
            r"`rope_scaling` must be a dictionary with (?:with )?two fields, `type` and `factor`",
        ),
        severity="fail",
        cause=("This transformers release predates the model's rope_scaling format (Llama 3.1's rope_type \"llama3\"), "
               "so it cannot read the model's config.json."),
        advice=("Upgrade transformers in the environment that loads the model (`pip install -U transformers`, 4.43 or "
                "newer), and for vLLM a release that supports the model (0.5.3.post1 or newer for Llama 3.1)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/datawhalechina/self-llm/issues/268", "https://github.com/meta-llama/llama3/issues/299",
                 "https://github.com/hiyouga/LlamaFactory/issues/4962",
                 "https://github.com/runpod-workers/worker-vllm/issues/89"),
        checked="2026-11-26",
        examples=("vllm/selfllm-268-autodl-transformers-too-old-rope.txt",),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.tgi-sharding-needs-flash-attention",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        patterns=(r"Sharded (?P<model>\w{1,30}) requires Flash Attention enabled models",),
        severity="fail",
        cause=("text-generation-inference shards {model} only through its Flash Attention implementation, which this "
               "GPU (compute capability below 8.0, such as a V100 or T4) cannot run."),
        advice=("Serve the model on one GPU without --num-shard (quantize it to fit), or shard it on GPUs of compute "
                "capability 8.0 or newer (Ampere), or serve it with vLLM, which shards on older GPUs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/897",
                 "https://github.com/huggingface/text-generation-inference/issues/686"),
        checked="2026-11-26",
        examples=("vllm/tgi-897-v100-sharded-llama-requires-flash.txt",),
        refines=("vllm.tgi-flash-attention-capability",),
    ),
    Signature(
        code="vllm.flashinfer-no-kernel-for-gpu",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        patterns=(
            # FlashInfer's own CUDA error line names its header (include/flashinfer/...) after the CUDA error
            r"no kernel image is available for execution on the device[^\n]{0,300}?[\\/]flashinfer[\\/]",
        ),
        severity="fail",
        cause=("FlashInfer, the attention kernels SGLang (and vLLM's FLASHINFER backend) use, has no kernels for this "
               "GPU's architecture (Turing sm_75 and older in most of its releases)."),
        advice=("Run without FlashInfer on this GPU: SGLang with `--attention-backend triton` (older releases: "
                "`--disable-flashinfer --disable-flashinfer-sampling`), vLLM without VLLM_ATTENTION_BACKEND=FLASHINFER; "
                "or use a GPU of compute capability 8.0 or newer."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/flashinfer-ai/flashinfer/issues/402", "https://github.com/sgl-project/sglang/issues/931",
                 "https://github.com/flashinfer-ai/flashinfer/issues/421"),
        checked="2026-11-26",
        examples=("vllm/flashinfer-402-2080ti-sglang-no-kernel-image.txt",),
        refines=("cuda.no-kernel-image",),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.bitsandbytes-needs-eager-mode",
        cause_id="vllm-quantization-config",
        kinds=("any",),
        patterns=(r"Bits?AndBytes with enforce_eager = False is not supported yet",),  # vllm/config.py, 0.5.4
        severity="fail",
        cause="This vLLM release runs bitsandbytes-quantized models only in eager mode, without CUDA graphs.",
        advice=("Start vLLM with `--enforce-eager` (enforce_eager=True in Python) for this bitsandbytes model, or "
                "upgrade vLLM to a release that runs bitsandbytes with CUDA graphs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/OpenBMB/MiniCPM-V/issues/427", "https://github.com/vllm-project/vllm/issues/7294",
                 "https://github.com/vllm-project/vllm/pull/6846"),
        checked="2026-11-26",
        examples=("vllm/minicpmv-427-bnb-int4-enforce-eager.txt",),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.engine-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # PyTorch's OutOfMemoryError on a line in vLLM's own log format ("ERROR 03-13 09:00:43 [core.py:330] ",
            # "engine.py:157] " before 0.8) or behind a vLLM worker's prefix ("(VllmWorker rank=1 pid=..)",
            # "(EngineCore_DP0 pid=..)"): there vLLM's engine arguments are what to change
            r"(?:ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d \[?[\w.]{1,60}\.py:\d{1,5}\] [^\n]{0,200}?OutOfMemoryError\b",
            r"\((?:VllmWorker|EngineCore|RayWorkerWrapper)[^)\n]{0,40}\) [^\n]{0,250}?OutOfMemoryError\b",
        ),
        severity="fail",
        cause=("vLLM ran out of GPU memory: the model's weights, its KV cache within --gpu-memory-utilization, CUDA "
               "graphs and the batch of sequences did not fit together."),
        advice=("Reduce what vLLM reserves: lower --max-num-seqs and --max-model-len (max_model_len), or start with "
                "--enforce-eager to skip CUDA graphs; lower --gpu-memory-utilization (gpu_memory_utilization) when "
                "another process shares the GPU; if the weights alone do not fit, spread the model with "
                "--tensor-parallel-size or use a quantized checkpoint."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/9290", "https://github.com/vllm-project/vllm/issues/12529",
                 "https://github.com/vllm-project/vllm/issues/15598",
                 "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-9290-multistep-oom-high-utilization.txt", "vllm/vllm-12529-v1-engine-core-oom-7gb.txt"),
        refines=("cuda.out-of-memory",), refines_within=None,
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.custom-ops-not-registered",
        cause_id="vllm-extension-missing",
        kinds=("any",),
        patterns=(
            # torch.ops' answer when vllm._C did not load or registered other ops (vllm/_custom_ops.py calls them);
            # vLLM then logs "Possibly you have built or installed an obsolete version of vllm"
            r"'_OpNamespace' '_C\w{0,20}' object has no attribute '(?P<op>\w{1,60})'",
        ),
        severity="fail",
        cause=("vLLM's compiled ops (vllm._C) are missing the operation '{op}': the compiled extension did not load "
               "with this torch, or is left over from another build of vLLM."),
        advice=("Reinstall vLLM cleanly in a fresh environment: `pip uninstall -y vllm`, then `pip install vllm` and "
                "let it bring the torch it was built against (do not upgrade torch separately); for a source checkout "
                "remove build/ and vllm/*.so and rebuild with `pip install -e .`."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/5454", "https://github.com/vllm-project/vllm/issues/5448",
                 "https://github.com/openreasoner/openr/issues/28", "https://github.com/verl-project/verl/issues/1084"),
        checked="2026-11-26",
        examples=("vllm/vllm-5454-rms-norm-opnamespace-reinstall.txt", "vllm/openr-28-rms-norm-torch-vllm-mismatch.txt"),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.gguf-architecture-unsupported",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # vllm/transformers_utils (get_config): the GGUF file's general.architecture has no mapping to a
        # transformers config. Keyed on "GGUF" (the lookahead holds the rest): a key on "architecture" shifted the
        # matcher's choice of keys so that one more prefilter pass ran over every text.
        patterns=(r"GGUF(?= model with architecture (?P<architecture>[\w.-]{1,40}) is not supported yet)",),
        severity="fail",
        cause="vLLM cannot read a GGUF file of the architecture {architecture}: its GGUF loader has no mapping for it.",
        advice=("Serve the model's original Hugging Face checkpoint (or an AWQ, GPTQ or FP8 quantization of it) with "
                "vLLM instead of the GGUF file, or run the GGUF with llama.cpp or Ollama."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/16224", "https://github.com/vllm-project/vllm/issues/33229",
                 "https://github.com/vllm-project/vllm/issues/30691", "https://docs.vllm.ai/en/latest/features/quantization/gguf.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-16224-exaone-gguf-not-supported-yet.txt", "vllm/vllm-33229-minimax-m2-gguf-not-supported.txt"),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.tgi-process-sigbus",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # text-generation-launcher's words for a child killed by SIGBUS (7): a /dev/shm page tmpfs could not back,
        # Docker's 64 MB default being too small for the shards' NCCL and PyTorch shared memory
        patterns=(r"(?:Shard|Download) process was signaled to shutdown with signal 7\b",),
        severity="fail",
        cause=("A text-generation-inference process died of SIGBUS (signal 7): the container's /dev/shm is too small "
               "for the shared memory its shards use (Docker's default is 64 MB)."),
        advice=("Give the container more shared memory: `docker run --shm-size 1g ...` as TGI's instructions show (or "
                "`--ipc=host`, in Kubernetes a memory-backed emptyDir mounted at /dev/shm); `df -h /dev/shm` inside "
                "the container shows what it has."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/446",
                 "https://github.com/IBM/text-generation-inference/pull/34",
                 "https://github.com/huggingface/text-generation-inference#docker"),
        checked="2026-11-26",
        examples=("vllm/tgi-446-download-sigbus-no-shm.txt",),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.sgl-kernel-driver-without-green-contexts",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # sgl-kernel 0.2.x linked CUDA's green-context driver API (cuGreenCtx*, CUDA 12.4's libcuda) into
        # common_ops; libcuda comes with the driver, so an older driver leaves the symbol unresolved at import.
        # From 0.3.x sgl-kernel checks the driver version at run time (sglang PRs 8701, 9021, 9231).
        patterns=(r"sgl_kernel[\\/]common_ops\S{0,40}: undefined symbol: (?P<symbol>cu(?:GreenCtx|CtxFromGreenCtx)\w{0,40})",),
        severity="fail",
        cause=("sgl-kernel (SGLang's kernels) calls CUDA's green-context driver functions ({symbol}), which only the "
               "libcuda of drivers for CUDA 12.4 and newer provides; this driver is older."),
        advice=("Upgrade sgl-kernel to a release that checks the driver before using green contexts (with the sglang "
                "release that pins it: `pip install -U \"sglang[all]\"`), or update the NVIDIA driver to a branch for "
                "CUDA 12.4 or newer (550+; `nvidia-smi` shows the CUDA version it supports)."),
        action="configure",
        rules_out=("a PyTorch ABI mismatch (the missing symbol is the driver's, not torch's)",),
        never_suggest=("reinstall PyTorch", "set LD_LIBRARY_PATH to the toolkit"),
        sources=("https://github.com/sgl-project/sglang/issues/8131", "https://github.com/sgl-project/sglang/pull/8701",
                 "https://github.com/sgl-project/sglang/issues/8432", "https://github.com/sgl-project/sglang/pull/9021"),
        checked="2026-11-26",
        examples=("vllm/sglang-8131-sgl-kernel-cugreenctxstreamcreate.txt",
                  "vllm/sglang-8701-sgl-kernel-cugreenctxdestroy-old-driver.txt"),
    ),
)

ENGINE_SIGNATURES += (
    Signature(
        code="vllm.sglang-package-below-minimum",
        cause_id="package-version-conflict",
        kinds=("any",),
        # SGLang's assert_pkg_version (python/sglang/srt/utils, called at engine start for sgl-kernel, flashinfer_python
        # and others): the installed version below its minimum, or the package not found under the name it checks
        patterns=(
            r"(?P<package>[\w.-]{2,40}) is installed with version (?P<installed>[\w.+-]{1,60}), which is less than "
            r"the minimum required version (?P<required>[\w.+-]{1,40})",
            r"(?P<package>[\w.-]{2,40}) with minimum required version (?P<required>[\w.+-]{1,40}) is not installed",
        ),
        severity="fail",
        cause=("SGLang refused to start: it needs {package} {required} or newer, and the environment has an older one "
               "(or none under the name it checks), as happens when sglang is upgraded alone or an image pins its own "
               "copy."),
        advice=("Install the version the message names: `pip install \"PACKAGE>=VERSION\"` with its two values "
                "(FlashInfer as flashinfer-python with the matching flashinfer-cubin and jit-cache; sgl-kernel as the "
                "sglang release pins it: `pip install \"sglang[all]==<your sglang version>\"`), or use the sglang "
                "release that matches what is installed."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/redai-studio/Relax/issues/8", "https://github.com/flashinfer-ai/flashinfer/issues/794",
                 "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/entrypoints/engine.py"),
        checked="2026-11-26",
        examples=("vllm/relax-8-flashinfer-python-older-than-sglang-needs.txt",
                  "vllm/flashinfer-794-sglang-needs-flashinfer-0-1-6.txt"),
    ),
)
