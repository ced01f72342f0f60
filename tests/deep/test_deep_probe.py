"""The deep probe: which worker run it asks the host for, and what it makes of the answer."""

from __future__ import annotations

from gpus_pcie_p2p.hardware_hosts import set_cuda, set_cuda_error
from deep.deep_hosts import (
    DEEP,
    H200_BUSES,
    edited,
    h200,
    h200_deep,
    recorded,
    set_worker,
    with_software,
    worker_args,
)
import pytest
from hosts import HostBuilder

from gpudoctor.engine import FactStore, Options
from gpudoctor.probing import ProbeFailed
from gpudoctor.probes.deep import WORKER_MODULE, p2p_buffer_mib
from gpudoctor.registry import load_registry


def facts_of(builder: HostBuilder, options: Options = DEEP, progress=None, **probes) -> FactStore:
    return FactStore(builder.host(), {**load_registry().probes, **probes}, options, on_progress=progress)


def deep_of(builder: HostBuilder, options: Options = DEEP):
    return facts_of(builder, options).get("deep")


def asked(store: FactStore) -> list[list]:
    """The worker command lines the probe asked the host for."""
    return [args for _key, (kind, args, _answer) in store.host.recorded.items() if kind == "python"]


def test_a_probe_cannot_read_the_command_lines_options():
    """Only the selection of checks decides what runs; the deep probe once read Options.deep itself."""
    def reads_options(host, facts):
        return facts.get("options")

    store = facts_of(h200_deep(), reader=reads_options)
    with pytest.raises(ProbeFailed, match="selection of checks"):
        store.get("reader")
    assert asked(store) == []


def test_the_h200_run_asks_for_all_tests_on_both_devices_with_pytorchs_nccl():
    store = facts_of(h200_deep())
    deep = store.get("deep")
    assert asked(store) == [["<gpudoctor-python>", WORKER_MODULE, *worker_args()]]
    assert deep.tests == ("p2p", "host", "allreduce") and deep.outcome == "ok" and deep.stop is None
    assert deep.nccl_source == "the copy PyTorch 2.11.0 loads (/opt/torch/.venv/bin/python3)"
    assert [(d.ordinal, d.pci_bus_id, d.gpu_index) for d in deep.devices] == [(0, H200_BUSES[0], 0),
                                                                              (1, H200_BUSES[1], 1)]
    assert [(p.src.label, p.dst.label, p.path, p.verified) for p in deep.pairs] == [
        ("GPU 0", "GPU 1", "p2p", True), ("GPU 1", "GPU 0", "p2p", True)]
    assert deep.pairs[0].unidirectional_gbps == 376.41 and deep.pairs[0].bidirectional_gbps == 741.83
    assert [(h.device.label, h.h2d_gbps) for h in deep.hosts] == [("GPU 0", 55.21), ("GPU 1", 55.02)]
    assert deep.nccl.version_text == "2.28.9" and [s.bytes >> 20 for s in deep.allreduce] == [1, 16, 256, 1024]
    assert all(deep.state(test) == "measured" for test in deep.tests)


def test_cuda_ordinals_are_mapped_back_to_nvml_indices_by_bus_id():
    """CUDA_DEVICE_ORDER=FASTEST_FIRST can number NVML's GPU 1 as CUDA device 0."""
    builder = set_cuda(with_software(h200()), [(H200_BUSES[1], "NVIDIA H200"), (H200_BUSES[0], "NVIDIA H200")])
    lines = edited("h200x2-corrupted.jsonl", lambda e: {"devices": [
        {"ordinal": 0, "name": "NVIDIA H200", "pci_bus_id": H200_BUSES[1]},
        {"ordinal": 1, "name": "NVIDIA H200", "pci_bus_id": H200_BUSES[0]}]} if e.get("kind") == "env" else None)
    deep = deep_of(set_worker(builder, worker_args(), lines))
    bad = next(p for p in deep.pairs if p.verified is False)
    assert (bad.src.ordinal, bad.src.label, bad.dst.label) == (0, "GPU 1", "GPU 0")


def test_a_timeout_stops_in_p2p_naming_the_devices_of_the_last_step():
    deep = deep_of(h200_deep("h200x2-hang.jsonl", returncode=None, error="timeout"))
    assert deep.stop.kind == "timeout" and deep.stop.phase == "p2p"
    assert deep.stop.step == "p2p 0->1: unidirectional"
    assert [d.label for d in deep.stop.devices] == ["GPU 0", "GPU 1"]
    assert [deep.state(t) for t in deep.tests] == ["stopped", "not-reached", "not-reached"]
    assert 10 <= deep.timeout_s <= 50


def test_an_nccl_error_leaves_the_earlier_tests_measured():
    builder = h200_deep("rtx4090x2-nccl-init-fails.jsonl", returncode=1)
    deep = deep_of(builder)
    assert [deep.state(t) for t in deep.tests] == ["measured", "measured", "stopped"]
    assert (deep.stop.phase, deep.stop.func, deep.stop.error) == ("allreduce", "ncclCommInitAll",
                                                                  "ncclUnhandledCudaError")


def test_one_cuda_device_asks_for_the_host_test_only():
    builder = set_cuda(with_software(h200()), [(H200_BUSES[0], "NVIDIA H200")])
    store = facts_of(set_worker(builder, worker_args("0", tests=("host",)), recorded("h200x1-host-only.jsonl")))
    deep = store.get("deep")
    assert asked(store) == [["<gpudoctor-python>", WORKER_MODULE, "host", "--size-mib", "1024", "--devices", "0"]]
    assert deep.tests == ("host",) and "one GPU" in deep.not_asked["p2p"] and "one GPU" in deep.not_asked["allreduce"]
    assert [h.device.label for h in deep.hosts] == ["GPU 0"]


def test_cuda_that_cannot_be_used_runs_nothing():
    store = facts_of(set_cuda_error(h200_deep(), "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"))
    deep = store.get("deep")
    assert deep.cuda_error == "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" and "cannot be used" in deep.not_run
    assert asked(store) == []


def test_without_the_nccl_fact_the_worker_searches_for_nccl_itself():
    store = facts_of(set_cuda(h200(), [(bus, "NVIDIA H200") for bus in H200_BUSES]), nccl=_broken)
    store.get("deep")
    assert asked(store) == [["<gpudoctor-python>", WORKER_MODULE, *worker_args(nccl=None)]]


def _broken(host, facts):
    raise RuntimeError("nccl probe broken")


def test_without_any_loadable_nccl_the_all_reduce_is_not_asked_for():
    builder = with_software(h200())
    for args, _answer in list(builder.matching("native")):
        if args[0] == "nccl.version":
            builder.set("native", args, {"value": None, "error": "NCCL_LOAD_FAILED: cannot open shared object"})
    store = facts_of(builder)
    deep = store.get("deep")
    assert asked(store) == [["<gpudoctor-python>", WORKER_MODULE, "p2p", "host", "--size-mib", "1024", "--devices",
                             "0,1"]]
    assert "no loadable NCCL library" in deep.not_asked["allreduce"]


def test_a_snapshot_without_the_run_is_not_recorded():
    deep = deep_of(with_software(h200()))
    assert deep.outcome == "not-recorded" and "no run of the GPU tests" in deep.not_run


def test_nccl_p2p_disable_comes_from_the_audited_environment_when_the_worker_did_not_get_that_far():
    deep = deep_of(h200_deep("h200x2-hang.jsonl", returncode=None, error="timeout").set_env("NCCL_P2P_DISABLE", "1"))
    assert deep.nccl_p2p_disable == "1"


def test_the_probe_says_it_is_testing():
    seen = []
    facts_of(h200_deep(), progress=seen.append).get("deep")
    assert seen == ["Testing the GPUs"]  # a replay streams nothing; live lines go through progress_forwarder


def test_buffers_shrink_as_pairs_grow():
    assert [p2p_buffer_mib(n) for n in (1, 2, 3, 4, 8)] == [1024, 1024, 512, 512, 256]
