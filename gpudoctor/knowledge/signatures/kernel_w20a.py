"""Issue 25, rows for a family blind sets missed: NVIDIA driver packages of two branches installed side by side.

Void Linux packages each NVIDIA branch under its own names (nvidia for the current branch, nvidia580, nvidia470,
nvidia390 for the legacy ones, each with its -libs, -dkms, -gtklibs...), which conflict with one another: xbps aborts
the whole transaction while any package of the other branch is installed, and it does not offer to replace them.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

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
        sources=("https://github.com/aarnt/octoxbps/issues/60", "https://github.com/void-linux/void-packages/issues/35408",
                 "https://docs.voidlinux.org/config/graphical-session/graphics-drivers/nvidia.html"),
        checked="2026-11-27",
        examples=("kernel/octoxbps-60-xbps-conflict-nvidia580-installed.txt",),
    ),
)
