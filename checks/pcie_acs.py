"""PCIe ACS and the IOMMU: is peer-to-peer traffic between the GPUs redirected through the CPU?"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from gpudoctor.boot_config import kernel_parameter_steps, manual
from gpudoctor.model import check, fail, ok, skip, unknown, warn
from gpudoctor.probes.container import container_label

TRANSLATED = ("DMA", "DMA-FQ")
NCCL_GUIDE = ("https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
              "#pci-access-control-services-acs")
LSPCI_ACS = "sudo lspci -vvv | grep -E '^[0-9a-f]|ACSCtl'"


def _label(function, gpus) -> str:
    gpu = gpus.by_bus_id(function.bus_id) if gpus is not None else None
    return f"GPU {gpu.index} ({function.bus_id})" if gpu else f"the GPU at {function.bus_id}"


def _below_common(a, b):
    """The bridges on each GPU's way up to where their paths meet (all of them when they meet only
    in the root complex): these are the ports that may redirect a's requests to b. Also whether
    they meet in the root complex, where their traffic passes the IOMMU anyway."""
    common = 0
    for x, y in zip(a.path[:-1], b.path[:-1]):
        if x != y:
            break
        common += 1
    shared = set(a.path[:common])
    return [br for br in a.bridges + b.bridges if br.bus_id not in shared], common == 0


def _iommu_mode(topology) -> tuple[str, str]:
    """('translated' | 'passthrough' | 'off' | 'unknown', evidence)."""
    types = sorted({f.iommu_group_type for f in topology.functions if f.iommu_group_type})
    options = topology.cmdline_options()
    flags = " ".join(f"{k}={v}" if v else k for k, v in options.items()
                     if k in ("iommu", "intel_iommu", "amd_iommu", "iommu.passthrough", "pcie_acs_override"))
    said = f"; kernel command line: {flags}" if flags else "; no IOMMU option on the kernel command line"
    if any(t in TRANSLATED for t in types):
        return "translated", f"the GPUs' IOMMU groups are of type {'/'.join(types)}{said}"
    if types and all(t == "identity" for t in types):
        return "passthrough", f"the GPUs' IOMMU groups are of type identity{said}"
    if topology.iommu_groups_present is False or topology.iommu_units == ():
        return "off", f"no IOMMU groups in /sys/kernel/iommu_groups{said}"
    return "unknown", f"IOMMU group type unreadable{said}"


def _acs_steps(bridges: list[str], mode: str) -> dict:
    steps = [
        "In the BIOS/UEFI setup, disable PCIe ACS (AMD boards: 'ACS Enable' under AMD CBS > NBIO; Intel: 'ACS' "
        "under the PCIe or chipset settings). If you pass no device to virtual machines, you may also disable "
        "the IOMMU ('IOMMU' / 'VT-d') there.",
        "To test without a reboot (undone at the next boot), clear the ACS control register of each bridge named "
        "above: " + "; ".join(f"`sudo setpci -s {bus} ECAP_ACS+6.w=0000`" for bus in bridges) + ".",
    ]
    if mode == "translated":
        steps.append("Keep the IOMMU but let devices bypass translation with the kernel parameter `iommu=pt`:")
        steps += kernel_parameter_steps("iommu=pt")
    steps.append(f"Check: `{LSPCI_ACS}` shows ReqRedir- CmpltRedir- on those bridges; then `gpudoctor check --deep`.")
    return manual("Stop PCIe ACS from redirecting GPU peer-to-peer traffic", steps)


def _iommu_steps() -> dict:
    return manual("Let the GPUs bypass IOMMU translation (iommu=pt)", [
        "NVIDIA's NCCL troubleshooting guide: with the IOMMU translating, GPU peer-to-peer traffic goes through "
        "the CPU's root complex, which can hang or slow it; on bare metal boot with `iommu=pt`:",
        *kernel_parameter_steps("iommu=pt"),
        "Then `gpudoctor check --deep` measures P2P again.",
    ])


def _pair_finding(a, b, gpus, mode, mode_evidence, nvlinks, container=None):
    label = f"{_label(a, gpus)} and {_label(b, gpus)}"
    bridges, via_root = _below_common(a, b)
    redirecting = [br for br in bridges if br.acs and br.acs.redirecting]
    unreadable = [br for br in bridges if not br.acs_readable]
    evidence = {
        "pair": [a.bus_id, b.bus_id], "iommu_mode": mode, "meet_in_root_complex": via_root,
        "iommu_groups": [a.iommu_group, b.iommu_group],
        "bridges": {br.bus_id: _bridge_acs_text(br) for br in bridges},
    }
    if nvlinks:
        return ok(f"{label}: peer traffic goes over {nvlinks} NVLinks, which PCIe ACS and the IOMMU do not touch",
                  evidence={**evidence, "verdict": "nvlink"})
    if redirecting:
        return _redirected(label, redirecting, mode, mode_evidence, evidence)
    if mode == "translated" and via_root:  # below a shared switch, P2P without redirect never reaches the IOMMU
        return _translated(label, unreadable, mode_evidence, evidence)
    if unreadable:
        return _acs_unreadable(label, unreadable, mode, mode_evidence, container, evidence)
    bridges_text = ", ".join(f"{br.bus_id} ({'no ACS' if br.acs is None else 'ReqRedir- CmpltRedir-'})"
                             for br in bridges) or "no bridge of their own"
    return ok(f"{label}: nothing redirects their peer-to-peer traffic ({bridges_text}; IOMMU {mode})",
              evidence={**evidence, "verdict": "clear"})


def _bridge_acs_text(bridge) -> str:
    if bridge.acs:
        return bridge.acs.lspci_line
    return "no ACS capability" if bridge.acs_readable else f"{bridge.config_bytes} bytes readable"


def _redirected(label, redirecting, mode, mode_evidence, evidence):
    lines = [f"{br.bus_id}: {br.acs.lspci_line}" for br in redirecting]
    hang = mode == "translated"
    make = fail if hang else warn
    return make(
        f"{label}: peer-to-peer traffic is redirected through the root complex by ACS on "
        f"{', '.join(br.bus_id for br in redirecting)}",
        *lines,
        "ACS Request/Completion Redirect sends every P2P request up to the CPU's root complex instead of across "
        "to the other GPU. The driver still reports P2P as supported, so NCCL and vLLM use it: " +
        ("with the IOMMU translating (" + mode_evidence + "), the redirected requests are translated as if "
         "they were memory accesses and typically never complete: the first all-reduce hangs "
         "(NVIDIA/nccl#2079: two RTX 5880 behind bridges with ACSCtl 0x001d)." if hang else
         "at best it is slower than direct P2P; with an IOMMU in translated mode it hangs."),
        "NCCL_P2P_DISABLE=1 only works around it. NVIDIA's NCCL troubleshooting guide: disable ACS "
        f"({NCCL_GUIDE}).",
        evidence={**evidence, "verdict": "redirect", "redirecting": [br.bus_id for br in redirecting]},
        manual=_acs_steps([br.bus_id for br in redirecting], mode),
    )


def _translated(label, unreadable, mode_evidence, evidence):
    return warn(
        f"{label}: the IOMMU translates the GPUs' DMA ({mode_evidence})",
        "With the IOMMU in DMA (translated) mode, GPU peer-to-peer requests cross the root complex and its "
        "IOMMU; NVIDIA's NCCL troubleshooting guide names this as a cause of hangs and slow P2P "
        "(NVIDIA/nccl#257: all-reduce hung until the IOMMU was turned off).",
        *([f"ACS on {', '.join(b.bus_id for b in unreadable)} could not be read without root: `{LSPCI_ACS}`."]
          if unreadable else []),
        evidence={**evidence, "verdict": "iommu"}, manual=_iommu_steps(),
    )


def _acs_unreadable(label, unreadable, mode, mode_evidence, container, evidence):
    return skip(
        f"{label}: ACS on the bridges between them ({', '.join(b.bus_id for b in unreadable)}) is unknown: "
        "reading it needs root",
        f"Without root the kernel gives only the first 64 bytes of a bridge's configuration space; the ACS "
        f"capability lies beyond 256. Run `sudo gpudoctor check`, or `{LSPCI_ACS}` and look for ReqRedir+ / "
        "CmpltRedir+ on the bridges named here"
        + (f" (on the host: a {container} lacks the privilege even as root)." if container else "."),
        f"IOMMU: {mode} ({mode_evidence}).",
        evidence={**evidence, "verdict": "unknown", "unreadable": [br.bus_id for br in unreadable]})


def _grouped(findings, mode, mode_evidence):
    """One finding per verdict: eight GPUs are 28 pairs, and a person wants the verdicts, with the pairs
    under each (a single pair keeps its own finding)."""
    by_verdict: dict[str, list] = {}
    for finding in findings:
        by_verdict.setdefault(finding.evidence["verdict"], []).append(finding)
    for verdict, group in by_verdict.items():
        if len(group) == 1:
            yield group[0]
            continue
        pairs = [f.summary.split(": ", 1)[0] for f in group]
        evidence = {"verdict": verdict, "pairs": [dict(f.evidence) for f in group]}
        first = group[0]
        if verdict == "redirect":
            bridges = sorted({b for f in group for b in f.evidence["redirecting"]})
            yield replace(first, summary=f"{len(group)} GPU pairs: peer-to-peer traffic is redirected through the "
                          f"root complex by ACS on {', '.join(bridges)}", details=(*pairs, *first.details),
                          evidence=evidence, manual=_acs_steps(bridges, mode))
        elif verdict == "unknown":
            bridges = sorted({b for f in group for b in f.evidence["unreadable"]})
            yield skip(f"{len(group)} GPU pairs: ACS on the bridges between them ({', '.join(bridges)}) is unknown: "
                       "reading it needs root", *pairs, *first.details[1:], evidence=evidence)
        else:
            tail = {"nvlink": "peer traffic goes over NVLink, which PCIe ACS and the IOMMU do not touch",
                    "iommu": f"the IOMMU translates the GPUs' DMA ({mode_evidence})",
                    "clear": f"nothing redirects their peer-to-peer traffic (IOMMU {mode})"}[verdict]
            extra = first.details if verdict == "iommu" else ()
            yield replace(first, summary=f"{len(group)} GPU pairs: {tail}", details=(*pairs, *extra), evidence=evidence,
                          manual=_iommu_steps() if verdict == "iommu" else None)


def _nvlinks(gpus, a, b) -> int:
    if gpus is None:
        return 0
    ga, gb = gpus.by_bus_id(a.bus_id), gpus.by_bus_id(b.bus_id)
    pair = gpus.pair(ga.index, gb.index) if ga and gb else None
    return pair.nvlinks if pair else 0


def _virtual_machine(facts, topology, gpus):
    platform = facts.platform
    names = [_label(f, gpus) for f in topology.functions]
    linked = all(_nvlinks(gpus, a, b) for a, b in combinations(topology.functions, 2))
    text = (f"This is a virtual machine ({platform.virtualization}: {platform.virtualization_evidence}): the PCIe "
            "bridges, ACS and IOMMU that decide whether GPU peer-to-peer traffic works are the host's, and the "
            "hypervisor decides. The guest sees only a virtual bus.")
    advice = ("If P2P fails or is slow here, ask the host's administrator (or cloud provider) whether these GPUs "
              "are passed through with P2P support (on KVM hosts: both GPUs in the same VM behind a virtual switch "
              "or root port with ACS off on the host, NVIDIA's driver on the host side for NVLink/NVSwitch).")
    evidence = {"virtualization": platform.virtualization, "gpus": [f.bus_id for f in topology.functions],
                "paths": {f.bus_id: list(f.path) for f in topology.functions}}
    if linked:
        return ok(f"{', '.join(names)} are joined by NVLink; PCIe ACS and the IOMMU do not carry their traffic "
                  "(inside a VM the hypervisor decides the PCIe side)", text, evidence=evidence)
    return skip(f"ACS and IOMMU are the hypervisor's to decide in this VM ({', '.join(names)})", text, advice,
                evidence=evidence)


def redirect_causes(topology, platform, bus_ids) -> list[str]:
    """Sentences naming what redirects P2P between the GPUs at `bus_ids` (ACS bridges, a translating
    IOMMU), for the --deep checks to give as the cause of a hang or a slow figure; [] when nothing
    read shows it (unreadable, a VM, NVLink pairs are the callers' and pcie.acs's to say)."""
    if topology is None or topology.error or (platform is not None and platform.is_virtual_machine):
        return []
    functions = [f for f in (topology.by_bus_id(b) for b in bus_ids) if f is not None]
    mode, mode_evidence = _iommu_mode(topology)
    bridges, translated = set(), False
    for a, b in combinations(functions, 2):
        below, via_root = _below_common(a, b)
        bridges |= {br.bus_id for br in below if br.acs and br.acs.redirecting}
        translated |= mode == "translated" and via_root
    causes = []
    if bridges:
        causes.append(f"PCIe ACS on {', '.join(sorted(bridges))} redirects the GPUs' peer-to-peer traffic through the "
                      "root complex (pcie.acs lists the steps to turn it off)")
    if translated:
        causes.append(f"the IOMMU translates the GPUs' DMA ({mode_evidence}; pcie.acs)")
    return causes


@check("pcie.acs", title="PCIe ACS and IOMMU between the GPUs", needs=("gpus", "pci_topology", "container"),
       platforms=("linux",))
def pcie_acs(facts):
    """Checks whether PCIe Access Control Services (ACS) or an IOMMU redirect peer-to-peer traffic
    between the GPUs through the CPU's root complex: the most common reason why NCCL, vLLM or
    PyTorch hang at the first all-reduce on two PCIe GPUs, while NCCL_P2P_DISABLE=1 "fixes" it.

    For every pair of NVIDIA GPUs it follows both GPUs' paths up the PCI tree (sysfs) to where they
    meet and reads the ACS control register of every bridge on the way, parsing the ACS extended
    capability (ID 000Dh) from the bridge's configuration space itself. ReqRedir or CmpltRedir set
    means the pair's P2P traffic is redirected upstream. Without root only 64 bytes of configuration
    space are readable, so the ACS state is then reported as unknown with the command to read it.
    The IOMMU mode comes from /sys/kernel/iommu_groups/*/type (identity = passthrough; DMA or DMA-FQ
    = translated) and /proc/cmdline (iommu=pt, intel_iommu=, amd_iommu=). Enabling Intel's IOMMU
    also makes the kernel enable ACS on every bridge (pci_request_acs). GPUs joined by NVLink are
    not affected. Inside a virtual machine the hypervisor decides, and the check says so.

    Fixes are manual (BIOS setting, `setpci` for a test, `iommu=pt` with the GRUB or systemd-boot
    commands); gpudoctor never edits boot configuration.

    Sources: NVIDIA NCCL User Guide, Troubleshooting, "PCI Access Control Services (ACS)" (disable
    ACS; IO virtualization redirects PCI P2P traffic to the CPU root complex, causing slowdowns or
    hangs); PCI Express Base Specification 7.7.8 (ACS capability); Linux
    Documentation/ABI/testing/sysfs-kernel-iommu_groups; NVIDIA/nccl#2079, #257, #304.
    """
    topology = facts.pci_topology
    if topology.not_seen:
        yield unknown(topology.not_seen, "what lies between the GPUs on the PCI bus")
        return
    if topology.error:
        yield skip(f"The PCI topology could not be read ({topology.error}).", evidence={"error": topology.error})
        return
    try:
        gpus = facts.gpus
    except Exception:  # NVML down: judge the PCI side alone, by bus id
        gpus = None
    if len(topology.functions) < 2:
        yield skip(f"Fewer than two NVIDIA GPUs on the PCI bus ({len(topology.functions)}): no peer traffic to judge.")
        return
    if facts.platform.is_virtual_machine:
        yield _virtual_machine(facts, topology, gpus)
        return
    mode, mode_evidence = _iommu_mode(topology)
    container = container_label(facts)
    pairs = [_pair_finding(a, b, gpus, mode, mode_evidence, _nvlinks(gpus, a, b), container)
             for a, b in combinations(topology.functions, 2)]
    yield from _grouped(pairs, mode, mode_evidence)
    for a, b in combinations(topology.functions, 2):
        if a.iommu_group is not None and a.iommu_group == b.iommu_group:
            yield ok(f"{_label(a, gpus)} and {_label(b, gpus)} share IOMMU group {a.iommu_group}: no ACS isolation "
                     "between them, so their P2P traffic can go directly (they cannot be given to different VMs).",
                     evidence={"group": a.iommu_group, "devices": list(a.iommu_group_devices)})
