"""The two-H200 host's software answers for the toolkits, nccl and python_envs probes.

The snapshot tests/fixtures/hosts/linux-2xh200-nvlink.json was recorded before these probes existed.
These answers come from the recordings of the same host (.scratch/h200x2/raw: ldconfig -p, nvcc
--version, which -a, pip list, the NCCL versions read with ncclGetVersion, the environment), copied
byte for byte into tests/driver_cuda_nccl/recorded/ where the format matters. Once the snapshot is
re-recorded with these probes, the same answers come from it and this layer changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from hosts import HostBuilder

from gpudoctor.probes.python_envs import CHILD_SCRIPT

RECORDED = Path(__file__).parent / "recorded"
FIXTURE = "linux-2xh200-nvlink.json"

VENV = "/opt/torch/.venv"
VENV_SITE = f"{VENV}/lib/python3.12/site-packages"
PIP_NCCL = f"{VENV_SITE}/nvidia/nccl/lib/libnccl.so.2"
SYSTEM_NCCL_LINK = "/lib/x86_64-linux-gnu/libnccl.so.2"  # as `ldconfig -p` prints it
SYSTEM_NCCL = "/usr/lib/x86_64-linux-gnu/libnccl.so.2.28.3"  # what it resolves to (find / ls -la)
SYSTEM_SITES = ["/usr/local/lib/python3.12/dist-packages", "/usr/lib/python3/dist-packages"]
CUDA_ROOT = "/usr/local/cuda-13.0"
PATH_NVCC = "/usr/local/cuda/bin/nvcc"
LD_LIBRARY_PATH = "/usr/local/nvidia/lib64:/usr/local/nvidia/lib"

# `pip list` in the venv, for the distributions the python_envs probe asks about.
VENV_DISTRIBUTIONS = {"torch": "2.11.0", "nvidia-nccl-cu13": "2.28.9", "nvidia-cuda-runtime": "13.0.96",
                      "jax": "0.11.2"}


def recorded(name: str) -> str:
    return (RECORDED / name).read_text(encoding="utf-8")


def python_answer(executable: str, prefix: str, site: list[str], dists: dict[str, str]) -> str:
    """The python_envs child's one line of JSON, as json.dumps writes it there."""
    return json.dumps({"version": "3.12.3", "executable": executable, "prefix": prefix, "site": site,
                       "dists": dists}) + "\n"


def set_python(builder: HostBuilder, command: str, stdout: str = "", **kwargs) -> HostBuilder:
    return builder.set_command([command, "-c", CHILD_SCRIPT], stdout=stdout, **kwargs)


def set_nccl_version(builder: HostBuilder, path: str, value: int | None = None, error: str | None = None):
    return builder.set("native", ["nccl.version", path], {"value": value, "error": error})


def add_python_envs(builder: HostBuilder) -> HostBuilder:
    builder.set("which", ["python3"], [f"{VENV}/bin/python3", "/usr/bin/python3", "/bin/python3"])
    builder.set("which", ["python"], [f"{VENV}/bin/python"])
    for directory, real in ((f"{VENV}/bin", f"{VENV}/bin"), ("/usr/bin", "/usr/bin"), ("/bin", "/usr/bin")):
        builder.set("resolve", [directory], real)
    for command in (f"{VENV}/bin/python3", f"{VENV}/bin/python", "/usr/bin/python3", "/bin/python3"):
        builder.set("resolve", [command], "/usr/bin/python3.12")
    set_python(builder, f"{VENV}/bin/python3",
               python_answer(f"{VENV}/bin/python3", VENV, [VENV_SITE], VENV_DISTRIBUTIONS))
    set_python(builder, "/usr/bin/python3", python_answer("/usr/bin/python3", "/usr", SYSTEM_SITES, {}))
    return builder


def add_nccl(builder: HostBuilder) -> HostBuilder:
    builder.set_env("LD_LIBRARY_PATH", LD_LIBRARY_PATH)
    for directory in LD_LIBRARY_PATH.split(":"):
        builder.set("glob", [f"{directory}/libnccl.so*"], [])
    builder.set_command(["ldconfig", "-p"], stdout=recorded("ldconfig-p.txt"))
    builder.set("resolve", [SYSTEM_NCCL_LINK], SYSTEM_NCCL)
    builder.set("resolve", ["/lib/x86_64-linux-gnu/libnccl.so"], SYSTEM_NCCL)
    set_nccl_version(builder, SYSTEM_NCCL, 22803)
    builder.set("glob", [f"{VENV_SITE}/nvidia/nccl/lib/libnccl.so*"], [PIP_NCCL])
    builder.set("resolve", [PIP_NCCL], PIP_NCCL)
    set_nccl_version(builder, PIP_NCCL, 22809)
    return builder


def h200_software() -> HostBuilder:
    """The H200 host as recorded: start every test here and change only what differs."""
    return HostBuilder.from_fixture(FIXTURE)
