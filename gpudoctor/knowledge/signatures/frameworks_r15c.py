"""Issue 25, rows for blind set 15's misses, written from other threads: /dev/shm too small for what a container's
processes share, read where Python's multiprocessing (not NCCL or PyTorch's tensor sharing) reports it (rows of the
frameworks area, joined into frameworks.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

R15C_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.multiprocessing-semlock-shm",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # Every multiprocessing Lock, Semaphore, Queue or Event (a DataLoader's index queues, a launcher's workers) is a
        # POSIX named semaphore, which glibc creates under /dev/shm (sem_open). Creating one fails, with the frame
        # `sl = self._semlock = _multiprocessing.SemLock(` last in the traceback, when /dev/shm is full (ENOSPC, "[Errno
        # 28] No space left on device": a container's 64 MB default), missing or not writable (ENOSYS, EACCES); the
        # disk is never the cause. The frame is read, not the errno line, which a full disk prints too.
        patterns=(r"self\._semlock = _multiprocessing\.SemLock\(",),
        # the errno line just below the frame is then /dev/shm's, not a full disk's
        refines=("wheels.no-space-left-bare-oserror",), refines_within=3,
        severity="fail",
        cause=("Python's multiprocessing could not create a lock or queue for the worker processes: its semaphores live "
               "in /dev/shm, which is full (a container's 64 MB default), missing or not writable."),
        advice=("Give the container more shared memory: `docker run --shm-size=16g` (or `--ipc=host`; `shm_size` in "
                "Compose; in Kubernetes an emptyDir with medium: Memory mounted at /dev/shm), check it with `df -h "
                "/dev/shm` inside, or lower num_workers; where there is no /dev/shm at all (AWS Lambda and other "
                "sandboxes) multiprocessing locks cannot work, so run with num_workers=0."),
        action="configure",
        rules_out=("the disk", "the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "free disk space", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/Megatron-LM/issues/878",
                 "https://github.com/pytorch/pytorch#docker-image",
                 "https://docs.python.org/3/library/multiprocessing.html#multiprocessing-managers"),
        checked="2026-11-26",
        examples=("frameworks/megatronlm-878-semlock-no-space-docker-shm.txt",),
    ),
)
