"""JUnit XML: one testcase per check, for CI systems that ingest it.

fail and error become <failure> and <error>; skip becomes <skipped>; warn passes, with the
warning in <system-out>, unless `--fail-on warn` made warnings failures.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gpudoctor.engine import Report
from gpudoctor.model import Status
from gpudoctor.report.json_report import headline
from gpudoctor.report.printable import printable


def render_junit(report: Report, fail_on: Status = Status.FAIL) -> str:
    suite = ET.Element("testsuite", name="gpudoctor", tests=str(len(report.results)),
                       time=f"{report.duration_s:.3f}", timestamp=report.recorded_at or report.started_at)
    hostname = ((report.host or {}).get("node") or {}).get("hostname")
    if hostname:
        suite.set("hostname", hostname)
    failures = errors = skipped = 0
    for result in report.results:
        case = ET.SubElement(suite, "testcase", classname=f"gpudoctor.{result.check_id.split('.')[0]}",
                             name=result.check_id, time=f"{result.duration_s:.3f}")
        lead = headline(result)
        text = "\n".join(f"[{f.status.value}] {f.summary}" + "".join(f"\n  {d}" for d in f.details)
                         for f in result.findings)
        if result.status is Status.ERROR:
            errors += 1
            ET.SubElement(case, "error", message=lead.summary).text = text
        elif result.status.rank >= fail_on.rank and result.status is not Status.SKIP:
            failures += 1
            ET.SubElement(case, "failure", message=lead.summary, type=result.status.value).text = text
        elif result.status is Status.SKIP:
            skipped += 1
            ET.SubElement(case, "skipped", message=lead.summary)
        else:
            ET.SubElement(case, "system-out").text = text
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    suite.set("skipped", str(skipped))
    ET.indent(suite)
    # Control characters from recorded text are not allowed in XML 1.0 at all: show them as escapes.
    return '<?xml version="1.0" encoding="utf-8"?>\n' + printable(ET.tostring(suite, encoding="unicode")) + "\n"
