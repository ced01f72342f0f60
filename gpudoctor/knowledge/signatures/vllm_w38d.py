"""Issue 25, w38d: serving engines' failures told by the platform around them (rows of the vllm area).

- Xinference runs several models (LLMs served by vLLM, embedding and rerank models) on the same GPUs and puts
  "[address=HOST:PORT, pid=N]" before the message of every exception a model actor raises; an out-of-memory error
  there is, in the threads, another model of the same Xinference already holding that GPU (vLLM reserves
  gpu_memory_utilization, 0.9 by default, of the whole card whatever else runs on it).
- A tensor-parallel size of 3, 5 or 7 on the command line or in the engine's arguments: vLLM and SGLang split the
  attention heads (and KV heads) evenly over the ranks, and models' head counts are multiples of powers of two (32,
  40, 64, 28 with 4 KV heads), so these sizes fail at start-up with almost every model (a scheduler such as GPUStack's
  auto-scheduling or a launcher that takes the GPU count picks them without checking).
- A person saying they install vLLM on native Windows, where it publishes no wheel and does not run.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")
_PARALLEL_DOCS = "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"
_ODD_TP = r"(?P<tp>[357])(?![\d.])"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.xinference-oom-gpu-shared-by-models",
        refines=("cuda.out-of-memory",),
        cause_id="gpu-shared-with-other-process",
        kinds=("any",),
        # Xinference's model actor re-raising torch's OOM with its actor address in front, and its own log line
        patterns=(
            r"OutOfMemoryError: \[address=[^\]\n]{1,80}, pid=\d{1,8}\] CUDA out of memory",
            r"xinference\.core\.\w{1,20} \d{1,8} ERROR {1,8}Model actor is out of memory",
        ),
        severity="fail",
        # Xinference prefixes every model's OOM so, one model alone on its GPU included: the cause names the usual
        # case and says how to tell the other.
        cause=("A model served by Xinference ran out of GPU memory, most often because another model of the same "
               "Xinference (an embedding or rerank model, a second LLM) already held memory on that GPU: a vLLM-served "
               "model reserves a fixed share (gpu_memory_utilization, 0.9 by default) of the whole GPU whatever else "
               "runs on it. Where the model is alone on its GPU, it needs more memory than the GPU has."),
        advice=("Give each model its own GPU: launch them on different GPUs (`xinference launch ... --gpu-idx 1`, the "
                "gpu_idx field of the web UI) or run the embedding/rerank model on the CPU; where they must share the "
                "same GPU, launch the vLLM-served model with a lower gpu_memory_utilization (e.g. "
                "`--gpu_memory_utilization 0.6`, leaving room for the others) and load it first. `nvidia-smi` shows "
                "which processes hold the GPU; a model alone on its GPU needs a smaller or quantized variant, a shorter "
                "max_model_len, or more GPUs (n_gpu)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/xorbitsai/inference/issues/1361", "https://github.com/xorbitsai/inference/issues/912",
                 "https://inference.readthedocs.io/en/latest/user_guide/launch.html"),
        checked="2026-11-27",
        examples=("vllm/xinference-1361-two-models-one-gpu-oom.txt",),
    ),
    Signature(
        code="vllm.tensor-parallel-size-odd",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # the command line (vllm serve, python -m vllm.entrypoints..., GPUStack's "Run vllm with arguments:"), vLLM's
        # Namespace/config dumps and "non-default args" dict, LLM(tensor_parallel_size=3), SGLang's --tp / tp_size=3
        patterns=(
            r"--tensor[-_]parallel[-_]size[= ]" + _ODD_TP,
            r"(?<![\w-])-tp[= ]" + _ODD_TP,
            r"(?<![\w-])--tp(?:-size)?[= ]" + _ODD_TP,
            r"\btensor_parallel_size ?[=:] ?" + _ODD_TP,
            r"'tensor_parallel_size': " + _ODD_TP,
            r"\btp_size=" + _ODD_TP,
        ),
        severity="warn",
        # A warning, not a failure: a few models divide (40 heads without grouped KV heads, Llama-2-13B or Qwen-14B,
        # run with 5; 56-head MPT-30B with 7), and the engine's own "must be divisible" line, where it came, is read
        # by vllm.heads-not-divisible-by-tp.
        cause=("The engine is started with a tensor-parallel size of {tp}, which divides the attention heads and KV "
               "heads of few models (most have 32, 64 or 128 heads with 8 KV heads, or 28 with 4), so vLLM or SGLang "
               "most likely refuses to start or fails to shard the model."),
        advice=("Use a tensor-parallel size that divides the model's attention heads and KV heads (num_attention_heads "
                "and num_key_value_heads in its config.json), in practice 1, 2, 4 or 8: with {tp} GPUs use "
                "--tensor-parallel-size 2 or 4 and hide the others with CUDA_VISIBLE_DEVICES, or use "
                "--pipeline-parallel-size {tp} with --tensor-parallel-size 1. Where a scheduler chose the GPU count "
                "(GPUStack's auto-scheduling, a launcher passing the number of GPUs), select the GPUs by hand."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/pull/7716",
                 "https://github.com/vllm-project/vllm/issues/11797", "https://github.com/gpustack/gpustack/issues/885",
                 _PARALLEL_DOCS),
        checked="2026-11-27",
        examples=("vllm/vllm-7716-serve-tp3-llama3-8b.txt",),
    ),
    Signature(
        code="vllm.install-on-windows-described",
        described=True,
        refines=("wheels.requirements-replaced-cuda-torch-described",),
        refines_within=None,
        cause_id="vllm-platform-unsupported",
        kinds=("any",),
        # "pip install vllm (0.6.3) ... on windows", "doing pip install vllm on vscode running on windows machine",
        # "installing vLLM in Windows 11"; not where the same words put it inside WSL
        patterns=(
            r"\b(?:pip3? install|[Ii]nstall(?:ing|ed)?) [`'\"]?(?:vllm|vLLM|VLLM)\b(?:(?![Ww][Ss][Ll])[^\n]){0,160}?"
            r"\b(?:on|in|under) (?:a |my |native )?[Ww]indows\b(?![^\n]{0,40}?(?:Subsystem|WSL|wsl|Docker|docker))",
            # "我在Windows系统上安装vllm", "在windows下部署vllm"
            r"在\s?[Ww]indows\s?(?:系统|操作系统|环境|电脑)?(?:上|下|中|里)\s?(?:安装|运行|部署|使用)\s?(?:vllm|vLLM|VLLM)",
        ),
        severity="warn",
        cause=("The description suggests vLLM is being installed on native Windows, where it publishes no wheel and does "
               "not run (vLLM supports Linux only): pip builds its source or swaps the CUDA torch for another build, "
               "and no working CUDA vLLM can result."),
        advice=("Run vLLM on Linux: on Windows install WSL 2 (`wsl --install -d Ubuntu`), keep the NVIDIA driver on the "
                "Windows side only, and `pip install vllm` inside WSL, or run the vllm/vllm-openai Docker image; then "
                "reinstall your CUDA torch on the Windows side if pip replaced it."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/vllm-project/vllm/issues/12965", "https://github.com/vllm-project/vllm/issues/5631",
                 "https://github.com/vllm-project/vllm/issues/3827",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-27",
        examples=("vllm/vllm-12965-pip-install-vllm-on-windows.txt", "vllm/vllm-5631-install-vllm-on-windows-zh.txt"),
    ),
)
