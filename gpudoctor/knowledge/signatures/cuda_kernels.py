"""A CUDA kernel's own faults, reported by the runtime in any program: launch settings the GPU cannot honour and
memory accesses the kernel got wrong (rows of the cuda area, joined into cuda.py's tuple). These are the
program's, not the machine's: the advice is the program's build or release, never the driver."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_RUNTIME_ERRORS = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.launch-out-of-resources",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorLaunchOutOfResources (701) / CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: the block asks for more threads,
        # registers or shared memory than one multiprocessor of this GPU has.
        patterns=(r"[Tt]oo many resources requested for launch", r"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
                  r"cudaErrorLaunchOutOfResources"),
        severity="fail",
        cause="A CUDA kernel of the program was launched with more threads per block, registers or shared memory than "
              "this GPU allows: a launch or build setting of the program, not a fault of the GPU or the driver.",
        advice=("Launch the kernel with fewer threads per block (e.g. a 16x16 block instead of 32x32), or rebuild the "
                "program with a register cap (`-maxrregcount=N` in its NVCC flags, or `__launch_bounds__` on the "
                "kernel) so a full block fits; `deviceQuery` from the CUDA samples shows the GPU's limits. A release of "
                "the program tuned for this GPU may already do so."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU hardware"),
        never_suggest=("reinstall the driver", "update the driver", "reseat the GPU"),
        sources=("https://github.com/KCL-BMEIS/niftyreg/issues/49", "https://github.com/laugh12321/TensorRT-YOLO/issues/11",
                 _RUNTIME_ERRORS),
        checked="2026-11-26",
        examples=("cuda/niftyreg-49-too-many-resources-maxrregcount.txt",
                  "cuda/tensorrtyolo-11-launch-out-of-resources-16x16.txt"),
    ),
    Signature(
        code="cuda.misaligned-address",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorMisalignedAddress (716) / CUDA_ERROR_MISALIGNED_ADDRESS: a kernel loaded or stored through a pointer
        # not aligned for its type; like an illegal address, the CUDA context is unusable afterwards.
        patterns=(r"CUDA error: misaligned address", r"CUDA_ERROR_MISALIGNED_ADDRESS", r"cudaErrorMisalignedAddress"),
        severity="fail",
        cause="A CUDA kernel accessed memory at a misaligned address: a bug in the program's or a library's kernel "
              "(indexing, a tensor layout it did not expect), not a fault of the GPU.",
        advice=("Update PyTorch and the extension whose kernel fails (flash-attn, xformers, a custom op) to newer "
                "releases, where such kernel bugs are usually fixed; to find the kernel, rerun with "
                "`CUDA_LAUNCH_BLOCKING=1` so the traceback points at the failing call, and report it there."),
        action="restart-application",
        rules_out=("the GPU hardware", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/drubinstein/pokemonred_puffer/issues/8", "https://github.com/pytorch/pytorch/issues/32893",
                 "https://github.com/valeoai/WaffleIron/issues/4", _RUNTIME_ERRORS),
        checked="2026-11-26",
        examples=("cuda/pokemonredpuffer-8-misaligned-address-torch24.txt",),
    ),
)
