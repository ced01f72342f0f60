"""vLLM engine arguments that do not fit together or point at no model, and a notice it prints on older GPUs.

Written blind for issue 25 (round three of the row writers). vLLM reads the model's config through transformers,
which takes --model as a local directory when one exists there and otherwise as a Hugging Face repo id; a path that
does not exist (a typo, '~' that Python never expands, a directory outside the container) then fails in
huggingface_hub's validate_repo_id ("Repo id must be in the form ..."), and vLLM's own get_config says "No supported
config format found in <model>" when neither config.json nor params.json can be had (vllm/transformers_utils/
config.py). SchedulerConfig refuses a max_num_batched_tokens below max_model_len while chunked prefill is off
(vllm/config.py, _verify_args), and older schedulers warned "Input prompt (N tokens) is too long and exceeds limit
of M" for prompts above the smaller of the two. fa_utils.py logs at ERROR level which FlashAttention version a GPU
below compute capability 8.0 cannot use, then picks another backend.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ENGINE_ARGS = "https://docs.vllm.ai/en/latest/configuration/engine_args.html"

CONFIG_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.model-path-not-found",
        cause_id="vllm-weights-not-found",
        kinds=("any",),
        patterns=(
            # only ids that are paths (absolute, home, relative, a Windows drive): a plain name is another failure
            r"Repo id must be in the f(?:orm|rom) 'repo_name' or 'namespace/repo_name': "
            r"'(?P<path>(?:/|~|\.{1,2}/|[A-Za-z]:\\)[^'\n]{0,400})'",
            # huggingface_hub's other refusal of the same string (its characters rather than its form)
            r"Repo id must use alphanumeric chars[^\n]{0,200}?: '(?P<path>(?:/|~|\.{1,2}/|[A-Za-z]:\\)[^'\n]{0,400})'",
            r"No supported config format found in (?P<path>\S{1,400})",
            # vLLM 0.8 on (transformers_utils/config.py) says it for a path and for a Hub id it cannot reach
            r"Invalid repository ID or local directory specified: '(?P<path>[^'\n]{1,400})'",
        ),
        severity="fail",
        cause=("No model directory holding a config.json was found at {path}, and it could not be read as a Hugging "
               "Face repository either: most often a local path that does not exist where the engine runs."),
        advice=("Point --model at the local directory that holds the model's config.json, as an absolute path that "
                "exists where vLLM runs (`ls <path>/config.json`; '~' is not expanded inside quotes or Python, and a "
                "container sees only what is mounted into it); for a Hugging Face id, check the name and, for a gated "
                "model, set HF_TOKEN."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "lower gpu_memory_utilization"),
        sources=("https://github.com/gpustack/gpustack/issues/1268", "https://github.com/PRIME-RL/TTRL/issues/25",
                 "https://github.com/qtli/GSM-Plus/issues/5", "https://github.com/vllm-project/vllm/pull/15943",
                 "https://github.com/vllm-project/vllm/issues/17877", "https://github.com/zstar1003/ragflow-plus/issues/64",
                 "https://github.com/vllm-project/vllm/pull/13724"),
        checked="2026-11-26",
        examples=("vllm/gpustack-1268-model-dir-not-found.txt", "vllm/ttrl-25-tilde-model-path-repo-id.txt",
                  "vllm/gsmplus-5-no-supported-config-format.txt", "vllm/vllm-17877-bge-m3-path-typo-repo-id.txt",
                  "vllm/ragflowplus-64-models-dir-invalid-repository.txt"),
    ),
    Signature(
        code="vllm.batched-tokens-below-model-len",
        cause_id="vllm-batched-tokens-limit",
        kinds=("any",),
        patterns=(
            r"max_num_batched_tokens \((?P<batched>\d{1,9})\) is smaller than max_model_len \((?P<model_len>\d{1,9})\)",
            r"max_num_batched_tokens is smaller than max_model_len",
            r"Input prompt \((?P<prompt>\d{1,9}) tokens\) is too long and exceeds limit of (?P<limit>\d{1,9})",
        ),
        severity="fail",
        cause=("vLLM's max_num_batched_tokens, the tokens one scheduler step may hold, is below the sequence length "
               "asked for while chunked prefill is off, so the engine refuses to start or rejects the longer prompts."),
        advice=("Make the engine arguments agree: raise --max-num-batched-tokens to at least --max-model-len, or lower "
                "--max-model-len to what you need, or turn on chunked prefill (--enable-chunked-prefill); prompts "
                "longer than the model's own context still need truncating."),
        action="configure",
        rules_out=("GPU memory: this is a limit the arguments set", "a driver fault"),
        never_suggest=("reinstall the driver", "lower gpu_memory_utilization"),
        sources=("https://github.com/GoogleCloudPlatform/vertex-ai-samples/issues/2620",
                 "https://github.com/vllm-project/vllm/issues/765", "https://github.com/vllm-project/vllm/issues/1189",
                 ENGINE_ARGS),
        checked="2026-11-26",
        examples=("vllm/vertexai-2620-mistral-batched-tokens-4096.txt", "vllm/vllm-765-prompt-exceeds-limit-2560.txt"),
    ),
    Signature(
        code="vllm.flash-attention-version-notice",
        cause_id="none",
        kinds=("any",),
        patterns=(r"Cannot use FA version (?P<version>\d) is not supported due to FA\d is only supported on devices "
                  r"with compute capability >= 8",),
        severity="info",
        cause=("vLLM notes that this GPU (compute capability below 8.0) cannot use FlashAttention {version}; it picks "
               "another attention backend by itself, so the line is no failure even though it is logged as ERROR."),
        advice=("Nothing to fix for this line: on GPUs below compute capability 8.0 vLLM runs another attention "
                "backend (xformers, FlashInfer, Triton or PyTorch SDPA); if the engine still fails, the real error is "
                "elsewhere in the log."),
        action="none",
        rules_out=("a missing flash-attn package",),
        never_suggest=("install flash-attn", "reinstall the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/13766", "https://github.com/vllm-project/vllm/issues/15853"),
        checked="2026-11-26",
        examples=("vllm/vllm-13766-v100-fa-backend-notice.txt",),
    ),
)

CONFIG_SIGNATURES += (
    Signature(
        code="vllm.ops-built-for-another-device",
        cause_id="vllm-extension-missing",
        kinds=("any",),
        # PyTorch's dispatcher when vllm._C registered the op for CPU (or HIP) only: a vLLM built for another target
        patterns=(r"Could not run '_C::(?P<op>\w{1,60})' with arguments from the 'CUDA' backend",),
        severity="fail",
        cause=("The installed vLLM's compiled ops (vllm._C) were built for another device (the CPU or ROCm build "
               "registers {op} there), not for CUDA, so no op runs on this NVIDIA GPU."),
        advice=("Reinstall the CUDA build of vLLM in a clean environment: `pip uninstall -y vllm`, then `pip install "
                "vllm` (PyPI's wheels are CUDA builds) with the torch it pins; a source build must target CUDA "
                "(VLLM_TARGET_DEVICE=cuda, nvcc on PATH), and a container image must be one built for CUDA."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/12440", "https://github.com/vllm-project/vllm/issues/12441",
                 "https://github.com/vllm-project/vllm/issues/13075", "https://github.com/dusty-nv/jetson-containers/issues/704"),
        checked="2026-11-26",
        examples=("vllm/vllm-12440-op-registered-for-cpu-only.txt", "vllm/jetsoncontainers-704-rms-norm-cuda-backend.txt"),
    ),
)

CONFIG_SIGNATURES += (
    Signature(
        code="vllm.sglang-needs-sm75",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # SGLang's model runner refuses GPUs below compute capability 7.5 (sglang/srt/model_executor/model_runner.py);
        # people retype it with spaces ("sm 75")
        patterns=(r"SG[Ll]ang only supports sm ?75 and\s{1,3}above",),
        severity="fail",
        cause="SGLang runs only on GPUs of compute capability 7.5 (Turing) or newer, and this GPU is older.",
        advice=("No SGLang setting fixes this: on a GPU below compute capability 7.5 (V100, P100, GTX 10xx) serve the "
                "model with another engine that supports it (vLLM runs from 7.0; in MinerU choose the vlm-vllm-engine "
                "or pipeline backend), or use a GPU of compute capability 7.5 or newer."),
        action="none",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/opendatalab/MinerU/issues/3416", "https://github.com/sgl-project/sglang/issues/6006"),
        checked="2026-11-26",
        examples=("vllm/mineru-3416-v100-sglang-sm75.txt",),
    ),
)

CONFIG_SIGNATURES += (
    Signature(
        code="vllm.option-from-another-release",
        cause_id="vllm-option-other-release",
        kinds=("any",),
        # argparse's refusal, from the vllm CLI or the older `python -m vllm.entrypoints.openai.api_server`; and the
        # dataclass's, where a script or a wrapper (LLM(...), verl, LLaMA-Factory, xinference) passes engine arguments
        patterns=(r"(?:vllm|api_server\.py): error: unrecognized arguments: (?P<options>[^\n]{1,300})",
                  r"(?:Async)?EngineArgs\.__init__\(\) got an unexpected keyword argument '(?P<options>\w{1,80})'"),
        severity="fail",
        cause=("The installed vLLM does not have the option(s) {options}: they come from another release (added "
               "later, or removed and renamed since) or from a plugin that is not installed."),
        advice=("Use the options of the installed release: `vllm --version` and `vllm serve --help` show them; "
                "--task was replaced by --runner and --convert (for an embedding model: --runner pooling, with "
                "--convert embed for a generative one), --enable-reasoning was dropped (keep --reasoning-parser); "
                "or install the vLLM release the guide, script or wrapper was written for (`python -c \"import vllm; "
                "print(vllm.__version__)\"` shows the one Python imports)."),
        action="configure",
        rules_out=("a GPU, driver or model fault: nothing started",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/35603", "https://github.com/vllm-project/vllm/pull/53467",
                 "https://github.com/vllm-project/vllm/issues/9840", "https://github.com/vllm-project/vllm/issues/18538",
                 "https://github.com/vllm-project/vllm/pull/21470"),
        checked="2026-11-26",
        examples=("vllm/vllm-35603-task-embedding-not-a-serve-option.txt",
                  "vllm/vllm-9840-api-server-task-embedding-too-new.txt",
                  "vllm/vllm-3249-engineargs-ray-workers-use-nsight-0-3-3.txt",
                  "vllm/vllm-9398-num-scheduler-steps-unexpected-keyword.txt"),
    ),
)
