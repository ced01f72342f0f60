"""WSL 2 and the Linux software run inside it: a Linux NVIDIA driver, its nvidia-smi and its libraries installed in the
distribution (where the GPU is reached only through the Windows driver in /usr/lib/wsl/lib), and Linux tools that look
for the GPU the Linux way (libcuda by its unversioned name, libdxcore, /dev/nvidia* for the Kubernetes device plugin)
(rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_tools import NVIDIA_SMI_NOT_FOUND

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
_REMOVE_LINUX_DRIVER = ("Remove the Linux NVIDIA driver packages from the distribution (`sudo apt purge 'nvidia-driver-*' "
                        "'nvidia-utils-*' 'nvidia-dkms-*' 'libnvidia-compute-*' cuda-drivers`; keep or install only "
                        "cuda-toolkit-X-Y from NVIDIA's wsl-ubuntu repository, never the cuda or cuda-drivers "
                        "meta-packages), then run `wsl --shutdown` from Windows; `nvidia-smi` must then be "
                        "/usr/lib/wsl/lib/nvidia-smi, showing the Windows driver's version.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.linux-driver-packages",
        cause_id="wsl-linux-driver",
        kinds=("any",),
        # apt and dpkg output, or the command, that puts a Linux driver into a WSL 2 distribution: nvidia-driver-N,
        # nvidia-utils-N (its /usr/bin/nvidia-smi), nvidia-dkms-N, or cuda-drivers, which the cuda meta-package pulls.
        patterns=(r"Setting up (?P<package>nvidia-(?:driver|utils|dkms|compute-utils)-\d{3}|cuda-drivers(?:-\d{3})?)\b",
                  r"(?:error processing package|Unpacking) (?P<package>cuda-drivers(?:-\d{3})?|"
                  r"nvidia-(?:driver|utils|dkms)-\d{3})\b",
                  # Not Ubuntu's command-not-found hint for a missing nvidia-smi ("sudo apt install nvidia-utils-535
                  # # version 535.183.01-0ubuntu0.22.04.1"): that names a package nobody has installed.
                  r"apt(?:-get)? (?:-y )?install [^\n]{0,120}?\b(?P<package>nvidia-(?:driver|utils)-\d{3})\b"
                  r"(?!(?:-server)?\s{1,40}# version)"),
        contexts=("wsl",),
        severity="fail",
        cause="A Linux NVIDIA driver package ({package}) is installed inside WSL 2, where no Linux kernel driver can run: "
              "its nvidia-smi and libraries shadow the Windows driver's in /usr/lib/wsl/lib.",
        advice=_REMOVE_LINUX_DRIVER,
        action="configure",
        rules_out=("the GPU", "the Windows driver's permissions"),
        never_suggest=("install nvidia-driver", "install the Linux NVIDIA driver", "modprobe nvidia", "reboot"),
        sources=("https://github.com/microsoft/WSL/issues/5265", "https://github.com/microsoft/WSL/issues/6582", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-5265-nvidia-driver-440-inside-wsl2.txt", "wsl/wsl-6582-apt-install-cuda-drivers-460-in-wsl.txt"),
    ),
    Signature(
        code="wsl.nvidia-smi-without-kernel-driver",
        cause_id="wsl-linux-driver",
        kinds=("any",),
        # kernel.driver-not-loaded's line (and NVML's "Driver Not Loaded" on shutdown) in a text that shows WSL: WSL 2
        # has no NVIDIA kernel module, so the nvidia-smi that says this is the Linux driver's, not /usr/lib/wsl/lib's.
        patterns=(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
                  r"Failed to properly shut down NVML: Driver Not Loaded"),
        contexts=("wsl",),
        refines=("kernel.driver-not-loaded",),
        severity="fail",
        cause="nvidia-smi inside WSL looked for a Linux kernel driver, which WSL 2 never has: the nvidia-smi that ran comes "
              "from a Linux driver package (nvidia-utils) installed in the distribution, not from the Windows driver.",
        advice=("Run `which -a nvidia-smi`: the one to use is /usr/lib/wsl/lib/nvidia-smi. " + _REMOVE_LINUX_DRIVER +
                " If /usr/lib/wsl/lib has no nvidia-smi or libcuda, update the NVIDIA driver on Windows."),
        action="configure",
        rules_out=("a missing kernel module (WSL 2 has none)",),
        never_suggest=("install nvidia-driver", "modprobe nvidia", "reboot", "build the kernel module"),
        sources=("https://github.com/microsoft/WSL/issues/5265", "https://github.com/microsoft/WSL/issues/9134", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-5265-nvidia-driver-440-inside-wsl2.txt",),
    ),
    Signature(
        code="wsl.libcuda-opened-by-plain-name",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # PyTorch 2.1.0's c10::DriverAPI dlopen()s "libcuda.so" and asserts when that fails; under WSL 2 the driver's
        # libraries sit in /usr/lib/wsl/lib, which the loader reaches only through ldconfig's cache of libcuda.so.1.
        # PyTorch 2.1.1 opens libcuda.so.1 (pytorch/pytorch#113096). The loader's own words for the same miss are
        # cuda.libcuda-unversioned's, whose advice already names /usr/lib/wsl/lib.
        patterns=(r"handle_0 INTERNAL ASSERT FAILED at \"?[\w./]{0,60}driver_api\.cpp",),
        contexts=("wsl",),
        severity="fail",
        cause="PyTorch 2.1.0 opens the CUDA driver as plain libcuda.so, which WSL 2 keeps in /usr/lib/wsl/lib outside the "
              "loader's default search path (ldconfig caches only libcuda.so.1 there), so loading the driver failed.",
        advice=("Upgrade PyTorch to 2.1.1 or later (`pip install -U torch`), which opens libcuda.so.1; until then put "
                "WSL's driver folder on the loader path: `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`."),
        action="configure",
        rules_out=("the Windows driver", "the GPU"),
        never_suggest=("install nvidia-driver", "install the Linux NVIDIA driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/112957", "https://github.com/pytorch/pytorch/pull/113096",
                 "https://github.com/NVIDIA/cuda-python/issues/17", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/pytorch-112957-handle0-driver-api-wsl2.txt",),
    ),
    Signature(
        code="wsl.container-dxcore-missing",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # nvidia-container-cli (nvc.c) tries libdxcore.so first and says this when it is missing; on a native Linux host
        # that is its normal debug line, so the row reads it only in a text that shows WSL.
        patterns=(r"dxcore initialization failed, continuing assuming a non-WSL environment",),
        contexts=("wsl",),
        severity="fail",
        cause="Inside WSL the NVIDIA container runtime found no libdxcore.so in /usr/lib/wsl/lib: Windows does not offer "
              "the GPU to WSL 2 (a Windows build or NVIDIA Windows driver without WSL GPU support).",
        advice=("Update Windows to a build with GPU support in WSL 2 (Windows 11, or Windows 10 21H2 or newer) and the "
                "NVIDIA Windows driver, run `wsl --update` and `wsl --shutdown`, and check that /usr/lib/wsl/lib holds "
                "libdxcore.so and libcuda.so.1 before starting the container again."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("install nvidia-driver", "install the Linux NVIDIA driver", "reinstall Docker"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1542", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/nvidiadocker-1542-dxcore-init-failed-old-windows.txt",),
    ),
    Signature(
        code="wsl.device-plugin-before-wsl-support",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The NVIDIA device plugin before v0.15.0 enumerates /dev/nvidia* minor numbers through NVML, which WSL 2 (GPU
        # through /dev/dxg) does not offer: it fails on the minor number or waits with no device. Read in a WSL text.
        patterns=(r"[Gg]etting GPU device minor number: Not Supported", r"No devices found\. Waiting indefinitely"),
        contexts=("wsl",),
        refines=("containers.device-plugin-no-devices",),
        severity="fail",
        cause="The NVIDIA device plugin runs on a Kubernetes node inside WSL 2, which releases before v0.15.0 do not "
              "support (WSL 2 has no /dev/nvidia* nodes), so the node advertises no nvidia.com/gpu.",
        advice=("Deploy NVIDIA device plugin v0.15.0 or later on WSL 2 nodes (it finds the GPU through /dev/dxg), with the "
                "NVIDIA Container Toolkit configured for the node's container runtime; `nvidia-smi` inside WSL must list "
                "the GPU first."),
        action="configure",
        rules_out=("the Windows driver",),
        never_suggest=("install nvidia-driver", "install the Linux NVIDIA driver", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/332",
                 "https://github.com/Siemens-Healthineers/K2s/issues/206",
                 "https://github.com/NVIDIA/k8s-device-plugin/releases/tag/v0.15.0"),
        checked="2026-11-26",
        examples=("wsl/k8sdp-332-device-minor-number-wsl2.txt",),
    ),
    Signature(
        code="wsl.nvidia-smi-not-on-path",
        cause_id="wsl-nvidia-smi-not-on-path",
        kinds=("any",),
        # In WSL 2 nvidia-smi is the Windows driver's Linux build, mounted at /usr/lib/wsl/lib and put on PATH only by
        # the shells WSL itself starts; an SSH login, sudo's secure_path or a replaced PATH lose it. The words are the
        # shells' own (bash, zsh, Ubuntu's command-not-found, Python's FileNotFoundError), so the row needs WSL.
        patterns=NVIDIA_SMI_NOT_FOUND + (
            r"\bnvidia-smi: not found",  # dash and busybox sh ("sh: 1: nvidia-smi: not found"), install scripts
            r"which: no nvidia-smi in \(",  # which on Fedora/RHEL-family distributions
        ),
        contexts=("wsl",),
        refines=("kernel.nvidia-smi-missing",),
        severity="warn",
        cause="Inside WSL 2 nvidia-smi comes from the Windows driver at /usr/lib/wsl/lib/nvidia-smi, and this shell's "
              "PATH does not include /usr/lib/wsl/lib (an SSH login, sudo or root, a PATH replaced in a profile); the "
              "GPU itself may work.",
        advice=("Run `/usr/lib/wsl/lib/nvidia-smi`; if it works, add `export PATH=\"$PATH:/usr/lib/wsl/lib\"` to the "
                "shell's profile (~/.bashrc, ~/.zshrc, root's too) or call it by full path. If the file is missing, the "
                "Windows NVIDIA driver lacks WSL support: update it on Windows and run `wsl --update`. The "
                "distribution itself needs no GPU driver or driver utilities: WSL provides nvidia-smi."),
        action="configure",
        rules_out=("the GPU", "the Windows driver, where /usr/lib/wsl/lib/nvidia-smi runs"),
        never_suggest=("install nvidia-utils", "apt install nvidia-driver", "install the Linux driver"),
        sources=("https://github.com/microsoft/WSL/issues/8794", "https://github.com/microsoft/WSL/issues/9185",
                 "https://github.com/gpustack/gpustack/issues/1297", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-8794-ssh-zsh-nvidia-smi-not-found.txt",),
    ),
)
