"""Evidence of a cause on another line of the same text (Signature.refines_within, refining.refined_by_their_evidence):
the row that names the cause takes the place of the generic row that reads only the symptom, so a paste gets one
cause and one next step; a generic match out of the refining row's reach, and rows it does not name, stay findings
of their own."""

from __future__ import annotations

import sys
from pathlib import Path

from gpudoctor.knowledge.findings import signature_finding
from gpudoctor.knowledge.matcher import CompiledCatalogue, scan
from gpudoctor.knowledge.signatures import Signature, by_code, catalogue
from gpudoctor.model import Status

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "fixtures" / "corpus"))
from excerpts import read_excerpt  # noqa: E402

# nvidia-smi's failure on line 2, the kernel refusing the module's key on lines 8 and on (acidanthera/bugtracker#2237).
KEY_REJECTED = "kernel/acidanthera-2237-key-rejected-nvidia-journal.txt"
# A PyTorch out-of-memory error: a failure of its own, whatever else the paste holds (pytorch/pytorch#16417).
OUT_OF_MEMORY = "cuda/pytorch-16417-oom-batch-size.txt"


def _by_code(text: str) -> dict:
    return {found.code: found for found in scan(text, "paste")}


def test_evidence_on_another_line_takes_the_place_of_the_generic_symptom():
    found = _by_code(read_excerpt(KEY_REJECTED).text)
    assert "kernel.driver-not-loaded" not in found  # its advice (find out why the module is not loaded) is answered
    rejected = found["kernel.module-signature-rejected"]
    assert [generic.code for generic in rejected.refined] == ["kernel.driver-not-loaded"]
    assert rejected.refined[0].line_number != rejected.line_number
    finding = signature_finding(rejected)
    assert finding.evidence["refines"] == ["kernel.driver-not-loaded"]
    assert any("couldn't communicate with the NVIDIA driver" in detail for detail in finding.details)
    assert sum(detail.startswith("Next step:") for detail in finding.details) == 1


def test_two_independent_failures_in_one_paste_are_both_reported():
    text = read_excerpt(KEY_REJECTED).text + "\n\n" + read_excerpt(OUT_OF_MEMORY).text
    found = _by_code(text)
    assert {"kernel.module-signature-rejected", "cuda.out-of-memory"} <= set(found)
    assert "kernel.driver-not-loaded" not in found
    assert found["cuda.out-of-memory"].refined == ()


def test_an_image_started_without_the_driver_explains_its_error_35():
    # An NGC image's banner when no driver was mounted (prs-eth/PanopticSegForLargeScalePointCloud#20), then the
    # program in it failing with CUDA's error 35 (eriklindernoren/PyTorch-YOLOv3#12): the missing mount is the cause.
    text = (read_excerpt("containers/panopticseg-20-driver-not-detected-docker-run.txt").text + "\n"
            + read_excerpt("cuda/yolov3pytorch-12-cuda-runtime-error-35.txt").text)
    found = _by_code(text)
    assert "cuda.driver-insufficient" not in found  # "update the driver" would be wrong: it was never mounted
    assert [generic.code for generic in found["containers.image-driver-not-detected"].refined] == \
        ["cuda.driver-insufficient"]


def test_the_generic_row_stands_alone_where_nothing_names_the_cause():
    assert set(_by_code("$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
                        "Make sure that the latest NVIDIA driver is installed and running.\n")) \
        == {"kernel.driver-not-loaded"}


def test_a_wrapper_line_yields_to_the_error_it_wraps():
    # ggml prints "current device: N, in function ..." under the CUDA error it wraps; the error names the cause
    # (ollama/ollama#12258: kernels a driver older than 550 cannot load).
    found = _by_code(read_excerpt("cuda/ollama-12258-kernel-image-invalid-driver-below-550.txt").text)
    assert "ollama.ggml-cuda-error" not in found
    assert {generic.code for generic in found["cuda.kernel-image-invalid"].refined} == {"ollama.ggml-cuda-error"}


def test_a_warning_that_explains_a_failure_reports_the_failure():
    # The warning row names the cause; the failure it explains keeps its status in the finding.
    text = read_excerpt("cuda/ollama-12258-kernel-image-invalid-driver-below-550.txt").text
    explained = _by_code(text)["cuda.kernel-image-invalid"]
    assert by_code("cuda.kernel-image-invalid").severity == "warn"
    assert signature_finding(explained).status is Status.FAIL


def _rows(within):
    generic = Signature(code="cuda.test-symptom", cause_id="cuda-no-device", patterns=(r"zorbulent symptom",),
                        severity="fail", cause="A symptom.", advice="Check the symptom.", action="configure")
    specific = Signature(code="cuda.test-cause", cause_id="cuda-visible-devices", patterns=(r"quaxified cause",),
                         severity="fail", cause="A cause.", advice="Fix the cause.", action="configure",
                         refines=("cuda.test-symptom",), refines_within=within)
    return CompiledCatalogue((generic, specific))


def test_a_refining_row_reaches_as_far_as_it_says():
    text = "quaxified cause\nzorbulent symptom\n" + "filler line\n" * 10 + "zorbulent symptom again\n"
    codes = lambda within: [m.code for m in scan(text, "paste", table=_rows(within))]  # noqa: E731
    assert codes(0) == ["cuda.test-cause", "cuda.test-symptom"]  # its own line only: the symptom is not there
    assert codes(1) == ["cuda.test-cause"]  # the line below
    assert codes(None) == ["cuda.test-cause"]
    far = "quaxified cause\n" + "filler line\n" * 10 + "zorbulent symptom\n"
    assert [m.code for m in scan(far, "paste", table=_rows(3))] == ["cuda.test-cause", "cuda.test-symptom"]


def test_refines_within_is_well_formed_and_refinements_have_no_cycles():
    rows = {row.code: row for row in catalogue()}
    for row in rows.values():
        within = row.refines_within
        assert within is None or (isinstance(within, int) and within >= 0), row.code
        assert within == 0 or (row.refines and not row.contexts), \
            f"{row.code}: refines_within says how far a row without contexts reaches for the rows it refines"
        for code in row.refines:
            assert row.code not in rows[code].refines, f"{row.code} and {code} refine each other"


def test_a_context_row_gives_way_to_evidence_of_the_cause_on_another_line():
    # An empty CUDA_VISIBLE_DEVICES names why CUDA sees no GPU; the visible-devices context would only say it is set.
    hidden = "$ CUDA_VISIBLE_DEVICES=-1 python train.py\nRuntimeError: No CUDA GPUs are available\n"
    assert [(m.code, [g.code for g in m.refined]) for m in scan(hidden, "paste")] \
        == [("cuda.visible-devices-hides-all", ["cuda.no-device", "cuda.torch-no-gpus-visible"])]
    # An index the machine may lack: the context's reading, which checks the variable against `nvidia-smi -L`.
    index = "$ CUDA_VISIBLE_DEVICES=2 python train.py\nRuntimeError: No CUDA GPUs are available\n"
    assert [m.code for m in scan(index, "paste")] == ["cuda.no-device-visible-devices-set"]


def test_ollamas_server_config_line_without_a_value_is_no_visible_devices_context():
    from gpudoctor.knowledge.contexts import in_text

    unset = 'msg="server config" env="map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: HIP_VISIBLE_DEVICES: ]"'
    assert in_text(unset) == frozenset()
    assert in_text(unset.replace("CUDA_VISIBLE_DEVICES: ", "CUDA_VISIBLE_DEVICES:0,1 ")) == {"visible-devices"}


def test_explain_says_what_a_row_with_evidence_takes_the_place_of():
    from gpudoctor.describe import explain_signature

    text = explain_signature(by_code("kernel.dkms-build-failed"), width=200)
    assert "Explains, anywhere in the same text: kernel.driver-not-loaded" in text


def test_a_wrapper_reaches_only_the_error_it_wraps():
    # ollama/ollama#10580: ggml's lines under "CUDA error: an illegal memory access was encountered" (line 3).
    text = read_excerpt("ollama/ollama-10580-illegal-memory-access-llama4.txt").text
    found = _by_code(text)
    assert "cuda.illegal-address" not in found
    assert [g.code for g in found["ollama.ggml-cuda-error"].refined] == ["cuda.illegal-address"]


def test_a_context_reading_gives_way_where_another_line_names_the_cause():
    # A container that finds no driver (vqgan-clip-docker#1), on a host whose DKMS build failed (ogkm#635): the
    # container reading (started without GPUs) would be a second cause beside the one the text shows.
    text = (read_excerpt("containers/vqganclipdocker-1-compose-without-gpus-no-driver.txt").text + "\n"
            + read_excerpt("kernel/ogkm-635-dkms-fedora40-545.txt").text)
    found = scan(text, "paste")
    assert {m.code for m in found} == {"kernel.dkms-build-failed"}
    assert all([g.code for g in m.refined] == ["kernel.driver-not-loaded"] for m in found)
    # Without the DKMS lines the container reading stands.
    alone = read_excerpt("containers/vqganclipdocker-1-compose-without-gpus-no-driver.txt").text
    assert "containers.started-without-gpus" in {m.code for m in scan(alone, "paste")}


def test_a_harmless_notice_that_refines_a_failure_stays_information():
    """PyTorch's cuDNN 8 sub-library notice reads like a library that failed to load; the row that knows it is
    harmless refines the generic one, and reporting the generic one's failure beside it would undo that."""
    notice = _by_code(read_excerpt("cuda/magictime-26-cnn-infer-warning-harmless.txt").text)
    found = notice["cuda.torch-cudnn8-sublibrary-open-notice"]
    # (the CUDA library row and the general loader row of cuda_w36a.py both read the line)
    assert {generic.code for generic in found.refined} == {"cuda.runtime-library-missing", "cuda.shared-library-not-loadable"}
    assert signature_finding(found).status is Status.PASS  # an info row's finding


def test_the_next_step_names_what_the_line_named():
    """An advice's `{field}` is filled from the match, as its cause is (ONNX Runtime's IR versions in
    microsoft/onnxruntime#20559); braces that are no captured field (a JSON or TOML snippet) stay as written."""
    found = _by_code(read_excerpt("wheels/onnxruntime-20559-unsupported-ir-version.txt").text)
    step = next(d for d in signature_finding(found["wheels.onnxruntime-older-than-model-ir"]).details
                if d.startswith("Next step:"))
    assert "reads IR 10" in step and "ir_version` to 9" in step and "{" not in step
    assert by_code("containers.docker-cdi-feature-off").advice_for({}) == by_code("containers.docker-cdi-feature-off").advice


def test_a_driver_that_is_not_loaded_explains_cudas_symptoms_anywhere_in_the_paste():
    """nvidia-smi cannot reach the driver, so CUDA finds no device: one cause, the driver's, whose next step is not
    CUDA_VISIBLE_DEVICES (the generic no-device row's) nor reloading nvidia_uvm (the unknown error's)."""
    smi = "$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n"
    for symptom, generic in (("RuntimeError: CUDA error: no CUDA-capable device is detected", "cuda.no-device"),
                             ("cudaGetDeviceCount returned 999\n-> unknown error", "cuda.unknown-error")):
        found = scan(f"$ python train.py\n{symptom}\n" + "(venv) $ ls\n" * 20 + smi, "paste")
        assert [(m.code, [g.code for g in m.refined]) for m in found] == [("kernel.driver-not-loaded", [generic])]
        assert "CUDA_VISIBLE_DEVICES" not in found[0].advice and "rmmod" not in found[0].advice


def test_nvidia_smis_header_shows_wsl_where_its_version_is_not_the_drivers():
    """Inside WSL 2 nvidia-smi is the Linux build, beside the Windows driver's version (CompVis/stable-diffusion#100);
    on Linux and Windows both are one version."""
    from gpudoctor.knowledge.contexts import in_text

    header = "| NVIDIA-SMI {smi}    Driver Version: {driver}       CUDA Version: 11.6     |"
    assert in_text(header.format(smi="510.60.02", driver="512.15")) == {"wsl"}
    assert in_text(header.format(smi="535.54.03", driver="535.54.03")) == frozenset()
    assert in_text(header.format(smi="546.33", driver="546.33")) == frozenset()
    unknown = "RuntimeError: CUDA error: unknown error\n" + header.format(smi="510.60.02", driver="512.15")
    assert [m.code for m in scan(unknown, "paste")] == ["wsl.cuda-unknown-error"]


def test_an_nccl_too_old_for_the_gpu_is_not_read_as_geforce_peer_to_peer():
    """nccl-tests on RTX 5090s with an NCCL that has no kernels for them: the header names GeForce cards (where P2P
    is the usual suspect), but NCCL's own failure names the cause, and NCCL_P2P_DISABLE is no fix there."""
    text = ("#  Rank  0 Group  0 Pid 259034 on       test device  0 [0x01] NVIDIA GeForce RTX 5090\n"
            "test:259034:259034 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
            "test:259034:259124 [0] NCCL WARN Cuda failure 'named symbol not found'\n")
    found = _by_code(text)
    assert "nccl.tests-on-geforce-p2p" not in found
    assert [g.code for g in found["nccl.no-kernels-for-gpu"].refined] == ["nccl.tests-on-geforce-p2p"]
    assert not any("NCCL_P2P_DISABLE" in m.advice for m in found.values())


def test_a_module_that_did_not_build_explains_cudas_no_device_anywhere_in_the_paste():
    """A DKMS build that failed for the running kernel, and CUDA finding no device far below it: one cause (the
    build), not a second finding whose next step is CUDA_VISIBLE_DEVICES."""
    text = ("Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)\n"
            "Consult /var/lib/dkms/nvidia/550.107.02/build/make.log for more information.\n"
            + "$ ls\n" * 20 + "RuntimeError: CUDA error: no CUDA-capable device is detected\n")
    found = _by_code(text)
    assert "cuda.no-device" not in found
    assert any("cuda.no-device" in [g.code for g in m.refined] for m in found.values())
    assert not any("CUDA_VISIBLE_DEVICES" in m.advice for m in found.values())


def test_a_gpu_selection_in_ollamas_unit_is_no_next_step_while_cuda_cannot_start():
    """Ollama's unit sets CUDA_VISIBLE_DEVICES, and nvidia-smi cannot reach the driver (or CUDA fails with 999, as
    before the driver is ready at boot): the selection is not what to change, the driver is."""
    unit = 'Environment="CUDA_VISIBLE_DEVICES=0"\n'
    for failure in ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
                    'time=2024-05-01T10:00:00.100Z level=INFO source=gpu.go:300 msg="cuInit err: 999"'):
        found = _by_code(unit + "$ ls\n" * 10 + failure + "\n")
        assert "ollama.service-cuda-visible-devices" not in found
        assert not any("CUDA_VISIBLE_DEVICES" in m.advice for m in found.values())


def test_cudas_unknown_error_is_read_on_the_platform_the_paste_shows():
    """The same line on Linux (reload nvidia_uvm), on Windows (its display driver) and inside WSL 2, whose pastes
    show Windows paths too (the Windows side, not a module): the innermost platform's reading, once."""
    line = "RuntimeError: CUDA error: unknown error\n"
    windows = '  File "C:\\Users\\user\\train.py", line 3, in <module>\n' + line
    wsl = windows + "Linux version 5.15.153.1-microsoft-standard-WSL2\n"
    assert [m.code for m in scan(line, "paste")] == ["cuda.unknown-error"]
    assert [m.code for m in scan(windows, "paste")] == ["cuda.unknown-error-on-windows"]
    assert [m.code for m in scan(wsl, "paste")] == ["wsl.cuda-unknown-error"]
    assert "rmmod" not in by_code("cuda.unknown-error-on-windows").advice


def test_an_nccl_failure_that_names_its_cause_replaces_the_geforce_reading_of_the_test_header():
    """nccl-tests on GeForce cards whose /dev/shm is too small in a container: the header's peer-to-peer reading
    (NCCL_P2P_DISABLE, which the shm failure's helpers rule out) gives way to the failure that names the cause."""
    text = ("#  Rank  0 Group  0 Pid   1688 on    fastmoe device  0 [0x18] NVIDIA GeForce RTX 4090\n"
            "host:1:1 [0] include/shm.h:48 NCCL WARN Error while creating shared memory segment "
            "nccl-shm-recv-250a7cc850ba9298-0-1-3 (size 9637888)\n")
    found = _by_code(text)
    assert "nccl.tests-on-geforce-p2p" not in found
    assert not any("NCCL_P2P_DISABLE" in m.advice for m in found.values())


def test_a_memory_xid_beside_cudas_contained_error_names_the_memory_not_the_nvlink():
    """CUDA_ERROR_CONTAINED's words name NVLink or "a hardware error": a contained ECC error (Xid 94) raises it too,
    and where the kernel log shows that Xid the memory reading takes its place (rev40d)."""
    error = "torch.AcceleratorError: CUDA error: Invalid access of peer GPU memory over nvlink or a hardware error\n"
    xid = "NVRM: Xid (PCI:0000:18:00): 94, pid=1234, name=python, Contained: SM (0x1). RST: No, D-RST: No\n"
    assert [m.code for m in scan(error, "paste")] == ["cuda.contained-error-nvlink-or-hardware"]
    found = _by_code(xid + error)
    assert "cuda.contained-error-nvlink-or-hardware" not in found
    assert found["kernel.xid-memory-ecc"].signature.cause_id == "gpu-memory-error"
