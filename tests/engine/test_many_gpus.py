"""Four and eight GPUs (synthetic hosts built from the real two-H200 recording, see tests/synthetic.py):
every ordered pair is judged, CUDA_VISIBLE_DEVICES restricts and says what it hides."""

import json

import pytest

from gpudoctor.host.snapshot import replay_host_from_text
from gpudoctor.model import Status

from hosts import result, run, text_of
from synthetic import synthetic_host, synthetic_text


def _report(gpus, only=None):
    return run(replay_host_from_text(synthetic_text(gpus)), only=only)


@pytest.mark.parametrize("gpus", [4, 8])
def test_every_ordered_pair_has_p2p_over_the_nvswitch_fabric(gpus):
    report = _report(gpus, only=["gpu.count", "p2p.access", "pcie.link"])
    assert f"{gpus} × NVIDIA H200" in result(report, "gpu.count").findings[0].summary
    p2p = result(report, "p2p.access")
    assert p2p.status is Status.PASS
    pairs = {(p["a"], p["b"]) for f in p2p.findings for p in f.evidence.get("pairs", [])}
    assert len(pairs) == gpus * (gpus - 1)
    assert "NV18" in text_of(p2p)
    assert result(report, "pcie.link").status is Status.PASS


def test_cuda_visible_devices_0_1_on_eight_gpus_says_six_are_hidden():
    document = synthetic_host(8)
    for call in document["calls"]:  # what the CUDA driver enumerates under CUDA_VISIBLE_DEVICES=0,1
        if call["args"] == ["cuda.devices"]:
            call["answer"]["value"]["devices"] = call["answer"]["value"]["devices"][:2]
        if call["args"] == ["CUDA_VISIBLE_DEVICES"]:
            call["answer"] = "0,1"
    report = run(replay_host_from_text(json.dumps(document)), only=["gpu.count", "env.gpu"])
    text = text_of(result(report, "gpu.count")) + text_of(result(report, "env.gpu"))
    assert "are hidden from CUDA programs by CUDA_VISIBLE_DEVICES=0,1" in text
    for index in range(2, 8):
        assert f"GPU {index}" in text
    assert "CUDA_VISIBLE_DEVICES=0,1" in text
