"""The torch child-process protocol through a LiveHost: fake interpreters that answer well, hang,
crash or print garbage, and the real child script run by an interpreter without torch."""

from __future__ import annotations

import sys

import pytest

from gpudoctor.host.live import LiveHost
from gpudoctor.model import Status
from gpudoctor.probes import torch as torch_probe

from hosts import result, run, text_of
from support import fake_interpreter, torch_answer


@pytest.fixture
def interpreter(tmp_path, monkeypatch):
    """Put a fake python3 (answering with the given shell lines) alone on PATH."""
    def make(child_script: str):
        path = fake_interpreter(tmp_path / "bin", child_script)
        monkeypatch.setenv("PATH", str(path.parent))
        monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
        return path
    return make


def check_live(only):
    host = LiveHost()
    try:
        return run(host, only=only)
    finally:
        host.close()


def test_valid_answer_is_parsed(interpreter):
    answer = torch_answer().strip().replace("'", "'\\''")
    python = interpreter(f"    printf '%s\\n' 'some library chatter on stdout' '{answer}'")
    report = check_live(["torch.cuda", "torch.nccl"])
    cuda, nccl = result(report, "torch.cuda"), result(report, "torch.nccl")
    # This machine's driver shows no GPU, so torch.cuda has nothing to compare; what torch said still shows.
    assert cuda.status is Status.SKIP
    assert f"PyTorch 2.11.0+cu130 in {python} (CUDA build 13.0)" in text_of(cuda)
    assert nccl.status is Status.PASS
    assert "NCCL 2.28.9 is available to torch.distributed" in text_of(nccl)


def test_hanging_child_is_a_timeout_failure(interpreter, monkeypatch):
    monkeypatch.setattr(torch_probe, "CHILD_TIMEOUT_S", 1.0)
    interpreter("    exec /bin/sleep 30")
    cuda = result(check_live(["torch.cuda"]), "torch.cuda")
    assert cuda.status is Status.FAIL
    assert "torch did not finish within 1 s" in text_of(cuda)
    assert "CUDA initialisation is stuck" in text_of(cuda)


def test_crashing_child_is_a_failure_with_its_last_words(interpreter):
    interpreter("    echo \"terminate called after throwing an instance of 'c10::Error'\" >&2\n    exit 134")
    cuda = result(check_live(["torch.cuda"]), "torch.cuda")
    assert cuda.status is Status.FAIL
    assert "Python crashed (exit status 134) while importing torch" in text_of(cuda)
    assert "c10::Error" in text_of(cuda)
    nccl = result(check_live(["torch.nccl"]), "torch.nccl")
    assert nccl.status is Status.SKIP


@pytest.mark.parametrize("output", ["hello world", "gpudoctor-torch: {not json", "gpudoctor-torch: [1, 2]"])
def test_garbage_is_a_warning_not_a_traceback(interpreter, output):
    interpreter(f"    echo '{output}'")
    cuda = result(check_live(["torch.cuda"]), "torch.cuda")
    assert cuda.status is Status.WARN
    assert "could not understand the answer about torch" in text_of(cuda)


def test_broken_install_is_reported_from_the_import_error(interpreter):
    answer = torch_answer().strip()
    broken = answer.split(" ", 1)[0] + ' {"python": "3.12.3", "import_error": ' \
        '"ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory"}'
    interpreter(f"    printf '%s\\n' '{broken}'")
    cuda = result(check_live(["torch.cuda"]), "torch.cuda")
    assert cuda.status is Status.FAIL
    assert "cannot be imported: ImportError: libcudnn.so.9" in text_of(cuda)


def test_real_child_script_answers_in_the_protocol_without_torch():
    host = LiveHost()
    try:
        report = torch_probe.ask_torch(host, sys.executable)
    finally:
        host.close()
    assert report.error is None
    assert report.import_error == "ModuleNotFoundError: No module named 'torch'"
