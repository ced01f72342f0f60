"""WSL 2 and Windows: what NVML and CUDA inside WSL say when Windows offers them no usable GPU (rows of the wsl area,
joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.device-handle-unknown-not-wddm",
        cause_id="wsl-tcc-mode",
        kinds=("any",),
        # nvidia-smi inside WSL 2 lists the adapters Windows shares but gets no handle for them when they are not in the
        # WDDM driver model (a TCC or MCDM GPU, or a mix of TCC and WDDM GPUs): NVML's Unknown Error, then "No devices
        # were found". On a Linux host the same line is a GPU that stopped answering (kernel.nvml-device-handle-unknown-
        # error), which this reading replaces only in WSL.
        patterns=(r"Unable to determine the device handle for GPU\s?(?P<bus_id>[0-9a-fA-F:.]{7,16}): Unknown Error",
                  r"Unable to determine the device handle for GPU\d{1,3}: (?P<pci>[0-9a-fA-F]{4,8}:[0-9a-fA-F:.]{5,12}): "
                  r"Unknown Error"),
        contexts=("wsl",),
        refines=("kernel.nvml-device-handle-unknown-error",),
        severity="fail",
        cause="Inside WSL 2 NVML could not open the GPUs Windows lists: WSL can use only GPUs in the WDDM driver model, "
              "and a GPU in TCC or MCDM mode (or a mix of TCC and WDDM GPUs) leaves it none it can open.",
        advice=("On Windows run `nvidia-smi` and read the driver model column: switch every GPU WSL should use to WDDM as "
                "administrator (`nvidia-smi -i 0 -dm 0`, then reboot) where the card allows it, then `wsl --shutdown`; "
                "GPUs that run only TCC cannot be used from WSL (use a Linux host or VM). Update the NVIDIA Windows "
                "driver if every GPU already shows WDDM."),
        action="configure",
        rules_out=("the GPU's hardware", "the Linux distribution"),
        never_suggest=("install the driver inside WSL", "install the CUDA toolkit", "reseat"),
        sources=("https://github.com/microsoft/WSL/issues/13027", "https://github.com/microsoft/WSL/issues/9952", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-13027-tcc-and-wddm-gpus-no-devices.txt",),
    ),
    Signature(
        code="wsl.cuda-ipc-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # The CUDA driver in WSL 2 has no CUDA IPC (the WSL user guide's known limitations): a CUDA tensor sent to
        # another process (torch.multiprocessing's rebuild_cuda_tensor -> _new_shared_cuda, which opens the sender's
        # cudaIpcMemHandle) or any cudaIpcOpenMemHandle fails with "invalid resource handle". On Linux the same frames
        # fail for other reasons, so the row reads them only in WSL, where it replaces the generic handle reading (in
        # WSL threads that line comes from multi-process apps sharing CUDA tensors: SLAM, webcam and serving apps).
        patterns=(r"(?<!IPC handle: )invalid resource handle", r"\b_new_shared_cuda\(", r"cudaIpc(?:Open|Get)MemHandle\b[^\n]{0,120}?(?:invalid|not supported)",
                  r"CUDA IPC handle \(CUDA error: invalid resource handle"),
        contexts=("wsl",),
        refines=("cuda.invalid-resource-handle",),
        severity="fail",
        cause="In WSL 2 a CUDA tensor or buffer shared with another process goes through CUDA IPC, which the CUDA "
              "driver in WSL 2 does not offer, so the receiving process cannot open it (invalid resource handle).",
        advice=("CUDA IPC is not available in WSL 2: pass CPU tensors between the processes (`tensor.cpu()` before "
                "`queue.put`, back to the GPU in the receiver), or choose the app's non-IPC transport (sglang: "
                "`--mm-feature-transport cpu`), or run on native Linux, where CUDA IPC works."),
        action="configure",
        rules_out=("the NVIDIA Windows driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the driver inside WSL", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/GVCLab/PersonaLive/issues/20", "https://github.com/sgl-project/sglang/pull/36212",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"),
        checked="2026-11-26",
        examples=("wsl/personalive-20-wsl2-torch-ipc-invalid-resource-handle.txt",),
    ),
    Signature(
        code="wsl.kernel-too-old-for-gpu",
        cause_id="wsl-dxg-missing",
        kinds=("any",),
        # The WSL 2 kernel's release as uname -r and /proc/version print it: GPU paravirtualization (dxgkrnl, /dev/dxg)
        # came with 4.19.121, the minimum NVIDIA's CUDA on WSL guide names; an older kernel (an old inbox one, one never
        # updated, or a custom kernel= in .wslconfig) offers CUDA no GPU, so PyTorch says "Found no NVIDIA driver" and
        # CUDA "no CUDA-capable device": this line explains those where both are in the text. The 5.10 kernels (from
        # 5.10.16.3, Windows 10 21H2's inbox one) run CUDA: their release in a paste is no finding.
        patterns=(r"(?<![\d.])(?P<kernel>4\.19\.(?:\d{1,2}|1[01]\d|120))(?:\.\d{1,3})?-microsoft-standard",),
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        severity="fail",
        cause="WSL 2 runs Linux kernel {kernel}, older than GPU support in WSL needs (4.19.121), so no GPU is offered to "
              "the distribution (no /dev/dxg).",
        advice=("Update Windows first where it is older than Windows 10 21H2 (`winver`, build 19044; before that "
                "Windows offers WSL no GPU whatever its kernel), then in Windows PowerShell run `wsl --update` and `wsl "
                "--shutdown` (remove a custom `kernel=` line from %UserProfile%\\.wslconfig first), start the "
                "distribution again and check `uname -r` shows 5.15 or newer; the distribution itself needs no GPU "
                "driver (CUDA in WSL uses the Windows one)."),
        action="configure",
        rules_out=("the GPU", "the Linux distribution's packages"),
        never_suggest=("install the driver inside WSL", "modprobe nvidia", "install nvidia-driver"),
        sources=("https://github.com/microsoft/WSL/issues/7702", WSL_GUIDE,
                 "https://learn.microsoft.com/en-us/windows/ai/directml/gpu-cuda-in-wsl"),
        checked="2026-11-26",
        examples=("wsl/wsl-7702-kernel-4-19-84-too-old-for-cuda.txt",),
    ),
    Signature(
        code="wsl.d3d12-libraries-missing",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # DirectML (tensorflow-directml, torch-directml, onnxruntime's DML provider) and Mesa's D3D12 driver in WSL 2 load
        # libd3d12.so and libdxcore.so from /usr/lib/wsl/lib, which Windows itself mounts there: on a Windows build
        # without GPU compute in WSL (before build 20150 in the preview; Windows 10 before 21H2 in release) or a WSL
        # kernel older than 4.19.121 there are none, and the loader says so.
        patterns=(r"lib(?P<library>d3d12|dxcore)\.so(?:\.\d)?: cannot open shared object file",),
        refines=("wsl.kernel-too-old-for-gpu",), refines_within=None,
        severity="fail",
        cause="WSL 2 offers no lib{library}.so in /usr/lib/wsl/lib: this Windows build (or its WSL) has no GPU compute "
              "for WSL, so DirectML, D3D12 and CUDA find no GPU.",
        advice=("Update Windows itself (`winver`: GPU compute in WSL 2 needs Windows 11 or Windows 10 21H2, build 19044, "
                "or newer; turn on \"Receive updates for other Microsoft products\" in Windows Update), then `wsl "
                "--update` and `wsl --shutdown`, and install the GPU's current Windows driver; `ls /usr/lib/wsl/lib` "
                "must then list libd3d12.so and libdxcore.so. Nothing inside the distribution fixes it: install no "
                "Linux GPU driver there."),
        action="configure",
        rules_out=("the Python package", "the Linux distribution's packages"),
        never_suggest=("install the Linux NVIDIA driver", "modprobe nvidia", "install nvidia-driver"),
        sources=("https://github.com/microsoft/DirectML/issues/22", "https://github.com/microsoft/DirectML/issues/29",
                 "https://github.com/microsoft/WSL2-Linux-Kernel/issues/126",
                 "https://learn.microsoft.com/en-us/windows/ai/directml/gpu-tensorflow-wsl"),
        checked="2026-11-26",
        examples=("wsl/directml-22-libd3d12-missing-rtx-titan-insider.txt",),
    ),
    Signature(
        code="wsl.windows-build-before-gpu-support",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # The Windows build as `ver`, cmd's banner and WSL's issue form print it ("Microsoft Windows [Version
        # 10.0.19041.508]", localised "[版本 10.0.19041]"), in a text that shows WSL (contexts.py): release builds before
        # 19044 (Windows 10 21H2) offer WSL 2 no GPU, whatever its kernel (Insider builds 20150 and later, and Windows 11's
        # 22000 and later, do). Native Windows CUDA works on those builds, hence the context.
        patterns=(r"Microsoft Windows \[[^\]\d\n]{1,16}10\.0\.(?P<build>1[0-8]\d{3}|190[0-3]\d|1904[0-3])(?:\.\d{1,5})?\]",),
        contexts=("wsl",),
        severity="fail",
        cause="Windows is build {build}, older than Windows 10 21H2 (19044), the first release with GPU support in WSL 2, "
              "so Windows offers the distribution no GPU.",
        advice=("Update Windows itself to Windows 11 or Windows 10 21H2 (build 19044) or newer through Windows Update "
                "(`winver` shows the build), then run `wsl --update` and `wsl --shutdown` and install the current NVIDIA "
                "Windows driver; nothing inside the distribution (no Linux driver, no CUDA driver package) fixes it."),
        action="configure",
        rules_out=("the Linux distribution's packages", "the GPU"),
        never_suggest=("install the Linux NVIDIA driver", "modprobe nvidia", "install nvidia-driver"),
        sources=("https://github.com/microsoft/WSL/issues/5955", "https://github.com/microsoft/WSL2-Linux-Kernel/issues/126",
                 "https://learn.microsoft.com/en-us/windows/wsl/tutorials/gpu-compute"),
        checked="2026-11-26",
        examples=("wsl/wsl-5955-windows-19041-no-gpu-in-wsl.txt",),
    ),
)
