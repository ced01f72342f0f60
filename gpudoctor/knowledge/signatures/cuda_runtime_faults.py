"""NVML and the CUDA runtime, failures at run time that name a resource or a permission rather than a bug: cuDNN finding
no convolution algorithm it can run (GPU memory, almost always), the driver's PTX JIT compiler library or CTranslate2's cuDNN
missing, profilers refused the GPU's performance counters, GPUs without peer-to-peer access to each other, and NVML bindings
newer than the driver (rows of the cuda area, added to cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_DRIVER_API_ERRORS = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.cudnn-no-valid-algorithm",
        cause_id="cuda-oom",
        kinds=("any",),
        # PyTorch's words (aten/src/ATen/native/cudnn/Conv*.cpp) when every cuDNN convolution algorithm it tried failed,
        # most often because none could allocate its workspace: the batch (or image size, or the processes sharing the
        # GPU) leaves too little GPU memory. The rarer cause is a cuDNN that has no kernels for this GPU, which shows even
        # at batch size 1.
        patterns=(r"Unable to find a valid cuDNN algorithm to run convolution",),
        severity="fail",
        cause="cuDNN could not run any convolution algorithm, nearly always because too little GPU memory was left for "
              "its workspace (the batch size, the image size, or other processes on the same GPU).",
        advice=("Lower the batch size (or the image size, or the number of processes sharing the GPU) and check with "
                "`nvidia-smi` what memory other processes hold; if it still fails at batch size 1, the installed "
                "PyTorch's cuDNN does not support this GPU: install a build for a newer CUDA (a cu118 or cu12x wheel for "
                "an RTX 30 or 40 series card)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU hardware"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/marqo-ai/marqo/issues/101", "https://github.com/ultralytics/yolov5/issues/11250",
                 "https://github.com/zcablii/LSKNet/issues/67",
                 "https://stackoverflow.com/questions/61467751/unable-to-find-a-valid-cudnn-algorithm-to-run-convolution"),
        checked="2026-11-26",
        examples=("cuda/marqo-101-cudnn-no-valid-algorithm-oom.txt", "cuda/yolov5-11250-no-valid-cudnn-algorithm-batch.txt"),
    ),
    Signature(
        code="cuda.ptx-jit-compiler-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # CUDA_ERROR_JIT_COMPILER_NOT_FOUND (221, "PTX JIT compiler library not found"): libcuda loads the driver's PTX
        # compiler, libnvidia-ptxjitcompiler.so.1 of its own version, on demand, to JIT-compile PTX (any program whose
        # binary has no SASS for this GPU: JAX/XLA, Numba, CuPy, torch extensions). Distribution packages that split the
        # driver (Debian's libnvidia-ptxjitcompiler1, Jetson's l4t-3d-core, Nix), a container given only the utility
        # capability, or a compat directory without it leave libcuda without it.
        patterns=(r"PTX JIT compiler library not found", r"ERROR_JIT_COMPILER_NOT_FOUND\b",  # CUDA_ERROR_... too
                  r"cudaErrorJitCompilerNotFound"),
        severity="fail",
        cause="libcuda could not load the driver's PTX JIT compiler (libnvidia-ptxjitcompiler.so.1), so CUDA cannot "
              "compile the PTX this program ships for the GPU.",
        advice=("Install the driver's PTX JIT compiler library of the same version as libcuda and make it findable: check "
                "`ldconfig -p | grep -E 'libcuda.so.1|ptxjitcompiler'`; install the package that holds it (Debian: "
                "libnvidia-ptxjitcompiler1; Ubuntu: libnvidia-compute-<branch>; Jetson: nvidia-l4t-3d-core) or, in a "
                "container, run with NVIDIA_DRIVER_CAPABILITIES=compute,utility; where libcuda comes from a forward-compatibility (compat) "
                "or custom directory, put libnvidia-ptxjitcompiler.so.1 of that version beside it."),
        action="configure",
        rules_out=("the GPU hardware", "GPU memory"),
        never_suggest=("reinstall CUDA", "downgrade PyTorch", "reseat the GPU"),
        sources=("https://github.com/anduril/jetpack-nixos/issues/184", "https://github.com/jax-ml/jax/issues/9644",
                 "https://github.com/NVIDIA/cutile-python/issues/44", _DRIVER_API_ERRORS),
        checked="2026-11-26",
        examples=("cuda/jetpacknixos-184-ptx-jit-compiler-not-found.txt",),
    ),
    Signature(
        code="cuda.profiling-counters-restricted",
        cause_id="profiling-permission",
        kinds=("any",),
        # Since R418 the driver lets only administrators read the GPU performance counters (RmProfilingAdminOnly: 1 in
        # /proc/driver/nvidia/params, set by NVreg_RestrictProfilingToAdminUsers). Nsight Compute and nvprof then print
        # ERR_NVGPUCTRPERM; CUPTI-based profilers (PyTorch's, TensorFlow's, Paddle's, Triton's proton) get
        # CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (35). In a container, root also needs CAP_SYS_ADMIN. CUDA itself runs.
        patterns=(r"\bERR_NVGPUCTRPERM\b", r"CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
        severity="warn",
        cause="The profiler was refused the GPU's performance counters: the NVIDIA driver allows them to administrators "
              "only (or the container lacks CAP_SYS_ADMIN); CUDA programs themselves run normally.",
        advice=("Allow profiling: on the host add `options nvidia NVreg_RestrictProfilingToAdminUsers=0` to a file in "
                "/etc/modprobe.d/, rebuild the initramfs (`sudo update-initramfs -u`, or `sudo dracut -f`) and reboot "
                "(`grep RmProfilingAdminOnly /proc/driver/nvidia/params` then shows 0); or run the profiler as root, in a "
                "container started with `--cap-add=SYS_ADMIN`; on Windows allow all users under NVIDIA Control Panel > "
                "Developer > Manage GPU Performance Counters. A rented or shared GPU whose host you cannot change keeps "
                "the restriction."),
        action="configure",
        rules_out=("a broken driver install", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "reseat the GPU"),
        versions=("nvidia>=418.43",),
        sources=("https://developer.nvidia.com/nvidia-development-tools-solutions-err_nvgpuctrperm-permission-issue-"
                 "performance-counters", "https://github.com/HazyResearch/ThunderKittens/issues/73",
                 "https://github.com/illinois-scicomp/machine-shop-maintenance/issues/11",
                 "https://github.com/PaddlePaddle/Paddle/issues/35857"),
        checked="2026-11-26",
        examples=("cuda/thunderkittens-73-ncu-err-nvgpuctrperm-runpod.txt", "cuda/machineshop-11-nvprof-err-nvgpuctrperm.txt",
                  "cuda/paddle-35857-cupti-insufficient-privileges-docker.txt"),
    ),
    Signature(
        code="cuda.no-peer-access-between-gpus",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # The CUDA samples' and nvbandwidth's own words when cudaDeviceCanAccessPeer says no: p2pBandwidthLatencyTest's
        # "Device=0 CANNOT Access Peer Device=1", simpleP2P's "Peer access from ... (GPU0) -> ... (GPU1) : No",
        # nvbandwidth waiving its device-to-device tests. GeForce cards offer no PCIe peer-to-peer with the stock driver
        # (RTX 2080 Ti only over an NVLink bridge, RTX 40 and 50 series not at all); on other GPUs ACS, the IOMMU or a VM
        # takes the path away. Copies then go through host memory: slower, not broken, unless a program insists on P2P.
        patterns=(r"Device=(?P<gpu>\d{1,2}) CANNOT Access Peer Device=(?P<peer>\d{1,2})",
                  r"\(GPU(?P<gpu>\d{1,2})\) -> [^\n]{1,80}\(GPU(?P<peer>\d{1,2})\) : No\b",
                  r"Waiving device_to_device_memcpy_\w{1,30}"),
        severity="warn",
        cause="CUDA reports no peer-to-peer access between these GPUs, so GPU-to-GPU copies go through host memory "
              "(slower); GeForce cards have none over PCIe, and on other GPUs the platform (ACS, IOMMU, a VM) removes it.",
        advice=("For GeForce GPUs this is expected: no peer-to-peer over PCIe with NVIDIA's driver, so multi-GPU work "
                "copies through host memory; if NCCL hangs or corrupts data on them, run it with NCCL_P2P_DISABLE=1. "
                "For datacenter or workstation GPUs that should have P2P, check ACS on the PCIe switches (`sudo lspci "
                "-vvv | grep ACSCtl`), put the IOMMU in passthrough (`iommu=pt`), and run the test on the host rather "
                "than in a VM; `nvidia-smi topo -p2p r` shows what the driver allows."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/nvbandwidth/issues/13", "https://github.com/NVIDIA/nccl-tests/issues/117",
                 "https://github.com/tensorflow/tensorflow/issues/24677",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"),
        checked="2026-11-26",
        examples=("cuda/nvbandwidth-13-2080ti-waiving-device-to-device.txt",),
    ),
    Signature(
        code="cuda.nvml-function-not-found",
        cause_id="nvml-bindings-too-new",
        kinds=("any",),
        # The Python NVML bindings (nvidia-ml-py, imported as pynvml; gpustat, nvitop and monitoring agents use them) look
        # each function up in the driver's libnvidia-ml.so.1 when first called. Newer bindings call versioned functions
        # an older driver lacks (nvmlDeviceGet*RunningProcesses_v2 since 450.66, _v3 since 510.39): ctypes' "undefined
        # symbol", then NVMLError_FunctionNotFound; nvitop words it "FunctionNotFound error(s) occurred while calling".
        patterns=(r"libnvidia-ml\.so(?:\.1)?: undefined symbol: (?P<function>nvml\w{4,80})",
                  r"NVMLError_FunctionNotFound", r"FunctionNotFound errors? occurred while calling"),
        severity="fail",
        cause="The NVML bindings in this Python environment are newer than the NVIDIA driver: they call an NVML "
              "function the driver's libnvidia-ml does not have, so the GPU query fails; the GPU itself is fine.",
        advice=("Update the NVIDIA driver (450.66 or newer has the _v2 process queries, 510 or newer the _v3 ones), or pin "
                "the bindings to the driver's age (`pip install 'nvidia-ml-py<11.515'` for drivers before 510, "
                "`'nvidia-ml-py<11.450.129'` before 450.66); remove the unofficial `pynvml` package first (`pip uninstall "
                "pynvml`), which can shadow nvidia-ml-py's pynvml module."),
        action="configure",
        rules_out=("a GPU hardware fault", "GPU memory"),
        never_suggest=("reseat the GPU", "reinstall CUDA"),
        sources=("https://github.com/wookayin/gpustat/issues/105", "https://github.com/wookayin/gpustat/pull/107",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/331", "https://github.com/XuehaiPan/nvitop/issues/1",
                 "https://pypi.org/project/nvidia-ml-py/#history"),
        checked="2026-11-26",
        examples=("cuda/gpustat-105-nvml-function-not-found-v2.txt", "cuda/k8sdp-331-pynvml-440-undefined-symbol-v2.txt"),
    ),
    Signature(
        code="cuda.ctranslate2-cudnn-not-loaded",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # CTranslate2's cuDNN stub (faster-whisper, WhisperX, whisper-diarization) when it finds no cuDNN of the major
        # version it was built for (9 from CTranslate2 4.5.0 on, 8 before): "Invalid handle. Cannot load symbol cudnn...",
        # after "Unable to load any of {libcudnn_ops.so.9.1.0, ...}" (or "Could not locate cudnn_ops64_9.dll" on Windows),
        # then the process aborts. A PyTorch cu121/cu118 environment or a Colab runtime with cuDNN 8 is the usual setting.
        patterns=(r"Invalid handle\. Cannot load symbol (?P<symbol>cudnn\w{1,60})",),
        severity="fail",
        cause="CTranslate2 could not load the cuDNN major version it was built for (cuDNN 9 for ctranslate2 4.5 and later, "
              "cuDNN 8 before), so the first cuDNN call ({symbol}) aborts the program.",
        advice=("Give CTranslate2 its cuDNN, or a CTranslate2 for yours: for ctranslate2 4.5+ install cuDNN 9 (`pip install "
                "nvidia-cudnn-cu12` or `sudo apt install libcudnn9-cuda-12`) and put its lib folder on LD_LIBRARY_PATH "
                "(`export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__))')"
                "/lib:$LD_LIBRARY_PATH`; on Windows, cuDNN 9's bin folder on PATH); or, with cuDNN 8 (PyTorch cu121 and "
                "older, Colab), `pip install ctranslate2==4.4.0`; on CUDA 11 with cuDNN 8, `pip install ctranslate2==3.24.0`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("ctranslate2>=4.5.0 (cuDNN 9)", "ctranslate2<=4.4.0 (cuDNN 8)"),
        sources=("https://github.com/MahmoudAshraf97/whisper-diarization/issues/259", "https://github.com/kanjieater/SubPlz/issues/18",
                 "https://github.com/SYSTRAN/faster-whisper/issues/1182", "https://github.com/OpenNMT/CTranslate2/issues/1806"),
        checked="2026-11-26",
        examples=("cuda/whisperdiarization-259-ctranslate2-450-cudnn9-missing.txt",
                  "cuda/subplz-18-ctranslate2-cannot-load-symbol-cudnn.txt",
                  "frameworks/faster-whisper-1182-cudnn-cnn-9-ld-library-path.txt"),
    ),
    Signature(
        code="cuda.ipc-unsupported-on-windows",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # cudaErrorOperatingSystem (63 before CUDA 10, 304 since) from PyTorch's StorageSharing.cpp: sharing a CUDA
        # tensor with another process (DataLoader workers returning CUDA tensors, torch.multiprocessing) needs CUDA IPC,
        # which Windows does not offer. The THCudaCheck form may wrap after "line=N", so that line alone also reads.
        patterns=(r"OS call failed or operation not supported on this OS at [^\n]{0,200}StorageSharing\.cpp",
                  r"THCudaCheck FAIL file=[^\n]{0,160}StorageSharing\.cpp line=\d{1,5}(?: error=(?:63|304) :|\s*$)"),
        severity="fail",
        cause="A CUDA tensor was handed to another process (DataLoader workers returning tensors already on the GPU, or "
              "torch.multiprocessing), which needs CUDA IPC; Windows does not support it, so the share fails with "
              "'OS call failed or operation not supported on this OS'.",
        advice=("Keep tensors on the CPU across processes: make the Dataset return CPU tensors and move each batch to "
                "the GPU in the training loop (`x.to(device)` after the DataLoader), or set the DataLoader's "
                "num_workers=0; pass CPU tensors through torch.multiprocessing queues. Only Linux supports CUDA IPC."),
        action="configure",
        rules_out=("the driver installation", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/13117", "https://blog.csdn.net/u013066730/article/details/97808471",
                 "https://pytorch.org/docs/stable/notes/windows.html#cuda-ipc-operations"),
        checked="2026-11-26",
        examples=("cuda/pytorch-13117-windows-dataloader-cuda-tensors-os-call-failed.txt",
                  "cuda/csdn-97808471-windows-storagesharing-error-63.txt"),
    ),
)
