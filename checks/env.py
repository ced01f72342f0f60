"""Environment variables that change which GPUs programs use and how they talk to each other."""

from __future__ import annotations

from gpudoctor.fix_requests import user_env
from gpudoctor.model import check, ok, unknown, warn
from gpudoctor.ollama_visibility import gpu_list, hidden_whatever_the_count
from gpudoctor.probes.env import GPU_ENV_VARIABLES, resolve_visible_devices
from gpudoctor.probing import FactNotSeen

from .p2p import describe_cuda_error, p2p_letter

# Measured by the gpudoctor lead with nccl-tests all_reduce_perf on two H200 joined by NV18.
NCCL_P2P_MEASUREMENT = {"host": "two-H200 NVLink host (NV18)", "test": "NCCL all-reduce, bus bandwidth",
                        "with_p2p_gb_s": 329, "with_NCCL_P2P_DISABLE_1_gb_s": 28}
_MEASURED_TEXT = ("Measured on a two-H200 NVLink host: NCCL all-reduce bus bandwidth fell from about 329 GB/s "
                  "to about 28 GB/s with NCCL_P2P_DISABLE=1.")

# NCCL_P2P_LEVEL names, and the legacy integers (0 LOC, 1 PIX, 2 PXB, 3 PHB, 4 and above SYS),
# ranked by distance; NCCL docs, "Environment Variables", NCCL_P2P_LEVEL.
_P2P_LEVEL_RANK = {"LOC": 0, "NVL": 1, "PIX": 2, "PXB": 3, "PHB": 4, "SYS": 5}
_LEGACY_P2P_LEVELS = {0: "LOC", 1: "PIX", 2: "PXB", 3: "PHB"}
# nvidia-smi topo paths ranked the same way; NODE (host bridges of one NUMA node) is NCCL's PHB.
_PATH_RANK = {"PIX": 2, "PXB": 3, "PHB": 4, "NODE": 4, "SYS": 5}

# Go's strconv.ParseBool false spellings; Ollama treats any other non-empty value as true.
_GO_FALSE = {"0", "f", "F", "false", "FALSE", "False"}


def _ollama_service_note(facts, name: str) -> tuple[str, ...]:
    if facts.platform.kind == "windows":
        return ("Ollama reads it at start: quit Ollama from the tray and start it again after a change.",)
    return (f"If Ollama runs as a systemd service, the service has an environment of its own: the fix "
            f"linux.ollama-service-env --unset {name} changes that one.",)


def _ollama_value(raw: str) -> str:
    return raw.strip().strip("\"' ")  # Ollama's envconfig trims quotes and spaces the same way


def _nccl_int(raw: str) -> int | None:
    try:
        return int(raw.strip())
    except ValueError:
        return None


def _gpus_differ(gpus) -> bool:
    return len({(g.name, g.memory_mib, g.compute_capability) for g in gpus}) > 1


def _gpu_names(gpus, indices) -> str:
    by_index = {g.index: g for g in gpus}
    return ", ".join(f"GPU {i} ({by_index[i].name})" if i in by_index else f"GPU {i}" for i in indices)


def _p2p_pairs(facts) -> list:
    """Ordered pairs whose read or write P2P NVML reports OK (and CUDA does not contradict)."""
    inventory, cuda = facts.gpus, facts.cuda
    gpus = {g.index: g for g in inventory.gpus}
    working = []
    for pair in inventory.pairs:
        if "OK" not in (p2p_letter(pair.p2p.get("read")), p2p_letter(pair.p2p.get("write"))):
            continue
        ends = [cuda.by_bus_id(gpus[i].bus_id) for i in (pair.a, pair.b)] if cuda.available else [None, None]
        peer = cuda.peer(ends[0].ordinal, ends[1].ordinal) if all(ends) else None
        if peer is None or peer.can_access_peer != 0:
            working.append(pair)
    return working


# -- the variables ---------------------------------------------------------------------------------

def _cuda_visible_devices(facts, value: str):
    gpus = facts.gpus.gpus
    order_known = facts.gpu_env.get("CUDA_DEVICE_ORDER") == "PCI_BUS_ID" or not _gpus_differ(gpus)
    resolved = resolve_visible_devices(value, gpus, index_order_known=order_known)
    cuda = facts.cuda
    if cuda.available:
        hidden = [g.index for g in gpus if g.bus_id and cuda.by_bus_id(g.bus_id) is None]
    else:
        hidden = list(resolved.hidden)
    evidence = {"variable": "CUDA_VISIBLE_DEVICES", "value": value, "hidden": hidden,
                "entries": [{"text": e.text, "kind": e.kind, "gpu": e.gpu_index, "problem": e.problem}
                            for e in resolved.entries],
                "cuda_sees": [d.pci_bus_id for d in cuda.devices] if cuda.available else None,
                "cuda_error": cuda.error}
    notes = _visible_devices_notes(resolved, order_known, cuda)
    fix = user_env(facts.platform.kind, "CUDA_VISIBLE_DEVICES")
    if not value.strip():
        yield warn("CUDA_VISIBLE_DEVICES is set but empty: it hides every GPU from CUDA programs",
                   "Programs started from this shell see no GPU: Ollama falls back to the CPU and PyTorch reports "
                   "torch.cuda.is_available() == False.", "Remove the variable to use all GPUs.", *notes,
                   evidence=evidence, fix=fix)
    elif resolved.stopped_at is not None or hidden:
        yield _visible_devices_hide(value, gpus, hidden, resolved.stopped_at, notes, evidence, fix)
    else:
        yield ok(f"CUDA_VISIBLE_DEVICES={value} leaves every GPU visible", *notes, evidence=evidence)


def _visible_devices_notes(resolved, order_known: bool, cuda) -> list[str]:
    notes = []
    if any(e.kind == "index" for e in resolved.entries) and not order_known:
        notes.append("Its numbers count in CUDA's order, fastest GPU first, not nvidia-smi's: with different GPUs "
                     "here, 0 may be nvidia-smi's GPU 1. Set CUDA_DEVICE_ORDER=PCI_BUS_ID, or use GPU UUIDs "
                     "(nvidia-smi -L lists them).")
    if any(e.kind == "mig" and e.gpu_index is None for e in resolved.entries):
        notes.append("MIG-… entries name a MIG instance (a slice of one GPU); gpudoctor does not list MIG instances.")
    if not cuda.available:
        notes.append(f"CUDA itself could not be asked: {describe_cuda_error(cuda.error)}.")
    return notes


def _visible_devices_hide(value, gpus, hidden, stop, notes, evidence, fix):
    """CUDA_VISIBLE_DEVICES hides GPUs, or CUDA stops reading it at an entry it cannot use."""
    problem = (f"the entry {stop.text!r} {stop.problem}; CUDA ignores that entry and every one after it"
               if stop is not None else None)
    summary = f"CUDA_VISIBLE_DEVICES={value} hides {_gpu_names(gpus, hidden)}" if hidden else \
        f"CUDA_VISIBLE_DEVICES={value}: {problem}"
    return warn(summary, *([f"CUDA_VISIBLE_DEVICES={value}: {problem}."] if problem and hidden else []),
                "Programs started from this shell (Ollama, PyTorch, vLLM) use only the GPUs it lets through; "
                "the hidden ones stay idle." if hidden else "The GPUs it lists before that entry stay visible.",
                "Remove the variable to use every GPU, or list them all.", *notes, evidence=evidence, fix=fix)


def _cuda_order(facts) -> list[int] | None:
    """NVML indices in CUDA's numbering, when CUDA answered and saw every GPU."""
    cuda, gpus = facts.cuda, facts.gpus
    if not cuda.available:
        return None
    order = [gpus.by_bus_id(d.pci_bus_id) for d in sorted(cuda.devices, key=lambda d: d.ordinal)]
    return [g.index for g in order] if order and all(order) else None


def _cuda_device_order(facts, value: str | None):
    gpus = facts.gpus.gpus
    if value == "PCI_BUS_ID":
        yield ok("CUDA_DEVICE_ORDER=PCI_BUS_ID: CUDA numbers the GPUs like nvidia-smi",
                 evidence={"variable": "CUDA_DEVICE_ORDER", "value": value})
        return
    if value not in (None, "FASTEST_FIRST"):
        yield warn(f"CUDA_DEVICE_ORDER={value} is not a value CUDA documents (FASTEST_FIRST, PCI_BUS_ID)",
                   "Set PCI_BUS_ID to number GPUs like nvidia-smi, or remove it.",
                   evidence={"variable": "CUDA_DEVICE_ORDER", "value": value},
                   fix=user_env(facts.platform.kind, "CUDA_DEVICE_ORDER", "PCI_BUS_ID"))
        return
    order = _cuda_order(facts)
    if facts.gpu_env.get("CUDA_VISIBLE_DEVICES") is not None or order is None:
        return  # CUDA_VISIBLE_DEVICES sets the numbering itself, or CUDA could not say
    shown = f"CUDA_DEVICE_ORDER={value}" if value else "CUDA_DEVICE_ORDER is not set"
    if order == sorted(order):
        if value:
            yield ok(f"{shown}: CUDA's numbering matches nvidia-smi's here",
                     evidence={"variable": "CUDA_DEVICE_ORDER", "value": value, "cuda_order": order})
        return
    mapping = "; ".join(f"CUDA device {cuda_index} is nvidia-smi {_gpu_names(gpus, [nvml])}"
                        for cuda_index, nvml in enumerate(order))
    yield warn(f"{shown}, and CUDA numbers these different GPUs unlike nvidia-smi (fastest first)",
               mapping + ".", "So CUDA_VISIBLE_DEVICES=0 or cuda:0 in PyTorch picks another GPU than nvidia-smi's "
               "GPU 0. Set CUDA_DEVICE_ORDER=PCI_BUS_ID so both number them alike.",
               evidence={"variable": "CUDA_DEVICE_ORDER", "value": value, "cuda_order": order},
               fix=user_env(facts.platform.kind, "CUDA_DEVICE_ORDER", "PCI_BUS_ID"))


def _tf32_override(facts, value: str):
    evidence = {"variable": "NVIDIA_TF32_OVERRIDE", "value": value}
    if value.strip() != "0":
        yield ok(f"NVIDIA_TF32_OVERRIDE={value}: only 0 has a meaning (other values are reserved by NVIDIA)",
                 evidence=evidence)
        return
    ampere = [g for g in facts.gpus.gpus if g.compute_capability and g.compute_capability >= (8, 0)]
    if not ampere:
        yield ok("NVIDIA_TF32_OVERRIDE=0 has no effect here: these GPUs have no TF32 (it came with Ampere)",
                 evidence=evidence)
        return
    yield warn("NVIDIA_TF32_OVERRIDE=0 turns TF32 off: exact FP32 matrix math, but much slower",
               "NVIDIA libraries (cuBLAS, cuDNN) then never use the TF32 tensor cores for FP32 matrix multiplies "
               f"and convolutions on {_gpu_names(facts.gpus.gpus, [g.index for g in ampere])}; NVIDIA documents the "
               "variable as a debugging tool.", "Remove it unless you need bit-exact FP32 results.",
               evidence=evidence, fix=user_env(facts.platform.kind, "NVIDIA_TF32_OVERRIDE"))


def _launch_blocking(facts, value: str):
    evidence = {"variable": "CUDA_LAUNCH_BLOCKING", "value": value}
    if value.strip() != "1":
        yield ok(f"CUDA_LAUNCH_BLOCKING={value}: kernel launches stay asynchronous (only 1 serialises them)",
                 evidence=evidence)
        return
    yield warn("CUDA_LAUNCH_BLOCKING=1 serialises every kernel launch: for debugging only, large slowdown",
               "Every launch waits until the GPU has finished it, so the CPU and GPUs never overlap work; it "
               "exists to make CUDA errors point at the right line.", "Remove it when you are done debugging.",
               evidence=evidence, fix=user_env(facts.platform.kind, "CUDA_LAUNCH_BLOCKING"))


def _p2p_disable(facts, value: str):
    number = _nccl_int(value)
    working = _p2p_pairs(facts)
    evidence = {"variable": "NCCL_P2P_DISABLE", "value": value, "p2p_pairs": [[p.a, p.b] for p in working]}
    if number is None or number == 0:
        yield ok(f"NCCL_P2P_DISABLE={value}: NCCL's P2P transport stays on", evidence=evidence)
        return
    if not working:
        yield ok(f"NCCL_P2P_DISABLE={value} has no effect here: no GPU pair has P2P anyway", evidence=evidence)
        return
    nvlink = [p for p in working if p.nvlinks]
    fix = user_env(facts.platform.kind, "NCCL_P2P_DISABLE")
    if nvlink:
        yield warn(f"NCCL_P2P_DISABLE={value} switches off NCCL's P2P although the GPUs have P2P over NVLink "
                   f"({nvlink[0].path})",
                   "NCCL then stages every transfer through host memory (its SHM transport) instead of NVLink.",
                   _MEASURED_TEXT, "Remove the variable; it is a workaround for machines where P2P hangs or "
                   "corrupts data, which NVLink-connected GPUs do not need.",
                   evidence={**evidence, "measured": NCCL_P2P_MEASUREMENT}, fix=fix)
        return
    yield warn(f"NCCL_P2P_DISABLE={value} switches off NCCL's P2P although the GPUs have P2P over "
               f"{working[0].medium}",
               "NCCL then stages every transfer through host memory (its SHM transport) instead of copying directly "
               "between the GPUs.", "Keep it only if P2P misbehaves on this machine (hangs, wrong results); "
               "otherwise remove it.", evidence=evidence, fix=fix)


def _p2p_level_name(value: str) -> str | None:
    text = value.strip().upper()
    if text in _P2P_LEVEL_RANK:
        return text
    number = _nccl_int(text)
    if number is None or number < 0:
        return None
    return _LEGACY_P2P_LEVELS.get(number, "SYS")


def _p2p_level(facts, value: str):
    level = _p2p_level_name(value)
    evidence = {"variable": "NCCL_P2P_LEVEL", "value": value, "level": level}
    if level is None:
        yield warn(f"NCCL_P2P_LEVEL={value} is not a level NCCL knows (LOC, NVL, PIX, PXB, PHB, SYS)",
                   evidence=evidence, fix=user_env(facts.platform.kind, "NCCL_P2P_LEVEL"))
        return
    allowed = _P2P_LEVEL_RANK[level]
    blocked = [p for p in _p2p_pairs(facts)
               if (_P2P_LEVEL_RANK["NVL"] if p.nvlinks else _PATH_RANK.get(p.topology or "", 5)) > allowed]
    evidence["blocked_pairs"] = [[p.a, p.b] for p in blocked]
    if not blocked:
        yield ok(f"NCCL_P2P_LEVEL={value}: NCCL may use P2P on every GPU pair that supports it", evidence=evidence)
        return
    pairs = ", ".join(f"GPU {p.a} ↔ GPU {p.b} ({p.path})" for p in blocked if p.a < p.b)
    yield warn(f"NCCL_P2P_LEVEL={value} keeps NCCL from using P2P between {pairs}",
               f"The driver allows P2P there, but {level} is a shorter distance than that path, so NCCL stages "
               "those transfers through host memory.",
               *((_MEASURED_TEXT,) if any(p.nvlinks for p in blocked) else ()),
               "Remove the variable to let NCCL choose.", evidence=evidence,
               fix=user_env(facts.platform.kind, "NCCL_P2P_LEVEL"))


def _shm_disable(facts, value: str):
    number = _nccl_int(value)
    evidence = {"variable": "NCCL_SHM_DISABLE", "value": value}
    if number is None or number == 0:
        yield ok(f"NCCL_SHM_DISABLE={value}: NCCL's shared-memory transport stays on", evidence=evidence)
        return
    working = {(p.a, p.b) for p in _p2p_pairs(facts)}
    without = [p for p in facts.gpus.pairs if (p.a, p.b) not in working and p.a < p.b]
    if not without:
        yield ok(f"NCCL_SHM_DISABLE={value} has no effect while every GPU pair has P2P", evidence=evidence)
        return
    pairs = ", ".join(f"GPU {p.a} ↔ GPU {p.b}" for p in without)
    yield warn(f"NCCL_SHM_DISABLE={value} leaves NCCL only the network between {pairs}",
               "These GPUs have no P2P, so NCCL would use shared host memory between them; with SHM disabled it "
               "goes through the network stack (InfiniBand or TCP sockets), which is slower still.",
               "Remove the variable.", evidence=evidence, fix=user_env(facts.platform.kind, "NCCL_SHM_DISABLE"))


def _ib_disable(facts, value: str):
    yield ok(f"NCCL_IB_DISABLE={value} only concerns traffic between machines (InfiniBand/RoCE)",
             "Between the GPUs of this machine NCCL uses P2P or shared memory, which this variable does not touch.",
             evidence={"variable": "NCCL_IB_DISABLE", "value": value})


def _nccl_debug(facts, value: str):
    yield ok(f"NCCL_DEBUG={value}: NCCL prints diagnostics",
             "With INFO, NCCL logs which transport each GPU pair uses ('via P2P/…' or 'via SHM'): the quickest way "
             "to see whether P2P is used. TRACE is very verbose.", evidence={"variable": "NCCL_DEBUG", "value": value})


def _sched_spread(facts, value: str):
    evidence = {"variable": "OLLAMA_SCHED_SPREAD", "value": value}
    if _ollama_value(value) in _GO_FALSE:
        yield ok(f"OLLAMA_SCHED_SPREAD={value}: Ollama keeps a model on as few GPUs as it fits on", evidence=evidence)
        return
    yield ok(f"OLLAMA_SCHED_SPREAD={value}: Ollama spreads every model across all GPUs",
             "Even a model that fits on one GPU is split by layers across all of them: more room for context, "
             "a little traffic between the GPUs per token. Any value other than 0/false turns it on.",
             *_ollama_service_note(facts, "OLLAMA_SCHED_SPREAD"), evidence=evidence)


def _gpu_overhead(facts, value: str):
    evidence = {"variable": "OLLAMA_GPU_OVERHEAD", "value": value}
    text = _ollama_value(value)
    if not text.isdigit():
        yield warn(f"OLLAMA_GPU_OVERHEAD={value} is not a whole number of bytes: Ollama ignores it",
                   "Ollama reads it as bytes reserved on every GPU (e.g. 2147483648 for 2 GiB); units like 2GB "
                   "are not accepted.", *_ollama_service_note(facts, "OLLAMA_GPU_OVERHEAD"),
                   evidence=evidence, fix=user_env(facts.platform.kind, "OLLAMA_GPU_OVERHEAD"))
        return
    reserved = int(text)
    sizes = [g.memory_total_bytes for g in facts.gpus.gpus if g.memory_total_bytes]
    smallest = min(sizes) if sizes else None
    share = reserved / smallest if smallest else None
    evidence.update(reserved_bytes=reserved, smallest_gpu_bytes=smallest)
    gib = reserved / 2**30
    if share is not None and share >= 0.5:
        yield warn(f"OLLAMA_GPU_OVERHEAD reserves {gib:.1f} GiB on every GPU: {share:.0%} of the smallest GPU",
                   "Ollama leaves that much VRAM unused on each GPU, so fewer layers fit and more run on the CPU.",
                   *_ollama_service_note(facts, "OLLAMA_GPU_OVERHEAD"), evidence=evidence,
                   fix=user_env(facts.platform.kind, "OLLAMA_GPU_OVERHEAD"))
        return
    yield ok(f"OLLAMA_GPU_OVERHEAD reserves {gib:.1f} GiB on every GPU", evidence=evidence)


def _max_loaded_models(facts, value: str):
    evidence = {"variable": "OLLAMA_MAX_LOADED_MODELS", "value": value}
    text = _ollama_value(value)
    if not text.isdigit():
        yield warn(f"OLLAMA_MAX_LOADED_MODELS={value} is not a whole number: Ollama ignores it",
                   *_ollama_service_note(facts, "OLLAMA_MAX_LOADED_MODELS"), evidence=evidence,
                   fix=user_env(facts.platform.kind, "OLLAMA_MAX_LOADED_MODELS"))
        return
    if int(text) == 0:
        yield ok("OLLAMA_MAX_LOADED_MODELS=0: Ollama's default (3 models per GPU)", evidence=evidence)
        return
    yield ok(f"OLLAMA_MAX_LOADED_MODELS={text}: at most {text} model(s) stay loaded at once",
             "Loading another model beyond that unloads one first.", evidence=evidence)


_AUDITS = {
    "CUDA_VISIBLE_DEVICES": _cuda_visible_devices,
    "NVIDIA_TF32_OVERRIDE": _tf32_override,
    "CUDA_LAUNCH_BLOCKING": _launch_blocking,
    "NCCL_P2P_DISABLE": _p2p_disable,
    "NCCL_P2P_LEVEL": _p2p_level,
    "NCCL_SHM_DISABLE": _shm_disable,
    "NCCL_IB_DISABLE": _ib_disable,
    "NCCL_DEBUG": _nccl_debug,
    "OLLAMA_SCHED_SPREAD": _sched_spread,
    "OLLAMA_GPU_OVERHEAD": _gpu_overhead,
    "OLLAMA_MAX_LOADED_MODELS": _max_loaded_models,
}


def _without_gpu_list(facts, name: str, value: str, gap):
    """What a variable already says when the machine's GPUs were not seen: a CUDA_VISIBLE_DEVICES that
    leaves out GPU 0 hides a GPU on any machine (a warning, with its condition); the rest is unknown."""
    shown = hidden_whatever_the_count(value) if name == "CUDA_VISIBLE_DEVICES" else None
    if shown is None:
        yield unknown(gap, f"what {name}={value} does on this machine")
        return
    yield warn(f"CUDA_VISIBLE_DEVICES={value}: programs started with it see only {gpu_list(shown)}; if this machine "
               "has more GPUs, the others are hidden from them",
               f"GPU 0 is left out, so at least one GPU is hidden (or none is usable, where {gpu_list(shown)} does not "
               f"exist). `{gap.shown_by}` shows how many GPUs the machine has.",
               "Remove the variable to use every GPU, or list them all.",
               evidence={"variable": name, "value": value, "visible": list(shown),
                         "condition": "the machine's GPU list was not seen", "shown_by": gap.shown_by},
               fix=user_env(facts.platform.kind, name))


@check("env.gpu", title="Environment variables that change GPU use", needs=("gpu_env", "gpus", "cuda"),
       fixes=("linux.set-shell-env", "windows.set-user-env", "linux.ollama-service-env"))
def env_gpu(facts):
    """Audits the environment variables that change which GPUs programs see and how they talk:
    CUDA_VISIBLE_DEVICES (hides GPUs; an empty value hides all; CUDA stops at the first invalid
    entry), CUDA_DEVICE_ORDER (CUDA numbers GPUs fastest first unless PCI_BUS_ID, which matters
    only when the GPUs differ), NVIDIA_TF32_OVERRIDE (0 turns TF32 off), CUDA_LAUNCH_BLOCKING (1
    serialises kernel launches), NCCL_P2P_DISABLE, NCCL_P2P_LEVEL, NCCL_SHM_DISABLE,
    NCCL_IB_DISABLE, NCCL_DEBUG, OLLAMA_SCHED_SPREAD, OLLAMA_GPU_OVERHEAD and
    OLLAMA_MAX_LOADED_MODELS.

    Each finding says what the value does on this host: e.g. NCCL_P2P_DISABLE=1 where the GPUs
    have NVLink P2P cut NCCL all-reduce bus bandwidth from about 329 GB/s to about 28 GB/s on a
    two-H200 host. Only these variables are read; no other value ever appears in a report.
    Sources: CUDA C++ Programming Guide ("CUDA Environment Variables"), NCCL "Environment
    Variables", Ollama envconfig/config.go.
    """
    env = facts.gpu_env
    found = []
    for name in GPU_ENV_VARIABLES:
        value = env.get(name)
        try:
            if name == "CUDA_DEVICE_ORDER":
                found.extend(_cuda_device_order(facts, value))
            elif value is not None:
                found.extend(_AUDITS[name](facts, value))
        except FactNotSeen as exc:  # this variable's meaning here rests on the machine's GPUs
            found.extend(_without_gpu_list(facts, name, value, exc.gap) if value is not None else ())
    if not found:
        yield ok(f"None of the {len(GPU_ENV_VARIABLES)} audited variables is set: CUDA, NCCL and Ollama use "
                 "their defaults", evidence={"audited": list(GPU_ENV_VARIABLES), "set": {}})
        return
    yield from found
