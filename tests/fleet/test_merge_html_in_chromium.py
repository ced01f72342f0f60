"""The merged HTML page opened in a real headless browser (Debian's chromium): the DOM it builds
holds the table with every node, the five planted faults are on the first screen, and a
screenshot is taken. Needs no network: the page has no script, stylesheet link or remote image
(the test adds one script to its own copy, to ask the browser where things were laid out)."""

import json
import os
import re
import shutil
import subprocess
import html
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


# Run by the browser in the test's copy of the page: where each item of the "Needs a look" list
# and each outlier's label in the charts was laid out, written into the DOM that --dump-dom prints.
_LAYOUT_PROBE = """<script>
window.addEventListener("load", () => {
  const box = e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left}; };
  const found = {viewport: [innerWidth, innerHeight],
    look: [...document.querySelectorAll("#needs-a-look li")].map(e => ({node: e.dataset.node, ...box(e)})),
    labels: [...document.querySelectorAll("text.outlier-label")].map(e => ({text: e.textContent, ...box(e)}))};
  const out = document.createElement("pre"); out.id = "layout"; out.textContent = JSON.stringify(found);
  document.body.appendChild(out);
});
</script>"""

FIRST_SCREEN = (1200, 900)


def test_1000_nodes_five_planted_faults_on_the_first_screen(tmp_path, record_property):
    write_fleet(tmp_path, synthetic_fleet(1000))
    fleet = read_reports(report_paths([str(tmp_path)]))
    assert {(o.node, o.metric) for o in fleet.outliers} == {(n, m) for n, (m, _why) in PLANTED.items()}
    page = tmp_path / "fleet.html"
    page.write_text(views.render_html(fleet), encoding="utf-8")
    probed = tmp_path / "fleet-probed.html"
    probed.write_text(page.read_text().replace("</body>", _LAYOUT_PROBE + "</body>"), encoding="utf-8")

    window = f"--window-size={FIRST_SCREEN[0]},{FIRST_SCREEN[1]}"
    dom = _chromium("--dump-dom", window, "--virtual-time-budget=5000", probed.as_uri(), cwd=tmp_path)
    assert dom.returncode == 0, dom.stderr[-2000:]
    rows = NodeRows()
    rows.feed(dom.stdout)
    assert sorted(rows.nodes) == sorted(node.name for node in fleet.nodes) and len(rows.nodes) == 1000
    assert set(rows.outliers) == set(PLANTED) and set(rows.nodes[:5]) == set(PLANTED)  # ranked first
    assert "<svg" in dom.stdout and 'aria-label="P2P bandwidth, slowest direction"' in dom.stdout

    layout = json.loads(html.unescape(re.search(r'<pre id="layout">(.*?)</pre>', dom.stdout, re.S).group(1)))
    height = layout["viewport"][1]
    on_first_screen = {item["node"] for item in layout["look"] if item["bottom"] <= height}
    assert set(PLANTED) <= on_first_screen, layout["look"]
    # Each bandwidth outlier is a labelled bar, not an unlabelled one-pixel notch.
    labelled = " ".join(label["text"] for label in layout["labels"])
    assert "gpu-0123" in labelled and "gpu-0456" in labelled, layout["labels"]

    shot = tmp_path / "fleet.png"
    screenshot = _chromium(f"--screenshot={shot}", window, page.as_uri(), cwd=tmp_path)
    assert screenshot.returncode == 0 and shot.exists() and os.path.getsize(shot) > 1000, screenshot.stderr[-2000:]
    record_property("screenshot", str(shot))
    print(f"screenshot of the first screen: {shot}")
