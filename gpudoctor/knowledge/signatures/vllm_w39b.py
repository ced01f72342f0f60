"""Issue 25, w39b: vLLM's V0 engine process dying, as its OpenAI front end reports it (rows of the vllm area).

With the V0 multiprocessing engine (vLLM 0.6-0.8), the API server runs the engine in a child process (MQLLMEngine)
and, when that child dies, its signal handler raises `KeyboardInterrupt("MQLLMEngine terminated")` in the front end.
The engine's own error is printed above it when there is one; where a paste holds only this line and its traceback,
the threads settle on GPU memory: the start-up profile or a long prompt's prefill needed more than
--gpu-memory-utilization left free (two A10s at 0.9, a long prompt at 0.9), and a lower value fixed it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.v0-engine-process-terminated",
        cause_id="cuda-oom",
        kinds=("any",),
        # vllm/engine/multiprocessing/engine.py's signal_handler (V0).
        patterns=(r"\bKeyboardInterrupt: MQLLMEngine terminated\b", r"raise KeyboardInterrupt\(\"MQLLMEngine terminated\"\)"),
        severity="warn",
        cause=("vLLM's engine process (MQLLMEngine) died and the API server shut down. Where the log above names no "
               "other error, it is most often GPU memory: the start-up profile or a long prompt's prefill needed more "
               "than --gpu-memory-utilization left free, and the engine was killed."),
        advice=("Look above this line for the engine's own error (an OutOfMemoryError, an NCCL or CUDA error: fix that "
                "one). With none, give the engine headroom: lower --gpu-memory-utilization (0.85, then 0.8), cap "
                "--max-model-len and --max-num-seqs / --max-num-batched-tokens so a long prompt's prefill fits, and "
                "check with `nvidia-smi` that no other process holds memory on these GPUs before starting vLLM."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/13067",
                 "https://github.com/vllm-project/vllm/blob/v0.7.3/vllm/engine/multiprocessing/engine.py"),
        checked="2026-11-27",
        examples=("vllm/vllm-13067-mqllmengine-terminated-long-prompt.txt",),
    ),
)
