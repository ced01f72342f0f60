"""The CUDA versions a paste names in words or side by side (gpudoctor/knowledge/named_cudas.py) and the conclusions
compat draws from them (compat_cuda.py, w42f): the facts as people write them, the real excerpts they settle, and the
healthy pastes with the same versions where nothing may be concluded."""

from __future__ import annotations

import pytest

from gpudoctor.knowledge.compat import conclusions
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.named_facts import read_facts
from tests.fixtures.corpus.excerpts import read_excerpt

DRIVER_OLDER = "cuda.named-driver-older-than-build"
OOM_IN_WORDS = "cuda.out-of-memory-told-in-words"


def _codes(text: str) -> set[str]:
    return {found.code for found in scan(text, "pasted")}


@pytest.mark.parametrize(("text", "cudas"), [
    ("Cuda compilation tools, release 12.4, V12.4.131", ((12, 4),)),
    ("nvcc==cuda_11.8.r11.8/compiler.31833905_0", ((11, 8),)),
    ("the CUDA toolkit version installed (12.5) requires a newer driver", ((12, 5),)),
    ("sudo apt-get -y install cuda-toolkit-12-5", ((12, 5),)),
    ("they fail to execute code compiled with the latest (CUDA 12.2) version", ((12, 2),)),
    ("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2021 NVIDIA Corporation", ()),  # a year, no release
])
def test_the_toolkit_is_read_from_nvcc_and_from_words(text, cudas):
    assert read_facts(text).toolkit_cudas == cudas


@pytest.mark.parametrize(("text", "cudas"), [
    ("it seems the GPU nodes are running the CUDA 12.1 driver", ((12, 1),)),
    ("Nvidia drivers 550.x only support cuda upto 12.4.1", ((12, 4),)),
    ("There are some instances that are stuck at cuda 12.4.", ((12, 4),)),
    ("The driver reports CUDA 12020; torch built for cu130 refuses to initialise", ((12, 2),)),
    ("flash-attn only supports CUDA 11.8 for now", ()),  # a package's CUDA, no driver's
])
def test_the_driver_cuda_is_read_from_words_that_name_the_machine(text, cudas):
    assert read_facts(text).spoken_driver_cudas == cudas


def test_a_branch_written_with_x_is_a_driver_branch():
    assert read_facts("Nvidia drivers 550.x only support cuda upto 12.4.1").driver_branches == (550,)


def test_a_driver_named_as_a_requirement_or_a_fix_is_not_the_installed_one():
    text = ("the toolkit requires driver version 555.42.02, whereas the script installs driver version 550.90.07. "
            "Upgrading the NVIDIA driver version to 555.42.02 fixes it")
    assert read_facts(text).driver_branches == (550,)


@pytest.mark.parametrize(("text", "cudas"), [
    ("The docker image we ship uses cuda version 12.8", ((12, 8),)),
    ("app-1  | == CUDA ==\napp-1  |\napp-1  | CUDA Version 12.2.2\n", ((12, 2),)),  # NVIDIA's start-up banner
    ("this pip package uses CUDA 12.8", ()),  # no container in the paste
])
def test_an_images_cuda_is_read_from_words_and_from_nvidias_banner(text, cudas):
    assert read_facts(text).spoken_image_cudas == cudas


@pytest.mark.parametrize("path", [
    "cuda/compilerexplorer-1108-gpu-nodes-cuda121-driver-code-built-122.txt",  # toolkit 12.2 beside a 12.1 driver
    "cuda/eullm-428-cu130-wheel-driver-cuda-12020-prose.txt",  # cu130 beside a driver reporting 12020
    "cuda/pytorch-30071-torch13-cuda101-driver-410-not-available.txt",  # torch 1.3's cu101 wheel on driver 410
])
def test_versions_named_in_words_settle_a_driver_older_than_the_code(path):
    assert DRIVER_OLDER in _codes(read_excerpt(path).text)


@pytest.mark.parametrize("text", [
    # nvcc newer than nvidia-smi's CUDA is the everyday healthy paste: minor version compatibility runs it
    "| NVIDIA-SMI 535.161.08   Driver Version: 535.161.08   CUDA Version: 12.2 |\n"
    "Cuda compilation tools, release 12.4, V12.4.131\ntraining is slow, any warning I should fix?",
    # the same pair beside an error of another family
    "Driver Version: 550.90.07   CUDA Version: 12.4\nCuda compilation tools, release 12.5, V12.5.40\n"
    "ModuleNotFoundError: No module named 'flash_attn'",
    # torch 1.3's wheel on a driver new enough for it
    "pip install torch==1.3.0\nNvidia driver version: 418.87.00\ntorch.cuda.is_available() False after reboot",
    # torch 1.3 on Windows: PyPI's Windows wheel is another build
    "Windows 10, pip install torch==1.3.0, driver 410.48: torch.cuda.is_available() is False",
])
def test_healthy_or_other_pastes_with_the_same_versions_conclude_no_old_driver(text):
    assert DRIVER_OLDER not in _codes(text)


@pytest.mark.parametrize("path", [
    "cuda/sar3d-14-rtx4090-24gb-oom-inference-prose.txt",
    "cuda/instantcharacter-3-rtx4070s-12gb-oom-45gb-prose.txt",
    "cuda/omnizero-10-rtx2070-8gb-oom-prose.txt",
])
def test_out_of_memory_told_in_words_is_read(path):
    assert OOM_IN_WORDS in _codes(read_excerpt(path).text)


@pytest.mark.parametrize("text", [
    # the allocator's own line: the rows read it, with its numbers
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.6 GiB",
    # the host's memory, not the GPU's
    "the process was Killed: the machine ran out of memory while loading the dataset",
])
def test_out_of_memory_in_words_gives_way_to_the_allocators_line_and_ignores_host_memory(text):
    assert OOM_IN_WORDS not in _codes(text)


@pytest.mark.parametrize(("text", "told"), [
    ("OOM on 3090 24gb vram when it tries to load flux", True),
    ("16GB is not enough VRAM for the large model", True),
    ("the machine ran out of memory and the OOM killer stopped the dataloader", False),  # the host's RAM
])
def test_out_of_memory_told_loosely_counts_only_on_a_line_about_the_gpu(text, told):
    assert (read_facts(text).out_of_gpu_memory is not None) == told


def test_oom_told_of_a_gpu_is_a_report_of_trouble_where_no_row_read_it():
    # frameworks.gpu-memory-ran-out-described reads this very sentence, and the conclusion gives way to a row;
    # with no row's reading it still concludes
    text = "OOM on 3090 24gb vram when it tries to load flux"
    assert OOM_IN_WORDS in {found.row.code for found in conclusions(text, {})}
    assert {found.signature.cause_id for found in scan(text, "pasted")} == {"cuda-oom"}


@pytest.mark.parametrize(("text", "cudas"), [
    ("the host's CUDA version is 12.2 according to nvidia-smi", ((12, 2),)),
    ("nvidia-smi shows CUDA 12.4 on that node", ((12, 4),)),
    ("running a 12.6 image over a CUDA 12.4 host", ((12, 4),)),
])
def test_the_hosts_cuda_is_read_as_people_say_it(text, cudas):
    assert read_facts(text).spoken_driver_cudas == cudas


@pytest.mark.parametrize(("text", "cudas"), [
    ("we moved the docker build to a CUDA 12.8 image", ((12, 8),)),
    ("the cuda 12.6.3 docker container fails", ((12, 6),)),
])
def test_an_images_cuda_is_read_before_the_word_image(text, cudas):
    assert read_facts(text).spoken_image_cudas == cudas


def test_an_image_newer_than_the_hosts_cuda_in_words_concludes_and_the_same_pair_the_other_way_does_not():
    failing = "Our docker image uses CUDA 12.8 but some hosts are stuck at cuda 12.4, so the job failed."
    assert DRIVER_OLDER in _codes(failing)
    assert DRIVER_OLDER not in _codes("Our docker image uses CUDA 12.4 and the hosts run cuda 12.8 drivers; "
                                      "the job failed on a typo in the config.")


def test_a_need_elsewhere_in_the_sentence_leaves_the_installed_driver_read():
    assert read_facts("I need help, driver 535.104.05 with an RTX 4090").driver_branches == (535,)


# nvidia-smi's header of a real V100 host (cuda/pytorch-43058-torch16-cu102-driver-418-v100.txt), beside the conda
# command of PyTorch's own install page: the driver runs CUDA 10.1 at most, the build needs 10.2's driver (440).
_HEADER_418 = "| NVIDIA-SMI 418.67       Driver Version: 418.67       CUDA Version: 10.1     |"
_CONDA_CU102 = "conda install pytorch torchvision cudatoolkit=10.2 -c pytorch"


def test_nvidia_smis_header_beside_a_newer_build_concludes_without_words_of_trouble():
    assert DRIVER_OLDER in _codes(f"{_CONDA_CU102}\n{_HEADER_418}\n")


def test_the_same_header_beside_a_build_it_runs_concludes_nothing():
    assert DRIVER_OLDER not in _codes(f"{_CONDA_CU102.replace('10.2', '10.1')}\n{_HEADER_418}\n")


def test_a_build_without_nvidia_smis_header_still_needs_words_of_trouble():
    assert DRIVER_OLDER not in _codes(f"{_CONDA_CU102}\nThe machine has driver 418.67.\n")
