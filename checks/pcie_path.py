"""PCIe path: every bridge between a GPU and the CPU, each link judged against what it can do and
against what the GPU needs."""

from __future__ import annotations

from gpudoctor.model import check, ok, skip, unknown, warn
from gpudoctor.knowledge.performance import pcie_gbps
from gpudoctor.probes.pcie import PCI_DEVICES

from .nvml_status import no_gpu_to_judge

# As pcie.link: an idle GPU drops its link, and the ports above it follow, to Gen1; a speed below
# the maximum is only a fault while the GPU is busy.
BUSY_UTILIZATION_PERCENT = 50


def _role(position: int) -> str:
    """Where a bridge sits: the first above the host bridge is a root port; below it, switch ports
    come in pairs (upstream, then downstream), the last one holding the GPU's slot."""
    if position == 0:
        return "root port"
    return "switch upstream port" if position % 2 == 1 else "switch downstream port"


def _hop_evidence(bridge, position: int) -> dict:
    link = bridge.link
    return {"bus_id": bridge.bus_id, "role": _role(position), "device": bridge.device_id,
            "current_link_speed": link.current_speed, "current_link_width": link.current_width,
            "max_link_speed": link.max_speed, "max_link_width": link.max_width}


def _gpu_needs(gpu, sysfs_link) -> tuple[int | None, int | None]:
    """The generation and width the GPU itself can use: its own capability, not its slot's."""
    generation = gpu.pcie.gpu_max_generation or gpu.pcie.max_generation
    widths = [w for w in (gpu.pcie.max_width, sysfs_link.max_width if sysfs_link else None) if w]
    return generation, max(widths) if widths else None


def _name(bridge, position: int) -> str:
    device = f", {bridge.device_id}" if bridge.device_id else ""
    return f"{_role(position)} {bridge.bus_id}{device}"


def _hop_problems(gpu, bridge, needs_gen, needs_width, busy):
    """What is wrong with one hop, as sentences: narrower or slower than itself, or than the GPU."""
    link = bridge.link
    problems = []
    if link.current_width and link.max_width and link.current_width < link.max_width:
        problems.append(f"trained at x{link.current_width} of its x{link.max_width}")
    elif link.max_width and needs_width and link.max_width < needs_width:
        problems.append(f"x{link.max_width} wide at most, where the GPU has x{needs_width}")
    if link.max_generation and needs_gen and link.max_generation < needs_gen:
        problems.append(f"PCIe Gen{link.max_generation} at most, where the GPU supports Gen{needs_gen}")
    elif busy and link.current_generation and link.max_generation and link.current_generation < link.max_generation:
        problems.append(f"at Gen{link.current_generation} of its Gen{link.max_generation} "
                        f"while the GPU is {gpu.utilization_percent}% busy")
    return problems


def _hop_rate(bridge, needs_gen, busy) -> float | None:
    """GB/s per direction this hop can carry: its width now, and its best generation (or its speed
    now, while the GPU is busy)."""
    link = bridge.link
    generation = link.current_generation if busy else link.max_generation
    generation = min(g for g in (generation, needs_gen) if g) if (generation or needs_gen) else None
    return pcie_gbps(generation, link.current_width or link.max_width)


def _gpu_path(gpu, function, sysfs_link):
    bridges = [b for b in function.bridges if b.link.known]
    evidence = {"gpu": gpu.index, "bus_id": function.bus_id,
                "hops": [_hop_evidence(b, i) for i, b in enumerate(function.bridges)]}
    if not function.bridges:
        yield skip(f"GPU {gpu.index}: no bridge between it and the host bridge is visible ({function.bus_id} sits on "
                   "the root bus, as in a virtual machine whose hypervisor hides the physical path); only its own "
                   "link can be judged (pcie.link).", evidence=evidence)
        return
    if not bridges:
        yield skip(f"GPU {gpu.index}: the links of the bridges above it could not be read "
                   f"({PCI_DEVICES}/<bridge>/current_link_width).", evidence=evidence)
        return
    needs_gen, needs_width = _gpu_needs(gpu, sysfs_link)
    busy = (gpu.utilization_percent or 0) >= BUSY_UTILIZATION_PERCENT
    gpu_rate = pcie_gbps(needs_gen, needs_width)
    evidence = {**evidence, "gpu_max_generation": needs_gen, "gpu_max_width": needs_width, "busy": busy,
                "gpu_gbps": gpu_rate}
    worst = None  # (rate, position, bridge, problems) of the narrowest hop with a problem
    for position, bridge in enumerate(function.bridges):
        if not bridge.link.known:
            continue
        problems = _hop_problems(gpu, bridge, needs_gen, needs_width, busy)
        rate = _hop_rate(bridge, needs_gen, busy)
        if problems and (worst is None or (rate or 0) < (worst[0] or 0)):
            worst = (rate, position, bridge, problems)
    if worst is None:
        count = len(bridges)
        yield ok(f"GPU {gpu.index}: all {count} bridge{'s' if count != 1 else ''} up to the CPU carry its "
                 f"Gen{needs_gen} x{needs_width}", *(_hop_line(b, i)
                                                     for i, b in enumerate(function.bridges)),
                 evidence=evidence)
        return
    rate, position, bridge, problems = worst
    share = f" ({rate:.1f} of the GPU's {gpu_rate:.1f} GB/s per direction)" if rate and gpu_rate else ""
    yield warn(f"GPU {gpu.index} ({gpu.name}) is held back by the {_name(bridge, position)}: "
               f"{'; '.join(problems)}{share}",
               *(_hop_line(b, i) for i, b in enumerate(function.bridges)),
               "Every transfer between this GPU and the CPU (loading a model, NCCL over PCIe, host copies) passes "
               "this link. Usual causes: a slot fed by the chipset through an x4 uplink, a PCIe switch or riser "
               "that trained narrower or slower (reseat it, try another cable or slot), or a BIOS setting that "
               "forces a lower generation.",
               evidence={**evidence, "limiting_hop": bridge.bus_id, "limiting_gbps": rate})


def _hop_line(bridge, position: int) -> str:
    link = bridge.link
    if not link.known:
        return f"{_name(bridge, position)}: link not readable"
    return (f"{_name(bridge, position)}: {link.current_speed or '?'} x{link.current_width or '?'} now, "
            f"{link.max_speed or '?'} x{link.max_width or '?'} at most")


@check("pcie.path", title="Every PCIe hop between each GPU and the CPU", needs=("gpus", "pci_topology", "pcie_sysfs"),
       platforms=("linux",))
def pcie_path(facts):
    """Walks every bridge from each GPU up to its root port (sysfs current_link_speed/width and
    max_link_speed/width of each, what `lspci -vvv` prints as LnkSta and LnkCap) and names the hop that
    limits the GPU: one that trained narrower or slower than it can (a riser at x8 of x16), or one whose
    best is below what the GPU can use (a chipset slot behind an x4 uplink, a switch limited to Gen3).
    pcie.link judges the GPU's own link; this check judges the rest of the path. A hop's speed is only
    judged while the GPU is busy: idle, the links drop to Gen1 to save power. Inside a virtual machine the
    GPU usually sits on the root bus with no bridge visible: then there is nothing to judge here."""
    inventory, topology = facts.gpus, facts.pci_topology
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    if topology.not_seen:
        yield unknown(topology.not_seen, "the PCIe path of each GPU")
        return
    if topology.error:
        yield skip(f"The PCI topology could not be read ({topology.error}).", evidence={"error": topology.error})
        return
    for gpu in inventory.gpus:
        function = topology.by_bus_id(gpu.bus_id)
        if function is None:
            yield skip(f"GPU {gpu.index}: {PCI_DEVICES} has no function at {gpu.bus_id}.")
            continue
        yield from _gpu_path(gpu, function, facts.pcie_sysfs.by_bus_id(gpu.bus_id))
