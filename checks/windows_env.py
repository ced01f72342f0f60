"""The Windows environment that programs started outside a shell get (windows.env), Ollama's tray app among
them, and which of its variables reach WSL through WSLENV."""

from __future__ import annotations

from gpudoctor.fix_requests import FixRequest, shell_env, windows_user_env
from gpudoctor.model import check, fail, ok, skip, warn
from gpudoctor.probes.env import resolve_visible_devices


def wslenv_entries(value: str | None) -> dict[str, str]:
    """WSLENV "CUDA_VISIBLE_DEVICES/u:OLLAMA_HOST" -> {name: flags}.

    Flags (https://devblogs.microsoft.com/commandline/share-environment-vars-between-wsl-and-windows/):
    /p and /l translate paths, /u passes only from Windows into WSL, /w only from WSL to Windows.
    """
    entries = {}
    for item in (value or "").split(":"):
        name, _, flags = item.partition("/")
        if name:
            entries[name.upper()] = flags
    return entries


def _effective(variables) -> dict[str, object]:
    """Name -> the variable a new program gets: the User value wins over the Machine one."""
    chosen = {}
    for variable in sorted(variables, key=lambda v: v.scope != "Machine"):  # Machine first, User overwrites
        chosen[variable.name.upper()] = variable
    return chosen


def _remove_fix(variable) -> FixRequest | None:
    """The fix that removes a User variable; Machine ones need an elevated shell."""
    if variable.scope == "User":
        return windows_user_env(variable.name, restart_ollama=True)
    return None


def _machine_note(variable) -> tuple[str, ...]:
    if variable.scope != "Machine":
        return ()
    return (f"It is a Machine variable: remove it in an elevated PowerShell with "
            f"`[Environment]::SetEnvironmentVariable('{variable.name}', $null, 'Machine')`, then restart Ollama.",)


STARTED_ELSEWHERE = ("Programs started from the Start menu, Explorer or the tray (Ollama's tray app among them) get "
                     "the Windows User and Machine environment, not the variables of the shell gpudoctor runs in.")


def _visible_devices_finding(variable, gpus, order):
    order_known = order == "PCI_BUS_ID" or len({g.name for g in gpus.gpus}) <= 1
    visible = resolve_visible_devices(variable.value, gpus.gpus, index_order_known=order_known)
    where = f"CUDA_VISIBLE_DEVICES={variable.value!r} in the Windows {variable.scope} environment"
    evidence = {"name": variable.name, "value": variable.value, "scope": variable.scope, "hidden": list(visible.hidden)}
    if gpus.gpus and len(visible.hidden) == len(gpus.gpus):
        return fail(f"{where} hides every GPU from programs started outside a shell.", STARTED_ELSEWHERE,
                    *_machine_note(variable), evidence=evidence, fix=_remove_fix(variable))
    if visible.hidden:
        hidden = ", ".join(f"GPU {i}" for i in visible.hidden)
        return warn(f"{where} hides {hidden} from programs started outside a shell, Ollama's tray app included.",
                    STARTED_ELSEWHERE, *_machine_note(variable), evidence=evidence, fix=_remove_fix(variable))
    if visible.stopped_at is not None:
        return warn(f"{where}: the entry {visible.stopped_at.text!r} {visible.stopped_at.problem}; CUDA ignores it "
                    "and every entry after it.", STARTED_ELSEWHERE, evidence=evidence, fix=_remove_fix(variable))
    return None


# Variables that slow every CUDA program down when left set globally.
_SLOWING = {
    "CUDA_LAUNCH_BLOCKING": ("1", "makes every CUDA kernel launch wait for the previous one: a debugging "
                                  "setting that slows every CUDA program"),
    "NVIDIA_TF32_OVERRIDE": ("0", "turns TF32 off on Ampere and newer GPUs: matrix math in PyTorch and "
                                  "TensorFlow runs several times slower"),
}


def _variable_findings(variable, gpus, order, platform_kind, wslenv):
    name = variable.name.upper()
    if name == "CUDA_VISIBLE_DEVICES":
        finding = _visible_devices_finding(variable, gpus, order)
        if finding:
            yield finding
    elif name in _SLOWING and variable.value.strip() == _SLOWING[name][0]:
        yield warn(f"{variable.name}={variable.value} in the Windows {variable.scope} environment "
                   f"{_SLOWING[name][1]}.", STARTED_ELSEWHERE, *_machine_note(variable),
                   evidence={"name": variable.name, "value": variable.value, "scope": variable.scope},
                   fix=_remove_fix(variable))
    elif name == "CUDA_DEVICE_ORDER" and variable.value not in ("FASTEST_FIRST", "PCI_BUS_ID"):
        yield warn(f"CUDA_DEVICE_ORDER={variable.value!r} in the Windows {variable.scope} environment is not a value "
                   "CUDA knows (FASTEST_FIRST or PCI_BUS_ID).",
                   evidence={"name": variable.name, "value": variable.value}, fix=_remove_fix(variable))
    elif name.startswith("NCCL_") and platform_kind == "wsl" and not _crosses_into_wsl(name, wslenv):
        yield warn(f"{variable.name}={variable.value} is set in Windows but does not reach WSL (it is not in WSLENV).",
                   "NCCL runs only inside WSL here (PyTorch on Windows has no NCCL); set the variable in the WSL "
                   "shell instead, or add it to WSLENV.",
                   evidence={"name": variable.name, "value": variable.value, "scope": variable.scope},
                   fix=shell_env(variable.name, variable.value))


def _crosses_into_wsl(name: str, wslenv: dict[str, str]) -> bool:
    return name in wslenv and ("w" not in wslenv[name] or "u" in wslenv[name])


@check("windows.env", title="Windows environment that new programs and Ollama get", needs=("windows", "gpus"),
       platforms=("windows", "wsl"), fixes=("windows.set-user-env", "linux.set-shell-env"))
def windows_env(facts):
    """Reads the GPU-related variables from the Windows User and Machine environment (the registry:
    HKCU\\Environment and HKLM\\...\\Session Manager\\Environment) - what a program started from the
    Start menu or the tray gets, Ollama's tray app included, whatever the current shell says - and
    WSLENV, which decides which of them reach WSL.

    Flags: CUDA_VISIBLE_DEVICES hiding GPUs (CUDA_VISIBLE_DEVICES=1 hides GPU 0 from Ollama started
    from the tray), CUDA_LAUNCH_BLOCKING=1 and NVIDIA_TF32_OVERRIDE=0 left set globally (slow),
    an invalid CUDA_DEVICE_ORDER, and NCCL_* variables set in Windows that never reach WSL. Only the
    audited names (CUDA_VISIBLE_DEVICES, CUDA_DEVICE_ORDER, CUDA_LAUNCH_BLOCKING,
    NVIDIA_TF32_OVERRIDE, NCCL_*, OLLAMA_*, WSLENV) are ever read.

    Source: Ollama FAQ, "Setting environment variables on Windows"
    (https://github.com/ollama/ollama/blob/main/docs/faq.md).
    """
    windows, gpus, platform = facts.windows, facts.gpus, facts.platform
    if not windows.reachable:
        yield skip(f"The Windows environment was not read: Windows could not be asked ({windows.problem}).",
                   evidence={"problem": windows.problem})
        return
    if windows.environment is None:
        yield skip(f"The Windows environment could not be read from the registry ({windows.environment_problem}).",
                   evidence={"problem": windows.environment_problem})
        return
    chosen = _effective(windows.environment)
    listed = [f"{v.name}={v.value} ({v.scope})" for v in windows.environment]
    evidence = {"variables": [{"scope": v.scope, "name": v.name, "value": v.value} for v in windows.environment]}
    if not listed:
        yield ok("No GPU-related variable is set in the Windows User or Machine environment.", evidence=evidence)
        return
    details = []
    overridden = [v for v in windows.environment if v.scope == "Machine" and chosen[v.name.upper()].scope == "User"]
    details += [f"The User value of {v.name} overrides its Machine value {v.value!r}." for v in overridden]
    wslenv = wslenv_entries(chosen["WSLENV"].value if "WSLENV" in chosen else None)
    if platform.kind == "wsl":
        crossing = [n for n in chosen if n != "WSLENV" and _crosses_into_wsl(n, wslenv)]
        details.append("Reaching WSL through WSLENV: " + (", ".join(crossing) if crossing else "none of them") + ".")
    elif any(name.startswith("NCCL_") for name in chosen):
        details.append("Nothing on native Windows reads the NCCL_* variables: PyTorch's Windows builds have no NCCL.")
    yield ok("Windows environment: " + ", ".join(listed) + ".", *details, evidence=evidence)
    order = chosen["CUDA_DEVICE_ORDER"].value if "CUDA_DEVICE_ORDER" in chosen else None
    for variable in chosen.values():
        yield from _variable_findings(variable, gpus, order, platform.kind, wslenv)
