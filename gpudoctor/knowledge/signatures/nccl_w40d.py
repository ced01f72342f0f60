"""Issue 25 (helper w40d): NCCL's generic "unhandled system error" from a job that runs inside a container.

On bare metal NCCL's ncclSystemError ("unhandled system error", "System call (socket, malloc, munmap, etc) failed") says
too little, and nccl.generic-error-needs-debug asks for NCCL_DEBUG=INFO. Inside a Docker container on one machine the
helpers' answer is nearly always shared memory: NCCL builds its intra-node transport and proxy in /dev/shm, a container
gets Docker's 64 MB /dev/shm unless --shm-size or --ipc=host gives it more, and the failing shm_open/posix_fallocate
surfaces as a system error (pytorch#54822: --ipc=host fixed it; NCCL's troubleshooting guide asks containers for
--shm-size=1g --ulimit memlock=-1 or --ipc=host). Where the job spans several nodes the "multi-node" context comes first (nccl_w39g.py: the network).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.nccl import TROUBLESHOOTING

_SYSTEM = r"unhandled system error"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.container-system-error-shm",
        cause_id="container-shm-too-small",
        kinds=("any",),
        contexts=("container",),
        refines=("nccl.generic-error-needs-debug",),
        # The generic row's lines for ncclSystemError, as PyTorch ("NCCL error in: FILE:LINE, unhandled system error",
        # "ncclSystemError: System call ..."), PyTorch before 1.0 and Horovod ("NCCL Error 2: ..."), nccl-tests
        # ("Test NCCL failure common.cu:777 'unhandled system error'"), vLLM's pynccl ("NCCL error: ...") and CuPy
        # (NCCL_ERROR_SYSTEM_ERROR) print it.
        patterns=(
            r"NCCL error[^\n]{0,200}" + _SYSTEM,
            r"ncclSystemError: System call",
            r"NCCL Error \d{1,2}: " + _SYSTEM,
            r"NCCL failure [\w./-]{1,40}:\d{1,5} '" + _SYSTEM,
            r"NcclError: NCCL_ERROR_SYSTEM_ERROR\b",
            r"ncclCommInitRank failed: " + _SYSTEM,
        ),
        severity="fail",
        # "most often", not "always": the same error also comes from a socket or InfiniBand call the container's
        # limits refuse (memlock), which the advice's NCCL_DEBUG step tells apart (rev40b)
        cause=("NCCL failed with a system error inside a container: on one machine this is most often the "
               "container's /dev/shm (Docker's 64 MB default), too small for the shared-memory segments NCCL creates "
               "to move data between the GPUs."),
        advice=("Start the container with the host's IPC namespace or a large /dev/shm: `docker run --ipc=host ...` or "
                "`docker run --shm-size=16g --ulimit memlock=-1 ...` (NCCL's guide for containers; Compose: `ipc: host` "
                "or `shm_size: 16gb`; Kubernetes: mount an "
                "emptyDir with `medium: Memory` at /dev/shm), then run again; `df -h /dev/shm` inside the container "
                "shows the limit. If it persists, rerun with `NCCL_DEBUG=INFO`: an \"Error while creating shared memory "
                "segment\" or posix_fallocate WARN confirms shared memory, a socket WARN points at the network instead."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/54822", TROUBLESHOOTING + "#docker",
                 "https://docs.docker.com/reference/cli/docker/container/run/#ipc"),
        checked="2026-11-28",
        examples=("nccl/pytorch-54822-docker-ncclsystemerror-ipc-host.txt",),
    ),
)
