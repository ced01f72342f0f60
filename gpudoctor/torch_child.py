"""gpudoctor-torch-child: PyTorch's own view of CUDA, printed as one JSON line.

gpudoctor runs this file's source with `python -c` in the interpreter that has torch, which
is usually not the one gpudoctor runs on: it must stay self-contained (standard library and
torch only, Python 3.8+) and must never import gpudoctor. It measures and reports; gpudoctor
judges. Importing torch takes seconds, which is why this runs in a child process with a
timeout, and only when a torch check is selected.

The answer is the last stdout line that starts with MARKER; anything a library prints before
it is ignored. Errors inside torch become fields of the answer, never a traceback.
"""

import json
import platform
import sys
import time
import warnings

MARKER = "gpudoctor-torch: "


def _error(exc):
    return "%s: %s" % (type(exc).__name__, exc)


def _nccl_version_text(version):
    """torch.cuda.nccl.version() is a tuple (2, 28, 9) in torch >= 1.11, an int before (2708, 21003)."""
    if isinstance(version, tuple):
        return ".".join(str(part) for part in version)
    if version >= 10000:  # NCCL_VERSION_CODE from 2.9 on: major*10000 + minor*100 + patch
        return "%d.%d.%d" % (version // 10000, version % 10000 // 100, version % 100)
    return "%d.%d.%d" % (version // 1000, version % 1000 // 100, version % 100)


def _device(torch, index):
    try:
        props = torch.cuda.get_device_properties(index)
    except Exception as exc:  # a GPU that CUDA lists but cannot describe
        return {"index": index, "error": _error(exc)}
    uuid = str(getattr(props, "uuid", "") or "") or None
    if uuid and not uuid.startswith(("GPU-", "MIG-")):
        uuid = "GPU-" + uuid  # torch prints the bare UUID; NVML and nvidia-smi prefix it
    bus = getattr(props, "pci_bus_id", None)
    pci = None
    if bus is not None:  # torch >= 2.6
        pci = "%04x:%02x:%02x.0" % (getattr(props, "pci_domain_id", 0), bus, getattr(props, "pci_device_id", 0))
    return {
        "index": index,
        "name": props.name,
        "capability": [props.major, props.minor],
        "total_memory": props.total_memory,
        "uuid": uuid,
        "pci_bus_id": pci,
    }


def _distributed(torch, answer):
    dist = getattr(torch, "distributed", None)
    try:
        answer["distributed_available"] = bool(dist is not None and dist.is_available())
        answer["nccl_available"] = bool(answer["distributed_available"] and dist.is_nccl_available())
    except Exception as exc:
        answer["distributed_error"] = _error(exc)
    try:
        answer["nccl_version"] = _nccl_version_text(torch.cuda.nccl.version())
    except Exception as exc:  # CPU-only builds have no NCCL
        answer["nccl_error"] = _error(exc)


def report():
    answer = {"python": platform.python_version(), "executable": sys.executable}
    # `python -c` puts the working directory first on sys.path: a folder named torch there
    # (a PyTorch checkout) must not stand in for the installed package.
    sys.path[:] = [entry for entry in sys.path if entry not in ("", ".")]
    started = time.monotonic()
    try:
        import torch
    except Exception as exc:  # ImportError, or OSError from a missing shared library
        answer["import_error"] = _error(exc)
        return answer
    answer["import_s"] = round(time.monotonic() - started, 2)
    answer["torch_version"] = torch.__version__
    answer["cuda_build"] = torch.version.cuda
    answer["hip_build"] = getattr(torch.version, "hip", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            answer["cuda_available"] = bool(torch.cuda.is_available())
            answer["device_count"] = torch.cuda.device_count()
        except Exception as exc:
            answer["cuda_error"] = _error(exc)
    # "CUDA initialization: The NVIDIA driver on your system is too old (found version 12040)..."
    answer["cuda_warnings"] = [str(w.message) for w in caught]
    count = answer.get("device_count") or 0
    answer["devices"] = [_device(torch, i) for i in range(count)] if answer.get("cuda_available") else []
    try:
        answer["arch_list"] = torch.cuda.get_arch_list()
    except Exception as exc:
        answer["arch_error"] = _error(exc)
    _distributed(torch, answer)
    return answer


def main():
    try:
        answer = report()
    except Exception as exc:  # a torch internals surprise: still answer in the protocol
        answer = {"error": _error(exc)}
    sys.stdout.write(MARKER + json.dumps(answer) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
