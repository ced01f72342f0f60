"""The model of the Ollama server (gpudoctor/ollama/server.py) and the one reader of its log lines
(gpudoctor/ollama/messages.py), built from recorded logs and API answers: the lines quoted from public
ollama/ollama issues (tests/fixtures/ollama/README.md names each thread) and the logs recorded on test
machines, replayed through the recorded two-H200 host with the reporter's GPUs in its place."""

from __future__ import annotations

import json

import pytest

from gpudoctor.engine import FactStore, Options
from gpudoctor.ollama.messages import CATALOGUED, UNCATALOGUED, log_line_kept, problem
from gpudoctor.ollama.server import OllamaServer, fewest_gpus
from gpudoctor.probes.ollama import parse_server_log
from gpudoctor.registry import load_registry

from hosts import FIXTURES
from support import GIB, RTX_3090_PAIR, RTX_4090_PAIR, as_windows, h200, log_text, with_gpus, with_ollama

ISSUES = FIXTURES / "ollama" / "issues"
API = FIXTURES / "ollama" / "api"
A100_PAIR = tuple(("NVIDIA A100-PCIE-40GB", f"GPU-91700000-0000-0000-0000-00000000000{i + 1}",
                   f"00000000:{0x01 + i:02X}:00.0", 40960 * 2**20) for i in range(2))
RTX_3090 = (("NVIDIA GeForce RTX 3090", "GPU-92980000-0000-0000-0000-000000000001", "00000000:01:00.0", 24 * GIB),)
RTX_4090_FOUR = tuple(("NVIDIA GeForce RTX 4090", f"GPU-71460000-0000-0000-0000-00000000000{i}",
                       f"00000000:{0x01 + i:02X}:00.0", 24 * GIB) for i in range(4))


def issue_log(name: str) -> str:
    return (ISSUES / name).read_text(encoding="utf-8")


def server(builder) -> OllamaServer:
    """The model as a check builds it, from the facts the probes gather on the builder's host."""
    store = FactStore(builder.host(), load_registry().probes, Options())
    return OllamaServer(store.get("ollama"), store.get("platform").kind, store.get("gpus"))


# -- the one reader of Ollama's lines -----------------------------------------------------------------------
def test_a_failure_the_catalogue_knows_carries_its_signature_code_and_fields():
    """#9170: llama.cpp's allocation line, through ollama.cuda-out-of-memory: the device and size are its fields."""
    log = parse_server_log(issue_log("9170-oom-beyond-the-card.log"), "journalctl -u ollama")
    (failure,) = log.problems
    assert (failure.kind, failure.code, failure.device, failure.size_bytes) == (
        "oom", "ollama.cuda-out-of-memory", 0, int(46963.85 * 2**20))
    assert failure.code in {match.code for match in log.signatures}


def test_discovery_failures_say_why_and_the_cpu_discovery_line_is_a_fact_not_a_failure():
    """#9298: "no nvidia devices detected by library …", "no compatible GPUs were discovered", then the CPU's
    `inference compute` line, which the catalogue's ollama.no-compatible-gpu row also matches."""
    log = parse_server_log(issue_log("9298-no-nvidia-devices.log"), "journalctl -u ollama")
    assert [(p.reason, p.code) for p in log.problems] == [
        ("no-device", "ollama.no-nvidia-devices"), ("none-compatible", "ollama.no-compatible-gpu")]
    cpu_line = next(line for line in issue_log("9298-no-nvidia-devices.log").splitlines()
                    if "inference compute" in line)
    assert problem(cpu_line) is None
    assert [gpu.library for gpu in log.discovered] == ["cpu"]


def test_the_older_form_of_a_message_is_read_through_the_same_row():
    """#6840 (0.3.10): `msg="no nvidia devices detected" library=…` puts the library in a field where later releases
    write "by library …": ollama.no-nvidia-devices reads both, with the library as its field."""
    (failure,) = parse_server_log(issue_log("6840-docker-no-nvidia-devices-0.3.10.log"), "docker logs ollama").problems
    assert (failure.kind, failure.reason, failure.code) == ("discovery", "no-device", "ollama.no-nvidia-devices")


DISCOVERY_FAILURE = ('time=2025-12-03T03:17:28.308Z level=INFO source=runner.go:463 msg="failure during GPU discovery" '
                     'OLLAMA_LIBRARY_PATH="[/usr/lib/ollama /usr/lib/ollama/cuda_v12]" extra_envs=map[GGML_CUDA_INIT:1] ')


def test_a_discovery_that_timed_out_is_read_through_its_row():
    """0.12's discovery runner that timed out (ollama/ollama#13308's line): ollama.gpu-discovery-timeout reads the
    error it carries."""
    failure = problem(DISCOVERY_FAILURE + 'error="failed to finish discovery before timeout"')
    assert (failure.kind, failure.reason, failure.code) == ("discovery", "discovery-failed", "ollama.gpu-discovery-timeout")


def test_a_message_no_row_reads_is_still_read_without_a_code():
    """The same message carrying "runner crashed" (ml/device.go, when the discovery runner exits; ollama/ollama#12774's
    title quotes it): its cause varies, no row reads it, UNCATALOGUED does."""
    failure = problem(DISCOVERY_FAILURE + 'error="runner crashed"')
    assert (failure.kind, failure.reason, failure.code) == ("discovery", "discovery-failed", None)


def test_a_runner_that_died_is_read_through_its_row_and_one_killed_by_oom_is_an_oom():
    """ollama/ollama#7031 (a training excerpt of the corpus): "llama runner process has terminated: exit status
    0xc0000409"; a recorded runner that died of cudaMalloc's out-of-memory error is that error."""
    excerpt = (FIXTURES / "corpus" / "ollama" / "ollama-7031-runner-0xc0000409-fixed-by-update.txt").read_text(
        encoding="utf-8").split("\n---\n", 1)[1]
    line = next(line for line in excerpt.splitlines() if "has terminated" in line)
    crash = problem(line)
    assert (crash.kind, crash.code) == ("runner", "ollama.runner-terminated")
    died = next(line for line in log_text("linux-2gpu-oom-0.6.5.log").splitlines() if "has terminated" in line)
    assert (problem(died).kind, problem(died).message) == (
        "oom", "error loading llama server error=llama runner process has terminated: cudaMalloc failed: out of memory")


@pytest.mark.parametrize(("excerpt", "marker", "read_as"), [
    # ollama/ollama#8271: "cuda driver library failed to get device context 46" before the lookup warning
    ("ollama-8271-device-context-46-wedged-gpu.txt", "error looking up nvidia GPU memory",
     ("discovery", "memory-lookup", "ollama.gpu-memory-lookup-failed")),
    # ollama/ollama#11593: cuInit's error 3 inside "Unable to load cudart library …"
    ("ollama-11593-init-failure-3-uvm-hmm.txt", "init failure", ("discovery", "cuda-init", "ollama.cuda-driver-init-failure")),
    # ollama/ollama#1992: 0.1.20's plain-text form with "Falling back to CPU mode"
    ("ollama-1992-gtx970-cuda-gpu-too-old.txt", "too old", ("discovery", "gpu-too-old", "ollama.cuda-gpu-too-old")),
    # ollama/ollama#1083: 0.1.9's runner, whose first CUDA call failed with cudaErrorInitializationError
    ("ollama-1083-cuda-error-3-initialization-error.txt", "CUDA error 3", ("discovery", "cuda-init", "ollama.ggml-cuda-init-error")),
])
def test_discovery_messages_once_without_a_row_are_read_through_their_rows(excerpt, marker, read_as):
    """Training excerpts of the corpus: each failure line is read with its reason and the row that knows it."""
    text = (FIXTURES / "corpus" / "ollama" / excerpt).read_text(encoding="utf-8").split("\n---\n", 1)[1]
    line = next(line for line in text.splitlines() if marker in line)
    failure = problem(line)
    assert (failure.kind, failure.reason, failure.code) == read_as


def test_the_catalogued_rows_the_wing_reads_exist_and_every_reason_is_told_apart():
    from gpudoctor.knowledge.signatures import by_code
    from gpudoctor.ollama.messages import DISCOVERY_REASONS

    assert all(by_code(code) is not None for code in CATALOGUED)
    reasons = {reason for _kind, reason in CATALOGUED.values()} | {reason for _p, _k, reason in UNCATALOGUED}
    assert reasons - {None} <= set(DISCOVERY_REASONS)


@pytest.mark.parametrize("name", ["9170-oom-beyond-the-card.log", "9298-no-nvidia-devices.log",
                                  "6840-docker-no-nvidia-devices-0.3.10.log", "linux-2gpu-oom-0.6.5.log",
                                  "linux-cpu-fallback-0.5.12.log"])
def test_every_failure_line_survives_what_a_recording_keeps(name):
    text = issue_log(name) if (ISSUES / name).exists() else log_text(name)
    kept = "\n".join(log_line_kept(line) for line in text.splitlines())
    assert parse_server_log(kept, "x").problems == parse_server_log(text, "x").problems != ()


# -- what it sees -------------------------------------------------------------------------------------------
def test_a_server_that_found_no_gpu_runs_on_the_cpu_while_nvml_shows_one():
    model = server(with_ollama(with_gpus(h200(), RTX_3090), log=issue_log("9298-no-nvidia-devices.log")))
    assert model.runs_on_cpu and model.found == [] and model.hidden == [0]
    assert [p.reason for p in model.discovery_failures] == ["no-device", "none-compatible"]


def test_both_gpus_found_at_start_up_are_matched_to_nvml_by_uuid():
    """A recorded 0.13.1 log (new engine, `inference compute` with pci_id) on two RTX 4090s."""
    builder = with_ollama(with_gpus(h200(), RTX_4090_PAIR), version="0.13.1", log=log_text("linux-2gpu-0.13.1-new-engine.log"))
    model = server(builder)
    assert (model.found, model.hidden, model.runs_on_cpu) == ([0, 1], [], False)
    assert model.version == "0.13.1" and not model.stale_log
    assert model.used_indices == [0, 1] and model.last_load.gpu_count == 2


def test_a_log_of_another_version_than_the_one_answering_is_stale():
    builder = with_ollama(with_gpus(h200(), RTX_4090_PAIR), version="0.14.0", log=log_text("linux-2gpu-0.13.1-new-engine.log"))
    model = server(builder)
    assert model.version == "0.14.0" and model.stale_log


def test_what_the_windows_server_is_told_comes_from_its_server_config_line():
    """#10833: Windows, `server config` with CUDA_VISIBLE_DEVICES:0 and nothing after it."""
    builder = as_windows(with_gpus(h200(), RTX_4090_PAIR))
    model = server(with_ollama(builder, version="0.7.1", windows_log=issue_log("10833-windows-cvd0.log"), service=False))
    cvd, source = model.visible_devices
    assert cvd == "0" and "`server config` line" in source
    assert model.visibility.visible == (0,) and model.matched is None


# -- how it placed the last model and what failed ---------------------------------------------------------------
def test_the_fewest_gpus_that_hold_a_load_come_from_its_offload_line():
    """#7146: 10,11,11,1 layers over four cards, though three hold the allocations."""
    builder = with_ollama(with_gpus(h200(), RTX_4090_FOUR), version="0.3.14",
                          log=issue_log("7146-journal-offload-to-cuda-four-gpus.log"))
    model = server(builder)
    assert model.last_load.gpu_count == 4 and fewest_gpus(model.last_load) == 3
    assert model.overcommitted() == []


def test_an_allocation_larger_than_the_whole_card_is_found_with_its_numbers():
    """#9170: 46963.85 MiB asked of CUDA device 0, a 40960 MiB A100."""
    model = server(with_ollama(with_gpus(h200(), A100_PAIR), version="0.5.11",
                               log=issue_log("9170-oom-beyond-the-card.log")))
    beyond = model.allocation_beyond_card()
    assert (beyond.position, beyond.index, beyond.asked, beyond.total) == (
        0, 0, int(46963.85 * 2**20), 40960 * 2**20)
    assert [p.device for p in model.out_of_memory] == [0] and model.runner_crashes == []


def test_the_loaded_models_come_from_the_api_answer():
    """A GET /api/ps answer recorded from a public issue: the model knows the version and what is loaded."""
    ps = (API / "ps-nirmato-ollama-13.json").read_text(encoding="utf-8")
    model = server(with_ollama(with_gpus(h200(), RTX_3090_PAIR), version="0.5.12", ps=ps,
                               log=log_text("linux-2gpu-0.5.12-single.log")))
    names = [m["name"] for m in json.loads(ps)["models"]]
    assert [m.name for m in model.facts.models] == names and model.version == "0.5.12"
    assert model.last_load.gpu_count == 1 and model.found == [0, 1] and len(model.used_indices) == 1
