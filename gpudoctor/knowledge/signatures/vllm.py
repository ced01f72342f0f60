"""vLLM: what its engine and workers log when they cannot start or run.

The messages are vLLM's own (vllm/config.py, vllm/worker/, vllm/v1/core/kv_cache_utils.py,
vllm/distributed/device_communicators/custom_all_reduce.py); each row's sources name the threads that
settled what they mean.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.vllm_a15o import SIGNATURES as A15O_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_breadth import BREADTH_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_breadth14 import BREADTH14_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_config import CONFIG_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_engines import ENGINE_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_fallbacks import FALLBACK_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_launch import LAUNCH_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_limits import LIMIT_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_platforms import PLATFORM_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_round15 import SIGNATURES as ROUND15_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_p15o import SIGNATURES as P15O_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_r15a import SIGNATURES as R15A_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_runtime import RUNTIME_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_servers import SERVER_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_serving import SERVING_SIGNATURES
from gpudoctor.knowledge.signatures.vllm_workers import WORKER_SIGNATURES


# vllm.bfloat16-needs-ampere's advice on a GPU vLLM does not support at all (compute capability below 7.0, w40e).
_BELOW_VOLTA = (" But a GPU of compute capability below 7.0 (Pascal or older) is below the least vLLM supports at all "
                "(7.0, Volta): on it --dtype=half only leads to the next refusal; serve a GGUF of the model with "
                "llama.cpp or Ollama, or use a newer GPU for vLLM.")

ENGINE_ARGS = "https://docs.vllm.ai/en/latest/configuration/engine_args.html"
CONSERVING_MEMORY = "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"
_VLLM = ("vllm-log", "traceback", "docker", "kubectl", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.max-model-len-exceeds-kv-cache",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=_VLLM,
        patterns=(
            # (each half of the message on its own, since pastes and issue titles wrap it after "that can be")
            r"The model's max seq len \((?P<max_len>\d+)\) is larger than the maximum number of tokens\b",
            r"\bstored in KV cache \((?P<kv_tokens>\d+)\)\. Try increasing\b",
            # vLLM V1 words it as memory: "... KV cache is needed, which is larger than the available KV cache memory"
            r"is larger than the available KV cache memory",
            r"KV cache is needed, which is larger than the available\b",
            r"the estimated maximum model length is (?P<kv_tokens>\d+)",
        ),
        severity="fail",
        cause="The KV cache left beside the weights cannot hold one sequence of the model's full context length.",
        advice=("Lower --max-model-len (max_model_len) below the KV capacity vLLM reports, or raise "
                "--gpu-memory-utilization (gpu_memory_utilization) so more memory is left for the KV cache, and start "
                "with --enforce-eager (enforce_eager=True) so that CUDA graphs do not take 1-3 GiB of it; with more "
                "GPUs in the machine, spread the model over them with --tensor-parallel-size N (vLLM uses one GPU "
                "unless told)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/14452", "https://github.com/vllm-project/vllm/issues/2418",
                 CONSERVING_MEMORY),
        checked="2026-11-26",
        examples=("vllm/vllm-14452-rank0-max-seq-60000-kv-58384.txt",),
    ),
    Signature(
        code="vllm.no-memory-for-cache-blocks",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=_VLLM,
        patterns=(
            r"No available memory for the cache blocks",
            # what the engine logs just before: no block, or a negative budget, left for the KV cache
            # ("# GPU blocks" before 0.6, "# cuda blocks" / "# CUDA blocks" in 0.6-0.8's executor_base.py)
            r"# (?:GPU|cuda|CUDA) blocks: 0\b",
            r"Available KV cache memory[:;] -[\d.]+ GiB",
            # 0.6-0.8's memory profile: "... the rest of the memory reserved for KV Cache is -0.94GiB."
            r"the rest of the memory reserved for KV Cache is -[\d.]+ ?GiB",
        ),
        severity="fail",
        cause="After loading the weights no memory was left within vLLM's budget for KV cache blocks.",
        advice=("Start vLLM with --enforce-eager (enforce_eager=True) so CUDA graphs do not take the memory the KV "
                "cache needs, raise --gpu-memory-utilization (gpu_memory_utilization) so memory is left for the KV cache "
                "after the weights, and lower --max-model-len; if the weights alone nearly fill the GPU (a 14B model in "
                "16-bit on a 16 or 32 GB card), use a quantized checkpoint or a smaller model; only where the machine "
                "has more GPUs free does sharding the model over them (tensor parallelism) help."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/10439", "https://github.com/vllm-project/vllm/issues/27508",
                 CONSERVING_MEMORY),
        checked="2026-11-26",
        examples=("vllm/vllm-10439-no-cache-blocks-docker.txt", "vllm/vllm-27508-gpt-oss-h100-no-cache-blocks.txt"),
    ),
    Signature(
        code="vllm.free-memory-below-utilization",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=_VLLM,
        # vLLM 0.9.1+ (v1 gpu_worker's start-up snapshot): "device (X/Y GiB)"; later releases name the device
        # ("device cuda:1 (", "xpu:0"); pastes wrap the long line anywhere, so the words allow a line break between
        # them. The INFO line "Free memory on device (X/Y GiB) on startup. Desired GPU memory utilization is" of
        # healthy starts lacks "is less than" and stays unread.
        patterns=(
            r"Free memory on device(?: [a-z]{2,8}:\d{1,2})? \((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on startup"
            r"\s{1,4}is\s{1,4}less\s{1,4}than\s{1,4}desired\s{1,4}GPU\s{1,4}memory\s{1,4}utilization\s{1,4}"
            r"\((?P<utilization>[\d.]+), (?P<wanted>[\d.]+) GiB\)",
        ),
        severity="fail",
        cause=("Only {free} of {total} GiB were free when vLLM started, less than the {wanted} GiB that "
               "gpu_memory_utilization={utilization} asks for: other processes (another vLLM, an earlier run's engine "
               "still alive, a desktop or WSL's host) or the CUDA context's own reservation hold the rest."),
        advice=("Check what holds the GPU with `nvidia-smi`: stop the other processes it lists (an earlier or second "
                "vLLM instance, a leftover worker: `kill` its PID) or pick an idle GPU with CUDA_VISIBLE_DEVICES; "
                "where the GPU must stay shared, or nothing else runs on it, lower --gpu-memory-utilization below "
                "the free share ({free} of {total} GiB), so the share it asks for fits in what is free."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/23192", "https://github.com/kaito-project/kaito/issues/1374",
                 "https://github.com/vllm-project/vllm/issues/33297", CONSERVING_MEMORY),
        checked="2026-11-26",
        examples=("vllm/kaito-1374-utilization-095-a10-cuda-reserve.txt",),
    ),
    Signature(
        code="vllm.initialize-cache-failed",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=_VLLM,
        # vLLM 0.4-0.5 workers: initialize_cache checks that the KV cache holds max_model_len tokens, then allocates
        # it; Ray and multiprocessing executors log this line above the worker's traceback.
        patterns=(r"Error executing method initialize_cache\b",),
        severity="warn",
        cause=("A vLLM worker failed while sizing or allocating its KV cache, most often because the cache cannot "
               "hold one sequence of max_model_len tokens."),
        advice=("Set a smaller max_model_len (--max-model-len) or a larger gpu_memory_utilization for the engines; "
                "the worker's exception below this line gives the numbers."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/OpenRLHF/OpenRLHF/issues/336", CONSERVING_MEMORY),
        checked="2026-11-25",
        examples=("vllm/openrlhf-336-ray-actor-kv-cache-6048.txt",),
    ),
    Signature(
        code="vllm.heads-not-divisible-by-tp",
        cause_id="vllm-parallel-config",
        kinds=_VLLM,
        patterns=(
            r"Total number of attention heads \((?P<count>\d+)\) must be divisible by tensor parallel size "
            r"\((?P<size>\d+)\)",
            r"Total number of hidden layers \((?P<count>\d+)\) must be divisible by pipeline parallel size "
            r"\((?P<size>\d+)\)",
        ),
        severity="fail",
        cause="The model cannot be split {size} ways: {count} does not divide by {size}.",
        advice=("Choose a --tensor-parallel-size (or --pipeline-parallel-size) that divides the model's count, e.g. 4 "
                "GPUs instead of 8 for 12 attention heads; select those GPUs with CUDA_VISIBLE_DEVICES."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/MIV-XJTU/FSDrive/issues/21",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked="2026-11-25",
        examples=("vllm/fsdrive-21-heads-12-not-divisible-by-8.txt",),
    ),
    Signature(
        code="vllm.bfloat16-needs-ampere",
        cause_id="vllm-unsupported-hardware",
        kinds=_VLLM,
        patterns=(
            r"Bfloat16 is only supported on GPUs with compute capability of at least 8\.0\. Your (?P<gpu>[^\n]{1,80}?) "
            r"GPU has compute capability (?P<capability>\d+\.\d+)",
        ),
        severity="fail",
        cause="The {gpu} (compute capability {capability}) cannot run the model in bfloat16, which needs 8.0 or newer.",
        advice="Run the model in float16: pass --dtype=half (dtype='half'), or use an Ampere-or-newer GPU.{below_volta}",
        # a GPU below 7.0 (Pascal, Maxwell) fails vLLM's own minimum next: float16 only moves the failure (w40e)
        lookups=(("capability", "below_volta", (
            ("6.", _BELOW_VOLTA), ("5.", _BELOW_VOLTA), ("3.", _BELOW_VOLTA)), ""),),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA-AI-Blueprints/bring-llms-to-nim/issues/7",
                 "https://github.com/vllm-project/vllm/issues/1284", ENGINE_ARGS),
        checked="2026-11-25",
        examples=("vllm/nim-7-bf16-quadro-rtx6000.txt",),
    ),
    Signature(
        code="vllm.compute-capability-too-low",
        cause_id="vllm-unsupported-hardware",
        kinds=_VLLM,
        # vLLM's setup.py before 0.2 said "less than" and checked every visible GPU, also while pip built it.
        patterns=(r"(?<=GPUs with compute capability )(?:below|less than) (?P<minimum>\d+\.\d+) are not supported",),
        severity="fail",
        cause="vLLM does not run on GPUs below compute capability {minimum}, and one the process sees is older.",
        advice=("Where the machine also has a newer GPU, hide the old one while installing and running "
                "(`CUDA_VISIBLE_DEVICES=<index of the newer GPU>`, with CUDA_DEVICE_ORDER=PCI_BUS_ID so the index is "
                "nvidia-smi's); otherwise no setting fixes this: use a GPU of compute capability 7.0 or newer (Volta or "
                "later, a supported GPU for vLLM), or another engine that still supports this one."),
        action="none",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "change gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/1284",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-25",
        examples=("vllm/vllm-1284-p100-below-7.txt",),
    ),
    Signature(
        code="vllm.quantization-needs-newer-gpu",
        cause_id="vllm-unsupported-hardware",
        kinds=_VLLM,
        patterns=(
            r"The quantization method (?P<method>\w+) is not supported for the current GPU\. Minimum capability: "
            r"(?P<minimum>\d+)\. Current capability: (?P<capability>\d+)",
        ),
        severity="fail",
        cause="This vLLM runs {method} quantisation only on compute capability {minimum}; this GPU is {capability}.",
        advice=("Use a checkpoint with a quantisation this GPU supports (AWQ, GPTQ, or fp16/bf16 weights), or upgrade "
                "vLLM to a release that runs this quantization on older GPUs (FP8 weight-only through Marlin on Ampere)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "change gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/4327",
                 "https://docs.vllm.ai/en/latest/features/quantization/supported_hardware.html"),
        checked="2026-11-25",
        examples=("vllm/vllm-4327-fp8-min-capability-90.txt",),
    ),
    Signature(
        code="vllm.flashattention-needs-ampere",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # flash-attn's own check (csrc/flash_attn/flash_api.cpp), raised through vLLM or transformers alike.
        patterns=(r"(?<=FlashAttention only supports )Ampere GPUs or newer",),
        severity="fail",
        cause="The attention path chose FlashAttention, whose kernels need an Ampere (compute capability 8.0) or newer GPU.",
        advice=("Select another attention backend for this GPU (vLLM: unset VLLM_ATTENTION_BACKEND so it picks one, or "
                "set TRITON_ATTN on V1 releases, XFORMERS on V0 releases before 0.10, and load the model in float16 with "
                "--dtype half on a V100, T4 or RTX 20; transformers: attn_implementation='sdpa'), or use an "
                "Ampere-or-newer GPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "change gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/8189", "https://github.com/Dao-AILab/flash-attention"),
        checked="2026-11-25",
        examples=("vllm/vllm-8189-flashattention-ampere-only.txt",),
    ),
    Signature(
        code="vllm.custom-allreduce-off-without-p2p",
        cause_id="vllm-custom-allreduce-p2p",
        kinds=_VLLM,
        patterns=(
            r"Custom allreduce is disabled because (?:your )?platform lacks GPU P2P",
            r"Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs",
        ),
        severity="info",
        cause=("vLLM turned its custom all-reduce off because these GPUs have no usable peer-to-peer path (PCIe-only "
               "GPUs, or a failed P2P test); tensor-parallel all-reduces go through NCCL instead."),
        advice=("Expected on GPUs without NVLink or P2P: vLLM uses NCCL instead; pass --disable-custom-all-reduce "
                "(disable_custom_all_reduce=True) to silence it."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/4770",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked="2026-11-25",
        examples=("vllm/vllm-4770-custom-allreduce-no-p2p-pcie.txt",),
    ),
    Signature(
        code="vllm.custom-allreduce-peer-access",
        refines=("cuda.illegal-address", "nccl.generic-error-needs-debug", "nccl.peer-access-unsupported"),
        refines_within=None,
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        patterns=(
            r"CUDART(?= error: peer access is not supported between these two devices)",
            r"custom_all_reduce\.cuh:\d+ 'peer access is not supported between these two devices'",
        ),
        severity="fail",
        cause="The custom all-reduce needs peer access between the GPUs, which these cards do not offer.",
        advice=("Turn the custom all-reduce off (`--disable-custom-all-reduce`, or disable_custom_all_reduce=True) so "
                "NCCL does the all-reduce."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/4814",),
        checked="2026-11-25",
        examples=("vllm/sglang-4814-custom-allreduce-4090-peer-access.txt",),
    ),
    Signature(
        code="vllm.no-gpu-platform",
        cause_id="container-no-gpu-runtime",
        kinds=_VLLM,
        patterns=(
            r"RuntimeError: Failed to infer device type",
            # later releases: no platform detected leaves torch.device("") (vllm/config/device.py)
            r"RuntimeError: Device string must not be empty",
            # vllm/platforms/__init__.py's own line when no CUDA, ROCm or other platform answered, above either error
            r"No platform detected, vLLM is running on UnspecifiedPlatform",
        ),
        severity="fail",
        cause=("vLLM detected no GPU platform: no NVIDIA GPU or driver was visible to it, as in a container started "
               "without its GPUs."),
        advice=("Give the container the GPUs (`docker run --gpus all`, with the NVIDIA Container Toolkit configured as "
                "Docker's runtime; Compose: `gpus: all` or a device reservation; Kubernetes: `nvidia.com/gpu` in the "
                "pod's resources.limits, with runtimeClassName: nvidia where nvidia is not the node's default runtime) "
                "and check that `nvidia-smi` works inside it; on a host, `nvidia-smi` must work first, and the "
                "driver's libcuda.so.1 and libnvidia-ml.so.1 must be on the loader's path (LD_LIBRARY_PATH where the "
                "driver is installed outside the standard directories). Where `nvidia-smi` works, look for the old "
                "`pynvml` package (`pip list | grep -i nvml`; vLLM 0.7.2 detects no platform beside pynvml below 12): "
                "`pip uninstall -y pynvml && pip install -U nvidia-ml-py`."),
        action="configure",
        rules_out=("a vLLM memory setting",),
        never_suggest=("reinstall vLLM", "change gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/issues/13946",
                 "https://github.com/vllm-project/vllm/blob/main/vllm/platforms/__init__.py",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-13946-failed-to-infer-device-type-docker.txt",),
    ),
    Signature(
        code="vllm.not-enough-gpus-for-parallelism",
        cause_id="vllm-parallel-config",
        kinds=_VLLM,
        patterns=(
            r"The number of required GPUs exceeds the total number of available GPUs in the (?P<pool>placement group|cluster)",
            r"Tensor parallel size \((?P<size>\d+)\) cannot be larger than the number of available GPUs",
        ),
        severity="fail",
        cause=("vLLM was asked for more GPUs (tensor parallel size times pipeline parallel size) than this machine or "
               "Ray cluster offers it."),
        advice=("Set --tensor-parallel-size (times --pipeline-parallel-size) to at most the GPUs vLLM can see: count "
                "them with `nvidia-smi -L` (and `ray status` for a Ray cluster), and check that CUDA_VISIBLE_DEVICES "
                "or the container's GPU request does not hide some."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/VITA-MLLM/VITA/issues/42", "https://github.com/vllm-project/vllm/issues/7107",
                 "https://docs.vllm.ai/en/latest/serving/distributed_serving.html"),
        checked="2026-11-25",
        examples=("vllm/vita-42-placement-group-gpus-exceed.txt",),
    ),
    Signature(
        code="vllm.max-model-len-above-model",
        cause_id="vllm-model-limits",
        kinds=_VLLM,
        patterns=(
            # ModelConfig's ValueError (pydantic's "Value error, ..." since 0.10) and, with VLLM_ALLOW_LONG_MAX_MODEL_LEN=1,
            # the same words as a warning before the engine runs on and later dies on a device-side assert; ports of
            # vLLM's config (Rust engines, wrappers) drop the "User-specified".
            r"max_model_len \((?P<asked>\d+)\) is greater than the derived max_model_len",
            # SGLang's ModelConfig says the same of --context-length (a ValueError, or a warning with
            # SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1); its "Target model's context_length" line is a draft model's
            # healthy notice and is not read.
            r"User-specified context_length \((?P<asked>\d+)\) is greater than the derived context_length",
        ),
        # The kernels' assertion this causes once a sequence passes the model's position table (CUDA's device-side
        # assert, Inductor's "index out of bounds") is its symptom anywhere in the same log.
        refines=("cuda.device-side-assert", "frameworks.device-side-assert", "vllm.position-index-out-of-bounds"),
        refines_within=None,
        severity="fail",
        cause="The engine was asked for a context of {asked} tokens (--max-model-len, SGLang's --context-length), more than "
              "the context length the model's config.json declares.",
        advice=("Set --max-model-len (max_model_len; SGLang's --context-length) to at most the model's own context "
                "length (the derived value the message names, its max_position_embeddings); set "
                "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 (SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1) only for a model "
                "that really supports a longer context (rope scaling): with it the engine starts, then dies on a "
                "device-side assert at the first request longer than the model's positions."),
        action="configure",
        rules_out=("a driver fault", "a lack of GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/xorbitsai/inference/issues/1715", "https://github.com/vllm-project/vllm/issues/3676",
                 ENGINE_ARGS, "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/configs/model_config.py"),
        checked="2026-11-26",
        examples=("vllm/xinference-1715-qwen14b-max-model-len-4096-vs-2048.txt",),
    ),
    Signature(
        code="vllm.sampler-warmup-oom",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="cuda-oom",
        kinds=_VLLM,
        patterns=(r"CUDA out of memory occurred when warming up sampler with (?P<requests>\d+) dummy requests",),
        severity="fail",
        cause=("The GPU ran out of memory while vLLM warmed up its sampler with {requests} requests: the weights and "
               "the KV cache left too little for it."),
        advice=("Lower --max-num-seqs (max_num_seqs, e.g. to 64) or --gpu-memory-utilization a little, so that "
                "memory remains for the sampler; with other processes on the GPU, free them first."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/17939", "https://github.com/vllm-project/vllm/issues/14452",
                 CONSERVING_MEMORY),
        checked="2026-11-25",
        examples=("vllm/vllm-17939-sampler-warmup-oom-256-requests.txt",),
    ),
    Signature(
        code="vllm.architecture-not-supported",
        cause_id="vllm-model-unsupported",
        kinds=_VLLM,
        patterns=(r"Model architectures \[(?P<architectures>[^\]\n]{1,200})\] are not supported",),
        severity="fail",
        cause="vLLM could not load the model's architecture {architectures}.",
        advice=("If the architecture is missing from the supported list vLLM prints, upgrade vLLM to a release "
                "that supports it (pip install -U vllm); if it is in the list, inspecting the model class failed: "
                "the 'Error in inspecting model architecture' traceback above names the broken import, fixed by "
                "reinstalling vLLM with its matching torch in a clean environment."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/10990", "https://github.com/vllm-project/vllm/issues/9515",
                 "https://docs.vllm.ai/en/latest/models/supported_models.html"),
        checked="2026-11-25",
        examples=("vllm/vllm-10990-upgrade-for-new-architecture.txt", "vllm/vllm-9515-llama-listed-yet-unsupported.txt"),
    ),
    Signature(
        code="vllm.swap-space-too-large",
        cause_id="vllm-host-memory",
        kinds=_VLLM,
        patterns=(
            r"Too large swap space\. (?P<swap>[\d.]+) GiB out of the (?P<total>[\d.]+) GiB total CPU memory",
        ),
        severity="fail",
        cause="vLLM's CPU swap space ({swap} GiB) would take nearly all of the {total} GiB of RAM, so it refuses to start.",
        advice=("Lower vLLM's CPU swap space (`--swap-space 1`, or swap_space=1 / 0 in LLM(...); it is per GPU), or "
                "give the machine or container more RAM."),
        action="configure",
        rules_out=("a GPU memory problem", "a driver fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Ksuriuri/index-tts-vllm/issues/99", "https://github.com/vllm-project/vllm/issues/787",
                 ENGINE_ARGS),
        checked="2026-11-25",
        examples=("vllm/index-tts-vllm-99-too-large-swap-space.txt",),
    ),
    Signature(
        code="vllm.fp8-weight-only-marlin",
        cause_id="none",
        kinds=_VLLM,
        patterns=(r"Your GPU does not have native support for FP8 computation but FP8 quantization is being used",),
        severity="info",
        cause=("This GPU has no FP8 arithmetic (it is older than Ada/Hopper), so vLLM runs the FP8 checkpoint as "
               "weight-only FP8 through its Marlin kernel: supported, slower for compute-heavy loads."),
        advice=("Nothing to fix: expected on GPUs before Ada/Hopper (A100, RTX 30); for native FP8 compute use an "
                "sm_89/sm_90 GPU, or serve a BF16/FP16 or INT8/INT4 checkpoint if throughput matters."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/pull/18026", "https://github.com/vllm-project/vllm/issues/6979",
                 "https://github.com/vllm-project/vllm/pull/5975"),
        checked="2026-11-25",
        examples=("vllm/vllm-18026-fp8-marlin-weight-only-warning.txt",),
    ),
    Signature(
        code="vllm.wsl-no-pinned-memory",
        cause_id="none",
        kinds=_VLLM,
        patterns=(r"Using 'pin_memory=False' as WSL is detected",),
        severity="info",
        cause="vLLM runs under WSL, where pinned host memory is limited, so it does not pin its CPU buffers.",
        advice=("Nothing to fix: expected under WSL2 (an NVIDIA-documented WSL limit); CPU offload and swap are "
                "slower there, so run on native Linux where that matters (recent vLLM releases can try pinning with "
                "VLLM_WSL2_ENABLE_PIN_MEMORY=1)."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/1084",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"),
        checked="2026-11-25",
        examples=("vllm/vllm-1084-wsl-pin-memory-false-warning.txt",),
    ),
    Signature(
        code="vllm.flash-attention-package-missing",
        cause_id="none",
        kinds=_VLLM,
        patterns=(r"Cannot use FlashAttention-2 backend because the (?P<package>vllm_flash_attn|flash_attn) package is not found",),
        severity="info",
        cause="vLLM did not find its {package} package and uses another attention backend; it still runs.",
        advice=("Nothing to fix for it: vLLM falls back to another attention backend (XFormers); install the "
                "flash-attention package matching vLLM and CUDA (`pip install vllm-flash-attn` for vLLM 0.4/0.5) "
                "only for extra speed; look elsewhere for a real error."),
        action="none",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/5050", "https://github.com/vllm-project/vllm/issues/7254"),
        checked="2026-11-25",
        examples=("vllm/llamafactory-5050-vllm-flash-attn-only-warning.txt",),
    ),
    Signature(
        code="vllm.memory-profiling-disturbed",
        refines=("cuda.out-of-memory",), refines_within=None,
        cause_id="gpu-shared-with-other-process",
        kinds=_VLLM,
        # Every release's wording of the profiler's assertion: the v1 worker's figures in GiB, 0.6's in bytes (no
        # unit), the used-memory form of the snapshot-based workers, and 0.5's without figures.
        patterns=(
            r"Error in memory profiling\. Initial free memory (?P<initial>[\d.]+)(?: ?GiB)?, current free memory "
            r"(?P<current>[\d.]+)",
            r"Error in memory profiling\. Initial used memory [\d.]+(?: ?GiB)?, currently used memory [\d.]+",
            r"Error in memory profiling\. This happens when the GPU memory was not properly cleaned up",
        ),
        severity="fail",
        cause=("vLLM's start-up memory profiling saw the GPU's free memory change in a way its own allocations do not "
               "explain: another process on the same GPU (a second vLLM or model server starting or stopping beside "
               "it) allocated or released memory meanwhile, or an earlier engine in this process was not cleaned up."),
        advice=("Run vLLM on a GPU no other process is changing during its start-up: stop or move the other "
                "processes `nvidia-smi` lists on that GPU, or start them one after another (the second once the first "
                "is up), or isolate vLLM on its own GPU or container; in one Python process, delete the earlier LLM "
                "and free its memory (gc.collect(), torch.cuda.empty_cache()) before creating another."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/56830", "https://github.com/modelscope/ms-swift/issues/3241"),
        checked="2026-11-26",
        examples=("vllm/vllm-56830-profiling-assert-free-memory-grew.txt",),
    ),
)

# -- Written blind for issue 25 (second round) ---------------------------------------------------------------------
SIGNATURES += (
    Signature(
        code="vllm.transformers-unknown-model-type",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # transformers' AutoConfig when config.json's model_type is not in its CONFIG_MAPPING (vLLM, TGI, lmdeploy,
        # and plain transformers print it alike).
        patterns=(r"has model type `?(?P<model_type>[\w.-]{1,60})`? but Transformers does not recognize this architecture",),
        severity="fail",
        cause="The installed Transformers (and the vLLM that pins it) predates the model type {model_type}, so the "
              "model's config cannot be read.",
        advice=("Upgrade vLLM (and with it Transformers) to a release that supports {model_type}: `pip install -U vllm "
                "transformers`, or a newer vllm/vllm-openai image; a model that ships its own code needs "
                "--trust-remote-code instead."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/19793", "https://github.com/vllm-project/vllm/issues/13579",
                 "https://docs.vllm.ai/en/latest/models/supported_models.html"),
        checked="2026-11-25",
        examples=("vllm/vllm-19793-transformers-unknown-model-type-qwen3-moe.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="vllm.shm-broadcast-waiting",
        cause_id="none",
        kinds=_VLLM,
        # shm_broadcast.py's reader/writer when no block frees up for a minute: a worker is busy or stuck.
        patterns=(r"No available shared memory broadcast block found in (?P<seconds>\d{1,5}) seconds?",),
        severity="info",
        cause="vLLM's processes waited {seconds} s for each other; this is printed while they are busy (loading a large "
              "model, compiling, quantizing) and is not itself an error.",
        advice=("Normally harmless: wait for loading or compilation to finish. Only if it repeats for many minutes with no "
                "progress is a worker hung: then look above it for that worker's own error (out of memory, NCCL, a "
                "crashed process) and rerun with NCCL_DEBUG=INFO."),
        action="none",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/gpustack/gpustack/issues/3888", "https://github.com/vllm-project/vllm/issues/27313"),
        checked="2026-11-25",
        examples=("vllm/gpustack-3888-shm-broadcast-wait-while-loading.txt",),
    ),
)

SIGNATURES += RUNTIME_SIGNATURES  # installation and runtime rows (vllm_runtime.py)
SIGNATURES += WORKER_SIGNATURES  # how workers are started (vllm_workers.py)
SIGNATURES += ENGINE_SIGNATURES  # SGLang, text-generation-inference and quantization arguments (vllm_engines.py)
SIGNATURES += SERVING_SIGNATURES  # engine arguments that do not fit the model or the GPUs (vllm_serving.py)
SIGNATURES += BREADTH_SIGNATURES  # kernels the GPU is below, the server's port, engine start-up (vllm_breadth.py)
SIGNATURES += CONFIG_SIGNATURES  # a model path that is not there, batched-token limits, a FlashAttention notice (vllm_config.py)
SIGNATURES += FALLBACK_SIGNATURES  # architectures a release has no implementation of (vllm_fallbacks.py)
SIGNATURES += LAUNCH_SIGNATURES  # vLLM under Ray waiting for GPUs, the MPI runtime TensorRT-LLM loads (vllm_launch.py)
SIGNATURES += PLATFORM_SIGNATURES  # vLLM built from source on native Windows (vllm_platforms.py)
SIGNATURES += SERVER_SIGNATURES  # memory pools TensorRT-LLM and NCCL need (vllm_servers.py)
SIGNATURES += LIMIT_SIGNATURES  # past the model's position table, TensorRT-LLM on another NCCL (vllm_limits.py)
SIGNATURES += BREADTH14_SIGNATURES  # serving add-ons and engines refusing the GPU (vllm_breadth14.py)
SIGNATURES += ROUND15_SIGNATURES  # TensorRT-LLM engines asked for more than they were built for (vllm_round15.py)
SIGNATURES += A15O_SIGNATURES  # vLLM colocated with an RL trainer running out of memory (vllm_a15o.py)
SIGNATURES += P15O_SIGNATURES  # memory reserved by design, tensor parallelism that hangs, as people say it (vllm_p15o.py)
SIGNATURES += R15A_SIGNATURES  # models not divisible by the parallel size, downloads Hugging Face refuses (vllm_r15a.py)
from gpudoctor.knowledge.signatures.vllm_w19a import SIGNATURES as W19A_SIGNATURES; SIGNATURES += W19A_SIGNATURES  # noqa: E402,E702
