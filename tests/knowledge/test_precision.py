"""Precision of the readings where a paste holds a generic symptom and other evidence (issue 25, sig-p9): a context
is found only where the text shows it, one line gets one reading, and the advice fits the tool the paste shows."""

from __future__ import annotations

import sys
from pathlib import Path

from gpudoctor.knowledge.contexts import in_text
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.signatures import by_code

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "fixtures" / "corpus"))
from excerpts import read_excerpt  # noqa: E402

# Ollama's debug log on a bare-metal A100 (ollama/ollama#11519): its search list names WSL's folders on every Linux host.
BARE_METAL_OLLAMA_DEBUG = (
    'Jul 28 06:38:05 a100-40g ollama[8080]: time=2025-07-28T06:38:05.241Z level=DEBUG source=gpu.go:525 msg="gpu '
    'library search" globs="[/usr/local/lib/ollama/libcuda.so* /libcuda.so* /usr/local/cuda*/targets/*/lib/libcuda.so* '
    '/usr/lib/*-linux-gnu/nvidia/current/libcuda.so* /usr/lib/*-linux-gnu/libcuda.so* /usr/lib/wsl/lib/libcuda.so* '
    '/usr/lib/wsl/drivers/*/libcuda.so* /opt/cuda/lib*/libcuda.so* /usr/local/cuda/lib*/libcuda.so* '
    '/usr/lib*/libcuda.so* /usr/local/lib*/libcuda.so*]"\n'
    'Jul 28 06:38:05 a100-40g ollama[8080]: time=2025-07-28T06:38:05.243Z level=DEBUG source=gpu.go:558 '
    'msg="discovered GPU libraries" paths="[/usr/lib/x86_64-linux-gnu/libcuda.so.550.90.07 '
    '/usr/lib32/libcuda.so.550.90.07]"\n'
)


def _codes(text: str) -> list[str]:
    return [found.code for found in scan(text, "paste")]


def test_ollamas_library_search_list_is_no_wsl_context():
    assert "wsl" not in in_text(BARE_METAL_OLLAMA_DEBUG)
    assert "wsl" not in in_text(BARE_METAL_OLLAMA_DEBUG + "cuInit err: 500\n")
    # CUDA's unknown error on that host is read as Ollama's, not as WSL's (a Windows driver to update).
    assert _codes(BARE_METAL_OLLAMA_DEBUG + "Jul 28 06:38:05 a100-40g ollama[8080]: cuInit err: 999\n") \
        == ["ollama.cuda-init-unknown-error"]


def test_a_library_found_under_wsls_folders_is_the_wsl_context():
    # The same search inside WSL 2 finds the Windows driver's libcuda there (ollama/ollama#4726).
    assert "wsl" in in_text(read_excerpt("wsl/ollama-4726-docker-wsl-driver-555-cuinit-500.txt").text)
    assert "wsl" in in_text("libcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1\n")


def test_nccls_duplicate_gpu_line_gets_one_reading():
    # One line, one cause, one next step for any launcher (torchrun in D-FINE#289, Horovod in horovod#3949).
    for example in ("frameworks/d-fine-289-duplicate-gpu-default-device.txt",
                    "nccl/horovod-3949-duplicate-gpu-local-rank-zero.txt"):
        codes = _codes(read_excerpt(example).text)
        assert {code for code in codes if "duplicate-gpu" in code} == {"nccl.duplicate-gpu"}, codes


def test_the_gpu_operators_validator_pods_show_the_operator_in_any_namespace():
    # gpu-operator#265's command with the namespace left out: the pod's name alone shows the operator.
    assert "gpu-operator" in in_text("kubectl logs nvidia-operator-validator-d857c -c toolkit-validation\n")
    assert "gpu-operator" in in_text("pod/nvidia-cuda-validator-2xkqm   0/1   Init:Error\n")
    assert "gpu-operator" not in in_text("kubectl logs nvidia-device-plugin-daemonset-x7k2p\n")


def test_ggmls_out_of_memory_in_plain_llama_cpp_gets_llama_cpps_setting_too():
    # llama.cpp's own main, no Ollama in the paste (ggml-org/llama.cpp#3199).
    text = ("main: build = 1233 (98311c4)\nCUDA error 2 at /data/llama.cpp/ggml-cuda.cu:5509: out of memory\n"
            "current device: 0\n")
    (found,) = [m for m in scan(text, "paste") if m.code == "ollama.cuda-out-of-memory"]
    advice = by_code(found.code).advice
    assert "-ngl" in advice and "num_gpu" in advice


def test_a_linker_that_cannot_find_libcuda_is_not_blamed_on_triton_alone():
    # DeepSpeed's async_io op linking -lcuda in a conda environment (deepspeedai/DeepSpeed#6567).
    text = ("/root/anaconda3/envs/deepspeed/bin/../lib/gcc/x86_64-conda-linux-gnu/14.1.0/../../../../"
            "x86_64-conda-linux-gnu/bin/ld: cannot find -lcuda: No such file or directory\n")
    (found,) = [m for m in scan(text, "paste") if m.code == "frameworks.triton-cannot-link-libcuda"]
    row = by_code(found.code)
    assert "DeepSpeed" in row.cause and "LIBRARY_PATH" in row.advice and "stubs" in row.advice


def test_the_toolkits_failed_request_run_from_a_windows_prompt_is_docker_desktops_wsl_back_end():
    # Docker Desktop on Windows runs containers in its WSL 2 VM (docker/for-win#11246, #11309): no Linux host's
    # persistence daemon to start.
    line = ("docker: Error response from daemon: OCI runtime create failed: container_linux.go:367: starting container "
            "process caused: process_linux.go:495: container init caused: Running hook #0:: error running hook: exit "
            "status 1, stdout: , stderr: nvidia-container-cli: initialization error: driver error: failed to process "
            "request: unknown.\n")
    assert _codes("PS C:\\Users\\user> docker run --rm --gpus all nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n"
                  + line) == ["wsl.container-driver-request-failed"]
    assert _codes("$ docker run --rm --gpus all nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n"
                  + line) == ["containers.cli-driver-request-failed"]


def test_a_libcuda_without_cuctxcreate_v3_is_a_leftover_only_outside_wsls_own_folders():
    # ollama/ollama#5988's line inside WSL 2 names a Linux driver's libcuda.so.418 left in the distribution.
    leftover = read_excerpt("ollama/ollama-5988-wsl2-leftover-libcuda-418-cuctxcreate.txt").text
    assert "wsl.leftover-linux-libcuda-lacks-cuctxcreate-v3" in _codes(leftover)
    # The same line naming the Windows driver's own library, where WSL mounts it, is that driver being too old.
    for wsl_library in ("/usr/lib/wsl/lib/libcuda.so.1", "/usr/lib/wsl/drivers/nv_dispi.inf_amd64_1/libcuda.so.1.1"):
        own = leftover.replace("/usr/lib/x86_64-linux-gnu/libcuda.so.418.226.00", wsl_library)
        assert wsl_library in own
        codes = _codes(own)
        assert "wsl.leftover-linux-libcuda-lacks-cuctxcreate-v3" not in codes, codes
        assert "ollama.libcuda-lacks-cuctxcreate-v3" in codes, codes


# Review probes of the thirty-sixth set's rows (issue 25): texts those rows read falsely before, kept as tests.
_LOAD_LIBRARY_FAILED = ("nvidia-container-cli: initialization error: load library failed: libcuda.so.1: cannot open "
                        "shared object file: no such file or directory\n")


def test_cpu_nodes_said_to_be_fine_do_not_turn_a_gpu_nodes_failure_into_a_false_alarm():
    for words in ("I deployed the device plugin; the CPU nodes are fine but on my GPU node the pod fails:\n",
                  "The Jenkins plugin runs on CPU nodes too.\n"):
        assert _codes(words + _LOAD_LIBRARY_FAILED) == ["containers.cli-load-library-failed"]
    # Said far from the failure, the plugin's pod on a non-GPU node does not explain a GPU node's own error.
    far = "The device plugin pod on the non-GPU node is in CrashLoopBackOff, as expected.\n" + "x\n" * 20
    assert "containers.cli-load-library-failed" in _codes(far + _LOAD_LIBRARY_FAILED)


def test_a_pod_that_has_the_nvidia_runtime_class_or_runs_kubeflow_on_gke_is_not_read_as_without_it():
    sees_none = "torch.cuda.is_available() returns False in the pod\n"
    for where in ("spec:\n  runtimeClassName: nvidia\n", "Runtime Class Name:  nvidia\n",
                  "Kubeflow 1.9 on GKE, notebook image with CUDA 12.1\n"):
        assert "containers.k8s-pod-without-nvidia-runtime-described" not in _codes(where + sees_none)
    assert "containers.k8s-pod-without-nvidia-runtime-described" in _codes("RKE2 v1.33 cluster\n" + sees_none)


def test_a_gpu_index_the_person_chose_is_not_read_as_a_rank_that_picks_a_missing_gpu():
    text = ("python train.py --gpu 3\n    torch.cuda.set_device(args.gpu)\n"
            "RuntimeError: CUDA error: invalid device ordinal\n")
    assert "cuda.rank-picks-missing-gpu" not in _codes(text)
    assert "cuda.rank-picks-missing-gpu" in _codes(text.replace("args.gpu", "args.local_rank"))


def test_a_cuda_torch_named_beside_another_version_is_no_replacement_without_a_verb_that_says_so():
    for healthy in ("Tested with torch==2.0.1+cu118, also works with torch 2.1.0\n",
                    "Speed with torch 2.0.1+cu118 is 12 it/s, with torch 2.1.0 it is 13 it/s\n",
                    "I removed torch 2.1.2+cu118 and tested the cpu path first\n"):
        assert "wheels.requirements-replaced-cuda-torch-described" not in _codes(healthy)
    assert "wheels.requirements-replaced-cuda-torch-described" in \
        _codes("The node's requirements uninstall the torch-2.11.0+cu128 and replace it with torch-2.12.0\n")


def test_cmakes_cuda_check_and_vaapis_scale_failure_are_not_read_as_failed_cuda_builds():
    healthy = ("-- Looking for a CUDA compiler\n-- Looking for a CUDA compiler - NOTFOUND\n-- Configuring done\n"
               "-- Generating done\n")
    assert not any(code.startswith("wheels.cmake") for code in _codes(healthy))
    vaapi = "Info: Trying encoder [vaapi]\nError: Couldn't scale frame: Invalid argument\n"
    found = {f.code: f for f in scan(vaapi, "paste")}
    assert by_code("wheels.sunshine-built-without-cuda").severity == "info"
    assert set(found) <= {"wheels.sunshine-built-without-cuda"}
    assert "wheels.sunshine-built-without-cuda" not in _codes("Error: Couldn't scale frame: No such device\n")


def test_one_cmake_configure_that_finds_no_cuda_compiler_gets_one_reading():
    text = read_excerpt("wheels/ccmpred-26-cmake-cuda-compiler-notfound-no-toolkit.txt").text
    assert _codes(text) == ["ollama.llama-cpp-build-no-nvcc"]


def test_nvccs_refused_architecture_gets_the_toolkits_that_build_for_it():
    row = by_code("wheels.nvcc-unsupported-gpu-architecture")
    assert "CUDA 11.1 or newer" in row.advice_for({"arch": "compute_86"})
    assert "older than 12.0" in row.advice_for({"arch": "sm_35"})
    # Jetson Thor was sm_101 in CUDA 12.8 and 12.9; nvcc 13 calls it sm_110 and refuses compute_101.
    assert "older than 13.0" in row.advice_for({"arch": "compute_101"})
    assert "CUDA 12.8 or newer (B200)" in row.advice_for({"arch": "compute_100"})


def test_an_out_of_memory_denied_in_words_is_read_as_no_failure():
    # Healthy talk and another failure that name an OOM only to deny it (found while reviewing this session's rows)
    assert _codes("model offloading works fine, no OOM on 16GB VRAM") == []
    assert _codes("the loader crashed with CUDA error: an illegal memory access, not an OOM, on the 4090") == []
    # the same words reporting one are still read
    assert _codes("OOM on 3090 24gb vram when it tries to load flux") == ["frameworks.gpu-memory-ran-out-described"]
    assert _codes("I get CUDA out of memory on my 3060 when generating at 1024") == ["cuda.out-of-memory-told-in-words"]
