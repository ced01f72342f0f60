"""Frameworks: a DataLoader's workers out of shared memory (moved from frameworks.py, which had reached the house's
600 lines)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="frameworks.dataloader-shm-bus-error",
        cause_id="container-shm-too-small",
        kinds=("traceback", "other", "docker", "kubectl", "journal", "powershell"),
        patterns=(r"DataLoader worker \(pid (?P<pid>\d+)\) is killed by signal: Bus",
                  r"dataloader's workers are out of shared memory",
                  r"Unexpected bus error encountered in worker\. This might be caused by insufficient shared memory",
                  r"Unexpected BUS error encountered in DataLoader worker"),  # PaddlePaddle's worker handler
        severity="fail",
        cause=("A DataLoader worker died of a bus error: /dev/shm is too small for the batches the workers share "
               "(Docker gives a container 64 MB unless told otherwise)."),
        advice=("Give the container more shared memory: `docker run --shm-size=16g ...` or `--ipc=host` (compose: "
                "`shm_size: 16gb` or `ipc: host`; in Kubernetes an emptyDir with medium: Memory mounted on /dev/shm), "
                "or lower num_workers (PaddlePaddle: use_shared_memory=False); `df -h /dev/shm` shows its size and use."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/fastai/docker-containers/issues/21", "https://github.com/bytedance/Protenix/issues/2",
                 "https://github.com/InseeFrLab/helm-charts-interactive-services/issues/16",
                 "https://github.com/PaddlePaddle/PaddleSeg/issues/1585", "https://github.com/pytorch/pytorch#docker-image"),
        checked="2026-11-27",
        examples=("frameworks/fastai-containers-21-dataloader-bus-error-shm.txt",
                  "frameworks/protenix-2-dataloader-docker-shm-limit.txt",
                  "frameworks/inseefr-charts-16-dataloader-out-of-shared-memory.txt",
                  "frameworks/paddleseg-1585-bus-error-dataloader-worker-shm.txt"),
    ),
)
