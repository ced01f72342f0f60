"""Generic CUDA errors read on the platform the paste shows (gpudoctor/knowledge/contexts.py): inside WSL 2 CUDA reaches
the GPU through the Windows driver and Windows' GPU paravirtualisation, with no Linux kernel module and fewer CUDA
features, and on Windows itself through the Windows display driver, so the generic rows' next steps (reload
nvidia_uvm, load a module, turn off PyTorch's allocator options) are wrong there.
Joined into refinements.SIGNATURES; codes keep the area of their cause."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The lines cuda.unknown-error and cuda.operation-not-supported read (gpudoctor/knowledge/signatures/cuda*.py).
UNKNOWN_ERROR = (r"CUDA_ERROR_UNKNOWN", r"cudaErrorUnknown", r"cudaGetDeviceCount returned (?:30|999)\b",
                 r"CUDA (?:driver )?error: unknown error", r"cuda error: unknown error", r"\bError 999: unknown error",
                 # PyTorch's warning when its CUDA initialisation fails so ("CUDA initialization: CUDA unknown error - ...").
                 r"CUDA unknown error - this may be due to an incorrectly set up environment",
                 r"cuda runtime error \(30\) : unknown error",
                 # Ollama's discovery logging the same error (ollama.cuda-init-unknown-error's lines).
                 r"\bcuInit err[:;] 999\b", r"\bnvcuda init failure[:;] 999\b", r"\bcudart init failure[:;] 999\b")
NOT_SUPPORTED = (r"CUDA (?:driver |runtime )?error: operation not supported", r"cudaErrorNotSupported\b",
                 r"CUDA_ERROR_NOT_SUPPORTED\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.cuda-unknown-error",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        patterns=UNKNOWN_ERROR,
        contexts=("wsl",),
        refines=("cuda.unknown-error", "ollama.cuda-init-unknown-error"),
        severity="fail",
        cause="CUDA failed with an unknown error inside WSL 2, where it reaches the GPU through the Windows NVIDIA "
              "driver and WSL's GPU support (/dev/dxg, /usr/lib/wsl/lib), not through a Linux kernel module: the "
              "Windows side (its driver, WSL or the Windows build) is what failed or is out of date.",
        advice=("Fix it from Windows: update the NVIDIA driver on Windows (from nvidia.com; the distribution itself "
                "needs no GPU driver), update WSL with `wsl --update` in PowerShell (and Docker Desktop, for its "
                "containers), then `wsl --shutdown` (or restart Windows) and reopen the distribution; `nvidia-smi` "
                "inside WSL must then list the GPU, and `ldconfig -p | grep libcuda` must show only /usr/lib/wsl/lib. "
                "RAPIDS (cuDF, cuML) under WSL 2 needs a GPU of compute capability 7.0 or newer "
                "(`nvidia-smi --query-gpu=name,compute_cap --format=csv`)."),
        action="configure",
        rules_out=("the nvidia_uvm kernel module", "the CUDA toolkit inside the distribution"),
        never_suggest=("rmmod", "modprobe", "install the Linux NVIDIA driver"),
        sources=("https://github.com/GigaAI-research/DriveDreamer4D/issues/8", "https://github.com/rapidsai/cudf/issues/13112",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html",
                 "https://learn.microsoft.com/en-us/windows/wsl/tutorials/gpu-compute"),
        checked="2026-11-26",
        examples=("wsl/drivedreamer4d-8-wsl-unknown-error-wsl-update.txt",),
    ),
    Signature(
        code="wsl.cuda-feature-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        patterns=NOT_SUPPORTED,
        contexts=("wsl",),
        refines=("cuda.operation-not-supported",),
        severity="fail",
        cause="CUDA answered 'operation not supported' inside WSL 2, whose CUDA lacks features of native Linux: "
              "managed (unified) memory with concurrent access or oversubscription (none at all on Pascal and older "
              "GPUs), CUDA IPC between processes, some allocator options; the program asked for one of them.",
        advice=("Under WSL 2 turn off the feature the program asked for: managed memory (RMM/cuDF's managed pool, "
                "llama.cpp's GGML_CUDA_ENABLE_UNIFIED_MEMORY), CUDA IPC between processes, or an allocator option "
                "(PYTORCH_CUDA_ALLOC_CONF); RAPIDS under WSL 2 needs a Volta or newer GPU. "
                "Where the program needs the feature, run it on native Linux."),
        action="configure",
        rules_out=("the driver install", "the GPU hardware"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/rapidsai/cudf/issues/11382", "https://github.com/rapidsai/cudf/issues/16551",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"),
        checked="2026-11-26",
        examples=("wsl/cudf-11382-pascal-wsl2-operation-not-supported.txt",),
    ),    Signature(
        code="wsl.cuda-out-of-memory-pinned",
        cause_id="pinned-memory-limited",
        kinds=("any",),
        # CUDA's own words for cudaErrorMemoryAllocation, which a page-locked (pinned) host allocation gets too; not
        # PyTorch's "CUDA out of memory. Tried to allocate", which its allocator raises for GPU memory only.
        patterns=(r"CUDA (?:driver )?[Ee]rror: out of memory",
                  # llama.cpp's (ggml's) own CUDA_CHECK wording before 2024: "CUDA error 2 at ggml-cuda.cu:1241: out of
                  # memory", error 2 being cudaErrorMemoryAllocation, which a failed pinned host allocation returns.
                  r"CUDA error 2 at [^\n]{0,160}ggml-cuda\.cu:\d{1,5}: out of memory"),
        contexts=("wsl",),
        refines=("cuda.out-of-memory",),
        severity="fail",
        cause="CUDA ran out of memory inside WSL 2, where it can page-lock (pin) only part of the host's memory and "
              "the WSL VM has only part of the RAM: an allocation of pinned host memory (a DataLoader's pin_memory, "
              "cudaMallocHost) fails so with GPU memory to spare.",
        advice=("If `nvidia-smi` shows GPU memory to spare, turn off pinned memory: PyTorch's "
                "DataLoader(..., pin_memory=False), llama.cpp's GGML_CUDA_NO_PINNED=1; or give WSL more memory in "
                "%UserProfile%\\.wslconfig (`[wsl2]` `memory=...`) and run `wsl --shutdown`. If the GPU is full, "
                "free it or make the work smaller as on native Linux."),
        action="configure",
        rules_out=("the driver install",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/microsoft/WSL/issues/8447", "https://github.com/ggml-org/llama.cpp/issues/1735",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"),
        checked="2026-11-26",
        examples=("wsl/wsl-8447-oom-pinned-memory-wsl2.txt", "wsl/llamacpp-1735-wsl2-cuda-error-2-no-pinned.txt"),
    ),    Signature(
        code="cuda.unknown-error-on-windows",
        cause_id="cuda-unknown-error",
        kinds=("any",),
        # darknet and other C programs print "CUDA Error:" with a capital E (cudaGetErrorString after their own prefix).
        patterns=(*UNKNOWN_ERROR, r"CUDA Error: unknown error"),
        contexts=("windows",),
        refines=("cuda.unknown-error", "ollama.cuda-init-unknown-error"),
        severity="fail",
        cause="CUDA failed with an unknown error on Windows, where it runs on the Windows display driver (nvlddmkm), "
              "not on Linux kernel modules: the driver stopped, crashed or is out of date.",
        advice=("Update the NVIDIA driver on Windows with a clean install (from nvidia.com, 'Perform a clean "
                "installation') and reboot; on a laptop check in Device Manager that the NVIDIA GPU is enabled and "
                "select it for the program (NVIDIA Control Panel, Manage 3D settings). If it recurs under load and "
                "Event Viewer shows 'Display driver nvlddmkm stopped responding', the GPU hit Windows' 2-second TDR "
                "timeout (TdrDelay)."),
        action="configure",
        rules_out=("a Linux kernel module",),
        never_suggest=("rmmod", "modprobe"),
        sources=("https://github.com/AlexeyAB/darknet/issues/1070",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/timeout-detection-and-recovery"),
        checked="2026-11-26",
        examples=("cuda/darknet-1070-windows-driver-stopped-unknown-error.txt",),
    ),    Signature(
        code="containers.nvidia-smi-fails-in-container",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # nvidia-smi's failure, as kernel.driver-not-loaded reads it, in a text that shows a container.
        patterns=(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",),
        # Beside kernel.driver-not-loaded, not in its place: a paste that shows a container may hold the host's own
        # nvidia-smi failing too (nvidia-docker#291, a module missing on the host), which only the host can tell.
        contexts=("container",),
        severity="fail",
        cause="nvidia-smi inside a container could not reach the driver: the container was started without the GPU "
              "devices (no --gpus, no NVIDIA runtime; mounting the host's nvidia-smi and libraries passes no device), "
              "or the host's own driver is down.",
        advice=("Run `nvidia-smi` on the host first: if it works there, start the container with the GPUs through the "
                "NVIDIA Container Toolkit (`docker run --gpus all ...`; compose: a device reservation with `driver: "
                "nvidia`; Kubernetes: an `nvidia.com/gpu` limit) instead of mounting the host's driver files; if it "
                "fails on the host too, the host's driver is what to fix."),
        action="configure",
        never_suggest=("reinstall CUDA", "reinstall the driver inside the container"),
        sources=("https://github.com/mattshma/bigdata/issues/108",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-26",
        examples=("containers/bigdata-108-host-bins-mounted-no-runtime.txt",),
    ),
    Signature(
        code="wsl.leftover-linux-libcuda-lacks-cuctxcreate-v3",
        cause_id="wsl-linux-driver",
        kinds=("any",),
        # ollama.libcuda-lacks-cuctxcreate-v3's lines inside WSL 2, where the GPU's driver is the Windows one (R470 or
        # newer for WSL's CUDA, all with cuCtxCreate_v3): a libcuda without it is an old Linux driver's, left in the
        # distribution (ollama#5988: libcuda.so.418 beside driver=12.6). The Windows driver's own libcuda (libcuda.so.1
        # in /usr/lib/wsl/lib, libcuda.so.1.1 under /usr/lib/wsl/drivers) lacking it is the generic row's case: a
        # Windows driver too old, to update.
        patterns=(r"symbol lookup for cuCtxCreate_v3 failed: (?!/usr/lib/wsl/)",
                  r"(?<!/wsl/lib/libcuda\.so\.1)(?<!/wsl/lib/libcuda\.so)(?<!libcuda\.so\.1\.1): undefined symbol: "
                  r"cuCtxCreate_v3\b"),
        contexts=("wsl",),
        refines=("ollama.libcuda-lacks-cuctxcreate-v3",),
        severity="fail",
        cause="Inside WSL 2 a program loaded a libcuda without cuCtxCreate_v3: an old Linux NVIDIA driver's library left "
              "in the distribution, not the Windows driver's (which WSL mounts in /usr/lib/wsl/lib).",
        advice=("Remove the Linux NVIDIA driver's libraries from the distribution (`sudo apt purge 'libnvidia-compute-*' "
                "'nvidia-driver-*'`, or delete the stale libcuda.so.* files a .run installer left in "
                "/usr/lib/x86_64-linux-gnu), check that `ldconfig -p | grep libcuda` lists only /usr/lib/wsl/lib, then "
                "restart the program (Ollama: `sudo systemctl restart ollama`). Only the Windows driver is ever "
                "updated for WSL."),
        action="configure",
        rules_out=("the Windows driver's version",),
        never_suggest=("install the Linux driver", "upgrade the NVIDIA driver to R"),
        sources=("https://github.com/ollama/ollama/issues/5988", "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
        examples=("ollama/ollama-5988-wsl2-leftover-libcuda-418-cuctxcreate.txt",),
    ),
)
