"""Kernel and driver, the driver's own tools: nvidia-smi missing, what nvidia-smi answers when an administrative
action on a GPU (a reset, a MIG mode change) is refused, and the persistence daemon finding no device (rows of the
kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_modules import BUS

# A shell's, Ubuntu's command-not-found handler's and Python's words for nvidia-smi not being there: read by
# kernel.nvidia-smi-missing, and in WSL by wsl.nvidia-smi-not-on-path, which refines it.
NVIDIA_SMI_NOT_FOUND = (r"\bnvidia-smi: command not found",
                        r"command not found: nvidia-smi\b",
                        r"Command 'nvidia-smi' not found, but can be installed with",
                        r"No such file or directory: 'nvidia-smi'")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvidia-smi-missing",
        cause_id="driver-tools-missing",
        kinds=("any",),
        # The shells' and Python's own words for a program that is not there (bash, zsh, Ubuntu's command-not-found
        # handler, subprocess's FileNotFoundError). nvidia-smi ships with the driver's user-space packages: without it
        # either no NVIDIA driver is installed, or a server/headless/compute-only install left out the utils package
        # (Ubuntu's `ubuntu-drivers install --gpgpu` does). Inside WSL and containers other rows read it in context.
        patterns=NVIDIA_SMI_NOT_FOUND,
        severity="fail",
        cause="nvidia-smi is not installed here: either no NVIDIA driver is (nouveau or nothing drives the GPU), or the "
              "driver was installed without its utils package (a server, headless or compute-only install).",
        advice=("See whether the NVIDIA kernel module is loaded: `cat /proc/driver/nvidia/version` (or `lsmod | grep "
                "nvidia`). If it is, install the utils package of that driver branch (Ubuntu: `sudo apt install "
                "nvidia-utils-<branch>`, e.g. nvidia-utils-535-server beside a 535-server driver; distributions that "
                "split it out: Debian `sudo apt install nvidia-smi`, Arch `sudo pacman -S nvidia-utils`, Fedora with "
                "negativo17's repository `sudo dnf install nvidia-driver-cuda`, with RPM Fusion's "
                "xorg-x11-drv-nvidia-cuda); if not, install the "
                "NVIDIA driver (Ubuntu: `sudo ubuntu-drivers install`), which brings nvidia-smi, and reboot. On a NAS or "
                "hypervisor host the driver comes from its own channel: Unraid, the Nvidia-Driver plugin from Community "
                "Applications (then reboot; GPU Statistics and containers need it first); TrueNAS SCALE 24.10 and newer, "
                "Apps > Configuration > Settings > Install NVIDIA Drivers; Proxmox VE, the driver on the host with "
                "pve-headers of the running kernel. In a container, start it with `--gpus all`."),
        action="configure",
        rules_out=("a broken GPU",),
        never_suggest=("install the CUDA toolkit", "install cuda-toolkit"),
        sources=("https://github.com/Quansight/open-gpu-server/pull/85", "https://github.com/peci1/nvidia-htop/issues/23",
                 "https://documentation.ubuntu.com/server/how-to/graphics/install-nvidia-drivers/",
                 "https://negativo17.org/nvidia-driver/", "https://wiki.debian.org/NvidiaGraphicsDrivers",
                 "https://wiki.archlinux.org/title/NVIDIA", "https://github.com/truenas/documentation/pull/3091",
                 "https://github.com/b3rs3rk/gpustat-unraid/blob/master/gpustat.plg"),
        checked="2026-11-27",
        examples=("kernel/opengpuserver-85-server-driver-without-nvidia-utils.txt",
                  "kernel/nvidiahtop-23-nouveau-no-nvidia-smi.txt"),
    ),
    Signature(
        code="kernel.gpu-reset-refused-in-use",
        cause_id="driver-in-use",
        kinds=("any",),
        # nvidia-smi --gpu-reset (-r) and -mig: the reset needs every client of the device gone. Its words per version:
        # "GPU 00000000:C1:00.0 is currently in use by another process.", "The following GPUs could not be reset: /
        # GPU 00000000:1A:00.0: In use by another client", MIG's "pending ... state for GPU ...:In use by another
        # client", then the shared sentence naming Fabric Manager, CUDA applications, an X server or nvidia-smi.
        patterns=(r"GPU " + BUS + r" is currently in use by another process",
                  r"GPU " + BUS + r" ?: ?In use by another client",
                  r"device is currently being used by one or more other processes \(e\.g\.,? (?:Fabric Manager|CUDA)",
                  r"Unable to reset this GPU because it's being used by some other process"),  # older nvidia-smi
        severity="fail",
        cause="nvidia-smi refused to reset the GPU (or change its MIG mode) because a process still holds the device "
              "open: nvidia-persistenced (persistence mode), a display server, DCGM or Fabric Manager, a monitoring "
              "agent, the nvidia_drm module, or a CUDA program.",
        advice=("Find what holds the GPU with `sudo fuser -v /dev/nvidia*` (or `sudo lsof /dev/nvidia*`) and stop it: "
                "for nvidia-persistenced turn persistence mode off (`sudo nvidia-smi -pm 0 -i N`, or `sudo systemctl "
                "stop nvidia-persistenced`), stop the display manager, dcgm/nvidia-fabricmanager and monitoring agents, "
                "end CUDA programs, unload nvidia_drm if nothing displays on the GPU (`sudo modprobe -r nvidia_drm`); "
                "then run `sudo nvidia-smi -r -i N` again and restore persistence mode, or reboot instead."),
        action="configure",
        rules_out=("a GPU hardware fault", "a broken driver install"),
        never_suggest=("reinstall the driver", "update the driver", "reseat the GPU"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/118", "https://github.com/NVIDIA/NVSentinel/issues/1690",
                 "https://github.com/cupy/cupy/issues/1930",
                 "https://github.com/ComputeCanada/puppet-magic_castle/issues/387",
                 "https://docs.nvidia.com/deploy/nvidia-smi/index.html"),
        checked="2026-11-26",
        examples=("kernel/gpuoperator-118-persistenced-blocks-gpu-reset.txt",
                  "kernel/nvsentinel-1690-reset-in-use-persistence-mode.txt",
                  "kernel/cupy-1930-gpu-reset-in-use-python.txt"),
    ),
    Signature(
        code="kernel.dcgm-hostengine-unreachable",
        cause_id="dcgm-hostengine-not-running",
        kinds=("any",),
        # dcgmi's words (and go-dcgm's "error connecting to nv-hostengine") when no DCGM host engine answers at the address
        # (localhost:5555 by default): the nvidia-dcgm service is stopped, or nv-hostengine binds only to 127.0.0.1.
        patterns=(r"Unable to connect to host engine\. Host engine connection invalid/disconnected",
                  r"unable to establish a connection to the specified host: (?P<host>[\w.:-]{1,64})",
                  r"error connecting to nv-hostengine"),
        severity="fail",
        cause="DCGM's client found no host engine (nv-hostengine) to talk to: the nvidia-dcgm service is not running, "
              "or for a remote host nv-hostengine is not running there or listens only on 127.0.0.1.",
        advice=("Start DCGM's host engine and retry: `sudo systemctl --now enable nvidia-dcgm` (or run `sudo "
                "nv-hostengine`); for `dcgmi --host`, run nv-hostengine on that host listening on a reachable address "
                "(`nv-hostengine -b 0.0.0.0`, port 5555 open). If nv-hostengine itself exits with \"Failed to initialize "
                "NVML\", fix the driver first (`nvidia-smi` must work)."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/NVIDIA/DCGM/issues/57", "https://github.com/NVIDIA/DCGM/issues/133",
                 "https://github.com/NVIDIA/DCGM/issues/43", "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/getting-started.html"),
        checked="2026-11-26",
        examples=("kernel/dcgm-57-dcgmi-no-host-engine-service.txt", "kernel/dcgm-133-dcgmi-remote-host-no-hostengine.txt"),
    ),
    Signature(
        code="kernel.nvidia-settings-no-display",
        cause_id="nvidia-settings-no-display",
        kinds=("any",),
        # nvidia-settings' own words when no X server with the NVIDIA X driver answers (it reads and sets most values
        # through NV-CONTROL, an X extension): "Unable to load info from any available system", "Unable to find display
        # on any available system", "The control display is undefined".
        patterns=(r"Unable to (?:load info from|find display on) any available system",
                  r"The control display is undefined; please run `nvidia-settings --help`"),
        severity="warn",
        cause="nvidia-settings found no X server running on the NVIDIA driver to talk to (a Wayland session, an ssh shell "
              "without DISPLAY, a headless server, or a hybrid laptop whose display runs on the integrated GPU); the "
              "driver itself may be fine.",
        advice=("Run nvidia-settings against an X server on the NVIDIA GPU: in an Xorg (not Wayland) session, over ssh "
                "with `DISPLAY=:0 XAUTHORITY=/run/user/1000/gdm/Xauthority nvidia-settings ...` (or `-c :0`), on a hybrid "
                "laptop on the display the NVIDIA GPU drives; on a headless server use nvidia-smi instead for power and "
                "clocks (`sudo nvidia-smi -pl 250`, `-lgc`), or start an X server on the GPU "
                "(`nvidia-xconfig --allow-empty-initial-configuration --cool-bits=4`) for fan control."),
        action="configure",
        rules_out=("a driver installation fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/linux-surface/linux-surface/issues/304", "https://github.com/Frogging-Family/nvidia-all/issues/45",
                 "https://github.com/mountassir/gmonitor/issues/20", "https://github.com/nan0s7/nfancurve/issues/12",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/470.42.01/README/xwayland.html"),
        checked="2026-11-26",
        examples=("kernel/linuxsurface-304-nvidia-settings-load-info-display.txt",
                  "kernel/nvidiaall-45-wayland-nvidia-settings-find-display.txt"),
    ),
    Signature(
        code="kernel.persistenced-no-devices",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # nvidia-persistenced.c: get_pci_devices failed, "Failed to query NVIDIA devices. Please ensure that the NVIDIA
        # device files (/dev/nvidia*) exist, and that user N has read and write permissions for those files." The
        # daemon then exits ("nvidia-persistenced failed to initialize. Check syslog for more details.", which the
        # NUMA failure on Grace systems prints too, so that line alone is not read here).
        patterns=(r"Failed to query NVIDIA devices\. Please ensure that the NVIDIA device files \(/dev/nvidia\*\) exist",),
        severity="warn",
        cause="The NVIDIA persistence daemon found no NVIDIA device files (/dev/nvidia*): the NVIDIA kernel module was "
              "not loaded when it started, or the daemon's user may not open them.",
        advice=("Check whether the driver is loaded now (`nvidia-smi`, `lsmod | grep nvidia`). If it is not, find why: "
                "`sudo modprobe nvidia` and `sudo dmesg | grep -i nvrm` name the reason (Secure Boot rejecting the "
                "module, no module built for the running kernel, nouveau holding the GPU). If nvidia-smi works, the "
                "daemon only started before the module loaded: `sudo systemctl restart nvidia-persistenced`."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/nvidia-persistenced/blob/main/nvidia-persistenced.c",
                 "https://github.com/canonical/ubuntu-server-documentation/issues/173"),
        checked="2026-11-26",
        examples=("kernel/ubuntuserverdocs-173-persistenced-failed-query-devices.txt",),
    ),
)
