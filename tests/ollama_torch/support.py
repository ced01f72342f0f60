"""Hosts for the Ollama and PyTorch tests: the recorded two-H200 snapshot, with the GPUs, the
platform, the Ollama API answers, the server log and the Python interpreters a test needs."""

from __future__ import annotations

import json
from pathlib import Path

from gpudoctor.probes.ollama import JOURNAL_ARGV, JOURNAL_STARTUP_ARGV, LOG_LIMIT
from gpudoctor.probes.python_envs import CHILD_SCRIPT as ENV_SCRIPT
from gpudoctor.probes.torch import child_source
from gpudoctor.torch_child import MARKER

from hosts import FIXTURES, HostBuilder

OLLAMA_LOGS = FIXTURES / "ollama"
GIB = 1 << 30

RTX_3090 = "NVIDIA GeForce RTX 3090"
RTX_4090 = "NVIDIA GeForce RTX 4090"
RTX_3090_PAIR = ((RTX_3090, "GPU-3f2b9c1e-8a47-d1b2-6c05-9e7d24a1f3c8", "00000000:01:00.0", 24 * GIB),
                 (RTX_3090, "GPU-b81d07e4-52c9-4f1a-a3e6-0d4c9b72e615", "00000000:02:00.0", 24 * GIB))
RTX_4090_PAIR = ((RTX_4090, "GPU-0d6f2a91-4c3e-7b58-e1a4-93f5c8027b6d", "00000000:01:00.0", 24 * GIB),
                 (RTX_4090, "GPU-e5a87c30-19bd-62f4-0c7e-5da3b1946f02", "00000000:03:00.0", 24 * GIB))
RTX_4090_SINGLE = ((RTX_4090, "GPU-7c1a9e3f-2d45-8b60-1f9e-64a0d3c2b815", "00000000:01:00.0", 24 * GIB),)
RTX_4090_WINDOWS = ((RTX_4090, "GPU-41c7e2b8-96d3-0fa5-7e21-c84b3d9f0a67", "00000000:01:00.0", 24 * GIB),
                    (RTX_4090, "GPU-9d03f6a2-5be1-47c8-a2d0-1e6f84b7c359", "00000000:05:00.0", 24 * GIB))
H100_EIGHT = tuple(("NVIDIA H100 80GB HBM3", f"GPU-5a0e1c47-7d3b-4f92-8e16-2b9c0d7a4e0{i + 1}",
                    f"00000000:{0x18 + i:02X}:00.0", 80 * GIB) for i in range(8))


def h200() -> HostBuilder:
    return HostBuilder.from_fixture("linux-2xh200-nvlink.json")


def with_gpus(builder: HostBuilder, gpus) -> HostBuilder:
    """Replace the recorded GPUs' identities (NVML answers) with `gpus`: (name, uuid, bus id, memory)."""
    builder.set_nvml("nvmlDeviceGetCount", value=len(gpus))
    for index, (name, uuid, bus, memory) in enumerate(gpus):
        builder.set_nvml("nvmlDeviceGetName", index, value=name)
        builder.set_nvml("nvmlDeviceGetUUID", index, value=uuid)
        builder.set_nvml("nvmlDeviceGetPciInfo", index, value={"busId": bus, "busIdLegacy": bus[4:]})
        builder.set_nvml("nvmlDeviceGetMemoryInfo", index, value={"total": memory, "free": memory - GIB, "used": GIB})
    return builder


def as_windows(builder: HostBuilder) -> HostBuilder:
    system = next(answer for args, answer in builder.matching("system"))
    builder.set("system", [], {**system, "sys_platform": "win32", "os_release": "11", "os_version": "10.0.26100",
                               "extra": {"windows_build": 26100, "logical_cpus": 16}})
    return builder


def log_text(name: str) -> str:
    return (OLLAMA_LOGS / name).read_text(encoding="utf-8")


def ps_body(*models: tuple[str, int, int]) -> str:
    """GET /api/ps as Ollama's API docs show it, for (name, size, size_vram) models."""
    return json.dumps({"models": [
        {"name": name, "model": name, "size": size,
         "digest": "a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72",
         "details": {"parent_model": "", "format": "gguf", "family": "llama", "families": ["llama"],
                     "parameter_size": "8.0B", "quantization_level": "Q4_K_M"},
         "expires_at": "2025-02-21T08:36:05.199353+00:00", "size_vram": size_vram, "context_length": 8192}
        for name, size, size_vram in models]})


def with_ollama(builder: HostBuilder, *, version: str = "0.5.12", ps: str | None = None,
                log: str | None = None, windows_log: str | None = None, service: bool = True) -> HostBuilder:
    """An installed Ollama answering on 127.0.0.1:11434, with its log in the journal (or in
    %LOCALAPPDATA%\\Ollama\\server.log with `windows_log`)."""
    builder.set("which", ["ollama"], ["/usr/local/bin/ollama"])
    builder.set("http", ["http://127.0.0.1:11434/api/version"],
                {"status": 200, "body": json.dumps({"version": version}), "error": None})
    builder.set("http", ["http://127.0.0.1:11434/api/ps"],
                {"status": 200, "body": ps if ps is not None else ps_body(), "error": None})
    if log is not None and service:
        builder.set_command(JOURNAL_ARGV, stdout=log)
    if windows_log is not None:
        builder.set_env("LOCALAPPDATA", r"C:\Users\alex\AppData\Local")
        builder.set("file", [r"C:\Users\alex\AppData\Local\Ollama\server.log", LOG_LIMIT, True],
                    {"data": windows_log, "error": None})
    return builder


def with_journal_startup(builder: HostBuilder, text: str) -> HostBuilder:
    return builder.set_command(JOURNAL_STARTUP_ARGV, stdout=text)


TORCH_PYTHON = "/opt/torch/.venv/bin/python3"


def env_answer(torch_version: str | None, python: str = TORCH_PYTHON) -> str:
    """What gpudoctor.probes.python_envs's child prints for an interpreter."""
    dists = {"torch": torch_version} if torch_version else {}
    prefix = python.rsplit("/bin/", 1)[0]
    return json.dumps({"version": "3.12.3", "executable": python, "prefix": prefix,
                       "site": [f"{prefix}/lib/python3.12/site-packages"], "dists": dists})


def torch_answer(**fields) -> str:
    """The torch child's protocol line: two H200s, torch 2.11.0+cu130, unless `fields` say otherwise
    (the values recorded on the two-H200 host: .scratch/h200x2/raw/torch.txt)."""
    answer = {
        "python": "3.12.3", "executable": TORCH_PYTHON, "import_s": 3.38, "torch_version": "2.11.0+cu130",
        "cuda_build": "13.0", "hip_build": None, "cuda_available": True, "device_count": 2, "cuda_warnings": [],
        "devices": [
            {"index": 0, "name": "NVIDIA H200", "capability": [9, 0], "total_memory": 150754820096,
             "uuid": "GPU-56921a4d-e450-5769-9bc8-bc4574602be7", "pci_bus_id": "0000:00:06.0"},
            {"index": 1, "name": "NVIDIA H200", "capability": [9, 0], "total_memory": 150754820096,
             "uuid": "GPU-24abeb5e-9f7d-d4e8-4fb5-883fd076c88a", "pci_bus_id": "0000:00:07.0"},
        ],
        "arch_list": ["sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120"],
        "distributed_available": True, "nccl_available": True, "nccl_version": "2.28.9",
    }
    answer.update(fields)
    return f"{MARKER}{json.dumps(answer)}\n"


def with_torch(builder: HostBuilder, child_stdout: str | None, torch_version: str | None = "2.11.0+cu130",
               cuda_visible_devices: str | None = None) -> HostBuilder:
    builder.set("which", ["python3"], [TORCH_PYTHON])
    builder.set("which", ["python"], [])
    builder.set_command([TORCH_PYTHON, "-c", ENV_SCRIPT], stdout=env_answer(torch_version) + "\n")
    if child_stdout is not None:
        builder.set_command([TORCH_PYTHON, "-c", child_source()], stdout=child_stdout)
    if cuda_visible_devices is not None:
        builder.set_env("CUDA_VISIBLE_DEVICES", cuda_visible_devices)
    return builder


def fake_interpreter(directory: Path, torch_child_script: str, torch_version: str = "2.11.0+cu130") -> Path:
    """An executable `python3` that answers python_envs's question with a torch install, and runs
    `torch_child_script` (shell) when asked the torch question."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "python3"
    env = env_answer(torch_version, str(path)).replace("'", "'\\''")
    path.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        f"  *gpudoctor-torch-child*)\n{torch_child_script}\n    ;;\n"
        f"  *) printf '%s\\n' '{env}' ;;\n"
        "esac\n",
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path
