"""Issue 25 (helper w21c): a container's /dev/shm full at Docker's 64 MB default, as `df` shows it.

Docker gives every container a 64 MB /dev/shm unless `--shm-size` or `--ipc=host` says otherwise, and a Kubernetes pod
gets the same unless an in-memory emptyDir is mounted there. Servers and trainers that pass tensors through shared
memory (Triton's Python backend, 64 MB per model instance before 23.09; PyTorch DataLoader workers; NCCL; Ray's object
store) fail or restart their helpers when it runs out, often with a message that never says "shm". `df -h /dev/shm`
inside the container then shows the 64M filesystem at 100 %.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.dev-shm-full-docker-default",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # df -h inside the container: "shm              64M   64M     0 100% /dev/shm" (Size, Used, Avail, Use%).
        patterns=(r"\bshm +64M +6[34](?:\.\d)?M +0 +100% +/dev/shm\b",),
        severity="warn",
        cause=("The container's /dev/shm is Docker's 64 MB default and it is full: programs that pass data through "
               "shared memory (Triton's Python backend stubs, PyTorch DataLoader workers, NCCL, Ray) fail or restart "
               "when it runs out."),
        advice=("Give the container a larger /dev/shm: `docker run --shm-size=1g ...` (or `--ipc=host`), `shm_size:` "
                "in Compose, or in Kubernetes an `emptyDir` volume with `medium: Memory` and a sizeLimit mounted at "
                "/dev/shm; for Triton's Python backend a smaller `--backend-config=python,shm-default-byte-size=...` "
                "also lowers what each model instance takes."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower the batch size"),
        sources=("https://github.com/triton-inference-server/server/issues/3678",
                 "https://github.com/triton-inference-server/server/issues/4869",
                 "https://docs.docker.com/reference/cli/docker/container/run/#shm-size"),
        checked="2026-11-27",
        examples=("vllm/triton-3678-python-stub-unhealthy-dev-shm-full.txt",),
    ),
)
