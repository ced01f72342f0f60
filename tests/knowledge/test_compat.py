"""The conclusions drawn from what a paste names (gpudoctor/knowledge/compat.py): the facts as people write them, the
tables' edges, and when a rule must stay silent. The rows' real excerpts are tested in test_signatures.py."""

from __future__ import annotations

import pytest

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.named_facts import read_facts
from gpudoctor.knowledge.signatures import by_code
from gpudoctor.knowledge.signatures.reasoned import DRIVER_DROPPED_GPU


@pytest.mark.parametrize(("text", "name", "capability"), [
    ("Setup: i7-8750H, GTX 1070, 16 GB RAM.", "GTX 1070", (6, 1)),
    ("GPU3090, nvidia-smi: CUDA Version: 12.4", "GPU3090", (8, 6)),
    ("my 1050ti laptop", "1050ti", (6, 1)),
    ("NVIDIA GeForce RTX 5090 32GB", "RTX 5090", (12, 0)),
    ("Device 0: Tesla K80, compute capability 3.7", "K80", (3, 7)),
    ("2x NVIDIA H100 80GB HBM3", "H100", (9, 0)),
    ("Omarchy 3.3.3, NVIDIA Quadro M1000M", "Quadro M1000M", (5, 2)),  # a mobile Quadro's M suffix
    ("an old GeForce 9500GT", "GeForce 9500", (1, 1)),  # the Tesla generation, last driver R340
    ("my 8800 GTX", "8800 GTX", (1, 1)),
    ("GTS 250", "GTS 250", (1, 3)),
    ("tensorflow-gpu on windows 7 (FX 2800M)", "FX 2800M", (1, 1)),
    ("NVIDIA Quadro FX 1800M latest driver", "Quadro FX 1800M", (1, 1)),  # not "FX 1800M" a second time
    ("i think all RTX 50 Series card have same issues", "RTX 50 Series", (12, 0)),
    ("GeForce MX130", "MX130", (5, 0)),
    ("Quadro RTX 8000", "Quadro RTX 8000", (7, 5)),  # no GeForce 8
])
def test_gpus_are_read_as_people_name_them(text, name, capability):
    assert [(gpu.name, gpu.capability) for gpu in read_facts(text).gpus] == [(name, capability)]


@pytest.mark.parametrize("text", [
    "sudo apt install nvidia-470",  # a driver package, not a GeForce 470
    "Driver Version: 535.104.05",
    "AMD Radeon RX 570 series",  # AMD's RX, not NVIDIA's RTX
    "port 3090 is in use",
    "port 8800 is in use",
    "AMD FX 8350",  # AMD's FX CPUs, no Quadro FX
])
def test_numbers_that_are_no_nvidia_gpu_are_not_read_as_one(text):
    assert read_facts(text).gpus == ()


@pytest.mark.parametrize(("text", "branches"), [
    ("| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4 |", (470,)),
    ("sudo apt install nvidia-driver-590-open", (590,)),
    ("Nvidia driver version: 470.82.01", (470,)),  # torch.utils.collect_env
    ("failed to initialize CUDA: CUDA driver version is insufficient - driver 515.65.01", (515,)),
    ("Version: 23.21.13.9135", (391,)),  # Windows' file version of driver 391.35
    ("Version: 31.0.15.3640", (536,)),
    ("error=\"unable to load /usr/lib64/libcuda.so.460.106.00\"", (460,)),
    ("the 470 series driver", (470,)),
    ("only the _580xx series drivers_ will be installed", (580,)),  # Arch's legacy packages, in Markdown emphasis
])
def test_driver_branches_are_read_from_each_way_of_writing_them(text, branches):
    assert read_facts(text).driver_branches == branches


def test_a_versioned_libcuda_inside_wsl_is_no_driver_version():
    # In WSL 2 the driver is Windows' (unversioned /usr/lib/wsl/lib/libcuda.so.1): a libcuda.so.418 there is a leftover
    text = "Ubuntu 22.04 on WSL2\nlibrary=/usr/lib/x86_64-linux-gnu/libcuda.so.418.226.00"
    assert read_facts(text).driver_branches == ()


def test_a_build_named_apart_from_its_release_is_that_releases():
    facts = read_facts("conda install python=3.7 pytorch==1.7.0 cudatoolkit=10.1 -c pytorch")
    assert {(build.version, build.cuda_tag) for build in facts.torch_builds} == {("1.7.0", None), (None, "cu101")}
    assert facts.pythons == ((3, 7),)


@pytest.mark.parametrize(("capability", "cuda", "torch", "runs"), [
    ((6, 1), (12, 6), (2, 8), True),  # cu126 still carries sm_50 and sm_60, and sm_60 kernels run on sm_61
    ((6, 1), (12, 8), (2, 8), False),  # 2.8's cu128 starts at sm_70
    ((6, 1), (12, 8), (2, 7), True),  # 2.7's cu128 still had sm_50 to sm_60
    ((8, 9), (11, 3), None, True),  # sm_86 kernels run on sm_89
    ((8, 6), (10, 2), None, False),  # no Ampere kernels before CUDA 11
    ((12, 0), (12, 6), None, False),
    ((12, 1), (13, 0), None, True),
])
def test_a_build_runs_on_a_gpu_when_it_has_kernels_of_its_major_version_at_or_below_it(capability, cuda, torch, runs):
    lowest, highest = tables.wheel_capabilities(cuda, torch)
    assert tables.runs_on(capability, lowest, highest) is runs


def test_a_build_whose_kernels_changed_between_releases_is_unknown_without_the_release():
    assert tables.wheel_capabilities((12, 8), None) is None


def _codes(text: str) -> set[str]:
    return {found.code for found in scan(text, "pasted")}


def test_a_named_gpu_and_build_conclude_only_where_the_paste_reports_trouble():
    named = "GTX 1070, 16 GB RAM\nPyTorch 2.8.0 + cu129"
    assert "cuda.named-gpu-outside-torch-build" not in _codes(named)
    assert "cuda.named-gpu-outside-torch-build" in _codes(named + "\nI get a kernel error when I run Flux")


def test_a_person_unable_to_do_something_reports_trouble():
    named = "My GPU is a GTX 640; chwd installs only the 580xx series drivers"
    assert DRIVER_DROPPED_GPU.code not in _codes(named)
    assert DRIVER_DROPPED_GPU.code in _codes(named + " and the system is unable to install itself")


def test_a_conclusion_makes_way_for_the_tool_line_that_says_the_same():
    # torch's own capability warning names the same cause: its row speaks, the conclusion from names does not
    text = ("GTX 1080, torch 2.8.0+cu128\nUserWarning: NVIDIA GeForce GTX 1080 with CUDA capability sm_61 is not "
            "compatible with the current PyTorch installation.")
    codes = _codes(text)
    assert "cuda.named-gpu-outside-torch-build" not in codes
    assert codes & {"cuda.torch-build-dropped-old-gpu", "cuda.torch-capability-not-compatible"}


def test_a_conclusion_takes_the_generic_line_it_explains_as_its_evidence():
    text = ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "RTX 5070 Ti, torch 2.5.1+cu124")
    found = {match.code: match for match in scan(text, "pasted")}
    assert "cuda.no-kernel-image" not in found
    conclusion = found["cuda.named-gpu-outside-torch-build"]
    assert [match.code for match in conclusion.refined] == ["cuda.no-kernel-image"]
    assert "cu128" in conclusion.advice and conclusion.fields["capability"] == "12.0"


BLACKWELL = "cuda.named-blackwell-gpu-failing"


@pytest.mark.parametrize("text", [
    "VLLM doesn't work on 5090s",  # the plural
    "my rtx 5080 keeps failing with CUDA errors",  # lower case
    "RVC not working with 5090 rtx ?",  # the series after the number
    "It looks like pytorch has trouble working with the new RTX 5090",
    "the app won't use my RTX 5070, so I can only use CPU",  # won't, and falling back to the CPU
])
def test_a_blackwell_gpu_in_a_report_of_trouble_without_a_build_points_to_the_cu128_builds(text):
    found = {match.code: match for match in scan(text, "pasted")}
    assert BLACKWELL in found and "cu128" in found[BLACKWELL].advice and found[BLACKWELL].fields["sm"] == "120"


@pytest.mark.parametrize("text", [
    "RTX 5090 runs fine with torch 2.7.0+cu128, but I get an error in my own code",  # a build with its kernels named
    "RTX 5090, torch 2.5.1+cu124, error",  # a build without them: the settled rule speaks (outside-torch-build)
    # a tool's line that a row reads as another cause
    "RTX 5090\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
    "31.36 GiB of which 1.02 GiB is free.",
    "RTX 4090 not working with my app",  # Ada: its kernels are in every current build
    "Just got an RTX 5090, works great",  # no trouble reported
    # GB10 (sm_121): CUDA 12.8's sm_120 kernels run there; its trouble is seldom a missing build (rev40d)
    "vLLM fails to start on my DGX Spark (NVIDIA GB10)",
    "GB10 not working with the container, error at startup",
])
def test_a_blackwell_gpu_concludes_nothing_where_a_build_or_another_cause_is_named(text):
    assert BLACKWELL not in _codes(text)


def test_a_pin_and_a_python_inside_its_range_conclude_nothing():
    text = "Python 3.10.12\nERROR: No matching distribution found for torch==2.1.2"
    assert "wheels.torch-pin-not-built-for-python" not in _codes(text)
    assert "wheels.torch-pin-not-built-for-python" in _codes(text.replace("3.10.12", "3.12.1"))


@pytest.mark.parametrize("listed, concluded", [
    ("2.2.0, 2.2.0+cpu, 2.2.1, 2.3.0", True),  # PyPI or torch_stable.html from 2.2: the first release for Python 3.12
    ("2.0.0, 2.0.1, 2.1.0", False),  # 2.0 is the first release for no Python: the list says nothing of it
    ("1.13.0+cu117, 1.13.1+cu117", False),  # one index's variant starts where the index starts, not the Python
])
def test_a_pin_below_the_first_release_pip_lists_for_a_python_concludes_that_python(listed, concluded):
    text = f"ERROR: Could not find a version that satisfies the requirement torch==2.1.0 (from versions: {listed})"
    assert ("wheels.torch-pin-not-built-for-python" in _codes(text)) == concluded


def test_live_logs_and_long_texts_are_not_read_for_names():
    text = "GTX 1070 and torch 2.8.0+cu129 fail with an error"
    assert "cuda.named-gpu-outside-torch-build" in _codes(text)
    assert "cuda.named-gpu-outside-torch-build" not in {found.code for found in scan(text, "dmesg", kind="dmesg")}


def test_an_nvidia_cuda_image_needs_its_releases_driver_where_a_wheel_runs_on_the_familys():
    # the image's NVIDIA_REQUIRE_CUDA=cuda>=11.8 holds it to 11.8's driver (R520); a cu118 wheel runs on R450 and newer
    assert "cuda.named-driver-older-than-build" in _codes("nvidia/cuda:11.8.0-base image, driver 510.47.03: error")
    assert "cuda.named-driver-older-than-build" not in _codes("torch 2.0.1+cu118, driver 510.47.03: error")



GEFORCE_HANG = "nccl.named-geforce-multi-gpu-hang"


def _causes(text: str) -> set[str]:
    return {by_code(found.code).cause_id for found in scan(text, "pasted")}


@pytest.mark.parametrize("text", [
    "I'm training with multiple 4090 gpus, it always gets stuck and no report is shown",  # the plural, no series
    "Setup: 4x RTX 4090. torchrun --nproc_per_node 4 train.py freezes after the first batch",
    "Two GeForce RTX 5090s, vLLM with tensor_parallel_size=2: the server is stuck forever",
    "DeepSpeed on 2 RTX 3090 cards (no NVLink) deadlocks at initialize",
    "GPU usage stuck on 100% percent when using 2* RTX 3090",
])
def test_geforce_cards_in_a_multi_gpu_job_that_hangs_point_to_p2p(text):
    # the conclusion, or a row of the same cause that reads the person's words itself
    assert "nccl-p2p-broken" in _causes(text)


def test_the_conclusion_reads_what_no_row_reads_and_gives_way_to_a_row_of_its_cause():
    assert GEFORCE_HANG in _codes("GPU usage stuck on 100% percent when using 2* RTX 3090")
    codes = _codes("Setup: 4x RTX 4090. Multi-GPU training hangs at the first step")
    assert "nccl.multi-gpu-hang-described" in codes and GEFORCE_HANG not in codes


@pytest.mark.parametrize("text", [
    "My RTX 4090 hangs when loading the model",  # one GPU: no job over several
    "4x RTX A6000, the torchrun job hangs",  # workstation cards have peer-to-peer
    "2x RTX 6000 Ada, torchrun gets stuck",
    "DDP on two RTX 4090 runs fine and finishes",  # no hang
])
def test_a_hang_on_one_geforce_or_on_workstation_cards_concludes_no_geforce_p2p(text):
    assert GEFORCE_HANG not in _codes(text)


def test_a_multi_gpu_hang_on_blackwell_geforce_is_no_missing_kernel():
    assert BLACKWELL not in _codes("2x RTX 5090, the torchrun job hangs with no error")


OLD_GPU = "cuda.named-old-gpu-no-kernel-image"


@pytest.mark.parametrize("text", [
    "CUDA error cudaErrorNoKernelImageForDevice:no kernel image is available for execution on the device\n"
    "my GPU is NVIDIA GeForce MX130",  # first Maxwell (5.0), named on another line
    "Device 0: Tesla K80, compute capability 3.7\nCUDA error: no kernel image is available for execution on the device",
])
def test_an_old_gpu_beside_no_kernel_image_points_to_the_cpu_or_a_newer_gpu(text):
    found = {match.code: match for match in scan(text, "pasted")}
    assert OLD_GPU in found and "CPU" in found[OLD_GPU].advice


@pytest.mark.parametrize("text", [
    "my GPU is NVIDIA GeForce MX130 and the app does not work",  # no "no kernel image": another cause may be it
    "NVIDIA GeForce RTX 5090\nno kernel image is available for execution on the device",  # new: the cu128 builds
    "GTX 1070\nno kernel image is available for execution on the device",  # Pascal: builds that cover it exist
])
def test_no_old_gpu_conclusion_without_its_error_or_for_a_newer_gpu(text):
    assert OLD_GPU not in _codes(text)
