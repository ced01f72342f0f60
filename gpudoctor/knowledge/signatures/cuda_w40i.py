"""Issue 25 (helper w40i): CUDA's contained error, "Invalid access of peer GPU memory over nvlink or a hardware error".

CUDA_ERROR_CONTAINED (226; the runtime's cudaErrorContained) says an exception on the device was contained by the GPU's
error containment: an invalid access of a peer GPU's memory over NVLink, or another class of hardware error. The
process's CUDA context is lost, so every later call in it fails with the same words (PyTorch's "CUDA error: Invalid
access of peer GPU memory over nvlink or a hardware error", torch.AcceleratorError in 2.8+; XLA's
"CUDA_ERROR_CONTAINED: ..." from its allocator); the process must exit and start again. On NVLink machines (HGX H100,
GB200 NVL72) the threads settle on the NVLink or its fabric: the kernel log holds the Xid (74 up to Hopper, 144-150 on
newer GPUs; a contained ECC error is Xid 94), and the error comes back on the same node or domain until it is reset or
serviced. cuda.nvlink-uncorrectable reads the older "uncorrectable NVLink error" (220) with the same next step.
The same error is raised for a contained ECC error (Xid 94); where the paste shows a memory Xid, kernel.xid-memory-ecc
refines this row (gpu-memory-error), so nvlink-error is left to the pastes that show none (rev40d).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_DRIVER_ERRORS = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"
_XID = "https://docs.nvidia.com/deploy/xid-errors/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.contained-error-nvlink-or-hardware",
        cause_id="nvlink-error",
        kinds=("any",),
        patterns=(
            # cuGetErrorString / cudaGetErrorString of CUDA_ERROR_CONTAINED, as PyTorch, JAX and others print it
            r"[Ii]nvalid access of peer GPU memory over (?:nvlink|NVLink|NVLINK)",
            r"\bCUDA_ERROR_CONTAINED\b",
            r"\bcudaErrorContained\b",
        ),
        severity="fail",
        cause=("The GPU contained a hardware fault (CUDA_ERROR_CONTAINED: an invalid access of a peer GPU's memory "
               "over NVLink, or another hardware error such as a contained ECC error): the process's CUDA context is "
               "lost, every later CUDA call in it fails the same way, and on NVLink machines the link or its fabric "
               "(bridge, baseboard, NVSwitch) is what the threads settle on, not the program."),
        advice=("Restart the process (its context cannot recover), then find the fault: `sudo dmesg | grep -i xid` "
                "(Xid 74 or 144-150 name the NVLink and GPU, Xid 94 a contained ECC error), `nvidia-smi nvlink -e` "
                "and `nvidia-smi nvlink -s` for the per-link counters and inactive links, and on NVSwitch systems the "
                "fabric manager's log. Reset the GPUs (`sudo nvidia-smi -r`) or reboot the node; if it comes back on "
                "the same node or NVLink domain, drain it from the job or scheduler and have the board, bridge or "
                "switch tray serviced."),
        action="reset-gpu",
        rules_out=("the program's own code", "GPU memory size", "the driver installation"),
        never_suggest=("reduce the batch size", "reinstall PyTorch", "reinstall the driver"),
        sources=("https://github.com/daydreamlive/scope/issues/749", "https://github.com/daydreamlive/scope/pull/751",
                 "https://github.com/marin-community/marin/issues/8934", _DRIVER_ERRORS, _XID),
        checked="2026-11-28",
        examples=("cuda/daydreamscope-749-h100-invalid-access-peer-memory-nvlink.txt",
                  "kernel/marin-8934-contained-error-nvl72-rack.txt"),
    ),
)
