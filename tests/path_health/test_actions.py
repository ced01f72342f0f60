"""The action on every finding: the table covers every built-in check, the rules give pass, skip, error
and consequences `none`, and the JSON report carries the action its schema allows."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema

from hosts import HostBuilder, run

from gpudoctor.actions import CHECK_ACTIONS
from gpudoctor.model import Action, Status
from gpudoctor.registry import load_registry
from gpudoctor.report.json_report import report_document

SCHEMA = json.loads(resources.files("gpudoctor.report").joinpath("report.schema.json").read_text())


def test_every_built_in_check_has_an_action_and_the_table_names_no_other():
    assert set(CHECK_ACTIONS) == {c.id for c in load_registry().checks}


def test_the_action_strings_are_the_documented_set():
    assert [a.value for a in Action] == ["none", "restart-application", "reload-driver", "reboot", "reset-gpu",
                                         "reseat-or-inspect-hardware", "contact-vendor", "configure"]
    assert SCHEMA["$defs"]["action"]["enum"][:-1] == [a.value for a in Action]


def test_every_finding_of_a_failing_host_has_its_action_in_the_json_report():
    builder = HostBuilder.from_fixture("linux-2xh100-nvlink.json")
    builder.set_nvml("nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED")
    report = run(builder.host())
    document = report_document(report)
    jsonschema.validate(document, SCHEMA)
    findings = [f for r in report.results for f in r.findings]
    assert all(f.action is not None for f in findings)
    assert all(f.action is Action.NONE for f in findings if f.status in (Status.PASS, Status.SKIP, Status.ERROR))
    assert all(f.action is Action.NONE for f in findings if f.caused_by)
    driver = next(c for c in document["checks"] if c["id"] == "driver.version")
    assert driver["status"] == "fail" and driver["action"] == "reload-driver"
    assert all("action" in f for c in document["checks"] for f in c["findings"])
