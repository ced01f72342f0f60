"""Plain-words explanations of why NVML could not be used; shared by the checks that need NVML."""

from __future__ import annotations

_EXPLANATIONS = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": (
        "No NVIDIA driver is installed: the NVML library (libnvidia-ml.so.1 / nvml.dll) was not found.",
        "Install the NVIDIA driver for your GPUs (535 or newer; see `gpudoctor explain driver.version`).",
        "Inside WSL 2 the driver comes from Windows: install it there, never inside WSL.",
    ),
    "NVML_ERROR_DRIVER_NOT_LOADED": (
        "The NVIDIA driver is installed but its kernel module is not loaded.",
        "Typical causes: the module was not built for the running kernel (DKMS after a kernel update), "
        "Secure Boot refused the unsigned module, or nouveau holds the GPU.",
        "Check `lsmod | grep nvidia` and `dmesg | grep -i nvidia`; reinstalling the driver for this kernel or "
        "enrolling its key usually helps, then reboot.",
    ),
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": (
        "Driver/library version mismatch: the NVIDIA libraries were updated but the old kernel module is still loaded.",
        "This is what nvidia-smi reports as 'Failed to initialize NVML: Driver/library version mismatch'. "
        "It happens after a driver upgrade (often an unattended one) without a reboot.",
        "Reboot the machine (or unload and reload the nvidia modules when no process uses the GPU).",
    ),
    "NVML_ERROR_NO_PERMISSION": (
        "NVML refused access to the GPUs (no permission).",
        "Check the permissions of /dev/nvidia* and that your user may use the GPU (in a container: the "
        "device nodes must be passed in).",
    ),
    "NVML_ERROR_GPU_IS_LOST": (
        "A GPU has fallen off the bus (NVML: GPU is lost).",
        "This is a hardware or power problem (riser, PSU, overheating) or a driver crash; `dmesg` shows an Xid "
        "error. Reboot; if it repeats, reseat the card and check its power cables.",
    ),
}


# Where NVML comes from depends on where we run, and so does the usual cause of its absence.
_WSL_EXPLANATIONS = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": (
        "NVML was not found inside WSL: the Windows NVIDIA driver provides it (/usr/lib/wsl/lib/libnvidia-ml.so.1).",
        "Install or update the NVIDIA driver on Windows (535 or newer), then run `wsl.exe --shutdown` and reopen "
        "the distribution. Never install a Linux NVIDIA driver inside WSL; wsl.gpu checks the GPU path.",
    ),
    "NVML_ERROR_DRIVER_NOT_LOADED": (
        "NVML inside WSL cannot reach the GPU: most often a Linux NVIDIA driver installed inside WSL shadows the "
        "Windows driver's libraries.",
        "A Linux driver's libnvidia-ml looks for a kernel module that WSL does not have. wsl.gpu names the "
        "packages; `gpudoctor fix` removes them (wsl.remove-linux-driver). Rebooting does not help here.",
    ),
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": (
        "Driver/library version mismatch inside WSL: a Linux NVIDIA library does not match the Windows driver.",
        "A Linux NVIDIA driver package installed inside WSL brought its own libnvidia-ml; wsl.gpu names it and "
        "`gpudoctor fix` removes it (wsl.remove-linux-driver).",
    ),
}
_CONTAINER_EXPLANATIONS = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": (
        "NVML is missing inside this container: the NVIDIA container runtime did not mount the host driver's "
        "libraries.",
        "Start the container with GPUs (`docker run --gpus all ...`, or a `nvidia.com/gpu` request in Kubernetes) "
        "and with NVIDIA_DRIVER_CAPABILITIES including `utility` (or `all`); container.gpus says what was handed "
        "in. Do not install a driver inside the image.",
    ),
}


NO_GPU_ATTACHED = "No NVIDIA GPU is attached to this machine (or passed into this VM/container)."


def no_gpu_attached_advice() -> tuple[str, ...]:
    """What to do where neither the PCI bus nor /dev shows an NVIDIA GPU: no driver can help there."""
    return (
        "The PCI bus lists no NVIDIA device (no vendor 0x10de in /sys/bus/pci/devices) and there is no "
        "/dev/nvidia*, so this is not a driver problem: installing a driver would change nothing.",
        "On a workstation: check that the card is seated and powered, and that `lspci -d 10de:` lists it. "
        "In a VM: pass the GPU through (PCI passthrough / VFIO) or pick a GPU instance type. "
        "In a container: start it with `--gpus all` on a host whose GPUs work.",
    )


def explain_nvml_error(error: str, platform: str | None = None, in_container: bool = False) -> tuple[str, tuple[str, ...]]:
    """A summary line and detail sentences for an NVML error name (or 'NAME: more text'),
    worded for where it happened (`platform` is the platform fact's kind)."""
    name = error.split(":", 1)[0].strip()
    table = _EXPLANATIONS
    if platform == "wsl" and name in _WSL_EXPLANATIONS:
        table = _WSL_EXPLANATIONS
    elif in_container and name in _CONTAINER_EXPLANATIONS:
        table = _CONTAINER_EXPLANATIONS
    if name in table:
        summary, *details = table[name]
        return summary, (*details, f"NVML said: {error}.")
    if name.startswith("NVML_ERROR_TIMEOUT"):
        return (
            "NVML did not answer in time: the driver may be hung.",
            (f"NVML said: {error}.", "Look for Xid errors in `dmesg`; a reboot clears a hung driver."),
        )
    if name == "not-recorded":
        return "The snapshot holds no NVML answer.", ("The snapshot was recorded without NVML data.",)
    return f"NVML could not be used: {error}.", ("Check the NVIDIA driver installation.",)
