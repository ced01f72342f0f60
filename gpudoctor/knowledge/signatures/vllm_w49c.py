"""Issue 25 (helper w49c): serving engines' multi-GPU set-ups that fresh threads showed and no row read.

- LMDeploy's TurboMind asked for tensor parallelism on native Windows. Its Windows wheels are built without NCCL (and,
  before 0.7, without TurboMind's multi-GPU code), so `--tp 2` stops at start-up: TurboMind's communicator factory
  (src/turbomind/comm/device_comm.cc) ends in `TM_CHECK(0) << "Unknown communication backend: " << backend`
  ("[TM][FATAL] comm\\device_comm.cc(28): Check failed: 0 Unknown communication backend: nccl"), older releases in
  the barrier's assertion, whose path is the wheel's Windows build machine ("[TM][ERROR] Assertion fail:
  D:\\a\\lmdeploy\\lmdeploy\\src/turbomind/models/llama/Barrier.h:20", lmdeploy#1703; the
  maintainers: multi-GPU is not supported on Windows). One GPU per model on Windows, or Linux/WSL2, is the way.
- A person asking how to cap the GPU memory an engine takes, or saying it takes it all for the KV cache, where the
  engine is TensorRT-LLM, Triton's TensorRT-LLM backend or Hugging Face TGI (vllm_p15o.py and vllm_w25d.py read vLLM,
  SGLang and LMDeploy named with the memory they took): TensorRT-LLM sizes its KV cache from
  free_gpu_memory_fraction (0.9 of the free memory by default, TensorRT-LLM#2773), TGI from --cuda-memory-fraction,
  LMDeploy from cache_max_entry_count, also when several models are started on one GPU (lmdeploy#3804). That is the
  engines' design; the fix is the share, not more memory.
- A person saying a serving engine or model launcher put the model on one GPU while the others idle (Xinference's
  default GPU count, xinference#503; ms-swift's vLLM back end without tensor parallelism, ms-swift#2221): the launch
  must ask for tensor parallelism (--n-gpu, --tensor-parallel-size, --tp); CUDA_VISIBLE_DEVICES only shows GPUs.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_WINDOWS_TP_ADVICE = (
    "On native Windows run one GPU per model: start TurboMind with --tp 1 (TurbomindEngineConfig(tp=1)), or one "
    "server per GPU (set CUDA_VISIBLE_DEVICES for each) behind a proxy. For tensor parallelism over several GPUs "
    "run LMDeploy on Linux or inside WSL2 (`pip install lmdeploy` there), where its wheels are built with NCCL.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.turbomind-multi-gpu-on-windows",
        cause_id="windows-tensor-parallel-unsupported",
        kinds=("any",),
        patterns=(
            # the barrier's assertion in a wheel built on Windows (the build machine's drive letter):
            # "[TM][ERROR] Assertion fail: D:\a\lmdeploy\lmdeploy\src/turbomind/models/llama/Barrier.h:20"
            r"Assertion fail: [A-Za-z]:\\[^\n]{0,160}?turbomind[/\\]models[/\\]llama[/\\]Barrier\.h:\d{1,4}",
        ),
        severity="fail",
        cause=("LMDeploy's TurboMind was asked for tensor parallelism (--tp 2 or more) in a build without its "
               "multi-GPU communication: the Windows wheels have no NCCL, so several GPUs cannot work on one model on "
               "native Windows, while --tp 1 runs."),
        advice=_WINDOWS_TP_ADVICE,
        action="configure",
        rules_out=("the driver", "CUDA", "a missing source file (the path is the wheel's build machine)"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/InternLM/lmdeploy/issues/1703",
                 "https://lmdeploy.readthedocs.io/en/latest/get_started/windows.html"),
        checked=CHECKED,
        examples=("vllm/lmdeploy-1703-windows-tp2-barrier-assertion-win32.txt",),
    ),
)

# --- engines that take a share of the GPU by design, asked about in other words than vLLM's and SGLang's rows read ---

# a line about running out of memory is the OOM rows', not this note's (unless it names the engine's share: below)
_NOT_OOM = r"(?![^\n]{0,400}?(?:[Oo]ut of memory|OOM|OutOfMemory|CUDA error))"
# the engines this row adds: TensorRT-LLM (and Triton's backend for it), Hugging Face TGI
_ENGINE = (r"(?<![A-Za-z])(?:TensorRT-LLM|TensorRT LLM|TRT-LLM|TRTLLM|trtllm|tensorrt_llm|tensorrt-llm|TensorRT|"
           r"text-generation-inference|[Tt]ext [Gg]eneration [Ii]nference|TGI|tgi)(?![A-Za-z])")
# the memory-share settings of the serving engines, as people name them
# the same without TensorRT alone (an ONNX or TensorRT engine's own memory is no KV-cache reservation)
_LLM_ENGINE = (r"(?<![A-Za-z])(?:TensorRT-LLM|TensorRT LLM|TRT-LLM|TRTLLM|trtllm|tensorrt_llm|tensorrt-llm|"
               r"text-generation-inference|[Tt]ext [Gg]eneration [Ii]nference|TGI|tgi)(?![A-Za-z])")
_SHARE = (r"(?:freeGpuMemoryFraction|free_gpu_memory_fraction|kv_cache_free_gpu_mem(?:ory)?_fraction|max_gpu_total_bytes|"
          r"cuda[-_]memory[-_]fraction|cache[-_]max[-_]entry[-_]count|gpu[-_]memory[-_]utili[sz]ation|"
          r"mem[-_]fraction[-_]static)")
_MEMORY = r"(?:GPU |gpu |video )?(?:memory|VRAM|vram|RAM|ram)"
_CAP = r"(?:[Ll]imit|[Cc]ap|[Rr]estrict|[Cc]ontrol|[Rr]educe|[Ll]ower|[Bb]ound|[Cc]onstrain|[Ss]et)"

_SHARE_ADVICE = (
    "Nothing to fix: the engine reserves its KV cache up front. Give it a smaller share: TensorRT-LLM "
    "KvCacheConfig(free_gpu_memory_fraction=0.5) (trtllm-serve --kv_cache_free_gpu_memory_fraction 0.5; Triton's "
    "tensorrtllm backend: kv_cache_free_gpu_mem_fraction in config.pbtxt), or max_gpu_total_bytes for a cap in bytes; "
    "TGI --cuda-memory-fraction 0.5; LMDeploy --cache-max-entry-count 0.5 (a whole number above 1 is a fixed count of "
    "KV blocks); vLLM --gpu-memory-utilization, SGLang --mem-fraction-static. Several models on one GPU each need "
    "their own smaller share, started one after another, or the GPU split with MIG (or MPS).")

SIGNATURES += (
    Signature(
        code="vllm.serving-memory-share-described",
        described=True,
        cause_id="vllm-memory-preallocated",
        kinds=("any",),
        patterns=(
            # "Is there a variable to control the maximum GPU memory available for TensorRT to consume?",
            # "how to limit the gpu memory usage of TGI"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?\b" + _CAP + r"\w{0,3} (?:the )?(?:max(?:imum)? |total )?" + _MEMORY
            + r"\b[^\n]{0,80}?" + _ENGINE,
            # "TensorRT-LLM tends to use as much memory for KV cache as it could", "stop TensorRT from allocating all
            # available gpu global storage for KV cache"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _ENGINE + r"[^\n]{0,120}?\b(?:allocat\w{0,4}|us\w{1,3}|tak\w{1,4}|"
            r"occup\w{1,4}|reserv\w{1,4}) (?:all|as much|most|nearly all|almost all)\b[^\n]{0,60}?\b(?:for|to) (?:the )?"
            r"(?:KV|kv|k/v)[ -]?cache\b",
            # "I deploy meta-llama/Llama-2-13b-chat-hf with tgi and get almost ~80GB allocated", "TGI consumes all
            # available gpus memory", "trtllm takes 70GB for a 7B model"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _LLM_ENGINE + r"[^\n]{0,160}?\b(?:get|got|gets|see|saw|shows?|showing|"
            r"uses?|using|used|takes?|took|taking|consum\w{1,4}|occup\w{1,4}|allocat\w{1,4}|reserv\w{1,4}|fills?|filled)\b "
            r"(?:up )?(?:almost |nearly |about |around |over |more than )?~? ?(?:\d{1,3}(?:\.\d)? ?(?:G|GB|GiB)\b|all "
            r"(?:the |of the )?(?:available )?(?:GPUs? |gpus? )?(?:memory|VRAM|vram)|(?:high|huge|more|much more|so much|"
            r"too much) (?:GPU |gpu )?(?:memory|VRAM|vram|usage))",
            # "Does it mean TGI will automatically create copies of the model until the GPU memory is full"; "TGI
            # over-reserving memory"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _LLM_ENGINE + r"[^\n]{0,160}?\b(?:GPU |gpu )?(?:memory|VRAM|vram) (?:is|was|"
            r"gets?|got|becomes?|became) (?:completely |almost |nearly )?(?:full|filled|used up|maxed out)\b",
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _LLM_ENGINE + r"[^\n]{0,60}?\bover-?reserv\w{1,4}\b",
            # a share setting named, with several models on one GPU: "cache_max_entry_count参数...如果有多个模型在同一个
            # GPU上启动", "gpu_memory_utilization ... two models on the same GPU"
            r"^[^\n]{0,300}?" + _SHARE + r"[^\n]{0,200}?(?:多个模型|两个模型|多个实例|多个服务|(?:several|multiple|two|2|both) "
            r"(?:models|instances|servers|engines)\b)[^\n]{0,40}?(?:同一个?|一张|一个|单张|(?:on|share|sharing) (?:the same|one|a "
            r"single) )(?:GPU|gpu|卡|显卡)",
            # "I'm already aware of the KV cache freeGpuMemoryFraction parameter but ... more direct control over how
            # much memory the engine is using"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _SHARE + r"[^\n]{0,160}?\b(?:control|limit|cap|restrict)\b[^\n]{0,60}?\b"
            r"(?:how much|the) (?:GPU )?memory\b",
        ),
        severity="info",
        cause=("The description points at the serving engine's memory share: TensorRT-LLM (free_gpu_memory_fraction, "
               "0.9 of the free memory by default), TGI (--cuda-memory-fraction), LMDeploy (cache_max_entry_count), "
               "vLLM and SGLang each reserve that share of the GPU for KV cache at start-up, whatever the model's "
               "size; a second model started on the same GPU then finds little free."),
        advice=_SHARE_ADVICE,
        action="configure",
        rules_out=("a memory leak", "a GPU or driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/2773", "https://github.com/NVIDIA/TensorRT-LLM/issues/486",
                 "https://github.com/InternLM/lmdeploy/issues/3804",
                 "https://github.com/huggingface/text-generation-inference/issues/1232",
                 "https://github.com/huggingface/text-generation-inference/issues/926",
                 "https://github.com/huggingface/text-generation-inference/issues/955",
                 "https://nvidia.github.io/TensorRT-LLM/features/kvcache.html",
                 "https://huggingface.co/docs/text-generation-inference/reference/launcher"),
        checked=CHECKED,
        examples=("vllm/trtllm-2773-limit-max-gpu-memory-kv-fraction-prose.txt",
                  "vllm/lmdeploy-3804-cache-entry-count-several-models-one-gpu-prose.txt",
                  "vllm/tgi-926-llama2-13b-almost-80gb-allocated.txt", "vllm/tgi-955-llama2-7b-gpu-full-copies-prose.txt"),
        # the line that names the share and several models on one GPU also says a model may fail to start or run out:
        # the share explains it
        refines=("cuda.out-of-memory", "frameworks.gpu-memory-ran-out-described"),
    ),
)

# --- a model placed on one GPU of several: the launch did not ask for tensor parallelism ---

# not a training job (nccl.training-uses-one-gpu-described reads those), not a local LLM server that fits a model on one
# GPU by design (Ollama, llama.cpp)
_NOT_TRAINING = (r"(?![^\n]{0,400}?(?:\b[Tt]rain\w{0,4}\b|fine-?tun\w{0,3}|训练|微调|[Oo]llama|llama\.cpp|llama-server|"
                 r"LM Studio|koboldcpp))")
# what serving a model is called on the line
_SERVING = (r"(?:\b(?:infer\w{0,6}|serv(?:e|es|er|ing|ed)|deploy\w{0,5}|launch\w{0,4}|load(?:s|ed|ing)?|backend|vllm|vLLM|"
            r"xinference|Xinference|sglang|SGLang|lmdeploy|LMDeploy|LLM|model)\b|推理|部署|加载|启动|模型)")
_ONE_GPU_ADVICE = (
    "Ask the launch for tensor parallelism over the GPUs: vLLM --tensor-parallel-size 4 (LLM(..., "
    "tensor_parallel_size=4)); Xinference `xinference launch ... --n-gpu 4` (n_gpu, the GPU count in the web UI's "
    "launch form); ms-swift --infer_backend vllm with --tensor_parallel_size 4; SGLang --tp 4; LMDeploy --tp 4. "
    "CUDA_VISIBLE_DEVICES only decides which GPUs the engine may see; the size must divide the model's attention "
    "heads (1, 2, 4 or 8).")

SIGNATURES += (
    Signature(
        code="vllm.serving-uses-one-gpu-described",
        described=True,
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # "loaded with Llama2 13B-chat, and only one GPU is used", "with vllm backend, only one GPU is being utilized"
            r"^" + _NOT_TRAINING + r"[^\n]{0,300}?" + _SERVING + r"[^\n]{0,120}?\bonly (?:one|1|a single|single|the first|"
            r"GPU ?0|gpu ?0|GPU ?#?0) (?:GPU |gpu |card |device )?(?:is|was|gets?|got) (?:being )?(?:used|utili[sz]ed|"
            r"loaded|busy|working|occupied)\b",
            # "vllm only uses one GPU", "the model only loads on the first GPU"
            r"^" + _NOT_TRAINING + r"[^\n]{0,300}?" + _SERVING + r"[^\n]{0,80}?\bonly (?:uses?|using|used|utili[sz]es|"
            r"runs? on|loads? (?:on|onto|to|into)|loaded (?:on|onto|to|into)|occupies|sits on) (?:one|1|a single|the "
            r"first|GPU ?0|gpu ?0) (?:GPU|gpu|card|device)s?\b",
            # "模型只加载到第一张卡上", "只用了一张卡", "vllm只使用了一个GPU" (one pattern per verb, each a literal of three
            # characters for the prefilter)
            *(r"^" + _NOT_TRAINING + r"[^\n]{0,300}?(?:模型|推理|部署|vllm|vLLM|xinference|Xinference)[^\n]{0,60}?" + verb
              + r"(?:第一张|第一个|一张|一个|单张|单个|GPU ?0|gpu ?0|0号)(?:卡|GPU|gpu|显卡)"
              for verb in ("只加载到", "只加载在", "只用了", "只使用", "只跑在", "只占用", "仅加载到", "仅使用")),
        ),
        severity="warn",
        cause=("The description suggests the serving engine put the whole model on one GPU because the launch asked "
               "for one: a serving engine spreads a model over several GPUs only with tensor parallelism (vLLM's "
               "tensor_parallel_size, Xinference's n_gpu, SGLang's and LMDeploy's --tp), and the default is 1, "
               "whatever CUDA_VISIBLE_DEVICES shows."),
        advice=_ONE_GPU_ADVICE,
        action="configure",
        rules_out=("a GPU fault, when nvidia-smi lists every GPU",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/xorbitsai/inference/issues/503", "https://github.com/modelscope/ms-swift/issues/2221",
                 "https://github.com/xorbitsai/inference/issues/640",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked=CHECKED,
        examples=("vllm/xinference-503-llama2-13b-only-one-p100-used-prose.txt",
                  "vllm/msswift-2221-swift-infer-vllm-one-gpu-prose.txt"),
    ),
)
