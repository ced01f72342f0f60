"""NVLink health: the links a GPU should have against those up, and their error counters."""

from __future__ import annotations

from gpudoctor.model import Action, check, fail, ok, skip, unknown, warn
from gpudoctor.knowledge.nvlink_models import expected_nvlinks

from .nvml_status import no_gpu_to_judge


def _expected(gpu, health) -> tuple[int | None, str]:
    table = expected_nvlinks(gpu.name)
    if table is not None:
        return table, "gpudoctor's table of SXM GPUs (gpudoctor/knowledge/nvlink_models.py)"
    counted = (health.counters or {}).get("nvlink_link_count") if health else None
    if counted and gpu.active_nvlinks:  # a PCIe card counts its links whether or not a bridge is fitted
        return counted, "NVML (NVML_FI_DEV_NVLINK_LINK_COUNT)"
    return None, ""


def _error_totals(gpu) -> dict[str, int]:
    totals: dict[str, int] = {}
    for link in gpu.active_nvlinks:
        for name, count in (link.errors or {}).items():
            totals[name] = totals.get(name, 0) + count
    return totals


def _links_with_errors(gpu) -> list[str]:
    return [f"link {link.link}: " + ", ".join(f"{name} {count}" for name, count in sorted(link.errors.items()) if count)
            for link in gpu.active_nvlinks if link.errors and any(link.errors.values())]


def _gpu_findings(gpu, health):
    active = len(gpu.active_nvlinks)
    expected, source = _expected(gpu, health)
    totals = _error_totals(gpu)
    evidence = {"gpu": gpu.index, "name": gpu.name, "active": active, "expected": expected,
                "expected_from": source or None, "errors": totals or None,
                "links_with_errors": _links_with_errors(gpu) or None}
    if expected and active < expected:
        down = sorted(link.link for link in gpu.nvlinks if not link.active)
        yield warn(f"GPU {gpu.index} ({gpu.name}): {active} of its {expected} NVLinks are up",
                   f"Links down: {', '.join(map(str, down)) or 'not listed by NVML'} (expected count from {source}).",
                   "Every link down takes its share of the GPU-to-GPU bandwidth; on an HGX/DGX board a link down "
                   "after a reset is often recovered by resetting the GPUs (idle) or rebooting; one that stays "
                   "down is the baseboard, the NVSwitch or the GPU module.",
                   evidence=evidence, action=Action.RESET_GPU)
    if totals.get("recovery"):
        yield warn(f"GPU {gpu.index} ({gpu.name}): NVLink recovered from {totals['recovery']} link failure"
                   f"{'s' if totals['recovery'] != 1 else ''} since the driver loaded",
                   *_links_with_errors(gpu),
                   "A recovery is a link that went down and was retrained. Reset the GPUs when idle; a link that "
                   "keeps recovering is a hardware fault (the module's seating, the baseboard).",
                   evidence=evidence, action=Action.RESET_GPU)
    elif totals.get("replay") or totals.get("crc"):
        yield warn(f"GPU {gpu.index} ({gpu.name}): NVLink error counters are not zero: "
                   + ", ".join(f"{name} {totals[name]}" for name in ("replay", "crc") if totals.get(name)),
                   *_links_with_errors(gpu),
                   "CRC errors are packets that arrived damaged, replays the packets sent again: a marginal link. "
                   "The counters hold since the driver loaded; a count that grows between runs "
                   "(`gpudoctor check` keeps a history) is a link to reseat or have inspected.",
                   evidence=evidence)


def _fabric_findings(inventory, health):
    """NVSwitch systems: each GPU registers with the fabric Fabric Manager sets up; CUDA fails with error 802
    ("system not yet initialized") until the state is Completed."""
    for gpu in inventory.gpus:
        h = health.of(gpu.index)
        if h is None or h.fabric_state in (None, "Not Supported"):
            continue
        evidence = {"gpu": gpu.index, "fabric_state": h.fabric_state, "fabric_status": h.fabric_status}
        if h.fabric_state == "Completed" and h.fabric_status not in (None, "Success"):
            yield fail(f"GPU {gpu.index} ({gpu.name}): its NVSwitch fabric registration failed ({h.fabric_status})",
                       "CUDA cannot use this GPU's NVLinks. Reset the GPU (or reboot) so that it registers again; "
                       "`nvidia-smi -q` shows the same under Fabric / Status, and the Fabric Manager log "
                       "(/var/log/fabricmanager.log) says why.", evidence=evidence, action=Action.RESET_GPU)
        elif h.fabric_state != "Completed":
            yield fail(f"GPU {gpu.index} ({gpu.name}): the NVSwitch fabric is {h.fabric_state.lower()}, not completed",
                       "Until Fabric Manager has set up the fabric, CUDA programs fail with error 802 (system not yet "
                       "initialized). Start nvidia-fabricmanager (`systemctl status nvidia-fabricmanager`); its "
                       "version must equal the driver's. In a VM with NVSwitch GPUs it runs in the host or service VM.",
                       evidence=evidence, action=Action.CONFIGURE)


@check("gpu.nvlink", title="NVLink: links up and their error counters", needs=("gpus", "gpu_health"),
       platforms=("linux", "wsl", "windows"))
def gpu_nvlink(facts):
    """Compares the NVLinks each GPU has with those up, and reads each active link's error counters
    (nvmlDeviceGetNvLinkErrorCounter: replay, recovery and CRC, the three `nvidia-smi nvlink -e`
    prints). The links expected come from a table of SXM GPUs (every link of an SXM module is wired:
    H100/H200/B200 18, A100 12, V100 6) or, for a GPU with links up, from NVML's own link count. A link
    down or a recovery says reset-gpu; CRC and replay counts say reseat or inspect. On NVSwitch systems
    (HGX/DGX) each GPU's fabric registration (nvmlDeviceGetGpuFabricInfo, `nvidia-smi -q` Fabric / State)
    must be Completed: before that, Fabric Manager has not set up the fabric and CUDA fails with error 802. The counters count
    since the driver loaded; growth between runs is what the error history tells. The data-CRC counter
    (NVML_NVLINK_ERROR_DL_CRC_DATA) is not judged: on the lent two-H100 host it counted hundreds on
    healthy links while nvidia-smi reported no CRC error."""
    inventory, health = facts.gpus, facts.seen("gpu_health")  # its counters add; the links up are the inventory's
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    not_seen = [gpu for gpu in inventory.gpus if gpu.nvlinks_not_seen]
    if not_seen:  # the links of these GPUs are unknown: neither "no NVLink" nor "all up" can be said of them
        yield unknown(not_seen[0].nvlinks_not_seen, ", ".join(f"GPU {gpu.index}" for gpu in not_seen))
        if len(not_seen) == len(inventory.gpus):
            return
    with_links = [gpu for gpu in inventory.gpus if gpu.nvlinks]
    problems = [*(_fabric_findings(inventory, health) if health else ()),
                *(f for gpu in with_links for f in _gpu_findings(gpu, _health_of(health, gpu)))]
    yield from problems
    if problems:
        return
    if not with_links:
        yield skip("No GPU here has NVLink (NVML lists no link): nothing to judge.",
                   evidence={"gpus": [g.index for g in inventory.gpus]})
        return
    yield _all_up(with_links, health)


def _health_of(health, gpu):
    """The GPU's health record, where the health fact was seen at all."""
    return health.of(gpu.index) if health else None


def _all_up(with_links, health):
    counted = all(link.errors is not None for gpu in with_links for link in gpu.active_nvlinks)
    return ok("Every NVLink expected is up" + (", with no replay, recovery or CRC error" if counted
                                                else " (error counters not recorded here)"),
              *(_healthy_line(gpu, _health_of(health, gpu)) for gpu in with_links),
              evidence={"gpus": [g.index for g in with_links], "counters_read": counted})


def _healthy_line(gpu, health) -> str:
    expected, _ = _expected(gpu, health)
    fabric = f"; NVSwitch fabric {health.fabric_state} ({health.fabric_status})" \
        if health is not None and health.fabric_state not in (None, "Not Supported") else ""
    return f"GPU {gpu.index}: {len(gpu.active_nvlinks)} NVLinks up" + (f" of {expected}" if expected else "") + fabric
