"""GPU inventory: which NVIDIA GPUs the driver sees."""

from __future__ import annotations

from gpudoctor.model import Action, NotSeen, check, fail, ok, skip, unknown, warn
from gpudoctor.probes.env import resolve_visible_devices
from gpudoctor.probes.gpus import NOT_RECORDED

from .nvml_status import NO_GPU_ATTACHED, explain_nvml_error, no_gpu_attached_advice, nvml_error_action
from .p2p import describe_cuda_error
from .wsl_gpu import linux_driver_pieces

# NVML calls that identify a GPU; any of them failing means the GPU itself is in trouble.
_IDENTITY_CALLS = ("nvmlDeviceGetName", "nvmlDeviceGetUUID", "nvmlDeviceGetPciInfo", "nvmlDeviceGetMemoryInfo")


def _gpu_line(gpu) -> str:
    memory = f"{gpu.memory_mib} MiB" if gpu.memory_mib is not None else "memory unknown"
    return f"GPU {gpu.index}: {gpu.name}, {memory}, bus {gpu.bus_id or '?'}, {gpu.uuid or 'no UUID'}" + _load_text(gpu)


def _load_text(gpu) -> str:
    """What else the GPU was doing when asked: NVML's processes (name, pid, memory), load, clock slowdowns."""
    load, parts = gpu.load, []
    if load.utilization_percent is not None:
        parts.append(f"{load.utilization_percent} % busy")
    if load.processes:
        parts.append("running " + ", ".join(p.label for p in load.processes))
    elif load.processes is not None:
        parts.append("no other process")
    if load.slowdowns:
        parts.append("clocks held down: " + ", ".join(load.slowdowns))
    return f"; {'; '.join(parts)}" if parts else ""


def _load_evidence(gpu) -> dict:
    load = gpu.load
    return {"utilization_percent": load.utilization_percent, "clock_event_reasons": load.clock_event_reasons,
            "processes": None if load.processes is None else [
                {"pid": p.pid, "name": p.name, "used_memory_mib": p.used_memory_mib, "kind": p.kind}
                for p in load.processes]}


def _unreadable(gpus):
    not_recorded = [gpu for gpu in gpus if NOT_RECORDED in _identity_errors(gpu).values()]
    if not_recorded:  # a paste that lists the GPUs without their details (`nvidia-smi -L`, `topo -m`)
        yield unknown(NotSeen(f"the name, memory and bus id of {_listed(not_recorded)} were not recorded",
                              "nvidia-smi"), "each GPU's details")
    for gpu in gpus:
        errors = _identity_errors(gpu)
        if not errors or gpu in not_recorded:
            continue
        summary, details = explain_nvml_error(sorted(set(errors.values()))[0])
        yield warn(f"GPU {gpu.index} could not be read completely: {summary}", *details,
                   evidence={"gpu": gpu.index, "nvml_errors": errors})


def _identity_errors(gpu) -> dict[str, str]:
    return {call: gpu.errors[call] for call in _IDENTITY_CALLS if call in gpu.errors}


def _listed(gpus) -> str:
    return ", ".join(f"GPU {gpu.index}" for gpu in gpus)


def _mixed(gpus):
    models = {(g.name, g.memory_mib) for g in gpus if g.memory_mib is not None}  # unknown memory: a cut paste
    if len(models) < 2:
        return
    smallest = min((g for g in gpus if g.memory_mib), key=lambda g: g.memory_mib, default=None)
    yield warn(
        "The GPUs differ: " + ", ".join(f"GPU {g.index} {g.name} ({g.memory_mib} MiB)" for g in gpus),
        "That works, with consequences: Ollama splits a model's layers across GPUs in proportion to their "
        "free VRAM, so the larger card holds more layers and the slower card sets the pace of its share.",
        "Tensor-parallel frameworks (vLLM, TensorRT-LLM, PyTorch tensor parallelism) give every GPU an equal "
        "share, so the smallest and slowest card limits all of them"
        + (f" (here GPU {smallest.index}, {smallest.memory_mib} MiB)." if smallest else "."),
        "CUDA numbers different GPUs fastest first, not like nvidia-smi, unless CUDA_DEVICE_ORDER=PCI_BUS_ID "
        "(see env.gpu).",
        evidence={"models": sorted({f"{name} ({mib} MiB)" for name, mib in models})},
    )


def _in_container(facts) -> bool:
    """Whether gpudoctor ran in a container; where that was not seen (a paste), it only adds to a verdict."""
    container = facts.seen("container")
    return bool(container and container.in_container)


def _hidden_from_cuda(facts, gpus):
    env = facts.seen("gpu_env")  # the variables only explain what CUDA hides; without them CUDA's own view stands
    value, cuda = env.get("CUDA_VISIBLE_DEVICES") if env else None, facts.cuda
    if cuda.not_seen and value is None:
        yield unknown(cuda.not_seen, "whether CUDA sees these GPUs")
        return
    hidden = _hidden_gpus(gpus, cuda, env, value)
    if hidden is None:
        yield skip(f"Whether CUDA sees these GPUs could not be checked: {describe_cuda_error(cuda.error)}",
                   evidence={"cuda_error": cuda.error})
        return
    if not hidden:
        return
    names = ", ".join(f"GPU {g.index} ({g.name})" for g in hidden)
    evidence = {"hidden": [g.index for g in hidden], "CUDA_VISIBLE_DEVICES": value,
                "cuda_sees": [d.pci_bus_id for d in cuda.devices] if cuda.available else None}
    if value is not None:
        yield warn(f"{names} {'is' if len(hidden) == 1 else 'are'} hidden from CUDA programs by "
                   f"CUDA_VISIBLE_DEVICES={value}",
                   "NVML (and nvidia-smi) still list it, but Ollama, PyTorch and every CUDA program started from "
                   "this shell will not use it. env.gpu explains the value and how to remove it.",
                   evidence=evidence)
        return
    yield warn(f"The CUDA driver does not see {names}, although NVML does",
               "CUDA_VISIBLE_DEVICES is not set, so something else keeps CUDA from the GPU: a GPU in an error "
               "state (dmesg shows Xid errors), MIG mode enabled on it, or a container that passes in only "
               "some GPUs' device files.", evidence=evidence)


def _hidden_gpus(gpus, cuda, env, value) -> list | None:
    """The GPUs NVML lists that CUDA does not see: from CUDA's own list where it started, else from
    CUDA_VISIBLE_DEVICES; None when neither can tell."""
    if cuda.available:  # a GPU whose bus id NVML could not read cannot be matched: _unreadable reports it
        return [g for g in gpus if g.bus_id and cuda.by_bus_id(g.bus_id) is None]
    if value is not None:
        order_known = env.get("CUDA_DEVICE_ORDER") == "PCI_BUS_ID" or len({g.name for g in gpus}) == 1
        resolved = resolve_visible_devices(value, gpus, index_order_known=order_known)
        return [g for g in gpus if g.index in resolved.hidden]
    if (cuda.error or "").startswith("CUDA_ERROR_NO_DEVICE"):
        return list(gpus)
    return None


@check("gpu.count", title="NVIDIA GPUs visible to the driver",
       needs=("gpus", "gpu_env", "cuda", "container", "wsl", "nvidia_presence"))
def gpu_count(facts):
    """Lists the NVIDIA GPUs that the driver (through NVML) sees, with name, memory and PCI bus id.

    Fails when NVML cannot be used at all (no driver, the kernel module not loaded, a
    driver/library version mismatch after an upgrade) or when it sees no GPU. NVML ignores
    CUDA_VISIBLE_DEVICES, so GPUs hidden from programs are listed here too: a GPU that the CUDA
    driver does not see (hidden by CUDA_VISIBLE_DEVICES, or in trouble) is a warning. GPUs that
    differ in model or memory are a warning that says what it means: Ollama splits layers in
    proportion to free VRAM, tensor-parallel frameworks are limited by the smallest card.
    A GPU NVML cannot read (GPU is lost, ...) is a warning with NVML's reason. Inside WSL the
    failure names its cause: WSL 1, or the Linux NVIDIA packages or stray libraries wsl.gpu found.
    Each GPU's line (under -v) says what else it was doing when asked: NVML's running compute and
    graphics processes (name as NVML gives it, pid, memory; never a command line), its utilisation
    and clocks held down (power cap, thermal or hardware slowdown); the --deep checks name them
    when they explain a slow figure. With no driver, the root cause is driver.version's.
    Where the PCI bus shows no NVIDIA device and there is no /dev/nvidia*, the verdict is that no GPU
    is attached (not that a driver is missing), and driver.version leaves the matter to this check.
    A driver that lists no GPU is asked of Windows inside WSL 2, of the container's start inside a container, and of
    the slot and the kernel log elsewhere.
    A team's config file may set `expected_gpus`: another count fails (README, Team policy).
    """
    inventory = facts.gpus
    if facts.nvidia_presence.no_gpu_attached and not inventory.gpus:
        yield _no_gpu_attached(facts, inventory)
        return
    cannot_list = _cannot_list(facts, inventory)
    if cannot_list is not None:
        yield cannot_list
        return
    gpus = inventory.gpus
    evidence = {"count": len(gpus), "gpus": [
        {"index": g.index, "name": g.name, "memory_mib": g.memory_mib, "bus_id": g.bus_id, "uuid": g.uuid,
         "load": _load_evidence(g)}
        for g in gpus
    ]}
    if not gpus:
        yield _driver_sees_no_gpu(facts, evidence)
        return
    yield _count_against_policy(gpus, facts.options.policy, evidence)
    yield from _unreadable(gpus)
    yield from _mixed(gpus)
    yield from _hidden_from_cuda(facts, gpus)


def _driver_sees_no_gpu(facts, evidence):
    """NVML started and counted no GPU ("No devices were found"): where to look depends on where it ran."""
    if facts.platform.kind == "wsl":
        # WSL 2's NVML asks the Windows driver through /dev/dxg; the PCI bus inside WSL holds no NVIDIA device.
        return fail("WSL's GPU driver (the Windows NVIDIA driver, reached through /dev/dxg) answers but lists no GPU.",
                    "`lspci` inside WSL cannot tell: run `nvidia-smi` in Windows PowerShell. If Windows lists the "
                    "GPU, update the Windows NVIDIA driver, run `wsl --update`, then `wsl --shutdown` and open WSL "
                    "again; a data-center GPU in TCC mode reaches WSL only in WDDM mode.", evidence=evidence)
    if _in_container(facts):
        return fail("The NVIDIA driver answers inside this container but lists no GPU: most often the container "
                    "was started without any.",
                    "Start it with `--gpus all` (Docker), `--device nvidia.com/gpu=all` (CDI, Podman) or a "
                    "`nvidia.com/gpu` limit (Kubernetes); `nvidia-smi` on the host shows what the machine sees.",
                    evidence=evidence)
    return fail("The NVIDIA driver is loaded but sees no GPU.",
                "Check that the card is seated and powered, and that it appears in `lspci -d 10de:`; `sudo dmesg | "
                "grep -i nvrm` says why the driver did not take it (RmInitAdapter, an unsupported GPU).",
                evidence=evidence)


def _no_gpu_attached(facts, inventory):
    virtual, in_container = facts.platform.is_virtual_machine, _in_container(facts)
    where = "container" if in_container else "vm" if virtual else "machine"
    return fail(NO_GPU_ATTACHED, *no_gpu_attached_advice(virtual, in_container),
                evidence={"no_gpu_attached": True, "where": where, "pci_nvidia_devices": [], "dev_nvidia": [],
                          "nvml_error": inventory.nvml_error or inventory.count_error},
                action=Action.CONFIGURE)


def _cannot_list(facts, inventory):
    """The finding where NVML cannot list the GPUs (or the list was not recorded); None when it listed them."""
    platform = facts.platform
    where = {"platform": platform.kind, "in_container": _in_container(facts),
             "wsl_version": platform.wsl_version, "linux_pieces": linux_driver_pieces(facts.seen("wsl"))}
    if inventory.nvml_error:
        # One cause, told once where it is fixed: on Linux driver.version (the same explanation), in a
        # container container.gpus, in WSL 1 wsl.feature (no GPU at all), in WSL 2 wsl.gpu (what keeps
        # NVML from the Windows driver).
        wsl_root = "wsl.feature" if platform.wsl_version == 1 else "wsl.gpu"
        root = ("container.gpus" if where["in_container"] else
                {"linux": "driver.version", "wsl": wsl_root}.get(platform.kind))
        summary, details = explain_nvml_error(inventory.nvml_error, **where)
        return fail(summary, *details, evidence={"nvml_error": inventory.nvml_error}, caused_by=root)
    if inventory.list_not_seen:
        return unknown(inventory.list_not_seen)
    if inventory.count_error:
        summary, details = explain_nvml_error(inventory.count_error, **where)
        return fail(summary, *details, evidence={"nvml_error": inventory.count_error},
                    action=nvml_error_action(inventory.count_error))
    return None


def _headline(gpus) -> str:
    """"2 × NVIDIA H100 80GB HBM3, 81559 MiB each" for GPUs of one model, else each GPU's name."""
    names = sorted({g.name for g in gpus})
    if len(names) > 1:
        return ", ".join(f"{g.name}" for g in gpus)
    mib = {g.memory_mib for g in gpus}
    each = f", {mib.pop()} MiB each" if len(mib) == 1 and None not in mib and len(gpus) > 1 else ""
    return f"{len(gpus)} × {names[0]}{each}"


def _count_against_policy(gpus, policy, evidence):
    """The count, with every GPU's line; a failure where a team's policy expects another count."""
    headline, expected = _headline(gpus), policy.expected_gpus
    plural = "s" if len(gpus) != 1 else ""
    if expected is not None and len(gpus) != expected:
        return fail(f"{len(gpus)} GPU{plural} where this team's policy expects {expected}: {headline}",
                    *(_gpu_line(g) for g in gpus),
                    f"The expected count comes from {policy.source}. A GPU missing from NVML's list "
                    "has usually fallen off the bus (gpu.errors shows Xid 79 if so), lost power or is not seated; "
                    "after a reboot `lspci -d 10de:` shows whether the machine sees it at all.",
                    evidence={**evidence, "expected": expected},
                    action=Action.RESEAT_OR_INSPECT_HARDWARE if len(gpus) < expected else Action.CONFIGURE)
    as_expected = " as this team's policy expects" if expected is not None else ""
    return ok(f"{len(gpus)} GPU{plural}: {headline}{as_expected}", *(_gpu_line(g) for g in gpus), evidence=evidence)
