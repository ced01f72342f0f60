"""Kernel and driver, the package managers that install the driver: two packagings of the NVIDIA driver, or a
distribution's repackaging, refusing to install over each other's files (rows of the kernel area, added to kernel.py's
tuple; dpkg's own wording is kernel.dpkg-file-in-other-nvidia-package)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The names the NVIDIA driver's RPM packages have in RPM Fusion (xorg-x11-drv-nvidia*, akmod-nvidia, kmod-nvidia),
# negativo17 and NVIDIA's CUDA repository (nvidia-driver*, nvidia-kmod-common, xorg-x11-nvidia, kmod-nvidia-open-dkms).
_RPM_NVIDIA = r"(?:xorg-x11-drv-|xorg-x11-|akmod-|kmod-|dkms-)?nvidia[\w.:+~-]{0,80}"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.rpm-nvidia-packagings-conflict",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # dnf's problem lines and rpm's transaction test, when the driver's packages of two repositories meet.
        patterns=(rf"package (?P<package>{_RPM_NVIDIA}) conflicts with (?P<other>{_RPM_NVIDIA}) provided by",
                  rf"conflicts between attempted installs of (?P<package>{_RPM_NVIDIA}) and (?P<other>{_RPM_NVIDIA})",
                  rf"from install of (?P<package>{_RPM_NVIDIA}) conflicts with file from package (?P<other>{_RPM_NVIDIA})"),
        severity="fail",
        cause="Two packagings of the NVIDIA driver are mixed ({package} and {other}): RPM Fusion's, negativo17's and "
              "NVIDIA's CUDA repository package the same driver under different names, so dnf refuses to install one "
              "over the other.",
        advice=("Install the driver from one repository only: remove the other packaging's packages (e.g. `sudo dnf "
                "remove 'xorg-x11-drv-nvidia*' akmod-nvidia` for RPM Fusion's, or `sudo dnf remove 'nvidia-driver*'` "
                "for negativo17's or the CUDA repository's), disable or exclude that repository's NVIDIA packages "
                "(`excludepkgs=*nvidia*` in its .repo file), then install from the one you keep."),
        action="configure",
        rules_out=("a GPU fault", "the kernel module build"),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/negativo17/nvidia-driver/issues/83",
                 "https://github.com/negativo17/nvidia-driver/issues/162", "https://negativo17.org/nvidia-driver/"),
        checked="2026-11-26",
        examples=("kernel/negativo17-83-conflicts-with-rpmfusion-xorg-x11-drv-nvidia.txt",
                  "kernel/negativo17-162-xorg-conf-conflict-cuda-repo.txt"),
    ),
    Signature(
        code="kernel.arch-linux-firmware-nvidia-split",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # pacman, upgrading across Arch's June 2025 split of the NVIDIA GPU firmware out of linux-firmware.
        patterns=(r"linux-firmware-nvidia: (?P<path>/usr/lib/firmware/nvidia/\S{1,80}) exists in filesystem",),
        severity="fail",
        cause="pacman refused the upgrade: linux-firmware-nvidia, split out of linux-firmware, would install NVIDIA "
              "firmware files ({path}) that the old linux-firmware package left on disk.",
        advice=("Apply Arch's manual intervention for the linux-firmware split: `sudo pacman -Rdd linux-firmware`, then "
                "`sudo pacman -Syu linux-firmware` (reinstalls it with its new split packages); do not overwrite the "
                "files with --overwrite."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://archlinux.org/news/linux-firmware-2025061312fe085f-5-upgrade-requires-manual-intervention/",
                 "https://github.com/CachyOS/linux-cachyos/issues/487",
                 "https://github.com/vinceliuice/WhiteSur-gtk-theme/issues/1308"),
        checked="2026-11-26",
        examples=("kernel/cachyos-487-firmware-nvidia-ad103-exists.txt", "kernel/whitesur-1308-linux-firmware-nvidia-exists.txt"),
    ),
    Signature(
        code="kernel.system-python-replaced",
        cause_id="system-python-replaced",
        kinds=("any",),
        # Ubuntu's quirks-handler (ubuntu-drivers-common), which the nvidia-dkms packages' postinst runs, imports its own
        # modules from the distribution's Python; with /usr/bin/python3 pointed at another version they are not found.
        patterns=(r"ModuleNotFoundError: No module named '(?P<module>Quirks|UbuntuDrivers|NvidiaDetector)'",),
        severity="fail",
        cause="/usr/bin/python3 is not the distribution's Python, so Ubuntu's driver tools cannot import their module "
              "{module} and the NVIDIA driver packages' configuration fails.",
        advice=("Point python3 back at the distribution's Python (`sudo update-alternatives --config python3`, or "
                "remove the alternative and restore the /usr/bin/python3 link, e.g. to python3.8 on Ubuntu 20.04, "
                "python3.10 on 22.04), then finish the install with `sudo dpkg --configure -a`; use a virtual "
                "environment or pyenv for other Python versions."),
        action="configure",
        rules_out=("the driver's kernel module build", "the GPU"),
        never_suggest=("reinstall CUDA", "disable Secure Boot"),
        sources=("https://github.com/canonical/ubuntu-drivers-common/issues/61",
                 "https://github.com/NVIDIA/nvidia-installer/issues/17"),
        checked="2026-11-26",
        examples=("kernel/ubuntudrivers-61-quirks-module-python310.txt",),
    ),
)
