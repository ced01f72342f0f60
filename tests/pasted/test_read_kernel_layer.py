"""`gpudoctor read` on kernel logs: the kernel_log probe reads the pasted text and gpu.errors judges it.
Sources: tests/fixtures/pasted/README.md."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

PASTED = Path(__file__).parent.parent / "fixtures" / "pasted"


def read_json(path: Path) -> dict:
    result = CliRunner().invoke(main, ["read", "--json", str(path)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def check(document: dict, check_id: str) -> dict:
    return next(c for c in document["checks"] if c["id"] == check_id)


def said(found: dict) -> str:
    return "\n".join(part for f in found["findings"] for part in (f["summary"], *f["details"]))


def test_xid_79_after_a_fatal_aer_is_judged_with_the_power_advice():
    """wilicc/gpu-burn#1: corrected then fatal AER on the root port above a Tesla, then Xid 79. NVIDIA's
    engineer on Xid 79 (NVIDIA/open-gpu-kernel-modules#507): power, heat or BIOS; reseat the power connectors,
    check the supply, cap clocks with `nvidia-smi -lgc` to test."""
    document = read_json(PASTED / "gpuburn-1-dmesg-aer-xid79.txt")
    assert [(k["kind"], k["judged"]) for k in document["pasted"]["recognised"]] == [("kernel log", True)]
    errors = check(document, "gpu.errors")
    assert errors["status"] == "fail"
    assert errors["summary"].startswith("GPU at 0000:02:00: fallen off the bus in this boot: Xid 79")
    assert "Give each GPU its own PSU cables" in said(errors)
    assert "`sudo nvidia-smi -lgc 300,1500`" in said(errors)
    assert "PCIe uncorrected errors on 0000:00:02.0" in said(errors)


def test_the_multi_line_fallen_off_the_bus_message_counts_as_xid_79():
    """NVIDIA/NVSentinel#155: the 570 driver's message without an Xid line; the maintainers count it as Xid 79."""
    errors = check(read_json(PASTED / "nvsentinel-155-dmesg-fallen-off-bus.txt"), "gpu.errors")
    assert errors["status"] == "fail"
    assert errors["summary"].startswith("GPU at 0000:b3:00.0: fallen off the bus in this boot: Xid 79")


def test_a_pasted_proc_driver_version_keeps_the_open_flavour_through_the_probes_own_reader():
    """NVIDIA/open-gpu-kernel-modules#259: `cat /proc/driver/nvidia/version` of an open-module 515.43.04 build. The
    paste hands the file to the kernel_driver probe (one reader of it, read_nvrm), so the flavour is judged, and the
    driver version is the same reader's."""
    document = read_json(PASTED / "open-gpu-kernel-modules-259-proc-version-open.txt")
    kernel = check(document, "driver.kernel")
    assert "NVIDIA open kernel module 515.43.04 is loaded" in said(kernel)
    assert "Unknown (which driver each GPU is bound to)" in said(kernel)  # sysfs is in no paste: asked, not guessed
    assert "515.43.04 is older than 535" in check(document, "driver.version")["summary"]


def test_the_nvrm_reader_tells_the_two_flavours_apart():
    from gpudoctor.probes.kernel_driver import read_nvrm

    open_line = (PASTED / "h200x2" / "drv_version.txt").read_text(encoding="utf-8")
    assert (read_nvrm(open_line).version, read_nvrm(open_line).flavour) == ("580.159.04", "open")
    # the proprietary form, as NVIDIA's README ("Open Linux Kernel Modules") prints it
    proprietary = read_nvrm("NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024\n")
    assert (proprietary.version, proprietary.flavour) == ("550.54.14", "proprietary")
    assert read_nvrm("GCC version:  gcc version 15.3.0 (GCC)") is None
