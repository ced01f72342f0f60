"""Issue 25, rows for families blind sets missed: NVIDIA driver packages of two branches installed side by side, and
a driver that does not install on a kernel newer than it supports, in people's words.

Void Linux packages each NVIDIA branch under its own names (nvidia for the current branch, nvidia580, nvidia470,
nvidia390 for the legacy ones, each with its -libs, -dkms, -gtklibs...), which conflict with one another: xbps aborts
the whole transaction while any package of the other branch is installed, and it does not offer to replace them.

People say the second in their own words ("the nvidia 470 driver won't install on the 6.14 kernel", "Can't install
550.40.07 on Kernel 6.8.9", "kernel 6.6 breaks nvidia-driver-470", "5.17.5 doesn't support Nvidia 470 driver",
"Nvidia's DKMS will not install on 5.12"), with "install" where kernel_w18b.py's row wants "build" or "compile".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# A kernel release after a preposition: "6.14", "the 6.4 kernel", "kernel 6.8.9", "Linux 5.12", "newest kernel 6.15".
_KREL = (r"(?:the )?(?:new(?:er|est)? |latest )?(?:(?:[Kk]ernel|[Ll]inux) ?)?v?(?P<kernel>[4-7]\.\d{1,2})(?:\.\d{1,3})?"
         r"(?:-[\w.]{1,40})?\b")
# The driver as people name it: "nvidia", "Nvidia's DKMS", "the nvidia 470 driver", "NVIDIA-dkms", "550.40.07".
_VER = r"v?\d{3}(?:\.\d{1,3})?(?:\.\d{1,3})?"  # a driver release: "470", "550.54", "550.40.07"
_NVIDIA = r"(?:[Nn]vidia|NVIDIA)(?:'s|-[a-z]{2,10}(?:-\d{3})?)?(?: " + _VER + r"(?:xx)?)?(?: [A-Za-z]{3,8})?"
_REFUSES = r"(?:wont|won't|will not|does ?n[o']?t|do ?n[o']?t|can'?t|cannot|fails? to|failed to|refuses to)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.xbps-nvidia-branch-conflict",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        patterns=(r"CONFLICT: (?P<package>nvidia[\w.+-]{0,60}) with installed pkg (?P<installed>nvidia[\w.+-]{0,60})",),
        severity="fail",
        cause=("xbps will not install {package} while {installed}, a package of another NVIDIA driver branch, is "
               "installed: Void packages each branch under its own names, and they conflict."),
        advice=("Keep one NVIDIA branch: remove the installed branch's packages first (`sudo xbps-remove -R` the "
                "packages xbps names as installed, e.g. nvidia580 nvidia580-libs nvidia580-dkms nvidia580-gtklibs), "
                "then install the branch the GPU needs (`sudo xbps-install -S nvidia` for current GPUs; nvidia580, "
                "nvidia470 or nvidia390 for GPUs the current branch dropped) and reboot; `nvidia-smi` must then show "
                "that branch's driver."),
        action="configure",
        rules_out=("the GPU", "the kernel module build"),
        never_suggest=("disable Secure Boot", "xbps-install -f"),
        sources=("https://github.com/aarnt/octoxbps/issues/60",
                 "https://github.com/void-linux/void-packages/issues/35408",
                 "https://docs.voidlinux.org/config/graphical-session/graphics-drivers/nvidia.html"),
        checked="2026-11-27",
        examples=("kernel/octoxbps-60-xbps-conflict-nvidia580-installed.txt",),
    ),
    Signature(
        code="kernel.described-driver-wont-install-on-kernel",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "the nvidia 470 diver wont install on the 6.4 kernel", "Nvidia's DKMS will not install on 5.12"
            _NVIDIA + r" " + _REFUSES + r" (?:install|build|compile) (?:on|with|for|under|in) " + _KREL,
            # "Can't install 550.40.07 on Kernel 6.8.9", "unable to install nvidia driver 470 on kernel 6.8"
            r"\b(?:[Cc]an'?t|[Cc]annot|[Uu]nable to|[Ff]ail(?:s|ed)? to|[Cc]ould ?n[o']?t) install (?:the )?"
            r"(?:(?:[Nn]vidia|NVIDIA)[\w-]{0,12} )?(?:(?:driver|DKMS|dkms|module) )?" + _VER
            + r"(?:xx)?(?: (?:driver|branch))? (?:on|with|for|under|in) " + _KREL,
            # "Issue installing new 340 driver on 6.8 kernel"
            r"\b(?:[Ii]ssues?|[Pp]roblems?|[Ee]rrors?|[Ff]ailures?) (?:when |while )?installing (?:the )?"
            r"(?:new |latest )?(?:(?:[Nn]vidia|NVIDIA) )?(?:" + _VER + r" )?(?:(?:[Nn]vidia|NVIDIA) )?drivers? "
            r"(?:on|with|for|under|in) " + _KREL,
            # "kernel 6.6 breaks nvidia-driver-470", "kernel 4.13.9-300.fc27 breaks installation of nvidia driver"
            r"(?:[Kk]ernel|[Ll]inux) ?v?(?P<kernel>[4-7]\.\d{1,2})(?:\.[\w.-]{1,40})? (?:breaks?|broke) (?:the )?"
            r"(?:installation of |install of |build of )?(?:the )?(?:[Nn]vidia|NVIDIA)\b",
            # "5.17.5 doesn't support Nvidia 470 driver"
            r"\bv?(?P<kernel>[4-7]\.\d{1,2})(?:\.\d{1,3})? (?:does not|doesn'?t|no longer) supports? (?:the )?"
            r"(?:[Nn]vidia|NVIDIA)\b",
            # "driver 550.54 does not support kernel 6.10", "the 535 driver doesn't work with linux 6.12"
            r"\b(?:[Dd]river " + _VER + r"|" + _VER + r" (?:[Dd]river|branch)) (?:does not|doesn'?t|no longer) "
            r"(?:support|work (?:with|on)) " + _KREL,
            # "the .run installer fails on kernel 6.11", "NVIDIA-Linux-x86_64-535.129.03.run on Linux 6.9 fails"
            r"\.run\b(?: (?:installer|file))? (?:fails?|failed|failing|won'?t (?:install|build|work)|does ?n[o']?t "
            r"(?:install|build|work)) (?:on|with|for|under) " + _KREL,
            r"NVIDIA-Linux-[\w.-]{1,60}\.run\b[^\n]{0,40}? (?:on|with|for|under) " + _KREL
            + r"[^\n]{0,30}?\b(?:fails?|failed|failing|errors?)\b",
        ),
        severity="warn",
        cause=("The description suggests the NVIDIA driver does not install on kernel {kernel}: its kernel module does "
               "not build for a kernel newer than the driver release (or legacy branch) supports."),
        advice=("Check that the NVIDIA module was built for the running kernel (`dkms status`, `modinfo -F "
                "version nvidia`, `uname -r`) and read the build's first error (/var/lib/dkms/nvidia/*/build/make.log; "
                "the .run installer's /var/log/nvidia-installer.log). Usually the kernel is newer than the driver "
                "release supports: install a release that supports it (the distribution's updated driver package, or "
                "a newer .run from nvidia.com, run with `--dkms`), or boot the previous (or LTS) kernel from the boot "
                "menu and hold kernel updates until one exists. Legacy branches (470, 390, 340) get no support for "
                "newer kernels: stay on an older kernel they build for (e.g. the distribution's original LTS kernel "
                "instead of an HWE one) or use the distribution's patched legacy package."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/linuxmint/mint22.2-beta/issues/72",
                 "https://github.com/Frogging-Family/linux-tkg/issues/9",
                 "https://github.com/pop-os/nvidia-graphics-drivers-470/issues/5",
                 "https://nvidia.custhelp.com/app/answers/detail/a_id/3142"),
        checked="2026-11-27",
        examples=("kernel/mint222-72-nvidia-470-wont-install-kernel-6-14.txt",),
    ),
)
