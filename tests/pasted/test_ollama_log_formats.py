"""Every Ollama log format gpudoctor parses (gpudoctor/knowledge/ollama_versions.py LOG_FORMATS) is recognised in a paste
and read by the probe's own parser: the pasted log's facts equal those parse_server_log finds in the same text.

Samples are real lines from public threads (tests/fixtures/pasted/README.md and tests/fixtures/ollama/issues/
name them); four formats no public thread quotes in full are shaped as the cited source prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudoctor.host.base import call_key
from gpudoctor.knowledge.ollama_versions import LOG_FORMATS
from gpudoctor.pasted.reading import read_blocks
from gpudoctor.pasted.text import clean
from gpudoctor.probes.ollama import JOURNAL_ARGV, parse_server_log

ISSUES = Path(__file__).parent.parent / "fixtures" / "ollama" / "issues"
GPU_A = "GPU-a91a72c4-6733-ae33-c532-f159bfc07477"


def issue(name: str) -> str:
    return (ISSUES / name).read_text(encoding="utf-8")


# format -> (the pasted text, what the probe must read from it)
SAMPLES = {
    # llm/server.go@fb9580df85c5 (0.1.32), shaped as it prints
    "offload-flat": ('time=2024-04-18T10:00:00.000Z level=INFO source=server.go:127 msg="offload to gpu" reallayers=33 '
                     'layers=33 required="5.0 GiB" used="5.0 GiB" available="23.1 GiB" kv="256.0 MiB"',
                     lambda log: log.last_load.layers_offloaded == 33),
    # ollama/ollama#4139 (0.1.41 in Docker), cut mid-line in the thread
    "offload-gpu-real": ('time=2024-06-03T11:30:02.386Z level=INFO source=memory.go:133 msg="offload to gpu" '
                         'layers.requested=-1 layers.real=65 memory.available="23.3 GiB" '
                         'memory.required.full="22.8 GiB" memor', lambda log: log.last_load.layers_offloaded == 65),
    # llm/memory.go@e01e535cbbb9 (0.1.45), shaped as it prints
    "offload-to-library": ('time=2024-07-01T10:00:00.000Z level=INFO source=memory.go:309 msg="offload to cuda" '
                           'layers.requested=-1 layers.model=33 layers.offload=33 layers.split=17,16 '
                           'memory.available="[23.3 GiB 23.0 GiB]" memory.required.full="5.0 GiB" '
                           'memory.required.kv="256.0 MiB" memory.required.allocations="[2.6 GiB 2.4 GiB]"',
                           lambda log: log.last_load.layer_split == (17, 16) and log.last_load.library == "cuda"),
    "offload-library-attr": (issue("9181-offload-four-gpus.log"),
                             lambda log: log.last_load.layer_split == (11, 11, 11, 11)),
    "server-config": (issue("13498-journal-cvd1-0.13.log"),
                      lambda log: log.service_env["CUDA_VISIBLE_DEVICES"] == "1"),
    # ollama/ollama#10483 (0.6.6)
    "inference-compute-variant": (f'time=2025-04-30T02:46:26.042+08:00 level=INFO source=types.go:130 msg="inference '
                                  f'compute" id={GPU_A} library=cuda variant=v12 compute=8.9 driver=12.5 '
                                  f'name="NVIDIA GeForce RTX 4090" total="23.6 GiB" available="21.8 GiB"',
                                  lambda log: log.discovered[0].variant == "v12"),
    "inference-compute-described": ((ISSUES.parent / "linux-2gpu-0.13.1-new-engine.log").read_text(encoding="utf-8"),
                                    lambda log: len(log.discovered) == 2 and log.discovered[0].description),
    "looking-for-gpus": (issue("6840-docker-no-nvidia-devices-0.3.10.log"),
                         lambda log: any(p.kind == "discovery" for p in log.problems)),
    # ollama/ollama#16415 (0.30, journal)
    "discovering-gpus": ('Jun 02 13:52:49 debian ollama[88170]: time=2026-06-02T13:52:49.227+03:00 level=INFO '
                         'source=runner.go:55 msg="discovering available GPUs..."',
                         lambda log: log.discovered == () and not log.discovery_seen),
    "no-compatible-gpus": (issue("9298-no-nvidia-devices.log"),
                           lambda log: log.discovered[0].library == "cpu"),
    "no-nvidia-devices": (issue("9298-no-nvidia-devices.log"),
                          lambda log: any("no nvidia devices detected" in p.message for p in log.problems)),
    # server/sched.go@9164b0161bcb (0.1.33), shaped as it prints
    "single-gpu-fit": (f'time=2024-07-01T10:00:00.000Z level=INFO source=sched.go:507 msg="new model will fit in '
                       f'available VRAM in single GPU, loading" model=/models/blobs/sha256-1 gpu={GPU_A} parallel=4 '
                       f'available=23000000000 required="5.0 GiB"',
                       lambda log: log.last_load.gpu_ids == (GPU_A,) and log.last_load.scheduler == "single-gpu"),
    "ggml-cuda-init": (issue("3711-journal-two-gpus-0.1.32.log"),
                       lambda log: [d.name for d in log.runner_devices] == ["NVIDIA RTX A6000",
                                                                            "NVIDIA GeForce RTX 3090"]),
    "ggml-cuda-device-id": (issue("12225-windows-new-engine-one-of-two.log"),
                            lambda log: log.runner_devices[1].uuid == "GPU-ca44d757-2cc4-a597-149c-30b12b5bacb4"),
    "new-engine-load": (issue("12225-windows-new-engine-one-of-two.log"),
                        lambda log: log.last_load.gpu_ids == ("GPU-fee6fb1c-00bf-c621-1289-0fbf6937dad0",)),
    "starting-llama-server": (issue("9181-offload-four-gpus.log"),
                              lambda log: log.last_load.tensor_split == (11, 11, 11, 11)),
    # llm/server.go@f804e8a46005 (0.11.5), shaped as it prints
    "starting-runner": ('time=2025-10-30T00:11:40.000Z level=INFO source=server.go:400 msg="starting runner" '
                        'cmd="/usr/local/bin/ollama runner --model /models/blobs/sha256-2 --port 40000"',
                        lambda log: log.last_load.model == "/models/blobs/sha256-2"),
}


def pasted_log(text: str):
    """What the ollama probe parses when the text is pasted: the journal (or Windows server.log) answer."""
    reading = read_blocks([("paste", clean(text.encode("utf-8")))])
    assert {b.kind.name for b in reading.recognised} == {"Ollama server log"}
    calls = reading.answers.calls
    journal = calls.get(call_key("run", list(JOURNAL_ARGV)))
    if journal is not None:
        return parse_server_log(journal["stdout"], "paste")
    windows = next(answer for key, answer in calls.items() if "server.log" in key)
    return parse_server_log(windows["data"], "paste")


def test_every_format_has_a_sample():
    assert set(SAMPLES) == set(LOG_FORMATS)


@pytest.mark.parametrize("fmt", sorted(LOG_FORMATS))
def test_a_pasted_log_of_each_format_is_read_as_the_probe_reads_it(fmt):
    text, facts = SAMPLES[fmt]
    assert facts(parse_server_log(text, "file"))
    pasted = pasted_log(text)
    assert facts(pasted)
    direct = parse_server_log(text, "paste")
    assert (pasted.last_load, pasted.discovered, pasted.service_env, pasted.runner_devices, pasted.problems) == (
        direct.last_load, direct.discovered, direct.service_env, direct.runner_devices, direct.problems)


def test_ggml_init_cublas_and_the_device_line_under_it():
    """ollama/ollama#1865: llama.cpp's older name for the CUDA listing."""
    log = pasted_log((Path(__file__).parent.parent / "fixtures" / "pasted" /
                      "ollama-1865-ggml-init-cublas-cc50.txt").read_text(encoding="utf-8"))
    assert log.runner_device_count == 1 and log.runner_devices[0].compute == "5.0"


@pytest.mark.parametrize("prefix", [
    "jan 27 17:06:44 desktop ollama[1646734]: ",  # sv_SE, ollama/ollama#8532
    "févr. 27 19:55:27 box ollama[2573567]: ",  # fr_FR
    "2月 27 19:55:27 box ollama[2573567]: ",  # zh_CN / ja_JP
    "Mär  3 09:08:13 box ollama[1209]: ",  # de_DE, a one-digit day
])
def test_localised_journal_prefixes_are_stripped(prefix):
    line = ('time=2025-01-27T17:06:44.420+01:00 level=INFO source=routes.go:1238 msg="Listening on [::]:11434 '
            '(version 0.5.7)"')
    assert pasted_log(prefix + line).server_version == "0.5.7"
    assert clean((prefix + line).encode("utf-8")).lines[0] == line


def test_a_log_of_ollama_on_the_cpu_says_so_without_nvidia_smi():
    """ollama/ollama#9298: no GPU found; the note names it and the discovery error, the check needs nvidia-smi."""
    reading = read_blocks([("paste", clean(issue("9298-no-nvidia-devices.log").encode("utf-8")))])
    assert any(note.endswith("Ollama found no GPU at its start: its only `inference compute` device is the CPU.")
               for note in reading.notes)
    assert any("no nvidia devices detected by library" in note for note in reading.notes)


@pytest.mark.parametrize("first_line", ["ggml_init_cublas: found 1 CUDA devices:",
                                        "ggml_cuda_init: found 1 CUDA devices:"])
def test_a_runner_listing_alone_is_an_ollama_log(first_line):
    """Both names llama.cpp gave its CUDA listing start a log, as the probe's parser reads both."""
    log = pasted_log(f"{first_line}\n  Device 0: Quadro M1000M, compute capability 5.0\n")
    assert log.runner_device_count == 1 and log.runner_devices[0].name == "Quadro M1000M"


def test_the_version_is_the_newest_start_s_as_the_probe_reads_it():
    """A log over an upgrade: the server that answers now is the newest "Listening on" line's version."""
    text = "\n".join(
        f'time=2025-03-1{day}T08:55:10.000Z level=INFO source=routes.go:1277 msg="Listening on 127.0.0.1:11434 '
        f'(version {version})"' for day, version in ((1, "0.5.7"), (3, "0.6.0")))
    reading = read_blocks([("paste", clean(text.encode("utf-8")))])
    answer = reading.answers.calls[call_key("http", ["http://127.0.0.1:11434/api/version"])]
    assert answer["body"] == '{"version": "0.6.0"}'
