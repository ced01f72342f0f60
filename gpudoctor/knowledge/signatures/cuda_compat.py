"""What a CUDA build and this GPU or driver do not share: libraries that refuse the GPU's compute capability (too old
or too new for the kernels they ship), a framework left to JIT-compile PTX for a GPU newer than its build, a driver
whose libcuda lacks an entry point the program was built against, and the NVLink faults CUDA itself reports (rows
of the cuda area, joined into cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_RUNTIME_ERRORS = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"
_CUDNN_STATUS = "https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html#cudnnstatus-t"
_CAPABILITIES = "https://developer.nvidia.com/cuda-gpus"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.library-arch-mismatch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # CUDNN_STATUS_ARCH_MISMATCH (6) / CUBLAS_STATUS_ARCH_MISMATCH (8): "the function requires a feature absent
        # from the current GPU device" - in practice a GPU older than the library supports (cuDNN needs 3.0 and
        # later, later releases more), or a library build without this GPU's architecture. Caffe's glog line, a
        # PyTorch RuntimeError and the Python wrappers' exception names all carry the enum's name.
        patterns=(r"CUDNN_STATUS_ARCH_MISMATCH", r"cudnnStatusArchMismatch", r"CUBLAS_STATUS_ARCH_MISMATCH"),
        severity="fail",
        cause="cuDNN or cuBLAS refused this GPU: its compute capability is one the installed library does not support "
              "(too old a GPU for this release, or a build without its architecture).",
        advice=("Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`) against "
                "the library's support matrix: on a GPU older than cuDNN supports, build or run without cuDNN "
                "(Caffe's USE_CUDNN off, `torch.backends.cudnn.enabled = False`) or use an older cuDNN and CUDA that "
                "still support it; otherwise install a cuDNN/cuBLAS build for this GPU's architecture."),
        action="configure",
        rules_out=("a driver fault", "a broken GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/rbgirshick/fast-rcnn/issues/44", "https://github.com/nagadomi/waifu2x/issues/176",
                 "https://github.com/hyseob/PyMDNet/issues/6", _CUDNN_STATUS),
        checked="2026-11-26",
        examples=("cuda/fastrcnn-44-m2090-cudnn-arch-mismatch.txt", "cuda/waifu2x-176-cudnn-backend-arch-mismatch.txt",
                  "cuda/pymdnet-6-nvs315-cudnn-arch-mismatch.txt"),
    ),
    Signature(
        code="cuda.tensorflow-jit-from-ptx",
        refines=("cuda.invalid-resource-handle",),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # TensorFlow's gpu_device.cc warning when its build has no cubin for the GPU's compute capability (H100's 9.0
        # in TF 2.14-2.15, Blackwell's 12.0 in the 2.19/2.20 wheels): the driver JIT-compiles PTX of an older
        # architecture at start, which can take half an hour and, for some kernels, fails later
        # (CUDA_ERROR_INVALID_HANDLE, INVALID_PTX).
        patterns=(r"TensorFlow was not built with CUDA kernel binaries compatible with compute capability "
                  r"(?P<capability>\d{1,2}\.\d)",),
        severity="warn",
        cause="This TensorFlow build has no CUDA kernels for compute capability {capability}, so the driver JIT-compiles "
              "them from PTX at start: slow (up to 30 minutes or more), and some kernels may then fail.",
        advice=("Use a TensorFlow build that includes the GPU's compute capability: a newer TensorFlow release whose "
                "wheels list it, NVIDIA's NGC TensorFlow container, or TensorFlow built from source with "
                "TF_CUDA_COMPUTE_CAPABILITIES including it; until then a larger JIT cache (CUDA_CACHE_MAXSIZE="
                "4294967296) keeps the compiled kernels between runs."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/60739", "https://github.com/tensorflow/tensorflow/issues/97387",
                 "https://www.tensorflow.org/install/source#gpu"),
        checked="2026-11-26",
        examples=("cuda/tensorflow-60739-h100-sm90-jit-from-ptx.txt",
                  "cuda/tensorflow-97387-rtx5080-cc120-ptx-invalid-handle.txt"),
    ),
    Signature(
        code="cuda.xformers-gpu-too-old",
        refines=("frameworks.xformers-no-operator",),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # xformers.ops.fmha's dispatcher lists why each operator refused the inputs; the capability line is the one
        # that names the GPU ("requires device with capability > (8, 0) but your GPU has capability (7, 5) (too
        # old)"), often beside "bf16 is only supported on A100+ GPUs".
        patterns=(r"requires device with capability [<>=]{1,2} \((?P<required>\d{1,2}, \d)\) but your GPU has "
                  r"capability \((?P<capability>\d{1,2}, \d)\) \(too old\)",),
        severity="fail",
        cause="xFormers' attention kernels need a newer GPU than this one (compute capability {capability}, below the "
              "{required} they require), so no memory-efficient attention operator fits it.",
        advice=("On this GPU stop using xFormers' memory-efficient attention (turn the program's xformers option off, "
                "or uninstall xformers so it falls back to PyTorch's scaled_dot_product_attention), or run the model in "
                "float16 rather than bfloat16 so xFormers' cutlass kernels apply (bf16 needs an A100-class GPU); "
                "FlashAttention itself needs compute capability 8.0 or newer."),
        action="configure",
        rules_out=("a driver fault", "a broken xformers install"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ToTheBeginning/PuLID/issues/115", "https://github.com/deepseek-ai/DeepSeek-VL2/issues/118",
                 "https://github.com/zjp-shadow/CharacterGen/issues/18", _CAPABILITIES),
        checked="2026-11-26",
        examples=("cuda/pulid-115-p40-xformers-capability-too-old.txt", "cuda/deepseekvl2-118-2080ti-xformers-too-old.txt",
                  "cuda/charactergen-18-v100-xformers-capability-70.txt"),
    ),
    Signature(
        code="cuda.xformers-gpu-too-new",
        refines=("frameworks.xformers-no-operator",),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # The same dispatcher line for a GPU newer than the xFormers build: its kernels stop at (9, 0), so an RTX
        # 50-series or RTX PRO Blackwell (12, 0) gets "(too new)".
        patterns=(r"requires device with capability [<>=]{1,2} \((?P<required>\d{1,2}, \d)\) but your GPU has "
                  r"capability \((?P<capability>\d{1,2}, \d)\) \(too new\)",),
        severity="fail",
        cause="The installed xFormers was built without kernels for this GPU's compute capability {capability} "
              "(its kernels stop at {required}), so no attention operator is available on it.",
        advice=("Install an xFormers build for this GPU: a release built against your PyTorch with CUDA 12.8 or newer "
                "(which includes sm_120 for RTX 50-series), from the same index as PyTorch (`pip install -U xformers "
                "--index-url https://download.pytorch.org/whl/cu128`); or uninstall xformers so the program uses "
                "PyTorch's own attention."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/Comfy-Org/ComfyUI/issues/11602", "https://github.com/unslothai/unsloth/issues/4200",
                 "https://github.com/cswry/VOSR/issues/5"),
        checked="2026-11-26",
        examples=("cuda/comfyui-11602-5060ti-xformers-too-new.txt",),
    ),
    Signature(
        code="cuda.numba-capability-unsupported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # numba.cuda's find_closest_arch: the GPU's compute capability is below the lowest one NVVM of this CUDA
        # toolkit compiles for (Kepler 3.0 after CUDA 11, 3.x and 5.0-5.2 in later Numba releases).
        patterns=(r"NvvmSupportError: GPU compute capability (?P<capability>\d{1,2}\.\d) is not supported "
                  r"\(requires >=(?P<minimum>\d{1,2}\.\d)\)",),
        severity="fail",
        cause="Numba's CUDA compiler (NVVM of this CUDA toolkit) no longer targets compute capability {capability}; it "
              "requires {minimum} or newer, so kernels cannot be compiled for this GPU.",
        advice=("Use a Numba and CUDA toolkit that still support this GPU's compute capability (an older Numba with "
                "the cudatoolkit of the CUDA 10/11 era for Kepler GPUs), or run on a GPU of the capability the "
                "message requires or newer."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/rapidsai/cusignal/issues/284", "https://github.com/numba/numba/pull/7755",
                 _CAPABILITIES),
        checked="2026-11-26",
        examples=("cuda/cusignal-284-numba-cc30-not-supported.txt",),
    ),
    Signature(
        code="cuda.nvlink-uncorrectable",
        cause_id="nvlink-error",
        kinds=("any",),
        # cudaErrorNvlinkUncorrectable (220) / CUDA_ERROR_NVLINK_UNCORRECTABLE: the driver saw an uncorrectable error
        # on an NVLink during the kernel (the kernel log holds the matching Xid 74); the context is lost, so the
        # traceback points at whatever CUDA call ran next.
        patterns=(r"uncorrectable NVLink error (?:was )?detected during the execution", r"cudaErrorNvlinkUncorrectable",
                  r"CUDA_ERROR_NVLINK_UNCORRECTABLE"),
        severity="fail",
        cause="An NVLink between the GPUs reported an uncorrectable error during the run: a fault of the link (bridge, "
              "baseboard or GPU), not of the program.",
        advice=("Find the failing link: `sudo dmesg | grep -i xid` (Xid 74 names the GPU) and `nvidia-smi nvlink -e` "
                "(CRC, replay and recovery counters per link); reset the GPUs (`sudo nvidia-smi -r`) or reboot the "
                "node, run the job again, and have the board or NVLink bridge serviced if errors recur on the same "
                "link; drain the node meanwhile."),
        action="reset-gpu",
        rules_out=("the program's own memory accesses", "GPU memory size"),
        never_suggest=("reduce the batch size", "reinstall PyTorch"),
        sources=("https://github.com/pytorch/pytorch/issues/58155", "https://github.com/MIC-DKFZ/nnUNet/issues/1519",
                 _RUNTIME_ERRORS, "https://docs.nvidia.com/deploy/xid-errors/index.html"),
        checked="2026-11-26",
        examples=("cuda/pytorch-58155-a100-uncorrectable-nvlink.txt",),
    ),
    Signature(
        code="cuda.libcuda-symbol-missing",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # The dynamic loader (or a binding that resolves the driver API eagerly) finds no versioned entry point in the
        # driver's libcuda: cuCtxCreate_v4 and cuGetProcAddress_v2 exist only in CUDA 12.5 and later drivers,
        # cuLibraryLoadData in 12.0 and later. Ollama's cuCtxCreate_v3 has its own row with Ollama's floors.
        patterns=(r"libcuda\.so(?:\.1)?: undefined symbol: (?P<symbol>(?!cuCtxCreate_v3\b)cu[A-Z]\w{2,60})",),
        severity="fail",
        cause="The driver's libcuda has no {symbol}: the NVIDIA driver is older than the CUDA version the program was "
              "built against.",
        advice=("Compare `nvidia-smi` (the \"CUDA Version\" the driver supports) with the CUDA the program or its "
                "bindings were built for, and update the NVIDIA driver to a branch that supports it (for CUDA 12.x "
                "builds, R555 or newer covers the 12.5+ entry points); or use a build of the program for the "
                "driver's older CUDA."),
        action="configure",
        rules_out=("a missing CUDA toolkit",),
        never_suggest=("reinstall the CUDA toolkit", "set LD_LIBRARY_PATH to the toolkit's stubs"),
        sources=("https://github.com/pegainfer-project/pegainfer/issues/263", "https://github.com/chelsea0x3b/cudarc/issues/464",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-26",
        examples=("cuda/pegainfer-263-cuctxcreate-v4-driver-12-2.txt",),
    ),
    Signature(
        code="cuda.ctranslate2-compute-type-unsupported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # CTranslate2's own wording for a cuBLAS status (faster-whisper, WhisperX, Faster-Whisper-XXL, Subtitle
        # Edit): its default int8 matmuls are not supported by cuBLAS on RTX 50-series / Blackwell (sm_120) before
        # CTranslate2 4.6.2, nor on GPUs without int8 tensor support.
        patterns=(r"cuBLAS failed with status CUBLAS_STATUS_NOT_SUPPORTED",),
        severity="fail",
        cause="CTranslate2 asked cuBLAS for a matrix multiply in its compute type (int8 by default) that this GPU "
              "does not support in this build: RTX 50-series (Blackwell) GPUs before CTranslate2 4.6.2, or an older "
              "GPU without int8 support.",
        advice=("Run with a compute type the GPU supports: `--compute_type float16` (faster-whisper: "
                "`WhisperModel(..., compute_type=\"float16\")`; float32 on GPUs older than Volta), or upgrade "
                "CTranslate2 to 4.6.2 or newer (`pip install -U ctranslate2`, or a release of the tool that bundles "
                "it), which no longer uses int8 on Blackwell."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA library"),
        never_suggest=("reinstall the driver", "reinstall the CUDA toolkit"),
        sources=("https://github.com/Purfview/whisper-standalone-win/issues/403",
                 "https://github.com/basnijholt/agent-cli/issues/467",
                 "https://github.com/SubtitleEdit/subtitleedit/issues/13902",
                 "https://github.com/OpenNMT/CTranslate2/issues/1865"),
        checked="2026-11-26",
        examples=("cuda/whisperstandalone-403-rtx5080-ct2-cublas-not-supported.txt",
                  "cuda/agentcli-467-rtx50-ctranslate2-int8-sm120.txt",
                  "cuda/subtitleedit-13902-xxl-needs-compute-type-float16.txt"),
    ),
    Signature(
        code="cuda.numba-toolkit-unsupported",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # numba.cuda's NVVM lookup: the CUDA toolkit it found (conda's cudatoolkit, CUDA_HOME) is older than this
        # Numba release supports, so NVVM offers no compute capability at all; Numba warns about the version first.
        patterns=(r"NvvmSupportError: No supported GPU compute capabilities found",
                  r"CUDA Toolkit (?P<toolkit>\d{1,2}\.\d) is unsupported by Numba - (?P<minimum>\d{1,2}\.\d) is the "
                  r"minimum required version"),
        severity="fail",
        cause="Numba found a CUDA toolkit it does not support (older than this Numba release requires), so it cannot "
              "compile CUDA kernels for any GPU.",
        advice=("Make Numba and the CUDA toolkit it uses agree: install a toolkit at least as new as the minimum Numba "
                "names into the environment (`conda install cudatoolkit=11.8`, or the `nvidia-cuda-nvcc-cu12` and "
                "`nvidia-cuda-nvrtc-cu12` wheels for numba-cuda), or pin an older Numba that supports the toolkit you "
                "have (`pip install numba==0.53` for CUDA 10.x)."),
        action="configure",
        rules_out=("a driver fault", "an unsupported GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/zhangyp15/MonoFlex/issues/52", "https://github.com/open-mmlab/OpenPCDet/issues/1386",
                 "https://numba.readthedocs.io/en/stable/cuda/overview.html#software"),
        checked="2026-11-26",
        examples=("cuda/monoflex-52-numba-no-supported-cc-pin-053.txt",
                  "cuda/openpcdet-1386-numba-toolkit-101-below-minimum.txt"),
    ),
    Signature(
        code="cuda.cublas-create-internal-error",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # PyTorch's check on cublasCreate: INTERNAL_ERROR (unlike NOT_INITIALIZED / ALLOC_FAILED, which are memory)
        # comes from a cuBLAS that cannot run here: a PyTorch built for an older CUDA than the GPU needs (RTX 30 on
        # CUDA 10.x builds), a broken build (PyTorch 1.8.0's CUDA 11.1 wheels), or another cuBLAS on LD_LIBRARY_PATH.
        patterns=(r"CUBLAS_STATUS_INTERNAL_ERROR when calling `?cublasCreate\(handle\)",),
        severity="fail",
        cause="cuBLAS could not initialise for this GPU: the PyTorch build's CUDA libraries do not fit the GPU (built "
              "for an older CUDA, a faulty release) or another cuBLAS shadows them.",
        advice=("Reinstall PyTorch from the PyTorch index with a build whose CUDA supports this GPU (CUDA 11.1+ for RTX "
                "30, 11.8+ for RTX 40 and H100, 12.8+ for RTX 50; `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"` shows yours), upgrading past a known-bad release; if "
                "LD_LIBRARY_PATH points at a system CUDA, unset it so PyTorch uses its own cuBLAS."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "reduce the batch size"),
        sources=("https://github.com/nex-mpi/nex-code/issues/42", "https://github.com/lucidrains/big-sleep/issues/48",
                 "https://github.com/pytorch/pytorch/issues/53336", "https://github.com/OpenGVLab/InternImage/issues/176"),
        checked="2026-11-26",
        examples=("cuda/nexcode-42-torch-cuda10-build-rtx30.txt",
                  "cuda/bigsleep-48-torch-180-cublascreate-internal.txt"),
    ),
    Signature(
        code="cuda.cudnn-execution-failed",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cuDNN's CUDNN_STATUS_EXECUTION_FAILED (8): its kernel failed to run on the GPU. Most threads end at a
        # PyTorch or CUDA build older than the GPU (CUDA 9.x on RTX 20, CUDA 10.x on RTX 30), whose cuDNN has no
        # kernels for it; a newer build fixes it and `torch.backends.cudnn.enabled = False` only sidesteps it.
        patterns=(r"CUDNN_STATUS_EXECUTION_FAILED",),
        severity="fail",
        cause="cuDNN's kernels failed to run on this GPU: the framework's CUDA/cuDNN build is most likely older than the "
              "GPU (no kernels for its compute capability).",
        advice=("Compare the GPU with the build (`python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch.cuda.get_device_name(0))\"`) and install a PyTorch build whose CUDA supports it: CUDA 10+ for "
                "RTX 20, 11.1+ for RTX 30, 11.8+ for RTX 40 and H100, 12.8+ for RTX 50; "
                "`torch.backends.cudnn.enabled = False` only works around it, slowly. If the build already fits, rerun "
                "with CUDA_LAUNCH_BLOCKING=1: the failing call may be the program's own."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "reduce the batch size"),
        sources=("https://github.com/uci-cbcl/UFold/issues/20", "https://github.com/astaka-pe/Dual-DMP/issues/2",
                 "https://github.com/yanx27/Pointnet_Pointnet2_pytorch/issues/229",
                 "https://github.com/traveller59/second.pytorch/issues/43", _CUDNN_STATUS),
        checked="2026-11-26",
        examples=("cuda/ufold-20-rtx3090-torch14-cudnn-execution-failed.txt",
                  "cuda/dualdmp-2-cudnn-execution-failed-cuda102-to-110.txt",
                  "cuda/pointnet2-229-3090-needs-cuda11-cudnn.txt"),
    ),
    Signature(
        code="cuda.cublas-execution-failed",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cuBLAS's CUBLAS_STATUS_EXECUTION_FAILED, as PyTorch ("CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling
        # `cublasSgemm(...)`") and TensorFlow ("failed to run cuBLAS routine cublasSgemm_v2: ...") report it: its
        # kernel failed on the GPU, most often because the framework's CUDA predates the GPU (CUDA 9/10 builds on RTX
        # 30). A kernel fault of the program (an out-of-range index) can end the same way.
        patterns=(r"CUBLAS_STATUS_EXECUTION_FAILED",),
        severity="fail",
        cause="A cuBLAS kernel failed to run on this GPU: most often the framework's CUDA build is older than the GPU "
              "(no kernels for its compute capability).",
        advice=("Compare the GPU with the framework's CUDA build (`nvidia-smi --query-gpu=name,compute_cap "
                "--format=csv`; for PyTorch `torch.version.cuda`) and install a build whose CUDA supports it: CUDA 10+ "
                "for RTX 20, 11.1+ for RTX 30, 11.8+ for RTX 40 and H100, 12.8+ for RTX 50. If the build fits, rerun "
                "with CUDA_LAUNCH_BLOCKING=1 to find the failing call: an out-of-range index in the program ends the "
                "same way."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "reduce the batch size"),
        sources=("https://github.com/facebookresearch/SparseConvNet/issues/208",
                 "https://github.com/QingyongHu/SensatUrban/issues/25",
                 "https://github.com/yenchenlin/nerf-pytorch/issues/89"),
        checked="2026-11-26",
        examples=("cuda/sparseconvnet-208-rtx3080-cuda10-cublas-exec-failed.txt",
                  "cuda/sensaturban-25-tf-cublas-sgemm-exec-failed-cuda9.txt"),
    ),
    Signature(
        code="cuda.nvcc-deprecated-targets-notice",
        cause_id="none",
        kinds=("build", "other"),
        # nvcc's warning when a build still lists architectures the toolkit deprecates (Kepler and Maxwell in CUDA
        # 11-12); the build goes on and the binary works. Build logs that fail show it beside the real error.
        patterns=(r"nvcc warning : The '(?:compute|sm)_\d{2}'[^\n]{0,160}architectures are deprecated, and may be removed "
                  r"in a future release",),
        severity="info",
        cause="nvcc warns that old GPU architectures in the build's target list are deprecated; it still builds them.",
        advice=("Harmless: nothing is broken; drop the deprecated architectures from the build's target list (e.g. "
                "TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES) or pass -Wno-deprecated-gpu-targets to silence it; if "
                "the build failed, the real error is elsewhere in the log."),
        action="none",
        rules_out=("a broken CUDA toolkit",),
        sources=("https://github.com/DARMA-tasking/vt/issues/1413",
                 "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html"),
        checked="2026-11-26",
        examples=("cuda/vt-1413-nvcc-deprecated-gpu-targets-warning.txt",),
    ),
    Signature(
        code="cuda.cudnn-not-initialized",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # PyTorch's "cuDNN error: CUDNN_STATUS_NOT_INITIALIZED": cudnnCreate failed. Threads settle on a PyTorch whose
        # CUDA/cuDNN build does not fit the GPU or the CUDA libraries beside it (a cu102 build on RTX 30, a system
        # cuDNN or CUDA on the library path); a GPU with no memory left ends the same way.
        patterns=(r"cuDNN error: CUDNN_STATUS_NOT_INITIALIZED", r"RuntimeError: CUDNN_STATUS_NOT_INITIALIZED"),
        severity="fail",
        cause="cuDNN could not initialise: the framework's CUDA/cuDNN build does not fit this GPU or the CUDA libraries "
              "it loads (or the GPU had no memory left for cuDNN's handle).",
        advice=("Compare PyTorch's build with the GPU and the libraries it loads (`python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version())\"`), then reinstall "
                "PyTorch from the PyTorch index with a CUDA build that supports the GPU (11.1+ for RTX 30, 11.8+ for RTX "
                "40, 12.8+ for RTX 50) and unset an LD_LIBRARY_PATH that puts another cuDNN first; if the build fits, "
                "check the GPU's free memory with `nvidia-smi`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Turoad/CLRNet/issues/24", "https://github.com/haotian-liu/LLaVA/issues/458",
                 "https://github.com/pytorch/pytorch/issues/53896"),
        checked="2026-11-26",
        examples=("cuda/clrnet-24-cudnn-not-initialized-torch-cu111.txt",
                  "cuda/llava-458-cudnn-not-initialized-cuda-mismatch.txt"),
    ),
)
