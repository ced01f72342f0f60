"""The ollama.* checks against log lines and API answers quoted from public ollama/ollama issues
(tests/fixtures/ollama/README.md names each thread), replayed through the recorded two-H200 host
with the GPUs of the reporter put in its place. Each test asserts the verdict and the advice a
maintainer gave (or would give) in that thread, not only the status."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gpudoctor.model import Status
from gpudoctor.knowledge.ollama_versions import LOG_FORMATS, SETTINGS, reads, within
from gpudoctor.ollama_visibility import parse_visible_devices
from gpudoctor.probes.ollama import JOURNAL_ARGV, parse_server_log
from gpudoctor.probes.ollama_host import SYSTEMCTL_SHOW, parse_unit

from hosts import FIXTURES, result, run, text_of
from support import GIB, as_windows, h200, with_gpus, with_ollama

ISSUES = FIXTURES / "ollama" / "issues"
API = FIXTURES / "ollama" / "api"
OLLAMA_CHECKS = ["ollama.server", "ollama.container", "ollama.gpus", "ollama.env", "ollama.placement",
                 "ollama.models", "ollama.errors"]


def issue_log(name: str) -> str:
    return (ISSUES / name).read_text(encoding="utf-8")


def checked(builder):
    report = run(builder.host(), only=OLLAMA_CHECKS)
    return {check: result(report, check) for check in OLLAMA_CHECKS}


def pair(name: str, memory: int, *uuids: str):
    return tuple((name, uuid, f"00000000:{0x01 + i:02X}:00.0", memory) for i, uuid in enumerate(uuids))


def real_dev_listing() -> list[str]:
    """The /dev/nvidia* nodes recorded on the two-H200 host (tests/fixtures/ollama/host/h200-devnodes.txt)."""
    text = (FIXTURES / "ollama" / "host" / "h200-devnodes.txt").read_text(encoding="utf-8")
    return sorted({Path(m).name for m in re.findall(r"(/dev/nvidia[\w-]*)", text)})


def with_devices(builder, nodes: list[str]):
    return builder.set("dir", ["/dev"], {"entries": ["null", "zero", *nodes], "error": None})


def with_unit(builder, text: str):
    return builder.set_command(SYSTEMCTL_SHOW, stdout=text)


# -- the per-version model ------------------------------------------------------------------------------
def test_version_table_gates_the_settings_by_release():
    assert reads("OLLAMA_SCHED_SPREAD", "0.1.44") is False
    assert reads("OLLAMA_SCHED_SPREAD", "0.1.45") is True
    assert reads("OLLAMA_GPU_OVERHEAD", "0.3.6") is False
    assert reads("OLLAMA_KV_CACHE_TYPE", "0.5.0") is True
    assert reads("OLLAMA_NEW_ENGINE", "0.30.1") is False  # removed after 0.24
    # the server's own `server config` keys decide over the table
    assert reads("OLLAMA_GPU_OVERHEAD", "0.1.30", ("OLLAMA_GPU_OVERHEAD",)) is True
    assert within("0.6.8-rc1", LOG_FORMATS["offload-library-attr"]) is True
    assert all(re.fullmatch(r"[\w/.-]+@[0-9a-f]{12}", span.source) for span in (*SETTINGS.values(), *LOG_FORMATS.values()))


# One fixture per log format of the inventory (gpudoctor/knowledge/ollama_versions.py), and what gpudoctor reads from it.
FORMATS = {
    "9181-offload-four-gpus.log": ("offload-library-attr", lambda log: (
        log.last_load.layer_split == (11, 11, 11, 11) and log.last_load.required_kv == int(19.5 * GIB)
        and log.last_load.available == (22 * GIB,) * 4 and log.last_load.tensor_split == (11, 11, 11, 11))),
    "8430-split-37-0.log": ("offload-library-attr", lambda log: (
        log.last_load.layers_requested == 49 and log.last_load.allocations == (int(11.4 * GIB), 0))),
    "12225-windows-new-engine-one-of-two.log": ("new-engine-load", lambda log: (
        log.last_load.gpu_ids == ("GPU-fee6fb1c-00bf-c621-1289-0fbf6937dad0",) and log.runner_device_count == 2
        and log.runner_devices[1].uuid == "GPU-ca44d757-2cc4-a597-149c-30b12b5bacb4")),
    "3711-journal-two-gpus-0.1.32.log": (None, lambda log: (
        [d.name for d in log.runner_devices] == ["NVIDIA RTX A6000", "NVIDIA GeForce RTX 3090"]
        and log.last_load.layers_offloaded == 39 and log.last_load.layers_total == 41)),
    "1341-ggml-init-cublas-0.1.x.log": (None, lambda log: log.runner_device_count == 2
                                        and log.runner_devices[0].compute == "8.6"),
    "9298-no-nvidia-devices.log": (None, lambda log: log.discovery_seen and log.discovered[0].library == "cpu"
                                   and any("no nvidia devices detected by library" in p.message for p in log.problems)),
    "6840-docker-no-nvidia-devices-0.3.10.log": (None, lambda log: log.server_version == "0.3.10"
                                                 and log.listening == "[::]:11434"
                                                 and any(p.kind == "discovery" for p in log.problems)),
    "7692-docker-timestamps-0.4.log": (None, lambda log: "OLLAMA_GPU_OVERHEAD" in log.config_keys
                                       and "OLLAMA_KV_CACHE_TYPE" not in log.config_keys),
    "13498-journal-cvd1-0.13.log": (None, lambda log: log.service_env["CUDA_VISIBLE_DEVICES"] == "1"
                                    and log.service_env["HIP_VISIBLE_DEVICES"] == "-1"),
    "5093-two-m60-0.1.4x.log": (None, lambda log: [d.name for d in log.discovered] == ["Tesla M60", "Tesla M60"]),
    "9170-oom-beyond-the-card.log": (None, lambda log: log.problems[0].device == 0
                                     and log.problems[0].size_bytes == int(46963.85 * 2**20)),
}


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_log_format_is_read(name):
    log_format, facts_read = FORMATS[name]
    log = parse_server_log(issue_log(name), "journalctl -u ollama")
    assert facts_read(log)
    if log_format:
        assert log.last_load.log_format == log_format


# -- visibility: the service's CUDA_VISIBLE_DEVICES against NVML ------------------------------------------
RTX_5060_TI_PAIR = pair("NVIDIA GeForce RTX 5060 Ti", 16 * GIB, "GPU-fee6fb1c-00bf-c621-1289-0fbf6937dad0",
                        "GPU-ca44d757-2cc4-a597-149c-30b12b5bacb4")


def test_windows_log_that_stops_after_the_config_line_still_says_gpu_0_only():
    """#10833: Windows, the server log ends three lines after `server config` with CUDA_VISIBLE_DEVICES:0."""
    builder = as_windows(with_gpus(h200(), RTX_5060_TI_PAIR))
    builder = with_ollama(builder, version="0.7.1", windows_log=issue_log("10833-windows-cvd0.log"), service=False)
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.status is Status.FAIL
    finding = gpus.findings[0]
    assert finding.summary == (r"The Ollama app's server can only use GPU 0 (NVIDIA GeForce RTX 5060 Ti) of your 2: "
                               r"its environment sets CUDA_VISIBLE_DEVICES=0 (C:\Users\alex\AppData\Local\Ollama"
                               r"\server.log, `server config` line).")
    assert "quit and restart Ollama" in text_of(gpus)
    assert (finding.fix, finding.fix_args) == ("windows.set-user-env",
                                               ("-Name", "CUDA_VISIBLE_DEVICES", "-Remove", "-RestartOllama"))


def test_journal_cut_mid_line_still_gives_the_service_verdict_and_its_drop_in():
    """#13498: journalctl cut the `server config` line; CUDA_VISIBLE_DEVICES:1 is still in it."""
    builder = with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.13.4",
                          log=issue_log("13498-journal-cvd1-0.13.log"))
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.findings[0].summary.startswith("The Ollama service can only use GPU 1 (NVIDIA GeForce RTX 5060 Ti) "
                                               "of your 2: its environment sets CUDA_VISIBLE_DEVICES=1")
    every = ",".join(uuid for _n, uuid, _b, _m in RTX_5060_TI_PAIR)
    assert gpus.findings[0].fix_args == ("--set", f"CUDA_VISIBLE_DEVICES={every}")
    assert "sudo systemctl edit ollama.service" in text_of(gpus)


def test_minus_one_hides_every_gpu():
    """#12895: CUDA_VISIBLE_DEVICES:-1 in the Windows server's config line."""
    builder = as_windows(with_gpus(h200(), RTX_5060_TI_PAIR))
    builder = with_ollama(builder, version="0.12.9", windows_log=issue_log("12895-windows-cvd-minus1-0.12.log"),
                          service=False)
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.findings[0].summary.startswith("The Ollama app's server cannot use any of your 2 GPUs: its environment "
                                               "sets CUDA_VISIBLE_DEVICES=-1")


def test_uuid_list_with_spaces_from_the_unit_resolves_like_cuda():
    """#5453: Environment="CUDA_VISIBLE_DEVICES=GPU-44f1701b-…, GPU-a71221cb-…" in ollama.service."""
    unit = ('ActiveState=active\nMainPID=1180\nPrivateDevices=no\nDevicePolicy=auto\n'
            'Environment="CUDA_VISIBLE_DEVICES=GPU-44f1701b-c812-e344-a778-8ab5d4263278, '
            'GPU-a71221cb-9aa5-cefd-e8f8-3e0de5d42bfe" "OLLAMA_DEBUG=1"\n')
    parsed = parse_unit(unit)
    assert parsed.environment == {"CUDA_VISIBLE_DEVICES": "GPU-44f1701b-c812-e344-a778-8ab5d4263278, "
                                                          "GPU-a71221cb-9aa5-cefd-e8f8-3e0de5d42bfe"}
    p40s = pair("Tesla P40", 24 * GIB, "GPU-44f1701b-c812-e344-a778-8ab5d4263278",
                "GPU-a71221cb-9aa5-cefd-e8f8-3e0de5d42bfe", "GPU-0b3c5e2a-7d41-4f08-9a6e-2c1d8e9f7b10")
    gpus = with_gpus(h200(), p40s).host()
    from gpudoctor.probes.gpus import probe_gpus
    inventory = probe_gpus(gpus, {})
    visible = parse_visible_devices(parsed.environment["CUDA_VISIBLE_DEVICES"], inventory.gpus)
    assert visible.visible == (0, 1) and not visible.ignored
    # no GPU- prefix, a unique prefix, and CUDA's stop at the first entry that names no GPU
    assert parse_visible_devices("a71221cb,7,0", inventory.gpus).visible == (1,)
    assert parse_visible_devices("a71221cb,7,0", inventory.gpus).ignored == ("7", "0")


# -- local vs remote ---------------------------------------------------------------------------------------
def test_server_bound_to_this_hosts_lan_address_is_local_and_found_there():
    """#12708: the service runs with OLLAMA_HOST=http://192.168.1.14:11434 (systemctl: active, PID 1666);
    127.0.0.1 refuses. 192.168.1.14 is this host's own address, so it is this machine's server."""
    builder = with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.12.6",
                          log=issue_log("12708-journal-lan-host-0.12.log"))
    builder.set("http", ["http://127.0.0.1:11434/api/version"],
                {"status": None, "body": "", "error": "unreachable: [Errno 111] Connection refused"})
    builder.set("http", ["http://192.168.1.14:11434/api/version"],
                {"status": 200, "body": json.dumps({"version": "0.12.6"}), "error": None})
    builder.set("http", ["http://192.168.1.14:11434/api/ps"], {"status": 200, "body": '{"models":[]}', "error": None})
    builder.set("addresses", [], ["127.0.0.1", "192.168.1.14", "::1"])
    with_unit(builder, "ActiveState=active\nSubState=running\nMainPID=1666\nPrivateDevices=no\n")
    results = checked(builder)
    server = results["ollama.server"]
    assert server.status is Status.WARN
    assert server.findings[0].summary == ("Ollama 0.12.6 runs on this machine but only at http://192.168.1.14:11434: "
                                          "http://127.0.0.1:11434 refuses connections.")
    assert "export OLLAMA_HOST=192.168.1.14:11434" in text_of(server)
    assert "runs on another machine" not in text_of(results["ollama.env"])


def test_refused_while_the_service_runs_is_never_start_it():
    """#12708 again, without the address among this host's: the unit is active, so no "start it"."""
    builder = with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.12.6",
                          log=issue_log("12708-journal-lan-host-0.12.log"))
    builder.set("http", ["http://127.0.0.1:11434/api/version"],
                {"status": None, "body": "", "error": "unreachable: [Errno 111] Connection refused"})
    with_unit(builder, "ActiveState=active\nSubState=running\nMainPID=1666\nPrivateDevices=no\n")
    server = checked(builder)["ollama.server"]
    assert server.findings[0].summary.startswith("Ollama runs here (ollama.service is active (PID 1666)) but refuses "
                                                 "connections at http://127.0.0.1:11434")
    assert "systemctl start" not in text_of(server)


def test_remote_when_the_address_is_not_this_hosts():
    builder = with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), log=issue_log("12708-journal-lan-host-0.12.log"))
    builder.set_env("OLLAMA_HOST", "192.168.1.14:11434")
    builder.set("http", ["http://192.168.1.14:11434/api/version"],
                {"status": 200, "body": json.dumps({"version": "0.12.6"}), "error": None})
    builder.set("addresses", [], ["127.0.0.1", "10.0.0.7"])
    assert "runs on another machine" in text_of(checked(builder)["ollama.gpus"])


# -- placement ------------------------------------------------------------------------------------------------
def test_new_engine_fits_on_one_card_so_the_second_idles_by_design_on_windows():
    """#12225 "Model not loaded into VRAM despite having two GPU spare": a 1.5B model, GPULayers on one GPU."""
    builder = as_windows(with_gpus(h200(), RTX_5060_TI_PAIR))
    builder = with_ollama(builder, version="0.11.10", service=False,
                          windows_log=issue_log("12225-windows-new-engine-one-of-two.log"))
    results = checked(builder)
    assert results["ollama.gpus"].findings[0].summary.startswith("Ollama found all 2 GPUs in its runner")
    placement = results["ollama.placement"]
    assert placement.findings[0].summary == ("The last model Ollama loaded fits on GPU 0, so GPU 1 is idle by design; "
                                             "set OLLAMA_SCHED_SPREAD=1 to use both.")
    assert (placement.findings[0].fix, placement.findings[0].fix_args) == (
        "windows.set-user-env", ("-Name", "OLLAMA_SCHED_SPREAD", "-Value", "1", "-RestartOllama"))


def test_a_version_without_sched_spread_gets_no_advice_it_cannot_follow():
    """The same placement, reported by a server that says it is 0.1.44 and logs no `server config`."""
    builder = as_windows(with_gpus(h200(), RTX_5060_TI_PAIR))
    builder = with_ollama(builder, version="0.1.44", service=False,
                          windows_log=issue_log("12225-windows-new-engine-one-of-two.log"))
    finding = checked(builder)["ollama.placement"].findings[0]
    assert "this Ollama (0.1.44) cannot be told to spread it: OLLAMA_SCHED_SPREAD arrived in 0.1.45" in finding.summary
    assert finding.fix is None


def test_four_gpus_and_still_on_the_cpu_points_at_the_context():
    """#9181: 44/81 layers over four 22 GiB cards; rick-github: num_ctx 64000 needs 19.5 GiB of KV, reduce num_ctx."""
    a10g = pair("NVIDIA A10G", 23 * GIB, *(f"GPU-9181{i:04x}-0000-0000-0000-000000000000" for i in range(4)))
    builder = with_ollama(with_gpus(h200(), a10g), version="0.5.11", log=issue_log("9181-offload-four-gpus.log"))
    placement = checked(builder)["ollama.placement"]
    text = text_of(placement)
    assert placement.findings[0].summary.startswith("The last model Ollama loaded is split over 4 GPUs (11/11/11/11 "
                                                    "layers) and still runs partly on the CPU (44/81 layers on GPUs)")
    assert "memory.required.full 127.4 GiB, of which the context's KV cache 19.5 GiB, against 88.0 GiB free" in text
    assert "a shorter context (num_ctx)" in text


def test_a_gpu_left_out_for_want_of_room_is_named_with_its_free_memory():
    """#8430: layers.split=37,0 with 11.5 and 4.6 GiB free; rick-github: the small card falls short of the
    per-GPU minimum; reduce num_ctx, enable flash attention or KV cache quantisation."""
    cards = (("NVIDIA GeForce RTX 4070", "GPU-84300000-0000-0000-0000-000000000001", "00000000:01:00.0", 12 * GIB),
             ("NVIDIA GeForce RTX 3050", "GPU-84300000-0000-0000-0000-000000000002", "00000000:02:00.0", 6 * GIB))
    builder = with_ollama(with_gpus(h200(), cards), version="0.7.0", log=issue_log("8430-split-37-0.log"))
    text = text_of(checked(builder)["ollama.placement"])
    assert "runs partly on the CPU (37/49 layers" in text
    assert "put no layer on the one with 4.6 GiB free on CUDA device 1" in text
    assert "fewer GPU layers than the num_gpu=49 you asked for" in text
    assert "OLLAMA_KV_CACHE_TYPE=q8_0 with OLLAMA_FLASH_ATTENTION=1" in text


def test_offload_to_cuda_over_four_cards_names_the_version_fallback_to_every_gpu():
    """#7146 (0.1.45-0.5.11 `msg="offload to cuda"` line, quoted from the reporter's journal): llama3.1:8b with
    num_ctx 121000 needs 55.3 GiB (14.8 GiB of KV cache) and is split 10,11,11,1 over four cards without
    OLLAMA_SCHED_SPREAD. rick-github there: Ollama loads a model on one GPU only when one GPU has the free VRAM for
    weights, graph and context; otherwise it spreads. GPU names, 24 GiB totals and the 0.3.14 version are the test's."""
    log = parse_server_log(issue_log("7146-journal-offload-to-cuda-four-gpus.log"), "journalctl -u ollama").last_load
    assert (log.log_format, log.layers_offloaded, log.layers_total, log.layer_split) == (
        "offload-to-library", 33, 33, (10, 11, 11, 1))
    assert (log.required_full, log.required_kv) == (int(55.3 * GIB), int(14.8 * GIB))
    cards = pair("NVIDIA GeForce RTX 4090", 24 * GIB,
                 *(f"GPU-71460000-0000-0000-0000-00000000000{i}" for i in range(4)))
    builder = with_ollama(with_gpus(h200(), cards), version="0.3.14",
                          log=issue_log("7146-journal-offload-to-cuda-four-gpus.log"))
    placement = checked(builder)["ollama.placement"]
    assert placement.status is Status.WARN
    assert placement.findings[0].summary.startswith(
        "The last model Ollama loaded is split over 4 GPUs (10/11/11/1 layers), though about 3 would hold it.")
    text = text_of(placement)
    assert "This Ollama version falls back from one GPU to all of them at once" in text
    assert "the fix allows GPU 0, GPU 1 and GPU 2" in text


# -- errors ------------------------------------------------------------------------------------------------------
A100_PAIR = pair("NVIDIA A100-PCIE-40GB", 40960 * 2**20, "GPU-91700000-0000-0000-0000-000000000001",
                 "GPU-91700000-0000-0000-0000-000000000002")


def test_an_allocation_larger_than_the_card_is_named_with_its_numbers():
    """#9170 "ollama tried to alloca more memory than the GPU has": 46963.85 MiB on device 0 of a 40960 MiB A100."""
    builder = with_ollama(with_gpus(h200(), A100_PAIR), version="0.5.11", log=issue_log("9170-oom-beyond-the-card.log"))
    errors = checked(builder)["ollama.errors"]
    finding = errors.findings[0]
    assert finding.summary == ("A model load asked CUDA device 0, GPU 0 (NVIDIA A100-PCIE-40GB), for 45.9 GiB in one "
                               "allocation: more than the 40.0 GiB the card has in total, so the split Ollama chose "
                               "over-commits it.")
    assert "OLLAMA_GPU_OVERHEAD=1073741824" in text_of(errors)
    assert finding.fix_args == ("--set", "OLLAMA_GPU_OVERHEAD=1073741824")


def test_the_fix_offered_is_one_the_running_version_reads():
    """The same llama.cpp lines from a server that says it is 0.3.6: OLLAMA_GPU_OVERHEAD arrived in 0.3.10."""
    builder = with_ollama(with_gpus(h200(), A100_PAIR), version="0.3.6", log=issue_log("9170-oom-beyond-the-card.log"))
    errors = checked(builder)["ollama.errors"]
    assert "OLLAMA_GPU_OVERHEAD=" not in text_of(errors)
    assert "This Ollama (0.3.6) has no OLLAMA_GPU_OVERHEAD (it arrived in 0.3.10)" in text_of(errors)
    assert errors.findings[0].fix is None


# -- CPU fallback: which layer keeps the GPUs from the service ---------------------------------------------------
RTX_3090 = pair("NVIDIA GeForce RTX 3090", 24 * GIB, "GPU-92980000-0000-0000-0000-000000000001")


def fallback(builder):
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.status is Status.FAIL
    assert gpus.findings[0].summary.startswith("The Ollama service found no usable GPU and runs every model on the "
                                               "CPU, while the driver (NVML) shows 1: GPU 0 (NVIDIA GeForce RTX 3090)")
    return gpus.findings[0].evidence["cause"], text_of(gpus)


def test_cpu_fallback_with_every_node_present_is_cuda_init_in_the_service():
    """#9298: "no nvidia devices detected by library …" then CPU; nvidia-smi and other CUDA programs work."""
    builder = with_devices(with_ollama(with_gpus(h200(), RTX_3090), log=issue_log("9298-no-nvidia-devices.log")),
                           real_dev_listing())
    with_unit(builder, "ActiveState=active\nMainPID=2211\nPrivateDevices=no\nDevicePolicy=auto\n")
    cause, text = fallback(builder)
    assert cause == "cuda-init"
    assert "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm" in text
    assert "ollama.service has no device sandbox" in text


def test_cpu_fallback_without_dev_nvidia_uvm_says_load_it():
    nodes = [n for n in real_dev_listing() if not n.startswith("nvidia-uvm")]
    builder = with_devices(with_ollama(with_gpus(h200(), RTX_3090), log=issue_log("9298-no-nvidia-devices.log")), nodes)
    cause, text = fallback(builder)
    assert cause == "uvm"
    assert "/dev/nvidia-uvm is missing" in text and "sudo nvidia-modprobe -u" in text


def test_cpu_fallback_behind_private_devices_names_the_sandbox():
    builder = with_devices(with_ollama(with_gpus(h200(), RTX_3090), log=issue_log("9298-no-nvidia-devices.log")),
                           real_dev_listing())
    with_unit(builder, "ActiveState=active\nMainPID=2211\nPrivateDevices=yes\nDevicePolicy=auto\n")
    cause, text = fallback(builder)
    assert cause == "sandbox"
    assert "PrivateDevices=yes gives the service a private /dev" in text and "PrivateDevices=no" in text


# -- Docker ------------------------------------------------------------------------------------------------------
def with_container(builder, log: str, device_requests, env=("PATH=/usr/local/sbin", "OLLAMA_HOST=0.0.0.0:11434")):
    builder.remove("run", JOURNAL_ARGV)
    builder.set("which", ["docker"], ["/usr/bin/docker"])
    builder.set_command(["docker", "ps", "-a", "--format", "{{.Names}}\t{{.Image}}\t{{.State}}"],
                        stdout="ollama\tollama/ollama\trunning\nopen-webui\tghcr.io/open-webui/open-webui:main\trunning\n")
    inspect = [{"Config": {"Env": list(env)},
                "HostConfig": {"DeviceRequests": device_requests, "Runtime": "runc",
                               "PortBindings": {"11434/tcp": [{"HostIp": "", "HostPort": "11434"}]}}}]
    builder.set_command(["docker", "inspect", "ollama"], stdout=json.dumps(inspect))
    builder.set_command(["docker", "logs", "--tail", "3000", "ollama"], stdout="", stderr=log)
    builder.set_command(JOURNAL_ARGV, stdout="", stderr="-- No entries --")
    return builder


def test_container_without_a_gpu_request_is_the_cause_and_the_fix_is_shown():
    """#6840: Ollama 0.3.10 in Docker logs "no nvidia devices detected"; the container asked for no GPU."""
    builder = with_container(with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.3.10"),
                             issue_log("6840-docker-no-nvidia-devices-0.3.10.log"), None)
    results = checked(builder)
    container = results["ollama.container"]
    assert container.status is Status.FAIL
    assert "docker rm -f ollama && docker run -d --gpus=all -v ollama:/root/.ollama -p 11434:11434" in text_of(container)
    assert "count: all, capabilities: [gpu]" in text_of(container)
    gpus = results["ollama.gpus"]
    assert gpus.findings[0].evidence["cause"] == "container"
    assert gpus.findings[0].summary.startswith("The Ollama container `ollama` found no usable GPU")
    assert gpus.findings[0].fix is None  # a container is never changed automatically


def test_container_that_asked_for_one_gpu_of_two():
    """#6383: `docker inspect ollama | jq '.[0].HostConfig.DeviceRequests'` shows Count 1."""
    requests = json.loads((ISSUES / "6383-docker-inspect-device-requests.json").read_text(encoding="utf-8"))
    builder = with_container(with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.4.2"),
                             issue_log("7692-docker-timestamps-0.4.log"), requests)
    results = checked(builder)
    container = results["ollama.container"]
    assert container.findings[0].summary.startswith("The Ollama container `ollama` (ollama/ollama) can only use 1 of "
                                                    "your 2 GPUs")
    env = results["ollama.env"]
    assert "docker logs ollama" in text_of(env)  # the container's own log, read through the host boundary


# -- the report order, through the CLI, against a loopback fake of Ollama's API ----------------------------------
def test_verdicts_come_in_the_order_a_user_needs_them():
    from gpudoctor.registry import load_registry

    ids = [c.id for c in load_registry().checks if c.id.startswith("ollama.")]
    assert ids == OLLAMA_CHECKS


def test_no_model_loaded_names_what_is_pulled():
    """GET /api/ps with no model, GET /api/tags as Ollama's docs/api.md shows it."""
    builder = with_ollama(with_gpus(h200(), RTX_5060_TI_PAIR), version="0.5.1", ps='{"models":[]}',
                          log=issue_log("7692-docker-timestamps-0.4.log"))
    builder.set("http", ["http://127.0.0.1:11434/api/tags"],
                {"status": 200, "body": (API / "tags-docs.json").read_text(encoding="utf-8"), "error": None})
    models = checked(builder)["ollama.models"]
    assert models.findings[0].summary == ("No model is loaded right now; run one (`ollama run deepseek-r1:latest`) "
                                          "and check again.")
    assert "Pulled here (GET /api/tags): deepseek-r1:latest (4.7 GB), llama3.2:latest (2.0 GB)." in text_of(models)


def test_a_stop_in_the_journal_after_the_start_is_not_running():
    """#12194: systemd's "Stopped ollama.service - Ollama Service." after the last start (v0.6.7 log)."""
    text = ('Sep 05 17:06:43 iZuf6bi9mf5aqzrm5qyr47Z systemd[1]: Stopping ollama.service - Ollama Service...\n'
            'Sep 05 17:06:43 iZuf6bi9mf5aqzrm5qyr47Z systemd[1]: ollama.service: Deactivated successfully.\n'
            'Sep 05 17:06:43 iZuf6bi9mf5aqzrm5qyr47Z systemd[1]: Stopped ollama.service - Ollama Service.\n')
    log = parse_server_log(issue_log("6840-docker-no-nvidia-devices-0.3.10.log") + text, "journalctl -u ollama")
    assert log.listening == "[::]:11434" and log.stopped
    assert not parse_server_log(issue_log("6840-docker-no-nvidia-devices-0.3.10.log"), "journalctl -u ollama").stopped


def test_a_journal_of_llama_cpp_lines_only_is_still_ollamas():
    """#3711 (0.1.32): the journal excerpt holds only the runner's lines, under `ollama.listener[…]`."""
    cards = pair("NVIDIA RTX A6000", 48 * GIB, "GPU-37110000-0000-0000-0000-000000000001",
                 "GPU-37110000-0000-0000-0000-000000000002")
    cards = (cards[0], ("NVIDIA GeForce RTX 3090", *cards[1][1:3], 24 * GIB))
    builder = with_ollama(with_gpus(h200(), cards), version="0.1.32", log=issue_log("3711-journal-two-gpus-0.1.32.log"))
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.findings[0].summary.startswith("Ollama found all 2 GPUs in its runner")


def test_windows_app_log_explains_a_server_that_does_not_answer():
    """#2727 "could not connect to ollama app, is it running?": the tray app's app.log shows the server
    crashing and failing to restart."""
    from gpudoctor.probes.ollama import LOG_LIMIT

    builder = as_windows(with_gpus(h200(), RTX_5060_TI_PAIR))
    builder = with_ollama(builder, windows_log=issue_log("10833-windows-cvd0.log"), service=False)
    builder.set("http", ["http://127.0.0.1:11434/api/version"],
                {"status": None, "body": "", "error": "unreachable: [WinError 10061] connection refused"})
    builder.set("file", [r"C:\Users\alex\AppData\Local\Ollama\app.log", 200_000, True],
                {"data": issue_log("2727-windows-app.log"), "error": None})
    assert LOG_LIMIT > 200_000
    server = checked(builder)["ollama.server"]
    text = text_of(server)
    assert "Start the Ollama app from the Start menu" in text
    assert "server crash 2 - exit code 2 - respawning" in text
    assert "failed to restart server exec: already started" in text


@pytest.mark.parametrize("line, fmt, offloaded, total, available, full", [
    # llm/server.go@fb9580df85c5 (0.1.32): slog.Info("offload to gpu", "reallayers", …, "layers", …)
    ('time=2024-04-18T10:00:00.000Z level=INFO source=server.go:127 msg="offload to gpu" reallayers=33 layers=33 '
     'required="5.0 GiB" used="5.0 GiB" available="23.1 GiB" kv="256.0 MiB" fulloffload="164.0 MiB" '
     'partialoffload="181.0 MiB"', "offload-flat", 33, 33, (int(23.1 * GIB),), 5 * GIB),
    # llm/memory.go@d1692fd3e0b4 (0.1.38): slog.Group("layers", "requested", …, "real", …), one memory.available
    ('time=2024-05-20T10:00:00.000Z level=INFO source=memory.go:133 msg="offload to gpu" layers.requested=-1 '
     'layers.real=33 memory.available="45.9 GiB" memory.required.full="5.0 GiB" memory.required.partial="5.0 GiB" '
     'memory.required.kv="256.0 MiB"', "offload-gpu-real", 33, None, (int(45.9 * GIB),), 5 * GIB),
])
def test_offload_forms_without_a_quoted_line_parse_as_the_source_prints_them(line, fmt, offloaded, total, available,
                                                                             full):
    """Lines shaped as the cited source prints them (no public issue quotes one in full)."""
    load = parse_server_log(line, "journalctl -u ollama").last_load
    assert (load.log_format, load.layers_offloaded, load.layers_total, load.available, load.required_full) == (
        fmt, offloaded, total, available, full)
