"""What `read` asks for next bears on what was pasted: the Ollama journal only of a paste that shows Ollama, a
container's cgroups only of one that shows a container engine; the GPUs' own outputs of every paste."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.pasted.verdicts import areas_shown

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus"


def asked_of(tmp_path: Path, text: str) -> list[str]:
    paste = tmp_path / "paste.txt"
    paste.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["read", "--json", str(paste)])
    assert result.exit_code in (0, 1), result.output
    return [ask["command"] for ask in json.loads(result.output)["pasted"]["paste_next"]]


def excerpt(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8").split("\n---\n", 1)[1]


def test_a_pytorch_out_of_memory_is_not_asked_for_ollama_or_a_container(tmp_path):
    # dcrnn#6: CUDA out of memory in a training script; the helper asked about the batch size and the GPU.
    asked = asked_of(tmp_path, excerpt("frameworks/dcrnn-6-cuda-oom-reduce-batch.txt"))
    assert asked[0] == "nvidia-smi"
    assert not any("ollama" in command or "cgroup" in command for command in asked), asked


def test_a_docker_error_is_asked_for_the_container_and_not_for_ollama(tmp_path):
    # ByteTrack#302: `docker run --gpus all` without the NVIDIA runtime.
    asked = asked_of(tmp_path, excerpt("containers/bytetrack-302-could-not-select-device-driver.txt"))
    assert "cat /proc/1/cgroup" in asked and not any("ollama" in command for command in asked), asked


def test_a_paste_that_names_ollama_is_asked_for_its_log(tmp_path):
    text = excerpt("frameworks/dcrnn-6-cuda-oom-reduce-batch.txt") + "\nThe same happens when ollama serve runs.\n"
    assert any("ollama" in command for command in asked_of(tmp_path, text))


@pytest.mark.parametrize("lines, codes, shown", [
    (["$ kubectl logs pod/x", "error"], [], {"container"}),
    (["time=... level=INFO source=server.go msg=x"], ["ollama.no-compatible-gpu"], {"ollama"}),
    (["RuntimeError: CUDA error: out of memory"], [], set()),
    (["a podcast about composers"], [], set()),  # words inside other words are not a container engine
])
def test_the_areas_a_paste_shows(lines, codes, shown):
    assert areas_shown(lambda: iter(lines), codes) == shown


@pytest.mark.parametrize("text, asked, not_asked", [
    ("My ollama only uses the CPU since yesterday, any idea?\n", ["`nvidia-smi`", "journalctl -u ollama"], []),
    ("PS C:\\> ollama serve\nit prints something I do not understand\n", ["Get-Content"], ["journalctl"]),
    ("Two GPUs and the second one is never used, why?\n", ["`nvidia-smi`"], ["ollama"]),
    ("> sw_vers\nProductName:\t\tmacOS\nmy model is slow\n", ["macOS"], ["nvidia-smi`."]),
])
def test_a_paste_with_nothing_recognised_says_what_to_ask_first(tmp_path, text, asked, not_asked):
    paste = tmp_path / "paste.txt"
    paste.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["read", str(paste)])
    assert result.exit_code == 2 and "nothing recognised" in result.output
    first = result.output.split("It reads the output of")[0]
    assert all(word in first for word in asked), first
    assert not any(word in first for word in not_asked), first
