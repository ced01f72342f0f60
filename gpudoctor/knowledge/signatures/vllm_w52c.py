"""Issue 25 (helper w52c): serving engines' failures that fresh threads showed and no row read.

- Triton Inference Server: a model's config.pbtxt that names a *platform* as its backend (backend: "tensorrt_plan",
  "onnxruntime_onnx", "tensorflow_savedmodel", "pytorch_libtorch"). Triton then looks for a backend library of that
  name, libtriton_tensorrt_plan.so, which no image has (triton-inference-server/backend README: "For TensorRT, 'backend'
  must be set to tensorrt or 'platform' must be set to tensorrt_plan"); the maintainers' answer is the platform field
  (server#4200: "make sure that the 'platform' and 'backend' fields are set correctly"; server#2975: "please use
  platform: "tensorrt_plan""). vllm_breadth14.py's vllm.triton-backend-not-in-image reads the same "unable to find"
  lines for a real backend the image lacks; this row reads the platform names, which are never a backend.
- Hugging Face TGI out of memory at start-up where the launcher says a shard could not start, or the launch gave it
  several GPUs and one shard (tgi#899: "CUDA_VISIBLE_DEVICES=0,1,2,3 text-generation-launcher ... --num-shard 1",
  GPU 0 out of memory; the maintainer: --num-shard 4): the weights did not fit the shard's GPU, and more shards are
  the fix. It refines cuda.out-of-memory in that context (context_table_apps.py: tgi-single-shard).
- A person who wants a serving engine (TGI, vLLM) to take only part of the GPU's memory, or says it always takes the
  most it can (tgi#1245: "I want the server to use only a fraction of my GPU memory"; the answer was
  --cuda-memory-fraction): the engines size their KV cache to the share they are allowed, by design.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
TRITON_BACKENDS = "https://github.com/triton-inference-server/backend#backends"
TGI_LAUNCHER = "https://huggingface.co/docs/text-generation-inference/basic_tutorials/launcher"

# Triton's model formats: platform values, each served by one backend (tensorrt, onnxruntime, tensorflow, pytorch)
_PLATFORM = r"(?P<platform>tensorrt_plan|tensorflow_savedmodel|tensorflow_graphdef|onnxruntime_onnx|pytorch_libtorch)"

_PLATFORM_ADVICE = (
    "In the model's config.pbtxt name the format as the platform, not the backend: `platform: \"{platform}\"` (or the "
    "backend that serves it: tensorrt_plan -> `backend: \"tensorrt\"`, onnxruntime_onnx -> `backend: \"onnxruntime\"`, "
    "pytorch_libtorch -> `backend: \"pytorch\"`, tensorflow_savedmodel/graphdef -> `backend: \"tensorflow\"` with that "
    "platform), then reload the model; `ls /opt/tritonserver/backends` in the container lists the backends the image has.")

_PLATFORM_DESCRIBED_ADVICE = (
    "Check the model's config.pbtxt: a model format is a platform (`platform: \"tensorrt_plan\"`, \"onnxruntime_onnx\", "
    "\"pytorch_libtorch\", \"tensorflow_savedmodel\"), a backend is the library that serves it (`backend: \"tensorrt\"`, "
    "\"onnxruntime\", \"pytorch\", \"tensorflow\", \"python\"); the platform line alone loads these formats. Name one of "
    "them correctly, not a platform as a backend, and make sure the image ships that backend (`ls "
    "/opt/tritonserver/backends` in the container).")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.triton-platform-named-as-backend",
        cause_id="inference-server-backend-missing",
        kinds=("any",),
        refines=("vllm.triton-backend-not-in-image",),
        patterns=(
            # "failed to load 'ambernet' version 1: Invalid argument: unable to find backend library for backend
            # 'tensorrt_plan', try specifying runtime on the model configuration." (23.x and later)
            r"[Uu]nable to find backend library for backend '" + _PLATFORM + r"'",
            # older releases and people's titles: "unable to find 'libtriton_tensorflow_savedmodel.so' for model 'x',
            # searched: ..." (triton#4200)
            r"\blibtriton_" + _PLATFORM + r"\.so\b",
        ),
        severity="fail",
        cause=("The model's config.pbtxt names the platform {platform} as its backend, so Triton looks for a backend "
               "library of that name (libtriton_{platform}.so), which no image has: {platform} is a model format, "
               "selected by the platform field."),
        advice=_PLATFORM_ADVICE,
        action="configure",
        rules_out=("a missing Triton image or build", "the GPU"),
        never_suggest=("reinstall Triton", "rebuild the server"),
        sources=("https://github.com/triton-inference-server/server/issues/4200",
                 "https://github.com/triton-inference-server/server/issues/2975", TRITON_BACKENDS),
        checked=CHECKED,
        examples=("vllm/triton-server-4200-savedmodel-platform-as-backend-library.txt",),
    ),
    Signature(
        code="vllm.triton-platform-backend-described",
        described=True,
        cause_id="inference-server-backend-missing",
        kinds=("any",),
        patterns=(
            # "when I set backend: 'tensorrt' to my config.pbtxt, TensorRT model can not be loaded"
            r"\bbackend\b[:=]? ?[\"'`‘’]?(?:tensorrt|tensorrt_plan|tensorflow_savedmodel|tensorflow_graphdef|"
            r"onnxruntime_onnx|pytorch_libtorch)[\"'`’]?[^\n]{0,120}?\b(?:can ?not|cannot|can't|couldn't|could not|won't|"
            r"doesn't|does not|fails? to|failed to|unable to)\b[^\n]{0,30}?\bload",
            # the fix told: "use platform instead of backend", "only 'platform' can run" (server#2975)
            r"\bplatform\b`?[\"']? (?:instead of|rather than|and not|not) `?[\"']?backend\b",
            r"\bbackend\b`?[\"']? (?:instead of|rather than) `?[\"']?platform\b",
            r"\bonly [\"'`‘]?platform[\"'`’]? (?:can run|works|loads|worked)\b",
        ),
        severity="warn",
        cause=("The description points at the platform and backend fields of a Triton model's config.pbtxt: a model "
               "format named as the backend (or the other way round) leaves Triton without a backend library to load "
               "the model with."),
        advice=_PLATFORM_DESCRIBED_ADVICE,
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall Triton",),
        sources=("https://github.com/triton-inference-server/server/issues/2975",
                 "https://github.com/triton-inference-server/server/issues/4200", TRITON_BACKENDS),
        checked=CHECKED,
        examples=("vllm/triton-server-2975-backend-tensorrt-instead-of-platform-tensorrt-plan.txt",),
    ),
)

# --- TGI out of memory at start-up, read in the launch's context ---

# PyTorch's out-of-memory lines, as cuda.out-of-memory reads them (the row refines it on the same line)
_TORCH_OOM = (
    r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. | \()GPU (?P<gpu>\d+)",
    r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. GPU(?! ?\d)|\.?\s{0,3}$)",
    r"(?:Runtime|OutOfMemory)Error: CUDA out of memory\b(?!\. Tried)",
    r"CUDA (?:driver )?[Ee]rror: out of memory",
)

SIGNATURES += (
    Signature(
        code="vllm.tgi-shard-oom-unsharded",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        contexts=("tgi-single-shard",),
        refines=("cuda.out-of-memory",),
        patterns=_TORCH_OOM,
        severity="fail",
        cause=("A TGI shard ran out of GPU memory while loading the model, so it could not start: the weights do not "
               "fit the GPU(s) the launch gave them, typically the whole model on one GPU because the server was not "
               "sharded over the others."),
        advice=("Shard the model over the GPUs: start TGI with `--num-shard N` (or `--sharded true`) for the N GPUs "
                "CUDA_VISIBLE_DEVICES (or Docker's --gpus) gives it, e.g. `--num-shard 4` on four GPUs (the model's "
                "attention heads must divide by N); if the shards together are still too small, serve a quantized model "
                "(`--quantize awq`/`gptq`/`bitsandbytes-nf4`, or an FP8 checkpoint) or larger GPUs."),
        action="configure",
        rules_out=("another process holding the GPU (the shard was loading the weights)",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/huggingface/text-generation-inference/issues/899", TGI_LAUNCHER),
        checked=CHECKED,
        examples=("vllm/tgi-899-falcon-40b-4xa10-num-shard-1-oom.txt",),
    ),
)

# --- an engine that takes the most memory it can, and a person who wants it to take less ---

# a line about running out of memory is the OOM rows', not this note's
_NOT_OOM = r"^(?![^\n]{0,400}?(?:[Oo]ut of memory|OOM|OutOfMemory|显存不足|[Nn]o available memory))[^\n]{0,300}?"
_GPU_MEMORY = r"(?:GPUs?'? |gpus?'? |video |available )?(?:memory|VRAM|vram)\b"

SIGNATURES += (
    Signature(
        code="vllm.engine-memory-cap-wanted-described",
        described=True,
        contexts=("tgi", "vllm"),
        cause_id="vllm-memory-preallocated",
        kinds=("any",),
        patterns=(
            # "I want the server to use only a fraction of my GPU memory"
            _NOT_OOM + r"\b(?:use|uses|using|take|takes|occupy|occupies|allocate|allocates|reserve|reserves|grab|grabs) "
            r"(?:only )?(?:a )?(?:fraction|part|portion|share|percentage|subset|limited amount) of (?:my |the |its |each |"
            r"our |all )?" + _GPU_MEMORY,
            # "In the current solution, it always uses the maximum memory amount it can"
            _NOT_OOM + r"\b(?:always |still |just )?(?:uses|takes|occupies|allocates|grabs|reserves|consumes|fills) (?:up )?"
            r"(?:the )?(?:maximum|max|all(?: of)?|most|whole|entire|full) (?:amount of )?(?:the )?" + _GPU_MEMORY,
        ),
        severity="info",
        cause=("The description, beside a serving engine (TGI, vLLM), suggests its normal memory reservation: the "
               "engine sizes its KV cache at start-up to the share of each GPU it is allowed (TGI's warm-up to what "
               "--cuda-memory-fraction leaves, vLLM to --gpu-memory-utilization), so it takes most of the memory by "
               "design, whatever the load."),
        advice=("Nothing is broken; give the engine a smaller share instead of a token limit: TGI "
                "`--cuda-memory-fraction 0.5` (its warm-up then infers the batch token budget from that share; "
                "--max-batch-total-tokens no longer caps Flash Attention models), vLLM `--gpu-memory-utilization 0.5`, "
                "SGLang `--mem-fraction-static 0.5`. Two servers on one GPU each need their own share, started one "
                "after the other."),
        action="none",
        rules_out=("a memory leak",),
        never_suggest=("reinstall",),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1245", TGI_LAUNCHER),
        checked=CHECKED,
        examples=("vllm/tgi-1245-always-uses-max-memory-cuda-memory-fraction.txt",),
    ),
)
