"""Signatures where people meet them: `gpudoctor read` on text no block kind knows, the "not recognised"
list, the codes in JSON findings, and `gpudoctor explain CODE`. The pastes are the corpus' real excerpts."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from gpudoctor.cli import main

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus"
sys.path.insert(0, str(CORPUS))
from excerpts import read_excerpt  # noqa: E402

SCHEMA = json.loads(resources.files("gpudoctor.report").joinpath("report.schema.json").read_text())
MISMATCH = "kernel/stackhpc-287-nvrm-api-mismatch-journal.txt"
FALLEN = "kernel/nvsentinel-155-fallen-off-bus.txt"


def _read(tmp_path, text: str, *options: str):
    path = tmp_path / "paste.txt"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["read", *options, str(path)])


def test_a_journal_line_no_block_kind_knows_is_read_as_its_known_failure(tmp_path):
    result = _read(tmp_path, read_excerpt(MISMATCH).text, "--json")
    document = json.loads(result.output)
    jsonschema.validate(document, SCHEMA)
    known = next(c for c in document["checks"] if c["id"] == "read.signatures")
    assert known["status"] == "fail"
    assert known["findings"][0]["signatures"] == ["kernel.api-mismatch"]
    assert known["findings"][0]["evidence"]["fields"] == {"client_version": "535.54.03", "version": "530.30.02"}
    assert [s["code"] for s in document["pasted"]["signatures"]] == ["kernel.api-mismatch"]
    assert result.exit_code == 1  # a failure was found, not "nothing recognised" (2)


def test_the_terminal_report_starts_with_the_cause_and_its_next_step(tmp_path):
    result = _read(tmp_path, read_excerpt(MISMATCH).text)
    assert "nothing recognised" not in result.output
    assert "The loaded kernel module is 530.30.02 while the driver libraries are 535.54.03" in result.output
    assert "Next step: Reboot" in result.output
    assert "line 2" in result.output  # the evidence says where: the paste's second line


def test_a_failure_a_check_reports_itself_carries_the_code_instead_of_a_second_finding(tmp_path):
    document = json.loads(_read(tmp_path, read_excerpt(FALLEN).text, "--json").output)
    ids = [c["id"] for c in document["checks"] if c["status"] == "fail"]
    assert ids == ["gpu.errors"], "gpu.errors judges Xid 79 itself: no read.signatures beside it"
    errors = next(c for c in document["checks"] if c["id"] == "gpu.errors")
    assert ["kernel.xid-79"] in [f.get("signatures") for f in errors["findings"]]


def test_error_lines_no_signature_knows_are_listed_once_each(tmp_path):
    text = (read_excerpt(MISMATCH).text
            + "Jun 30 11:07:06 host slurmd[812]: error: Couldn't find the specified plugin name for gres/gpu\n"
            + "Jun 30 11:07:07 host slurmd[813]: error: Couldn't find the specified plugin name for gres/gpu\n"
            + "Jun 30 11:07:08 host slurmd[814]: fatal: Unable to initialize gres plugin 7\n")
    pasted = json.loads(_read(tmp_path, text, "--json").output)["pasted"]
    assert [line.split(": ", 1)[1] for line in pasted["not_recognised"]] == [
        "error: Couldn't find the specified plugin name for gres/gpu", "fatal: Unable to initialize gres plugin 7"]


def test_a_sentence_that_introduces_the_error_below_it_is_not_listed(tmp_path):
    """ollama/ollama#16415's paste: the person's "After that, CUDA failed with this error:" above the log lines (read
    by rows); the error is below it, not in it."""
    excerpt = read_excerpt("ollama/ollama-16415-gtx1070ti-driver-535-too-old-ollama-030.txt")
    assert "After that, CUDA failed with this error:" in excerpt.text
    pasted = json.loads(_read(tmp_path, excerpt.text, "--json").output)["pasted"]
    assert pasted["not_recognised"] == []
    # A tool's line that names its error after the colon is still listed when no row knows it.
    text = excerpt.text + "Jun 30 11:07:08 host slurmd[814]: fatal: Unable to initialize gres plugin 7\n"
    pasted = json.loads(_read(tmp_path, text, "--json").output)["pasted"]
    assert [line.split(": ", 1)[1] for line in pasted["not_recognised"]] == ["fatal: Unable to initialize gres plugin 7"]


def test_a_debuggers_header_that_names_only_the_exception_is_not_listed(tmp_path):
    """VS Code stops on an exception with "Exception has occurred: RuntimeError" (in the user's language: CosyVoice#1318
    pasted "并发生异常: RuntimeError") above the message, which rows read; a header that says more is still listed."""
    message = "CUDA error: no kernel image is available for execution on the device\n"
    for header in ("Exception has occurred: RuntimeError", "并发生异常: RuntimeError", "发生异常: torch.OutOfMemoryError"):
        pasted = json.loads(_read(tmp_path, f"{header}\n{message}", "--json").output)["pasted"]
        assert pasted["signatures"] and pasted["not_recognised"] == [], header
    text = f"Exception has occurred: RuntimeError in worker 3\n{message}"
    pasted = json.loads(_read(tmp_path, text, "--json").output)["pasted"]
    assert [line.split(": ", 1)[1] for line in pasted["not_recognised"]] == ["Exception has occurred: RuntimeError in worker 3"]


def test_a_healthy_hosts_own_outputs_list_no_error_line(tmp_path):
    """The one-H200 host's nvidia-smi -q ("Uncorrectable Error : 0", "Pending Page Blacklist : N/A") and dmesg
    (its kernel command line says "panic=1"), read on the lent two-H200 host, are no one's error lines."""
    raw = Path(__file__).parents[1] / "fixtures" / "raw" / "h200"
    text = (raw / "t_smi.txt").read_text() + (raw / "t_dmesg.txt").read_text() \
        + "[    0.000000] Kernel command line: console=ttyS0 quiet reboot=k panic=1\n"
    pasted = json.loads(_read(tmp_path, text, "--json").output)["pasted"]
    assert pasted["not_recognised"] == []


def test_text_with_neither_a_known_output_nor_a_known_failure_is_still_refused(tmp_path):
    result = _read(tmp_path, "hello\nworld\n")
    assert result.exit_code == 2
    assert "nothing recognised" in result.output


def test_explain_prints_a_signature_with_its_sources_date_and_an_example():
    output = CliRunner().invoke(main, ["explain", "kernel.api-mismatch"]).output
    for part in ("Cause:", "Next step: Reboot", "Action: reboot", "https://github.com/NVIDIA/nvidia-docker/issues/182",
                 "checked 2026-11-25", "Example:", "NVRM: API mismatch: the client has the version 535.54.03"):
        assert part in output


def test_unknown_error_lines_keep_their_line_numbers_across_the_megabyte_chunks():
    from gpudoctor.pasted.signatures import not_recognised

    head = "ok\nfatal: boom 1\n"
    filler = "ok\n" * (((1 << 20) - len(head) - 4) // 3)  # "Segmentation fault" then straddles the megabyte's end
    text = head + filler + "Segmentation fault (core dumped)\n"
    assert len(head + filler) < 1 << 20 < len(head + filler) + len("Segmentation fault")
    lines = not_recognised([("paste", text)], ())
    assert lines[0] == "paste, line 2: fatal: boom 1"
    assert lines[1] == f"paste, line {text.count(chr(10))}: Segmentation fault (core dumped)"


def test_an_error_written_on_a_fence_line_is_read(tmp_path):
    """frameworks/rams-13's paste opens its code block with the error on the fence's own line ("```InternalError: ...")."""
    excerpt = read_excerpt("frameworks/rams-13-tf-dst-tensor-not-initialized.txt")
    document = json.loads(_read(tmp_path, excerpt.text, "--json").output)
    assert "frameworks.tf-dst-tensor-not-initialized" in [s["code"] for s in document["pasted"]["signatures"]]


def test_a_conclusion_from_named_facts_is_read_explained_and_suggested(tmp_path):
    excerpt = read_excerpt("cuda/bevfusion-283-gtx3090-torch181-cu101.txt")
    document = json.loads(_read(tmp_path, excerpt.text, "--json").output)
    jsonschema.validate(document, SCHEMA)
    known = next(c for c in document["checks"] if c["id"] == "read.signatures")
    assert "cuda.named-gpu-outside-torch-build" in [code for f in known["findings"] for code in f["signatures"]]
    explained = CliRunner().invoke(main, ["explain", "cuda.named-gpu-outside-torch-build"])
    assert explained.exit_code == 0 and "Recognised by no line of its own" in explained.output
    misspelt = CliRunner().invoke(main, ["explain", "cuda.named-gpu-outside-torch-buil"])
    assert misspelt.exit_code == 2 and "did you mean 'cuda.named-gpu-outside-torch-build'" in misspelt.output


def test_a_merged_code_explains_the_row_that_reads_its_lines_now():
    from gpudoctor.knowledge.signatures import MERGED_INTO, by_code

    for old, new in MERGED_INTO.items():
        assert by_code(old) is None and by_code(new) is not None, (old, new)  # never reused, never dangling
        result = CliRunner().invoke(main, ["explain", old])
        assert result.exit_code == 0 and f"{old} was merged into {new}" in result.output
