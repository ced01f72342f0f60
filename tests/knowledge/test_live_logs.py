"""Signatures on a live host's text, through the probes: the Ollama server log and the kernel log feed
logs.known-failures, the PyTorch child's stderr explains torch.cuda's finding. The hosts are the recorded
two-H200 snapshot with real excerpts (tests/fixtures/corpus) in its logs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from gpudoctor.model import Status

from hosts import result, run, text_of

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "fixtures" / "corpus"))
from excerpts import read_excerpt  # noqa: E402


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SUPPORT = _module("ollama_torch_support", TESTS / "ollama_torch" / "support.py")
LAYERS = _module("under_driver_layer_hosts", TESTS / "under_driver" / "layer_hosts.py")
FALLEN = read_excerpt("kernel/nvsentinel-155-fallen-off-bus.txt").text
# What ggml's CUDA_CHECK prints into Ollama's log when a kernel has no image for the GPU: "CUDA error: %s",
# then "current device: %d, in function %s at %s:%d" (ggml/src/ggml-cuda/ggml-cuda.cu, ggml_cuda_error), with
# CUDA's own text for cudaErrorNoKernelImageForDevice.
GGML_NO_KERNEL_IMAGE = ("ggml_cuda_compute_forward: SCALE failed\n"
                        "CUDA error: no kernel image is available for execution on the device\n"
                        "  current device: 0, in function ggml_cuda_compute_forward at ggml-cuda.cu:2568\n")


def test_a_known_failure_in_the_ollama_log_is_reported_with_its_code_evidence_and_next_step():
    log = SUPPORT.log_text("linux-2gpu-0.5.12-single.log") + GGML_NO_KERNEL_IMAGE
    report = run(SUPPORT.with_ollama(SUPPORT.h200(), log=log).host(), only=["logs.known-failures"])
    known = result(report, "logs.known-failures")
    assert known.status is Status.FAIL
    finding = known.findings[0]
    assert finding.evidence["signatures"] == ["ollama.server-log-no-kernel-image"]  # Ollama's build, not a wheel
    assert finding.evidence["source"] == "journalctl -u ollama"
    assert finding.evidence["line"] == "CUDA error: no kernel image is available for execution on the device"
    assert "Next step: Update Ollama to the newest release" in text_of(known)


def test_a_healthy_ollama_log_has_no_known_failure():
    report = run(SUPPORT.with_ollama(SUPPORT.h200(), log=SUPPORT.log_text("linux-2gpu-0.5.12-single.log")).host(),
                 only=["logs.known-failures"])
    known = result(report, "logs.known-failures")
    assert known.status is Status.PASS
    assert "the Ollama server log (journalctl -u ollama)" in known.findings[0].summary


def test_a_failure_that_gpu_errors_judges_is_left_to_it():
    builder = LAYERS.set_kernel_log(SUPPORT.h200(), FALLEN)
    report = run(builder.host(), only=["logs.known-failures", "gpu.errors"])
    assert result(report, "gpu.errors").status is Status.FAIL
    assert result(report, "logs.known-failures").status is Status.PASS


def test_the_kernel_probe_keeps_every_known_failure_of_the_boot_as_a_fact():
    from gpudoctor.engine import FactStore, Options
    from gpudoctor.registry import load_registry

    builder = LAYERS.set_kernel_log(SUPPORT.h200(), FALLEN)
    store = FactStore(builder.host(), load_registry().probes, Options())
    current = store.get("kernel_log").boot("current")
    assert [(m.code, m.fields["bus_id"], m.line_number, m.source) for m in current.signatures] == [
        ("kernel.xid-79", "0000:b3:00.0", 1, "dmesg")]


def test_the_pytorch_childs_stderr_explains_its_failure():
    answer = SUPPORT.torch_answer(cuda_available=False, device_count=0,
                                  cuda_error="CUDA error: no kernel image is available for execution on the device")
    report = run(SUPPORT.with_torch(SUPPORT.h200(), answer).host(), only=["torch.cuda"])
    cuda = result(report, "torch.cuda")
    assert cuda.status is Status.FAIL
    assert len(cuda.findings) == 1, "the known failure explains the finding instead of standing beside it"
    assert cuda.findings[0].evidence["signatures"] == ["cuda.no-kernel-image"]
    assert "Known failure [cuda.no-kernel-image]" in text_of(cuda)


def test_a_known_failure_in_the_deep_workers_last_words_explains_its_stop():
    from deep.deep_hosts import DEEP, DEEP_CHECKS, h200, recorded, set_worker, with_software, worker_args

    lines = "\n".join(recorded("h200x2-nvlink.jsonl").splitlines()[:23]) + "\n"
    stderr = "CUDA error: no kernel image is available for execution on the device\n"
    builder = set_worker(with_software(h200()), worker_args(), lines, returncode=-6, stderr=stderr)
    report = run(builder.host(), only=DEEP_CHECKS, options=DEEP)
    stopped = result(report, "pcie.bandwidth")
    assert stopped.status is Status.FAIL
    assert stopped.findings[0].evidence["signatures"] == ["cuda.no-kernel-image"]
    assert "Known failure [cuda.no-kernel-image]" in text_of(stopped)
