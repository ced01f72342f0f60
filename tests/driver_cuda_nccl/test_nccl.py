"""nccl.library: the recorded H200 host (pip NCCL 2.28.9 for torch, system 2.28.3), and hosts that differ."""

from __future__ import annotations

from driver_cuda_nccl.h200_software import (
    PIP_NCCL,
    SYSTEM_NCCL,
    VENV,
    VENV_DISTRIBUTIONS,
    VENV_SITE,
    h200_software,
    python_answer,
    recorded,
    set_nccl_version,
    set_python,
)
from hosts import result, run, text_of

from gpudoctor.model import Status
from gpudoctor.probes.nccl import nccl_version_text

# NVIDIA's NCCL tarball layout (nccl_<version>+cuda<X.Y>_x86_64/lib), put first in LD_LIBRARY_PATH.
TARBALL_LIB = "/opt/nccl_2.21.5-1+cuda12.4_x86_64/lib"
TARBALL_NCCL = f"{TARBALL_LIB}/libnccl.so.2.21.5"


def nccl_result(builder, *, host=None):
    return result(run(host or builder.host(), only=["nccl.library"]), "nccl.library")


def without_nccl(builder):
    """No system NCCL (its ldconfig lines gone) and a venv with Ollama-era tools but no torch and no NCCL wheel."""
    lines = [line for line in recorded("ldconfig-p.txt").splitlines(keepends=True) if "libnccl" not in line]
    lines[0] = lines[0].replace("520 libs", "518 libs")
    builder.set_command(["ldconfig", "-p"], stdout="".join(lines))
    builder.set("glob", [f"{VENV_SITE}/nvidia/nccl/lib/libnccl.so*"], [])
    return set_python(builder, f"{VENV}/bin/python3", python_answer(f"{VENV}/bin/python3", VENV, [VENV_SITE], {}))


def one_gpu(builder):
    return builder.set_nvml("nvmlDeviceGetCount", value=1)


def test_the_recorded_h200_warns_naming_both_versions_and_who_loads_which():
    checked = nccl_result(h200_software())
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert "2 different NCCL versions can be loaded here: 2.28.9 (pip, used by PyTorch) and 2.28.3 (system)" in text
    assert f"PyTorch 2.11.0 in {VENV}/bin/python3 loads NCCL 2.28.9 from {PIP_NCCL}" in text
    assert f"gets NCCL 2.28.3 from {SYSTEM_NCCL}" in text
    assert "Mixing is harmless for PyTorch" in text
    versions = {entry["path"]: entry["version"] for entry in checked.findings[0].evidence["libraries"]}
    assert versions == {SYSTEM_NCCL: "2.28.3", PIP_NCCL: "2.28.9"}


def test_copies_of_one_version_pass():
    checked = nccl_result(set_nccl_version(h200_software(), SYSTEM_NCCL, 22809))
    assert checked.status is Status.PASS
    assert "NCCL 2.28.9 (2 copies)" in text_of(checked)


def test_no_nccl_on_a_two_gpu_host_fails_and_offers_the_install_fix():
    checked = nccl_result(without_nccl(h200_software()))
    assert checked.status is Status.FAIL
    text = text_of(checked)
    assert "No NCCL library found. Multi-GPU programs" in text
    assert "Ollama and llama.cpp split a model across GPUs without NCCL" in text
    finding = checked.findings[0]
    assert finding.fix == "wsl.install-nccl" and finding.fix_args == ("--cuda", "13.0")


def test_no_nccl_with_one_gpu_is_skipped():
    checked = nccl_result(one_gpu(without_nccl(h200_software())))
    assert checked.status is Status.SKIP
    assert "NCCL matters only with two or more GPUs" in text_of(checked)


def test_clashing_copies_with_one_gpu_pass_and_say_why():
    checked = nccl_result(one_gpu(h200_software()))
    assert checked.status is Status.PASS
    assert "Only one GPU: NCCL carries no traffic here." in text_of(checked)


def test_ld_library_path_shadows_the_system_copy_but_not_torchs():
    builder = h200_software().set_env("LD_LIBRARY_PATH", f"{TARBALL_LIB}:/usr/local/nvidia/lib64:/usr/local/nvidia/lib")
    builder.set("glob", [f"{TARBALL_LIB}/libnccl.so*"],
                [f"{TARBALL_LIB}/libnccl.so", f"{TARBALL_LIB}/libnccl.so.2", TARBALL_NCCL])
    for name in ("libnccl.so", "libnccl.so.2", "libnccl.so.2.21.5"):
        builder.set("resolve", [f"{TARBALL_LIB}/{name}"], TARBALL_NCCL)
    set_nccl_version(builder, TARBALL_NCCL, 22105)
    checked = nccl_result(builder)
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert (f"LD_LIBRARY_PATH shadows the system NCCL: programs get NCCL 2.21.5 from {TARBALL_NCCL}, "
            f"not 2.28.3 from {SYSTEM_NCCL}") in text
    assert f"gets NCCL 2.21.5 from {TARBALL_NCCL} (LD_LIBRARY_PATH is searched before the ldconfig cache)" in text
    assert "PyTorch 2.11.0" in text and "loads NCCL 2.28.9" in text
    assert "PyTorch wheels are not affected" in text


def test_a_copy_that_cannot_be_loaded_is_a_finding_not_a_crash():
    error = f"NCCL_LOAD_FAILED: {SYSTEM_NCCL}: file too short"
    checked = nccl_result(set_nccl_version(h200_software(), SYSTEM_NCCL, error=error))
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert f"{SYSTEM_NCCL} (system, ldconfig cache) is an NCCL library that cannot be loaded" in text
    assert "file too short" in text
    assert "NCCL 2.28.9 (1 copy)" in text


def test_only_unloadable_copies_on_two_gpus_fail():
    builder = set_nccl_version(h200_software(), SYSTEM_NCCL, error="NCCL_SYMBOL_NOT_FOUND: ncclGetVersion")
    checked = nccl_result(set_nccl_version(builder, PIP_NCCL, error="NCCL_LOAD_FAILED: cannot open"))
    assert checked.status is Status.FAIL
    assert "No NCCL library here can be loaded" in text_of(checked)


def test_both_nccl_wheels_in_one_python_warn():
    both = {**VENV_DISTRIBUTIONS, "nvidia-nccl-cu12": "2.27.3"}
    builder = set_python(h200_software(), f"{VENV}/bin/python3",
                         python_answer(f"{VENV}/bin/python3", VENV, [VENV_SITE], both))
    checked = nccl_result(set_nccl_version(builder, SYSTEM_NCCL, 22809))
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert f"{VENV}/bin/python3 has both nvidia-nccl-cu12 and nvidia-nccl-cu13 installed" in text
    assert "undefined symbol" in text


def test_ldconfig_outside_path_is_found_in_sbin():
    builder = h200_software().set_command(["ldconfig", "-p"], returncode=None, error="not-found")
    builder.set_command(["/sbin/ldconfig", "-p"], stdout=recorded("ldconfig-p.txt"))
    assert "2.28.3 (system)" in text_of(nccl_result(builder))


def test_a_snapshot_recorded_without_the_nccl_probe_is_skipped_not_failed():
    checked = nccl_result(h200_software().remove("run", ["ldconfig", "-p"]).set("which", ["python3"], [])
                          .set("which", ["python"], []))
    assert checked.status is Status.SKIP
    unknown = checked.findings[0].evidence
    assert unknown["unknown"] and unknown["shown_by"] == "ldconfig -p | grep nccl"


def test_nccl_version_codes_decode_both_encodings():
    assert nccl_version_text(22809) == "2.28.9"
    assert nccl_version_text(21803) == "2.18.3"
    assert nccl_version_text(2708) == "2.7.8"  # before NCCL 2.9: major*1000 + minor*100 + patch


def test_a_broken_python_envs_probe_still_leaves_the_system_copy(monkeypatch):
    def broken_probe(host, facts):
        raise RuntimeError("a bug in the python_envs probe")

    monkeypatch.setattr("gpudoctor.probes.python_envs.probe_python_envs", broken_probe)
    checked = nccl_result(h200_software())
    assert checked.status is Status.PASS
    assert f"NCCL 2.28.3 at {SYSTEM_NCCL}" in text_of(checked)
