"""Manual steps for changes below the operating system: kernel parameters, module blacklists, BIOS.

gpudoctor never applies these (a wrong kernel command line or initramfs can leave a machine
unbootable); `gpudoctor fix` lists them with the exact commands. A finding carries its steps in
`manual=ManualSteps(...)` (gpudoctor/fix_requests.py); gpudoctor/fixing/manual.py collects them.
"""

from __future__ import annotations

from gpudoctor.fix_requests import ManualSteps


def kernel_parameter_steps(add: str, remove: tuple[str, ...] = ()) -> list[str]:
    """How to add a kernel parameter (and drop others) with GRUB or systemd-boot, then check it."""
    dropped = f" and remove {', '.join(f'`{r}`' for r in remove)}" if remove else ""
    return [
        f"GRUB (Ubuntu, Debian): `sudoedit /etc/default/grub`, add `{add}` inside GRUB_CMDLINE_LINUX_DEFAULT"
        f"{dropped}, then `sudo update-grub`.",
        f"GRUB (Fedora, RHEL): `sudo grubby --update-kernel=ALL --args=\"{add}\"`"
        + (f" --remove-args=\"{' '.join(remove)}\"" if remove else "") + ".",
        f"systemd-boot: add `{add}` to /etc/kernel/cmdline (Pop!_OS: `sudo kernelstub -a {add}`), or to the `options` "
        "line of your entry in /boot/loader/entries/ (`bootctl list` shows which).",
        f"Reboot, then check: `cat /proc/cmdline` shows `{add}`.",
    ]


def manual(title: str, steps: list[str]) -> ManualSteps:
    return ManualSteps(title, tuple(steps))
