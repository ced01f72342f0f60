"""The layer under the driver: which kernel module owns each GPU, whether it is the right one, and
whether it is the version user space expects."""

from __future__ import annotations

import re

from gpudoctor.boot_config import kernel_parameter_steps, manual
from gpudoctor.model import NotSeen, check, fail, ok, skip, unknown, warn

OPEN_REQUIRED = re.compile(r"NVRM: The NVIDIA GPU (\S+).*requires use of the NVIDIA open kernel modules")
# PCI device IDs of Blackwell GPUs: GB100/GB102 0x29xx, GB202 0x2Bxx, GB203 0x2Cxx, GB206/GB207 0x2Dxx-0x2Exx,
# GB205 0x2Fxx (PCI ID Repository, https://pci-ids.ucw.cz/read/PC/10de). NVIDIA's proprietary module does
# not support them: "open kernel modules are required" (NVIDIA driver README, "Kernel modules", R560+).
BLACKWELL_DEVICE_IDS = range(0x2900, 0x3000)
MISMATCH = "NVML_ERROR_LIB_RM_VERSION_MISMATCH"
NOUVEAU_CONF = "/etc/modprobe.d/blacklist-nouveau.conf"


def _blackwell(function, gpus) -> bool:
    gpu = gpus.by_bus_id(function.bus_id) if gpus is not None else None
    if gpu is not None and gpu.architecture:
        return gpu.architecture in ("Blackwell", "Rubin")
    try:
        return int(function.device_id or "", 16) in BLACKWELL_DEVICE_IDS
    except ValueError:
        return False


def _log_lines(kernel_log, pattern) -> list[str]:
    if kernel_log is None:
        return []
    return [line for boot in kernel_log.boots if boot.boot == "current" for line in boot.lines if pattern.search(line)]


def _known(kernel_log, code: str) -> list:
    """This boot's matches of one failure signature (gpudoctor/knowledge/signatures/kernel.py): the catalogue
    is the one place that knows how the kernel words it."""
    if kernel_log is None or kernel_log.error:
        return []
    return [m for boot in kernel_log.boots if boot.boot == "current" for m in boot.signatures if m.code == code]


def _nouveau_steps() -> dict:
    return manual("Keep nouveau away from the NVIDIA GPUs (blacklist and rebuild the initramfs)", [
        f"printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee {NOUVEAU_CONF}",
        "Rebuild the initramfs so that nouveau is not loaded before the root file system: Ubuntu/Debian "
        "`sudo update-initramfs -u`; Fedora/RHEL `sudo dracut --force`; Arch `sudo mkinitcpio -P`.",
        "Or, for one boot to test, add the kernel parameter `modprobe.blacklist=nouveau`:",
        *kernel_parameter_steps("modprobe.blacklist=nouveau")[:3],
        "Reboot; `lspci -k -d 10de:` then shows `Kernel driver in use: nvidia` for every GPU.",
    ])


def client_version(kernel_log) -> str | None:
    """The user-space version the kernel module refused, from its "API mismatch" message (kernel.api-mismatch)."""
    mismatch = next(iter(_known(kernel_log, "kernel.api-mismatch")), None)
    return mismatch.fields.get("client_version") if mismatch else None


def mismatch_story(kernel, kernel_log=None) -> tuple[str, tuple[str, ...], dict]:
    """Why NVML reports a driver/library version mismatch on this host, naming both versions:
    an upgrade not yet booted into (reboot), or a kernel module built separately (a reboot changes nothing)."""
    user = kernel.userspace_version if isinstance(kernel.userspace_version, str) else None
    loaded, user = kernel.loaded_version, user or client_version(kernel_log)
    installed = kernel.installed_module_version
    evidence = {"kernel_module": loaded, "nvrm_version": kernel.nvrm_version, "userspace": user,
                "userspace_source": kernel.userspace_source or ("the kernel's API mismatch message" if user else None),
                "installed_module": installed,
                "installed_module_file": kernel.installed_module_file}
    versions = f"kernel module {loaded or '?'} (/proc/driver/nvidia/version), user-space libraries {user or '?'}"
    story = _MISMATCH_STORIES[_mismatch_case(loaded, user, installed)]
    summary, details = story(loaded, user, installed, kernel.installed_module_file or "modinfo", versions)
    return summary, details, evidence


def _mismatch_case(loaded: str | None, user: str | None, installed: str | None) -> str:
    """Which story the three versions tell: the module a reboot loads (installed) decides between an upgrade
    not booted into and a module built separately."""
    if not (loaded and user):
        return "versions unknown"
    if installed and installed != user:
        return "built separately"
    if loaded == user:
        return "versions unknown"
    return "upgrade not booted into" if installed else "versions differ"


def _upgrade_not_booted_into(loaded, user, installed, module_file, versions):
    return (f"Driver/library version mismatch: the NVIDIA libraries were upgraded to {user}, but the running "
            f"kernel module is still {loaded}: reboot.",
            (f"{versions}; the module installed for this kernel ({module_file}) is "
             f"already {installed}, so a reboot loads the matching one.",
             "Without a reboot: stop everything that uses the GPU (nvidia-persistenced, display manager, Ollama), "
             "then `sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia nvidia_uvm`."))


def _built_separately(loaded, user, installed, module_file, versions):
    return (f"Driver/library version mismatch: the kernel module ({installed}, built separately) does not match "
            f"the user-space libraries ({user}); a reboot will not fix it.",
            (f"{versions}. The module that loads at boot ({module_file}) is "
             f"{installed}: it was built separately from the libraries (a DKMS module of another version, a "
             f".run installer, or an open-module build), so every boot brings the mismatch back.",
             f"Install one driver version for both: remove the stray one (a runfile install: "
             f"`sudo nvidia-uninstall`; stale DKMS: `dkms status`, then `sudo dkms remove nvidia/{installed} "
             f"--all`) and reinstall the {user} driver packages (kernel module and libraries together), then "
             "reboot."))


def _versions_differ(loaded, user, installed, module_file, versions):
    return (f"Driver/library version mismatch: kernel module {loaded}, user-space libraries {user}.",
            (f"{versions}. `modinfo -F version nvidia` says which module a reboot would load: {user} means the "
             "upgrade only needs a reboot; another version means a module built separately, which a reboot "
             "does not fix (reinstall one driver version for both).",))


def _versions_unknown(loaded, user, installed, module_file, versions):
    return ("Driver/library version mismatch: the NVIDIA libraries and the loaded kernel module are of different "
            "versions.",
            (f"{versions}. After an upgrade, a reboot loads the matching module; if it persists after a reboot, the "
             "kernel module was built separately from the libraries (DKMS, runfile): reinstall one version for "
             "both.",))


_MISMATCH_STORIES = {"upgrade not booted into": _upgrade_not_booted_into, "built separately": _built_separately,
                     "versions differ": _versions_differ, "versions unknown": _versions_unknown}


def _bound_findings(topology, gpus, kernel, kernel_log):
    for function in topology.functions:
        label = f"GPU at {function.bus_id}"
        gpu = gpus.by_bus_id(function.bus_id) if gpus is not None else None
        if gpu is not None:
            label = f"GPU {gpu.index} ({gpu.name}, {function.bus_id})"
        evidence = {"bus_id": function.bus_id, "driver": function.driver, "device_id": function.device_id}
        if function.driver == "nvidia":
            yield ok(f"{label}: bound to the nvidia driver", evidence=evidence)
        elif function.driver == "nouveau":
            yield fail(f"{label} is driven by nouveau, the open-source driver without CUDA",
                       "CUDA, NVML, nvidia-smi, Ollama and PyTorch need NVIDIA's driver; nouveau took the GPU first "
                       "(it loads from the initramfs unless blacklisted).",
                       "Blacklist nouveau and rebuild the initramfs (gpudoctor fix lists the commands), then reboot.",
                       evidence={**evidence, "blacklist": list(kernel.nouveau_blacklist)},
                       manual=_nouveau_steps())
        elif function.driver == "nova_core":
            yield fail(f"{label} is driven by nova_core, the in-kernel Rust driver (no CUDA)",
                       "Blacklist nova_core (`blacklist nova_core` in /etc/modprobe.d/) and rebuild the initramfs as "
                       "for nouveau, so that NVIDIA's module can take the GPU.", evidence=evidence)
        elif function.driver == "vfio-pci":
            yield warn(f"{label} is bound to vfio-pci: reserved for passing to a virtual machine",
                       "This host cannot use it for CUDA. If that is not intended, remove its ID from "
                       "`vfio-pci.ids=` (kernel command line or /etc/modprobe.d) and reboot.", evidence=evidence)
        elif function.driver is None:
            needs_open = _blackwell(function, gpus) and kernel.flavour == "proprietary"
            lines = _log_lines(kernel_log, OPEN_REQUIRED)
            if needs_open or lines:
                yield fail(f"{label} has no driver: this Blackwell GPU needs NVIDIA's open kernel modules, and the "
                           "proprietary ones are installed",
                           *lines[:2],
                           "Install the open flavour of the same driver (Ubuntu: `sudo apt install "
                           "nvidia-driver-<branch>-open`; NVIDIA's runfile: `-m=kernel-open`), then reboot.",
                           evidence={**evidence, "module": kernel.nvrm_version})
            else:
                loaded = kernel.loaded.get("nvidia")
                yield fail(f"{label} has no kernel driver bound",
                           "The nvidia module is " + ("loaded but did not take this GPU: `sudo dmesg | grep NVRM` "
                                                      "says why (an unsupported GPU, a conflicting driver)."
                                                      if loaded else "not loaded (see below)."),
                           evidence=evidence)
        else:
            yield warn(f"{label} is bound to {function.driver}, not to the nvidia driver", evidence=evidence)


def _module_findings(kernel, topology, gpus, kernel_log):
    loaded = kernel.loaded.get("nvidia") or bool(kernel.nvrm_version)
    secure_boot = None if isinstance(kernel.secure_boot, NotSeen) else kernel.secure_boot
    evidence = {"nvrm_version": kernel.nvrm_version, "module_version": kernel.module_version,
                "taint": kernel.module_taint, "secure_boot": secure_boot, "loaded": kernel.loaded}
    if not loaded:
        yield from _not_loaded(topology, kernel_log, secure_boot, evidence)
        return
    blackwell = [f.bus_id for f in topology.functions if _blackwell(f, gpus)]
    if kernel.flavour == "proprietary" and blackwell:
        yield fail("The proprietary NVIDIA kernel module is loaded, but the Blackwell GPU(s) at "
                   f"{', '.join(blackwell)} "
                   "need the open kernel modules",
                   "Install the -open flavour of the same driver branch and reboot.", evidence=evidence)
    else:
        yield ok(f"NVIDIA {kernel.flavour} kernel module {kernel.loaded_version} is loaded"
                 f"{_secure_boot_text(kernel, secure_boot)}", evidence=evidence)
    yield from _userspace_findings(kernel, kernel_log)


def _not_loaded(topology, kernel_log, secure_boot, evidence):
    rejected = [m.line for m in _known(kernel_log, "kernel.module-signature-rejected")]
    if rejected or secure_boot:
        yield fail("The NVIDIA kernel module is not loaded: Secure Boot rejects it (it is not signed with a key "
                   "this machine trusts)" if rejected else
                   "The NVIDIA kernel module is not loaded, and Secure Boot is on",
                   *rejected[:2],
                   "Either enrol the key the module was signed with (Ubuntu/DKMS: `sudo mokutil --import "
                   "/var/lib/shim-signed/mok/MOK.der`, then reboot and confirm the enrolment in the blue MOK "
                   "manager screen), or install the distribution's pre-signed driver packages (Ubuntu: `sudo "
                   "ubuntu-drivers install`), or turn Secure Boot off in the firmware setup.",
                   "`mokutil --sb-state` shows the Secure Boot state; `sudo modprobe nvidia` repeats the error "
                   "(\"Key was rejected by service\").",
                   evidence={**evidence, "rejected_lines": rejected[:5]}, manual=manual(
                       "Let Secure Boot accept the NVIDIA kernel module", [
                           "sudo mokutil --import /var/lib/shim-signed/mok/MOK.der   # DKMS key on Ubuntu/Debian; "
                           "Fedora/akmods: /etc/pki/akmods/certs/public_key.der",
                           "Reboot, choose 'Enroll MOK' in the MOK manager and enter the password you set.",
                           "Or disable Secure Boot in the firmware setup.",
                           "Check: `sudo modprobe nvidia && lsmod | grep nvidia`."]))
    elif topology.functions:
        yield fail("The NVIDIA kernel module is not loaded",
                   "`sudo modprobe nvidia` loads it or prints why not; `sudo dmesg | grep -i nvrm` shows the "
                   "kernel's side.", evidence=evidence)


def _secure_boot_text(kernel, secure_boot) -> str:
    if kernel.efi is False:
        return "; no UEFI firmware, so no Secure Boot"
    if isinstance(kernel.secure_boot, NotSeen):
        return f"; Secure Boot unknown (`{kernel.secure_boot.shown_by}` shows it)"
    return f"; Secure Boot is {'on' if secure_boot else 'off'}" if secure_boot is not None else ""


def _userspace_findings(kernel, kernel_log):
    """The loaded module's version against the user-space libraries'."""
    user, module = kernel.userspace_version, kernel.loaded_version
    if isinstance(user, NotSeen):
        yield unknown(user, "whether the user-space libraries match the module")
        return
    if user and module and user != module:
        summary, details, story = mismatch_story(kernel, kernel_log)
        yield fail(summary, *details, evidence=story)
    elif user and module:
        yield ok(f"The kernel module and the user-space libraries are both {module}",
                 evidence={"kernel_module": module, "userspace": user, "userspace_source": kernel.userspace_source})


def _nouveau_loaded(kernel, topology):
    if kernel.loaded.get("nouveau") and not any(f.driver == "nouveau" for f in topology.functions):
        yield warn("The nouveau module is loaded (though it drives none of the NVIDIA GPUs now)",
                   "It can grab a GPU before NVIDIA's module at the next boot. "
                   + ("It is not blacklisted." if not kernel.nouveau_blacklist else
                      f"It is blacklisted ({kernel.nouveau_blacklist[0]}) but still loaded: rebuild the initramfs."),
                   evidence={"blacklist": list(kernel.nouveau_blacklist)}, manual=_nouveau_steps())


@check("driver.kernel", title="NVIDIA kernel module and the driver bound to each GPU",
       needs=("kernel_driver", "pci_topology", "kernel_log", "gpus"), platforms=("linux",))
def driver_kernel(facts):
    """Checks the kernel side of the NVIDIA driver, which nvidia-smi cannot show when it is wrong.

    Per GPU: the kernel driver bound to it (/sys/bus/pci/devices/<bus>/driver): nvidia is right;
    nouveau or nova_core (open-source drivers without CUDA) took it first; vfio-pci reserves it
    for a VM; none means no driver accepted it (a Blackwell GPU needs NVIDIA's open kernel
    modules: the proprietary module refuses it, and the kernel log says "requires use of the
    NVIDIA open kernel modules"). For the module: loaded or not, open or proprietary
    (/proc/driver/nvidia/version, /sys/module/nvidia/taint), a module that Secure Boot rejected
    ("Key was rejected by service" / "Loading of unsigned module is rejected" in the kernel log,
    and the UEFI SecureBoot variable), nouveau loaded or not blacklisted (/etc/modprobe.d,
    /proc/cmdline), and the loaded module's version against the user-space libraries
    (libnvidia-ml). A version mismatch names both versions and tells an upgrade not yet booted into
    (the module installed for this kernel already matches: reboot) from a module built separately
    (DKMS, a .run installer, an open-module build of another version: a reboot changes nothing).

    Fixes are manual (blacklist + initramfs rebuild, MOK enrolment, driver flavour), with the commands.
    Sources: NVIDIA driver README ("Installing the NVIDIA Driver", "Kernel modules");
    Linux Documentation/admin-guide/tainted-kernels.rst; module-signing.rst.
    """
    kernel = facts.kernel_driver
    if kernel.error:
        yield skip(f"The Linux kernel module is {kernel.error}.")
        return
    topology = facts.pci_topology
    try:
        gpus = facts.gpus
    except Exception:  # NVML down: the kernel's view is all there is
        gpus = None
    kernel_log = facts.seen("kernel_log")  # its lines add to the verdict; without them the module is still judged
    if topology.not_seen:
        yield unknown(topology.not_seen, "which driver each GPU is bound to")
    elif topology.error:
        yield skip(f"Which driver each GPU is bound to is unknown: sysfs could not be read ({topology.error}).")
    elif not topology.functions:
        yield skip("No NVIDIA GPU on the PCI bus.")
        return
    else:
        yield from _bound_findings(topology, gpus, kernel, kernel_log)
    yield from _module_findings(kernel, topology, gpus, kernel_log)
    if not topology.error:
        yield from _nouveau_loaded(kernel, topology)
