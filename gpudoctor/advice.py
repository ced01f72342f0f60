"""Advice that fits the host: causes named only where the evidence allows them.

Checks share these sentences so that one host never hears a cause its own facts rule out: PCIe
ACS and IOMMU settings of a hypervisor only in a VM, ACS on PCIe switches only where NVML shows
the GPUs behind a switch (PIX/PXB), and the likely causes of a slow measurement only from what
was gathered (NCCL variables, other processes, clocks, links). Pure functions of facts.
"""

from __future__ import annotations

NCCL_ACS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"

# `nvidia-smi topo -m` levels that put a PCIe switch between two GPUs (PIX: one switch, PXB: several).
SWITCHED = ("PIX", "PXB")

# NCCL variables that change which path NCCL takes or how much of it it uses (NCCL docs, "Environment
# Variables"). NCCL_NVLS_ENABLE=0 is left out: gpudoctor's own all-reduce sets it.
PATH_VARIABLES = ("NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL", "NCCL_SHM_DISABLE", "NCCL_P2P_USE_CUDA_MEMCPY",
                  "NCCL_ALGO", "NCCL_PROTO", "NCCL_MAX_NCHANNELS", "NCCL_MIN_NCHANNELS", "NCCL_BUFFSIZE",
                  "NCCL_CUMEM_ENABLE")

# Below this utilisation a GPU counts as idle when it is asked; above it another program computes.
BUSY_PERCENT = 50


def switched_pairs(inventory, indices=None) -> list:
    """Pairs of GPUs (among `indices`) that NVML puts behind a PCIe switch."""
    return [p for p in inventory.pairs if not p.nvlinks and p.topology in SWITCHED
            and (indices is None or (p.a in indices and p.b in indices))]


def in_a_vm(platform) -> str:
    """Who decides P2P between GPUs that a VM was given (its hypervisor, not this system)."""
    if platform.kind == "wsl":
        return ("WSL 2 runs in a Hyper-V VM: the Windows driver decides whether its GPUs reach each other, so "
                "boot options and ACS settings inside Linux change nothing; update the Windows driver")
    return (f"This is a VM ({platform.virtualization}): the hypervisor host decides both, so ask its administrator "
            f"to pass the GPUs through together with P2P allowed (ACS off on the host's switches above them, "
            f"{NCCL_ACS})")


def p2p_trouble(platform, inventory, indices=None) -> str:
    """Why P2P copies hang, crawl or corrupt data on this host, and what to do, in one paragraph."""
    parts = ["P2P copies that hang, crawl or corrupt data are most often redirected through the CPU by the IOMMU"]
    if platform is not None and platform.is_virtual_machine:
        parts.append(f" or by PCIe Access Control Services (ACS). {in_a_vm(platform)}")
    else:
        parts.append(": boot with `iommu=pt` (or turn VT-d / AMD-Vi off in the firmware)")
        switched = switched_pairs(inventory, indices)
        if switched:
            names = ", ".join(f"GPU {p.a} ↔ GPU {p.b} ({p.topology})" for p in switched if p.a < p.b)
            parts.append(f", and disable PCIe Access Control Services (ACS) on the PCIe switch between them "
                         f"({names}; {NCCL_ACS})")
    parts.append(". `sudo dmesg` shows Xid, AER or IOMMU fault messages if the hardware complained.")
    return "".join(parts)


def set_nccl_variables(env: dict[str, str] | None) -> dict[str, str]:
    """The path-changing NCCL variables a run had set (a value of "" counts as unset)."""
    env = env or {}
    return {name: env[name] for name in PATH_VARIABLES if (env.get(name) or "").strip()
            and not (name == "NCCL_P2P_DISABLE" and env[name].strip() == "0")}


def gpu_load_causes(gpus) -> list[str]:
    """Sentences about what else ran on these GPUs when gpudoctor asked (NVML's view)."""
    causes = []
    for gpu in gpus:
        load = gpu.load
        busy = load.utilization_percent
        # A desktop's display server (a graphics process) idles on the GPU; compute processes may burst.
        others = [p for p in load.processes or () if p.kind == "compute" or (busy or 0) >= BUSY_PERCENT]
        if others:
            names = ", ".join(p.label for p in others)
            causes.append(f"GPU {gpu.index} was shared: NVML listed {len(others)} other process"
                          f"{'es' if len(others) != 1 else ''} on it ({names})"
                          + (f", {busy} % utilisation" if busy is not None else ""))
        elif busy is not None and busy >= BUSY_PERCENT:
            causes.append(f"GPU {gpu.index} was {busy} % busy before the test started: another program was "
                          "computing on it" + ("" if load.processes is not None else
                                               " (this recording holds no process list to name it)"))
        if load.slowdowns:
            causes.append(f"GPU {gpu.index}'s clocks were held down ({', '.join(load.slowdowns)})")
    return causes


def link_causes(gpus, *, nvlink: bool) -> list[str]:
    """Links trained below their maximum on the path: PCIe width, NVLinks down."""
    causes = []
    for gpu in gpus:
        link = gpu.pcie
        if not nvlink and link.width and link.max_width and link.width < link.max_width:
            causes.append(f"GPU {gpu.index}'s PCIe link runs at x{link.width} of x{link.max_width} (pcie.link)")
        if nvlink and gpu.nvlinks and len(gpu.active_nvlinks) < len(gpu.nvlinks):
            causes.append(f"GPU {gpu.index} has {len(gpu.nvlinks) - len(gpu.active_nvlinks)} of its "
                          f"{len(gpu.nvlinks)} NVLinks down (`nvidia-smi nvlink -s`)")
    return causes
