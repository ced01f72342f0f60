"""env.gpu (and gpu.count for hidden GPUs): what each audited variable does on this host."""

import json

import pytest

from gpudoctor.model import Status
from gpudoctor.probes.env import GPU_ENV_VARIABLES
from gpudoctor.report.json_report import render_json

from gpus_pcie_p2p.hardware_hosts import (
    P2P_4090_PHB, TOPOLOGY_PHB, h200, rtx4090_pair, set_cuda, set_cuda_error,
)
from hosts import recorded_uuids, result, run, text_of

H200_0 = ("0000:00:06.0", "NVIDIA H200")
H200_1 = ("0000:00:07.0", "NVIDIA H200")
UUID_0, UUID_1 = recorded_uuids("linux-2xh200-nvlink.json")
WINDOWS_SYSTEM = {"sys_platform": "win32", "os_release": "11", "os_version": "10.0.26100", "machine": "AMD64",
                  "python_version": "3.12.8", "extra": {"windows_build": 26100}}


def _run(builder, *check_ids):
    report = run(builder.host(), only=check_ids or ["env.gpu"])
    return [result(report, check_id) for check_id in (check_ids or ["env.gpu"])]


def test_nothing_set_on_the_recorded_h200_host():
    (check,) = _run(h200())
    assert check.status is Status.PASS
    assert check.findings[0].summary.startswith("None of the 12 audited variables is set")


def test_nccl_p2p_disable_with_working_nvlink_is_a_warning_with_the_measurement():
    (check,) = _run(h200().set_env("NCCL_P2P_DISABLE", "1"))
    assert check.status is Status.WARN
    finding = check.findings[0]
    assert finding.summary == ("NCCL_P2P_DISABLE=1 switches off NCCL's P2P although the GPUs have P2P over "
                               "NVLink (NV18)")
    assert "two-H200 NVLink host" in text_of(check) and "329 GB/s" in text_of(check) and "28 GB/s" in text_of(check)
    assert finding.fix == "linux.set-shell-env" and finding.fix_args == ("--name", "NCCL_P2P_DISABLE", "--unset")
    assert finding.evidence["measured"]["with_p2p_gb_s"] == 329


def test_nccl_p2p_disable_on_a_geforce_pair_without_p2p_changes_nothing():
    (check,) = _run(rtx4090_pair(P2P_4090_PHB, TOPOLOGY_PHB).set_env("NCCL_P2P_DISABLE", "1"))
    assert check.status is Status.PASS
    assert "no effect here: no GPU pair has P2P anyway" in check.findings[0].summary


def test_on_windows_the_fix_removes_the_user_variable():
    builder = h200().set("system", [], WINDOWS_SYSTEM).set_env("NCCL_P2P_DISABLE", "1")
    (check,) = _run(builder)
    assert check.findings[0].fix == "windows.set-user-env"
    assert check.findings[0].fix_args == ("-Name", "NCCL_P2P_DISABLE", "-Remove")


def test_cuda_visible_devices_hiding_the_second_gpu():
    builder = set_cuda(h200().set_env("CUDA_VISIBLE_DEVICES", "0"), [H200_0])
    env, count = _run(builder, "env.gpu", "gpu.count")
    assert env.status is Status.WARN
    assert env.findings[0].summary == "CUDA_VISIBLE_DEVICES=0 hides GPU 1 (NVIDIA H200)"
    assert env.findings[0].fix_args == ("--name", "CUDA_VISIBLE_DEVICES", "--unset")
    assert count.status is Status.WARN
    assert "GPU 1 (NVIDIA H200) is hidden from CUDA programs by CUDA_VISIBLE_DEVICES=0" in text_of(count)


def test_an_empty_cuda_visible_devices_hides_every_gpu():
    builder = set_cuda_error(h200().set_env("CUDA_VISIBLE_DEVICES", ""), "CUDA_ERROR_NO_DEVICE")
    env, count = _run(builder, "env.gpu", "gpu.count")
    assert env.status is Status.WARN
    assert env.findings[0].summary == "CUDA_VISIBLE_DEVICES is set but empty: it hides every GPU from CUDA programs"
    assert "falls back to the CPU" in text_of(env)
    assert "GPU 0 (NVIDIA H200), GPU 1 (NVIDIA H200) are hidden" in text_of(count)


def test_an_out_of_range_index_stops_cuda_there():
    builder = set_cuda(h200().set_env("CUDA_VISIBLE_DEVICES", "0,2,1"), [H200_0])
    (check,) = _run(builder)
    assert check.status is Status.WARN
    assert check.findings[0].summary == "CUDA_VISIBLE_DEVICES=0,2,1 hides GPU 1 (NVIDIA H200)"
    assert ("CUDA_VISIBLE_DEVICES=0,2,1: the entry '2' is out of range: this host has 2 GPUs (indices 0 to 1); "
            "CUDA ignores that entry and every one after it.") in text_of(check)


def test_uuids_matching_every_gpu_leave_them_all_visible():
    value = f"{UUID_1},{UUID_0[:12]}"  # a full UUID and a unique prefix
    builder = set_cuda(h200().set_env("CUDA_VISIBLE_DEVICES", value), [H200_1, H200_0])
    env, count = _run(builder, "env.gpu", "gpu.count")
    assert env.status is Status.PASS
    assert env.findings[0].summary == f"CUDA_VISIBLE_DEVICES={value} leaves every GPU visible"
    assert [e["gpu"] for e in env.findings[0].evidence["entries"]] == [1, 0]
    assert count.status is Status.PASS


def test_a_uuid_matching_no_gpu_hides_everything_after_it():
    value = "GPU-0badc0de"
    builder = set_cuda_error(h200().set_env("CUDA_VISIBLE_DEVICES", value), "CUDA_ERROR_NO_DEVICE")
    (check,) = _run(builder)
    assert check.status is Status.WARN
    assert check.findings[0].summary == f"CUDA_VISIBLE_DEVICES={value} hides GPU 0 (NVIDIA H200), GPU 1 (NVIDIA H200)"
    assert "'GPU-0badc0de' matches the UUID of no GPU on this host" in text_of(check)


def test_different_gpus_numbered_fastest_first_get_cuda_device_order_advice():
    builder = h200()
    builder.set_nvml("nvmlDeviceGetName", 0, value="NVIDIA GeForce RTX 3090")
    builder.set_nvml("nvmlDeviceGetName", 1, value="NVIDIA GeForce RTX 4090")
    set_cuda(builder, [("0000:00:07.0", "NVIDIA GeForce RTX 4090"), ("0000:00:06.0", "NVIDIA GeForce RTX 3090")])
    (check,) = _run(builder)
    assert check.status is Status.WARN
    assert "CUDA device 0 is nvidia-smi GPU 1 (NVIDIA GeForce RTX 4090)" in text_of(check)
    assert check.findings[0].fix_args == ("--name", "CUDA_DEVICE_ORDER", "--value", "PCI_BUS_ID")


@pytest.mark.parametrize("name, value, status, words", [
    ("NVIDIA_TF32_OVERRIDE", "0", Status.WARN, "turns TF32 off: exact FP32 matrix math, but much slower"),
    ("CUDA_LAUNCH_BLOCKING", "1", Status.WARN, "serialises every kernel launch: for debugging only"),
    ("NCCL_P2P_LEVEL", "LOC", Status.WARN, "keeps NCCL from using P2P between GPU 0 ↔ GPU 1 (NV18)"),
    ("NCCL_P2P_LEVEL", "NVL", Status.PASS, "may use P2P on every GPU pair that supports it"),
    ("NCCL_SHM_DISABLE", "1", Status.PASS, "no effect while every GPU pair has P2P"),
    ("NCCL_IB_DISABLE", "1", Status.PASS, "only concerns traffic between machines"),
    ("NCCL_DEBUG", "INFO", Status.PASS, "'via P2P/…' or 'via SHM'"),
    ("OLLAMA_SCHED_SPREAD", "no", Status.PASS, "spreads every model across all GPUs"),  # Go: not false -> on
    ("OLLAMA_SCHED_SPREAD", "false", Status.PASS, "keeps a model on as few GPUs"),
    ("OLLAMA_GPU_OVERHEAD", "2GB", Status.WARN, "is not a whole number of bytes: Ollama ignores it"),
    ("OLLAMA_GPU_OVERHEAD", "107374182400", Status.WARN, "reserves 100.0 GiB on every GPU: 71% of the smallest"),
    ("OLLAMA_MAX_LOADED_MODELS", "1", Status.PASS, "at most 1 model(s) stay loaded at once"),
])
def test_each_variable_says_what_it_does_here(name, value, status, words):
    (check,) = _run(h200().set_env(name, value))
    assert check.status is status
    assert words in text_of(check)


def test_shm_disabled_without_p2p_leaves_only_the_network():
    (check,) = _run(rtx4090_pair(P2P_4090_PHB, TOPOLOGY_PHB).set_env("NCCL_SHM_DISABLE", "1"))
    assert check.status is Status.WARN
    assert "leaves NCCL only the network between GPU 0 ↔ GPU 1" in text_of(check)


def test_only_the_audited_variables_are_read_and_reported():
    builder = h200().set_env("HF_TOKEN", "hf_abcdefghijklmnopqrstuvwxyz123456").set_env("NCCL_DEBUG", "WARN")
    host = builder.host()
    report = run(host, only=["env.gpu", "gpu.count", "p2p.access"])
    asked = {args[0] for kind, args, _ in host.recorded.values() if kind == "env"}
    assert set(GPU_ENV_VARIABLES) <= asked and "HF_TOKEN" not in asked
    document = render_json(report)
    assert "hf_abcdef" not in document and "HF_TOKEN" not in document
    assert "env.gpu" in [item["id"] for item in json.loads(document)["checks"]]
