"""Issue 25, w36d: a build or toolchain that does not cover this GPU, and advice that suggested what a thread ruled out.

NVCC_ARCH_RELEASES is what wheels.nvcc-unsupported-gpu-architecture names for the architecture nvcc refused: the
first CUDA toolkit whose nvcc knows each one and the release that dropped the old ones, so that the advice carries
the release for the `compute_NN` of the line (CUDA 10.0 for compute_75, 11.1 for compute_86) instead of a few
examples. The row here reads `invalid device ordinal` where the script picks its GPU from its rank
(torch.cuda.set_device(local_rank)): the fix is the number of processes per node or the rank it maps, and the GPUs
made visible are not the cause there.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
NVCC_GPU_LIST = "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list"
CUDA_RELEASE_NOTES = "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"

# (architectures as nvcc names them, the first CUDA toolkit whose nvcc builds for them), from the nvcc GPU feature
# lists of each toolkit's documentation and the toolkits' release notes (checked CHECKED).
NVCC_ARCH_RELEASES: tuple[tuple[str, str], ...] = (
    ("compute_70 (V100, Titan V)", "9.0"),
    ("compute_72 (Jetson Xavier), compute_75 (RTX 20, GTX 16, T4)", "10.0"),
    ("compute_80 (A100)", "11.0"),
    ("compute_86 (RTX 30, A10, A40)", "11.1"),
    ("compute_87 (Jetson Orin)", "11.4"),
    ("compute_89 (RTX 40, L4, L40), compute_90 (H100)", "11.8"),
    ("compute_100 (B200), compute_120 (RTX 50, RTX PRO Blackwell)", "12.8"),
    ("compute_103, compute_121 (GB10, DGX Spark)", "12.9"),
    ("compute_110 (Jetson Thor)", "13.0"),
)
# (architectures, the first CUDA toolkit whose nvcc no longer builds for them)
NVCC_ARCH_DROPPED: tuple[tuple[str, str], ...] = (
    ("compute_20 / compute_21 (Fermi)", "9.0"),
    ("compute_30 / compute_32 (Kepler)", "11.0"),
    ("compute_35 / compute_37 (Kepler)", "12.0"),
    ("compute_50 to compute_72 (Maxwell, Pascal, Volta)", "13.0"),
)


def nvcc_arch_releases() -> str:
    """The two tables as one clause of advice."""
    first = "; ".join(f"{archs}: CUDA {cuda}" for archs, cuda in NVCC_ARCH_RELEASES)
    dropped = "; ".join(f"{archs} from CUDA {cuda}" for archs, cuda in NVCC_ARCH_DROPPED)
    return f"the first toolkit for each: {first}. Dropped: {dropped}"


SIGNATURES = (
    Signature(
        code="cuda.rank-picks-missing-gpu",
        cause_id="distributed-misuse",
        kinds=("any",),
        # cuda.invalid-device-ordinal's line in a text whose script sets its device from its rank (context
        # rank-picks-device, innermost before distributed-launch, whose row then gives way to this one).
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b"),
        contexts=("rank-picks-device",),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause=("The script sets each process's GPU from its rank (torch.cuda.set_device(local_rank) or rank), and a "
               "rank asked for a GPU index this node does not have: more processes were started on the node than it "
               "has GPUs, or a global rank was used where the node-local one belongs."),
        advice=("Start no more processes per node than the node has GPUs (`nvidia-smi -L` counts them; "
                "`python -c \"import torch; print(torch.cuda.device_count())\"` counts those a process sees): "
                "--nproc_per_node for torchrun and torch.distributed.launch, --num_gpus for deepspeed, "
                "--num_processes for accelerate, -np per node for mpirun, nprocs=torch.cuda.device_count() for "
                "mp.spawn, and the project's own GPU-count option. A checkpoint split N ways for model parallelism "
                "needs N processes and GPUs (its MP or tensor-parallel degree): on fewer GPUs run a smaller model or a "
                "re-sharded checkpoint. On several nodes set the device from the node-local rank "
                "(`torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))`), never the global RANK, or use "
                "rank % torch.cuda.device_count(); an index taken from a list of physical GPU ids is renumbered from "
                "0 in each process (deepspeed picks GPUs itself: `deepspeed --include localhost:2`). The driver is not "
                "the cause."),
        action="configure",
        rules_out=("the driver", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/meta-llama/llama-cookbook/issues/90",
                 "https://github.com/meta-llama/llama/issues/61",
                 "https://github.com/LMCache/LMCache/issues/814",
                 "https://github.com/tatsu-lab/stanford_alpaca/issues/67",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked=CHECKED,
        examples=("cuda/llamacookbook-90-set-device-global-rank-multinode.txt",),
    ),
)
