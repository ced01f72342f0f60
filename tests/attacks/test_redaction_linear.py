"""Redaction takes time linear in the text (a 60 MB line once took minutes) and removes the token shapes
that logs and command output carry."""

import time

import pytest

from gpudoctor.host.redact import REDACTED, redact_text

MEGABYTE = 1 << 20

# Lines built to make a backtracking pattern quadratic: long runs where a pattern may start at every
# character, or restart after every delimiter, and fail at the end. Each is built for a size in megabytes.
HOSTILE_LINES = {
    "one long word": lambda mb: "a" * (4 * mb),
    "scheme, no userinfo end": lambda mb: "http://" + "a" * (2 * mb),
    "scheme characters then ://": lambda mb: "a" * (2 * mb) + "://x",
    "many schemes": lambda mb: "a://" * (mb // 2),
    "restarting token prefixes": lambda mb: "sk-" * (mb // 2),
    "jwt starts without dots": lambda mb: "eyJ-" * (mb // 2),
    "jwt with one dot each": lambda mb: ("eyJ" + "a" * 10 + ".") * (mb // 8),
    "query names without =": lambda mb: "?token" * (mb // 4),
    "secret names without value": lambda mb: "a_token " * (mb // 4),
    "quoted value never closed": lambda mb: 'PASSWORD="' + "a" * (2 * mb),
    "bearer without token": lambda mb: "Bearer " * (mb // 4),
}


def _seconds(text: str) -> float:
    """The CPU time redaction takes: what grows with the text's length, whatever else holds the cores meanwhile (in
    CI the other test process held them through three runs of 1 MB: 0.67 s each of wall time, against 0.17 s alone)."""
    started = time.process_time()
    redact_text(text)
    return time.process_time() - started


@pytest.mark.parametrize("name", sorted(HOSTILE_LINES))
def test_redaction_of_a_megabyte_line_grows_linearly(name):
    # Eight times the text may take about eight times as long; a quadratic pattern takes 64 times.
    # A floor of 20 ms keeps a hiccup on a tiny time from reading as growth (the eighth takes 20-140 ms here).
    # Past the bound, the best of three counts: a hiccup may still slow one run (a quadratic pattern misses the
    # bound every time).
    build = HOSTILE_LINES[name]
    small, large = _seconds(build(MEGABYTE // 8)), _seconds(build(MEGABYTE))
    if large >= 24 * max(small, 0.02):
        large = min(large, _seconds(build(MEGABYTE)), _seconds(build(MEGABYTE)))
    assert large < 24 * max(small, 0.02), f"{name}: {small:.3f} s, then {large:.3f} s for 8 times the text"


def test_time_grows_linearly_with_the_line():
    small, large = _seconds("sk-eyJ-a://" * 20_000), _seconds("sk-eyJ-a://" * 200_000)
    if large >= 30 * max(small, 0.002):  # the best of three, as above
        large = min(large, _seconds("sk-eyJ-a://" * 200_000), _seconds("sk-eyJ-a://" * 200_000))
    assert large < 30 * max(small, 0.002)  # quadratic would be ~100x


@pytest.mark.parametrize("line, secret", [
    ("curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706' https://api.example.invalid", "9f8e7d6c5b4a39281706"),
    ("Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l", "YWxhZGRpbjpvcGVuc2VzYW1l"),
    ("git clone https://oauth2:glpat-Xy9zAbCdEfGhIjKlMnOp@gitlab.example.invalid/x.git", "glpat-Xy9zAbCdEfGhIjKlMnOp"),
    ("token=glpat-Xy9zAbCdEfGhIjKlMnOp", "glpat-Xy9zAbCdEfGhIjKlMnOp"),
    ("export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG"),
    ("GET /v1/models?api_key=q1w2e3r4t5y6 HTTP/1.1", "q1w2e3r4t5y6"),
    ("proxy http://cache.example.invalid/?user=me&pw=hunter22", "hunter22"),
    ('time=x level=INFO msg=request password="correct horse"', "correct horse"),
    ('{"hf_token": "not-a-shape-but-named"}', "not-a-shape-but-named"),
    ("HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz012345", "hf_abcdefghijklmnopqrstuvwxyz012345"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
     "dozjgNryP4J3jVmNHl0w5N"),
    ("https://alice:s3cr3t@gpu-box:11434/api", "s3cr3t"),
])
def test_token_shapes_in_logs_are_redacted(line, secret):
    redacted = redact_text(line)
    assert secret not in redacted and REDACTED in redacted


@pytest.mark.parametrize("line", [
    "GPU-14bd2041-5ebb-2949-625d-78a98c27dbe8",
    "llama_context: n_ctx_per_seq = 4096 n_tokens=512",
    "tokenizer.ggml.tokens arr[str,128256]",
    'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config" env="map[OLLAMA_HOST:http://0.0.0.0:11434]"',
    "NVIDIA_DRIVER_CAPABILITIES=compute,utility",
])
def test_ordinary_lines_are_kept(line):
    assert redact_text(line) == line
