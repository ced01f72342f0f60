"""A snapshot keeps only the server-log lines the checks read (not a 2 MB tail with prompts), and every
recorded Ollama log parses exactly the same from those lines alone."""

import json
from pathlib import Path

import pytest

from gpudoctor.host.base import keep_only
from gpudoctor.host.live import LiveHost
from gpudoctor.host.snapshot import snapshot_document
from gpudoctor.probes.ollama import LOG_LIMIT, log_line_kept, parse_server_log

LOGS = sorted((Path(__file__).parents[1] / "fixtures" / "ollama").glob("*.log"))


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_a_recorded_log_parses_the_same_from_the_kept_lines(log):
    text = log.read_text(encoding="utf-8")
    kept = keep_only(text.encode(), log_line_kept).decode()
    assert parse_server_log(kept, "x") == parse_server_log(text, "x")
    assert len(kept.splitlines()) == len(text.splitlines())  # line numbers still hold


def test_prompts_in_a_debug_log_do_not_reach_a_snapshot(tmp_path):
    log = tmp_path / "server.log"
    log.write_text(
        'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config" env="map[]"\n'
        'time=2025-10-30T00:12:00Z level=DEBUG source=routes.go:1700 msg="chat request" '
        'prompt="<|user|>my private question about PLANTED-PROMPT<|end|>"\n'
        '[GIN] 2025/10/30 - 00:12:01 | 200 | 1.2s | 127.0.0.1 | POST "/api/chat"\n'
        + "x" * 1000 + "\n")
    host = LiveHost()
    result = host.read_file(str(log), limit=LOG_LIMIT, tail=True, keep_lines=log_line_kept)
    assert "server config" in result.text and "PLANTED-PROMPT" not in result.text
    assert 'source=routes.go:1700 msg="chat request"\n' in result.text  # still reads as Ollama's log
    assert result.text.count("\n") == 4
    assert "PLANTED-PROMPT" not in json.dumps(snapshot_document(host))


CORPUS_LOGS = sorted(path for path in (Path(__file__).parents[1] / "fixtures" / "corpus" / "ollama").glob("*.txt"))


def test_a_whole_log_keeps_what_its_lines_keep_one_at_a_time():
    # keep_all scans for failure signatures only the lines the catalogue's prefilter says may hold one: it must keep
    # exactly what the line-by-line filter keeps, on the recorded logs and on the corpus's real Ollama threads.
    for path in [*LOGS, *CORPUS_LOGS]:
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        assert log_line_kept.keep_all(lines) == [log_line_kept(line) for line in lines], path.name
