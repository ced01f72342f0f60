"""nvidia_uvm and the device files: what CUDA needs beyond what nvidia-smi needs, for you and for
the Ollama service, and whether they survive a suspend."""

from __future__ import annotations

from gpudoctor.boot_config import manual
from gpudoctor.model import check, fail, ok, skip, warn


def _node_findings(nodes, gpus_expected, accounts):
    missing = [p for p in ["/dev/nvidiactl", "/dev/nvidia-uvm"] if nodes.node(p) is None]
    per_gpu = [n for n in nodes.nodes if n.path[len("/dev/nvidia"):].isdigit()]
    if gpus_expected and len(per_gpu) < gpus_expected:
        missing.append(f"/dev/nvidia0..{gpus_expected - 1} (found {len(per_gpu)})")
    blocked = []
    for role, account in accounts:
        closed = [n for n in nodes.nodes if (n.path in ("/dev/nvidiactl", "/dev/nvidia-uvm") or n in per_gpu)
                  and not account.can_open(n)]
        if closed:
            modes = sorted({f"mode {n.mode:o}, group {n.gid}" for n in closed})
            blocked.append(f"{role} ({account.name}) cannot open {', '.join(n.path for n in closed)} "
                           f"({'; '.join(modes)})")
    return missing, blocked


@check("driver.uvm", title="nvidia_uvm and the device files CUDA needs",
       needs=("kernel_driver", "device_nodes", "gpus"), platforms=("linux",))
def driver_uvm(facts):
    """Checks what CUDA needs beyond what nvidia-smi needs: the nvidia_uvm module and the device
    files /dev/nvidiactl, /dev/nvidia0..N and /dev/nvidia-uvm, with permissions that let this user
    and the Ollama service's user (User= of ollama.service) open them. Without nvidia_uvm every
    CUDA program fails (cuInit error 999, "CUDA unknown error") while nvidia-smi still lists the
    GPUs: the cause behind "Ollama fell back to the CPU" after a suspend/resume.

    Also: whether the nvidia-suspend/-resume/-hibernate systemd units are enabled and
    NVreg_PreserveVideoMemoryAllocations is set (/proc/driver/nvidia/params), and whether the
    Ollama unit is ordered after the driver is ready. Reloading nvidia_uvm is a manual step.
    Sources: NVIDIA driver README, "Configuring Power Management Support"; Ollama docs/gpu.md
    ("Laptop Suspend Resume"); ollama/ollama#2934, #6647; pytorch/pytorch#49081.
    """
    kernel, nodes = facts.kernel_driver, facts.device_nodes
    if kernel.error or nodes.error:
        error = kernel.error or nodes.error
        yield skip(f"Not applicable: {error}.")
        return
    try:
        gpus = facts.gpus
    except Exception:  # NVML down: count nothing
        gpus = None
    expected = len(gpus.gpus) if gpus is not None and not gpus.nvml_error else 0
    if not (kernel.loaded.get("nvidia") or kernel.nvrm_version):
        yield skip("The NVIDIA kernel module is not loaded (driver.kernel says why); nvidia_uvm follows it.")
        return
    uvm = kernel.loaded.get("nvidia_uvm")
    accounts = [(role, a) for role, a in (("this user", nodes.current_user),
                                          ("the Ollama service's user", nodes.ollama_user)) if a is not None]
    missing, blocked = _node_findings(nodes, expected, accounts)
    evidence = {"nvidia_uvm_loaded": uvm, "nodes": {n.path: f"{n.mode:o} {n.uid}:{n.gid}" for n in nodes.nodes},
                "missing": missing, "accounts": [a.name for _, a in accounts]}
    if uvm is False or "/dev/nvidia-uvm" in missing:
        yield fail("nvidia_uvm is " + ("not loaded" if uvm is False else "loaded but /dev/nvidia-uvm is missing")
                   + ": CUDA programs cannot start (nvidia-smi still works)",
                   "Every CUDA program (Ollama's runner, PyTorch, vLLM) fails to initialise (CUDA error 999 / "
                   "\"CUDA unknown error\") and Ollama falls back to the CPU, while nvidia-smi, which needs only "
                   "NVML, lists the GPUs. After a suspend/resume this is the usual state.",
                   "Fix: `sudo modprobe nvidia_uvm && sudo nvidia-modprobe -u -c 0` (creates /dev/nvidia-uvm); "
                   "if it was loaded but broken after a resume: stop Ollama, `sudo rmmod nvidia_uvm && sudo "
                   "modprobe nvidia_uvm`, start Ollama.",
                   evidence=evidence, manual=manual("Load nvidia_uvm and create /dev/nvidia-uvm", [
                       "sudo modprobe nvidia_uvm && sudo nvidia-modprobe -u -c 0",
                       "After a suspend/resume with it loaded: sudo systemctl stop ollama; sudo rmmod nvidia_uvm && "
                       "sudo modprobe nvidia_uvm; sudo systemctl start ollama",
                       "To load it at every boot: echo nvidia_uvm | sudo tee /etc/modules-load.d/nvidia-uvm.conf"]))
    elif missing:
        yield fail(f"Device files missing: {', '.join(missing)}",
                   "CUDA opens these; `sudo nvidia-modprobe -c 0 -u` (and -c N for each GPU) creates them.",
                   evidence=evidence)
    else:
        state = ("nvidia_uvm is loaded and" if uvm else
                 "/proc/modules was unreadable, so whether nvidia_uvm is loaded is not known;")
        yield ok(f"{state} /dev/nvidiactl, /dev/nvidia-uvm and {expected or 'the'} GPU device files exist",
                 evidence=evidence)
    if blocked:
        yield fail(blocked[0][0].upper() + blocked[0][1:], *blocked[1:],
                   "CUDA then fails to start for that user (Ollama falls back to the CPU) although nvidia-smi, "
                   "run by root or another user, shows the GPUs.",
                   "Add the user to the group owning the device files (`sudo usermod -aG <group> <user>`), or set "
                   "the driver's device file mode (NVreg_DeviceFileMode, NVreg_DeviceFileGID in /etc/modprobe.d).",
                   evidence=evidence)
    yield from _suspend_findings(kernel, nodes)
    yield from _ordering_findings(nodes)


def _suspend_findings(kernel, nodes):
    preserve = kernel.params.get("PreserveVideoMemoryAllocations")
    enabled = set(nodes.suspend_units_enabled)
    evidence = {"PreserveVideoMemoryAllocations": preserve, "installed": list(nodes.suspend_units_installed),
                "enabled": sorted(enabled)}
    if preserve == "1" and not {"nvidia-suspend.service", "nvidia-resume.service"} <= enabled:
        yield warn("NVreg_PreserveVideoMemoryAllocations=1 is set but nvidia-suspend/nvidia-resume are not enabled",
                   "With the parameter set, NVIDIA's driver expects these units to save and restore video memory "
                   "around a suspend; without them the suspend fails or the GPU comes back unusable.",
                   "`sudo systemctl enable nvidia-suspend.service nvidia-resume.service nvidia-hibernate.service`.",
                   evidence=evidence)
    elif nodes.suspend_units_installed and preserve not in (None, "1"):
        yield ok("The NVIDIA suspend units are installed; video memory is not preserved across suspend "
                 "(NVreg_PreserveVideoMemoryAllocations=0)",
                 "If CUDA (Ollama) stops working after a resume, setting `options nvidia "
                 "NVreg_PreserveVideoMemoryAllocations=1` in /etc/modprobe.d and enabling nvidia-suspend/-resume is "
                 "NVIDIA's documented way to keep it (then rebuild the initramfs and reboot).", evidence=evidence)


def _ordering_findings(nodes):
    unit = nodes.ollama_unit
    if unit is None:
        return
    ready = {"nvidia-persistenced.service", "systemd-modules-load.service", "systemd-udev-settle.service"}
    evidence = {"unit": unit.path, "after": list(unit.after), "user": unit.user}
    if not ready & set(unit.after):
        yield ok(f"{unit.name} is not ordered after the NVIDIA driver (After={' '.join(unit.after) or 'nothing'})",
                 "Ollama looks for GPUs once, at start-up. If it can start before the nvidia modules and device files "
                 "exist (early boot, a driver loaded on demand), it runs on the CPU until restarted. If `journalctl -u "
                 "ollama -b` shows no GPU at boot but a restart finds them, add `After=nvidia-persistenced.service` "
                 "(with nvidia-persistenced enabled) via `sudo systemctl edit ollama.service`.", evidence=evidence)
