"""What a program asks of CUDA that this GPU cannot give: a kernel's own faults (launch settings the GPU cannot honour,
memory accesses the kernel got wrong) and features the GPU or its virtualisation lacks (rows of the cuda area,
joined into cuda.py's tuple). None is a fault of the driver: the advice is the program's build, release or
settings."""

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
    Signature(
        code="cuda.operation-not-supported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # cudaErrorNotSupported (801) / CUDA_ERROR_NOT_SUPPORTED: most often CUDA's virtual memory management (PyTorch's
        # expandable_segments) or stream-ordered allocation (cudaMallocAsync) on a vGPU profile, a Jetson or a cloud VM.
        patterns=(r"CUDA (?:driver |runtime )?error: operation not supported", r"cudaErrorNotSupported\b",
                  r"CUDA_ERROR_NOT_SUPPORTED\b"),
        severity="fail",
        cause="CUDA refused an operation this GPU, or the way it is offered (a vGPU, a cloud VM, a Jetson), does not "
              "support: most often the virtual memory management behind PyTorch's expandable segments, or "
              "stream-ordered allocation (cudaMallocAsync).",
        advice=("Turn the feature off in the program: remove `expandable_segments:True` (and `backend:cudaMallocAsync`) "
                "from PYTORCH_CUDA_ALLOC_CONF, including where a library sets it for you (`echo "
                "$PYTORCH_CUDA_ALLOC_CONF`; Unsloth sets it at import). ComfyUI turns cudaMallocAsync on itself: start "
                "it with `--disable-cuda-malloc` (add it to run_nvidia_gpu.bat; ComfyUI Desktop: Settings, Server "
                "Config, turn off 'Use CUDA malloc for memory allocation'). On vGPU, NVIDIA's vGPU documentation lists "
                "which profiles offer unified memory and these allocators."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/unslothai/unsloth/issues/1446", "https://github.com/NVIDIA/FasterTransformer/issues/592",
                 "https://github.com/Comfy-Org/ComfyUI/issues/1150", "https://github.com/Comfy-Org/ComfyUI/issues/940",
                 "https://github.com/Comfy-Org/ComfyUI/issues/7514",
                 "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf"),
        checked="2026-11-26",
        examples=("cuda/unsloth-1446-operation-not-supported-expandable-segments.txt",
                  "cuda/comfyui-1150-cliptextencode-operation-not-supported.txt"),
    ),
    Signature(
        code="cuda.illegal-instruction",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorIllegalInstruction (715) / CUDA_ERROR_ILLEGAL_INSTRUCTION: a kernel executed an invalid instruction,
        # in practice a library's hand-written or JIT-compiled kernel (DeepSpeed, custom ops) built wrong for this GPU.
        patterns=(r"an illegal instruction was encountered", r"cudaErrorIllegalInstruction", r"CUDA_ERROR_ILLEGAL_INSTRUCTION"),
        severity="fail",
        cause="A CUDA kernel executed an illegal instruction: a fault of the program's or a library's kernel (often an "
              "accelerated or JIT-compiled one), not of the GPU.",
        advice=("Turn off the accelerated kernels of the library the traceback names (e.g. `use_deepspeed=False`, the "
                "option that enables custom CUDA ops) or update that library and PyTorch to releases built for this GPU; "
                "rerun with `CUDA_LAUNCH_BLOCKING=1` to see which call fails."),
        action="restart-application",
        rules_out=("the NVIDIA driver install",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/index-tts/index-tts/issues/336", "https://github.com/alexandrosstergiou/SoftPool/issues/40"),
        checked="2026-11-26",
        examples=("cuda/indextts-336-deepspeed-illegal-instruction.txt",),
    ),
    Signature(
        code="cuda.cublas-handle-not-created",
        cause_id="cuda-oom",
        kinds=("any",),
        # TensorFlow's (and other C++ programs') words when cublasCreate fails; with TensorFlow the cause is nearly
        # always its own up-front reservation of the GPU's memory (PyTorch's form is frameworks.py's).
        patterns=(r"failed to create cublas handle: CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED)",),
        severity="fail",
        cause="cuBLAS could not create its handle for want of GPU memory: TensorFlow reserves nearly all of it up front, "
              "or another process holds it.",
        advice=("Let TensorFlow grow its GPU memory on demand: `tf.config.experimental.set_memory_growth(gpu, True)` for "
                "each GPU before any op runs (or `TF_FORCE_GPU_ALLOW_GROWTH=true`); check `nvidia-smi` for other "
                "processes using the GPU's memory, and use a smaller batch if it is simply full."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/tensorflow/models/pull/9779", "https://github.com/tensorflow/tensorflow/issues/35029",
                 "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"),
        checked="2026-11-26",
        examples=("cuda/tfmodels-9779-allow-growth-cublas-handle.txt",),
    ),
    Signature(
        code="cuda.invalid-configuration-argument",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorInvalidConfiguration (9): a kernel launched with a grid or block this GPU cannot run (a zero or too
        # large dimension, often from an empty or very large input, or a library's launch bug fixed in a later release).
        patterns=(r"CUDA error: invalid configuration argument", r"cudaErrorInvalidConfiguration"),
        severity="fail",
        cause="A CUDA kernel was launched with an invalid grid or block configuration: a fault of the program or of a "
              "library version (an empty or oversized input reaching a kernel), not of the GPU or its memory.",
        advice=("Change the PyTorch (or extension) version to a newer one or the one the project was tested with, and "
                "check the inputs of the failing call (`CUDA_LAUNCH_BLOCKING=1` names it) for empty tensors or a batch "
                "too large for one launch."),
        action="configure",
        rules_out=("GPU memory", "the GPU hardware"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/LeonHLJ/RSKP/issues/1", "https://github.com/k2-fsa/k2/issues/1220",
                 "https://github.com/airsplay/lxmert/issues/28"),
        checked="2026-11-26",
        examples=("cuda/rskp-1-invalid-configuration-argument-torch.txt",),
    ),
    Signature(
        code="cuda.extension-op-built-for-other-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # A project's own compiled CUDA op (Deformable-DETR's MultiScaleDeformableAttention, detectron2's and mmcv's
        # deformable convolutions) reports the launch error itself: "error in <kernel>: ...". The kernel image missing
        # (or, on older CUDA, the device function invalid) means the op was compiled for other GPUs: the machine it was
        # built on, or the fixed -gencode list of its setup.py.
        patterns=(r"error in (?P<kernel>\w{2,60}) ?: (?:no kernel image is available for exe?cution on the device|"
                  r"invalid device function)",),
        refines=("cuda.no-kernel-image", "cuda.invalid-device-function"),
        severity="fail",
        cause="The project's compiled CUDA op {kernel} holds no kernels for this GPU: it was built for other GPUs "
              "(the machine it was built on, or the architectures its setup.py lists).",
        advice=("Rebuild the project's CUDA ops for this GPU: remove the old build (`rm -rf build/` and the installed "
                ".so/egg), then reinstall with this GPU's compute capability in the list, e.g. "
                "`TORCH_CUDA_ARCH_LIST=\"8.6\" python setup.py build install` or `TORCH_CUDA_ARCH_LIST=\"8.6\" pip "
                "install --no-build-isolation -e .` (`nvidia-smi --query-gpu=compute_cap --format=csv` gives it; a "
                "setup.py with a fixed -gencode list needs `-gencode=arch=compute_XY,code=sm_XY` added for it)."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/IDEA-Research/detrex/issues/274", "https://github.com/retsuh-bqw/SRFormer-Text-Det/issues/10",
                 "https://github.com/IDEA-Research/Grounded-SAM-2/issues/71",
                 "https://github.com/fundamentalvision/Deformable-DETR/issues/48"),
        checked="2026-11-26",
        examples=("cuda/detrex-274-deformable-op-no-kernel-image-2080ti.txt",
                  "cuda/srformer-10-deformable-op-built-for-75-on-86.txt"),
    ),
)
