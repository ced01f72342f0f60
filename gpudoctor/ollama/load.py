"""How Ollama placed the last model it loaded, from whatever lines that Ollama version logs: the scheduler's
decision, the memory estimate (offload line), the runner's command line, the new engine's load request and
llama.cpp's `offloaded N/M layers to GPU`. The forms each version printed are in
gpudoctor.knowledge.ollama_versions.LOG_FORMATS."""

from __future__ import annotations

import re

from msgspec import Struct

from gpudoctor.ollama.messages import (
    GPU_LAYER_ENTRY,
    GPU_LAYERS,
    LOAD_LINES,
    LOAD_REQUEST,
    NO_GPU_LAYERS,
    OFFLOAD,
    OFFLOADED,
    RUNNER_STARTED,
    SCHEDULER,
    START_RUNNER,
)
from gpudoctor.ollama.slog import first_int, ints, logfmt, parse_size, parse_sizes


class ModelLoad(Struct, frozen=True):
    """How the last model load placed the model, from whatever lines that Ollama version logs."""

    model: str | None = None  # the blob path from the runner's --model
    layers_total: int | None = None
    layers_offloaded: int | None = None
    layer_split: tuple[int, ...] = ()  # layers per GPU, in the runner's device order
    gpu_ids: tuple[str, ...] = ()  # GPU ids (UUIDs) that got layers, when the log names them
    tensor_split: tuple[int, ...] = ()  # --tensor-split of the runner command line
    allocations: tuple[int, ...] = ()  # memory.required.allocations, bytes per GPU
    available: tuple[int, ...] = ()  # memory.available, bytes per GPU considered
    scheduler: str | None = None  # "single-gpu" | "fewest-gpus" | "all-gpus" when the log says
    library: str | None = None
    layers_requested: int | None = None  # num_gpu as asked (-1: let Ollama decide)
    required_full: int | None = None  # memory.required.full: what the whole model with its context needs
    required_kv: int | None = None  # memory.required.kv
    log_format: str | None = None  # the key of gpudoctor.knowledge.ollama_versions.LOG_FORMATS it was read from

    @property
    def gpu_count(self) -> int | None:
        """How many GPUs received layers, or None when the log does not say."""
        if self.gpu_ids:
            return len(self.gpu_ids)
        if self.layer_split:
            return sum(1 for n in self.layer_split if n > 0)
        if self.tensor_split:
            return sum(1 for n in self.tensor_split if n > 0)
        if self.layers_offloaded == 0:
            return 0
        if self.scheduler == "single-gpu" or (self.layers_offloaded and len(self.available) == 1):
            return 1
        return None

    @property
    def fully_offloaded(self) -> bool | None:
        if self.layers_total is None or self.layers_offloaded is None:
            return None
        return self.layers_offloaded >= self.layers_total


def last_index(lines: list[str], needles: tuple[str, ...], before: int | None = None) -> int | None:
    end = len(lines) if before is None else before
    for i in range(end - 1, -1, -1):
        if any(n in lines[i] for n in needles):
            return i
    return None


def _load_segment(lines: list[str]) -> list[str]:
    """The lines of the newest model load: from the scheduler's decision before the runner's start
    to the end. The runner command line (`starting llama server` up to 0.11, `starting runner`
    with --model from 0.12) marks each load."""
    starts = [i for i, line in enumerate(lines) if any(s in line for s in START_RUNNER) and "--model" in line]
    if not starts:
        anchor = last_index(lines, LOAD_LINES + ("offloaded",))
        return [] if anchor is None else lines[anchor:]
    start = starts[-1]
    previous_output = last_index(lines, ("offloaded", RUNNER_STARTED, LOAD_REQUEST), start)
    previous_end = max(starts[-2] if len(starts) > 1 else -1, -1 if previous_output is None else previous_output)
    lead_in = [line for line in lines[previous_end + 1:start] if any(n in line for n in LOAD_LINES)]
    return lead_in + lines[start:]


def _offload_fields(f: dict[str, str]) -> dict:
    """The memory estimate, in each form Ollama printed it (gpudoctor.knowledge.ollama_versions.LOG_FORMATS):
    0.1.32     msg="offload to gpu" reallayers=33 layers=33 required=… used=… available=… kv=…
    0.1.33-44  msg="offload to gpu" layers.real=33 (0.1.38+: layers.requested=-1) memory.available="22.6 GiB"
               memory.required.full=… memory.required.partial=… memory.required.kv=…
    0.1.45-5.11 msg="offload to cuda" layers.requested=-1 layers.model=33 layers.offload=33 layers.split=17,16
               memory.available="[23.3 GiB 23.0 GiB]" memory.required.full=… memory.required.allocations="[…]"
    0.5.12+    msg=offload library=cuda, the same fields as 0.1.45."""
    if "reallayers" in f:
        return {"log_format": "offload-flat", "layers_offloaded": (first_int(f.get("reallayers")),),
                "layers_total": (first_int(f.get("layers")),), "available": parse_sizes(f.get("available")),
                "required_full": parse_size(f.get("required"))}
    if "layers.real" in f:
        fmt = "offload-gpu-real"
        offloaded = first_int(f.get("layers.real"))
    else:
        fmt = "offload-library-attr" if "library" in f else "offload-to-library"
        offloaded = first_int(f.get("layers.offload"))
    fields = {"log_format": fmt, "layers_offloaded": (offloaded,) if offloaded is not None else (),
              "layers_total": ints(f.get("layers.model"))[:1], "layer_split": ints(f.get("layers.split")),
              "allocations": parse_sizes(f.get("memory.required.allocations")),
              "available": parse_sizes(f.get("memory.available")), "library": f.get("library"),
              "layers_requested": first_int(f.get("layers.requested")),
              "required_full": parse_size(f.get("memory.required.full")),
              "required_kv": parse_size(f.get("memory.required.kv"))}
    if fields["library"] is None and fmt == "offload-to-library":
        fields["library"] = f.get("msg", "").rpartition(" ")[2] or None
    return fields


def _runner_fields(line: str) -> dict:
    """The runner's command line: --tensor-split and --model."""
    command = logfmt(line).get("cmd", "")
    split = re.search(r"--tensor-split (\S+)", command)
    model = re.search(r"--model (\S+)", command)
    return {"tensor_split": ints(split.group(1)) if split else (), "model": model.group(1) if model else None}


def _load_request_fields(line: str) -> dict:
    """The new engine's `msg=load request=` line: the layers each GPU got."""
    m = GPU_LAYERS.search(line)
    if m:
        entries = GPU_LAYER_ENTRY.findall(m.group(2))
        return {"gpu_ids": tuple(gpu for gpu, count in entries if int(count) > 0),
                "layer_split": tuple(int(count) for _gpu, count in entries),
                "layers_offloaded": (int(m.group(1)) if m.group(1) else 0,)}
    if NO_GPU_LAYERS in line:
        return {"gpu_ids": (), "layer_split": (), "layers_offloaded": (0,)}
    return {}


def _scheduler_fields(line: str) -> dict:
    """The scheduler's decision; the GPU it chose when it chose one."""
    decision = next((name for text, name in SCHEDULER if text in line), None)
    if decision is None:
        return {}
    return {"scheduler": decision, "single_gpu": logfmt(line).get("gpu")} if decision == "single-gpu" else {
        "scheduler": decision}


def _line_fields(line: str, values: dict) -> None:
    """Adds what one line of the load says to `values` (the later line wins, as the load went on)."""
    if any(marker in line for marker in OFFLOAD):
        values.update(_offload_fields(logfmt(line)))
    elif any(s in line for s in START_RUNNER):
        values.update(_runner_fields(line))
    elif LOAD_REQUEST in line:
        fields = _load_request_fields(line)
        if fields:
            values.update(fields)
            values.setdefault("log_format", "new-engine-load")
    else:
        values.update(_scheduler_fields(line))
    m = OFFLOADED.search(line)
    if m:
        values.update(layers_offloaded=(int(m.group(1)),), layers_total=(int(m.group(2)),))


def model_load(lines: list[str]) -> ModelLoad | None:
    segment = _load_segment(lines)
    if not segment:
        return None
    values: dict = {}
    for line in segment:
        _line_fields(line, values)
    gpu_ids = values.get("gpu_ids") or ((values["single_gpu"],) if values.get("single_gpu") else ())
    offloaded, total = values.get("layers_offloaded") or (None,), values.get("layers_total") or (None,)
    return ModelLoad(
        model=values.get("model"), layers_total=total[0], layers_offloaded=offloaded[0],
        layer_split=values.get("layer_split", ()), gpu_ids=gpu_ids, tensor_split=values.get("tensor_split", ()),
        allocations=values.get("allocations", ()), available=values.get("available", ()),
        scheduler=values.get("scheduler"), library=values.get("library"),
        layers_requested=values.get("layers_requested"), required_full=values.get("required_full"),
        required_kv=values.get("required_kv"), log_format=values.get("log_format"),
    )
