"""`gpudoctor read` on the pastes of threads where a helper named the cause: each test asserts the verdict and
the advice given in that thread (tests/fixtures/pasted/README.md, second table, names each source)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main

PASTED = Path(__file__).parent.parent / "fixtures" / "pasted"


def read_json(name: str) -> dict:
    result = CliRunner().invoke(main, ["read", "--json", str(PASTED / name)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def read_corpus_json(relative: str) -> dict:
    result = CliRunner().invoke(main, ["read", "--json", str(PASTED.parent / "corpus" / relative)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def checks(document: dict) -> dict[str, dict]:
    return {c["id"]: c for c in document["checks"]}


def kinds(document: dict) -> list[str]:
    return [item["kind"] for item in document["pasted"]["recognised"]]


def said(check: dict) -> str:
    """Everything a check said: its findings' summaries and details."""
    return "\n".join(part for f in check["findings"] for part in (f["summary"], *f["details"]))


def test_container_env_with_cuda_visible_devices_12_hides_the_other_gpus():
    """ollama/ollama#4139: 13 GPUs, Ollama finds 1; the maintainer: CUDA_VISIBLE_DEVICES=12 exposes only one,
    remove it. The paste has the container's `env`, the runner's `ggml_cuda_init` and the server config in
    three fenced pieces: they are one log (no conflict). Without nvidia-smi the count is unknown, but a list that
    leaves out GPU 0 hides a GPU whatever the count: a warning with its condition, never "not in the paste"."""
    document = read_json("ollama-4139-env-cuda-visible-devices-12.txt")
    assert kinds(document) == ["Ollama server log", "environment variables", "Ollama server log"]
    assert document["pasted"]["conflicts"] == []
    env = checks(document)["env.gpu"]
    finding = next(f for f in env["findings"] if "CUDA_VISIBLE_DEVICES=12" in f["summary"])
    assert finding["status"] == "warn" and env["status"] == "warn"
    assert finding["summary"] == ("CUDA_VISIBLE_DEVICES=12: programs started with it see only GPU 12; if this machine "
                                  "has more GPUs, the others are hidden from them")
    assert "`nvidia-smi` shows how many GPUs the machine has." in said(env)
    assert "Remove the variable to use every GPU, or list them all." in finding["details"]
    assert not any("snapshot" in part for part in said(env).split("\n"))


def test_wsl_list_verbose_showing_version_1_is_converted_with_set_version():
    """MicrosoftDocs/WSL#1061: `wsl --set-default-version 2` left Ubuntu on 1; the WSL PM: use
    `wsl --set-version Ubuntu 2` for the installed distribution."""
    document = read_json("wsldocs-1061-wsl-list-verbose-wsl1.txt")
    assert document["pasted"]["conflicts"] == []  # listed twice, Running then Stopped: the same setup
    found = checks(document)["wsl.feature"]
    assert found["status"] == "fail"
    assert found["summary"] == "The default distribution Ubuntu runs as WSL 1, which has no GPU access."
    assert "`wsl --set-version Ubuntu 2`" in said(found)
    assert "does not convert it" in said(found)  # why --set-default-version did not help


def test_wsl_l_v_at_a_cmd_prompt_showing_version_1():
    """MicrosoftDocs/WSL#745: the reporter's answer: set the version of the distribution itself."""
    found = checks(read_json("wsldocs-745-wsl-l-v-wsl1.txt"))["wsl.feature"]
    assert found["status"] == "fail"
    assert "Ubuntu-20.04 runs as WSL 1" in found["summary"]
    assert "`wsl --set-version Ubuntu-20.04 2`" in said(found)


def test_wsl_l_v_in_a_spanish_powershell():
    """microsoft/WSL#7004: Ubuntu-20.04 stays on WSL 1; the reporter ran the conversion gpudoctor names."""
    document = read_json("wsl-7004-wsl-l-v-wsl1-spanish.txt")
    assert kinds(document) == ["wsl -l -v"]
    found = checks(document)["wsl.feature"]
    assert found["status"] == "fail"
    assert "`wsl --set-version Ubuntu-20.04 2`" in said(found)


def test_wsl_l_without_v_is_no_listing_and_its_powershell_prompt_says_windows():
    """microsoft/WSL#4860: `wsl -l` (names only, no STATE or VERSION) then a timeout for every distribution. The
    names are no `wsl -l -v` listing, so wsl.feature must not say that no distribution is installed; the prompt
    (PS C:\\...>) says the paste comes from Windows; the timeout is the finding."""
    document = read_json("wsl-4860-wsl-l-without-v-then-connection-timeout.txt")
    assert "wsl -l -v" not in kinds(document)
    feature = checks(document)["wsl.feature"]
    assert feature["status"] == "skip" and "no Linux distribution" not in said(feature)
    assert document["pasted"]["platform"] == {"assumed": "win32", "because": "`wsl -l` was run at a Windows prompt"}
    assert "wsl.vm-connection-timeout" in said(checks(document)["read.signatures"])


def test_a_windows_prompt_running_nvidia_smi_that_prints_only_an_error_claims_nothing_of_nvml():
    """AlexeyAB/darknet#86: `C:\\...>nvidia-smi` printed only "Unable to determine the device handle ...: GPU is
    lost": no header, no table. NVML's driver version was never shown, so driver.version stays unknown instead of
    "NVML works but did not report the driver version"; the lost GPU is the finding."""
    document = read_corpus_json("kernel/darknet-86-nvidia-smi-gpu-is-lost-windows.txt")
    assert checks(document)["driver.version"]["status"] == "skip"
    assert "kernel.nvml-gpu-lost" in said(checks(document)["read.signatures"])


def test_no_devices_were_found_leaves_the_driver_version_unknown_not_missing_from_nvml():
    """NVIDIA/open-gpu-kernel-modules#862: `nvidia-smi` printed only "No devices were found", which has no header, so
    the paste does not show the driver version: unknown, not "NVML did not report it"; the GPU count is the finding."""
    document = read_corpus_json("kernel/ogkm-862-rtx5090-rminit-rebar-off.txt")
    version = checks(document)["driver.version"]
    assert version["status"] == "skip" and "not in the recorded output" in said(version)
    assert checks(document)["gpu.count"]["status"] == "fail"


def test_the_same_error_for_another_gpu_is_not_listed_as_an_unknown_line():
    """microsoft/WSL#13027: one "Unable to determine the device handle" line per GPU, their PCI addresses differing in
    hex letters; the row read the first, and the second is the same message, not one gpudoctor does not know."""
    document = read_corpus_json("wsl/wsl-13027-tcc-and-wddm-gpus-no-devices.txt")
    assert "wsl.device-handle-unknown-not-wddm" in said(checks(document)["read.signatures"])
    assert not any("device handle" in line for line in document["pasted"]["not_recognised"])


def test_windows_log_saying_the_driver_is_too_old_asks_for_nvidia_smi():
    """ollama/ollama#6604: 'your nvidia driver is too old or missing'; the helper: the driver looks out of
    date, what does `nvidia-smi` say? (the maintainer then confirmed it was too old). A log alone cannot show
    the driver version: gpudoctor asks for the same output."""
    document = read_json("ollama-6604-windows-driver-too-old.txt")
    assert document["pasted"]["platform"]["assumed"] == "win32"
    found = checks(document)
    assert found["driver.version"]["summary"] == "Unknown: paste `nvidia-smi` (the GPU list of the driver (NVML, or nvidia-smi's output) was not recorded)."
    assert document["pasted"]["paste_next"][0]["command"] == "nvidia-smi"
    # what the helper read in the log is said even though no check can judge it without nvidia-smi
    assert any("your nvidia driver is too old or missing" in note for note in document["pasted"]["notes"])


def test_container_nvidia_smi_unknown_error_is_the_cgroup_or_resume_problem():
    """ollama/ollama#11373: `nvidia-smi` in the container: 'Failed to initialize NVML: Unknown Error', Ollama
    logging 'error looking up nvidia GPU memory'; the helper pointed at Ollama's docs for suspend/resume and
    for Docker (the cgroup driver)."""
    document = read_json("ollama-11373-device-context-800-nvml-unknown.txt")
    assert kinds(document) == ["nvidia-smi", "Ollama server log"]
    found = checks(document)["gpu.count"]
    assert found["status"] == "fail"
    assert "NVML failed with an unknown error" in found["summary"]
    assert "restart the container" in said(found) and "native.cgroupdriver=cgroupfs" in said(found)
    assert "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm" in said(found)
    notes = document["pasted"]["notes"]
    assert any(note.endswith("Ollama logged: error looking up nvidia GPU memory") for note in notes)


def test_cuda_init_failure_3_asks_whether_nvidia_smi_shows_the_gpu():
    """ollama/ollama#11593: 'cuda driver library init failure: 3'; the maintainer: does nvidia-smi show your
    GPU, any nvidia errors in dmesg? (the cause was nvidia_uvm's HMM, fixed with uvm_disable_hmm=1)."""
    document = read_json("ollama-11593-cuda-init-failure-3.txt")
    assert kinds(document) == ["Ollama server log"]
    found = checks(document)
    # CUDA's init failed and no GPU was found after it: a warning under that condition, with the helper's question
    assert found["ollama.gpus"]["status"] == "warn"
    assert found["ollama.gpus"]["summary"] == (
        "The Ollama service could not use the GPUs when it logged: Unable to load cudart library "
        "/usr/lib/x86_64-linux-gnu/libcuda.so.575.57.08: cuda driver library init failure: 3. Unless a later line of "
        "its log found them, it runs every model on the CPU.")
    assert "`nvidia-smi` shows whether the driver sees the GPUs" in said(found["ollama.gpus"])
    assert found["gpu.count"]["summary"] == "Unknown: paste `nvidia-smi` (the GPU list of the driver (NVML, or nvidia-smi's output) was not recorded)."


# Ollama's start-up line for the CPU as its only compute device, as ollama/ollama 0.3 logs it (recorded in
# tests/fixtures/corpus/ollama/ollama-for-amd-14-gfx1031-not-supported.txt).
CPU_ONLY = ('time=2024-08-09T00:25:59.237+08:00 level=INFO source=types.go:105 msg="inference compute" id=0 '
            'library=cpu compute="" driver=0.0 name="" total="31.9 GiB" available="24.9 GiB"\n')


def test_a_failed_gpu_discovery_then_the_cpu_alone_is_still_the_warning(tmp_path):
    """ollama/ollama#11593's failed CUDA start, followed by the line Ollama logs when the CPU is all it found: the
    CPU is no GPU, so the warning stands (before, the check said nothing and read as a crash of its own)."""
    paste = tmp_path / "paste.txt"
    paste.write_text((PASTED / "ollama-11593-cuda-init-failure-3.txt").read_text() + "\n" + CPU_ONLY)
    result = CliRunner().invoke(main, ["read", "--json", str(paste)])
    found = checks(json.loads(result.output))["ollama.gpus"]
    assert found["status"] == "warn", found
    assert found["summary"].startswith("The Ollama service could not use the GPUs when it logged: Unable to load "
                                       "cudart library"), found["summary"]


def test_a_linux_nvml_library_next_to_wsls_is_a_linux_driver_inside_wsl():
    """Syllo/nvtop#441: in WSL 2, `ldconfig -p | grep libnvidia-ml` lists /usr/lib/libnvidia-ml.so.1 beside
    /usr/lib/wsl/lib's; the maintainer traced it to a meta-package that installs the driver with CUDA. The
    /usr/lib/wsl/lib entries say WSL 2; what a `| grep` cannot show (libcuda.so.1, /dev/dxg, packages) is asked
    for, never failed."""
    document = read_json("nvtop-441-wsl-ldconfig-stray-libnvidia-ml.txt")
    assert document["pasted"]["platform"]["because"] == "`ldconfig -p` lists /usr/lib/wsl/lib, which only WSL 2 mounts"
    found = checks(document)
    gpu = found["wsl.gpu"]
    assert gpu["status"] == "fail"
    assert gpu["summary"] == ("NVIDIA libraries outside /usr/lib/wsl/lib shadow the Windows driver's: "
                              "2 NVIDIA libraries in /usr/lib/.")
    assert "never the `cuda`, `cuda-X-Y` or `cuda-drivers` packages" in said(gpu)
    assert [f["status"] for f in gpu["findings"]].count("fail") == 1
    asked = [f["summary"] for f in gpu["findings"] if f["status"] == "skip"]
    assert ("Unknown (whether Windows passes the GPU into WSL 2): paste `ls -l /dev/dxg` (whether /dev/dxg exists was "
            "not recorded).") in asked
    assert ("Unknown (whether the loader finds libcuda.so.1): paste `ldconfig -p` (the whole loader cache was not "
            "recorded).") in asked
    assert len(asked) == len(set(asked))
    # it also needs the GPUs, which on WSL both sides show
    assert found["nccl.library"]["summary"].startswith("Unknown: paste `nvidia-smi (in WSL, and in Windows PowerShell)`")


def test_the_oldest_runner_listing_ggml_init_cublas_is_an_ollama_log():
    """ollama/ollama#1865: `ggml_init_cublas: found 1 CUDA devices` (llama.cpp's name before ggml_cuda_init) on a
    Quadro M1000M, compute 5.0, the capability the thread was about."""
    document = read_json("ollama-1865-ggml-init-cublas-cc50.txt")
    assert kinds(document) == ["Ollama server log"]
    assert checks(document)["ollama.gpus"]["summary"].startswith("Unknown (which of the machine's GPUs Ollama can use): "
                                                                 "paste `nvidia-smi`")


def test_the_corpus_holds_at_least_25_real_pastes():
    assert len(list(PASTED.glob("*.txt"))) >= 25


def test_a_paste_without_the_driver_never_says_there_is_no_driver():
    """Only `wsl -l -v` was pasted: the header says the driver is unknown, not that there is none."""
    result = CliRunner().invoke(main, ["read", str(PASTED / "wsldocs-745-wsl-l-v-wsl1.txt")])
    assert "the driver and GPUs are not in the paste" in result.output
    assert "no usable NVIDIA driver" not in result.output
    failed = CliRunner().invoke(main, ["read", str(PASTED / "ollama-11373-device-context-800-nvml-unknown.txt")])
    assert "no usable NVIDIA driver · 0 GPUs" in failed.output  # nvidia-smi said NVML failed: that is known


def test_proc_version_says_wsl_2_and_nvml_blocked_is_explained_for_wsl():
    """microsoft/WSL#14339 (open): the kernel line is WSL 2's, so NVML's OPERATING_SYSTEM error is read as
    Windows keeping the GPU from the VM (TCC mode, Windows Server without GPU-PV), not as a Linux failure."""
    document = read_json("wsl-14339-proc-version-nvml-blocked.txt")
    assert kinds(document) == ["uname -a / /proc/version", "nvidia-smi"]
    assert document["pasted"]["platform"]["because"] == "the kernel release in the paste"
    found = checks(document)["gpu.count"]
    assert found["status"] == "fail"
    assert found["summary"] == "NVML inside WSL: GPU access blocked by the operating system."
    assert "a GPU in TCC mode is never shared with WSL" in said(found)


@pytest.mark.parametrize("paste, release", [
    ("$ uname -r\n5.15.153.1-microsoft-standard-WSL2\n", "5.15.153.1-microsoft-standard-WSL2"),
    ("$ uname -a\nLinux box 6.8.0-45-generic #45-Ubuntu SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n", "6.8.0-45-generic"),
])
def test_uname_gives_the_kernel_release(paste, release):
    from gpudoctor.pasted.reading import read_blocks
    from gpudoctor.pasted.text import clean

    assert read_blocks([("paste", clean(paste.encode()))]).platform.os_release == release


def test_a_pasted_driver_version_without_the_gpus_never_says_it_sees_none():
    """/proc/driver/nvidia/version alone gives the driver, not the GPUs: no "0 GPUs", no "It sees no GPU"."""
    result = CliRunner().invoke(main, ["read", "-v", str(PASTED / "h200x2" / "drv_version.txt")])
    assert "NVIDIA driver 580.159.04 · the GPUs are not in the paste" in result.output
    assert "It sees no GPU" not in result.output


def test_two_listings_with_another_wsl_version_are_still_a_conflict():
    from gpudoctor.pasted.reading import read_blocks
    from gpudoctor.pasted.text import clean

    listing = "PS C:\\> wsl -l -v\n  NAME      STATE           VERSION\n* Ubuntu    Running         {}\n"
    reading = read_blocks([("paste", clean((listing.format(1) + listing.format(2)).encode()))])
    assert [c.call for c in reading.conflicts] == ["wsl.exe -l -v"]


OLLAMA_ISSUES = PASTED.parent / "ollama" / "issues"


def test_a_service_log_setting_cuda_visible_devices_1_warns_under_its_condition():
    """ollama/ollama#13498 (tests/fixtures/ollama/README.md): the service's `server config` line sets
    CUDA_VISIBLE_DEVICES:1. Without nvidia-smi the GPU count is unknown, but GPU 0 is hidden whatever it is:
    a warning that says its condition, never "No issues found"."""
    result = CliRunner().invoke(main, ["read", str(OLLAMA_ISSUES / "13498-journal-cvd1-0.13.log")])
    assert result.exit_code == 0, result.output
    log = OLLAMA_ISSUES / "13498-journal-cvd1-0.13.log"
    assert ("[!] ollama.gpus    The Ollama service sees only GPU 1: its environment sets CUDA_VISIBLE_DEVICES=1 "
            f"(the pasted Ollama server log ({log}, line 2), `server config` line); if this machine has more GPUs, "
            "they are hidden from Ollama.") in result.output  # the paste is named, never a journalctl not run
    assert "No issues found" not in result.output and "Issues found: 1 warning" in result.output
    found = checks(json.loads(CliRunner().invoke(main, ["read", "--json",
                                                        str(OLLAMA_ISSUES / "13498-journal-cvd1-0.13.log")]).output))
    assert found["ollama.gpus"]["status"] == "warn"
    # no fix script: listing every GPU needs their UUIDs, which only nvidia-smi shows
    assert found["ollama.gpus"]["findings"][0]["fix"] is None


def test_a_log_that_shows_no_problem_is_not_called_healthy_while_the_gpus_are_unknown():
    """ollama/ollama#8623: `ollama serve` by hand, nothing wrong in its log. The GPU, driver and kernel checks
    had no facts: the report says so instead of "No issues found"."""
    result = CliRunner().invoke(main, ["read", str(PASTED / "ollama-8623-serve-server-config.txt")])
    assert "No issues found" not in result.output
    closing = re.search(r"No issue in what could be seen \(2 passed, 6 skipped\), but facts were missing for (\d+) "
                        r"checks: gpu\.\*, driver\.\*", result.output)
    assert closing and int(closing.group(1)) >= 20, result.output


@pytest.mark.parametrize("name", ["ollama-6604-windows-driver-too-old.txt", "wsl-9134-windows-nvidia-smi-517.txt",
                                  "ollama-10486-windows-server-config.txt"])
def test_a_windows_paste_is_asked_for_what_windows_runs(name):
    """Pastes from Windows (ollama/ollama#6604, #10486; microsoft/WSL#9134): the asks are PowerShell's, never a
    Linux command a Windows user cannot run."""
    document = read_json(name)
    assert document["pasted"]["platform"]["assumed"] == "win32"
    asked = [item["command"] for item in document["pasted"]["paste_next"]]
    said_anywhere = json.dumps(document["checks"]) + " ".join(asked)
    for linux_only in ("journalctl", "ldconfig", "sudo dmesg", "env | grep", "/proc/driver"):
        assert linux_only not in " ".join(asked), (linux_only, asked)
        assert f"`{linux_only}" not in said_anywhere, linux_only
    if "ollama.gpus" not in [c["id"] for c in document["checks"] if c["status"] != "skip"]:
        assert any(command.startswith("Get-Content") or command == "nvidia-smi" for command in asked), asked


def test_a_wsl_paste_says_which_side_runs_nvidia_smi():
    """Syllo/nvtop#441 (WSL 2 known from /usr/lib/wsl/lib): nvidia-smi is asked of both sides."""
    document = read_json("nvtop-441-wsl-ldconfig-stray-libnvidia-ml.txt")
    assert document["pasted"]["paste_next"][0]["command"] == "nvidia-smi (in WSL, and in Windows PowerShell)"
