"""PCIe links: does each GPU get the lanes and the speed it was built for?"""

from __future__ import annotations

from gpudoctor.model import Status, check, ok, skip, warn
from gpudoctor.knowledge.performance import pcie_gbps
from gpudoctor.probes.pcie import PCI_DEVICES

from .nvml_status import no_gpu_to_judge


# NVIDIA GPUs drop the link to Gen1 when idle and raise it as soon as they have work; below
# this utilisation a lower generation says nothing about the slot.
BUSY_UTILIZATION_PERCENT = 50


def bandwidth(generation: int | None, width: int | None) -> float | None:
    """GB/s per direction of a link, or None when either side is unknown (gpudoctor/knowledge/performance.py)."""
    return pcie_gbps(generation, width)


def _gbs(generation: int | None, width: int | None) -> str:
    value = bandwidth(generation, width)
    return f"{value:.1f} GB/s" if value is not None else "an unknown rate"


def _evidence(gpu, sysfs_link) -> dict:
    link = gpu.pcie
    return {
        "gpu": gpu.index, "bus_id": gpu.bus_id, "generation": link.generation, "width": link.width,
        "max_generation": link.max_generation, "max_width": link.max_width,
        "gpu_max_generation": link.gpu_max_generation, "replay_counter": link.replay_counter,
        "utilization_percent": gpu.utilization_percent,
        "sysfs": None if sysfs_link is None else {
            "current_link_speed": sysfs_link.current_speed, "current_link_width": sysfs_link.current_width,
            "max_link_speed": sysfs_link.max_speed, "max_link_width": sysfs_link.max_width,
            "numa_node": sysfs_link.numa_node,
        },
        "nvml_errors": {k: v for k, v in gpu.errors.items() if "Pcie" in k},
    }


def _capable_width(gpu, sysfs_link) -> int | None:
    # NVML documents its max width as what GPU and slot allow together, yet real x8/x8 boards
    # report 16 there; sysfs max_link_width is the GPU's own Link Capabilities. Take the larger.
    widths = [w for w in (gpu.pcie.max_width, sysfs_link.max_width if sysfs_link else None) if w]
    return max(widths) if widths else None


def _width_finding(gpu, sysfs_link, evidence):
    link, capable = gpu.pcie, _capable_width(gpu, sysfs_link)
    if not (link.width and capable and link.width < capable):
        return None
    generation = link.max_generation or link.gpu_max_generation or link.generation
    lost = (bandwidth(generation, capable) or 0) - (bandwidth(generation, link.width) or 0)
    return warn(
        f"GPU {gpu.index} ({gpu.name}) runs at x{link.width} of x{capable}: {lost:.1f} GB/s per direction lost",
        f"Its link trained at {link.width} lanes although the GPU has {capable}: at PCIe Gen{generation} that is "
        f"{_gbs(generation, link.width)} instead of {_gbs(generation, capable)} each way.",
        "Usual causes: a slot wired for fewer lanes (boards often split x16 into x8/x8 when two slots are used, "
        "or feed a lower slot with x4 from the chipset), a riser or extension cable, or a card not fully seated. "
        "The board manual's slot table tells which slot gets all 16 lanes.",
        "It slows loading models onto this GPU and every GPU-to-GPU transfer that goes over PCIe.",
        evidence=evidence,
    )


def _slot_generation_finding(gpu, evidence):
    link = gpu.pcie
    if not (link.max_generation and link.gpu_max_generation and link.max_generation < link.gpu_max_generation):
        return None
    width = link.max_width or link.width
    return warn(
        f"GPU {gpu.index} ({gpu.name}) is limited to PCIe Gen{link.max_generation} by its slot; "
        f"the GPU supports Gen{link.gpu_max_generation}",
        f"At x{width} that is {_gbs(link.max_generation, width)} instead of "
        f"{_gbs(link.gpu_max_generation, width)} per direction.",
        "The slot, the CPU or chipset lanes behind it, a riser, or a BIOS setting (PCIe link speed forced to a "
        "lower generation, often done to make risers stable) sets this limit.",
        evidence=evidence,
    )


def _busy_generation_finding(gpu, evidence):
    link = gpu.pcie
    busy = (gpu.utilization_percent or 0) >= BUSY_UTILIZATION_PERCENT
    if not (busy and link.generation and link.max_generation and link.generation < link.max_generation):
        return None
    return warn(
        f"GPU {gpu.index} ({gpu.name}) runs at PCIe Gen{link.generation} while {gpu.utilization_percent}% busy; "
        f"Gen{link.max_generation} is possible",
        f"A busy GPU normally raises its link to the highest generation the slot allows: this one stays at "
        f"{_gbs(link.generation, link.width)} instead of {_gbs(link.max_generation, link.width)} per direction.",
        "A link that cannot hold the higher speed (riser, extension cable, signal problems) is the usual cause.",
        evidence=evidence,
    )


# DCGM's PCIe health watch reports "more than 8 PCIe replays per minute" (DCGM_FR_PCI_REPLAY_RATE):
# isolated replays happen on healthy links; a marginal one replays continuously.
REPLAYS_PER_MINUTE_LIMIT = 8


def _replay_finding(gpu, evidence, uptime_s):
    count = gpu.pcie.replay_counter
    if not count:
        return None
    rate = count / (uptime_s / 60) if uptime_s else None
    evidence = {**evidence, "uptime_s": uptime_s, "replays_per_minute": None if rate is None else round(rate, 3)}
    if rate is not None and rate <= REPLAYS_PER_MINUTE_LIMIT:
        return ok(f"GPU {gpu.index}: {count} PCIe replay{'s' if count != 1 else ''} since boot "
                  f"({rate:.2g} per minute), as healthy links have",
                  f"A replay is a packet re-sent after an error; NVIDIA's DCGM flags more than "
                  f"{REPLAYS_PER_MINUTE_LIMIT} per minute.", evidence=evidence)
    since = f" since boot ({rate:.1f} per minute, more than DCGM's {REPLAYS_PER_MINUTE_LIMIT})" if rate else ""
    return warn(
        f"GPU {gpu.index} ({gpu.name}): PCIe replay counter is {count}{since}",
        "Every replay is a packet that arrived damaged and was sent again: a sign of a marginal link "
        "(riser or extension cable, dirty or loose contacts, a slot far from the CPU).",
        "gpudoctor sees one sample per run and cannot tell whether it still grows: run it again later; "
        "a count that keeps rising under load deserves a reseat or a shorter path to the CPU.",
        evidence=evidence,
    )


def _healthy_finding(gpu, evidence):
    link = gpu.pcie
    if link.generation and link.max_generation and link.generation < link.max_generation:
        return ok(
            f"GPU {gpu.index}: PCIe Gen{link.generation} x{link.width} now, Gen{link.max_generation} "
            f"x{link.max_width or link.width} possible: normal power saving at idle",
            f"The GPU is {gpu.utilization_percent if gpu.utilization_percent is not None else '?'}% busy. "
            "NVIDIA GPUs lower the link speed (often to Gen1) when idle and raise it within milliseconds "
            "under load, so the generation is only judged while the GPU is busy or from what the slot allows.",
            evidence=evidence,
        )
    return ok(f"GPU {gpu.index}: PCIe Gen{link.generation} x{link.width} ({_gbs(link.generation, link.width)} "
              "per direction)", evidence=evidence)


def _gpu_findings(gpu, sysfs_link, uptime_s) -> list:
    evidence = _evidence(gpu, sysfs_link)
    link = gpu.pcie
    if link.generation is None and link.width is None:
        errors = ", ".join(sorted(set(evidence["nvml_errors"].values()))) or "no answer"
        return [skip(f"GPU {gpu.index}: NVML did not report its PCIe link ({errors}).", evidence=evidence)]
    problems = [f for f in (
        _width_finding(gpu, sysfs_link, evidence),
        _slot_generation_finding(gpu, evidence),
        _busy_generation_finding(gpu, evidence),
        _replay_finding(gpu, evidence, uptime_s),
    ) if f is not None]
    if all(f.status is Status.PASS for f in problems):  # a normal replay count is reported beside the link
        problems.insert(0, _healthy_finding(gpu, evidence))
    return problems


def _sysfs_comparison(gpu, sysfs_link) -> tuple[bool, str]:
    """Whether the kernel agrees with NVML on the lane count, and a line saying what it reports."""
    said = (f"GPU {gpu.index}: the kernel reports {sysfs_link.current_speed or '?'} x{sysfs_link.current_width or '?'} "
            f"(max {sysfs_link.max_speed or '?'} x{sysfs_link.max_width or '?'})")
    agrees = sysfs_link.current_width is None or gpu.pcie.width is None or sysfs_link.current_width == gpu.pcie.width
    return agrees, said


def _cross_check(facts, gpus):
    kind = facts.platform.kind
    sysfs = facts.pcie_sysfs
    if kind == "windows":
        yield skip("Cross-check with the operating system skipped: Windows has no sysfs; NVML's view is used.")
        return
    if sysfs.error == "not-recorded":
        yield skip("Cross-check with the Linux kernel skipped: this snapshot holds no sysfs answers.",
                   evidence={"sysfs_error": sysfs.error})
        return
    if sysfs.error:
        yield skip(f"Cross-check with the Linux kernel skipped: {PCI_DEVICES} could not be read ({sysfs.error}).",
                   evidence={"sysfs_error": sysfs.error})
        return
    if kind == "wsl" and not sysfs.links:
        yield skip("Cross-check with the Linux kernel skipped: inside WSL 2 the GPUs are no PCI devices of the Linux "
                   f"kernel (they are reached through /dev/dxg), so {PCI_DEVICES} lists no NVIDIA GPU; "
                   "NVML's view (from the Windows driver) is used.")
        return
    lines, disagreements = [], []
    for gpu in gpus:
        sysfs_link = sysfs.by_bus_id(gpu.bus_id)
        if sysfs_link is None:
            lines.append(f"GPU {gpu.index}: {PCI_DEVICES} has no NVIDIA display device at bus {gpu.bus_id}.")
            continue
        agrees, said = _sysfs_comparison(gpu, sysfs_link)
        lines.append(said)
        if not agrees:
            disagreements.append(f"GPU {gpu.index}: NVML says x{gpu.pcie.width}, the kernel x{sysfs_link.current_width}")
    if disagreements:
        yield warn("NVML and the Linux kernel disagree on the PCIe lane count: " + "; ".join(disagreements),
                   *lines, "Read both again under load; a link that changes width is retraining (signal problems).")
    else:
        yield ok("The Linux kernel (sysfs) agrees with NVML on every GPU's lane count", *lines,
                 "Link speeds can differ between the two reads while a GPU is idle: it changes speed on demand.")


@check("pcie.link", title="PCIe link width and generation", needs=("gpus", "pcie_sysfs"),
       platforms=("linux", "wsl", "windows"))
def pcie_link(facts):
    """Checks each GPU's PCIe link: lanes (x16, x8, x4) and generation (Gen1 to Gen6), from NVML,
    cross-checked on Linux with the kernel's view in /sys/bus/pci/devices/<bus>/.

    A GPU running with fewer lanes than it has (an x16 card in an x8 or x4 slot, a riser) is a
    warning that states the bandwidth lost per direction (PCI-SIG per-lane rates: Gen1 0.25,
    Gen2 0.5, Gen3 0.985, Gen4 1.969, Gen5 3.938, Gen6 7.56 GB/s). A slot that caps the
    generation below what the GPU supports is a warning too. A lower generation on an idle GPU
    is normal power saving (GPUs drop to Gen1 at idle) and is only judged when the GPU is busy.
    A non-zero PCIe replay counter (packets re-sent after errors) points at a marginal link.
    Inside WSL 2 the GPU is no PCI device of the Linux kernel, so only NVML's view is available.
    """
    inventory = facts.gpus
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    findings = []
    for gpu in inventory.gpus:
        findings.extend(_gpu_findings(gpu, facts.pcie_sysfs.by_bus_id(gpu.bus_id), facts.pcie_sysfs.uptime_s))
    if all(f.status is Status.PASS for f in findings):
        # A value NVML did not give (NOT_SUPPORTED on some boards) is None: it sorts first and reads "unknown".
        links = sorted({(g.pcie.max_generation, g.pcie.max_width or g.pcie.width) for g in inventory.gpus},
                       key=lambda link: tuple(-1 if part is None else part for part in link))
        best = ", ".join(f"Gen{gen if gen is not None else '?'} x{width if width is not None else '?'} "
                         f"({_gbs(gen, width)} per direction)" for gen, width in links)
        count = len(inventory.gpus)
        gpus = f"{count} GPU{'s' if count != 1 else ''}"
        summary = f"{gpus} with full PCIe links: {best}" if all(None not in link for link in links) else \
            f"{gpus}, no PCIe link found below what NVML says it can run (NVML did not give every maximum): {best}"
        yield ok(summary, evidence={"gpus": [f.evidence for f in findings]})
    yield from findings
    yield from _cross_check(facts, inventory.gpus)
