"""Secrets in the shapes the second attack round found kept: token shapes of the gitleaks ruleset,
command-line flags, headers, connection strings, URL credentials without a scheme, private key blocks,
and secrets inside quoted values and JSON strings. Each is removed from redact_text's result and from
every output of `read`; ordinary GPU output is left as it was."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gpudoctor.host.redact import RULES, RULESET, redact_text

S = "Q7fPLANTED9zK2mXw4Rt"
AWS = "ASIAY3PLANTEDQ7ZK2MX"

SHAPES = {  # name: (text, the secret that must not survive)
    "aws-asia": (f"key id {AWS}", AWS),
    "slack-xapp": (f"xapp-1-A0PLANTED{S}-1234567890-abcdef0123456789", S),
    "slack-xoxb": (f"xoxb-1234567890-1234567890-{S}", S),
    "gcp": (f"AIza{S}{S[:15]}", S),
    "npm": (f"//registry.npmjs.org/:_authToken=npm_{S}{S[:16]}", S),
    "password-flag": (f"mycmd --password {S} --other", S),
    "password-eq-flag": (f"mycmd --db-password={S}", S),
    "token-flag-quoted": (f'run --token "{S}"', S),
    "mysql-p": (f"mysql -uroot -p{S} db", S),
    "x-api-key": (f"X-Api-Key: {S}", S),
    "api-key-lower": (f"x-api-key={S}", S),
    "azure": (f"DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={S}==;EndpointSuffix=core.windows.net", S),
    "userinfo-no-scheme": (f"proxy admin:{S}@10.1.2.3:3128", S),
    "private-key": (f"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{S}\n{S}{S}\n-----END RSA PRIVATE KEY-----", S),
    "private-key-cut": (f"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA{S}\n[...]", S),
    "json-password": ('{"password": "%s", "user": "x"}' % S, S),
    "json-in-a-string": ('body="{\\"api_token\\": \\"%s\\"}"' % S, S),
    "single-quoted": (f"password='{S}'", S),
    "python-dict": ("{'token': '%s'}" % S, S),
    "quoted-env": (f'HF_TOKEN="{S}"', S),
    "ollama-env-map": (f'msg="server config" env="map[HTTPS_PROXY:http://u:{S}@p:3128 HF_TOKEN:{S} OLLAMA_HOST:x]"', S),
    "pw-bare": (f"pw={S}", S),
    "pw-in-a-line": (f"login ok pw={S} user=x", S),
    "passwd-colon": (f"passwd: {S}", S),
    "client-secret-yaml": (f"client_secret: {S}", S),
    "bearer": (f"Authorization: Bearer {S}", S),
    "basic": (f"Authorization: Basic {S}=", S),
    "hugging-face": (f"hf_{S}{S[:14]}", S),
    "github": (f"ghp_{S}{S[:16]}", S),
    "gitlab": (f"glpat-{S}", S),
    "openai": (f"sk-{S}{S}", S),
    "jwt": ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + S, S),
    "query": (f"https://x.invalid/a?access_token={S}&b=1", S),
    "url-userinfo": (f"https://user:{S}@x.invalid/", S),
    "docker-auth": ('{"auths":{"r.io":{"auth":"%s"}}}' % S, S),
    "sas-signature": (f"https://a.blob.core.windows.net/c?sv=2020&sig={S}", S),
    "postgres-url": (f"postgresql://app:{S}@db:5432/x", S),
    "openai-env": (f"OPENAI_API_KEY={S}", S),
    "anthropic": ("sk-ant-api03-" + (S * 5)[:93] + "AA", S),
    "access-key": (f"ACCESS_KEY={S}", S),
    "after-an-escaped-newline": ("'libnvidia-ml.so.1\\nhf_" + S + S[:14] + "\\nxapp-1-A0B-1234567890-" + S.lower() + "'", S),
}

ORDINARY = [
    "NVIDIA-SMI 580.95.05   Driver Version: 580.95.05   CUDA Version: 13.0",
    "|   0  NVIDIA H200   On  |   00000000:00:06.0 Off |   0 |",
    'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config" env="map[OLLAMA_HOST:0.0.0.0:11434]"',
    "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0d6f2a91-4c3e-7b58-e1a4-93f5c8027b6d)",
    "libcuda.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcuda.so.1",
    "NCCL INFO Channel 00/08 : 0[0] -> 1[1] via P2P/CUMEM/read",
    "key=value monkey=business skip=1",
]


def test_the_ruleset_is_data_with_its_source_and_checked_date():
    assert RULESET["source"].startswith("https://github.com/gitleaks/gitleaks/blob/")
    assert RULESET["checked"][:2] == "20" and len(RULES) >= 100
    assert {"aws-access-token", "gcp-api-key", "npm-access-token", "slack-app-token"} <= {r.id for r in RULES}


@pytest.mark.parametrize("name", SHAPES)
def test_each_shape_is_redacted(name):
    text, secret = SHAPES[name]
    assert secret not in redact_text(text)


def test_ordinary_gpu_output_is_left_as_it_was():
    for line in ORDINARY:
        assert redact_text(line) == line


def test_no_planted_secret_in_any_output_of_read(tmp_path):
    smi = (Path(__file__).parents[1] / "fixtures" / "pasted" / "h100x1" / "smi.txt").read_text()
    paste = smi + "\n$ journalctl -u ollama --no-pager\n" + "\n".join(
        f"time=2025-10-30T00:11:3{i % 10}Z level=INFO source=routes.go:1475 msg=\"note\" detail={json.dumps(text)}"
        for i, (text, _) in enumerate(SHAPES.values())) + "\n" + "\n".join(text for text, _ in SHAPES.values()) + "\n"
    outputs = []
    for args in (("read",), ("read", "-v"), ("read", "--json"), ("read", "--format", "markdown"),
                 ("read", "--format", "markdown", "--no-anonymise")):
        proc = subprocess.run([sys.executable, "-m", "gpudoctor", *args], input=paste, capture_output=True,
                              text=True, timeout=60)
        assert proc.returncode in (0, 1, 2), proc.stderr
        outputs.append(proc.stdout + proc.stderr)
    found = [name for name, (_, secret) in SHAPES.items() for text in outputs if secret in text]
    assert not found
