"""Reports and snapshots never carry secrets."""

import json
import random
import re

from gpudoctor.host.redact import _RULE_TRIGGER, REDACTED, RULES, redact_text, redact_value
from gpudoctor.host.snapshot import snapshot_document



def test_url_credentials_are_redacted():
    assert redact_value("OLLAMA_HOST", "http://alice:s3cret@gpu-box:11434") == f"http://{REDACTED}@gpu-box:11434"


def test_token_shapes_are_redacted_but_gpu_uuids_are_not():
    uuid = "GPU-14bd2041-5ebb-2949-625d-78a98c27dbe8"
    assert redact_value("CUDA_VISIBLE_DEVICES", uuid) == uuid
    assert REDACTED in redact_value("NCCL_DEBUG", "hf_" + "a" * 34)
    assert redact_text("token ghp_" + "B" * 36 + " end") == f"token {REDACTED} end"


def test_secret_named_variables_are_redacted_whole():
    assert redact_value("HF_TOKEN", "anything") == REDACTED


def test_snapshot_holds_only_asked_variables_and_redacted(monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", "https://bob:pw@example.invalid:11434")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "verysecret")
    from gpudoctor.host.live import LiveHost

    host = LiveHost()
    assert host.env("OLLAMA_HOST") == f"https://{REDACTED}@example.invalid:11434"
    text = json.dumps(snapshot_document(host))
    assert "pw@" not in text and "verysecret" not in text and "AWS_SECRET_ACCESS_KEY" not in text


def test_credentials_in_command_output_and_files_never_reach_a_snapshot(tmp_path):
    from gpudoctor.host.live import LiveHost

    log = tmp_path / "server.log"
    log.write_text('time=x level=INFO msg="server config" env="map[HTTPS_PROXY:http://me:hunter2@proxy:3128]"\n')
    host = LiveHost()
    assert "hunter2" not in host.read_file(str(log)).text
    assert "hunter2" not in host.run(["cat", str(log)]).text
    text = json.dumps(snapshot_document(host))
    assert "hunter2" not in text and "proxy:3128" in text


def test_the_grouped_rule_trigger_finds_what_one_branch_per_prefix_finds():
    prefixes = sorted({p for rule in RULES for p in rule.prefixes})
    plain = re.compile(r"(?:(?<![A-Za-z0-9])|(?<=\\[ntr]))(?:" + "|".join(map(re.escape, prefixes)) + ")", re.IGNORECASE)
    chosen = random.Random(3)
    texts = [f"{lead}{p.swapcase() if i % 2 else p}{tail}" for i, p in enumerate(prefixes)
             for lead in ("", "x", " ", "-", "\\n", "9") for tail in ("", "Z")]
    texts += ["".join(chosen.choice(prefixes + ["a", "_", "-", " ", "ſ", "K", "ı", "\\t"]) for _ in range(4))
              for _ in range(3000)]
    assert [bool(_RULE_TRIGGER.search(t)) for t in texts] == [bool(plain.search(t)) for t in texts]
