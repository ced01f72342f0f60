"""vLLM's worker processes: how they are started, and how the model is divided among them.

Written blind for issue 25 (fifth round). vLLM starts one worker per GPU with Python's multiprocessing, forking by
default (vllm/envs.py: VLLM_WORKER_MULTIPROC_METHOD); a parent that has already initialised CUDA (a script that
touched torch.cuda, a library imported before vllm) cannot fork CUDA into its workers, which then fail in
init_device with PyTorch's "Cannot re-initialize CUDA in forked subprocess" (torch/cuda/__init__.py). Tensor
parallelism gives each worker a share of the attention heads, which older releases checked only in the model's
own code (an assert on total_num_kv_heads) or vllm.distributed.utils.ensure_divisibility.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

MULTIPROCESSING = "https://docs.vllm.ai/en/latest/design/multiprocessing.html"

WORKER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.worker-forked-after-cuda",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        patterns=(
            # the worker's own prefix or log name on the same line: VllmWorkerProcess (0.5, 0.6), VllmWorker and
            # EngineCore (V1), vllm_worker (FastChat), multiproc_worker_utils.py (the logger)
            r"(?:[Vv]llm|EngineCore|multiproc_worker_utils\.py)[^\n]{0,300}?"
            r"Cannot re-initialize CUDA in forked subprocess",
        ),
        severity="fail",
        cause=("vLLM forked its GPU worker processes after CUDA had been initialised in the parent process, and a "
               "forked child cannot use CUDA."),
        advice=("Make vLLM spawn its workers instead of forking them: `export VLLM_WORKER_MULTIPROC_METHOD=spawn` "
                "before starting, and in a script keep the code that creates the LLM under "
                "`if __name__ == \"__main__\":` and avoid touching torch.cuda before it."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/lm-sys/FastChat/issues/3507", "https://github.com/vllm-project/vllm/issues/7151",
                 "https://github.com/vllm-project/vllm/issues/8893", MULTIPROCESSING),
        checked="2026-11-26",
        examples=("vllm/fastchat-3507-multi-gpu-worker-fork-spawn.txt",),
        refines=("frameworks.cuda-in-forked-subprocess",),
    ),
)

WORKER_SIGNATURES += (
    Signature(
        code="vllm.kv-heads-not-divisible-by-tp",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # the model's own check as a traceback quotes it (vllm/model_executor/models/*.py, 0.2 to 0.5, before
            # config.py checked it), and vllm.distributed.utils.ensure_divisibility's message
            r"assert self\.total_num_(?:kv_)?heads % tp_size == 0",
            r"(?<=AssertionError: )\d{1,6} is not divisible by \d{1,3}\b",
        ),
        severity="fail",
        cause=("The model cannot be split over this many GPUs: tensor parallelism divides its attention (or key/value) "
               "heads among the GPUs, and their number is not a multiple of the tensor-parallel size."),
        advice=("Choose a --tensor-parallel-size that divides the model's head count (num_attention_heads and "
                "num_key_value_heads in its config.json), e.g. 2 GPUs instead of 4, and select those GPUs with "
                "CUDA_VISIBLE_DEVICES; to use more GPUs add pipeline parallelism (--pipeline-parallel-size)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/1581", "https://github.com/vllm-project/vllm/issues/5951",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-1581-chatglm3-assert-kv-heads-tp4.txt",),
    ),
)

WORKER_SIGNATURES += (
    Signature(
        code="vllm.ray-object-store-small-shm",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # Ray's start-up warning (ray/_private/services.py) when /dev/shm is smaller than its object store wants:
        # in a container it is Docker's 64 MB default, in which tensor-parallel workers hang or die of SIGBUS
        patterns=(r"The object store is using /tmp instead of /dev/shm because /dev/shm has only (?P<bytes>\d{1,15}) "
                  r"bytes available",),
        severity="warn",
        cause=("/dev/shm holds only {bytes} bytes (a container's 64 MB default): Ray's object store falls back to /tmp, "
               "and vLLM's tensor-parallel workers, which share memory through /dev/shm, can hang or die of SIGBUS."),
        advice=("Give the container shared memory: `docker run --ipc=host ...` as vLLM's Docker docs do, or "
                "`--shm-size=16g` (Kubernetes: an emptyDir with medium: Memory mounted at /dev/shm); `df -h /dev/shm` "
                "shows its size."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/1393", "https://github.com/vllm-project/vllm/pull/1125",
                 "https://docs.vllm.ai/en/latest/deployment/docker.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-1393-tp2-docker-ray-dev-shm-46mb.txt",),
    ),
    Signature(
        code="vllm.worker-bus-error",
        refines=("vllm.ray-object-store-small-shm",), refines_within=None,
        cause_id="container-shm-too-small",
        kinds=("any",),
        # a worker killed by SIGBUS as Abseil's failure handler in Ray workers ("*** SIGBUS received at time=...") and
        # Python's faulthandler print it: a page of a /dev/shm mapping that tmpfs cannot back
        patterns=(r"\*\*\* SIGBUS received at time=\d{1,12}", r"Fatal [Pp]ython error: ?Bus error",
                  # the shell's report of a foreground program killed by SIGBUS, alone on its line or with the job's
                  # number and command ("line 3: 4242 Bus error (core dumped) python serve.py")
                  r"^\W{0,3}Bus error(?: \(core dumped\))?\s{0,3}$",
                  r"\b\d{1,7} Bus error(?: \(core dumped\))?\s{1,12}(?:python3?|vllm|torchrun)\b"),
        severity="fail",
        cause=("A worker process died of a bus error (SIGBUS): it touched shared memory in /dev/shm that could not be "
               "backed, which in a container is most often Docker's 64 MB default /dev/shm."),
        advice=("Give the container shared memory: `docker run --ipc=host ...` (vLLM's Docker docs) or `--shm-size=16g` "
                "(Kubernetes: an emptyDir with medium: Memory at /dev/shm); check it with `df -h /dev/shm`. Outside a "
                "container, a full /dev/shm or a model file changed on disk while mapped does the same."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/1771", "https://github.com/vllm-project/vllm/issues/859",
                 "https://github.com/vllm-project/vllm/issues/1091", "https://github.com/vllm-project/vllm/pull/1125"),
        checked="2026-11-26",
        examples=("vllm/vllm-1771-fatal-python-bus-error-2x4090.txt",),
    ),
)


WORKER_SIGNATURES += (
    Signature(
        code="vllm.sleep-mode-expandable-segments",
        cause_id="vllm-sleep-mode-expandable-segments",
        kinds=("any",),
        patterns=(
            # vllm/device_allocator/cumem.py (CuMemAllocator.__init__, from vllm#14189 until #40812 toggled it instead)
            r"Expandable segments are not compatible with memory pool",
            # the worker's report when sleep released nothing: what the allocator setting did before that assertion
            r"Sleep mode freed 0\.00 GiB memory, (?P<in_use>\d{1,5}(?:\.\d{1,2})?) GiB memory is still in use",
        ),
        severity="fail",
        cause=("vLLM's sleep mode puts its weights and KV cache in its own CUDA memory pool, which PyTorch's "
               "expandable_segments:True allocator setting defeats: vLLM refuses to start with both, and older "
               "releases slept without freeing any GPU memory."),
        advice=("Remove expandable_segments:True from PYTORCH_CUDA_ALLOC_CONF (and PYTORCH_ALLOC_CONF) in the "
                "environment of the process that runs vLLM (`echo $PYTORCH_CUDA_ALLOC_CONF`; RL trainers and Ray "
                "runtime_env often set it), keeping its other options, or turn vLLM's sleep mode off "
                "(enable_sleep_mode=False); vLLM releases with vllm#40812 switch it off around the pool themselves."),
        action="configure",
        rules_out=("a GPU or driver fault", "too little GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "lower gpu_memory_utilization"),
        sources=("https://github.com/vllm-project/vllm/pull/11743", "https://github.com/vllm-project/vllm/pull/14189",
                 "https://github.com/pytorch/pytorch/issues/147851", "https://github.com/vllm-project/vllm/pull/40812"),
        checked="2026-11-26",
        examples=("vllm/vllm-11743-sleep-mode-freed-nothing-expandable.txt",),
    ),
)
