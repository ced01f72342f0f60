"""Two GPUs on native Windows: each GPU's driver model, the TDR timeout and the driver resets it
caused, hardware-accelerated GPU scheduling and per-app GPU preferences. (What PyTorch can do
across GPUs without NCCL is nccl.library's.)"""

from __future__ import annotations

from gpudoctor.model import check, ok, skip, warn

TDR_DOC = "https://learn.microsoft.com/windows-hardware/drivers/display/tdr-registry-keys"
TDR_DEFAULT_S = 2  # TdrDelay when the value is absent (Microsoft's TDR registry keys)
TDR_SUGGESTED_S = 60
# NVML architecture names older than Pascal: hardware scheduling needs Pascal or newer, so with HAGS
# on such a card runs the software scheduler next to a newer one (LostRuins/koboldcpp#1811).
BEFORE_PASCAL = ("Kepler", "Maxwell")
PREFERENCE = {0: "let Windows decide", 1: "power saving", 2: "high performance"}


def _driver_models(windows):
    adapters = [a for a in windows.adapters if a.driver_model]
    if not adapters:
        return None
    models = {a.driver_model.upper() for a in adapters}
    lines = [f"{a.name} ({a.bus_id or 'bus ?'}): {a.driver_model}" for a in adapters]
    evidence = {"adapters": [{"name": a.name, "bus_id": a.bus_id, "driver_model": a.driver_model} for a in adapters]}
    details = ["WDDM is the display driver model every GeForce card uses: the GPU can drive monitors, Windows may "
               "reset it when one kernel runs longer than the TDR timeout, and WSL 2 can use it. TCC (data-center and "
               "workstation cards only, `nvidia-smi -i N -dm 1`) is compute only: no display, no TDR, no WSL."]
    if models == {"WDDM"}:
        return ok("Driver model: " + "; ".join(lines) + ".", *details, evidence=evidence)
    if "TCC" in models and "WDDM" in models:
        details.append("A mix of TCC and WDDM GPUs can hide all of them from WSL 2 "
                       "(https://github.com/microsoft/WSL/issues/13027); native CUDA programs see both.")
    return ok("Driver model: " + "; ".join(lines) + ".", *details, evidence=evidence)


def _tdr(settings):
    delay = settings.tdr_delay_s if settings.tdr_delay_s is not None else TDR_DEFAULT_S
    evidence = {"TdrDelay": settings.tdr_delay_s, "TdrLevel": settings.tdr_level, "events_4101": settings.tdr_events,
                "last_event": settings.last_tdr_event}
    if settings.tdr_level == 0:
        return ok("Timeout detection and recovery is off (TdrLevel=0): Windows never resets the GPU driver.",
                  "A hung kernel then freezes the display until it ends.", evidence=evidence)
    default = " (Windows' default)" if settings.tdr_delay_s is None else ""
    if settings.tdr_events:
        return warn(f"Windows reset the NVIDIA driver {settings.tdr_events} time(s) (System log, Display event 4101: "
                    f"\"nvlddmkm stopped responding and has successfully recovered\"; latest {settings.last_tdr_event} "
                    f"UTC). The TDR timeout is {delay} s{default}.",
                    "A CUDA kernel that keeps a WDDM GPU busy longer than the timeout is killed: the program gets "
                    "\"the launch timed out and was terminated\" and Ollama or PyTorch loses the GPU. Long prompt "
                    "processing on a GPU that also drives a monitor hits it first. The same event also follows "
                    "driver crashes from unstable clocks or power, so check those if it happens at idle.",
                    f"Raise the timeout in an elevated PowerShell: `reg add "
                    f"\"HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers\" /v TdrDelay /t REG_DWORD /d "
                    f"{TDR_SUGGESTED_S} /f`, then restart Windows ({TDR_DOC}).", evidence=evidence)
    if settings.tdr_events is None:
        return ok(f"TDR timeout {delay} s{default}; the System log was not read.", evidence=evidence)
    return ok(f"TDR timeout {delay} s{default}; no NVIDIA driver reset (event 4101) in the System log.",
              evidence=evidence)


def _hags(settings, gpus):
    if settings.hags is None:
        return None
    older = [g for g in gpus.gpus if g.architecture in BEFORE_PASCAL]
    evidence = {"hags": settings.hags, "before_pascal": [g.index for g in older]}
    if settings.hags and older and len(older) < len(gpus.gpus):
        names = ", ".join(f"GPU {g.index} ({g.name}, {g.architecture})" for g in older)
        return warn(f"Hardware-accelerated GPU scheduling is on, but {names} predates Pascal and cannot use it.",
                    "Windows then schedules that card in software and the others in hardware; a model split across "
                    "them can stall (https://github.com/LostRuins/koboldcpp/issues/1811).",
                    "Turn it off: Settings > System > Display > Graphics > Change default graphics settings > "
                    "Hardware-accelerated GPU scheduling, then restart Windows.", evidence=evidence)
    state = "on" if settings.hags else "off"
    return ok(f"Hardware-accelerated GPU scheduling is {state} (HwSchMode).", evidence=evidence)


def _preferences(settings):
    for preference in settings.gpu_preferences:
        label = PREFERENCE.get(preference.preference, "unknown")
        yield ok(f"Windows graphics settings: {preference.app} prefers the {label} GPU.",
                 "This choice (Settings > System > Display > Graphics) decides the GPU for DirectX, Vulkan and "
                 "DirectML; CUDA programs, Ollama's CUDA runner included, reach every NVIDIA GPU whatever it says. "
                 "On a laptop with one NVIDIA GPU (Optimus) \"power saving\" is the integrated GPU.",
                 evidence={"app": preference.app, "preference": preference.preference})


@check("windows.gpus", title="Windows: driver model, TDR, GPU scheduling, GPU preference",
       needs=("windows", "windows_settings", "gpus"), platforms=("windows",))
def windows_gpus(facts):
    """On native Windows: each GPU's driver model (WDDM or TCC, from nvidia-smi.exe); the TDR
    timeout (TdrDelay, TdrLevel under HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers) and
    whether Windows already reset the driver for a long kernel (System log, Display event 4101
    naming nvlddmkm); hardware-accelerated GPU scheduling (HwSchMode), a problem when one card
    predates Pascal; and each Ollama or Python executable's GPU preference in Windows graphics
    settings. PyTorch without NCCL on Windows (gloo only: use WSL 2) is nccl.library's.

    Sources: Microsoft, TDR registry keys
    (https://learn.microsoft.com/windows-hardware/drivers/display/tdr-registry-keys);
    LostRuins/koboldcpp#1811 (HAGS with a Maxwell and an Ampere card).
    """
    windows, settings, gpus = facts.windows, facts.windows_settings, facts.gpus
    models = _driver_models(windows) if windows.reachable else None
    if models:
        yield models
    if not settings.reachable:
        yield skip(f"The GraphicsDrivers settings and the System log were not read ({settings.problem}).")
    else:
        yield _tdr(settings)
        hags = _hags(settings, gpus)
        if hags:
            yield hags
        yield from _preferences(settings)
