"""TensorFlow: the child protocol against fake interpreters (LiveHost), and the check on replayed answers.

The child answers used below are real: recorded from tensorflow 2.21.0 and tensorflow-cpu 2.21.0 on a
machine without a GPU driver (tests/fixtures/raw/containers/tensorflow-*), then edited only where a
test needs GPUs.
"""

import importlib.util
import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from gpudoctor.host.live import LiveHost
from gpudoctor.model import Status
from gpudoctor.probes import tensorflow as tf_probe
from gpudoctor.probes.python_envs import CHILD_SCRIPT as PYTHON_ENVS_SCRIPT

from hosts import HostBuilder, result, run, text_of

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "containers"
REAL_STDOUT = (RAW / "tensorflow-2.21.0-no-driver-child.stdout").read_text()
REAL_STDERR = (RAW / "tensorflow-2.21.0-no-driver-child.stderr").read_text()
REAL_CPU_STDOUT = (RAW / "tensorflow-cpu-2.21.0-child.stdout").read_text()
PYTHON = "/opt/tf/.venv/bin/python3"
H200 = {"device_name": "NVIDIA H200", "compute_capability": [9, 0]}


def real_answer(**changes) -> str:
    data = json.loads(REAL_STDOUT[len(tf_probe.MARKER):])
    data.update(changes)
    return tf_probe.MARKER + json.dumps(data) + "\n"


def gpus(*devices) -> list:
    return [{"name": f"/physical_device:GPU:{i}", **device} for i, device in enumerate(devices)]


# -- the child protocol through a real process ----------------------------------------------------
def fake_python(tmp_path: Path, body: str) -> str:
    script = tmp_path / "python3"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


posix_only = pytest.mark.skipif(os.name != "posix", reason="the fake interpreters are shell scripts")


@pytest.fixture
def short_timeout(monkeypatch):
    monkeypatch.setattr(tf_probe, "CHILD_TIMEOUT_S", 1.0)


@posix_only
def test_a_child_that_answers_is_parsed(tmp_path):
    answer = real_answer(gpus=gpus(H200, H200))
    python = fake_python(tmp_path, f"echo 'TensorFlow chatter on stdout'\ncat <<'EOF'\n{answer}EOF\n"
                                   "echo 'cudart_stub.cc:31] Could not find cuda drivers on your machine' >&2\n")
    report = tf_probe.ask_tensorflow(LiveHost(), python)
    assert report.error is None and report.version == "2.21.0" and report.cuda_build == "12.5.1"
    assert report.cudnn_build == "9" and report.compute_capabilities[-1] == "compute_90"
    assert [g.compute_capability for g in report.gpus] == [(9, 0), (9, 0)]
    assert report.library_log == ("cudart_stub.cc:31] Could not find cuda drivers on your machine",)


@posix_only
def test_a_child_that_hangs_is_abandoned_at_the_timeout(tmp_path, short_timeout):
    python = fake_python(tmp_path, "echo 'importing tensorflow' >&2\nsleep 30\n")
    started = time.monotonic()
    report = tf_probe.ask_tensorflow(LiveHost(), python)
    assert report.error == "did not finish within 1 s" and time.monotonic() - started < 5


@posix_only
def test_a_child_that_crashes_reports_the_signal_and_its_last_words(tmp_path):
    python = fake_python(tmp_path, "echo 'F external/xla/cuda_driver.cc:99] Check failed' >&2\nkill -SEGV $$\n")
    report = tf_probe.ask_tensorflow(LiveHost(), python)
    assert report.error == "crashed (killed by signal 11)" and "Check failed" in report.stderr_tail


@posix_only
def test_a_child_that_answers_garbage_or_nothing(tmp_path):
    garbage = tf_probe.ask_tensorflow(LiveHost(), fake_python(tmp_path, "echo 'gpudoctor-tensorflow: [1, 2'\n"))
    assert garbage.error.startswith("answered something unexpected")
    silent = tf_probe.ask_tensorflow(LiveHost(), fake_python(tmp_path, "echo hello\n"))
    assert "no answer line" in silent.error


def test_an_interpreter_that_does_not_exist(tmp_path):
    report = tf_probe.ask_tensorflow(LiveHost(), str(tmp_path / "missing-python"))
    assert report.error == "could not be started: not-found"


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is not None, reason="this interpreter has TensorFlow")
def test_the_child_script_runs_in_a_python_without_tensorflow():
    report = tf_probe.ask_tensorflow(LiveHost(), sys.executable)
    assert report.error is None and report.import_error.startswith("ModuleNotFoundError")


@pytest.mark.skipif(not os.environ.get("GPUDOCTOR_TEST_TENSORFLOW_PYTHON"),
                    reason="set GPUDOCTOR_TEST_TENSORFLOW_PYTHON to an interpreter with TensorFlow installed")
def test_a_real_tensorflow_answers_the_protocol():
    report = tf_probe.ask_tensorflow(LiveHost(), os.environ["GPUDOCTOR_TEST_TENSORFLOW_PYTHON"])
    assert report.error is None and report.import_error is None and report.version
    assert report.is_cuda_build is not None and report.gpus is not None


# -- the check, on replayed answers -------------------------------------------------------------------
def with_tensorflow(fixture="linux-2xh200-nvlink.json", stdout=None, stderr="", python=PYTHON, **command):
    envs = json.dumps({"version": "3.12.3", "executable": python, "prefix": "/opt/tf/.venv",
                       "site": ["/opt/tf/.venv/lib/python3.12/site-packages"], "dists": {"tensorflow": "2.21.0"}})
    builder = (HostBuilder.from_fixture(fixture).set("which", ["python3"], [python]).set("which", ["python"], [])
               .set_command([python, "-c", PYTHON_ENVS_SCRIPT], stdout=envs + "\n"))
    return builder.set_command([python, "-c", tf_probe.CHILD_SCRIPT], stdout=stdout or "", stderr=stderr, **command)


def tensorflow_check(builder):
    return result(run(builder.host(), only=["tensorflow.gpu"]), "tensorflow.gpu")


def test_not_installed_is_skipped():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set("which", ["python3"], [PYTHON]).set(
        "which", ["python"], []).set_command([PYTHON, "-c", PYTHON_ENVS_SCRIPT], stdout=json.dumps(
            {"version": "3.12.3", "executable": PYTHON, "prefix": "/opt", "site": [], "dists": {}}))
    found = tensorflow_check(builder)
    assert found.status is Status.SKIP and "not installed" in text_of(found)


def test_tensorflow_sees_both_gpus():
    found = tensorflow_check(with_tensorflow(stdout=real_answer(gpus=gpus(H200, H200))))
    assert found.findings[0].status is Status.PASS
    assert "TensorFlow 2.21.0" in found.findings[0].summary and "sees 2 GPUs" in found.findings[0].summary
    assert "CUDA 12.5.1, cuDNN 9" in found.findings[0].summary


def test_h200_without_sm_90_kernels_is_told_about_the_ptx_jit():
    found = tensorflow_check(with_tensorflow(stdout=real_answer(gpus=gpus(H200, H200))))
    assert found.status is Status.WARN and "compute capability 9.0" in text_of(found)
    assert "jit-compiled from PTX" in text_of(found) and "CUDA_CACHE_MAXSIZE" in text_of(found)


def test_no_gpu_seen_with_the_real_no_driver_log():
    found = tensorflow_check(with_tensorflow(stdout=REAL_STDOUT, stderr=REAL_STDERR))
    text = text_of(found)
    assert found.status is Status.FAIL and "sees no GPU, while the driver sees 2" in text
    assert "Could not find cuda drivers" in text and "tensorflow[and-cuda]" in text


def test_one_of_two_gpus():
    found = tensorflow_check(with_tensorflow(stdout=real_answer(gpus=gpus(H200))))
    assert found.findings[0].status is Status.WARN and "sees 1 of the 2 GPUs" in found.findings[0].summary
    assert "CUDA_VISIBLE_DEVICES" in text_of(found)


def test_the_real_cpu_only_build_never_uses_the_gpus():
    found = tensorflow_check(with_tensorflow(stdout=REAL_CPU_STDOUT))
    assert found.status is Status.FAIL and "without CUDA" in text_of(found) and "tensorflow-cpu" in text_of(found)


def test_driver_older_than_the_cuda_tensorflow_was_built_for():
    builder = with_tensorflow(stdout=real_answer(gpus=[])).set_nvml("nvmlSystemGetCudaDriverVersion", value=11080)
    found = tensorflow_check(builder)
    text = text_of(found)
    assert found.status is Status.FAIL and "built for CUDA 12.5.1" in text and "only CUDA 11.8" in text
    assert "525 branch" in text


def test_native_windows_has_no_gpu_tensorflow_after_2_10():
    windows_python = r"C:\Users\ada\AppData\Local\Programs\Python\Python312\python.exe"
    answer = real_answer(platform="win32", version="2.15.1", is_cuda_build=False, cuda_build=None,
                         cudnn_build=None, compute_capabilities=[], gpus=[])
    builder = with_tensorflow("windows-healthy-2gpu.json", stdout=answer, python=windows_python)
    builder.set("which", ["python"], [windows_python]).set("which", ["python3"], [])
    found = tensorflow_check(builder)
    text = text_of(found)
    assert found.status is Status.FAIL and "native Windows" in text and "WSL2" in text
    assert "2.10 was the last release" in text and "tensorflow.org/install/pip#windows-native" in text


def test_a_hung_child_is_a_warning_and_a_crash_a_failure():
    hung = tensorflow_check(with_tensorflow(returncode=None, error="timeout"))
    assert hung.status is Status.WARN and "did not finish within 30 s" in text_of(hung)
    crashed = tensorflow_check(with_tensorflow(returncode=-11, stderr="Fatal Python error: Segmentation fault"))
    assert crashed.status is Status.FAIL and "killed by signal 11" in text_of(crashed)
    assert "Segmentation fault" in text_of(crashed)


def test_an_import_error_is_shown():
    answer = tf_probe.MARKER + json.dumps({"platform": "linux", "import_error": "ImportError: libcudart.so.12: "
                                           "cannot open shared object file: No such file or directory"}) + "\n"
    found = tensorflow_check(with_tensorflow(stdout=answer))
    assert found.status is Status.FAIL and "cannot be imported" in text_of(found)
    assert "libcudart.so.12" in text_of(found)
