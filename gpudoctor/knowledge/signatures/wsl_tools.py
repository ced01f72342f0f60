"""WSL 2 and Windows: the driver's own tools failing where CUDA itself works (rows of the wsl area, joined into
wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.nvidia-smi-segfault",
        cause_id="wsl-nvidia-smi-crash",
        kinds=("any",),
        # The nvidia-smi in /usr/lib/wsl/lib comes with the Windows driver. Those of drivers 545 and later (555, 560 ...)
        # crash on some GPUs (GTX 16, RTX A2000 laptops) right after the table header, in every distribution, while
        # nvidia-smi.exe on Windows and CUDA inside WSL work (microsoft/WSL#11277, #11870). The shell names the program
        # on the line it prints: zsh "[1] 494 segmentation fault  nvidia-smi", bash in a script or `bash -c`
        # "line 1:  494 Segmentation fault      (core dumped) nvidia-smi", fish "Job 1, 'nvidia-smi' terminated by signal
        # SIGSEGV"; an interactive bash's bare "Segmentation fault" names nothing and is not read.
        patterns=(r"\b\d{1,7} [Ss]egmentation fault(?: \(core dumped\))?\s{1,12}(?:\(core dumped\) )?(?:sudo )?"
                  r"(?:[\w./-]{0,80}/)?nvidia-smi\b",
                  r"Job \d{1,4}, '(?:sudo )?(?:[\w./-]{0,80}/)?nvidia-smi\b[^'\n]{0,200}' terminated by signal SIGSEGV"),
        severity="fail",
        cause="nvidia-smi crashed (segmentation fault). Inside WSL 2 it is the nvidia-smi of the Windows driver, and "
              "those of drivers 545 and later crash on some GPUs right after the table header while CUDA itself still "
              "works; on a Linux host a crashing nvidia-smi is a broken or mixed driver installation.",
        advice=("In WSL 2: install another NVIDIA Windows driver (roll back to 537.xx, the last one without the crash, or "
                "try the newest), then `wsl --shutdown`; until then read the GPU with `nvidia-smi.exe` on Windows or "
                "`nvidia-smi -L` / `nvidia-smi --query-gpu=name,memory.used --format=csv`, and CUDA programs keep "
                "working; the distribution itself needs no GPU driver. On a Linux host, reinstall the driver so that "
                "nvidia-smi and libnvidia-ml come from one release."),
        action="configure",
        rules_out=("the WSL kernel", "the CUDA toolkit"),
        never_suggest=("install the driver inside WSL", "custom kernel"),
        sources=("https://github.com/Nevuly/WSL2-Linux-Kernel-Rolling/issues/13",
                 "https://github.com/microsoft/WSL/issues/11277", "https://github.com/microsoft/WSL/issues/11870",
                 WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl2kernel-rolling-13-nvidia-smi-segfault-555.txt",),
    ),
    Signature(
        code="wsl.windows-cuda-tensor-sharing",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # PyTorch on Windows has no CUDA IPC (its Windows notes, "CUDA IPC operations"): a CUDA tensor put on a
        # multiprocessing queue, most often by a Dataset that returns tensors already on the GPU to DataLoader workers
        # (num_workers > 0), fails in torch/csrc/generic/StorageSharing.cpp: "cuda runtime error (801) : operation not
        # supported" (PyTorch 1.x) or, before CUDA 10's renumbering, "(63) : OS call failed or operation not supported on
        # this OS". The file name is the evidence; the driver and the GPU are fine.
        patterns=(r"(?:operation not supported|OS call failed or operation not supported on this OS) at "
                  r"[^\n]{0,300}StorageSharing\.cpp:\d{1,5}",),
        refines=("cuda.operation-not-supported",),
        severity="fail",
        cause="The program shared a CUDA tensor between processes (DataLoader workers or a multiprocessing queue), which "
              "PyTorch on Windows cannot do: Windows has no CUDA IPC, so StorageSharing fails with 'operation not "
              "supported'.",
        advice=("Keep CUDA tensors in one process: let the Dataset return CPU tensors and move each batch to the GPU in "
                "the training loop (`batch.to(device)`, with `pin_memory=True` for speed), or set `num_workers=0` in "
                "every DataLoader (fastai: `dls = ...(num_workers=0)`); the driver is not the cause. Native Linux "
                "supports CUDA IPC; WSL 2 does not either."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("torch<2",),
        sources=("https://github.com/pytorch/pytorch/issues/36037", "https://github.com/pytorch/pytorch/issues/13117",
                 "https://github.com/matjesg/deepflash2/issues/10", "https://github.com/fastai/fastbook/issues/85",
                 "https://pytorch.org/docs/stable/notes/windows.html#cuda-ipc-operations"),
        checked="2026-11-26",
        examples=("wsl/pytorch-36037-windows-801-storagesharing.txt",
                  "wsl/pytorch-13117-windows-os-call-failed-storagesharing.txt"),
    ),
    Signature(
        code="wsl.torch-found-no-driver",
        cause_id="wsl1",
        kinds=("any",),
        # torch.cuda's _check_driver / _lazy_init says this when cuInit finds no driver. A WSL 2 distribution has no
        # NVIDIA kernel module by design: its CUDA comes from the Windows driver's libcuda in /usr/lib/wsl/lib over
        # /dev/dxg, so the Linux reading (load the module, install a driver) is wrong there. In WSL threads the settled
        # causes are, in order: the distribution runs under WSL 1 (no GPU at all; wsl.wsl1-* read it where the paste
        # shows it), a WSL kernel too old for GPU paravirtualisation (wsl.kernel-too-old-for-gpu where its version
        # shows), and a Windows driver or build without WSL support.
        patterns=(r"Found no NVIDIA driver on your system",),
        contexts=("wsl",),
        refines=("kernel.driver-not-loaded",),
        severity="fail",
        cause="PyTorch inside WSL found no CUDA driver: WSL has no Linux NVIDIA module, so this means Windows offers the "
              "distribution no GPU, most often because it runs under WSL 1 (even where it was meant to be WSL 2), else "
              "because the WSL kernel or the Windows NVIDIA driver is too old for GPU support.",
        advice=("In PowerShell run `wsl -l -v`: a VERSION of 1 has no GPU, so convert it with `wsl --set-version <distro> "
                "2`; then `wsl --update` and `wsl --shutdown`, install the current NVIDIA driver on Windows, and check "
                "inside the distribution that /dev/dxg and /usr/lib/wsl/lib/libcuda.so.1 exist; the distribution "
                "itself needs no GPU driver (CUDA in WSL uses the Windows one)."),
        action="configure",
        rules_out=("a missing Linux kernel module (WSL has none)",),
        never_suggest=("modprobe nvidia", "install nvidia-driver", "build the kernel module"),
        sources=("https://github.com/CompVis/stable-diffusion/issues/161",
                 "https://github.com/oobabooga/text-generation-webui/issues/458",
                 "https://github.com/microsoft/WSL/issues/6623", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/compvis-sd-161-wsl1-no-nvidia-driver.txt",),
    ),
    Signature(
        code="wsl.nvml-init-na",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # NVML's init answering with the "N/A" error string is WSL 2's libnvidia-ml (the Windows driver's, reached
        # through /dev/dxg) failing to open the GPU: in a container whose CDI specification still names the DriverStore
        # folder of the driver before the last Windows driver update (Podman machine, Docker with CDI), with a Linux
        # libnvidia-ml shadowing /usr/lib/wsl/lib, or with a laptop's GPU powered off. Every paste of it seen is WSL's.
        patterns=(r"Failed to initialize NVML: N/A\b",),
        severity="fail",
        cause="NVML could not open the GPU through WSL 2's GPU driver (the Windows driver's libnvidia-ml answers N/A): "
              "most often a container's CDI specification was generated for the Windows driver before the last update "
              "(its DriverStore folder is gone), or a Linux libnvidia-ml shadows the one in /usr/lib/wsl/lib.",
        advice=("Check `nvidia-smi.exe` on Windows first. Inside a container (Podman machine, Docker with CDI), generate "
                "the CDI specification again in the WSL distribution or Podman machine (`podman machine ssh`): `sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, after every Windows driver update, and start the "
                "container again. In the distribution itself, `ldconfig -p | grep libnvidia-ml` must list only "
                "/usr/lib/wsl/lib: remove the Linux driver packages that add another (`dpkg -l | grep -i nvidia`), then "
                "`wsl --shutdown`; on a laptop, run on AC power so the NVIDIA GPU is not powered off."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("modprobe", "install the Linux driver inside WSL", "reboot into the BIOS"),
        sources=("https://github.com/podman-desktop/podman-desktop/pull/8807", WSL_GUIDE,
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("wsl/podman-desktop-8807-nvml-na-cdi-mismatch.txt",),
    ),
    Signature(
        code="wsl.nvidia-smi-no-devices",
        cause_id="wsl-tcc-mode",
        kinds=("any",),
        # nvidia-smi's "No devices were found" inside WSL 2: the Windows driver's NVML (through /dev/dxg) answered but
        # offered no GPU. There is no Linux module to have failed (kernel.rm-init-adapter-failed's reading and its
        # dmesg/lspci steps): Windows has no working NVIDIA GPU, offers none to WSL (TCC or MCDM driver model), or its
        # driver is too old for the WSL kernel.
        patterns=(r"\bNo devices were found\b",),
        contexts=("wsl",),
        refines=("kernel.rm-init-adapter-failed",),
        severity="fail",
        cause="Inside WSL 2 nvidia-smi reached the Windows driver but it offered no GPU: Windows has no working NVIDIA "
              "GPU, or its GPUs run in the TCC or MCDM driver model, which WSL cannot use, or the Windows driver is too "
              "old for this WSL.",
        advice=("Run `nvidia-smi` in Windows PowerShell: if it lists no GPU, fix the Windows side first (Device Manager, "
                "a clean install of the current NVIDIA Windows driver); if the driver model column shows TCC or MCDM, "
                "switch the GPU to WDDM as administrator (`nvidia-smi -i 0 -dm 0`, then reboot) where the card allows "
                "it; if it shows WDDM, update the NVIDIA Windows driver and WSL (`wsl --update`), then `wsl --shutdown`. "
                "The distribution needs no GPU driver of its own."),
        action="configure",
        rules_out=("the Linux distribution",),
        never_suggest=("modprobe", "dmesg", "reseat", "install the driver inside WSL"),
        sources=("https://github.com/microsoft/WSL/issues/13027", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-13027-tcc-and-wddm-gpus-no-devices.txt",),
    ),
)
