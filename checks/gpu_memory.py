"""GPU memory errors (ECC counters) and the recovery action the driver asks for."""

from __future__ import annotations

from gpudoctor.actions import NVML_RECOVERY_ACTIONS
from gpudoctor.model import Action, check, fail, ok, skip, warn

from .nvml_status import no_gpu_to_judge

_ADVICE = {
    "gpu-reset": "Stop the work on this GPU and reset it (`nvidia-smi -r -i <index>` when idle) or reboot.",
    "node-reboot": "Drain the node and reboot it.",
    "drain-p2p": "Stop the programs that use this GPU's peer-to-peer traffic and start them again.",
    "drain-and-reset": "Drain the work from this GPU, then reset it.",
}


def _counters(h) -> dict:
    c = h.counters or {}
    return {name: c.get(name) for name in ("ecc_sbe_volatile", "ecc_dbe_volatile", "ecc_sbe_aggregate",
                                           "ecc_dbe_aggregate")}


def _gpu_findings(h, name):
    counters = _counters(h)
    evidence = {"gpu": h.index, "ecc_enabled": h.ecc_enabled, **counters, "recovery_action": h.recovery_action,
                "field_errors": h.counter_errors}
    action = h.recovery_action
    if action not in (None, "none"):
        yield fail(f"GPU {h.index} ({name}): the driver asks for recovery: {action}",
                   _ADVICE.get(action, "NVIDIA's documentation of nvmlGpuRecoveryAction_t says what it needs."),
                   "Source: NVML field NVML_FI_DEV_GET_GPU_RECOVERY_ACTION, the driver's own verdict.",
                   evidence=evidence, action=NVML_RECOVERY_ACTIONS.get(action, Action.RESET_GPU))
    if counters["ecc_dbe_volatile"]:
        yield fail(f"GPU {h.index} ({name}): {counters['ecc_dbe_volatile']} uncorrectable ECC errors since the driver "
                   "loaded",
                   "An uncorrectable error means data in GPU memory was lost; the program that held it may have "
                   "computed wrong results or been stopped (Xid 48/94/95). Reset the GPU so that row remapping "
                   "takes effect; errors that come back mean the GPU should be replaced.",
                   evidence=evidence, action=Action.RESET_GPU)
    elif counters["ecc_dbe_aggregate"]:
        yield warn(f"GPU {h.index} ({name}): {counters['ecc_dbe_aggregate']} uncorrectable ECC errors over its life "
                   "(none since the driver loaded)",
                   "Past errors, repaired by row remapping or page retirement; gpu.health says whether a repair is "
                   "pending or failed. Uncorrectable errors that return on this GPU are a case for the vendor.",
                   evidence=evidence, action=Action.CONTACT_VENDOR)


@check("gpu.memory", title="GPU memory errors (ECC) and the driver's recovery action", needs=("gpus", "gpu_health"),
       platforms=("linux", "wsl", "windows"))
def gpu_memory(facts):
    """Reads each GPU's ECC error counters (NVML fields NVML_FI_DEV_ECC_{SBE,DBE}_{VOL,AGG}_TOTAL:
    corrected and uncorrectable, since the driver loaded and over the GPU's life; `nvidia-smi -q -d ECC`
    prints the same) and the recovery action the driver reports (NVML_FI_DEV_GET_GPU_RECOVERY_ACTION:
    none, GPU reset, node reboot, drain P2P, drain and reset). A recovery action is a failure carrying
    the matching action; uncorrectable errors since the driver loaded fail with reset-gpu; past ones warn
    with contact-vendor. Corrected errors are reported, not judged: ECC corrects them. GPUs without ECC
    (GeForce, most workstation cards) are skipped."""
    inventory, health = facts.gpus, facts.gpu_health
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    asked = [h for h in health.gpus if h.counters is not None]
    if not asked:
        yield skip("The ECC counters and the recovery action were not read (a snapshot from before gpudoctor "
                   "asked for them, or NVML did not answer).")
        return
    names = {gpu.index: gpu.name for gpu in inventory.gpus}
    problems = [f for h in asked for f in _gpu_findings(h, names.get(h.index))]
    yield from problems
    if problems:
        return
    lines = []
    for h in asked:
        c = _counters(h)
        ecc = ("ECC off" if h.ecc_enabled is False else
               f"ECC corrected {c['ecc_sbe_volatile']} / uncorrectable {c['ecc_dbe_volatile']} since the driver "
               f"loaded, {c['ecc_sbe_aggregate']} / {c['ecc_dbe_aggregate']} over its life"
               if c["ecc_dbe_volatile"] is not None else "ECC counters not supported")
        lines.append(f"GPU {h.index}: {ecc}; recovery action {h.recovery_action or 'not reported'}")
    yield ok("No uncorrectable memory error and no recovery asked for", *lines,
             evidence={"gpus": {str(h.index): {**_counters(h), "recovery_action": h.recovery_action} for h in asked}})
