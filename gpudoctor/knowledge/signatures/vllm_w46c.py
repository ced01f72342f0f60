"""Issue 25 (helper w46c): vLLM's all-reduce through PyTorch symmetric memory.

From vLLM 0.11.0 tensor parallelism on Hopper and Blackwell GPUs also sets up an all-reduce on PyTorch symmetric
memory (vllm/distributed/device_communicators/symm_mem.py: SymmMemCommunicator, switched by
VLLM_ALLREDUCE_USE_SYMM_MEM, on by default in 0.11.0, off after vllm#26925, on again by 0.18); its buffers are shared between
the GPUs through the driver's virtual-memory and multicast calls, and PyTorch reports a failing driver call as "CUDA
driver error: <description>" (c10/cuda/driver_api.h, C10_CUDA_DRIVER_CHECK). Where the GPUs or the way they are exposed
do not allow that sharing (no NVLink between them, a subset of an NVSwitch board's GPUs made visible, a container or
fabric without multicast), `torch_symm_mem.rendezvous` fails at start-up with "invalid device ordinal", "invalid
argument" or "system not yet initialized" (vllm#26525, #25937, #26922, pytorch#174030), or the engine hangs in it
(vllm#38550). The GPU and the driver are fine, and the GPU index is right: switching the symmetric-memory path off
(VLLM_ALLREDUCE_USE_SYMM_MEM=0) keeps tensor parallelism on custom all-reduce and NCCL. TAXONOMY files it under
vllm-custom-allreduce-p2p: an all-reduce path of vLLM's own that fails for the GPUs' interconnect, fixed by turning it off.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_SYMM_MEM_ADVICE = (
    "Turn vLLM's symmetric-memory all-reduce off: start the server (or the Python process that creates LLM) with "
    "`VLLM_ALLREDUCE_USE_SYMM_MEM=0` (and leave VLLM_USE_NCCL_SYMM_MEM unset or 0), e.g. `VLLM_ALLREDUCE_USE_SYMM_MEM=0 "
    "vllm serve <model> --tensor-parallel-size N`, or `-e VLLM_ALLREDUCE_USE_SYMM_MEM=0` for the container (its default changed between releases: set it "
    "explicitly). Tensor parallelism keeps working through vLLM's custom all-reduce and NCCL. "
    "Symmetric memory needs all GPUs of the group on one NVLink/NVSwitch fabric and all of them visible to the process; "
    "PCIe-only GPUs, part of an NVSwitch board's GPUs, or a container without the fabric's devices make it fail. In "
    "your own PyTorch code, call torch.distributed._symmetric_memory only on such GPUs.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.symm-mem-allreduce-failed",
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        patterns=(
            # the traceback's frames: vLLM's communicator and PyTorch's rendezvous call
            r"device_communicators/symm_mem\.py\"?, line \d{1,5}",
            r"self\.symm_mem_comm = SymmMemCommunicator\(",
            r"\btorch_symm_mem\.rendezvous\(",
            r"\b_SymmetricMemory\.rendezvous\(",
            # PyTorch's driver-API check with an ordinal CUDA itself accepted: the symmetric-memory allocator's
            # multicast and mapping calls (vllm#26525, pytorch#174030), not a device index the program chose
            r"CUDA driver error: invalid device ordinal",
        ),
        # the failing driver call's own line ("RuntimeError: CUDA driver error: system not yet initialized") sits a few
        # lines below the rendezvous frame; its generic readings (a wrong index, Fabric Manager down) are evidence here
        refines=("cuda.invalid-device-ordinal", "cuda.system-not-ready"),
        refines_within=12,
        severity="fail",
        cause=("vLLM's all-reduce on PyTorch symmetric memory (VLLM_ALLREDUCE_USE_SYMM_MEM, on by default in vLLM "
               "0.11.0) could not share its buffers between the GPUs: the driver refused the symmetric-memory "
               "rendezvous (\"CUDA driver error: ...\"), as it does where the GPUs are not all on one NVLink/NVSwitch "
               "fabric or only part of them are visible. The GPU index, the GPUs and the driver are fine."),
        advice=_SYMM_MEM_ADVICE,
        action="configure",
        rules_out=("a wrong GPU index", "the driver install", "the GPUs"),
        never_suggest=("reinstall the driver", "change the device index", "--tensor-parallel-size 1"),
        versions=("vllm>=0.11.0",),
        sources=("https://github.com/vllm-project/vllm/issues/26525", "https://github.com/vllm-project/vllm/issues/26922",
                 "https://github.com/vllm-project/vllm/pull/26925", "https://github.com/vllm-project/vllm/issues/25937",
                 "https://github.com/vllm-project/vllm-omni/issues/241",
                 "https://github.com/pytorch/pytorch/issues/174030"),
        checked=CHECKED,
        examples=("vllm/vllm-26525-v011-symm-mem-allreduce-tp2-invalid-device-ordinal.txt",
                  "vllm/vllmomni-241-symm-mem-rendezvous-system-not-yet-initialized.txt"),
    ),
    # A pasted "Cannot re-initialize CUDA in forked subprocess" without the worker's prefix (a person's paste of the last
    # line, a wrapper's log) in a text that runs vLLM: its workers are what forked (vllm.worker-forked-after-cuda reads
    # the prefixed line itself).
    Signature(
        code="vllm.forked-workers-cuda-initialised",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        contexts=("vllm",),
        refines=("frameworks.cuda-in-forked-subprocess",),
        patterns=(r"Cannot re-initialize CUDA in forked subprocess",),
        severity="fail",
        cause=("vLLM forked its GPU worker processes (tensor parallelism starts one per GPU, by fork unless told "
               "otherwise) after CUDA had already been initialised in the parent process, and a forked child cannot "
               "use CUDA."),
        advice=("Make vLLM spawn its workers: `export VLLM_WORKER_MULTIPROC_METHOD=spawn` before starting the server or "
                "the script, keep the code that creates the LLM under `if __name__ == \"__main__\":`, and do not touch "
                "torch.cuda (is_available, device_count, .cuda()) before creating it; "
                "torch.multiprocessing.set_start_method in the script does not change how vLLM starts its workers. A "
                "framework around vLLM (Xinference, FastChat, a trainer) that forks it may need its own release with "
                "that fixed."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/6152", "https://github.com/vllm-project/vllm/issues/7151",
                 "https://docs.vllm.ai/en/latest/design/multiprocessing.html"),
        checked=CHECKED,
        examples=("vllm/vllm-6152-tp2-cannot-reinitialize-cuda-forked-spawn.txt",),
    ),
)
