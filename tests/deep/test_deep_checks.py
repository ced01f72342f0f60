"""p2p.bandwidth, pcie.bandwidth and nccl.allreduce on recorded worker runs."""

from __future__ import annotations

import json

from gpus_pcie_p2p.hardware_hosts import set_cuda_error
from gpus_pcie_p2p.hardware_hosts import set_cuda
from deep.deep_hosts import DEEP, DEEP_CHECKS, H200_BUSES, edited, h200, h200_deep, h200x3_deep, recorded, rtx4090_deep
from deep.deep_hosts import set_worker, with_software, worker_args
from hosts import HostBuilder, result, run, text_of

from gpudoctor.engine import Options
from gpudoctor.model import Status


def checked(builder: HostBuilder, options: Options = DEEP) -> dict:
    report = run(builder.host(), only=DEEP_CHECKS, options=options)
    return {check_id: result(report, check_id) for check_id in DEEP_CHECKS}


def statuses(results: dict) -> dict:
    return {check_id: r.status for check_id, r in results.items()}


# -- the recorded hosts --------------------------------------------------------------------------------

def test_two_h200_over_nv18_pass_with_figures_against_the_nvlink_rate():
    results = checked(h200_deep())
    assert set(statuses(results).values()) == {Status.PASS}
    p2p = text_of(results["p2p.bandwidth"])
    assert "GPU 0 ↔ GPU 1 over NV18: 376 / 376 GB/s each way, 742 GB/s both ways at once, every byte verified" in p2p
    # NVLink per link as `nvidia-smi nvlink -s` printed it on this host (26.562 GB/s), not the datasheet's 25
    assert "NV18: 18 links × 26.562 GB/s" in p2p and "= 478 GB/s × 83% healthy share ≈ 397 GB/s" in p2p
    pcie = text_of(results["pcie.bandwidth"])
    assert "GPU 0: 55.2 GB/s to the GPU, 54.1 GB/s back over PCIe Gen5 x16 (101% of the expected ≈53.5 GB/s)" in pcie
    assert "16 lanes × 3.938 GB/s (PCI-SIG) = 63.0 GB/s" in pcie
    nccl = text_of(results["nccl.allreduce"])
    assert "NCCL 2.28.9 all-reduce across GPU 0, GPU 1: 329 GB/s bus bandwidth at 1 GiB, sums verified" in nccl
    assert "the copy PyTorch 2.11.0 loads" in nccl and "busbw = algbw × 2(n-1)/n" in nccl
    assert "PERFORMANCE.md" in nccl
    assert "NCCL_P2P_DISABLE" not in nccl
    evidence = results["nccl.allreduce"].findings[0].evidence
    assert [s["busbw_gbps"] for s in evidence["sizes"]][-1] == 329.0961


def test_two_rtx_4090_without_p2p_report_the_staged_figure_as_what_ollama_and_nccl_get():
    results = checked(rtx4090_deep())
    p2p = results["p2p.bandwidth"]
    assert p2p.status is Status.PASS
    text = text_of(p2p)
    assert "GPU 0 ↔ GPU 1 without P2P, through host memory: 20.9 / 21.1 GB/s each way, 25.8 GB/s both ways" in text
    assert "what Ollama and NCCL (its SHM transport) get" in text and "= 31.5 GB/s × 66% healthy share" in text
    assert "GPU 0: 24.6 GB/s to the GPU, 26.3 GB/s back over PCIe Gen4 x16 (92% of the expected ≈26.8 GB/s)" in \
        text_of(results["pcie.bandwidth"])
    assert results["nccl.allreduce"].status is Status.PASS


def test_staged_copies_between_nvlinked_gpus_are_a_warning():
    lines = edited("h200x2-nvlink.jsonl", lambda e: {"peer_access_enabled": False, "path": "staged",
                                                     "peer_access_error": "CUDA_ERROR_TOO_MANY_PEERS"}
                   if e.get("kind") == "pair" else None)
    p2p = checked(set_worker(with_software(h200()), worker_args(), lines))["p2p.bandwidth"]
    assert p2p.status is Status.WARN
    text = text_of(p2p)
    assert "NVLink (NV18) connects them, yet copies go through host memory" in text
    assert "CUDA_ERROR_TOO_MANY_PEERS" in text


def test_corrupted_bytes_fail_naming_the_pair_and_what_to_try():
    results = checked(h200_deep("h200x2-corrupted.jsonl"))
    p2p = results["p2p.bandwidth"]
    assert p2p.status is Status.FAIL
    text = text_of(p2p)
    assert "Data copied GPU 0 → GPU 1 arrived corrupted" in text
    assert "offset 12,584,146 of the 1 GiB copy (unidirectional phase; 2 wrong 4 MiB block(s)" in text
    assert "NCCL_P2P_DISABLE=1" in text and "iommu=pt" in text
    # this recording says nothing of a VM or a PCIe switch, so neither is blamed
    assert "ACS" not in text and "switch" not in text
    assert results["pcie.bandwidth"].status is Status.PASS


def test_a_hang_fails_naming_the_pair_being_copied_and_skips_the_tests_never_reached():
    results = checked(h200_deep("h200x2-hang.jsonl", returncode=None, error="timeout"))
    assert statuses(results) == {"p2p.bandwidth": Status.FAIL, "pcie.bandwidth": Status.SKIP,
                                 "nccl.allreduce": Status.SKIP}
    text = text_of(results["p2p.bandwidth"])
    assert "The GPU test hung while copying GPU 0 → GPU 1 and was stopped after" in text
    assert "NCCL_P2P_DISABLE=1" in text and "iommu=pt" in text and "PCIe switch" not in text
    assert "stopped earlier, during the p2p test (see p2p.bandwidth)" in text_of(results["nccl.allreduce"])


def test_nccl_that_cannot_form_its_communicator_fails_and_the_copies_still_count():
    results = checked(rtx4090_deep("rtx4090x2-nccl-init-fails.jsonl", returncode=1))
    assert statuses(results) == {"p2p.bandwidth": Status.PASS, "pcie.bandwidth": Status.PASS,
                                 "nccl.allreduce": Status.FAIL}
    text = text_of(results["nccl.allreduce"])
    assert "NCCL could not form a communicator across GPU 0, GPU 1: ncclUnhandledCudaError" in text
    assert "Cuda failure 217 'peer access is not supported between these two devices'" in text
    assert "NCCL_DEBUG=INFO" in text and "NCCL_P2P_DISABLE=1" in text


def test_nccl_p2p_disable_warns_with_measured_expected_and_the_variable():
    builder = h200_deep("h200x2-nccl-p2p-disabled.jsonl").set_env("NCCL_P2P_DISABLE", "1")
    nccl = checked(builder)["nccl.allreduce"]
    assert nccl.status is Status.WARN
    summary = nccl.findings[0].summary
    assert summary.startswith("NCCL 2.28.9 all-reduce across GPU 0, GPU 1: 28.0 GB/s, 8% of the ≈330 GB/s this "
                              "NV18 path reaches: NCCL_P2P_DISABLE=1 is set")
    text = text_of(nccl)
    assert "instead of NVLink or PCIe P2P" in text and "Unset the variable" in text
    assert "Through host memory, where NCCL_P2P_DISABLE sends it, ≈27.7 GB/s is what to expect" in text


def test_a_wrong_sum_fails_naming_the_gpu():
    lines = edited("h200x2-nvlink.jsonl", lambda e: {"verified": False, "mismatch_rank": 1, "mismatch_offset": 14}
                   if e.get("kind") == "size" and e["bytes"] == 256 << 20 else None)
    nccl = checked(set_worker(with_software(h200()), worker_args(), lines))["nccl.allreduce"]
    assert nccl.status is Status.FAIL
    assert "NCCL all-reduce returned a wrong sum on GPU 1 (256 MiB, first wrong byte at offset 14)" in text_of(nccl)


def test_three_gpus_show_the_matrix_and_warn_about_the_slow_pair():
    p2p = checked(h200x3_deep())["p2p.bandwidth"]
    assert p2p.status is Status.WARN
    text = text_of(p2p)
    assert "GPU 1 ↔ GPU 2 over NV18: 131 GB/s, 33% of the ≈397 GB/s this NV18 path reaches" in text
    assert "nvidia-smi nvlink -s" in text
    assert "One way, GB/s (row: from, column: to):" in text
    assert "    1      376       -     142" in text
    assert "GPU 0 ↔ GPU 2 over NV18" in text


def test_one_gpu_skips_the_pair_tests_and_still_measures_the_host_link():
    builder = set_cuda(with_software(h200()), [(H200_BUSES[0], "NVIDIA H200")])
    results = checked(set_worker(builder, worker_args("0", tests=("host",)), recorded("h200x1-host-only.jsonl")))
    assert statuses(results) == {"p2p.bandwidth": Status.SKIP, "pcie.bandwidth": Status.PASS,
                                 "nccl.allreduce": Status.SKIP}
    assert "CUDA sees one GPU only" in text_of(results["p2p.bandwidth"])


# -- no measurement -----------------------------------------------------------------------------------

def test_gpus_that_cuda_cannot_use_fail():
    results = checked(set_cuda_error(h200_deep(), "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"))
    assert set(statuses(results).values()) == {Status.FAIL}
    text = text_of(results["p2p.bandwidth"])
    assert "NVML sees 2 GPUs, but the CUDA driver cannot use them" in text
    assert "different driver versions" in text


def test_no_gpu_at_all_skips():
    builder = set_cuda_error(h200_deep(), "CUDA_ERROR_LIBRARY_NOT_FOUND: libcuda.so.1: cannot open shared object file")
    builder.set_nvml("nvmlInit", error="NVML_ERROR_LIBRARY_NOT_FOUND")
    results = checked(builder)
    assert set(statuses(results).values()) == {Status.SKIP}
    assert "No NVIDIA GPU here" in text_of(results["nccl.allreduce"])


def test_a_snapshot_without_a_deep_run_skips():
    results = checked(with_software(h200()))
    assert set(statuses(results).values()) == {Status.SKIP}
    assert "gpudoctor snapshot --deep" in text_of(results["pcie.bandwidth"])


def test_a_worker_crash_in_the_middle_fails_with_its_last_words():
    lines = "\n".join(recorded("h200x2-nvlink.jsonl").splitlines()[:23]) + "\n"  # up to "host: device 1"
    builder = set_worker(with_software(h200()), worker_args(), lines, returncode=-11,
                         stderr="Segmentation fault in libcuda.so.1\n")
    results = checked(builder)
    assert statuses(results) == {"p2p.bandwidth": Status.PASS, "pcie.bandwidth": Status.FAIL,
                                 "nccl.allreduce": Status.SKIP}
    text = text_of(results["pcie.bandwidth"])
    assert "crashed while copying between host memory and GPU 1" in text and "SIGSEGV" in text
    assert "Segmentation fault in libcuda.so.1" in text


def test_out_of_gpu_memory_is_a_warning_not_a_failure():
    lines = "\n".join(recorded("h200x2-nvlink.jsonl").splitlines()[:6]) + "\n" + (
        '{"event":"error","test":"p2p","where":"p2p: allocate 2 x 1024 MiB per device","func":"cuMemAlloc",'
        '"error":"CUDA_ERROR_OUT_OF_MEMORY","code":2,"message":"out of memory"}\n')
    p2p = checked(set_worker(with_software(h200()), worker_args(), lines, returncode=1))["p2p.bandwidth"]
    assert p2p.status is Status.WARN
    assert "too little free GPU memory" in text_of(p2p) and "nvidia-smi" in text_of(p2p)


def _ending_with(error_event: dict, keep_lines: int | None = None) -> str:
    lines = recorded("h200x2-nvlink.jsonl").splitlines()
    kept = lines[:keep_lines] if keep_lines else [line for line in lines if '"event":"done"' not in line]
    return "\n".join(kept) + "\n" + json.dumps(error_event, separators=(",", ":")) + "\n"


def test_cleanup_failing_after_all_results_is_one_warning_from_the_last_check():
    lines = _ending_with({"event": "error", "test": None, "where": "cleanup", "func": None, "error": "CLEANUP_FAILED",
                          "code": None, "message": "cuMemFree: CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory "
                                                   "access was encountered"})
    results = checked(set_worker(with_software(h200()), worker_args(), lines, returncode=1))
    assert statuses(results) == {"p2p.bandwidth": Status.PASS, "pcie.bandwidth": Status.PASS,
                                 "nccl.allreduce": Status.WARN}
    text = text_of(results["nccl.allreduce"])
    assert "cleaning up afterwards failed" in text and "CUDA_ERROR_ILLEGAL_ADDRESS" in text and "Xid" in text


def test_an_exception_inside_the_worker_is_an_error_of_gpudoctor_not_a_failure_of_the_machine():
    lines = _ending_with({"event": "error", "test": "p2p", "where": "p2p 0->1: verify", "func": None,
                          "error": "TypeError", "code": None, "message": "unsupported operand"}, keep_lines=10)
    p2p = checked(set_worker(with_software(h200()), worker_args(), lines, returncode=1))["p2p.bandwidth"]
    assert p2p.status is Status.ERROR
    assert "failed unexpectedly while checking what GPU 0 → GPU 1 delivered" in text_of(p2p)
    assert "bug in gpudoctor" in text_of(p2p)
