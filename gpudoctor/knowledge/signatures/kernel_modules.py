"""Kernel and driver, loading: building, signing, binding and loading the NVIDIA kernel modules, and the driver
versions they must agree with (user-space libraries, firmware, installers, package managers).

The rows' area is still `kernel` (gpudoctor/knowledge/signatures/kernel.py adds them to its own): the split is
by subject, to keep each module readable, not a new area of the corpus.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import MISMATCH_SYMPTOMS, NO_MODULE_SYMPTOMS, Signature

KERNEL_LOG = ("dmesg", "journal")
NVRM_TEXT = ("dmesg", "journal", "build", "other")  # where NVRM messages are pasted: the log, installers quoting it
# Harmless notices (rows of cause none) that healthy hosts log too: explained in a paste (read with every row),
# skipped in the live kernel log (kinds dmesg, journal), so that a healthy report stays clean.
NOTICE_ONLY_IN_PASTES = ("other",)
BUS = r"(?P<bus_id>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.\d)?)"
NVML_DOCS = "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html"
# What kernel.module-not-found and containers.nvidia-docker-uvm share: the next step is a configuration, never
# Docker, and the same two nvidia-docker threads (hosts with no working NVIDIA module) and their excerpts prove both.
NVIDIA_DOCKER_NO_MODULE = dict(
    action="configure", never_suggest=("reinstall Docker",), checked="2026-11-25",
    sources=("https://github.com/NVIDIA/nvidia-docker/issues/291", "https://github.com/NVIDIA/nvidia-docker/issues/481"),
    examples=("kernel/nvidiadocker-291-module-nvidia-not-found-after-restart.txt",
              "kernel/nvidiadocker-481-uvm-not-found-driver-failed.txt"))

SIGNATURES = (
    Signature(
        code="kernel.api-mismatch",
        # CUDA reads a module of another version than its libraries as no device, busy, or the MISMATCH_SYMPTOMS.
        # A GSP firmware file of the module's version missing beside an API mismatch is the same half-updated driver.
        refines=(*MISMATCH_SYMPTOMS, "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.devices-busy-or-unavailable",
                 "kernel.gsp-firmware-missing"), refines_within=None,
        cause_id="driver-library-mismatch",
        kinds=KERNEL_LOG,
        # Up to R580: "the client has the version X, but / NVRM: this kernel module has the version Y."; later
        # drivers name the client: "the client 'kwin_wayland' (pid 1005) / NVRM: has the version X, but ...".
        patterns=(
            r"NVRM: API mismatch: the client (?:'[^'\n]{0,64}' \(pid \d+\) )?has the version "
            r"(?P<client_version>\d{3}\.\d+(?:\.\d+)?), but this kernel module has the version "
            r"(?P<version>\d{3}\.\d+(?:\.\d+)?)",
        ),
        severity="fail",
        cause="The loaded kernel module is {version} while the driver libraries are {client_version}.",
        advice=("Reboot, so that the kernel module of the installed driver is loaded (or unload and reload the nvidia "
                "modules when nothing uses the GPU). If the mismatch is still there after a reboot, the initramfs still "
                "holds the old module: rebuild it (`sudo update-initramfs -u` on Ubuntu/Debian, `sudo dracut -f "
                "--regenerate-all` on Fedora/openSUSE, `sudo mkinitcpio -P` on Arch) and reboot again; if `modinfo -F "
                "version nvidia` still differs from the client's version, two driver installs are mixed. FreeBSD: bring "
                "the kernel module package (nvidia-kmod, nvidia-drm-kmod) and nvidia-driver to one version (`pkg "
                "upgrade`, or rebuild both ports), move a stale nvidia.ko out of /boot/modules, and reboot."),
        action="reboot", never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/182",
                 "https://github.com/stackhpc/ansible-slurm-appliance/issues/287",
                 "https://github.com/Frogging-Family/nvidia-all/issues/394"), checked="2026-11-25",
        examples=("kernel/stackhpc-287-nvrm-api-mismatch-journal.txt",
                  "kernel/nvidiadocker-182-api-mismatch-after-upgrade.txt"),
    ),
    Signature(
        code="kernel.module-signature-rejected",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="secure-boot-rejected",
        kinds=KERNEL_LOG,
        patterns=(
            r"could not insert (?:module )?'?(?P<module>[\w./-]{1,128}?)'?: Key was rejected by service",
            r"Key was rejected by service",
            r"Loading of (?:unsigned )?module [^\n]{0,200}is rejected",
            r"Lockdown: [^\n]{0,200}unsigned module",
        ),
        severity="fail",
        cause="Secure Boot refused to load a kernel module that is not signed by an enrolled key.",
        advice=("Sign the NVIDIA modules with a key enrolled in MOK (DKMS does it when you enroll its key with "
                "`sudo mokutil --import`), or turn Secure Boot off in the firmware settings; on a cloud VM (Azure Trusted "
                "Launch, GCP Shielded VM, AWS UEFI Secure Boot) install the signed driver instead (Ubuntu's prebuilt "
                "linux-modules-nvidia packages through `sudo ubuntu-drivers install`, Azure's NVIDIA GPU driver "
                "extension) or choose a security type without Secure Boot. A \"Lockdown:\" line without Secure Boot is "
                "kernel lockdown refusing unsigned modules: on Bottlerocket set settings.kernel.lockdown to \"none\" (the "
                "NVIDIA variants' default), elsewhere remove lockdown=integrity from the kernel command line."),
        action="configure",
        sources=("https://wiki.debian.org/SecureBoot", "https://github.com/bottlerocket-os/bottlerocket/pull/3097",
                 "https://github.com/JafarAkhondali/acer-predator-turbo-and-rgb-keyboard-linux-module/issues/113",
                 "https://github.com/saidsay-so/acpi_ec/issues/18"),
        checked="2026-11-27",
        examples=("kernel/acer-predator-module-113-key-rejected.txt",),
    ),
    Signature(
        code="kernel.nvml-driver-library-mismatch",
        # CUDA reads a module of another version than its libraries as no device, busy, or the MISMATCH_SYMPTOMS.
        # A GSP firmware file of the module's version missing beside an API mismatch is the same half-updated driver.
        refines=(*MISMATCH_SYMPTOMS, "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.devices-busy-or-unavailable",
                 "kernel.gsp-firmware-missing"), refines_within=None,
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # NVML_ERROR_LIB_RM_VERSION_MISMATCH as nvidia-smi, pynvml, DCGM and nvidia-container-cli ("nvml error:
        # driver/library version mismatch") print it; nvidia-smi adds "NVML library version:" only in this case.
        patterns=(
            r"[Dd]river/library version mismatch", r"RM has detected an NVML/RM version mismatch",  # pynvml, nvitop
            # The kernel's message as people quote it, without its versions (kernel.api-mismatch reads the full line).
            r"NVRM: (?:API|Api) mismatch(?!: the client[^\n]{0,80}has the version \d)",
            r"NVML library version: (?P<library_version>\d{3}\.\d+(?:\.\d+)?)", r"NVML_ERROR_LIB_RM_VERSION_MISMATCH",
        ),
        severity="fail",
        cause="The NVIDIA kernel module loaded now is another version than the driver's user-space libraries (NVML).",
        advice=("Reboot the host, or unload and reload the nvidia modules when no process uses the GPU "
                "(`sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia`), so the kernel "
                "module matches the libraries. If it comes back after a reboot, the module on disk or in the "
                "initramfs is stale or two driver installs are mixed: when `modinfo -F version nvidia` is older than "
                "the NVML library version, DKMS did not build the new driver's module (`dkms status`): rebuild it "
                "(`sudo dkms autoinstall`); when modinfo already shows the new version, the initramfs still loads the "
                "old module: rebuild it (`sudo update-initramfs -u`, `sudo dracut -f --regenerate-all`, `sudo "
                "mkinitcpio -P`); then reboot. Where two installs are mixed (a .run driver or a cluster's driver service "
                "beside packages), uninstall them all (`sudo nvidia-uninstall`, `sudo apt purge '*nvidia*'`), reboot "
                "and install one driver. Otherwise install the user-space driver of the same version as the kernel "
                "module (`cat /proc/driver/nvidia/version`). On shared nodes, hold or pin the driver packages so "
                "unattended upgrades do not replace them under running jobs."),
        action="reboot",
        rules_out=("a broken GPU", "a CUDA toolkit problem"),
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES", "reinstall Docker"),
        sources=("https://github.com/clab/dynet/issues/1020", "https://github.com/mozilla/translations/issues/1167",
                 "https://github.com/lyulyul/shine-cluster/issues/30",
                 "https://github.com/tinygrad/open-gpu-kernel-modules/issues/47",
                 "https://github.com/saharmor/dalle-playground/issues/104",
                 "https://github.com/Nobara-Project/rpm-sources/issues/525", "https://github.com/XuehaiPan/nvitop/issues/41",
                 "https://github.com/openSUSE/sdbootutil/issues/22", NVML_DOCS),
        checked="2026-11-26",
        examples=("kernel/dynet-1020-no-cuda-device-nvml-mismatch.txt",
                  "kernel/mozillatranslations-1167-nvml-mismatch-ci.txt",
                  "kernel/shinecluster-30-unattended-upgrade-mismatch.txt",
                  "kernel/tinygrad-47-run-and-p2p-module-mismatch.txt",
                  "kernel/nvitop-41-nvml-rm-version-mismatch.txt",
                  "kernel/sdbootutil-22-initrd-old-nvidia-api-mismatch.txt"),
    ),
    Signature(
        code="kernel.installer-nouveau-running",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.installer-no-kernel-modules"), refines_within=None,
        cause_id="nouveau-conflict",
        kinds=("any",),
        # nvidia-installer's words: "Nouveau is running: any attempt to disable it will not take effect until
        # after a reboot." and "The Nouveau kernel driver is currently in use by your system."
        patterns=(
            r"Nouveau is running: any attempt to disable it",
            r"The Nouveau kernel driver is currently in use by your system",
        ),
        severity="fail",
        cause="The nouveau driver holds the GPU, so the NVIDIA kernel module cannot take it.",
        advice=("Blacklist nouveau (`blacklist nouveau` and `options nouveau modeset=0` in "
                "/etc/modprobe.d/blacklist-nouveau.conf), rebuild the initramfs (`sudo update-initramfs -u` or "
                "`sudo dracut -f`), reboot, then install or load the NVIDIA driver."),
        action="reboot",
        never_suggest=("disable Secure Boot", "install the CUDA toolkit"),
        sources=("https://github.com/xrip/cmp50hx-unlock/issues/5",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/commonproblems.html"),
        checked="2026-11-25",
        examples=("kernel/cmp50hxunlock-5-installer-nouveau-running.txt",),
    ),
    Signature(
        code="kernel.nouveau-bound",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed"), refines_within=None,
        cause_id="nouveau-conflict",
        kinds=("any",),
        # `lspci -k` / `lspci -vv` of the NVIDIA GPU.
        patterns=(r"Kernel driver in use: (?P<driver>nouveau|nova_core|nova-core)\b",),
        severity="fail",
        cause="The GPU is driven by {driver}, not by the NVIDIA kernel module.",
        advice=("Blacklist nouveau (and nova_core) in /etc/modprobe.d and in the initramfs: regenerate it "
                "(`sudo dracut -f` or `sudo update-initramfs -u`), add `rd.driver.blacklist=nouveau "
                "modprobe.blacklist=nouveau` to the kernel command line if it is still loaded early, then reboot."),
        action="reboot",
        never_suggest=("disable Secure Boot", "install the CUDA toolkit"),
        sources=("https://github.com/negativo17/nvidia-driver/issues/73",),
        checked="2026-11-25",
        examples=("kernel/negativo17-73-lspci-driver-in-use-nouveau.txt",),
    ),
    Signature(
        code="kernel.gpu-bound-to-other-driver",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed"), refines_within=None,
        cause_id="nouveau-conflict",
        kinds=NVRM_TEXT,
        patterns=(r"NVRM: GPU " + BUS + r" is already bound to (?P<driver>[\w-]{2,32})",),
        severity="fail",
        cause="Another driver ({driver}) claimed the GPU at {bus_id} before the NVIDIA module could bind it.",
        advice=("Blacklist that driver (nova_core or nouveau: `blacklist nova_core` and `blacklist nouveau` in "
                "/etc/modprobe.d/, then regenerate the initramfs) so the NVIDIA module can bind the GPU, and reboot "
                "or unbind it and reload nvidia."),
        action="reboot",
        never_suggest=("disable Secure Boot", "rebuild with DKMS"),
        sources=("https://github.com/beclab/Olares/pull/3963",),
        checked="2026-11-25",
        examples=("kernel/olares-3963-nova-core-holds-gpu.txt",),
    ),
    Signature(
        code="kernel.nvml-insufficient-permissions",
        cause_id="device-permissions",
        kinds=("any",),
        # NVML_ERROR_NO_PERMISSION's string, as nvidia-smi, pynvml and the Go bindings print it.
        patterns=(r"(?:NVML|nvml)[^\n]{0,80}Insufficient Permissions", r"NVMLError_NoPermission",  # pynvml's class
                  r"[Uu]nable to determine the device handle for GPU[^\n]{0,24}: Insufficient Permissions"),
        severity="fail",
        cause="The user or service cannot open the NVIDIA device files (/dev/nvidia*), so NVML refuses to start.",
        advice=("Give that user permission to open /dev/nvidia*: add it to the group that owns them "
                "(`ls -l /dev/nvidia*`, often video: `sudo usermod -aG video USER`, then log in again), or set the "
                "driver's device file mode/group (`options nvidia NVreg_DeviceFileMode=0666` or "
                "`NVreg_DeviceFileGID=`) and reload the module. Inside a container on an SELinux host, relabel the "
                "driver's files instead (`nvidia-container-cli -k list | restorecon -v -f -`) or run the container "
                "with `--security-opt label=disable`."),
        action="configure", rules_out=("the driver version",), never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/coraxx/netdata_nv_plugin/issues/1", "https://github.com/NVIDIA/nvidia-docker/issues/284",
                 "https://github.com/NVIDIA/nvidia-docker/issues/676",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/faq.html"),
        checked="2026-11-25",
        examples=("kernel/netdatanv-1-pynvml-insufficient-permissions.txt",
                  "kernel/nvidiadocker-284-nvml-insufficient-permissions.txt",
                  "containers/nvidiadocker-676-nvml-permissions-selinux.txt"),
    ),
    Signature(
        code="kernel.headers-missing",
        # nvidia-installer quotes DKMS's output on its "Failed to run `dkms install`" line (kernel.dkms-build-failed).
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            r"Unable to find a match: [^\n]{0,80}kernel-(?:devel|headers)",
            # WSL's kernels (...-microsoft-standard-WSL2) are left out: no NVIDIA module is ever built there. make's own
            # words name the headers' absent build tree (/lib/modules/<kernel>/build).
            r"Your kernel headers for kernel (?P<kernel>(?!\S*[Mm]icrosoft)\S+) cannot be found",
            r"Unable to find the kernel source tree for the currently running kernel",
            # nvidia-installer (kernel.c) on a source path without the configured headers.
            r"kernel header file '[^'\n]{1,200}' does not exist", r"nor the '[^'\n]{1,200}' kernel header file exists",
            r"Missing (?P<kernel>\S{3,80}) kernel headers for module (?P<module>nvidia[\w-]{0,16})/",  # Arch's DKMS hook
            r"[Uu]nable to locate the kernel source\b",  # the CUDA runfile's driver component
            r"\*\*\* /(?:usr/)?lib/modules/(?P<kernel>(?!\S*[Mm]icrosoft)[\w.+~-]{1,80})/build: No such file or directory",
            # DKMS's package hooks (dkms_common.postinst, dkms_autoinstaller) skip the build where the headers are absent.
            r"(?:Module build|Automatic installation of modules) for kernel (?P<kernel>(?!\S*[Mm]icrosoft)\S+) was "
            r"skipped since the",
            r"No kernel headers were found, skipping module build",
            # Its kernel postinst hook, after the failed build ("dkms: WARNING: Linux headers are missing, which may...").
            r"headers are missing, which may explain the above failures",
        ),
        severity="fail",
        cause="The headers of the running kernel are not installed, so the NVIDIA module cannot be built for it.",
        advice=("Install the kernel headers of the running kernel (`sudo apt install linux-headers-$(uname -r)`, `sudo "
                "dnf install kernel-devel-$(uname -r)`, on Arch `sudo pacman -S linux-headers`, linux-zen-headers, "
                "linux-lts-headers); if the repositories no longer carry them, update to the current kernel, reboot into "
                "it, and build the driver again. A GPU Operator driver pod on OpenShift or RHEL gets kernel-devel and "
                "kernel-headers only from the RHEL repositories a cluster-wide entitlement opens (newer OpenShift releases "
                "use the Driver Toolkit image instead): add the entitlement, or the Driver Toolkit or a precompiled driver."),
        action="configure", never_suggest=("disable Secure Boot", "blacklist nouveau"),
        sources=("https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/99",
                 "https://github.com/zen-kernel/zen-kernel/issues/305", "https://github.com/jakeday/linux-surface/issues/102",
                 "https://github.com/kiss-community/grepo/issues/29", "https://github.com/mavam/ml-driver/issues/5",
                 "https://github.com/dell/dkms/blob/master/dkms_common.postinst.in"),
        checked="2026-11-26",
        examples=("kernel/nvautoinstall-99-kernel-devel-not-found.txt", "kernel/zenkernel-305-missing-zen-kernel-headers.txt",
                  "kernel/linuxsurface-102-cuda-runfile-kernel-source.txt", "kernel/grepo-29-lib-modules-build-missing.txt",
                  "kernel/mldriver-5-lib-modules-build-missing-raspbian.txt"),
    ),
    Signature(
        code="kernel.uvm-module-missing",
        refines=("cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="uvm-missing",
        kinds=("any",),
        # The driver's UVM module (nvidia_uvm, or a packaged name like nvidia_331_uvm) could not be inserted.
        patterns=(
            r"could not insert '(?P<module>nvidia[\w-]{0,12}uvm)'",
            r"could not find module by name='(?P<module>nvidia[\w-]{0,12}uvm)'",
            r"FATAL: Module (?P<module>nvidia[-_]uvm) not found\.",  # old kmod: no module of that name (Ubuntu's nvidia-331-updates-uvm)
        ),
        severity="fail",
        cause="The CUDA unified-memory module ({module}) is not loaded, so CUDA cannot start while the GPU is seen.",
        advice=("Install the driver's UVM module (on old Ubuntu packages it is a separate package such as "
                "nvidia-331-uvm) and load it with `sudo modprobe nvidia_uvm`; where the package gives it its branch's "
                "name, load that (`sudo modprobe nvidia-331-updates-uvm`) or add `alias nvidia-uvm "
                "nvidia-331-updates-uvm` to a file in /etc/modprobe.d; `ls /dev/nvidia-uvm` must then exist."),
        action="reload-driver",
        never_suggest=("reinstall the CUDA toolkit", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/NVlabs/nvbio-gpl/issues/7", "https://github.com/Bumblebee-Project/Bumblebee/issues/623"),
        checked="2026-11-26",
        examples=("kernel/nvbio-7-nvidia-331-uvm-missing.txt", "kernel/bumblebee-623-nvidia-uvm-module-alias.txt"),
    ),
    Signature(
        code="kernel.module-not-found",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # modprobe's words; before kmod it printed them without the "modprobe: " head.
        # (Old kmod's "Module nvidia-uvm not found." with the driver loaded is kernel.uvm-module-missing's.)
        patterns=(r"(?:modprobe: )?FATAL: Module (?!nvidia[-_]uvm not found\.)(?P<module>nvidia[\w-]{0,20}) not found",),
        severity="fail",
        cause="No {module} kernel module exists for the running kernel, so the driver cannot be loaded.",
        advice=("Install the NVIDIA driver for the running kernel again (the distribution's driver packages with "
                "DKMS and this kernel's headers, so the module is built for it), then `sudo modprobe nvidia`; "
                "`nvidia-smi` must list the GPUs before any container or CUDA program can."),
        **NVIDIA_DOCKER_NO_MODULE,
    ),
    Signature(
        code="kernel.installer-module-load-failed",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # nvidia-installer: "ERROR: Unable to load the kernel module 'nvidia.ko'." followed by the reason.
        patterns=(r"Unable to load the kernel module '?nvidia(?P<flavour>[\w-]{0,12})\.ko'?",
                  r"Unable to load the 'nvidia(?P<flavour>[\w-]{0,12})' kernel module",  # newer installers' words
                  r"The nvidia(?P<flavour>[\w-]{0,12}) kernel module failed to load\. This kernel module is required"),
        severity="fail",
        cause="The NVIDIA installer built the kernel module but the kernel refused to load it.",
        advice=("Read why in `sudo dmesg | tail -n 30` and /var/log/nvidia-installer.log (another driver already "
                "bound to the GPU, an unsigned module refused at boot, or a GPU this driver does not support), fix "
                "that, and install the driver again."),
        action="configure", never_suggest=("reinstall Docker",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/481",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-25",
        examples=("kernel/nvidiadocker-481-uvm-not-found-driver-failed.txt",),
    ),
    Signature(
        code="kernel.driver-not-loaded",
        refines=("kernel.nvidia-settings-no-display", "cuda.driver-insufficient",
                 "cuda.ctranslate2-driver-too-old", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error",
                 "ollama.service-cuda-visible-devices"), refines_within=None,  # no driver: not a GPU selection
        cause_id="driver-not-loaded",
        kinds=("any",),
        patterns=(
            r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
            # the same words retyped ("nvidia-smi has failed ...") or copied through a page that curls the apostrophe
            r"(?:[Nn]vidia-smi|NVIDIA-smi|NVIDIA SMI) has failed because it couldn['‘’`]?t communicate with the "
            r"(?:NVIDIA|[Nn]vidia) driver", r"NVIDIA-SMI has failed because it couldn[‘’`]t communicate with the NVIDIA driver",
            r"ERROR: NVIDIA driver is not loaded",  # nvidia-settings
            r"Found no NVIDIA driver on your system",  # PyTorch's torch.cuda
            r"NVMLError_DriverNotLoaded|Failed to initialize NVML: Driver Not Loaded",  # NVML_ERROR_DRIVER_NOT_LOADED
        ),
        severity="fail",
        cause="The NVIDIA kernel driver cannot be reached: no NVIDIA module is loaded.",
        advice=("Find out why the module is not loaded: run `sudo modprobe nvidia` and read its error, with `sudo dmesg | "
                "grep -i nvrm`; a module missing for this kernel means installing the driver packages for it (DKMS with "
                "this kernel's headers). In a container or under WSL 2 the driver is the host's: check `nvidia-smi` on the "
                "host (WSL needs WSL 2). A machine with no NVIDIA GPU (`lspci | grep -i nvidia` empty: an AMD or Intel GPU, "
                "a Mac, a CPU-only server) runs such a program on the CPU only (device 'cpu', no .cuda() calls). On a "
                "hybrid laptop whose GPU switcher is in integrated mode the NVIDIA GPU is off on purpose: switch to Hybrid "
                "and reboot (`supergfxctl -m Hybrid`, `sudo envycontrol -s hybrid`, `sudo prime-select on-demand`)."),
        action="configure", never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/291",
                 "https://github.com/acidanthera/bugtracker/issues/2237"),
        checked="2026-11-25", examples=("kernel/nvidiadocker-291-module-nvidia-not-found-after-restart.txt",),
    ),
    Signature(
        code="kernel.driver-not-loaded-secure-boot",
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # kernel.driver-not-loaded's lines (nvidia-smi's quoted without its first words too), where the text shows
        # Secure Boot on (gpudoctor/knowledge/contexts.py) or the host's EFI variable says so.
        patterns=(r"couldn['‘’`]?t communicate with the (?:NVIDIA|[Nn]vidia) driver", r"ERROR: NVIDIA driver is not loaded",
                  r"Found no NVIDIA driver on your system",
                  r"NVMLError_DriverNotLoaded|Failed to initialize NVML: Driver Not Loaded",
                  # Fedora's nvidia-fallback.service (RPM Fusion, negativo17) at boot when no nvidia module loaded.
                  r"[Kk]ernel module (?:missing|not found)\. Falling back to [Nn]ouveau"),
        contexts=("secure-boot",),
        refines=("kernel.driver-not-loaded",),
        severity="fail",
        cause="Secure Boot is on and no NVIDIA module is loaded: the kernel loads only modules signed with a key it "
              "trusts, and the key the driver's modules were signed with (DKMS's MOK) is not enrolled.",
        advice=("Confirm with `sudo modprobe nvidia` (\"Key was rejected by service\") and `mokutil --test-key "
                "/var/lib/dkms/mok.pub`; then enroll the key (`sudo mokutil --import /var/lib/dkms/mok.pub`, and "
                "confirm it in MokManager at the next boot; Fedora's akmods key is /etc/pki/akmods/certs/public_key.der), or "
                "turn Secure Boot off in the firmware; on a cloud VM (Azure Trusted Launch, GCP Shielded VM) where no "
                "console reaches MokManager, install the signed driver (Ubuntu's linux-modules-nvidia packages through "
                "`sudo ubuntu-drivers install`, Azure's NVIDIA GPU driver extension) or turn Secure Boot off in the VM's "
                "security settings."),
        action="configure",
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/Start9Labs/start-technologies/issues/3702",
                 "https://wiki.debian.org/SecureBoot#MOK_-_Machine_Owner_Key",
                 "https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/288",
                 "https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/64"),
        checked="2026-11-26",
        examples=("kernel/start9-3702-secure-boot-mok-not-enrolled.txt",
                  "kernel/nvautoinstall-288-fedora39-falling-back-to-nouveau.txt"),
    ),
    Signature(
        code="kernel.gpu-not-supported-by-driver",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed", "kernel.nvidia-probe-failed",
                 "kernel.no-nvidia-devices-probed"), refines_within=None,
        cause_id="gpu-unsupported-by-driver",
        kinds=NVRM_TEXT,
        # The driver's words when it ignores a GPU it does not support, over several NVRM lines (joined): the open
        # module and a GPU without GSP; a release older than the GPU; a GPU left to a legacy branch.
        patterns=(
            r"NVRM: The NVIDIA GPU " + BUS + r" \(PCI ID: (?P<pci_id>[0-9a-fA-F]{4}:[0-9a-fA-F]{4})\) installed in "
            r"this system is not supported by open nvidia\.ko because it does not include the required GPU System "
            r"Processor",
            r"installed in this system is not supported by the (?P<release>\d{3}\.[\dx.]{2,12}) NVIDIA Linux driver "
            r"release",
            # The wording since about R515: "... is not supported by the NVIDIA 535.104.05 driver release."
            r"installed in this system is not supported by the NVIDIA (?P<release>\d{3}\.[\dx.]{2,12}) driver release",
            # w53e: and as people retype it in prose ("supported through the nvidia 390.xx legacy drivers", "NVIDA")
            r"supported (?:through|by) (?:the )?(?:NVIDIA|NVIDA|[Nn]vidia) (?P<legacy>\d{3}\.[\dx.]{2,12}) [Ll]egacy drivers",
            # as people retype or cut them: "The 595.71.05 NVIDIA driver will ignore" alone; the open module's refusal
            r"The (?P<release>\d{3}\.\d{1,3}(?:\.\d{1,3})?) NVIDIA driver will ignore\b",
            r"because it does not include the required GPU\b",
            r"NVRM: ignoring the legacy GPU " + BUS,  # nv-pci.c, after those lines, when it skips the GPU's probe
        ),
        severity="fail",
        cause="The installed NVIDIA driver does not support this GPU, so it leaves the GPU alone.",
        advice=("Install the driver the message points to: when the open nvidia.ko refuses a GPU without a GSP "
                "(older than Turing), the proprietary (closed) kernel module of the same driver; when it names a "
                "legacy series, that legacy driver (580.xx for Maxwell, Pascal and Volta, which R590 and later drop; "
                "470.xx for Kepler; 390.xx for Fermi); when the GPU is newer than the release, a newer driver (RTX "
                "50-series needs R570 or newer, with the open modules); in a VM given a vGPU, NVIDIA's vGPU (GRID) guest "
                "driver of the host's vGPU software release, not the ordinary driver."),
        action="configure",
        never_suggest=("disable Secure Boot", "check the power supply"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/322", "https://github.com/siderolabs/talos/issues/8764",
                 "https://github.com/NixOS/nixos-hardware/issues/1880", "https://github.com/fgci-org/ansible-role-cuda/issues/16",
                 "https://github.com/flatcar/Flatcar/issues/1283", "https://github.com/NixOS/nixos-hardware/issues/1828",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules#compatible-gpus", "https://www.nvidia.com/en-us/drivers/unix/"
                 "legacy-gpu/", "https://github.com/zzzhouuu/truenas-nvidia-drivers/issues/20"),
        checked="2026-11-25",
        examples=("kernel/ogkm-322-open-module-no-gsp-v100.txt", "kernel/talos-8764-gt710-ignored-470-legacy.txt",
                  "kernel/nixoshw-1880-pascal-580-legacy-only.txt", "kernel/ansiblecuda-16-tesla-m2070-390-legacy.txt",
                  "kernel/flatcar-1283-vgpu-p40-not-supported-by-535.txt", "kernel/nixoshw-1828-gtx1050-580-legacy-journal-truncated.txt",
                  "kernel/truenasnv-20-open-module-tesla-p4-no-devices.txt"),
    ),
    Signature(
        code="kernel.apt-upgraded-driver",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # apt's history log (/var/log/apt/history.log): NVIDIA driver packages replaced under a running system, as
        # unattended-upgrades does; the loaded module stays the old version until a reboot.
        patterns=(r"Upgrade: (?:lib)?nvidia-[\w-]{2,40}:\w{3,8} \((?P<old>\d{3}\.\d+(?:\.\d+)?)",),
        severity="warn",
        cause="apt upgraded the NVIDIA driver packages from {old}; until a reboot the old kernel module stays "
              "loaded, and NVML then fails with a driver/library version mismatch.",
        advice=("Reboot (or reload the nvidia modules) when the jobs allow, and hold the driver packages so "
                "unattended upgrades do not replace them under running jobs (`sudo apt-mark hold` on the nvidia and "
                "libnvidia packages, or Unattended-Upgrade::Package-Blacklist)."),
        action="reboot",
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/lyulyul/shine-cluster/issues/30",
                 "https://wiki.debian.org/UnattendedUpgrades"),
        checked="2026-11-25",
        examples=("kernel/shinecluster-30-unattended-upgrade-mismatch.txt",),
    ),
    Signature(
        code="kernel.installer-no-kernel-modules",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # nvidia-installer run with --no-kernel-modules installs only its own user-space version; the kernel
        # modules come from elsewhere (a distribution package, a patched build) and must be the same version.
        patterns=(
            r"You specified the '--no-kernel-modules' command line option",
            r"NVIDIA-Linux-[\w]{3,10}-(?P<version>\d{3}\.\d+(?:\.\d+)?)\.run --no-kernel-modules",
        ),
        severity="warn",
        cause="The user-space driver was installed without kernel modules; it works only with kernel modules of "
              "exactly its own version.",
        advice=("Make the kernel modules and the user-space driver the same version: install the .run file whose "
                "version matches the modules (`cat /proc/driver/nvidia/version` or `modinfo -F version nvidia`), or "
                "build the modules of the user-space driver's version, then load them."),
        action="configure",
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/tinygrad/open-gpu-kernel-modules/issues/47",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-25",
        examples=("kernel/tinygrad-47-run-and-p2p-module-mismatch.txt",),
    ),

    Signature(
        code="kernel.probe-routine-not-called",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.nvidia-probe-failed"), refines_within=None,
        cause_id="nouveau-conflict",
        kinds=NVRM_TEXT,
        # NVRM, when the nvidia module loads but another driver already owns the GPUs (nouveau, nvidiafb, vfio-pci);
        # "No NVIDIA graphics adapter probed!" / "None of the NVIDIA devices were initialized." follow it.
        patterns=(r"NVRM: The NVIDIA probe routine was not called for (?P<count>\d{1,3}) device\(s\)",
                  r"was loaded and obtained ownership of the NVIDIA device\(s\)",
                  # nv-pci.c when another driver holds the GPU's register BAR ("...claims ownership of the registers").
                  r"NVRM: request_mem_region failed for \d{1,6}M @ 0x[0-9a-fA-F]{1,16}"),
        severity="fail",
        cause="The nvidia module loaded, but another driver (nouveau, a framebuffer driver or vfio-pci) had already "
              "claimed the GPUs, so nvidia could not bind them.",
        advice=("See which driver holds each GPU (`lspci -k -d 10de:`, line 'Kernel driver in use'); blacklist it "
                "(`blacklist nouveau` and `options nouveau modeset=0` in /etc/modprobe.d/blacklist-nouveau.conf, or "
                "remove the GPU from vfio-pci's ids), rebuild the initramfs (`sudo update-initramfs -u` or "
                "`sudo dracut -f`) and reboot."),
        action="reboot",
        never_suggest=("reinstall CUDA", "disable Secure Boot"),
        sources=("https://github.com/mattshma/bigdata/issues/133", "https://github.com/MrMEEE/ironhide/issues/41",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/commonproblems.html"),
        checked="2026-11-25",
        examples=("kernel/bigdata-133-probe-routine-not-called.txt",),
    ),
    Signature(
        code="kernel.module-required-key-unavailable",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # Kernels before 5.4 (and RHEL 8) say "Required key not available" (ENOKEY) where newer ones say "Key was
        # rejected by service" (EKEYREJECTED): Secure Boot's lockdown refusing an unsigned module either way.
        patterns=(r"could not insert (?:module )?'?(?P<module>[\w./-]{1,128}?)'?: Required key not available",
                  r"(?:[Ff]ailed to insert|[Ee]rror inserting) '?(?P<module>[\w./-]{1,128}?)'?[^\n]{0,80}: Required key "
                  r"not available"),
        severity="fail",
        cause="Secure Boot refused to load the {module} module because it is not signed with an enrolled key.",
        advice=("Sign the module with a Machine Owner Key and enroll it (`sudo mokutil --import` the DKMS or your "
                "signing key, confirm in the MOK manager at the next boot; distribution NVIDIA packages with DKMS sign "
                "for you once the key is enrolled), or disable Secure Boot in the firmware settings."),
        action="configure",
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/hhfeuer/nvhda/issues/8", "https://wiki.ubuntu.com/UEFI/SecureBoot/DKMS",
                 "https://github.com/lwfinger/rtl8723au/issues/58"),
        checked="2026-11-25",
        examples=("kernel/nvhda-8-required-key-not-available.txt",),
    ),
    Signature(
        code="kernel.module-taint-notice",
        cause_id="none",
        kinds=NOTICE_ONLY_IN_PASTES,
        # The kernel's notices when any out-of-tree, proprietary or unsigned module loads (kernel/module/main.c);
        # the module is loaded. Only where Secure Boot enforces signatures does loading fail, with other words.
        patterns=(r"(?P<module>nvidia[\w-]{0,16}): module verification failed: signature and/or required key missing",
                  r"(?P<module>nvidia[\w-]{0,16}): loading out-of-tree module taints kernel",
                  r"(?P<module>nvidia[\w-]{0,16}): module license '[^'\n]{1,40}' taints kernel",
                  # Kernels 6.6 and later, for the modules that use the proprietary nvidia module's symbols.
                  r"(?P<module>nvidia[\w-]{0,16}): module uses symbols \w{1,64} from proprietary module nvidia, "
                  r"inheriting taint"),
        severity="info",
        cause="The kernel notes that {module} is an out-of-tree, proprietary or unsigned module (it taints the "
              "kernel); the module is loaded and this is not an error.",
        advice=("Informational and harmless: the NVIDIA module loaded. Ignore these lines and look further in the log "
                "for NVRM errors; only a \"Key was rejected\" or \"Required key not available\" error means the "
                "module was refused."),
        action="none",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/480", "https://github.com/datto/dattobd/issues/43",
                 "https://docs.kernel.org/admin-guide/tainted-kernels.html"),
        checked="2026-11-25",
        examples=("kernel/k8sdp-480-taint-lines-healthy-driver.txt",),
    ),
    Signature(
        code="kernel.module-symbol-mismatch",
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # The kernel refusing a module built against another kernel's symbol versions (modversions): the module
        # was built for a different kernel build than the one running.
        patterns=(r"(?P<module>nvidia[\w-]{0,16}): disagrees about version of symbol (?P<symbol>\w{1,64})",
                  r"(?P<module>nvidia[\w-]{0,16}): Unknown symbol (?P<symbol>\w{1,64}) \(err -?\d{1,3}\)"),
        severity="fail",
        cause="The {module} module was built for another kernel than the running one (symbol {symbol} differs), so "
              "the kernel refuses to load it.",
        advice=("Rebuild the NVIDIA modules for the running kernel (`sudo dkms autoinstall -k $(uname -r)` with that "
                "kernel's headers installed, or reinstall the distribution's driver package for it), or boot the "
                "kernel the modules were built for; on Jetson or a custom kernel, build them from the same kernel "
                "source and configuration that boots."),
        action="configure",
        never_suggest=("disable Secure Boot", "blacklist nouveau"),
        sources=("https://github.com/realsenseai/realsense_mipi_platform_driver/issues/281",
                 "https://github.com/raspberrypi/linux/issues/4558"),
        checked="2026-11-25",
        examples=("kernel/realsensemipi-281-nvidia-disagrees-symbol-version.txt",),
    ),
    Signature(
        code="kernel.module-compiler-too-old",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # Kbuild passes the kernel's own compiler flags to an out-of-tree module; a GCC older than the one that built
        # the kernel rejects the newer ones (as after an HWE kernel update on Ubuntu 22.04).
        patterns=(r"unrecognized command-line option .{0,3}-(?P<option>ftrivial-auto-var-init=zero|mharden-sls=all|"
                  r"fzero-call-used-regs=used-gpr|fmin-function-alignment=\d{1,3}|fstrict-flex-arrays=\d)",),
        severity="fail",
        cause="The kernel module is compiled with an older GCC than the kernel was, and it rejects the kernel's "
              "-{option} flag, so the NVIDIA module cannot be built for this kernel.",
        advice=("Install the compiler version the kernel was built with (the make.log says 'The kernel was built by': "
                "on Ubuntu 22.04 HWE kernels `sudo apt install gcc-12`, and make it the default gcc or set CC for "
                "DKMS), then rebuild the module: `sudo dkms autoinstall` (or reinstall the driver package)."),
        action="configure",
        never_suggest=("disable Secure Boot", "blacklist nouveau"),
        sources=("https://github.com/Plippo/asus-wmi-screenpad/issues/41",
                 "https://github.com/intel-gpu/intel-gpu-i915-backports/issues/106",
                 "https://github.com/aws-samples/amazon-eks-machine-learning-with-terraform-and-kubeflow/issues/107"),
        checked="2026-11-25",
        examples=("kernel/asuswmiscreenpad-41-gcc-11-vs-kernel-gcc-12.txt",),
    ),
)
