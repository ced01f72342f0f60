"""Issue 25, written blind (helper a15o): vLLM colocated with a trainer (verl, OpenRLHF, EasyR1) running out of memory.

Reinforcement-learning trainers run vLLM's rollout engine on the same GPUs as the policy being trained (a "hybrid" or
colocated engine): between rollouts vLLM sleeps, releasing its weights and KV cache through its own CUDA memory pool
(vllm/device_allocator/cumem.py and csrc/cumem_allocator.cpp), and wakes up before the next rollout. When the trainer
still holds its parameters, gradients, optimizer state or cached blocks, waking up asks the driver for memory that is
not free, and the C++ allocator reports "CUDA Error: out of memory at .../cumem_allocator.cpp:NN"; the same budget
overrun shows as an out-of-memory during rollout. The maintainers' answer is a smaller share for vLLM
(gpu_memory_utilization of the rollout), the trainer's parameters and optimizer offloaded to the CPU while vLLM runs,
or more tensor parallelism for the rollout.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CONSERVING_MEMORY = "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"
VERL_PERF = "https://verl.readthedocs.io/en/latest/perf/perf_tuning.html"
_COLOCATED_ADVICE = (
    "Give vLLM a smaller share of each GPU so the trainer's memory fits beside it: lower the rollout's "
    "gpu_memory_utilization (verl: actor_rollout_ref.rollout.gpu_memory_utilization=0.4 to 0.5; OpenRLHF and its "
    "forks: --vllm_gpu_memory_utilization; EasyR1: worker.rollout.gpu_memory_utilization), and offload the trained "
    "model while vLLM runs (verl: actor_rollout_ref.actor.fsdp_config.param_offload=True and optimizer_offload=True, "
    "ref.fsdp_config.param_offload=True); free cached blocks before the engine wakes (torch.cuda.empty_cache()), "
    "lower the micro-batch or max token length per GPU (ppo_max_token_len_per_gpu), or raise the rollout's "
    "tensor_model_parallel_size. For vLLM alone with sleep mode, stop what took the GPU's memory while it slept "
    "(`nvidia-smi` lists it) before calling wake_up."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.wake-up-out-of-memory",
        refines=("cuda.out-of-memory", "vllm.engine-cuda-error-out-of-memory"),
        refines_within=None,
        cause_id="vllm-kv-cache-memory",
        kinds=("any",),
        patterns=(
            # csrc/cumem_allocator.cpp (vLLM 0.7.2 on): cuMemCreate failing while the sleep-mode pool maps memory back
            r"(?:CUDA|cuda) (?:Error|error): out of memory at [^\n]{0,200}?cumem_allocator\.cpp:\d{1,4}",
            # the OpenAI server's /wake_up endpoint passing the same error on (sleep mode behind an HTTP API)
            r"Call to wake_up method failed: CUDA Error: out of memory",
        ),
        severity="fail",
        cause=("vLLM ran out of GPU memory while waking up from sleep mode: mapping its weights and KV cache back "
               "needs the share gpu_memory_utilization gave it, and something else on the GPU (the colocated trainer's "
               "parameters, gradients and optimizer state in verl, OpenRLHF or another RL trainer, or another process) "
               "holds more of it than when vLLM started."),
        advice=_COLOCATED_ADVICE,
        action="configure",
        rules_out=("a driver fault", "a GPU that is too small for the model alone"),
        never_suggest=("reinstall the driver", "update the driver", "expandable_segments:True"),
        sources=("https://github.com/TideDra/lmm-r1/issues/43", "https://github.com/vllm-project/vllm/issues/13941",
                 "https://github.com/vllm-project/vllm/pull/12981", "https://github.com/verl-project/verl/pull/987",
                 VERL_PERF),
        checked="2026-11-26",
        examples=("vllm/lmmr1-43-vllm-wake-up-cumem-allocator-oom.txt",),
    ),
    Signature(
        code="vllm.rl-rollout-out-of-memory-described",
        described=True,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # the trainer's own setting named beside the failure ("rollout.gpu_memory_utilization to 0.7 would cause
            # OOM")
            r"\brollout\.gpu_memory_utilization\b[^\n]{0,160}?\b(?:OOM|[Oo]ut of [Mm]emory|OutOfMemoryError)\b",
            r"\b(?:OOM|[Oo]ut of [Mm]emory|OutOfMemoryError)\b[^\n]{0,160}?\brollout\.gpu_memory_utilization\b",
            # "CUDA OOM happens when actor model is rolling out in GRPO" (not `kubectl rollout`: a Deployment's)
            r"\b(?:OOM|[Oo]ut of [Mm]emory|OutOfMemoryError)\b[^\n]{0,120}?(?<!kubectl )\b(?:rollout|rolling out|"
            r"generate_sequences)\b(?! (?:restart|status|undo|history)\b)",
            r"(?<!kubectl )\b(?:rollout|rolling out|generate_sequences)\b(?! (?:restart|status|undo|history)\b)"
            r"[^\n]{0,120}?\b(?:OOM|[Oo]ut of [Mm]emory|OutOfMemoryError)\b",
        ),
        severity="warn",
        cause=("The description suggests the GPUs ran out of memory in a reinforcement-learning trainer's rollout: "
               "the vLLM (or SGLang) engine colocated with the trained model asks for its gpu_memory_utilization "
               "share of each GPU while the trainer's parameters, optimizer state and activations are held there too."),
        advice=_COLOCATED_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/hiyouga/EasyR1/pull/1", "https://github.com/verl-project/verl/issues/2031",
                 "https://github.com/verl-project/verl/issues/2588", VERL_PERF),
        checked="2026-11-26",
        examples=("vllm/easyr1-pr1-rollout-utilization-07-oom-80g.txt",),
    ),
    Signature(
        code="vllm.out-of-memory-described",
        described=True,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # "start by vllm with GPU L40x2 ... When input a long token, it will OOM", "vLLM OOM on two A10s" (not a
            # path or module name: vllm/..., vllm.entrypoints)
            r"(?<![/._-])\b(?:vLLM|vllm|VLLM)\b(?![/._-])[^\n]{0,160}?\b(?:OOM|CUDA out of memory|[Oo]ut of (?:GPU )?"
            r"[Mm]emory)\b",
            r"\b(?:OOM|CUDA out of memory|[Oo]ut of (?:GPU )?[Mm]emory)\b[^\n]{0,160}?(?<![/._-])\b(?:vLLM|vllm|VLLM)\b"
            r"(?![/._-])",
        ),
        severity="warn",
        cause=("The description suggests vLLM ran out of GPU memory: it reserves gpu_memory_utilization (0.9 by "
               "default) of each GPU for the weights and the KV cache up front, and CUDA graphs, long prompts' "
               "activations, the sampler or another process on the same GPU need memory beyond that share."),
        advice=("Leave vLLM headroom and size what it reserves: lower --gpu-memory-utilization "
                "(gpu_memory_utilization, e.g. 0.8) when other processes share the GPU or the OOM comes after start-up, "
                "lower --max-model-len and --max-num-seqs, start with --enforce-eager to skip CUDA graphs, and spread "
                "the model over more GPUs with --tensor-parallel-size or use a quantized checkpoint when the weights "
                "alone nearly fill each GPU (24 GB cards such as the A10)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/7495", CONSERVING_MEMORY),
        checked="2026-11-26",
        examples=("vllm/vllm-7495-gemma2-27b-two-l40-oom-long-input.txt",),
    ),
)
