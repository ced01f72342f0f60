"""NCCL and torch.distributed: how launchers (torchrun, torch.multiprocessing, DeepSpeed) report a rank that a signal
killed, where the signal itself names the cause (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_DOCKER = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#docker"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.rank-killed-sigbus",
        cause_id="nccl-shm-too-small",
        kinds=("any",),
        # SIGBUS (7) is what a process gets when it touches a page of a /dev/shm mapping that tmpfs cannot back:
        # NCCL's shared-memory transport and PyTorch's tensor sharing in a container with Docker's 64 MB /dev/shm.
        # torchrun prints it as exitcode -7 or "Signal 7 (SIGBUS)", torch.multiprocessing as "signal SIGBUS", UCX
        # (under MPI and NCCL's IB plugin) as "Caught signal 7 (Bus error".
        patterns=(r"Signal 7 \(SIGBUS\) received by PID (?P<pid>\d{1,9})",
                  r"\bexitcode\s{0,4}[:=]\s{0,4}-7\b",
                  r"process (?P<rank>\d{1,5}) terminated with signal SIGBUS",
                  r"Caught signal 7 \(Bus error"),
        severity="fail",
        cause="A rank died of SIGBUS: it touched shared memory (/dev/shm) that could not be backed, which in a "
              "container almost always means /dev/shm is too small (Docker's 64 MB default) for NCCL's and PyTorch's "
              "shared-memory buffers.",
        advice=("Give the job a larger /dev/shm: `docker run --shm-size=16g` (or `--ipc=host`), in Kubernetes a "
                "memory-backed emptyDir (`medium: Memory`) mounted at /dev/shm; check with `df -h /dev/shm` inside the "
                "container. Outside containers, look for a full /dev/shm (`df -h /dev/shm`, stale nccl-* or torch_* "
                "segments)."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/msr-fiddle/pipedream/issues/76",
                 "https://github.com/intelligent-machine-learning/dlrover/pull/1046", NCCL_DOCKER),
        checked="2026-11-26",
        examples=("nccl/pipedream-76-docker-sigbus-ncclgetuniqueid.txt",
                  "nccl/dlrover-1046-worker-exitcode-7-sigbus-shm.txt"),
    ),
)
