"""Xid and PCIe AER errors in the kernel log, per GPU, with what each kind of error means."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from gpudoctor.knowledge.signatures.kernel_events import (FALLEN_OFF_THE_BUS, GPU_ERROR_EVENTS, PCIE_BUS_ERROR,
                                                          PCIE_BUS_ERROR_PATTERN, XID_EVENT)
from gpudoctor.knowledge.xid_catalog import describe
from gpudoctor.model import Action, NotSeen, check, fail, ok, skip, unknown, warn
from gpudoctor.probes.container import container_label
from gpudoctor.probes.gpus import normalize_bus_id
from gpudoctor.lazy_regex import lazy_compile

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import CompiledCatalogue, SignatureMatch

# The PCIe bus error row's pattern, for gpu.history's count of one line at a time (bus id, severity).
AER = lazy_compile(PCIE_BUS_ERROR_PATTERN)
# More corrected errors than this in one boot is a storm: a link that keeps failing its CRC checks.
AER_STORM = 20
# The kernel rate-limits AER messages (drivers/pci/pcie/aer.c uses the default ratelimit, 10 per
# 5 s per device), so the log understates a flood: this many within one second is a storm too.
AER_BURST, AER_BURST_WINDOW_S = 3, 1.0
TIMESTAMP = lazy_compile(r"\[\s*(\d+\.\d+)\]")
AER_COUNTER_LIMIT = 100  # sysfs TOTAL_ERR_COR since boot above this is worth a warning


def gpu_of(bus: str, topology, gpus) -> str | None:
    """The GPU a bus id belongs to: the GPU itself (Xid lines drop the function) or a bridge above it."""
    wanted = normalize_bus_id(bus)
    for function in topology.functions if topology and not topology.error else ():
        if function.bus_id.startswith(wanted) or wanted == function.bus_id or wanted in function.path:
            gpu = gpus.by_bus_id(function.bus_id) if gpus is not None else None
            return f"GPU {gpu.index} ({function.bus_id})" if gpu else f"GPU at {function.bus_id}"
    if gpus is not None:
        for gpu in gpus.gpus:
            if gpu.bus_id and normalize_bus_id(gpu.bus_id).startswith(wanted):
                return f"GPU {gpu.index} ({normalize_bus_id(gpu.bus_id)})"
    return None


@cache
def _event_rows() -> CompiledCatalogue:
    from gpudoctor.knowledge.matcher import CompiledCatalogue  # the matcher only where a kernel log is read

    return CompiledCatalogue(GPU_ERROR_EVENTS)


def _events(boot) -> list[tuple[SignatureMatch, str]]:
    """(the event, the kernel log line its message starts on) for each Xid, fallen-off-the-bus and PCIe bus
    error message in the boot's lines (gpudoctor/knowledge/signatures/kernel_events.py), in order."""
    from gpudoctor.knowledge.log_lines import logical_lines
    from gpudoctor.knowledge.matcher import match_lines

    lines = list(boot.lines)
    found = match_lines(logical_lines(lines), boot.source or "kernel log", table=_event_rows())
    return [(event, lines[event.line_number - 1]) for event in found]


def xid_events(boot) -> list[tuple[str, int, str]]:
    """(bus id, Xid, the line) of each Xid; a GPU named as fallen off the bus with no Xid line counts as 79."""
    events = []
    for event, line in _events(boot):
        if event.code == XID_EVENT:
            events.append((event.fields["bus_id"], int(event.fields["xid"]), line))
        elif event.code == FALLEN_OFF_THE_BUS:
            events.append((event.fields["bus_id"], 79, line.strip() + " ... fallen off the bus"))
    return events


def _xid_findings(boot, topology, gpus):
    grouped: dict[tuple[str, str], Counter] = {}
    examples: dict[tuple[str, str], str] = {}
    for bus, code, line in xid_events(boot):
        who = gpu_of(bus, topology, gpus) or f"GPU at {bus}"  # only NVIDIA's driver logs Xids
        class_name, _, _ = describe(code)
        grouped.setdefault((who, class_name), Counter())[code] += 1
        examples.setdefault((who, class_name), line.strip())
    when = "this boot" if boot.boot == "current" else "the previous boot"
    for (who, class_name), codes in grouped.items():
        _, _, xid_class = describe(next(iter(codes)))
        listed = ", ".join(f"Xid {code} ({describe(code)[1]}) ×{n}" for code, n in sorted(codes.items()))
        make = fail if xid_class.severity == "fail" else warn
        yield make(f"{who}: {xid_class.name} in {when}: {listed}",
                   f"Kernel log ({boot.source}): {examples[(who, class_name)]}",
                   xid_class.advice,
                   "Codes: NVIDIA Xid catalogue, https://docs.nvidia.com/deploy/xid-errors/index.html",
                   evidence={"boot": boot.boot, "source": boot.source, "gpu": who, "class": class_name,
                             "xids": dict(codes), "example": examples[(who, class_name)]},
                   action=Action(xid_class.action))


def _aer_findings(boot, topology, gpus):
    counts: Counter = Counter()
    examples = {}
    times: dict[tuple[str, str], list[float]] = {}
    for event, line in _events(boot):
        if event.code == PCIE_BUS_ERROR:
            key = (event.fields["bus_id"], event.fields["severity"])
            counts[key] += 1
            examples.setdefault(key, line.strip())
            stamp = TIMESTAMP.search(line)
            if stamp:
                times.setdefault(key, []).append(float(stamp.group(1)))
    when = "this boot" if boot.boot == "current" else "the previous boot"
    known = topology is not None and not topology.error  # else: which device lies below a port is unknown
    for (bus, severity), n in sorted(counts.items()):
        who = gpu_of(bus, topology, gpus)
        if who is None:
            where = f"{bus} (no GPU below it)" if known else f"{bus} (whether a GPU lies below it is unknown here)"
        elif who.endswith(f"({bus})"):
            where = who
        else:
            where = f"{bus}, the port above {who}"
        corrected = severity.lower().startswith("correct")
        if corrected and n < AER_STORM and not _burst(times.get((bus, severity), [])):
            continue
        if who is None and corrected and known:
            continue  # another device's corrected errors: not ours to judge
        make = warn if corrected else fail
        yield make(f"PCIe {severity.lower()} errors on {where}: {n} in {when}"
                   + (" (an AER storm)" if corrected else ""),
                   f"Kernel log ({boot.source}): {examples[(bus, severity)]}",
                   "Corrected errors are retried by the link itself, but a flood of them means a marginal signal: "
                   "reseat the GPU, remove or replace a riser or extension cable, try another slot, or set the slot "
                   "to a lower PCIe generation in the BIOS. Logging them can itself slow the machine."
                   if corrected else
                   "Uncorrected PCIe errors can take the GPU off the bus (Xid 79): check seating, risers and power.",
                   evidence={"boot": boot.boot, "device": bus, "severity": severity, "count": n,
                             "gpu": who, "example": examples[(bus, severity)]})


def _burst(stamps: list[float]) -> bool:
    return any(stamps[i + AER_BURST - 1] - stamps[i] <= AER_BURST_WINDOW_S for i in range(len(stamps) - AER_BURST + 1))


def _aer_counter_findings(topology, gpus):
    for function in topology.functions if not topology.error else ():
        for bus, counters in [(function.bus_id, function.aer)] + [(b.bus_id, b.aer) for b in function.bridges]:
            if not counters:
                continue
            corrected = counters.get("TOTAL_ERR_COR", 0)
            fatal = counters.get("TOTAL_ERR_FATAL", 0) + counters.get("TOTAL_ERR_NONFATAL", 0)
            who = gpu_of(function.bus_id, topology, gpus)
            if fatal or corrected > AER_COUNTER_LIMIT:
                kinds = ", ".join(f"{k} {v}" for k, v in counters.items() if v and not k.startswith("TOTAL"))
                yield warn(f"{bus} ({who}): AER counters since boot: {corrected} corrected, {fatal} uncorrected",
                           f"sysfs {bus}/aer_dev_*: {kinds}",
                           "A marginal PCIe link (riser, seating, slot): see the advice above.",
                           evidence={"device": bus, "counters": counters})


@check("gpu.errors", title="GPU errors in the kernel log (Xid, PCIe AER)",
       needs=("kernel_log", "pci_topology", "gpus", "container"), platforms=("linux",))
def gpu_errors(facts):
    """Reads the kernel log of this boot and of the previous one (dmesg, or journalctl -k -b 0 /
    -b -1; the previous boot needs a persistent journal and root or the adm/systemd-journal group)
    for NVIDIA Xid events and PCIe AER errors, and groups them per GPU by bus id (an error on a
    bridge above a GPU counts for that GPU).

    Xids are decoded with NVIDIA's Xid catalogue (gpudoctor/knowledge/xid_catalog.py): 79 fallen off the bus
    (under multi-GPU load usually the power supply: the advice is to give each GPU its own cables and
    cap clocks with `nvidia-smi -lgc` to test), 13/31/43/45 application faults, 48/63/64/92/94/95
    memory (ECC), 74 NVLink, 119/120 GSP firmware. More than 20 corrected AER errors on a GPU's
    path in one boot is an AER storm (reseat, riser, slot, lower PCIe generation); any uncorrected
    AER error fails. The per-device AER counters in sysfs (aer_dev_correctable, _nonfatal, _fatal)
    are read too. When no log can be read, the check says what to run.

    Sources: NVIDIA, "Xid Errors" (https://docs.nvidia.com/deploy/xid-errors/index.html); Linux
    Documentation/PCI/pcieaer-howto.rst and ABI/testing/sysfs-bus-pci-devices-aer;
    NVIDIA/open-gpu-kernel-modules#507.
    """
    log = facts.kernel_log
    if log.error:
        yield skip(f"No kernel log: {log.error}.")
        return
    topology = facts.pci_topology
    try:
        gpus = facts.gpus
    except Exception:  # NVML down: bus ids alone
        gpus = None
    container = container_label(facts)
    on_host = f" on the host (inside this {container} the kernel log is the host's)" if container else ""
    findings = []
    read = []
    this_boot_unknown = False
    for boot in log.boots:
        if boot.error:
            what = "this boot's" if boot.boot == "current" else "the previous boot's"
            command = "sudo dmesg" if boot.boot == "current" else "sudo journalctl -k -b -1"
            if boot.error == "not-recorded":  # a paste of one boot's log: the other was not pasted
                findings.append(unknown(NotSeen(f"{what} kernel log was not recorded", command), f"{what} GPU errors"))
                this_boot_unknown = this_boot_unknown or boot.boot == "current"
            elif boot.error == "not-found":
                findings.append(skip(f"{what.capitalize()} kernel log cannot be read here: journalctl is not "
                                     "installed (no systemd journal)." if boot.boot == "previous" else
                                     "dmesg is not installed.", evidence={"boot": boot.boot, "error": boot.error}))
            elif boot.boot == "current":  # this boot unread: unknown, whatever the previous one says
                findings.append(unknown(NotSeen(f"this boot's kernel log could not be read ({boot.error}); it needs "
                                                f"root{on_host}", command), "this boot's GPU errors"))
                this_boot_unknown = True
            elif not boot.error.startswith(("no-previous-boot", "no-journal")):
                findings.append(skip(f"Could not read {what} kernel log ({boot.error}): run `{command}`{on_host} "
                                     "(or gpudoctor as root) to see GPU errors.", evidence={"boot": boot.boot,
                                                                                            "error": boot.error}))
            continue
        read.append(f"{'this' if boot.boot == 'current' else 'previous'} boot ({boot.source}, "
                    f"{len(boot.lines)} relevant lines)")
        findings.extend(_xid_findings(boot, topology, gpus))
        findings.extend(_aer_findings(boot, topology, gpus))
    findings.extend(_aer_counter_findings(topology, gpus))
    problems = [f for f in findings if f.status.value in ("warn", "fail")]
    if not problems and read and not this_boot_unknown:
        yield ok(f"No Xid and no PCIe error storm in the kernel log: {'; '.join(read)}",
                 evidence={"read": read})
    yield from findings
