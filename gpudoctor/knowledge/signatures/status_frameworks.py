"""CUDA's error strings as PyTorch and the other frameworks raise them, where the framework's own use of CUDA
(DataLoader workers, forked processes) is what a helper reads in them."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

MULTIPROCESSING_NOTES = "https://pytorch.org/docs/stable/notes/multiprocessing.html"
CHECKED = "2026-11-26"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.cuda-initialization-error",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        # cudaErrorInitializationError (3) in PyTorch's frames: "CUDA error: initialization error" (1.x and later),
        # "cuda runtime error (3) : initialization error" and THCudaCheck's "error=3" (0.4), "CUDA error (3)". The
        # forked-worker case (frameworks.cuda-in-forked-subprocess reads its newer wording) is by far the common one.
        patterns=(r"(?:Error|what\(\)):\s{1,3}CUDA error: initialization error",
                  r"cuda runtime error \(3\) : initialization error",
                  r"CUDA error \(3\): initialization error",
                  r"THCudaCheck FAIL [^\n]{0,200}error=3 : initialization error"),
        severity="warn",
        cause="CUDA could not start in this process (initialization error, CUDA error 3): in PyTorch, most often a "
              "DataLoader worker or another forked child touching CUDA after its parent had initialised it.",
        advice=("If it came from a DataLoader worker or another forked process (num_workers > 0, multiprocessing), "
                "keep CUDA out of the workers: build CPU tensors in the dataset and collate_fn and move each batch "
                "to the GPU in the main loop, or set num_workers=0, or start workers with spawn "
                "(`DataLoader(..., multiprocessing_context='spawn')`). With no subprocess involved, CUDA itself did "
                "not start: check `nvidia-smi` and that nvidia_uvm is loaded (`lsmod | grep nvidia_uvm`)."),
        action="configure",
        rules_out=("a GPU too old for the framework",),
        never_suggest=("reinstall the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/2517", "https://github.com/NVlabs/Deep_Object_Pose/issues/13",
                 MULTIPROCESSING_NOTES),
        checked=CHECKED,
        examples=("frameworks/pytorch-2517-collate-fn-cuda-initialization-error.txt",
                  "frameworks/deepobjectpose-13-cuda-in-getitem-worker.txt"),
    ),
)
