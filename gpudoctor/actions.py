"""The action each finding carries: a check's usual action for its warnings and failures, and the rules
that give every other finding its action. Pure data and one function; the engine applies it.

A check that knows better for one finding (an Xid class, NVML's own recovery action) sets `action=`
on that finding; everything else comes from CHECK_ACTIONS. The table is what a pipeline would do
first about that check's problems, not the only possible step: the finding's prose says the rest.
"""

from __future__ import annotations

from dataclasses import replace

from gpudoctor.model import Action, Finding, Status

# check id -> the action for its warnings and failures
CHECK_ACTIONS: dict[str, Action] = {
    # the GPUs, their links and their health
    "gpu.count": Action.RESEAT_OR_INSPECT_HARDWARE,  # a GPU missing from the bus; NVML failures set their own
    "gpu.errors": Action.RESEAT_OR_INSPECT_HARDWARE,  # AER errors; each Xid class sets its own
    "gpu.health": Action.RESEAT_OR_INSPECT_HARDWARE,  # thermal and power slowdowns; memory findings set their own
    "gpu.nvlink": Action.RESEAT_OR_INSPECT_HARDWARE,  # links down, errors growing; recovery sets reset-gpu
    "gpu.memory": Action.RESET_GPU,  # volatile uncorrectable ECC errors, pending remaps
    "gpu.error-history": Action.RESEAT_OR_INSPECT_HARDWARE,  # errors that come back; each Xid class sets its own
    "gpu.stress": Action.RESEAT_OR_INSPECT_HARDWARE,  # under load: power delivery, heat, links, wrong results
    "pcie.link": Action.RESEAT_OR_INSPECT_HARDWARE,
    "pcie.path": Action.RESEAT_OR_INSPECT_HARDWARE,
    "pcie.bandwidth": Action.RESEAT_OR_INSPECT_HARDWARE,
    "p2p.bandwidth": Action.RESEAT_OR_INSPECT_HARDWARE,
    "pcie.acs": Action.CONFIGURE,  # BIOS or kernel parameters
    "pcie.bar1": Action.CONFIGURE,  # Resizable BAR in the BIOS
    "p2p.access": Action.CONFIGURE,
    # the driver and the layers above it
    "driver.kernel": Action.RELOAD_DRIVER,
    "driver.uvm": Action.RELOAD_DRIVER,
    "driver.version": Action.CONFIGURE,  # install another driver; a library/module mismatch sets reboot
    "cuda.toolkit": Action.CONFIGURE,
    "nccl.library": Action.CONFIGURE,
    "nccl.allreduce": Action.CONFIGURE,
    "env.gpu": Action.CONFIGURE,
    "container.cuda": Action.CONFIGURE,
    "container.environment": Action.CONFIGURE,
    "container.gpus": Action.CONFIGURE,
    "container.runtime": Action.CONFIGURE,
    "container.shm": Action.CONFIGURE,
    "wsl.docker": Action.CONFIGURE,
    "wsl.feature": Action.CONFIGURE,
    "wsl.gpu": Action.CONFIGURE,
    "wsl.limits": Action.CONFIGURE,
    "windows.env": Action.CONFIGURE,
    "windows.gpus": Action.CONFIGURE,
    # the applications
    "ollama.server": Action.RESTART_APPLICATION,
    "ollama.models": Action.RESTART_APPLICATION,
    "ollama.errors": Action.CONFIGURE,
    "logs.known-failures": Action.CONFIGURE,  # each known failure carries its signature's own action
    "ollama.container": Action.CONFIGURE,
    "ollama.gpus": Action.CONFIGURE,
    "ollama.env": Action.CONFIGURE,
    "ollama.placement": Action.CONFIGURE,
    "torch.cuda": Action.CONFIGURE,
    "torch.nccl": Action.CONFIGURE,
    "tensorflow.gpu": Action.CONFIGURE,
    # known failures: each signature sets its own action (gpudoctor/knowledge/signatures)
    "logs.known-failures": Action.CONFIGURE,
}

# NVML's own recovery action (nvmlGpuRecoveryAction_t, as gpu_health names it) -> ours. Draining P2P
# means stopping the programs that use the GPU's peers, then starting them again.
NVML_RECOVERY_ACTIONS: dict[str, Action] = {
    "none": Action.NONE,
    "gpu-reset": Action.RESET_GPU,
    "node-reboot": Action.REBOOT,
    "drain-p2p": Action.RESTART_APPLICATION,
    "drain-and-reset": Action.RESET_GPU,
}

_PROBLEMS = (Status.WARN, Status.FAIL)


def action_for(check_id: str, finding: Finding) -> Action | None:
    """The finding's action: its own; none for a pass, a skip, an error (gpudoctor could not judge:
    nothing for the node to do) or a consequence of another check's root cause; else its check's.
    None only for a problem of a check that has no entry (a plugin's check that sets none)."""
    if finding.action is not None:
        return finding.action
    if finding.status not in _PROBLEMS or finding.caused_by:
        return Action.NONE
    return CHECK_ACTIONS.get(check_id)


def with_action(check_id: str, finding: Finding) -> Finding:
    action = action_for(check_id, finding)
    return finding if action is finding.action else replace(finding, action=action)
