"""`gpudoctor read` on real pasted outputs from public issues (tests/fixtures/pasted/README.md names each)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main

PASTED = Path(__file__).parent.parent / "fixtures" / "pasted"


def read_json(*names: str) -> dict:
    result = CliRunner().invoke(main, ["read", "--json", *(str(PASTED / n) for n in names)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def checks(document: dict) -> dict[str, dict]:
    return {c["id"]: c for c in document["checks"]}


def kinds(document: dict) -> list[str]:
    return [item["kind"] for item in document["pasted"]["recognised"]]


# file -> (kinds recognised, {check id: (status, words its summary must hold)}); the words are the
# verdict and advice given in the thread, or the one gpudoctor's checks give on that evidence.
CORPUS = {
    "ollama-3095-nvidia-smi-L-and-serve.txt": (["nvidia-smi -L / nvlink -s", "Ollama server log"], {
        "gpu.count": ("pass", "5 GPUs: 5 × Tesla M40 24GB"), "ollama.server": ("pass", "Ollama 0.1.27")}),
    "ollama-4139-inference-compute-2x4090.txt": (["Ollama server log"], {
        "ollama.gpus": ("skip", "paste `nvidia-smi`"), "gpu.count": ("skip", "paste `nvidia-smi`")}),
    "ollama-835-nvidia-smi-2xT4.txt": (["nvidia-smi"], {
        "gpu.count": ("pass", "2 GPUs: 2 × Tesla T4"), "driver.version": ("pass", "545.23.08")}),
    "wsl-9134-windows-nvidia-smi-517.txt": (["nvidia-smi"], {
        "gpu.count": ("pass", "2 GPUs"), "driver.version": ("fail", "517.48 is older than 535")}),
    "wsl-11589-cuda-version-err.txt": (["nvidia-smi"], {"driver.version": ("pass", "546.80 (CUDA version unknown)")}),
    "wsl-9099-windows-nvidia-smi-526.txt": (["nvidia-smi"], {"driver.version": ("fail", "526.47 is older than 535")}),
    "wsl-9254-tesla-tcc-and-geforce.txt": (["nvidia-smi"], {"gpu.count": ("warn", "The GPUs differ")}),
    "wsl-9962-docker-nvidia-smi-531.txt": (["nvidia-smi"], {"driver.version": ("fail", "531.18"),
                                                             "gpu.count": ("skip", "Unknown: paste `nvidia-smi`")}),
    "wsl-5554-wsl-list-v.txt": (["wsl -l -v"], {"wsl.feature": ("pass", "WSL")}),
    "pytorch-119638-topo-m-phb.txt": (["nvidia-smi topo -m"], {"p2p.access": ("skip", "nvidia-smi topo -p2p r")}),
    "nccl-667-topo-m-4gpu.txt": (["nvidia-smi topo -m"], {"p2p.access": ("skip", "nvidia-smi topo -p2p r")}),
    "club3090-1229-topo-m-2x5090.txt": (["nvidia-smi topo -m"], {"p2p.access": ("skip", "nvidia-smi topo -p2p r")}),
    "club3090-1229-nvidia-smi-610-kmd-version.txt": (["nvidia-smi"], {
        "gpu.count": ("pass", "2 GPUs: 2 × NVIDIA GeForce RTX 5090"),
        "driver.version": ("pass", "NVIDIA driver 610.57.04 (supports CUDA up to 13.3)")}),
    "club3090-1229-topo-p2p-2x5090.txt": (["nvidia-smi topo -p2p"], {
        "p2p.access": ("pass", "the driver does not offer P2P on these GPUs")}),
    "nccl-1160-nccl-debug-info.txt": (["NCCL debug log"], {"gpu.count": ("skip", "Unknown")}),
    "ollama-8623-serve-server-config.txt": (["Ollama server log"], {"ollama.env": ("pass", "OLLAMA_SCHED_SPREAD=false")}),
    "ollama-10486-windows-server-config.txt": (["Ollama server log"], {"ollama.env": ("pass", "The Ollama server runs")}),
    "ollama-7323-journal-debug.txt": (["Ollama server log"], {"ollama.errors": ("pass", "No failed model load")}),
    "pytorch-137846-collect-env-windows-cpu.txt": (["python -m torch.utils.collect_env"], {
        "gpu.count": ("skip", "Unknown: paste `nvidia-smi`")}),
}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_pasted_output_gets_the_threads_verdict(name):
    expected_kinds, expected = CORPUS[name]
    document = read_json(name)
    assert document["source"] == "pasted"
    assert kinds(document) == expected_kinds
    found = checks(document)
    for check_id, (status, words) in expected.items():
        assert found[check_id]["status"] == status, (check_id, found[check_id]["summary"])
        assert words in found[check_id]["summary"], (check_id, found[check_id]["summary"])


def test_every_corpus_file_is_named_in_the_readme():
    readme = (PASTED / "README.md").read_text(encoding="utf-8")
    for path in PASTED.glob("*.txt"):
        assert path.name in readme


def test_a_paste_never_passes_what_it_does_not_show():
    """Only an Ollama log: the GPU, driver and environment checks are unknown and say what to paste."""
    document = read_json("ollama-8623-serve-server-config.txt")
    found = checks(document)
    for check_id in ("gpu.count", "driver.version", "env.gpu", "p2p.access"):
        assert found[check_id]["status"] == "skip"
        assert found[check_id]["summary"].startswith(("Unknown: paste `", "Unknown (")), found[check_id]["summary"]
    assert 2 <= len(document["pasted"]["paste_next"]) <= 3
    assert document["pasted"]["paste_next"][0]["command"] == "nvidia-smi"


def test_two_drivers_in_one_paste_are_a_conflict_not_a_merge(tmp_path):
    first = (PASTED / "wsl-9099-windows-nvidia-smi-526.txt").read_text(encoding="utf-8")
    second = (PASTED / "wsl-9254-tesla-tcc-and-geforce.txt").read_text(encoding="utf-8")
    paste = tmp_path / "issue.txt"
    paste.write_text(first + "\n" + second, encoding="utf-8")
    result = CliRunner().invoke(main, ["read", "--json", str(paste)])
    document = json.loads(result.output)
    conflicts = document["pasted"]["conflicts"]
    assert {"first": "526.47", "second": "526.98"}.items() <= next(
        c for c in conflicts if c["call"] == "nvmlSystemGetDriverVersion").items()
    assert checks(document)["read.conflicts"]["status"] == "warn"
