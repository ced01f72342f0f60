"""Every --deep figure is judged against what this hardware should reach (gpudoctor/knowledge/performance.py).

Hosts: the two-H200 recordings made with NCCL_P2P_DISABLE=1 and with a PyTorch loop busy on
GPU 0 (tests/fixtures/hosts/README.md), and what nvidia-smi printed on that host
(tests/fixtures/raw/diagnosis/README.md).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from hosts import FIXTURES, HostBuilder, result, run, text_of

from gpudoctor.engine import Options
from gpudoctor.model import Status
from gpudoctor.probes.gpus import NVLINK_SPEED_FIELD
from gpudoctor.report.json_report import report_document
from gpudoctor.report.terminal import report_lines

RAW = FIXTURES / "raw" / "diagnosis"
DEEP = Options()
P2P_DISABLED = "linux-2xh200-p2p-disabled-deep.json"
BUSY = "linux-2xh200-busy-gpu0-deep.json"


def _deep_report(builder: HostBuilder):
    return run(builder.host(), options=DEEP)


def _nvlink_speed_mbps(path: Path) -> int:
    """`nvidia-smi nvlink -s` prints "Link 0: 26.562 GB/s"; NVML's field answers the same in MB/s."""
    speeds = {float(x) for x in re.findall(r"Link \d+: ([\d.]+) GB/s", path.read_text())}
    assert len(speeds) == 1
    return round(speeds.pop() * 1000)


def _with_nvml_link_speed(builder: HostBuilder) -> HostBuilder:
    speed = _nvlink_speed_mbps(RAW / "h200x2-nvlink-s.txt")
    for gpu in (0, 1):
        builder.set_nvml("nvmlDeviceGetFieldValues", gpu, [NVLINK_SPEED_FIELD], value=[
            {"fieldId": NVLINK_SPEED_FIELD, "scopeId": 0, "timestamp": 0, "latencyUsec": 0, "valueType": 1,
             "nvmlReturn": 0, "value": {"dVal": 0.0, "uiVal": speed, "ulVal": speed, "ullVal": speed,
                                        "sllVal": speed}}])
    return builder


def _with_busy_processes(builder: HostBuilder) -> HostBuilder:
    """What nvidia-smi listed on the busy host, as NVML answers it (the recording predates the question)."""
    uuids = {args[1]: answer["value"] for args, answer in builder.matching("nvml") if args[0] == "nvmlDeviceGetUUID"}
    rows = list(csv.reader((RAW / "h200x2-busy-compute-apps.csv").read_text().splitlines()[1:]))
    for gpu, uuid in uuids.items():
        mine = [r for r in rows if r[3].strip() == uuid]
        builder.set_nvml("nvmlDeviceGetComputeRunningProcesses", gpu, value=[
            {"pid": int(r[0]), "usedGpuMemory": int(r[2].split()[0]) << 20, "gpuInstanceId": 0xFFFFFFFF,
             "computeInstanceId": 0xFFFFFFFF} for r in mine])
        builder.set_nvml("nvmlDeviceGetGraphicsRunningProcesses", gpu, value=[])
        for r in mine:
            builder.set_nvml("nvmlSystemGetProcessName", int(r[0]), value=r[1].strip())
    return builder


# -- point 1: a figure far below what the path reaches is a warning with its cause ---------------------

def test_p2p_disabled_recording_warns_with_measured_expected_and_the_variable():
    report = _deep_report(HostBuilder.from_fixture(P2P_DISABLED))
    nccl = result(report, "nccl.allreduce")
    assert nccl.status is Status.WARN
    lead = nccl.findings[0]
    assert lead.summary.startswith("NCCL 2.28.9 all-reduce across GPU 0, GPU 1: 27.9 GB/s, 8% of the ≈330 GB/s "
                                   "this NV18 path reaches: NCCL_P2P_DISABLE=1 is set")
    assert lead.evidence["expected_gbps"] == 329.9 and lead.evidence["share_of_expected"] == 0.085
    assert "Unset the variable" in text_of(nccl)
    # the variable is env.gpu's finding (with the fix): the slow figure points there in one line
    assert lead.caused_by == "env.gpu"
    lines = [line.text for line in report_lines(report, verbose=False)]
    headline = next(line for line in lines if line.startswith("[!] nccl.allreduce"))
    assert headline.endswith("(follows from env.gpu: see there)")
    assert any(line.strip() == "fix: linux.set-shell-env" for line in lines)
    # the copies themselves were healthy: the path is fine, the variable is not
    assert result(report, "p2p.bandwidth").status is Status.PASS


def test_busy_recording_warns_naming_the_load_it_saw():
    report = _deep_report(HostBuilder.from_fixture(BUSY))
    nccl = result(report, "nccl.allreduce")
    assert nccl.status is Status.WARN
    assert nccl.findings[0].summary == (
        "NCCL 2.28.9 all-reduce across GPU 0, GPU 1: 150 GB/s, 45% of the ≈330 GB/s this NV18 path reaches: GPU 0 "
        "was 100 % busy before the test started: another program was computing on it (this recording holds no "
        "process list to name it)")
    assert nccl.findings[0].caused_by is None


def test_busy_host_with_nvmls_process_list_names_the_process_and_its_memory():
    report = _deep_report(_with_busy_processes(HostBuilder.from_fixture(BUSY)))
    nccl = result(report, "nccl.allreduce")
    assert nccl.status is Status.WARN
    assert ": GPU 0 was shared: NVML listed 1 other process on it (python3 (pid 2261, 1388 MiB)), 100 % utilisation" \
        in nccl.findings[0].summary
    # -v lists what each GPU was doing; the JSON keeps pid, name and memory, never a command line
    verbose = "\n".join(line.text for line in report_lines(report, verbose=True))
    assert "GPU 0: NVIDIA H200, 143771 MiB" in verbose and "100 % busy; running python3 (pid 2261, 1388 MiB)" in verbose
    assert "GPU 1: NVIDIA H200" in verbose and "0 % busy; no other process" in verbose
    gpus = next(c for c in report_document(report)["checks"] if c["id"] == "gpu.count")["evidence"]["gpus"]
    assert gpus[0]["load"]["processes"] == [{"pid": 2261, "name": "python3", "used_memory_mib": 1388,
                                             "kind": "compute"}]


def test_a_healthy_recording_passes_with_the_comparison_in_its_headline():
    report = _deep_report(HostBuilder.from_fixture("linux-2xh200-nvlink-deep.json"))
    for check_id in ("nccl.allreduce", "p2p.bandwidth", "pcie.bandwidth"):
        assert result(report, check_id).status is Status.PASS, check_id
        assert "of the expected ≈" in result(report, check_id).findings[0].summary or check_id == "nccl.allreduce"
    assert "Expected ≈ 330 GB/s" in text_of(result(report, "nccl.allreduce"))


# -- point 2: the expected figure comes from what the host reports --------------------------------------

def test_nvlink_expectation_uses_the_link_speed_nvml_reports():
    builder = _with_nvml_link_speed(HostBuilder.from_fixture(P2P_DISABLED))
    nccl = result(_deep_report(builder), "nccl.allreduce")
    formula = nccl.findings[0].evidence["expected_formula"]
    assert formula.startswith("NV18: 18 links × 26.562 GB/s (NVML link speed, as `nvidia-smi nvlink -s` prints it) "
                              "= 478 GB/s")


def test_explain_documents_the_model_with_formulas_and_sources():
    from click.testing import CliRunner

    from gpudoctor.cli import main

    text = CliRunner().invoke(main, ["explain", "nccl.allreduce"]).output
    assert "NVLink  = active links between the two GPUs × the per-link speed NVML reports" in text
    assert "26.562" in text and "https://github.com/NVIDIA/nccl/issues/1264" in text
    assert "NCCL_P2P_DISABLE" in text and "70 %" in text


def test_too_little_gpu_memory_names_the_processes_nvml_listed():
    from deep.deep_hosts import recorded, set_worker, worker_args

    builder = _with_busy_processes(HostBuilder.from_fixture(BUSY))
    stdout = recorded("h200x2-nvlink.jsonl")
    head = stdout[:stdout.index('{"event":"progress","test":"p2p","step":"p2p: allocate')]
    oom = ('{"event":"error","test":"p2p","where":"p2p: allocate 2 x 1024 MiB per device","func":"cuMemAlloc",'
           '"error":"CUDA_ERROR_OUT_OF_MEMORY","code":2,"message":"out of memory"}\n')
    set_worker(builder, worker_args(), head + oom, returncode=1)
    p2p = result(_deep_report(builder), "p2p.bandwidth")
    assert p2p.status is Status.WARN and p2p.findings[0].summary.startswith("Not measured: too little free GPU memory")
    assert "NVML listed GPU 0: python3 (pid 2261, 1388 MiB)." in text_of(p2p)


def test_a_real_nvml_process_list_names_the_load_and_a_figure_it_did_not_lower_passes():
    """The one-H200 host recorded with the process probe while a PyTorch matmul loop ran on GPU 0
    (nvidia-smi at that moment: tests/fixtures/raw/diagnosis/h200x1-busy-smi.csv). The copy engines
    moved host data at full speed beside it, so the load is named but blamed for nothing."""
    smi = (RAW / "h200x1-busy-smi.csv").read_text().splitlines()
    pid, name, memory = (cell.strip() for cell in smi[1].split(","))
    report = _deep_report(HostBuilder.from_fixture("linux-1xh200-busy-gpu0-deep.json"))
    verbose = "\n".join(line.text for line in report_lines(report, verbose=True))
    assert f"100 % busy; running {name} (pid {pid}, {memory})" in verbose
    copies = result(report, "pcie.bandwidth")
    assert copies.status is Status.PASS and "of the expected ≈53.5 GB/s" in copies.findings[0].summary
    assert name not in text_of(copies) and "busy" not in text_of(copies)
