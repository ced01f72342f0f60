"""Issue 25, w39b: vLLM's V0 engine process stopped with its API server (rows of the vllm area).

With the V0 multiprocessing engine (vLLM 0.6 until V0 was removed; the default before 0.8), the API server runs the
engine in a child process (MQLLMEngine) whose SIGTERM handler raises `KeyboardInterrupt("MQLLMEngine terminated")`
(run_mp_engine's signal_handler): the line says the engine was told to stop because the server is shutting down,
whatever made it shut down: a plain stop (Ctrl-C, `docker stop`, a pod's termination) as well as a crash. The engine's
own error is printed above it when there is one; where a paste holds only this line and its traceback after a crash,
the threads settle on GPU memory: the start-up profile or a long prompt's prefill needed more than
--gpu-memory-utilization left free (two A10s at 0.9, a long prompt at 0.9), and a lower value fixed it.
(Review rev39a: the handler is the engine's, not the front end's, so a stop by hand prints it too; cause and advice
say so.)
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
        cause=("vLLM's engine process (MQLLMEngine) received SIGTERM because the API server was shutting down. "
               "Unless the server was stopped on purpose, the engine failed first: where the log above names no other "
               "error, it is most often GPU memory (the start-up profile or a long prompt's prefill needed more than "
               "--gpu-memory-utilization left free)."),
        advice=("If the server was stopped on purpose (Ctrl-C, `docker stop`, a pod's termination), this line is only "
                "the shutdown. Otherwise look above it for the engine's own error (an OutOfMemoryError, an NCCL or CUDA "
                "error: fix that one). With none, give the engine headroom: lower --gpu-memory-utilization (0.85, then "
                "0.8), cap --max-model-len and --max-num-seqs / --max-num-batched-tokens so a long prompt's prefill "
                "fits, and check with `nvidia-smi` that no other process holds memory on these GPUs before starting "
                "vLLM."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/13067",
                 "https://github.com/vllm-project/vllm/blob/v0.7.3/vllm/engine/multiprocessing/engine.py"),
        checked="2026-11-27",
        examples=("vllm/vllm-13067-mqllmengine-terminated-long-prompt.txt",),
    ),
)
