"""A known failure in a paste that a check already reports (its cause's owner, findings.CAUSE_OWNERS) explains that
check's finding: the reader sees the cause, the evidence line and the next step there, not only a code in the JSON.
And a line a more specific row read in its place (SignatureMatch.refined) is no "line gpudoctor does not know"."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus"
sys.path.insert(0, str(CORPUS))
from excerpts import read_excerpt  # noqa: E402

# nvidia-smi failing on line 2; the journal's "Key was rejected by service" from line 8 (acidanthera/bugtracker#2237).
KEY_REJECTED = "kernel/acidanthera-2237-key-rejected-nvidia-journal.txt"


def _read(tmp_path, *options: str):
    paste = tmp_path / "paste.txt"
    paste.write_text(read_excerpt(KEY_REJECTED).text, encoding="utf-8")
    return CliRunner().invoke(main, ["read", *options, str(paste)])


def test_the_known_failure_explains_the_check_that_reports_its_symptom(tmp_path):
    document = json.loads(_read(tmp_path, "--json").output)
    driver = next(check for check in document["checks"] if check["id"] == "driver.version")
    lead = next(finding for finding in driver["findings"] if finding["status"] == "fail")
    assert lead["details"][0].startswith("Known failure [kernel.module-signature-rejected]: Secure Boot")
    assert "Key was rejected by service" in lead["details"][0] and "mokutil" in lead["details"][0]
    assert "kernel.module-signature-rejected" in lead["evidence"]["signatures"]


def test_a_line_read_by_a_more_specific_row_is_not_listed_as_unknown(tmp_path):
    text = _read(tmp_path).output
    assert "Key was rejected by service" in text
    unknown = text[text.index("does not know yet"):] if "does not know yet" in text else ""
    assert "NVIDIA-SMI has failed" not in unknown


def test_a_line_with_a_forums_apostrophe_is_a_known_failure_and_not_listed_as_unknown(tmp_path):
    paste = tmp_path / "forum.txt"
    paste.write_text("NVIDIA-SMI has failed because it couldn\u2019t communicate with the NVIDIA driver. Make sure that "
                     "the latest NVIDIA driver is installed and running.\n", encoding="utf-8")
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    assert "kernel.driver-not-loaded" in {found["code"] for found in document["pasted"]["signatures"]} | {
        code for check in document["checks"] for finding in check["findings"]
        for code in finding["evidence"].get("signatures", ())}
    assert document["pasted"]["not_recognised"] == []
