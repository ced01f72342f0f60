"""Issue 25 (helper w24b): hybrid-graphics switchers that cannot unload the NVIDIA driver while it is in use.

optimus-manager, supergfxctl (supergfxd) and envycontrol switch a laptop between its integrated and NVIDIA GPUs by
unloading the nvidia modules (nvidia_drm, nvidia_modeset, nvidia_uvm, nvidia) and loading others. A live switch fails
when anything still holds the GPU: the display manager or compositor, nvidia-persistenced, a CUDA program through
nvidia_uvm, a monitoring tool. optimus-manager then logs "Cannot unload modules [...]" (its KernelSetupError, from
release 1.2 on; older releases "Cannot switch GPUS : Cannot unload Nvidia modules"), after retrying, and its Xorg
pre-start hook fails. The way out is the switcher's own: choose the mode and reboot (or log out), so the switch happens
before anything opens the GPU; rmmod's own refusal beside it (kernel.module-in-use) becomes this row's evidence.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OPTIMUS_MANAGER = "https://github.com/Askannz/optimus-manager"
ENVYCONTROL = "https://github.com/bayasdev/envycontrol"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.gpu-switcher-cannot-unload-nvidia",
        cause_id="driver-in-use",
        kinds=("any",),
        # optimus-manager's gpu_setup/switch logs and journal: "Cannot setup GPU : kernel setup error : Cannot unload
        # modules ['nvidia_drm', ...] : Failed to execute 'modprobe -r ...'", "KernelSetupError: Cannot unload modules
        # ['nvidia_drm', ...", its retry loop "INFO: Cannot unload modules: None", and the 2018 releases' "Cannot switch
        # GPUS : Cannot unload Nvidia modules".
        patterns=(r"\bCannot unload modules(?::| \[ ?'nvidia)",
                  r"Cannot switch GPUS ?: Cannot unload Nvidia modules"),
        refines=("kernel.module-in-use",), refines_within=None,
        severity="fail",
        cause=("The hybrid-graphics switcher (optimus-manager) could not unload the NVIDIA modules to change mode, "
               "because something still holds the GPU: the display manager or compositor, nvidia-persistenced, a CUDA "
               "program through nvidia_uvm, or a monitoring tool."),
        advice=("Switch with the GPU free instead of live: select the mode and reboot (`optimus-manager --switch "
                "integrated` or `--switch nvidia`, or startup_mode in /etc/optimus-manager/optimus-manager.conf, then "
                "log out or reboot; with supergfxctl `supergfxctl -m Integrated` or `-m Hybrid` then reboot; with "
                "envycontrol `sudo envycontrol -s integrated|hybrid|nvidia` then reboot). To switch without a reboot, "
                "first find and stop what holds the GPU (`sudo fuser -v /dev/nvidia*`, `lsmod | grep nvidia`: the "
                "display manager, nvidia-persistenced, CUDA programs), and use a current optimus-manager, which also "
                "unloads nvidia_uvm."),
        action="configure",
        rules_out=("a driver that failed to build", "a GPU fault"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/Askannz/optimus-manager/issues/170", "https://github.com/Askannz/optimus-manager/issues/363",
                 "https://github.com/Askannz/optimus-manager/issues/466", OPTIMUS_MANAGER, ENVYCONTROL),
        checked="2026-11-27",
        examples=("kernel/optimus-manager-170-cannot-unload-nvidia-uvm.txt",
                  "kernel/optimus-manager-363-kernelsetuperror-cannot-unload.txt",
                  "kernel/optimus-manager-466-integrated-cannot-unload-max-tries.txt"),
    ),
    Signature(
        code="kernel.gpu-switcher-module-in-use-described",
        described=True,
        cause_id="driver-in-use",
        kinds=("any",),
        # "When switching GPU mode (Hybrid → Integrated) with supergfxctl, if rmmod nvidia_modeset fails with “module is
        # in use” because the compositor ... has not yet released /dev/nvidia0": a switcher named on the line, then the
        # unload that failed because the module is in use (or the other way round).
        patterns=(r"\b(?:supergfx(?:ctl|d)|optimus-manager|envycontrol)\b[^\n]{0,200}?\b(?:rmmod|modprobe -r|unload(?:ing)?)\b"
                  r"[^\n]{0,80}?\b(?:is |was |still |being )?in use\b",
                  r"\b(?:rmmod|modprobe -r|unload(?:ing)?)\b[^\n]{0,80}?\bin use\b[^\n]{0,200}?\b(?:supergfx(?:ctl|d)|"
                  r"optimus-manager|envycontrol)\b"),
        severity="warn",
        cause=("The description suggests a hybrid-graphics switcher (supergfxctl, optimus-manager, envycontrol) tried to "
               "unload the NVIDIA modules for a live mode switch while something (the compositor or display manager, "
               "a CUDA program, nvidia-persistenced) still held the GPU."),
        advice=("Let the switch happen with the GPU free: set the mode and log out or reboot (`supergfxctl -m Integrated` "
                "or `-m Hybrid`, `optimus-manager --switch integrated`, `sudo envycontrol -s integrated`), instead of a "
                "live switch in a running session; if the daemon is left stuck, reboot. `sudo fuser -v /dev/nvidia*` shows "
                "what holds the GPU."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/OpenGamingCollective/asusctl/issues/344",
                 "https://github.com/OpenGamingCollective/asusctl/issues/180", ENVYCONTROL),
        checked="2026-11-27",
        examples=("kernel/asusctl-344-supergfxctl-live-switch-module-in-use.txt",),
    ),
    Signature(
        code="kernel.envycontrol-gpu-absent-in-integrated",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # envycontrol's answer to `-s nvidia` from its integrated mode, which removed the GPU from the PCI bus and
        # blacklisted its driver: "ERROR: Could not find Nvidia GPU" then "Try switching to hybrid mode first!".
        patterns=(r"Try switching to hybrid mode first",),
        severity="fail",
        cause=("envycontrol's integrated mode has removed the NVIDIA GPU from the PCI bus and blacklisted its driver, so "
               "it cannot switch straight to the nvidia mode: by design the way back goes through the hybrid mode."),
        advice=("Run `sudo envycontrol -s hybrid`, reboot, then `sudo envycontrol -s nvidia` (if you want the NVIDIA-only "
                "mode) and reboot again; `envycontrol --query` shows the mode in effect."),
        action="configure",
        rules_out=("a driver that failed to build", "a GPU fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/bayasdev/envycontrol/issues/149", "https://github.com/bayasdev/envycontrol/pull/183",
                 ENVYCONTROL),
        checked="2026-11-27",
        examples=("kernel/envycontrol-149-nvidia-from-integrated-gpu-not-found.txt",),
    ),
    Signature(
        code="kernel.gpu-switcher-integrated-mode-described",
        described=True,
        cause_id="driver-not-loaded",
        kinds=("any",),
        # A person naming the switch to the integrated-only mode they made before the NVIDIA driver went missing:
        # "the state before I used `envycontrol --switch integrated`", "after supergfxctl -m Integrated",
        # "optimus-manager --switch intel", "prime-select intel". Those modes keep the driver off by design.
        patterns=(r"\benvycontrol {1,3}(?:--switch|-s) {1,3}integrated\b",
                  r"\bsupergfxctl {1,3}(?:--mode|-m) {1,3}[Ii]ntegrated\b",
                  r"\boptimus-manager {1,3}--switch {1,3}(?:integrated|intel)\b",
                  r"\bprime-select {1,3}intel\b"),
        severity="warn",
        cause=("The description names a hybrid-graphics switch to the integrated-only mode, which blacklists or powers "
               "off the NVIDIA GPU by design: nvidia-smi and CUDA then find no NVIDIA driver until another mode is "
               "selected and the machine rebooted."),
        advice=("Select a mode that loads the NVIDIA driver and reboot: `sudo envycontrol -s hybrid` (or `-s nvidia`), "
                "`supergfxctl -m Hybrid`, `optimus-manager --switch hybrid` (or nvidia), `sudo prime-select on-demand` "
                "(or nvidia); then check `nvidia-smi`."),
        action="configure",
        rules_out=("a driver that failed to build", "a GPU fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/bayasdev/envycontrol/issues/9", ENVYCONTROL, OPTIMUS_MANAGER),
        checked="2026-11-27",
        examples=("kernel/envycontrol-9-switch-integrated-nvidia-smi-fails.txt",),
    ),
)
