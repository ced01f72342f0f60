"""Where Ollama and llama.cpp put a model's layers: part of it on the CPU, or all of it on one GPU of several.

Written blind for issue 25 (fifth round). llama.cpp's load_tensors prints "offloaded N/M layers to GPU" (and Ollama's
new engine the same words, ml/backend/ggml/ggml.go); Ollama 0.1 to 0.11 plan the placement first and log it as
`msg=offload ... layers.model=M layers.offload=N` with memory.required.full (every layer on the GPU) beside
memory.required.partial (the layers that fit), equal when all fit. Ollama's scheduler (server/sched.go) loads a
model onto the one GPU it fits in unless OLLAMA_SCHED_SPREAD is set (docs/faq.md).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# What a helper says when part of a model runs on the CPU because it does not fit the GPU's free memory.
OFFLOAD_ADVICE = (
    "Make the whole model fit in VRAM: use a smaller model or a smaller quantization (e.g. a q4_K_M or q3 tag of it), "
    "lower the context (num_ctx / OLLAMA_CONTEXT_LENGTH; the KV cache grows with it) or quantize the KV cache "
    "(OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0), close other programs holding "
    "GPU memory (`nvidia-smi` lists them; `ollama stop MODEL` unloads other models), or add more GPUs (a 70B model at "
    "4-bit needs about 40-48 GB, two 24 GB cards). `ollama ps` shows the split: its PROCESSOR column reads 100% GPU "
    "once the model fits, e.g. 52%/48% CPU/GPU while part of it runs on the CPU. Where the runner then fails out of "
    "memory with part of the model on the GPU (Ollama's estimate left too little for an image encoder or the compute "
    "buffers), put fewer layers on the GPU (a lower num_gpu in the request or a Modelfile) or update Ollama, whose "
    "newer releases estimate memory better."
)

PLACEMENT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.partial-offload",
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # llama.cpp's load_tensors and Ollama's new engine: N of M layers (N above 0: no-layers-offloaded's case).
            # Ollama 0.1 to 0.11 also log a plan (layers.model=M layers.offload=N, memory.required.full above
            # .partial), which the Ollama checks read from its log (gpudoctor/ollama/load.py). It is not read here:
            # every load prints it, so keyed on "layers.model=" it cost 0.07 s of the 50 MB bench, and the same load
            # logs llama.cpp's "offloaded N/M layers" below it.
            r"offloaded (?P<on_gpu>[1-9]\d{0,3})/(?P<layers>\d{1,4}) layers to GPU",
            # Not read: the new engine's "offloading output layer to CPU" (its key, "output", is on a line every
            # healthy load prints: 0.1 s of the 50 MB bench); the same load logs "offloaded N/M layers" above.
        ),
        smaller=(("on_gpu", "layers"),),
        severity="warn",
        cause=("Only part of the model fits in the GPU's free memory as loaded: the remaining layers run on the CPU "
               "from system RAM, which sets the speed (the GPU mostly waits)."),
        advice=OFFLOAD_ADVICE,
        action="configure",
        rules_out=("a driver or CUDA fault: the GPU is in use",),
        never_suggest=("reinstall the driver", "update the driver", "set OLLAMA_SCHED_SPREAD"),
        sources=("https://github.com/ollama/ollama/issues/9181", "https://github.com/ollama/ollama/issues/3301",
                 "https://github.com/ollama/ollama/issues/8393", "https://github.com/ollama/ollama/issues/6008", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-3301-offloaded-30-of-81-layers-cpu-bound.txt",
                  "ollama/ollama-6008-llama31-70b-4090-offloaded-42-of-81.txt"),
    ),
    Signature(
        code="ollama.one-gpu-of-several",
        described=True,
        cause_id="ollama-single-gpu-by-design",
        kinds=("any",),
        patterns=(
            # how people report it: "ollama ... only uses 1 of them", "ollama not using all GPUs" (each pattern written
            # so that the matcher keys it on a word that healthy Ollama logs seldom hold)
            r"\b[Oo]llama\b[^\n]{0,200}?\bonly using (?:1|one|a single)\b",
            r"\b[Oo]llama\b[^\n]{0,200}?\buses only (?:1|one|a single)\b",
            r"\b[Oo]llama\b[^\n]{0,200}?\b(?:only )?uses (?:1|one|a single) (?:of|GPU)",
            r"\b[Oo]llama (?:is |does )?not using all (?:the |my |\d )?GPUs",
            r"\b[Oo]llama (?:does )?not use all\b",
        ),
        severity="info",
        cause=("Ollama loads a model onto a single GPU when it fits in that GPU's memory; that is by design (it is "
               "usually fastest), not a fault."),
        advice=("Expected when the model fits one GPU. To spread every model over all GPUs set OLLAMA_SCHED_SPREAD=1 "
                "in the server's environment (`sudo systemctl edit ollama`, Environment=\"OLLAMA_SCHED_SPREAD=1\", then "
                "restart it); several models or parallel requests already use the other GPUs."),
        action="none",
        rules_out=("a missing or hidden GPU, when the server log lists them all",),
        never_suggest=("reinstall the driver", "set num_gpu", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/5635", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-5635-4xa100-only-one-used.txt",),
    ),
    Signature(
        code="ollama.one-gpu-used-described",
        described=True,
        contexts=("ollama",),  # "only one GPU is used" means Ollama's placement only where the text is about Ollama
        cause_id="ollama-single-gpu-by-design",
        kinds=("any",),
        # The person's words about several GPUs of which one is used, on a line of its own (the generic rows above
        # need Ollama's name on the same line): "only one GPU is used", "it only use 1 gpu for inference",
        # "multiple GPUs are not used".
        patterns=(
            r"\bonly (?:one|1|a single) (?:GPU|gpu|card|graphics card) (?:is |was |gets |got )?(?:being )?used\b",
            r"\bonly (?:uses?|using|utili[sz]es?) (?:one|1|a single) (?:GPU|gpu|card)s?\b",
            r"\b(?:multiple|several|both|all|the other|other) (?:GPUs|gpus|cards) (?:are|were) not (?:being )?used\b",
            # the question that follows one busy GPU: "How to use all gpus?", "how can I make it use both GPUs" (w36e)
            r"\b[Hh]ow (?:can I |do I |could I |to )(?:make (?:it|ollama|Ollama) )?(?:use|utili[sz]e|run on|load (?:it |the "
            r"model )?(?:on|across)) (?:all|both|every|multiple) (?:of )?(?:my |the |\d )?(?:GPUs|gpus|GPU's|cards|graphics "
            r"cards)\b",
        ),
        severity="info",
        cause=("Ollama loads a model onto one GPU when it fits there, by design (a single completion is no faster "
               "spread over several GPUs); the other GPUs serve other models or parallel requests."),
        advice=("Expected when the model fits one GPU: the server log's \"inference compute\" lines list every GPU it "
                "found. To spread every model over all GPUs anyway, set OLLAMA_SCHED_SPREAD=1 in the server's "
                "environment (`sudo systemctl edit ollama`, Environment=\"OLLAMA_SCHED_SPREAD=1\", then restart it; "
                "`-e OLLAMA_SCHED_SPREAD=1` for a container)."),
        action="none",
        rules_out=("a missing or hidden GPU, when the server log lists them all",),
        never_suggest=("reinstall the driver", "set num_gpu", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/10007", "https://github.com/ollama/ollama/issues/5093",
                 "https://github.com/ollama/ollama/issues/8546", FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-10007-docker-multiple-gpus-not-used.txt",
                  "ollama/ollama-5093-visible-devices-two-ids-one-used.txt", "ollama/ollama-8546-four-4090-only-one-used.txt"),
    ),
    Signature(
        code="ollama.model-file-unreadable",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="model-file-corrupt",
        kinds=("any",),
        # Ollama's own GGUF reader (fs/ggml) when a file's first bytes are no format it knows: a Git LFS pointer, a
        # damaged blob in its store, or (older releases) a newer GGUF variant it cannot parse yet
        patterns=(r"\binvalid file magic\b",),
        severity="fail",
        cause=("Ollama could not read the model file as GGUF: the file is damaged or not the model itself (a Git LFS "
               "pointer, a partial download), or this Ollama is too old for the file's format."),
        advice=("Download the model again from scratch: for a pulled model remove it first (`ollama rm MODEL`, then "
                "`ollama pull MODEL`); for `ollama create`, check the .gguf is the real file (`ls -l` shows gigabytes, "
                "not the ~130 bytes of a Git LFS pointer; fetch it with `git lfs pull` or the file's resolve/ link) and "
                "compare its sha256 with the source. If the file is intact, update Ollama: older releases reject newer "
                "quantisation types and architectures with this error."),
        action="configure",
        rules_out=("a GPU or driver fault", "lack of VRAM"),
        never_suggest=("reinstall the driver", "update the driver", "lower num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/8725", "https://github.com/ollama/ollama/issues/3010",
                 "https://github.com/ollama/ollama/issues/4075", "https://github.com/ollama/ollama/issues/573"),
        checked="2026-11-26",
        examples=("ollama/ollama-8725-deepseek-invalid-file-magic-rm-and-pull.txt",),
    ),
    Signature(
        code="ollama.model-needs-newer-runner",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llm/server.go maps the runner's "unknown model architecture" at load to this sentence for the client
        patterns=(r"this model is not supported by your version of",),
        severity="fail",
        cause="This Ollama release cannot run the model's architecture; a newer release (or a pre-release) can.",
        advice=("Upgrade Ollama to the newest release (on Linux `curl -fsSL https://ollama.com/install.sh | sh`, on "
                "Windows and macOS the app's update, in Docker a newer ollama/ollama image) and restart the server; if `ollama -v` then still warns \"client version is ...\", an old "
                "server is still running: restart it (sudo systemctl restart ollama, or quit the app)."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model file"),
        never_suggest=("reinstall the driver", "update the driver", "pull the model again"),
        sources=("https://github.com/redhat-developer/vscode-paver/issues/101",
                 "https://github.com/ollama/ollama/issues/7946", "https://github.com/ollama/ollama/issues/9684"),
        checked="2026-11-26",
        examples=("ollama/paver-101-granite3-not-supported-by-your-version.txt",),
    ),
)

PLACEMENT_SIGNATURES += (
    Signature(
        code="ollama.too-many-gpus-for-ggml",
        cause_id="ollama-too-many-gpus",
        kinds=("any",),
        # ggml-backend's scheduler assert: GGML_SCHED_MAX_BACKENDS is 16, the CPU backend included
        patterns=(r"GGML_ASSERT\(n_backends <= GGML_SCHED_MAX_BACKENDS\) failed",),
        severity="fail",
        cause=("The runner was given more GPUs than ggml's scheduler can hold (16 backends, the CPU included, fixed "
               "at compile time), so it aborts before loading the model."),
        advice=("Expose at most 15 GPUs to the Ollama server, e.g. `CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7` in its "
                "environment (systemctl edit ollama, or the container's -e), or run two Ollama instances on separate "
                "GPU sets and ports; GGML_SCHED_MAX_BACKENDS cannot be changed without rebuilding."),
        action="configure",
        rules_out=("GPU memory", "a driver fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/10705", "https://github.com/ollama/ollama/issues/8920",
                 "https://github.com/ollama/ollama/issues/7148", "https://github.com/ggml-org/llama.cpp/issues/11433"),
        checked="2026-11-26",
        examples=("ollama/ollama-10705-sixteen-a16-sched-max-backends.txt",),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
)

PLACEMENT_SIGNATURES += (
    Signature(
        code="ollama.llama-cpp-split-mode-unsupported",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error", "ollama.ggml-cuda-assert"), refines_within=None,
        cause_id="llama-cpp-split-mode-unsupported",
        kinds=("any",),
        # ggml-cuda's guards for row-split weights in batched multiplications (ggml_cuda_mul_mat and the MoE path);
        # the tensor split mode (2026) is ggml-backend-meta, whose every assert is a split it cannot make (a draft
        # model's tensors, three GPUs, mixed backends), and llama-model.cpp's refusal for the architectures it does
        # not implement (llm_arch_supports_sm_tensor) and its split-axis guard
        patterns=(
            r"GGML_ASSERT\(!\(split && ne\d{2} [<>] (?:\d|ne\d{2})\)\) failed",
            r"GGML_ASSERT\(split_state\.n_segments == 1\) failed",
            r"ggml-backend-meta\.cpp:\d{1,5}: GGML_ASSERT\(",
            r"GGML_ASSERT\((?:tensor_axis_0 != nullptr|meta_buf_ctx->bufs\[i\])\) failed",
            r"LLAMA_SPLIT_MODE_TENSOR not implemented for architecture '(?P<arch>[\w.-]{1,40})'",
            # the row split's other guards in ggml-cuda.cu, in both GGML_ASSERT formats (before mid-2024: "GGML_ASSERT:
            # FILE:LINE: cond"): MoE experts (mul_mat_id) and views of split tensors (3D expert tensors)
            r"mul_mat_id does not support split buffers",
            r"ggml-cuda\.cu:\d{1,5}: (?:GGML_ASSERT\()?tensor->view_src == nullptr",
            r"ggml-cuda\.cu:\d{1,5}: !\(split && ne\d{2} [<>] (?:\d|ne\d{2})\)",
            # llama-model.cpp's loader, where the device's backend offers no split buffer type for -sm row (2026 builds
            # of CUDA and HIP among them): "error loading model: device CUDA0 does not support split buffers"
            r"device (?P<device>[\w-]{1,24}) does not support split buffers",
        ),
        severity="fail",
        cause=("llama.cpp's row or tensor split mode does not support this model's tensors (a batched or MoE "
               "multiplication over split weights), so it aborts; the GPUs and their memory are not the problem."),
        advice=("Run with the default layer split: drop `--split-mode row` / `--split-mode tensor` (or pass "
                "`--split-mode layer`, `-sm layer`; llama-cpp-python split_mode=1) and balance the GPUs with "
                "--tensor-split. The tensor split is implemented for some architectures and setups only (not every "
                "MoE or hybrid model, draft model, GPU count or mix of GPU vendors); `row` may work where `tensor` "
                "does not, and a newer llama.cpp build may add support."),
        action="configure",
        rules_out=("GPU memory", "a driver fault"),
        never_suggest=("reinstall the driver", "reduce n-gpu-layers"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/21404", "https://github.com/ggml-org/llama.cpp/issues/21876",
                 "https://github.com/ggml-org/llama.cpp/issues/13372", "https://github.com/oobabooga/textgen/issues/7536",
                 "https://github.com/ggml-org/llama.cpp/issues/27819", "https://github.com/ggml-org/llama.cpp/issues/26837",
                 "https://github.com/ggml-org/llama.cpp/issues/24309", "https://github.com/ggml-org/llama.cpp/issues/25594",
                 "https://github.com/ggml-org/llama.cpp/issues/6593", "https://github.com/LostRuins/koboldcpp/issues/1047",
                 "https://github.com/ggml-org/llama.cpp/blob/master/src/llama-model.cpp"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-21404-row-split-ne02-assert.txt", "ollama/llamacpp-21876-tensor-split-n-segments.txt",
                  "ollama/textgen-7536-sm-tensor-minimax-m2.txt",
                  "ollama/llamacpp-27819-dflash2-tensor-split-meta-assert.txt",
                  "ollama/llamacpp-26837-three-gpu-tensor-split-meta-assert.txt",
                  "ollama/llamacpp-6593-mixtral-row-split-mul-mat-id-assert.txt",
                  "ollama/koboldcpp-1047-row-split-view-src-assert.txt"),
    ),
)

# How people report the same split in words: a model of 12B or more (an Ollama tag such as llama3:70b, or "27B") that
# is slow on their GPU. Written as a warning: the words alone do not prove the split, `ollama ps` does.
_LARGE_MODEL = r"(?P<size>1[2-9]|[2-9]\d|[1-9]\d\d)"
PLACEMENT_SIGNATURES += (
    Signature(
        code="ollama.large-model-slow-partly-on-cpu",
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            r":" + _LARGE_MODEL + r"b\b[^\n]{0,200}?\bslow",
            r"\bslow\b[^\n]{0,200}?:" + _LARGE_MODEL + r"b\b",
            r"\b" + _LARGE_MODEL + r"B\b[^\n]{0,160}?\b(?:very |really |extremely |super |so |too |is |runs? )slow",
        ),
        severity="warn",
        cause=("A {size}B model that is slow most often does not fit the GPU's free memory at its quantization, so Ollama "
               "(or llama.cpp, koboldcpp, LM Studio) keeps part of it in system RAM and runs those layers on the CPU: "
               "slow, with the GPU mostly idle."),
        advice=OFFLOAD_ADVICE,
        action="configure",
        rules_out=("a driver fault, when `ollama ps` shows a CPU/GPU split",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ollama/ollama/issues/3818",
                 "https://github.com/LostRuins/koboldcpp/issues/1717",
                 "https://github.com/ollama/ollama/issues/6008", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-3818-4090-llama3-70b-instruct-slow.txt",
                  "ollama/koboldcpp-1717-rtx5070-27b-1-6-tokens-slow.txt"),
    ),
)
