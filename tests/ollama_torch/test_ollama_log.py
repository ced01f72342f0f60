"""What Ollama's server log says about its GPUs, replayed through a recorded host with real-shaped
logs: one and two GPUs, Linux (journal) and Windows (server.log), 0.3 to 0.13 formats, a CPU
fallback, an out-of-memory load, an eight-GPU spread."""

from __future__ import annotations

from gpudoctor.model import Status
from gpudoctor.probes.ollama import JOURNAL_ARGV

from hosts import result, run, text_of
from support import (H100_EIGHT, RTX_3090_PAIR, RTX_4090_PAIR, RTX_4090_SINGLE, RTX_4090_WINDOWS, as_windows,
                     h200, log_text, ps_body, with_gpus, with_journal_startup, with_ollama)

LOG_CHECKS = ["ollama.gpus", "ollama.placement", "ollama.env", "ollama.errors", "ollama.models"]


def checked(builder):
    report = run(builder.host(), only=LOG_CHECKS)
    return {check: result(report, check) for check in LOG_CHECKS}


def finding(check_result, status):
    return next(f for f in check_result.findings if f.status is status)


def test_one_gpu_linux_0_3_all_found_nothing_to_spread():
    builder = with_ollama(with_gpus(h200(), RTX_4090_SINGLE), version="0.3.10",
                          log=log_text("linux-1gpu-0.3.10.log"))
    results = checked(builder)
    assert results["ollama.gpus"].status is Status.PASS
    assert "Ollama found all 1 GPU at start-up" in text_of(results["ollama.gpus"])
    assert "cuda v12, compute 8.9, driver CUDA 12.4, 23.2 GiB of 23.6 GiB free" in text_of(results["ollama.gpus"])
    assert results["ollama.placement"].status is Status.SKIP
    assert "Fewer than two GPUs" in text_of(results["ollama.placement"])
    assert results["ollama.errors"].status is Status.PASS


def test_second_gpu_idle_by_design_on_linux_service():
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log=log_text("linux-2gpu-0.5.12-single.log"),
                          ps=ps_body(("llama3.1:8b", 6_979_321_856, 6_979_321_856)))
    results = checked(builder)
    placement = results["ollama.placement"]
    assert placement.status is Status.WARN
    idle = placement.findings[0]
    assert idle.summary == ("Model llama3.1:8b fits on GPU 0, so GPU 1 is idle by design; "
                            "set OLLAMA_SCHED_SPREAD=1 in the service to use both.")
    assert idle.fix == "linux.ollama-service-env"
    assert idle.fix_args == ("--set", "OLLAMA_SCHED_SPREAD=1")
    assert "single GPU when it fits" in text_of(placement) and "systemd service" in text_of(placement)
    assert results["ollama.gpus"].status is Status.PASS
    assert results["ollama.models"].status is Status.PASS


def test_idle_by_design_on_windows_points_at_the_user_environment():
    builder = as_windows(with_gpus(h200(), RTX_3090_PAIR))
    builder = with_ollama(builder, windows_log=log_text("linux-2gpu-0.5.12-single.log"), service=False)
    idle = checked(builder)["ollama.placement"].findings[0]
    assert idle.status is Status.WARN
    assert idle.summary.startswith("The last model Ollama loaded fits on GPU 0, so GPU 1 is idle by design")
    assert idle.fix == "windows.set-user-env"
    assert idle.fix_args == ("-Name", "OLLAMA_SCHED_SPREAD", "-Value", "1", "-RestartOllama")
    assert "user environment variables" in "\n".join(idle.details)


def test_model_too_big_for_one_gpu_is_split_over_both():
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log=log_text("linux-2gpu-0.5.12-split.log"))
    placement = checked(builder)["ollama.placement"]
    assert placement.status is Status.PASS
    assert "split over 2 GPUs (41/40 layers) because it does not fit in one GPU's free memory" in text_of(placement)


def test_model_too_big_even_for_both_gpus_warns():
    text = log_text("linux-2gpu-0.5.12-split.log").replace("offloaded 81/81 layers", "offloaded 70/81 layers")
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log=text)
    placement = checked(builder)["ollama.placement"]
    assert placement.status is Status.WARN
    assert "split over 2 GPUs (41/40 layers) and still runs partly on the CPU (70/81 layers on GPUs)" in text_of(
        placement)


def test_new_engine_0_13_names_the_gpus_of_the_split():
    builder = with_ollama(with_gpus(h200(), RTX_4090_PAIR), version="0.13.1",
                          log=log_text("linux-2gpu-0.13.1-new-engine.log"))
    results = checked(builder)
    assert results["ollama.gpus"].status is Status.PASS
    assert "CUDA, compute 8.9, driver CUDA 13.0" in text_of(results["ollama.gpus"])
    placement = results["ollama.placement"]
    assert placement.status is Status.PASS
    assert ("split over 2 GPUs (33 layers on GPU 0 (NVIDIA GeForce RTX 4090), 32 layers on GPU 1 "
            "(NVIDIA GeForce RTX 4090))" in text_of(placement))


def test_windows_cuda_visible_devices_hides_a_gpu_and_half_the_model_runs_on_cpu():
    builder = as_windows(with_gpus(h200(), RTX_4090_WINDOWS))
    builder = with_ollama(builder, version="0.6.8", windows_log=log_text("windows-2gpu-0.6.8-cvd.log"),
                          service=False, ps=ps_body(("qwen2.5:32b", 23_944_442_675, 19_155_554_140)))
    results = checked(builder)
    gpus = results["ollama.gpus"]
    assert gpus.status is Status.FAIL
    hidden = gpus.findings[0]
    assert hidden.summary.startswith("The Ollama app's server can only use GPU 0 (NVIDIA GeForce RTX 4090) of your 2: "
                                     "its environment sets CUDA_VISIBLE_DEVICES=0 (")
    assert "quit and restart Ollama" in text_of(gpus)
    assert hidden.fix == "windows.set-user-env"
    assert hidden.fix_args == ("-Name", "CUDA_VISIBLE_DEVICES", "-Remove", "-RestartOllama")
    placement = results["ollama.placement"]
    assert placement.status is Status.WARN
    assert "runs partly on the CPU (52/65 layers on one GPU)" in text_of(placement)
    assert "Ollama does not see GPU 1" in text_of(placement)
    assert "qwen2.5:32b: 20%/80% CPU/GPU" in text_of(results["ollama.models"])


def test_service_cuda_visible_devices_on_linux_gets_the_service_fix():
    text = log_text("linux-2gpu-0.5.12-single.log").replace("CUDA_VISIBLE_DEVICES: ", "CUDA_VISIBLE_DEVICES:0 ", 1)
    lines = [line for line in text.splitlines() if "GPU-b81d07e4" not in line or "inference compute" not in line]
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log="\n".join(lines))
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.status is Status.FAIL
    assert gpus.findings[0].summary == ("The Ollama service can only use GPU 0 (NVIDIA GeForce RTX 3090) of your 2: its "
                                        "environment sets CUDA_VISIBLE_DEVICES=0 (journalctl -u ollama, `server config` "
                                        "line).")
    assert gpus.findings[0].fix == "linux.ollama-service-env"
    every_gpu = ",".join(uuid for _name, uuid, _bus, _memory in RTX_3090_PAIR)
    assert gpus.findings[0].fix_args == ("--set", f"CUDA_VISIBLE_DEVICES={every_gpu}")


def test_cpu_fallback_after_a_cuda_init_failure():
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log=log_text("linux-cpu-fallback-0.5.12.log"),
                          ps=ps_body(("llama3.1:8b", 6_227_702_579, 0)))
    results = checked(builder)
    gpus = results["ollama.gpus"]
    assert gpus.status is Status.FAIL
    assert gpus.findings[0].summary.startswith("The Ollama service found no usable GPU and runs every model on the CPU, "
                                               "while the driver (NVML) shows 2: GPU 0 (NVIDIA GeForce RTX 3090)")
    assert "cuda driver library init failure: 999" in text_of(gpus)
    assert "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm" in text_of(gpus)
    placement = results["ollama.placement"]
    assert placement.status is Status.WARN
    assert "runs entirely on the CPU" in text_of(placement)
    assert "llama3.1:8b: 6.2 GB, all of it on the CPU (100% CPU" in text_of(results["ollama.models"])


def test_out_of_memory_on_the_second_gpu():
    builder = with_ollama(with_gpus(h200(), RTX_4090_PAIR), version="0.6.5",
                          log=log_text("linux-2gpu-oom-0.6.5.log"))
    errors = checked(builder)["ollama.errors"]
    assert errors.status is Status.FAIL
    oom = errors.findings[0]
    assert oom.summary == "A model load ran out of GPU memory on CUDA device 1."
    assert "allocating 2624.00 MiB on device 1: cudaMalloc failed: out of memory" in text_of(errors)
    assert "OLLAMA_GPU_OVERHEAD" in text_of(errors)
    assert oom.fix_args == ("--set", "OLLAMA_GPU_OVERHEAD=1073741824")


def test_eight_gpu_spread_names_the_variable_that_restricts_it():
    builder = with_ollama(with_gpus(h200(), H100_EIGHT), log=log_text("linux-8gpu-spread-0.5.12.log"))
    results = checked(builder)
    assert results["ollama.gpus"].status is Status.PASS
    placement = results["ollama.placement"]
    assert placement.status is Status.WARN
    wide = placement.findings[0]
    assert wide.summary == ("The last model Ollama loaded is split over 8 GPUs (8/8/8/8/8/8/7/7 layers), "
                            "though about 1 would hold it.")
    assert "OLLAMA_SCHED_SPREAD is on" in text_of(placement)
    assert "set CUDA_VISIBLE_DEVICES for the server" in text_of(placement)
    assert wide.fix_args == ("--set", "CUDA_VISIBLE_DEVICES=GPU-5a0e1c47-7d3b-4f92-8e16-2b9c0d7a4e01")


def test_setting_in_the_shell_does_not_reach_the_service():
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log=log_text("linux-2gpu-0.5.12-single.log"))
    builder.set_env("OLLAMA_SCHED_SPREAD", "1")
    env = checked(builder)["ollama.env"]
    assert env.status is Status.WARN
    assert ("OLLAMA_SCHED_SPREAD=1 is set in this shell, but the Ollama server runs with OLLAMA_SCHED_SPREAD=false."
            in text_of(env))
    assert env.findings[0].fix_args == ("--set", "OLLAMA_SCHED_SPREAD=1")


def test_matching_shell_setting_passes_and_lists_the_service_environment():
    builder = with_ollama(with_gpus(h200(), H100_EIGHT), log=log_text("linux-8gpu-spread-0.5.12.log"))
    builder.set_env("OLLAMA_SCHED_SPREAD", "True")
    env = checked(builder)["ollama.env"]
    assert env.status is Status.PASS
    assert "OLLAMA_SCHED_SPREAD=true" in text_of(env) and "OLLAMA_HOST=http://0.0.0.0:11434" in text_of(env)


def test_long_running_service_gets_its_start_up_lines_from_a_second_journal_query():
    text = log_text("linux-2gpu-0.5.12-single.log")
    startup = [line for line in text.splitlines() if any(
        marker in line for marker in ("server config", "inference compute", "Listening on"))]
    later = [line for line in text.splitlines() if line not in startup]
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR), log="\n".join(later))
    with_journal_startup(builder, "\n".join(startup))
    results = checked(builder)
    assert results["ollama.gpus"].status is Status.PASS
    assert results["ollama.placement"].findings[0].summary.endswith("set OLLAMA_SCHED_SPREAD=1 in the service to use both.")


def test_unreadable_journal_is_a_skip_that_says_how_to_read_it():
    builder = with_ollama(with_gpus(h200(), RTX_3090_PAIR))
    builder.set_command(JOURNAL_ARGV, stdout="-- No entries --\n",
                        stderr="Hint: You are currently not seeing messages from other users and the system.\n"
                               "      Users in groups 'adm', 'systemd-journal' can see all messages.\n")
    gpus = checked(builder)["ollama.gpus"]
    assert gpus.status is Status.SKIP
    assert "systemd-journal group" in text_of(gpus)


def test_remote_server_is_not_judged_against_local_gpus():
    builder = with_gpus(h200(), RTX_3090_PAIR)
    builder.set_env("OLLAMA_HOST", "http://10.20.4.17:11434")
    builder.set("http", ["http://10.20.4.17:11434/api/version"], {"status": 200, "body": '{"version":"0.12.3"}',
                                                                    "error": None})
    results = checked(builder)
    assert results["ollama.gpus"].status is Status.SKIP
    assert "runs on another machine" in text_of(results["ollama.gpus"])
