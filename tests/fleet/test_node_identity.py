"""Every report and snapshot says which node it came from, and what configuration it runs."""

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
from fleet_reports import FLEET, H200, node_builder, node_report
from hosts import HOSTS, run, snapshot_document

from gpudoctor.engine import Options
from gpudoctor.host import live
from gpudoctor.host.live import LiveHost
from gpudoctor.host.snapshot import load_snapshot, snapshot_document as record_snapshot
from gpudoctor.probes.kernel_driver import KernelDriverFacts
from gpudoctor.probes.node import probe_node
from gpudoctor.probes.pci_topology import PciTopology
from gpudoctor.report.json_report import report_document
from gpudoctor.report.junit import render_junit

SCHEMA = json.loads((Path(live.__file__).parents[1] / "report" / "report.schema.json").read_text())


def test_report_names_the_node_and_its_configuration():
    document = node_report(H200, "gpu-node-07")
    jsonschema.validate(document, SCHEMA)
    node = document["host"]["node"]
    assert node["hostname"] == "gpu-node-07"
    assert re.fullmatch(r"[0-9a-f]{32}", node["machine_id_hash"])
    assert node["kernel"] == "6.18.44-fc-v657-gpu"
    assert node["cmdline"].startswith("mitigations=auto")
    assert node["dmi"] == {}  # a Firecracker VM has no DMI tables (tests/fixtures/fleet/README.md)
    # The module flavour and IOMMU mode are the kernel-layer probes' facts (kernel_driver, pci_topology). This
    # recording predates them but holds /proc/driver/nvidia/version, which names the flavour (the kernel_driver
    # probe's own reader of that file); the IOMMU mode it never read stays unknown (null).
    assert node["configuration"] == {
        "driver": "580.159.04", "module_flavour": "open", "cuda": "13.0", "nccl": ["2.28.3", "2.28.9"],
        "iommu": None, "gpus": ["NVIDIA H200", "NVIDIA H200"],
        "links": ["0-1 NV18", "0 Gen5 x16", "1 Gen5 x16"],
    }


def test_module_flavour_and_iommu_come_from_the_kernel_layer():
    """A recording with the kernel layer's reads (the one-H100 Firecracker VM): open module, no IOMMU groups."""
    configuration = node_report("linux-1xh100-firecracker-vm.json", "gpu-h100", deep=False)["host"]["node"]["configuration"]
    assert configuration["module_flavour"] == "open" and configuration["iommu"] == "absent"


def test_identical_nodes_share_a_fingerprint_and_a_driver_change_splits_them():
    first = node_report(H200, "gpu-a", deep=False)["host"]["node"]
    second = node_report(H200, "gpu-b", deep=False)["host"]["node"]
    assert first["machine_id_hash"] != second["machine_id_hash"]
    assert first["fingerprint"] == second["fingerprint"]
    builder = node_builder(H200, "gpu-c").set_nvml("nvmlSystemGetDriverVersion", value="570.86.15")
    third = report_document(run(builder.host()))["host"]["node"]
    assert third["configuration"]["driver"] == "570.86.15"
    assert third["fingerprint"] != first["fingerprint"]


def test_fingerprint_tolerates_missing_facts():
    """An old recording (no command line, no driver version file, NVML failing) still fingerprints."""
    builder = node_builder(H200, "gpu-old")
    builder.remove("file", ["/proc/cmdline", 4096, False]).remove("file", ["/proc/driver/nvidia/version", 4096, False])
    builder.remove("dir", ["/sys/kernel/iommu_groups"])
    builder.set_nvml("nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED")
    node = report_document(run(builder.host()))["host"]["node"]
    assert node["configuration"]["module_flavour"] is None and node["configuration"]["iommu"] is None
    assert node["configuration"]["driver"] is None
    assert re.fullmatch(r"[0-9a-f]{12}", node["fingerprint"])


def module_flavour(version_text: str) -> str | None:
    """As the kernel_driver probe records the file (its first line), the flavour the fingerprint takes."""
    return KernelDriverFacts(error=None, nvrm_version=(version_text.splitlines() or [None])[0]).flavour


def iommu_mode(cmdline: str | None, groups: int | None) -> str | None:
    return PciTopology(error=None, cmdline=cmdline, iommu_groups_present=None if groups is None else bool(groups)).iommu_mode


def test_module_flavour_from_real_version_files():
    assert module_flavour((FLEET / "h200-proc-driver-nvidia-version.txt").read_text()) == "open"
    assert module_flavour((FLEET / "nixgl-186-proc-driver-nvidia-version.txt").read_text()) == "open"
    # The proprietary module's line, as nixGL's regex (nix-community/nixGL#186) was written for it.
    assert module_flavour("NVRM version: NVIDIA UNIX x86_64 Kernel Module  570.86.15  Wed Jan 22 2025") == \
        "proprietary"
    assert module_flavour("") is None


def test_iommu_mode_from_command_line_and_groups():
    cmdline = (FLEET / "h200-proc-cmdline.txt").read_text()
    assert iommu_mode(cmdline, 0) == "absent"
    assert iommu_mode(cmdline + " intel_iommu=on iommu=pt", 40) == "passthrough"
    assert iommu_mode("amd_iommu=off", 0) == "off"
    assert iommu_mode("quiet", 12) == "translated"
    assert iommu_mode(None, None) is None


def test_dmi_placeholders_are_no_identity():
    builder = node_builder(H200, "gpu-dmi")
    # mkoreneff/iommu_info_generate#11: an ASRock X300 board's unfilled DMI fields.
    builder.set("file", ["/sys/class/dmi/id/product_name", 256, False], {"data": "To Be Filled By O.E.M.\n", "error": None})
    builder.set("file", ["/sys/class/dmi/id/board_vendor", 256, False], {"data": "ASRock\n", "error": None})
    node = report_document(run(builder.host()))["host"]["node"]
    assert node["dmi"] == {"board_vendor": "ASRock"}


def test_replay_keeps_recorded_at(tmp_path):
    snapshot = HOSTS / H200
    host = load_snapshot(str(snapshot))
    report = run(host, options=Options(source=str(snapshot)))
    document = report_document(report)
    assert document["recorded_at"] == snapshot_document(H200)["recorded_at"] != document["started_at"]


def test_junit_testsuite_carries_the_host_name():
    report = run(node_builder(H200, "gpu-node-07").host())
    suite = ET.fromstring(render_junit(report))
    assert suite.get("hostname") == "gpu-node-07"
    replayed = ET.fromstring(render_junit(run(load_snapshot(str(HOSTS / H200)))))
    assert replayed.get("timestamp") == snapshot_document(H200)["recorded_at"]


def test_live_snapshot_holds_the_hashed_machine_id_never_the_raw_one(monkeypatch, tmp_path):
    machine_id = "5a1ee3c0b0f0400fa2b1d0c3e6f7a8b9"
    monkeypatch.setattr(live, "_machine_id", lambda: machine_id)
    host = LiveHost()
    facts = probe_node(host, _NoFacts())
    text = json.dumps(record_snapshot(host))
    assert machine_id not in text
    assert facts.machine_id_hash and re.fullmatch(r"[0-9a-f]{32}", facts.machine_id_hash)
    assert facts.machine_id_hash in text
    import socket

    assert facts.hostname == socket.gethostname()


class _NoFacts:
    def get(self, name):
        raise LookupError(name)


def test_anonymised_snapshot_replaces_host_name_and_machine_id(tmp_path):
    import os

    output = tmp_path / "snap.json"
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "snapshot", "--anonymise", "-o", str(output)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, live.KUBERNETES_NODE_VARIABLE: "gpu-node-secret-17"})
    assert proc.returncode == 0, proc.stderr
    document = json.loads(output.read_text())
    extra = next(c for c in document["calls"] if c["probe"] == "system")["answer"]["extra"]
    import socket

    assert extra["hostname"] != socket.gethostname() and extra["hostname"].startswith("host")
    assert extra["machine_id_hash"] == ("machine1" if live._machine_id() else None)
    assert extra["kubernetes_node"].startswith("host") and "gpu-node-secret-17" not in output.read_text()


def test_live_identity_keys_the_board_and_the_kubernetes_node(monkeypatch, tmp_path):
    """The board's product UUID and the node a pod runs on travel as a keyed hash and a name; the
    raw UUID never leaves the process."""
    product_uuid = tmp_path / "product_uuid"
    product_uuid.write_text("4c4c4544-0042-3510-8051-b4c04f4e3232\n")
    monkeypatch.setattr(live, "PRODUCT_UUID", str(product_uuid))
    monkeypatch.setattr(live.sys, "platform", "linux")
    monkeypatch.setenv(live.KUBERNETES_NODE_VARIABLE, "gpu-node-17")
    host = LiveHost()
    facts = probe_node(host, _NoFacts())
    assert re.fullmatch(r"[0-9a-f]{32}", facts.product_uuid_hash) and facts.product_uuid_unreadable is None
    assert facts.kubernetes_node == "gpu-node-17"
    assert "4c4c4544" not in json.dumps(record_snapshot(host))


def test_an_unreadable_product_uuid_says_it_is_root_only(monkeypatch):
    def refuse(path, *args, **kwargs):
        if path == live.PRODUCT_UUID:
            raise PermissionError(13, "Permission denied", path)
        return open(path, *args, **kwargs)

    monkeypatch.setattr(live, "open", refuse, raising=False)  # as for a user other than root
    monkeypatch.setattr(live.sys, "platform", "linux")
    names = live.node_names()
    assert names["product_uuid_hash"] is None
    assert names["product_uuid_unreadable"].startswith("/sys/class/dmi/id/product_uuid is readable by root only")


def test_report_carries_the_new_identity_fields_and_they_validate():
    builder = node_builder(H200, "pod-abc")
    system = builder.calls['["system"]']
    system["extra"] = {**system["extra"], "kubernetes_node": "gpu-node-07", "product_uuid_hash": "a" * 32}
    document = report_document(run(builder.host()))
    jsonschema.validate(document, SCHEMA)
    node = document["host"]["node"]
    assert (node["hostname"], node["kubernetes_node"], node["product_uuid_hash"]) == ("pod-abc", "gpu-node-07", "a" * 32)
    assert [(g["pcie_width"], g["pcie_max_width"]) for g in document["host"]["gpus"]] == [(16, 16), (16, 16)]
