"""Serving engines beside vLLM (text-generation-inference, SGLang) and vLLM's own start-up checks: engine arguments
that do not fit the model or the GPUs.

Written blind for issue 25 (seventh round), sampled by symptom from the trackers. text-generation-inference shards
a model over --num-shard GPUs by splitting its attention heads (custom_modeling/*: "`num_heads` must be divisible
by `num_shards`") and its weight matrices (utils/weights.py: "The choosen size N is not compatible with sharding on
K shards"); the launcher then reports "Shard 0 failed to start" and "Error: ShardCannotStart". vLLM's V1 engine
(default from 0.8, opt-in with VLLM_USE_V1=1 in 0.7) first built its attention on FlashAttention alone
(v1/attention/backends/flash_attn.py asserts is_fa_version_supported; the kernel call raises "Unsupported FA version:
None"), which needs compute capability 8.0; the V0 engine falls back to XFormers there. The logged "Cannot use FA
version 2 is not supported due to ..." alone is that fallback's notice, not a failure. AutoAWQ runs its quantized
layers through a separate compiled package, autoawq-kernels (awq_ext), whose wheels are built against one torch
release; when it is missing or does not load, awq/modules raise "AWQ kernels could not be loaded" (inference) or
"auto-awq kernels is needed to be installed to use `.backward()`" (training, through transformers). vLLM's and
SGLang's weight loaders (model_loader: _prepare_weights) raise "Cannot find any model weights with <path>" when no
file of the requested --load-format is there. SGLang's prebuilt sgl_kernel links against the system's libnuma.
vLLM's setup.py refuses every platform but Linux ("vLLM only supports Linux platform (including WSL)", since
vllm-project/vllm#3438; before it the build failed on "nvcc_cuda_version is not defined"). Each vLLM wheel pins the
torch its kernels were compiled against; pip reports another torch as "vllm X requires torch==Y, but you have torch Z
which is incompatible" and installs anyway.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TGI_SHARDING = "https://huggingface.co/docs/text-generation-inference/conceptual/tensor_parallelism"

SERVING_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.tgi-heads-not-divisible-by-shards",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            r"`num_heads` must be divisible by `num_shards` \(got `num_heads`: (?P<heads>\d{1,5}) and "
            r"`num_shards`: (?P<shards>\d{1,3})",
            r"The choosen size (?P<size>\d{1,7}) is not compatible with sharding on (?P<shards>\d{1,3}) shards",
        ),
        severity="fail",
        cause=("text-generation-inference cannot split this model over {shards} GPUs: sharding divides its attention "
               "heads (or weight matrices) among the shards, and their number is not a multiple of {shards}."),
        advice=("Start it with a --num-shard that divides the model's head count (num_attention_heads in its "
                "config.json), e.g. --num-shard 1 on one GPU that holds the model, or another count of GPUs chosen "
                "with CUDA_VISIBLE_DEVICES; a model too large for those needs a quantized variant (--quantize)."),
        action="configure",
        rules_out=("a GPU or driver fault", "a lack of GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1354",
                 "https://github.com/huggingface/text-generation-inference/issues/507", TGI_SHARDING),
        checked="2026-11-26",
        examples=("vllm/tgi-1354-falcon-7b-71-heads-2-shards.txt",),
    ),
    Signature(
        code="vllm.v1-engine-needs-flash-attention",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        patterns=(
            r"assert is_fa_version_supported\(self\.fa_version\)",
            r"ValueError: Unsupported FA version: None\b",
        ),
        severity="fail",
        cause=("vLLM's V1 engine in this release runs attention only with FlashAttention, which needs an Ampere or "
               "newer GPU (compute capability 8.0); this GPU (Volta or Turing) has none, so the engine core dies."),
        advice=("Run the V0 engine, which uses XFormers on this GPU: `export VLLM_USE_V1=0` (or unset VLLM_USE_V1) "
                "before starting vLLM, in releases that still ship the V0 engine; in later ones pick an attention "
                "backend this GPU supports with VLLM_ATTENTION_BACKEND, or run on an Ampere or newer GPU."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/vllm-project/vllm/issues/13398", "https://github.com/vllm-project/vllm/issues/13788",
                 "https://github.com/vllm-project/flash-attention/pull/48"),
        checked="2026-11-26",
        examples=("vllm/vllm-13398-v1-engine-v100-fa-version-assert.txt",),
    ),
    Signature(
        code="vllm.autoawq-kernels-not-loaded",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            r"AWQ kernels could not be loaded",
            r"AWQ Kernels not found",
            r"auto-awq kernels is needed to be installed to use",
            r"name 'awq_ext' is not defined",
        ),
        severity="fail",
        cause=("AutoAWQ's compiled kernels (the autoawq-kernels package, awq_ext) are missing or do not load with this "
               "torch: their wheels are built for one torch and CUDA release."),
        advice=("Check the versions (`pip show autoawq autoawq-kernels torch`, `python -c \"import awq_ext\"` shows the "
                "real load error), then install the autoawq-kernels release built for this torch, or build the kernels "
                "from source against it: `pip uninstall -y autoawq-kernels && pip install --no-build-isolation "
                "git+https://github.com/casper-hansen/AutoAWQ_kernels` (needs the CUDA toolkit's nvcc); custom torch "
                "builds (NVIDIA's PyTorch containers) always need the source build."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/casper-hansen/AutoAWQ_kernels/issues/16",
                 "https://github.com/hiyouga/LlamaFactory/issues/4241",
                 "https://github.com/casper-hansen/AutoAWQ/issues/374", "https://github.com/casper-hansen/AutoAWQ/issues/298"),
        checked="2026-11-26",
        examples=("vllm/autoawq-kernels-16-ngc-torch-kernels-not-loaded.txt",
                  "vllm/llamafactory-4241-awq-kernels-backward-qwen2-72b.txt",
                  "wheels/qwen3-221-awq-ext-nameerror.txt"),
    ),
    Signature(
        code="vllm.model-weights-not-found",
        cause_id="vllm-weights-not-found",
        kinds=("any",),
        patterns=(r"Cannot find any model weights with [`'\"]?(?P<path>[^`'\"\s]{1,300})",),
        severity="fail",
        cause=("The engine found no weight files it can load at {path}: the path, the --load-format or the download "
               "does not match what is there."),
        advice=("List what the model path holds (`ls -la` on the path the error names): it needs the weight files (*.safetensors or *.bin, "
                "not only config.json or tiny Git LFS pointer files); point --model at the directory that holds them, "
                "leave --load-format at auto (safetensors asks for .safetensors files, pt for .bin), and for a Hugging "
                "Face id download the weights first (`huggingface-cli download MODEL`)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall vllm"),
        sources=("https://github.com/vllm-project/vllm/issues/3329", "https://github.com/vllm-project/vllm/issues/4333",
                 "https://github.com/kvcache-ai/ktransformers/issues/1714"),
        checked="2026-11-26",
        examples=("vllm/vllm-3329-safetensors-load-format-vicuna.txt",),
    ),
    Signature(
        code="vllm.libnuma-missing",
        cause_id="system-library-missing",
        kinds=("any",),
        patterns=(r"(?P<library>libnuma\.so(?:\.1)?): cannot open shared object file",),
        severity="fail",
        cause=("A prebuilt extension (sgl_kernel's common_ops for SGLang, UCX for RAPIDS) links against {library}, the "
               "NUMA library of the operating system, which is not installed here."),
        advice=("Install the system's NUMA library: `sudo apt install libnuma1` (Debian, Ubuntu; add it to the "
                "Dockerfile's apt-get line for an image) or `sudo dnf install numactl-libs` (Fedora, RHEL); "
                "reinstalling sglang or the Python package does not bring it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall sglang", "reinstall CUDA"),
        sources=("https://github.com/odysseus-dev/odysseus/pull/6257", "https://github.com/sgl-project/sglang/pull/15355",
                 "https://github.com/rapidsai/gpuci-build-environment/pull/209"),
        checked="2026-11-26",
        examples=("vllm/odysseus-6257-sgl-kernel-libnuma-missing.txt",),
    ),
    Signature(
        code="vllm.installed-off-linux",
        cause_id="vllm-platform-unsupported",
        kinds=("any",),
        patterns=(r"vLLM only supports Linux platform",),
        severity="fail",
        cause="vLLM is being installed on an operating system it does not run on: it supports Linux only.",
        advice=("Run vLLM on Linux: on Windows install WSL2 (`wsl --install -d Ubuntu`), install the NVIDIA driver on "
                "Windows only, and `pip install vllm` inside WSL, or run the vllm/vllm-openai Docker image; on macOS "
                "use another engine (llama.cpp, Ollama, MLX) and leave vllm out of the requirements."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit", "set CUDA_HOME"),
        sources=("https://github.com/vllm-project/vllm/pull/3438", "https://github.com/vllm-project/vllm/issues/3425",
                 "https://github.com/RUC-NLPIR/FlashRAG/issues/5", "https://github.com/sgl-project/sglang/issues/508",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-26",
        examples=("vllm/flashrag-5-mac-install-vllm-linux-only.txt", "vllm/sglang-508-mac-vllm-only-linux.txt"),
    ),
    Signature(
        code="vllm.torch-not-the-pinned-one",
        cause_id="package-version-conflict",
        kinds=("any",),
        # pip's resolver report: each vLLM wheel pins the torch its compiled extensions were built against
        patterns=(r"\b(?P<package>vllm|sglang) (?P<version>\d[\w.+]{0,30}) requires torch==(?P<wanted>[\d.]{3,12})"
                  r"[^\n]{0,80}?, but you have torch (?P<have>\d[\w.+]{0,30}) which is incompatible",),
        severity="warn",
        cause=("{package} {version} is built for torch {wanted}, but torch {have} is installed: its compiled kernels "
               "will not load (undefined symbols) or misbehave."),
        # {package} is vllm or sglang; xformers' own pin is wheels.xformers-pins-another-torch's (its advice is the
        # xformers build for the torch kept, from the same CUDA index)
        advice=("Let {package} bring its own torch: install it into a fresh virtual environment (`python -m venv venv && . "
                "venv/bin/activate && pip install {package}`), or reinstall the torch it pins (`pip install "
                "torch=={wanted}` with its matching torchvision), and install nothing afterwards that upgrades torch; if "
                "another package needs torch {have}, choose the {package} release built for that torch instead."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/hiyouga/EasyR1/issues/27", "https://github.com/vllm-project/vllm/issues/5576",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-26",
        examples=("vllm/easyr1-27-torch-2-4-vs-vllm-pin.txt",),
    ),
)
