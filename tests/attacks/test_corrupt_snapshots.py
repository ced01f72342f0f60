"""A malformed snapshot is bad input (exit 2) with the call it found wrong, never exit 3 or a traceback;
a byte-order mark is accepted."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


def gpudoctor(*args):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=60)


def _document():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def _call(document, probe, first_arg=None):
    for call in document["calls"]:
        if call["probe"] == probe and (first_arg is None or call["args"][:1] == [first_arg]):
            return call
    raise AssertionError(f"the fixture has no {probe} {first_arg} call")


def _check(tmp_path, document=None, *, raw=None):
    path = tmp_path / "snapshot.json"
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(json.dumps(document), encoding="utf-8")
    return gpudoctor("check", "--from", str(path))


def _assert_bad_input(proc, *words):
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    for word in words:
        assert word in proc.stderr


def test_a_byte_order_mark_is_accepted(tmp_path):
    proc = _check(tmp_path, raw=b"\xef\xbb\xbf" + FIXTURE.read_bytes())
    assert proc.returncode in (0, 1), proc.stderr


def test_version_true_is_not_a_version(tmp_path):
    document = _document()
    document["version"] = True
    _assert_bad_input(_check(tmp_path, document), "no valid format version")


def test_json_nested_100000_deep(tmp_path):
    _assert_bad_input(_check(tmp_path, raw=b"[" * 100_000 + b"]" * 100_000), "corrupt")


def test_a_deeply_nested_answer(tmp_path):
    document = _document()
    text = json.dumps(document).replace('"calls": [', '"calls": [{"probe": "nvml", "args": ["x"], "answer": '
                                        + "[" * 50_000 + "]" * 50_000 + "},", 1)
    _assert_bad_input(_check(tmp_path, raw=text.encode()), "corrupt")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_is_refused_without_reading_it():
    _assert_bad_input(gpudoctor("check", "--from", "/dev/zero"), "is a device, not a regular file")


def test_a_snapshot_larger_than_the_cap_is_refused(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate((64 << 20) + 1)  # sparse: costs no disk
    _assert_bad_input(gpudoctor("check", "--from", str(big)), "larger than gpudoctor reads")


def test_a_snapshot_claiming_2_to_the_64_gpus(tmp_path):
    document = _document()
    _call(document, "nvml", "nvmlDeviceGetCount")["answer"] = {"value": 2 ** 64, "error": None}
    _assert_bad_input(_check(tmp_path, document), "nvmlDeviceGetCount", "GPU count")


def test_a_non_text_environment_variable(tmp_path):
    document = _document()
    document["calls"].append({"probe": "env", "args": ["WSL_DISTRO_NAME"], "answer": {"name": ["Ubuntu"]}})
    _assert_bad_input(_check(tmp_path, document), "env WSL_DISTRO_NAME", "must be text")


def test_a_non_integer_cuda_driver_version(tmp_path):
    document = _document()
    _call(document, "nvml", "nvmlSystemGetCudaDriverVersion")["answer"] = {"value": "13.0", "error": None}
    _assert_bad_input(_check(tmp_path, document), "nvmlSystemGetCudaDriverVersion", "integer")


@pytest.mark.parametrize("probe, answer, words", [
    ("run", {"returncode": "0", "stdout": "", "stderr": "", "error": None}, ("answer.returncode",)),
    ("run", {"returncode": 0, "stdout": {"base64": "!!!"}, "stderr": "", "error": None}, ("base64",)),
    ("run", ["not", "an", "object"], ("must be an object",)),
    ("file", {"data": 42, "error": None}, ("answer.data",)),
    ("which", "/usr/bin/nvcc", ("list of text",)),
    ("http", {"status": True, "body": "", "error": None}, ("answer.status",)),
])
def test_answers_of_the_wrong_shape_name_the_call(tmp_path, probe, answer, words):
    document = _document()
    call = _call(document, probe) if probe != "http" else None
    if call is None:
        call = {"probe": "http", "args": ["http://127.0.0.1:11434/api/version"]}
        document["calls"].append(call)
    call["answer"] = answer
    number = document["calls"].index(call)
    _assert_bad_input(_check(tmp_path, document), f"call #{number} ({probe}", *words)


def test_a_system_record_of_the_wrong_shape(tmp_path):
    document = _document()
    _call(document, "system")["answer"]["extra"] = {"logical_cpus": "many"}
    _assert_bad_input(_check(tmp_path, document), "answer.extra.logical_cpus")
