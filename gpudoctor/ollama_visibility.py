"""Which of this machine's GPUs the Ollama server can use, and why not: pure reasoning over the
facts the probes recorded (no host access).

CUDA_VISIBLE_DEVICES as CUDA reads it (CUDA C Programming Guide, "CUDA Environment Variables"):
a comma-separated list of device indices or UUIDs ("GPU-…", unique prefixes allowed; MIG-… for MIG
instances); parsing stops at the first entry that names no device, so the devices before it stay
visible; "-1" or an empty-but-set list hides all. Indices count in CUDA's order, fastest first unless
CUDA_DEVICE_ORDER=PCI_BUS_ID, which is NVML's PCI order only when the GPUs are alike.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Visibility:
    value: str  # the CUDA_VISIBLE_DEVICES value as set
    visible: tuple[int, ...]  # NVML indices the process can use, in CUDA's order
    ignored: tuple[str, ...]  # entries CUDA drops (they name no GPU here, or follow one that does not)
    by_index: bool  # numeric entries: CUDA's order, which may differ from NVML's


def parse_visible_devices(value: str, gpus) -> Visibility:
    """Resolve CUDA_VISIBLE_DEVICES against the NVML inventory (`gpus`: objects with index and uuid)."""
    entries = [e.strip() for e in value.split(",")]
    visible: list[int] = []
    ignored: list[str] = []
    by_index = False
    for position, entry in enumerate(entries):
        index = _resolve(entry, gpus)
        if index is None or index in visible:
            ignored = [e for e in entries[position:] if e]
            break
        by_index = by_index or entry.lstrip("-").isdigit()
        visible.append(index)
    return Visibility(value, tuple(visible), tuple(ignored), by_index)


def _resolve(entry: str, gpus) -> int | None:
    if not entry:
        return None
    if entry.isdigit():
        index = int(entry)
        return index if any(g.index == index for g in gpus) else None
    wanted = entry.lower()
    wanted = wanted if wanted.startswith("gpu-") else "gpu-" + wanted
    matches = [g.index for g in gpus if g.uuid and g.uuid.lower().startswith(wanted)]
    return matches[0] if len(matches) == 1 else None


def service_visible_devices(o, platform_kind: str, windows=None) -> tuple[str | None, str | None]:
    """(CUDA_VISIBLE_DEVICES of the Ollama server, where gpudoctor read it) — its own log first
    (the `server config` line is the server's environment), then its unit, container or user
    environment; (None, None) when unknown, ("", where) when known to be unset."""
    env = o.log.service_env
    if env is not None and "CUDA_VISIBLE_DEVICES" in env:
        return env["CUDA_VISIBLE_DEVICES"], f"{o.log.source}, `server config` line"
    where = o.where
    if where.service is not None and where.service.active is not None and o.log.from_service:
        return where.service.environment.get("CUDA_VISIBLE_DEVICES", ""), "systemctl show ollama (Environment=)"
    if where.container is not None:
        return where.container.environment.get("CUDA_VISIBLE_DEVICES", ""), f"{where.container.engine} inspect"
    if platform_kind == "windows" and windows is not None and windows.reachable and windows.environment is not None:
        # The tray app inherits the Machine environment with the User one on top.
        for scope in ("User", "Machine"):
            for var in windows.environment:
                if var.name.upper() == "CUDA_VISIBLE_DEVICES" and var.scope == scope:
                    return var.value, f"the Windows {scope} environment"
        return "", "the Windows User and Machine environment"
    return None, None


def cpu_fallback_cause(o, platform_kind: str, visibility: Visibility | None, gpu_count: int) -> tuple[str, str, list]:
    """(which, the sentence saying it, sentences of evidence checked) for a server that found no GPU
    while NVML sees `gpu_count`. Checked in the order the layers stack: what the service is told
    (CUDA_VISIBLE_DEVICES), what its container or unit lets it reach, what the kernel offers it, what CUDA
    said when it tried."""
    checked: list[str] = []
    for layer in (_told, _container_blocks, _unit_blocks, _kernel_lacks, _cuda_failed):
        found = layer(o, platform_kind, visibility, checked)
        if found is not None:
            return (*found, checked)
    return "unknown", "Nothing gpudoctor can read explains it.", checked


def _told(o, _platform_kind: str, visibility: Visibility | None, checked: list) -> tuple[str, str] | None:
    if visibility is None:
        return None
    if not visibility.visible:
        return ("visible-devices", f"CUDA_VISIBLE_DEVICES={visibility.value} names none of this machine's GPUs, so "
                "CUDA shows the server no device at all.")
    checked.append(f"CUDA_VISIBLE_DEVICES={visibility.value or '(unset)'} leaves GPU(s) "
                   f"{', '.join(str(i) for i in visibility.visible)} visible.")
    return None


def _container_blocks(o, _platform_kind: str, _visibility, checked: list) -> tuple[str, str] | None:
    container = o.where.container
    if container is None or not o.log.from_container:
        return None
    if container.requested_gpus == "none":
        return ("container", f"The Ollama container `{container.name}` ({container.image}) was started without a GPU "
                f"request (`{container.engine} inspect`: no DeviceRequests), so it has no GPU to find.")
    checked.append(f"The container `{container.name}` requests GPUs: {container.requested_gpus}.")
    return None


def _unit_blocks(o, _platform_kind: str, _visibility, checked: list) -> tuple[str, str] | None:
    service = o.where.service
    if service is None or not o.log.from_service:
        return None
    blocked = service.blocks_gpus
    if blocked:
        return "sandbox", f"ollama.service's sandbox blocks the GPUs: {blocked} (`systemctl show ollama`)."
    checked.append("ollama.service has no device sandbox (PrivateDevices=no, DevicePolicy="
                   f"{service.device_policy or 'auto'}).")
    return None


def _kernel_lacks(o, platform_kind: str, _visibility, checked: list) -> tuple[str, str] | None:
    access = o.where.access
    if access is None or platform_kind not in ("linux", "wsl") or o.log.from_container:
        return None
    if access.uvm_loaded is False or "/dev/nvidia-uvm" in access.missing:
        missing = "nvidia_uvm is not loaded" if access.uvm_loaded is False else "/dev/nvidia-uvm is missing"
        return ("uvm", f"{missing}: CUDA cannot initialise without the unified-memory driver, while NVML (which "
                "does not need it) still lists the GPUs.")
    if access.device_nodes:
        checked.append("/dev/nvidia-uvm and /dev/nvidiactl exist" + ("; nvidia_uvm is loaded." if access.uvm_loaded
                                                                      else "."))
    return None


def _cuda_failed(o, _platform_kind: str, _visibility, _checked: list) -> tuple[str, str] | None:
    """CUDA's own error, as the server's discovery logged it (gpudoctor/ollama/messages.py tells the reasons)."""
    failures = [p for p in o.log.problems if p.kind == "discovery"]
    if not any(p.reason in ("cuda-init", "no-device") for p in failures):
        return None
    messages = " ".join(p.message for p in failures)
    return ("cuda-init", "CUDA failed to initialise inside the server although the device nodes are there "
            "(Ollama logged: " + messages[:200] + "); after suspend and resume this is nvidia_uvm in a bad state.")


CPU_FALLBACK_FIXES = {
    "visible-devices": "Remove CUDA_VISIBLE_DEVICES from the server's environment, or list GPUs by UUID "
                       "(`nvidia-smi -L`).",
    "container": "Recreate the container with GPUs: `docker run -d --gpus=all -v ollama:/root/.ollama -p 11434:11434 "
                 "--name ollama ollama/ollama`, or in compose under the service: `deploy: {resources: {reservations: "
                 "{devices: [{driver: nvidia, count: all, capabilities: [gpu]}]}}}` (Ollama's docs/docker.md; needs "
                 "the NVIDIA Container Toolkit). gpudoctor never changes containers itself.",
    "sandbox": "Lift it in a drop-in: `sudo systemctl edit ollama.service`, under [Service] `PrivateDevices=no` (or "
               "`DeviceAllow=char-nvidia-frontend rw`, `DeviceAllow=char-nvidia-uvm rw`, `DeviceAllow=char-nvidiactl rw`),"
               " then `sudo systemctl restart ollama`.",
    "uvm": "Load it: `sudo nvidia-modprobe -u` (or `sudo modprobe nvidia_uvm`), then `sudo systemctl restart ollama` "
           "(Ollama's docs/troubleshooting.md, Linux NVIDIA troubleshooting).",
    "cuda-init": "Reload the UVM driver: `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`, then restart Ollama "
                 "(docs/troubleshooting.md); if that fails, reboot.",
    "unknown": "Restart the server with OLLAMA_DEBUG=1 and read its GPU discovery lines.",
}


def hidden_whatever_the_count(value: str) -> tuple[int, ...] | None:
    """The GPU indices CUDA_VISIBLE_DEVICES lets through when that already hides a GPU on any machine,
    however many GPUs it has: numeric entries that leave out GPU 0 (every machine with a GPU has a GPU 0,
    so it is hidden, or, where the listed index does not exist, every GPU is). None when the list could be
    every GPU of some machine ("0", "0,1"), names GPUs by UUID, or is empty (judged without a count)."""
    entries = [e.strip() for e in value.split(",") if e.strip()]
    if not entries or not all(e.isdigit() for e in entries):
        return None
    indices = tuple(dict.fromkeys(int(e) for e in entries))
    return None if 0 in indices else indices


def gpu_list(indices: tuple[int, ...]) -> str:
    """'GPU 1', 'GPUs 1 and 3', 'GPUs 1, 2 and 3'."""
    if len(indices) == 1:
        return f"GPU {indices[0]}"
    return "GPUs " + ", ".join(str(i) for i in indices[:-1]) + f" and {indices[-1]}"
