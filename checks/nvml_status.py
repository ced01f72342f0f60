"""Plain-words explanations of why NVML could not be used; shared by the checks that need NVML."""

from __future__ import annotations

from gpudoctor.model import Action, skip, unknown

_EXPLANATIONS = {
    # nvidia-smi prints it as "Failed to initialize NVML: Unknown Error".
    "NVML_ERROR_UNKNOWN": (
        "NVML failed with an unknown error: the driver answered, but not sanely.",
        "Inside a container that used to work, the container lost its access to the GPU device files when the "
        "host reloaded systemd (NVIDIA/nvidia-container-toolkit#48): restart the container; to stop it happening, "
        "set Docker's cgroup driver to cgroupfs (`\"exec-opts\": [\"native.cgroupdriver=cgroupfs\"]` in "
        "/etc/docker/daemon.json), as Ollama's docs/troubleshooting.md (Linux docker) says.",
        "On the host, after suspend and resume, reload the driver (`sudo rmmod nvidia_uvm && sudo modprobe "
        "nvidia_uvm`) or reboot; otherwise look for Xid errors in `dmesg`.",
    ),
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
    # The meanings below are nvml.h's own (nvmlReturn_t); the advice is what each calls for.
    "NVML_ERROR_INSUFFICIENT_POWER": (
        "A GPU reports that its external power cables are not properly attached (NVML: insufficient power).",
        "Connect every PCIe power connector the card has (8-pin / 12VHPWR fully seated, one cable per connector, "
        "no daisy chain), with the machine off; check that the power supply can feed all GPUs.",
    ),
    "NVML_ERROR_IRQ_ISSUE": (
        "The NVIDIA kernel driver detected an interrupt problem with a GPU (NVML: IRQ issue).",
        "`dmesg | grep -i -e nvrm -e msi` shows it. Typical causes: MSI interrupts disabled or broken by the "
        "platform, a riser or slot problem. Update the BIOS, try another slot without riser, and reboot.",
    ),
    "NVML_ERROR_CORRUPTED_INFOROM": (
        "A GPU's infoROM (its on-board configuration store) is corrupted.",
        "`nvidia-smi -q` shows the InfoROM versions and a corruption warning. The GPU may still run, but ECC and "
        "error accounting are not trustworthy; the infoROM is not user-repairable: contact the board vendor "
        "(RMA).",
    ),
    "NVML_ERROR_RESET_REQUIRED": (
        "A GPU needs a reset before it can be used again.",
        "Stop every process using it (`nvidia-smi` lists them), then `sudo nvidia-smi -r -i <index>`; "
        "where a GPU reset is not supported (consumer cards, WSL), reboot.",
    ),
    "NVML_ERROR_OPERATING_SYSTEM": (
        "The operating system blocked access to the GPU's control device (NVML: operating system error).",
        "A cgroup device rule or a security policy denies /dev/nvidiactl or /dev/nvidia*: in a container, start "
        "it with the GPUs handed in (`--gpus all`); on a host, check the device rules of your service or "
        "sandbox and the permissions of /dev/nvidia*.",
    ),
    "NVML_ERROR_IN_USE": (
        "The GPU is in use, so NVML refused the operation (NVML: in use).",
        "Stop the processes using the GPU (`nvidia-smi` lists them; `sudo fuser -v /dev/nvidia*` shows others), "
        "then run gpudoctor again.",
    ),
    "NVML_ERROR_GPU_NOT_FOUND": (
        "NVML found no GPU where one was expected (NVML: GPU not found).",
        "The GPU disappeared or is not visible here: check `lspci -d 10de:` (or Device Manager), "
        "CUDA_VISIBLE_DEVICES, and in a container the devices handed in.",
    ),
    "NVML_ERROR_NOT_READY": (
        "The NVIDIA driver is not ready yet (NVML: not ready).",
        "Right after boot or a driver load the GPUs may still be initialising; on NVSwitch systems "
        "nvidia-fabricmanager must be running (`systemctl status nvidia-fabricmanager`). Wait a minute and "
        "run gpudoctor again.",
    ),
    "NVML_ERROR_MEMORY": (
        "NVML ran out of host memory.",
        "The machine is short of RAM: close programs or add swap, then run gpudoctor again.",
    ),
    "NVML_ERROR_INSUFFICIENT_RESOURCES": (
        "The driver lacks the resources for the request (NVML: insufficient resources).",
        "Too many processes or contexts hold GPU resources: stop some (`nvidia-smi`), or reboot if it persists.",
    ),
    "NVML_ERROR_FUNCTION_NOT_FOUND": (
        "The installed NVIDIA driver is too old for a query gpudoctor makes (NVML: function not found).",
        "Update the NVIDIA driver (535 or newer; see `gpudoctor explain driver.version`).",
    ),
    "NVML_ERROR_ARGUMENT_VERSION_MISMATCH": (
        "The nvidia-ml-py package is newer than the NVIDIA driver understands (NVML: argument version mismatch).",
        "Update the NVIDIA driver, or install an nvidia-ml-py release of the driver's own branch "
        "(pip install 'nvidia-ml-py==<driver major>.*').",
    ),
    "NVML_ERROR_UNINITIALIZED": (
        "NVML was used before it was initialised: a gpudoctor bug.",
        "Please report it at the gpudoctor issue tracker, with `gpudoctor snapshot` attached.",
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
    # nvidia-smi: "Failed to initialize NVML: GPU access blocked by the operating system". Seen with a
    # Linux nvidia-utils package inside WSL (https://github.com/microsoft/WSL/issues/9166) and with a
    # data-center GPU in TCC mode, which Windows does not share with WSL (microsoft/WSL#11865).
    "NVML_ERROR_OPERATING_SYSTEM": (
        "NVML inside WSL: GPU access blocked by the operating system.",
        "Windows keeps the GPU from this VM: a GPU in TCC mode is never shared with WSL (switch it to WDDM: "
        "`nvidia-smi -i N -dm 0` in an elevated PowerShell, then reboot), and Windows Server needs GPU-PV "
        "support for it. wsl.gpu lists each GPU's driver model and any Linux NVIDIA package in this distribution.",
    ),
}
# The NVML errors a Linux driver's libnvidia-ml gives inside WSL, where no kernel module exists for it.
LINUX_DRIVER_ERRORS = ("NVML_ERROR_DRIVER_NOT_LOADED", "NVML_ERROR_OPERATING_SYSTEM",
                       "NVML_ERROR_LIB_RM_VERSION_MISMATCH", "NVML_ERROR_LIBRARY_NOT_FOUND", "NVML_ERROR_UNKNOWN")
_CONTAINER_EXPLANATIONS = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": (
        "NVML is missing inside this container: the NVIDIA container runtime did not mount the host driver's "
        "libraries.",
        "Start the container with GPUs (`docker run --gpus all ...`, or a `nvidia.com/gpu` request in Kubernetes) "
        "and with NVIDIA_DRIVER_CAPABILITIES including `utility` (or `all`); container.gpus says what was handed "
        "in. Do not install a driver inside the image.",
    ),
}


def no_gpu_to_judge(inventory):
    """The finding that ends a per-GPU check before it starts, or None when there are GPUs to judge:
    unknown where the GPU list was not recorded, a skip where NVML cannot be used or sees no GPU (gpu.count
    is the check that says why)."""
    if inventory.list_not_seen:
        return unknown(inventory.list_not_seen)
    if inventory.nvml_error or inventory.count_error or not inventory.gpus:
        return skip("No GPU to check: NVML sees none or cannot be used (gpu.count says why).")
    return None


NO_GPU_ATTACHED = "No NVIDIA GPU is attached to this machine (or passed into this VM/container)."


def no_gpu_attached_advice(virtual: bool | None, in_container: bool) -> tuple[str, ...]:
    """What to do where neither the PCI bus nor /dev shows an NVIDIA GPU (no driver can help there),
    worded for where gpudoctor runs: a container, a VM, or a machine of its own."""
    why = ("The PCI bus lists no NVIDIA device (no vendor 0x10de in /sys/bus/pci/devices) and there is no "
           "/dev/nvidia*, so this is not a driver problem: installing a driver would change nothing.")
    if in_container:
        what = ("Start the container with GPUs (`docker run --gpus all ...`, or a `nvidia.com/gpu` request in "
                "Kubernetes) on a host whose own GPUs work.")
    elif virtual:
        what = ("This is a VM: pass the GPU through to it (PCI passthrough / VFIO on the host), or choose a GPU "
                "instance type.")
    else:
        what = "Check that the card is seated and its power cables connected, and that `lspci -d 10de:` lists it."
    return why, what


def _inside_wsl(name: str, error: str, wsl_version: int | None,
                linux_pieces: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """Inside WSL the cause is named first: WSL 1 (no GPU at all), then a Linux driver installed there."""
    pieces = ", ".join(linux_pieces)
    if wsl_version == 1:
        details = ["CUDA and NVML reach the GPU only through WSL 2's virtual machine (/dev/dxg). wsl.feature says "
                   "how to convert the distribution (`gpudoctor fix` plans windows.convert-distro-wsl2)."]
        if linux_pieces:
            details.append(f"A Linux NVIDIA driver is installed here too ({pieces}): after the conversion it would "
                           "shadow the Windows driver's libraries in /usr/lib/wsl/lib. wsl.gpu names it and "
                           "`gpudoctor fix` removes it (wsl.remove-linux-driver).")
        return "NVML cannot work here: this distribution runs as WSL 1, which has no GPU access.", (
            *details, f"NVML said: {error}.")
    if linux_pieces and name in LINUX_DRIVER_ERRORS:
        return (f"NVML fails inside WSL because a Linux NVIDIA driver installed in this distribution is loaded "
                f"instead of the Windows driver's libraries: {pieces}.", (
                    "Its libnvidia-ml looks for a Linux kernel module that WSL does not have. wsl.gpu names each "
                    "library and the package owning it; `gpudoctor fix` removes them (wsl.remove-linux-driver), "
                    "then run `wsl.exe --shutdown`.", f"NVML said: {error}."))
    return None


# What to do first about NVML failing with this error (README, Actions); others: configure (install or
# repair the driver, hand the GPU into the container).
_NVML_ERROR_ACTIONS = {
    "NVML_ERROR_DRIVER_NOT_LOADED": Action.RELOAD_DRIVER,
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": Action.REBOOT,  # an upgrade not booted into
    "NVML_ERROR_GPU_IS_LOST": Action.REBOOT,
    "NVML_ERROR_RESET_REQUIRED": Action.RESET_GPU,
}


def nvml_error_action(error: str | None) -> Action:
    return _NVML_ERROR_ACTIONS.get((error or "").split(":")[0], Action.CONFIGURE)


def explain_nvml_error(error: str, platform: str | None = None, in_container: bool = False,
                       wsl_version: int | None = None, linux_pieces: tuple[str, ...] = ()
                       ) -> tuple[str, tuple[str, ...]]:
    """A summary line and detail sentences for an NVML error name (or 'NAME: more text'),
    worded for where it happened (`platform` is the platform fact's kind; inside WSL, its version
    and the Linux NVIDIA packages or stray libraries found there name the cause)."""
    name = error.split(":", 1)[0].strip()
    if platform == "wsl":
        cause = _inside_wsl(name, error, wsl_version, linux_pieces)
        if cause:
            return cause
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
