"""The layer under the driver on the recorded two-H200 host and on the real cases users report.

Sources of every raw output: tests/fixtures/raw/under_driver/README.md and tests/fixtures/raw/h200x2/README.md.
"""

import pytest

from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import Target, build_plan
from gpudoctor.model import Status
from gpudoctor.probes.pci_topology import AcsControl, parse_acs
from hosts import result, run, text_of
from under_driver.layer_hosts import (
    H200_BUSES,
    PCI,
    bare_metal,
    config_with_acs,
    devnodes_as_stat,
    geforce_pair,
    h200_layer,
    raw,
    set_bridge,
    set_device_nodes,
    set_dir,
    set_file,
    set_kernel,
    set_kernel_log,
    set_pci_function,
)

NEW_CHECKS = ["pcie.acs", "driver.kernel", "driver.uvm", "gpu.errors", "pcie.bar1", "gpu.health"]


def _check(builder, check_id):
    return result(run(builder.host(), only=[check_id]), check_id)


# -- the recorded two-H200 host ---------------------------------------------------------------

def test_the_h200_host_passes_every_new_check_and_agrees_with_its_captures():
    report = run(h200_layer().host(), only=NEW_CHECKS)
    statuses = {r.check_id: r.status for r in report.results}
    assert statuses == dict.fromkeys(NEW_CHECKS, Status.PASS)
    kernel = text_of(result(report, "driver.kernel"))
    # drv_version.txt: "NVIDIA UNIX Open Kernel Module for x86_64  580.159.04"; NVML 13.580.159.04
    assert "NVIDIA open kernel module 580.159.04 is loaded; no UEFI firmware" in kernel
    assert "both 580.159.04" in kernel
    assert "0000:00:06.0): bound to the nvidia driver" in kernel
    # smi_q.txt: BAR1 Total 262144 MiB for FB Total 143771 MiB
    assert "BAR1 256 GiB covers its 143771 MiB" in text_of(result(report, "pcie.bar1"))
    # A Firecracker VM: the hypervisor decides; the pair is joined by NVLink
    acs = text_of(result(report, "pcie.acs"))
    assert "joined by NVLink" in acs and "hypervisor decides" in acs
    errors = result(report, "gpu.errors")
    assert "this boot (dmesg" in errors.findings[0].summary
    assert "journalctl is not installed" in text_of(errors)


def test_snapshots_recorded_before_these_probes_skip_instead_of_failing():
    from hosts import HostBuilder

    report = run(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(), only=NEW_CHECKS)
    assert {r.check_id: r.status for r in report.results} == dict.fromkeys(NEW_CHECKS, Status.SKIP)


# -- PCIe ACS and the IOMMU ---------------------------------------------------------------------

RTX5880 = ("0000:41:00.0", "0000:61:00.0")  # NVIDIA/nccl#2079
RTX5880_BRIDGES = ("0000:40:01.1", "0000:60:01.1")


def _acs_pair(control: int, *, readable: int = 4096, group_type: str = "DMA-FQ"):
    builder = bare_metal(geforce_pair(RTX5880, "NVIDIA RTX 5880 Ada Generation", 8, 49140))
    for gpu, bridge, group in zip(RTX5880, RTX5880_BRIDGES, ("31", "52")):
        set_pci_function(builder, gpu, device="0x26b9", path=(bridge, gpu), iommu_group=group)
        set_file(builder, f"/sys/kernel/iommu_groups/{group}/type", group_type + "\n", 256)
        set_dir(builder, f"/sys/kernel/iommu_groups/{group}/devices", [gpu])
        set_bridge(builder, bridge, config_with_acs(0x2A0, control, readable=readable))  # nccl#606: ecap 000d @2a0
    set_dir(builder, "/sys/kernel/iommu_groups", ["31", "52"])
    set_dir(builder, "/sys/class/iommu", ["ivhd0"])
    return builder


def test_the_acs_control_register_renders_as_lspci_prints_it():
    # nccl#2079: ACSCtl 0x001d; nccl#304 shows the same bits as lspci prints them
    acs = parse_acs(config_with_acs(0x2A0, 0x001D))
    assert acs == AcsControl(0x2A0, 0x5F, 0x001D)
    assert acs.lspci_line == raw("nccl304_acsctl.txt").replace("\t", " ").strip()
    assert acs.redirecting == ("ReqRedir", "CmpltRedir")
    assert parse_acs(config_with_acs(0x2A0, 0x001D, readable=64)) is None


def test_acs_redirect_on_both_bridges_with_a_translating_iommu_is_the_hang_nccl_2079_found():
    check = _check(_acs_pair(0x001D), "pcie.acs")
    assert check.status is Status.FAIL
    finding = check.findings[0]
    assert "redirected through the root complex by ACS on 0000:40:01.1, 0000:60:01.1" in finding.summary
    text = text_of(check)
    assert "0000:40:01.1: ACSCtl: SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+" in text
    assert "hangs" in text and "NCCL_P2P_DISABLE=1 only works around it" in text
    steps = " ".join(finding.manual.steps)
    # what the helper and the reporter found fixed it: ACS off per bridge (setpci), BIOS, iommu=pt
    assert "sudo setpci -s 0000:40:01.1 ECAP_ACS+6.w=0000" in steps
    assert "sudo setpci -s 0000:60:01.1 ECAP_ACS+6.w=0000" in steps
    assert "BIOS" in steps and "iommu=pt" in steps and "sudo update-grub" in steps


def test_gpudoctor_fix_lists_the_acs_steps_and_never_applies_them():
    report = run(_acs_pair(0x001D).host(), only=["pcie.acs"])
    plan = build_plan(report, load_catalog(), Target("linux"))
    assert plan.fixes == ()  # nothing here is run by --apply
    (step,) = plan.manual
    assert step.check_ids == ("pcie.acs",) and "ACS" in step.title
    assert any("setpci" in line for line in step.steps)


def test_without_root_the_acs_state_is_unknown_and_the_check_says_what_to_run():
    check = _check(_acs_pair(0x001D, readable=64, group_type="identity"), "pcie.acs")
    assert check.status is Status.SKIP
    text = text_of(check)
    assert "reading it needs root" in text and "sudo lspci -vvv | grep -E '^[0-9a-f]|ACSCtl'" in text


def test_a_translating_iommu_without_acs_redirect_is_a_warning_with_iommu_pt():
    # NVIDIA/nccl#257: all-reduce hung with the Intel IOMMU on, fixed by turning it off
    check = _check(_acs_pair(0x0000, group_type="DMA"), "pcie.acs")
    assert check.status is Status.WARN
    assert "the IOMMU translates the GPUs' DMA" in check.findings[0].summary
    assert "iommu=pt" in " ".join(check.findings[0].manual.steps)


def test_acs_cleared_and_iommu_passthrough_pass():
    check = _check(_acs_pair(0x0000, group_type="identity"), "pcie.acs")
    assert check.status is Status.PASS
    assert "nothing redirects their peer-to-peer traffic" in check.findings[0].summary


# -- the kernel driver ----------------------------------------------------------------------------

def _one_gpu(bus: str, driver, *, nvml_error: str | None = None):
    builder = bare_metal(h200_layer())
    set_dir(builder, PCI, [bus])
    set_pci_function(builder, bus, device="0x13c2", driver=driver, path=("0000:00:01.0", bus))
    set_bridge(builder, "0000:00:01.0", config_with_acs(0x100, 0, readable=64))
    if nvml_error:
        builder.set_nvml("nvmlInit", error=nvml_error)
    return builder


def test_a_gpu_driven_by_nouveau_fails_with_the_blacklist_and_initramfs_steps():
    # negativo17/nvidia-driver#73: "Kernel driver in use: nouveau" on a GTX 970 at 01:00.0
    lspci = raw("negativo17_73_lspci.txt")
    bus = "0000:" + lspci.split()[0]
    driver = lspci.split("Kernel driver in use: ", 1)[1].split()[0]
    builder = _one_gpu(bus, driver, nvml_error="NVML_ERROR_DRIVER_NOT_LOADED")
    set_kernel(builder, nvrm=None, cmdline="BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet")
    check = _check(builder, "driver.kernel")
    assert check.status is Status.FAIL
    assert check.findings[0].summary == ("GPU at 0000:01:00.0 is driven by nouveau, the open-source driver "
                                         "without CUDA")
    steps = " ".join(check.findings[0].manual.steps)
    assert "blacklist nouveau" in steps and "sudo update-initramfs -u" in steps and "sudo dracut --force" in steps


def test_secure_boot_rejecting_the_module_names_the_kernel_line_and_the_mok_enrolment():
    # canonical/nvidia-graphics-drivers#62 (Secure Boot on, "Key was rejected by service");
    # the kernel's own line for such a module, quoted in JafarAkhondali/...#113
    builder = _one_gpu("0000:01:00.0", None, nvml_error="NVML_ERROR_DRIVER_NOT_LOADED")
    set_kernel(builder, nvrm=None, efi=True, secure_boot=True)
    set_kernel_log(builder, raw("acer113_kernel_rejected.txt"))
    check = _check(builder, "driver.kernel")
    assert check.status is Status.FAIL
    text = text_of(check)
    assert "Secure Boot rejects it" in text
    assert "Loading of module with unavailable key is rejected" in text
    assert "sudo mokutil --import /var/lib/shim-signed/mok/MOK.der" in text


def test_a_blackwell_gpu_without_a_driver_under_the_proprietary_module_needs_the_open_one():
    builder = _one_gpu("0000:01:00.0", None)
    set_pci_function(builder, "0000:01:00.0", device="0x2b85", driver=None, path=("0000:00:01.0", "0000:01:00.0"))
    set_kernel(builder, nvrm="NVRM version: NVIDIA UNIX x86_64 Kernel Module  570.133.07  Fri Mar 14 2025\n",
               taint="PO\n")
    check = _check(builder, "driver.kernel")
    assert check.status is Status.FAIL
    assert "needs NVIDIA's open kernel modules" in check.findings[0].summary


# -- nvidia_uvm and the device files ------------------------------------------------------------------

def test_a_missing_nvidia_uvm_node_fails_with_the_modprobe_step():
    # pytorch/pytorch#49081: /dev/nvidia-uvm and /dev/nvidia-uvm-tools missing; the H200 listing without them
    builder = h200_layer()
    nodes = [line for line in devnodes_as_stat(raw("devnodes.txt", public=False)) if "uvm" not in line]
    set_device_nodes(builder, nodes, uid=0, groups="0")
    check = _check(builder, "driver.uvm")
    assert check.status is Status.FAIL
    assert "CUDA programs cannot start (nvidia-smi still works)" in check.findings[0].summary
    assert "sudo modprobe nvidia_uvm" in text_of(check)


def test_device_files_the_ollama_user_cannot_open_are_named():
    builder = h200_layer()
    nodes = [line.replace("\t666\t", "\t660\t") for line in devnodes_as_stat(raw("devnodes.txt", public=False))]
    set_device_nodes(builder, nodes, uid=1000, groups="1000")
    # Ollama's install script creates the unit with User=ollama Group=ollama
    builder.set_command(["systemctl", "show", "ollama.service", "-p", "LoadState", "-p", "FragmentPath", "-p", "User",
                         "-p", "Group", "-p", "SupplementaryGroups", "-p", "After", "-p", "Requires", "-p", "Wants"],
                        stdout="LoadState=loaded\nFragmentPath=/etc/systemd/system/ollama.service\nUser=ollama\n"
                               "Group=ollama\nSupplementaryGroups=\nAfter=network-online.target basic.target\n"
                               "Requires=\nWants=\n")
    builder.set_command(["id", "-u", "ollama"], stdout="998\n")
    builder.set_command(["id", "-G", "ollama"], stdout="998 44 992\n")
    builder.set_command(["getent", "group", "ollama"], stdout="ollama:x:998:\n")
    check = _check(builder, "driver.uvm")
    assert check.status is Status.FAIL
    assert check.findings[1].summary.startswith("This user (uid 1000) cannot open /dev/nvidia0")
    assert ("the Ollama service's user (ollama) cannot open /dev/nvidia0, /dev/nvidia1, /dev/nvidiactl, "
            "/dev/nvidia-uvm (mode 660, group 0)") in text_of(check)


# -- Xid and AER -----------------------------------------------------------------------------------

def _tesla_on_root_port(builder=None):
    builder = builder or bare_metal(h200_layer())
    set_dir(builder, PCI, ["0000:02:00.0"])
    set_pci_function(builder, "0000:02:00.0", device="0x15f8", path=("0000:00:02.0", "0000:02:00.0"))
    set_bridge(builder, "0000:00:02.0", config_with_acs(0x100, 0, readable=64))
    return builder


def test_xid_79_in_the_previous_boot_fails_with_the_power_advice():
    # wilicc/gpu-burn#1: corrected then fatal AER on the root port above the GPU, then Xid 79
    builder = _tesla_on_root_port()
    set_kernel_log(builder, "", previous=raw("gpuburn1_dmesg.txt"))
    check = _check(builder, "gpu.errors")
    assert check.status is Status.FAIL
    summaries = [f.summary for f in check.findings]
    assert any("fallen off the bus in the previous boot: Xid 79" in s for s in summaries)
    assert any(s.startswith("PCIe uncorrected errors on 0000:00:02.0, the port above GPU") for s in summaries)
    text = text_of(check)
    assert "nvidia-smi -lgc" in text and "own PSU cables" in text


def test_a_fallen_off_the_bus_message_without_an_xid_line_counts_as_xid_79():
    # NVIDIA/NVSentinel#155: the multi-line form newer drivers print
    builder = bare_metal(h200_layer())
    set_dir(builder, PCI, ["0000:b3:00.0"])
    set_pci_function(builder, "0000:b3:00.0", device="0x26b5", path=("0000:b2:00.0", "0000:b3:00.0"))
    set_bridge(builder, "0000:b2:00.0", config_with_acs(0x100, 0, readable=64))
    set_kernel_log(builder, raw("nvsentinel155_fallen.txt"))
    check = _check(builder, "gpu.errors")
    assert check.status is Status.FAIL
    assert "fallen off the bus in this boot: Xid 79" in check.findings[0].summary
    assert "0000:b3:00.0" in check.findings[0].summary


def test_the_wrapped_message_is_read_under_the_journals_prefix_too():
    # The same NVSentinel#155 lines as `journalctl -k -o short-monotonic` prints them: a prefix on every line,
    # continuation lines included; the event rows (knowledge/signatures/kernel_events.py) read them through
    # the matcher's log lines, which take the prefixes off and join the NVRM message.
    builder = bare_metal(h200_layer())
    set_dir(builder, PCI, ["0000:b3:00.0"])
    set_pci_function(builder, "0000:b3:00.0", device="0x26b5", path=("0000:b2:00.0", "0000:b3:00.0"))
    set_bridge(builder, "0000:b2:00.0", config_with_acs(0x100, 0, readable=64))
    lines = [line.strip() for line in raw("nvsentinel155_fallen.txt").splitlines()[:3]]
    journal = "".join(f"[ 1843.3081{i}] gpu-node kernel: {line.split('] ', 1)[-1]}\n" for i, line in enumerate(lines))
    set_kernel_log(builder, journal)
    check = _check(builder, "gpu.errors")
    assert check.status is Status.FAIL
    assert "fallen off the bus in this boot: Xid 79 (" in check.findings[0].summary
    assert "0000:b3:00.0" in check.findings[0].summary


def test_a_burst_of_corrected_aer_errors_on_the_gpus_port_is_a_storm():
    # pop-os/pop#3363: three corrected errors within 0.11 s on the GPP bridge above the GPU
    builder = bare_metal(h200_layer())
    set_dir(builder, PCI, ["0000:09:00.0"])
    set_pci_function(builder, "0000:09:00.0", device="0x2684", path=("0000:00:03.1", "0000:09:00.0"))
    set_bridge(builder, "0000:00:03.1", config_with_acs(0x100, 0, readable=64))
    set_kernel_log(builder, raw("pop3363_aer.txt"))
    check = _check(builder, "gpu.errors")
    assert check.status is Status.WARN
    assert "(an AER storm)" in check.findings[0].summary and "0000:00:03.1, the port above GPU" in \
        check.findings[0].summary
    assert "riser" in text_of(check)


def test_corrected_errors_on_a_port_without_a_gpu_are_not_blamed_on_the_gpus():
    builder = _tesla_on_root_port()
    set_kernel_log(builder, raw("pop3363_aer.txt").replace("0000:00:03.1", "0000:00:1d.0"))
    check = _check(builder, "gpu.errors")
    assert check.status is Status.PASS


# -- BAR1 ------------------------------------------------------------------------------------------

def test_a_bar1_smaller_than_vram_is_a_warning_for_that_gpu_only():
    # NVIDIA/open-gpu-kernel-modules#510: RTX 4090s with BAR1 32768 MiB, one with 8192 MiB
    builder = bare_metal(geforce_pair(("0000:01:00.0", "0000:02:00.0"), "NVIDIA GeForce RTX 4090", 8, 24564))
    for gpu, mib in ((0, 32768), (1, 8192)):
        builder.set_nvml("nvmlDeviceGetBAR1MemoryInfo", gpu, value={"bar1Total": mib << 20})
    check = _check(builder, "pcie.bar1")
    assert check.status is Status.WARN
    warned = [f for f in check.findings if f.status is Status.WARN]
    assert [f.summary for f in warned] == ["GPU 1 (NVIDIA GeForce RTX 4090): BAR1 is 8 GiB, smaller than its "
                                           "24564 MiB of memory"]
    assert "Re-Size BAR Support" in text_of(check)


# -- version mismatch (issue 15, point 6) -----------------------------------------------------------

def _mismatch(nvrm: str, library: str, installed: str, filename: str):
    builder = h200_layer()
    builder.set_nvml("nvmlInit", error="NVML_ERROR_LIB_RM_VERSION_MISMATCH")
    set_kernel(builder, nvrm=nvrm)
    builder.set("resolve", ["/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1"],
                f"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.{library}")
    builder.set_command(["modinfo", "-F", "version", "nvidia"], stdout=installed + "\n")
    builder.set_command(["modinfo", "-F", "filename", "nvidia"], stdout=filename + "\n")
    return builder


def test_a_mismatch_after_an_upgrade_without_reboot_names_both_versions_and_says_reboot():
    # oddmario/NVIDIA-Ubuntu-Driver-Guide#4: packages 550.107.02, /proc/driver/nvidia/version 550.90.07
    nvrm = raw("oddmario4_mismatch.txt").split("reports `", 1)[1].split("`", 1)[0] + "\n"
    builder = _mismatch(nvrm, "550.107.02", "550.107.02",
                        "/lib/modules/6.8.0-41-generic/updates/dkms/nvidia.ko.zst")
    check = _check(builder, "driver.version")
    assert check.status is Status.FAIL
    assert check.findings[0].summary == ("Driver/library version mismatch: the NVIDIA libraries were upgraded to "
                                         "550.107.02, but the running kernel module is still 550.90.07: reboot.")


def test_a_separately_built_module_is_told_apart_a_reboot_does_not_fix_it():
    # Frogging-Family/nvidia-all#394: libraries 595.84, DKMS module 595.80 (modinfo and the NVRM API mismatch line)
    builder = _mismatch("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  595.80  Release Build\n",
                        "595.84", "595.80", "/lib/modules/7.0.12-zen1-1-zen/updates/dkms/nvidia.ko.zst")
    check = _check(builder, "driver.version")
    assert check.status is Status.FAIL
    summary = check.findings[0].summary
    assert "595.80" in summary and "595.84" in summary and "a reboot will not fix it" in summary
    assert "sudo dkms remove nvidia/595.80 --all" in text_of(check)


# -- robustness --------------------------------------------------------------------------------------

@pytest.mark.parametrize("failure", [
    {"returncode": 1, "stderr": "dmesg: read kernel buffer failed: Operation not permitted\n"},
    {"returncode": None, "error": "timeout"},
])
def test_an_unreadable_kernel_log_is_a_skip_that_says_what_to_run(failure):
    builder = h200_layer()
    builder.set_command(["dmesg"], **failure)
    builder.set_command(["journalctl", "-k", "-b", "0", "-q", "--no-pager", "-o", "short-monotonic", "-n", "5000"],
                        returncode=0, stdout="",
                        stderr="No journal files were opened due to insufficient permissions.\n")
    check = _check(builder, "gpu.errors")
    assert check.status is Status.SKIP
    assert "sudo dmesg" in text_of(check)


def test_a_journal_that_shows_no_kernel_line_is_unknown_not_a_clean_log():
    """dmesg refused (kernel.dmesg_restrict=1) and `journalctl -k -q` run by a user outside adm/systemd-journal:
    journalctl exits 0 with no line and -q hides its notice. That is a log nobody read, never "0 relevant lines"."""
    builder = h200_layer()
    builder.set_command(["dmesg"], returncode=1, stderr="dmesg: read kernel buffer failed: Operation not permitted\n")
    for boot in ("0", "-1"):
        builder.set_command(["journalctl", "-k", "-b", boot, "-q", "--no-pager", "-o", "short-monotonic", "-n", "5000"],
                            returncode=0, stdout="")
    check = _check(builder, "gpu.errors")
    assert check.status is Status.SKIP
    (finding,) = [f for f in check.findings if f.evidence.get("unknown")]
    assert finding.evidence["shown_by"] == "sudo dmesg"
    assert "journalctl showed no kernel message" in finding.summary
    assert not any(f.status is Status.PASS for f in check.findings)


def test_a_pasted_kernel_log_is_judged_by_gpu_errors(tmp_path):
    # `gpudoctor read` on the dmesg of wilicc/gpu-burn#1, pasted with its command line
    from click.testing import CliRunner

    from gpudoctor.cli import main

    paste = tmp_path / "paste.txt"
    paste.write_text("$ sudo dmesg\n" + raw("gpuburn1_dmesg.txt"), encoding="utf-8")
    outcome = CliRunner().invoke(main, ["read", str(paste)])
    assert outcome.exit_code == 1, outcome.output
    assert "[✗] gpu.errors  GPU at 0000:02:00: fallen off the bus in this boot: Xid 79" in outcome.output
    assert "whether a GPU lies below it is unknown here" in outcome.output  # no sysfs in a paste: no guess


# NVIDIA/nccl#19: a PLX PEX 8747 switch (upstream port 03:00.0, downstream ports 04:08.0 and 04:10.0);
# NVIDIA/nccl#304: its ACS capability at 0xf24 (`setpci -s <port> f2a.w=0000` clears the control register).
PLX_GPUS = ("0000:05:00.0", "0000:06:00.0")
PLX_PATHS = (("0000:00:02.0", "0000:03:00.0", "0000:04:08.0", "0000:05:00.0"),
             ("0000:00:02.0", "0000:03:00.0", "0000:04:10.0", "0000:06:00.0"))


def _plx_pair(downstream_control: int, group_type: str = "DMA"):
    builder = bare_metal(geforce_pair(PLX_GPUS, "NVIDIA GeForce GTX TITAN X", 4, 12288))
    for gpu, path, group in zip(PLX_GPUS, PLX_PATHS, ("20", "21")):
        set_pci_function(builder, gpu, device="0x17c2", path=path, iommu_group=group)
        set_file(builder, f"/sys/kernel/iommu_groups/{group}/type", group_type + "\n", 256)
        set_dir(builder, f"/sys/kernel/iommu_groups/{group}/devices", [gpu])
    set_bridge(builder, "0000:00:02.0", config_with_acs(0x110, 0x001D))  # the root port above the switch
    set_bridge(builder, "0000:03:00.0", config_with_acs(0xF24, 0x0000))
    for port in ("0000:04:08.0", "0000:04:10.0"):
        set_bridge(builder, port, config_with_acs(0xF24, downstream_control))
    set_dir(builder, "/sys/kernel/iommu_groups", ["20", "21"])
    return builder


def test_behind_a_switch_only_the_downstream_ports_decide_and_are_named():
    check = _check(_plx_pair(0x001D), "pcie.acs")
    assert check.status is Status.FAIL
    summary = check.findings[0].summary
    assert summary.endswith("by ACS on 0000:04:08.0, 0000:04:10.0")  # not the root port above the switch
    steps = " ".join(check.findings[0].manual.steps)
    assert "setpci -s 0000:04:08.0 ECAP_ACS+6.w=0000" in steps and "0000:00:02.0" not in steps


def test_behind_a_switch_without_redirect_the_iommu_is_not_blamed():
    check = _check(_plx_pair(0x0000, group_type="DMA"), "pcie.acs")
    assert check.status is Status.PASS
    assert "IOMMU" not in check.findings[0].summary.split("(")[0]


def test_without_the_library_file_the_kernels_api_mismatch_line_names_the_user_space_version():
    # Frogging-Family/nvidia-all#394: the multi-line "NVRM: API mismatch" message in dmesg
    builder = _mismatch("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  595.80  Release Build\n",
                        "595.84", "595.80", "/lib/modules/7.0.12-zen1-1-zen/updates/dkms/nvidia.ko.zst")
    builder.set("resolve", ["/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1"], None)
    set_kernel_log(builder, raw("nvidiaall394_mismatch.txt").split("\n\n")[0] + "\n")
    check = _check(builder, "driver.version")
    assert "the kernel module (595.80, built separately) does not match the user-space libraries (595.84)" in \
        check.findings[0].summary
    assert check.findings[0].evidence["userspace_source"] == "the kernel's API mismatch message"


# -- gpu.health and suspend ----------------------------------------------------------------------------

def test_unequal_power_limits_and_hardware_slowdown_are_named():
    builder = h200_layer()
    builder.set_nvml("nvmlDeviceGetEnforcedPowerLimit", 1, value=450000)  # `nvidia-smi -i 1 -pl 450` on a 700 W H200
    builder.set_nvml("nvmlDeviceGetCurrentClocksEventReasons", 0, value=0x40 | 0x8)
    builder.set_nvml("nvmlDeviceGetTemperature", 0, 0, value=88)
    check = _check(builder, "gpu.health")
    assert check.status is Status.WARN
    summaries = [f.summary for f in check.findings]
    assert summaries[0] == ("GPU 0 (NVIDIA H200) is throttled by the hardware: hardware slowdown, "
                            "hardware thermal slowdown")
    assert "The NVIDIA H200 GPUs have different power limits: GPU 0 700 W, GPU 1 450 W" in summaries


def test_a_pending_row_remap_asks_for_a_reset_and_a_failed_one_for_rma():
    builder = h200_layer()
    builder.set_nvml("nvmlDeviceGetRemappedRows", 0, value=[0, 1, 1, 0])
    builder.set_nvml("nvmlDeviceGetRemappedRows", 1, value=[0, 3, 0, 1])
    check = _check(builder, "gpu.health")
    assert check.status is Status.FAIL
    assert [f.status for f in check.findings] == [Status.WARN, Status.FAIL]
    assert "reset the GPU or reboot" in check.findings[0].summary and "RMA" in check.findings[1].summary


def test_preserving_video_memory_without_the_suspend_units_warns():
    # ollama/ollama#2934: NVreg_PreserveVideoMemoryAllocations=1 as the suspend workaround; NVIDIA's README
    # requires nvidia-suspend/-resume with it
    builder = h200_layer()
    params = raw("nvreg.txt", public=False).replace("PreserveVideoMemoryAllocations: 0",
                                                    "PreserveVideoMemoryAllocations: 1")
    set_file(builder, "/proc/driver/nvidia/params", params, 4096)
    check = _check(builder, "driver.uvm")
    assert check.status is Status.WARN
    assert "nvidia-suspend/nvidia-resume are not enabled" in text_of(check)
    assert "sudo systemctl enable nvidia-suspend.service nvidia-resume.service" in text_of(check)


def test_a_gpu_reserved_for_vfio_is_a_warning():
    builder = _one_gpu("0000:01:00.0", "vfio-pci", nvml_error="NVML_ERROR_DRIVER_NOT_LOADED")
    set_kernel(builder, nvrm=None)
    check = _check(builder, "driver.kernel")
    assert check.findings[0].status is Status.WARN and "vfio-pci" in check.findings[0].summary


def test_many_pairs_with_the_same_verdict_are_one_finding_with_every_bridge_in_its_steps():
    # the nccl#2079 board with a third GPU on a third GPP bridge (as the thread's list of bridges suggests)
    builder = _acs_pair(0x001D)
    set_dir(builder, PCI, [*RTX5880, "0000:21:00.0"])
    set_pci_function(builder, "0000:21:00.0", device="0x26b9", path=("0000:20:01.1", "0000:21:00.0"),
                     iommu_group="12")
    set_file(builder, "/sys/kernel/iommu_groups/12/type", "DMA-FQ\n", 256)
    set_dir(builder, "/sys/kernel/iommu_groups/12/devices", ["0000:21:00.0"])
    set_bridge(builder, "0000:20:01.1", config_with_acs(0x2A0, 0x001D))
    check = _check(builder, "pcie.acs")
    assert check.status is Status.FAIL
    (finding,) = check.findings
    assert finding.summary == ("3 GPU pairs: peer-to-peer traffic is redirected through the root complex by ACS on "
                               "0000:20:01.1, 0000:40:01.1, 0000:60:01.1")
    steps = " ".join(finding.manual.steps)
    for bus in ("0000:20:01.1", "0000:40:01.1", "0000:60:01.1"):
        assert f"setpci -s {bus} ECAP_ACS+6.w=0000" in steps


def test_inside_a_container_the_kernel_log_is_sent_to_the_host():
    from hosts import HostBuilder

    builder = HostBuilder.from_fixture("container-docker-2gpu-shm64.json")
    set_kernel_log(builder, None)
    builder.set_command(["journalctl", "-k", "-b", "0", "-q", "--no-pager", "-o", "short-monotonic", "-n", "5000"],
                        returncode=None, error="not-found")
    check = _check(builder, "gpu.errors")
    assert check.status is Status.SKIP
    assert ("it needs root on the host (inside this Docker container the kernel log is the host's); `sudo dmesg` "
            "would show it") in text_of(check)


# -- --deep names what pcie.acs found -------------------------------------------------------------------

def test_a_p2p_hang_on_a_pcie_pair_names_the_acs_bridges_that_redirect_it():
    # the recorded H200 copy that hung (tests/deep), on a PCIe pair without NVLink behind two root ports
    # with ACSCtl 0x001d and a translating IOMMU, as in NVIDIA/nccl#2079
    from deep.deep_hosts import DEEP, h200_deep

    builder = bare_metal(h200_deep("h200x2-hang.jsonl", returncode=None, error="timeout"))
    ports = ("0000:00:02.0", "0000:00:03.0")
    for gpu, (bus, port) in enumerate(zip(H200_BUSES, ports)):
        builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, 0, error="NVML_ERROR_NOT_SUPPORTED")
        set_pci_function(builder, bus, device="0x2335", path=(port, bus), iommu_group=str(gpu))
        set_file(builder, f"/sys/kernel/iommu_groups/{gpu}/type", "DMA-FQ\n", 256)
        set_bridge(builder, port, config_with_acs(0x2A0, 0x001D))
    for a, b in ((0, 1), (1, 0)):
        builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=30)
    set_dir(builder, "/sys/kernel/iommu_groups", ["0", "1"])
    set_file(builder, "/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/nvme0n1p2 ro quiet splash\n", 4096)
    report = run(builder.host(), only=["p2p.bandwidth", "pcie.acs"], options=DEEP)
    p2p = result(report, "p2p.bandwidth")
    assert p2p.status is Status.FAIL
    assert ("On this host PCIe ACS on 0000:00:02.0, 0000:00:03.0 redirects the GPUs' peer-to-peer traffic through "
            "the root complex") in text_of(p2p)
    assert result(report, "pcie.acs").status is Status.FAIL
