"""`list --json`, `merge --json` and `fix --json` write what their shipped schemas (beside
report.schema.json) say, for real outputs from the recorded fixtures; and the schemas refuse a
document that breaks them, so a pass means something."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.fixing.catalog import PHASES
from gpudoctor.fixing.record import STATUSES

HOSTS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "hosts").glob("*.json"))


def _schema(name: str) -> dict:
    schema = json.loads(resources.files("gpudoctor.report").joinpath(name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def _json(*args: str) -> dict:
    return json.loads(CliRunner().invoke(main, list(args)).stdout)


def test_list_json_follows_its_schema():
    schema, document = _schema("checks.schema.json"), _json("list", "--json")
    jsonschema.validate(document, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**document, "checks": [{**document["checks"][0], "platforms": ["macos"]}]}, schema)


@pytest.mark.parametrize("host", HOSTS, ids=lambda p: p.stem)
def test_fix_json_follows_its_schema(host):
    jsonschema.validate(_json("fix", "--json", "--from", str(host)), _schema("fix.schema.json"))


def test_the_fix_schema_names_every_phase_and_status():
    schema = _schema("fix.schema.json")
    assert schema["properties"]["status"]["enum"] == list(STATUSES)
    fix = schema["properties"]["plan"]["properties"]["fixes"]["items"]["properties"]
    assert fix["phase"]["enum"] == list(PHASES)


def test_merge_json_follows_its_schema(tmp_path):
    for host in HOSTS:
        CliRunner().invoke(main, ["check", "--from", str(host), "-o", str(tmp_path / host.name)])
    (tmp_path / "broken.json").write_text("{")
    schema, document = _schema("fleet.schema.json"), _json("merge", "--json", str(tmp_path))
    assert len(document["nodes"]) + document["superseded_reports"] == len(HOSTS) and document["unreadable"]
    jsonschema.validate(document, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**document, "nodes": [{**document["nodes"][0], "verdict": "fine"}]}, schema)
