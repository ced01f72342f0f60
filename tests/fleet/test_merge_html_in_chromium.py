"""The merged HTML page opened in a real headless browser (Debian's chromium): the DOM it builds
holds the table with every node, and a screenshot is taken. Needs no network: the page has no
script, stylesheet link or remote image."""

import os
import shutil
import subprocess
from html.parser import HTMLParser

import pytest
from fleet_reports import PLANTED, synthetic_fleet, write_fleet

from gpudoctor.fleet import views
from gpudoctor.fleet.merge import read_reports, report_paths

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(name)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian: apt-get install chromium)")


class NodeRows(HTMLParser):
    """The data-node of every row of the table#nodes, as the browser's DOM has them."""

    def __init__(self):
        super().__init__()
        self.in_table = False
        self.nodes = []
        self.outliers = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table":
            self.in_table = attributes.get("id") == "nodes"
        elif tag == "tr" and self.in_table and "data-node" in attributes:
            self.nodes.append(attributes["data-node"])
            if "outlier" in (attributes.get("class") or "").split():
                self.outliers.append(attributes["data-node"])

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_table = False


def _chromium(*args, cwd):
    # --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           f"--user-data-dir={cwd}/profile", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def test_every_node_is_in_the_table_chromium_builds(tmp_path):
    write_fleet(tmp_path, synthetic_fleet(800))
    fleet = read_reports(report_paths([str(tmp_path)]))
    page = tmp_path / "fleet.html"
    page.write_text(views.render_html(fleet), encoding="utf-8")

    dom = _chromium("--dump-dom", page.as_uri(), cwd=tmp_path)
    assert dom.returncode == 0, dom.stderr[-2000:]
    rows = NodeRows()
    rows.feed(dom.stdout)
    assert rows.nodes == [node.name for node in fleet.nodes] and len(rows.nodes) == 800
    assert set(rows.outliers) == set(PLANTED)
    assert "<svg" in dom.stdout and 'aria-label="P2P bandwidth, slowest direction"' in dom.stdout

    shot = tmp_path / "fleet.png"
    screenshot = _chromium(f"--screenshot={shot}", "--window-size=1200,900", page.as_uri(), cwd=tmp_path)
    assert screenshot.returncode == 0 and shot.exists() and os.path.getsize(shot) > 1000, screenshot.stderr[-2000:]
