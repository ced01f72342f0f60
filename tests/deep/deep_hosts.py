"""Hosts for the --deep tests: the recorded two-H200 snapshot (and its RTX 4090 variant) with a
worker run added as the `python` answer the deep probe asks for.

The worker outputs live in tests/deep/recorded/*.jsonl (see the README there). The hardware and
software answers come from the other test layers' builders, which complete the H200 snapshot
from the raw recordings of that host.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from gpus_pcie_p2p.hardware_hosts import H200_PEER, P2P_4090_PHB, TOPOLOGY_PHB, h200, rtx4090_pair, set_cuda
from driver_cuda_nccl.h200_software import PIP_NCCL, add_nccl, add_python_envs
from hosts import HostBuilder

from gpudoctor.engine import Options
from gpudoctor.probes.deep import WORKER_MODULE

RECORDED = Path(__file__).parent / "recorded"
DEEP = Options()
DEEP_CHECKS = ("p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce")
H200_BUSES = ("0000:00:06.0", "0000:00:07.0")
THIRD_H200_BUS = "0000:00:08.0"


def worker_args(devices: str = "0,1", size_mib: int = 1024, tests=("p2p", "host", "allreduce"),
                nccl: str | None = PIP_NCCL) -> list[str]:
    """The command line the deep probe builds (the probe's tests assert it)."""
    args = [*tests, "--size-mib", str(size_mib), "--devices", devices]
    return args + (["--nccl", nccl] if nccl and "allreduce" in tests else [])


def recorded(name: str) -> str:
    return (RECORDED / name).read_text(encoding="utf-8")


def edited(name: str, changes) -> str:
    """A recording with some events changed: `changes(event)` returns the fields to replace, or None."""
    lines = []
    for text in recorded(name).splitlines():
        event = json.loads(text)
        event.update(changes(event) or {})
        lines.append(json.dumps(event, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def set_worker(builder: HostBuilder, args: list[str], stdout: str, returncode: int | None = 0, stderr: str = "",
               error: str | None = None) -> HostBuilder:
    return builder.set("python", ["<gpudoctor-python>", WORKER_MODULE, *args],
                       {"returncode": returncode, "stdout": stdout, "stderr": stderr, "error": error})


def with_software(builder: HostBuilder) -> HostBuilder:
    """The H200 host's Pythons and NCCL copies: PyTorch 2.11.0 in /opt/torch/.venv with pip NCCL 2.28.9."""
    return add_nccl(add_python_envs(builder))


def h200_deep(recording: str = "h200x2-nvlink.jsonl", **answer) -> HostBuilder:
    return set_worker(with_software(h200()), worker_args(), recorded(recording), **answer)


def rtx4090_deep(recording: str = "rtx4090x2-staged.jsonl", **answer) -> HostBuilder:
    """Two GeForce RTX 4090 on PCIe Gen4 x16 without P2P (the driver's GNS), same software."""
    builder = with_software(rtx4090_pair(P2P_4090_PHB, TOPOLOGY_PHB))
    return set_worker(builder, worker_args(), recorded(recording), **answer)


def add_third_h200(builder: HostBuilder) -> HostBuilder:
    """A third H200, answering as GPU 1 does, on bus 00:08.0: three GPUs of an NVSwitch board in a VM.

    Its NVLinks end, like the recorded ones, at FFFFFFFF:FF:FF.0, so every pair counts NV18.
    """
    for args, answer in list(builder.matching("nvml")):
        function, *rest = args
        if function in ("nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor"):
            a, b, *more = rest
            if (a, b) == (0, 1):
                for pair in ((0, 2), (2, 0), (1, 2), (2, 1)):
                    builder.set("nvml", [function, *pair, *more], copy.deepcopy(answer))
        elif rest and rest[0] == 1:
            builder.set("nvml", [function, 2, *rest[1:]], copy.deepcopy(answer))
    info = copy.deepcopy(next(a for args, a in builder.matching("nvml") if args == ["nvmlDeviceGetPciInfo", 2]))
    info["value"].update({"busId": "00000000:00:08.0", "busIdLegacy": THIRD_H200_BUS, "device": 8})
    builder.set("nvml", ["nvmlDeviceGetPciInfo", 2], info)
    builder.set_nvml("nvmlDeviceGetUUID", 2, value="GPU-5e0d7a2c-3f41-4c7e-9a55-0b6d2f7c1e93")
    builder.set_nvml("nvmlDeviceGetCount", value=3)
    return set_cuda(builder, [(bus, "NVIDIA H200") for bus in (*H200_BUSES, THIRD_H200_BUS)], H200_PEER)


def h200x3_deep() -> HostBuilder:
    builder = add_third_h200(with_software(h200()))
    return set_worker(builder, worker_args("0,1,2", 512), recorded("h200x3-nvswitch.jsonl"))


def events(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]

