"""Kernel and driver, the life of a desktop or small server's driver across kernel upgrades and boots: a module never
built for the kernel that runs, the daemons and tools around the driver failing to start (rows of the kernel area,
added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

# "the new NVIDIA driver", "my Nvidia GPU driver", "the graphics drivers", as people tell of an update.
_NVIDIA_DRIVER = r"(?:the |my |our |to the |to a )?(?:new |newer |latest )?(?:NVIDIA|[Nn]vidia|GPU|graphics)(?: GPU| graphics)? drivers?\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-missing-for-running-kernel",
        # Its line says why nvidia-smi (or the toolkit, or CUDA) finds no driver anywhere else in the paste.
        refines=("kernel.driver-not-loaded", "containers.cli-driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # kmod's modprobe names the directory it searched, the running kernel's; some pastes drop "Module ".
            r"FATAL: (?:Module )?(?P<module>nvidia[\w-]{0,20}) not found in directory /lib/modules/(?P<kernel>[\w.+~-]{1,80})",
            # Arch's mkinitcpio and dracut, building the initramfs of a new kernel that has no nvidia module.
            r"==> ERROR: module not found: '(?P<module>nvidia[\w-]{0,20})'",
            r"dracut-install: Failed to find module '(?P<module>nvidia[\w-]{0,20})'",
        ),
        severity="fail",
        cause="The running kernel (or the one an initramfs is built for) has no {module} module: the driver's module was built for another kernel "
              "and DKMS (or the kernel-specific package) did not build it for this one, usually after a kernel "
              "upgrade or on a second kernel (LTS, zen, HWE) installed without its headers.",
        advice=("Build the module for the running kernel: install this kernel's headers (Ubuntu/Debian "
                "`sudo apt install linux-headers-$(uname -r)`, Fedora kernel-devel, Arch the headers package of the "
                "kernel you boot, e.g. linux-zen-headers) and the DKMS flavour of the driver (nvidia-dkms; a driver from "
                "NVIDIA's .run file: run it again with `--dkms`), then "
                "`sudo dkms autoinstall` and reboot; if the DKMS build fails, its make.log says why (often a kernel "
                "newer than the driver branch: boot the previous or LTS kernel until a driver supports it)."),
        action="configure",
        rules_out=("a GPU fault", "the CUDA toolkit"),
        never_suggest=("reinstall CUDA", "disable nouveau"),
        sources=("https://github.com/Witko/nvidia-xrun/issues/144",
                 "https://github.com/korvahannu/arch-nvidia-drivers-installation-guide/issues/37",
                 "https://wiki.archlinux.org/title/NVIDIA#Installation"),
        checked="2026-11-26",
        examples=("kernel/nvidiaxrun-144-drm-module-missing-zen-kernel.txt",
                  "kernel/archguide-37-mkinitcpio-no-nvidia-module.txt"),
    ),
    Signature(
        code="kernel.module-insert-not-permitted",
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # The kernel's EPERM from init_module, as modprobe and insmod print it. Run as root, the one thing that
        # refuses a module this way is lockdown under Secure Boot (an unsigned module); run without root, the user.
        patterns=(r"could not insert '(?P<module>[\w-]{1,40})': Operation not permitted",
                  r"could not insert module (?P<module>[\w./-]{1,120}): Operation not permitted"),
        severity="fail",
        cause="The kernel refused to load the {module} module (Operation not permitted): run as root, that is Secure "
              "Boot's lockdown refusing a module not signed with an enrolled key.",
        advice=("If the command ran as root (sudo), check `mokutil --sb-state`: with Secure Boot enabled, sign the "
                "module with a key enrolled in MOK (enroll DKMS's key with `sudo mokutil --import "
                "/var/lib/dkms/mok.pub` and confirm it in MokManager at the next boot, so DKMS signs what it builds), "
                "or disable Secure Boot in the firmware; without root, run it with sudo. Where kernel lockdown is on "
                "without Secure Boot (`cat /sys/kernel/security/lockdown` shows [integrity]), unsigned modules load "
                "only with it off: on Bottlerocket set settings.kernel.lockdown to \"none\" (the NVIDIA variants' "
                "default), elsewhere remove lockdown=integrity from the kernel command line."),
        action="configure",
        rules_out=("a module missing for this kernel",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/openrazer/openrazer/issues/677", "https://github.com/lwfinger/rtl8723bu/issues/149",
                 "https://github.com/lwfinger/rtlwifi_new/issues/153", "https://wiki.debian.org/SecureBoot",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/1279",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/3097"),
        checked="2026-11-27",
        examples=("kernel/razer-677-not-permitted.txt", "kernel/rtl8723bu-149-not-permitted-sb.txt",
                  "kernel/bottlerocket-1279-lockdown-integrity-insmod-not-permitted.txt"),
    ),
    Signature(
        code="kernel.driver-lost-after-kernel-update",
        refines=("kernel.driver-not-loaded", "containers.cli-driver-not-loaded", "kernel.boot-fell-back-to-nouveau"),
        refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # What people write beside "NVIDIA-SMI has failed" or "NVIDIA driver is not loaded" when a kernel update came
        # first: the story itself is the evidence a helper acts on (the module was not rebuilt for the new kernel).
        patterns=(
            r"[Aa]fter (?:an? |the |my )?(?:recent |automatic |latest )?(?:[Ll]inux )?kernel (?:update|upgrade)",
            r"(?:[Aa]fter|[Ww]hen|[Ss]ince|[Oo]nce) (?:I |i )?(?:updated|upgraded|upgrading|updating|upgrade|update) "
            r"(?:the |my |to the |to a )?(?:new |newer |latest )?(?:[Ll]inux )?kernel",
            r"[Aa]fter installing (?:system |the |some )?updates[^\n]{0,80}DKMS",
            r"[Kk]ernel (?:got|was|has been) (?:updated|upgraded)",
            # "upgrading to Linux 5.2", "updated to kernel 6.8", "installed Linux 6.1": a named new kernel release.
            r"(?:[Uu]pgrad|[Uu]pdat)(?:ed|ing|e) (?:to )?(?:the )?(?:[Ll]inux|kernel) v?\d\.\d{1,2}\b",
            r"(?:[Ii]nstalled|booted into) (?:the )?(?:[Ll]inux|kernel) v?\d\.\d{1,2}\b",
            # The driver works on one installed kernel and not on another: the other kernel lacks the module.
            r"(?:[Ww]orks?|[Ww]orking|[Ww]orked) (?:fine |well )?(?:with|on|while (?:I am |I'm |i am )?running) (?:the )?"
            r"`?(?:linux|LTS|lts|older|previous|old|other|stock)`? kernel",
            # "Ubuntu installed a new kernel and ...", "a new kernel was installed", "it pulled in a newer kernel".
            r"(?:[Ii]nstalled|pulled in|brought in) (?:a |the )?new(?:er)? kernel\b",
            r"\b[Nn]ew kernel (?:was |got |has been )?installed\b",
            # "Temporary workaround is to use an older kernel (6.5).", "the fix was booting the previous kernel".
            r"(?:[Ww]orkaround|[Ss]olution|[Ff]ix) (?:is|was) (?:to )?(?:use|using|boot|booting|roll back to|rolling "
            r"back to|go back to|going back to|revert to|reverting to|downgrade to|downgrading to) (?:an? |the )?"
            r"(?:older|previous|old|earlier|LTS|lts) kernel",
        ),
        severity="warn",
        cause="The driver stopped working after a kernel update: the NVIDIA module is usually not built for the new "
              "kernel (its headers were missing, DKMS was not installed, or the build failed), so the new kernel boots "
              "without it.",
        advice=("Check whether the module exists for the running kernel (`dkms status`, `modinfo -F version nvidia`); if "
                "not, install this kernel's headers (`sudo apt install linux-headers-$(uname -r)`, Fedora kernel-devel) "
                "and run `sudo dkms autoinstall` (a driver installed from NVIDIA's .run file without DKMS: run it again "
                "with `--dkms`), then reboot; on Fedora with RPM Fusion or negativo17 (akmods; the boot screen that says "
                "it fell back to the open-source driver) `sudo dnf install kernel-devel-$(uname -r)` then `sudo akmods --force --kernels "
                "$(uname -r)` and reboot; on Arch the headers package of the kernel you boot (linux-headers, "
                "linux-zen-headers) with nvidia-dkms. Where the build fails, its log says why (make.log, "
                "/var/cache/akmods/nvidia/*.failed.log; often a kernel newer than the driver branch: boot the previous "
                "kernel from the boot menu until a newer driver supports it)."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/pop-os/pop/issues/690",
                 "https://github.com/GoogleCloudPlatform/compute-gpu-installation/issues/25", "https://rpmfusion.org/Howto/NVIDIA",
                 "https://github.com/CachyOS/linux-cachyos/issues/118", "https://github.com/void-linux/void-packages/issues/14377",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/837"),
        checked="2026-11-26",
        examples=("kernel/popos-690-nvidia-not-loaded-after-updates-dkms.txt",
                  "kernel/cachyos-118-smi-failed-works-on-linux-kernel.txt",
                  "kernel/voidpackages-14377-linux52-nvidia-not-loaded.txt",
                  "kernel/ogkm-837-535-216-follow-pfn-debian-6-12.txt"),
    ),
    Signature(
        code="kernel.nvidia-aliased-off-by-gpu-switcher",
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="driver-not-loaded",
        kinds=("any",),
        # Hybrid-graphics tools (Ubuntu's prime-select intel profile, envycontrol's integrated mode, SUSE prime with
        # bbswitch) turn the discrete GPU off by writing "alias nvidia off" into modprobe.d: modprobe then looks for a
        # module named "off" and nothing NVIDIA loads.
        patterns=(r"could not insert 'off'", r"could not find module by name='off'",
                  r"alias (?P<module>nvidia(?:[_-](?:drm|modeset|uvm))?) off\b"),
        severity="fail",
        cause="A hybrid-graphics profile blacklists the NVIDIA driver (modprobe.d aliases nvidia to \"off\"), so the "
              "driver never loads although it is installed: the integrated-GPU profile is selected.",
        advice=("Select a profile that loads the NVIDIA driver: `sudo prime-select on-demand` (or `sudo prime-select "
                "nvidia`; `sudo envycontrol -s hybrid`, `optimus-manager --switch nvidia` with those tools; on ASUS "
                "laptops with supergfxd `supergfxctl -m Hybrid`), then reboot; "
                "`grep -r 'nvidia off' /etc/modprobe.d /lib/modprobe.d /usr/lib/modprobe.d` shows the blacklist the "
                "profile wrote."),
        action="configure",
        rules_out=("a driver that failed to build", "a GPU fault"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/Witko/nvidia-xrun/issues/106", "https://github.com/canonical/nvidia-prime/issues/20",
                 "https://github.com/bayasdev/envycontrol/issues/56"),
        checked="2026-11-26",
        examples=("kernel/nvidiaxrun-106-modprobe-insert-off-blacklist.txt",
                  "kernel/nvidiaprime-20-intel-profile-alias-off.txt"),
    ),
    Signature(
        code="kernel.driver-updated-without-reboot",
        # The story a helper acts on beside CUDA's generic failures: the driver was updated while the old kernel module
        # (or, on Windows, the old driver in running programs) stayed loaded, so the libraries and the module differ.
        # (Not "driver version is insufficient": an update to a driver still too old for the program reads the same.)
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error", "cuda.devices-busy-or-unavailable", "cuda.init-not-initialized",
                 "cuda.driver-combination-unsupported", "cuda.forward-compat-unsupported"),
        refines_within=None,
        cause_id="driver-library-mismatch",
        kinds=("any",),
        patterns=(
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?upgraded " + _NVIDIA_DRIVER,
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?updated " + _NVIDIA_DRIVER,
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?(?:upgrading|updating) " + _NVIDIA_DRIVER,
            # (the verbs written so that "reboot", not "installed", is the prefilter's key)
            r"(?:[Uu]p(?:dat|grad)|[Ii]nstall)ed (?:the |my |our )?(?:NVIDIA |[Nn]vidia |GPU |graphics )?drivers?\b"
            r"[^\n]{0,40}?(?:but|and) (?:didn't|did not|haven't|have not|hadn't|not yet) reboot",
            # "GPU/CUDA updates sometimes break GPU access to the runner", "driver updates keep breaking CUDA" (a bare
            # "CUDA update", a toolkit's, is left out: it breaks apps in other ways; rev40d)
            r"\b(?:(?:GPU|[Dd]river|NVIDIA|[Nn]vidia)(?:/(?:GPU|CUDA|[Dd]river|NVIDIA))?|CUDA/(?:GPU|[Dd]river|NVIDIA)) "
            r"(?:package )?updates? "
            r"(?:sometimes |often |always |can |keep |kept |randomly )?(?:break|broke|breaks|breaking) (?:the )?"
            r"(?:GPU|CUDA|nvidia-smi|NVML)\b",
        ),
        severity="warn",
        cause="The NVIDIA driver was updated while the old one stayed loaded: until a reboot the kernel module (and, on "
              "Windows, the driver in programs already running) is the old version while the libraries are new, so CUDA "
              "finds no usable GPU and programs fall back to the CPU.",
        advice=("Reboot after a driver update (on Linux, when no program uses the GPU, reloading the modules also works: "
                "`sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia nvidia_uvm`), or at "
                "least restart the programs that use the GPU (Ollama, LM Studio, the Python process); then `nvidia-smi` and `cat "
                "/proc/driver/nvidia/version` show one version (in LM Studio, then rerun the CUDA runtime's "
                "compatibility check in its Runtime settings, Ctrl+Shift+R). If it still fails after the reboot, the update itself "
                "did not complete: check the driver's module for the running kernel (`dkms status`)."),
        action="reboot",
        rules_out=("a GPU fault", "CUDA_VISIBLE_DEVICES"),
        never_suggest=("set CUDA_VISIBLE_DEVICES", "reinstall CUDA"),
        sources=("https://github.com/ollama/ollama/issues/4396",
                 "https://github.com/Jonah-May-OSS/wyoming-whisper-trt/issues/371",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-26",
        examples=("kernel/ollama-4396-gpu-unused-after-driver-upgrade.txt",
                  "cuda/wyomingwhispertrt-371-error-803-runner-updates-reboot.txt"),
    ),
)
