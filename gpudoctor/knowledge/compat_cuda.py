"""The CUDA a paste's code needs and the CUDA its driver runs, read from versions named in words or side by side
(w42f), for compat._driver_older_than_cuda; and out-of-memory told in words, for its own rule.

A toolkit newer than nvidia-smi's CUDA is the everyday healthy paste (minor version compatibility runs it), so a
toolkit counts only beside a failure that family produces (named_cudas.DRIVER_FAMILY_FAILURES): the PTX JIT of a
program compiled with CUDA X.Y needs the driver of X.Y itself (CUDA Toolkit Release Notes, Table 3; "PTX JIT ... is not
supported" under https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html). A container
image's CUDA is held to its own release's driver by NVIDIA_REQUIRE_CUDA. Pure functions of the facts; no I/O.
"""

from __future__ import annotations

from typing import Iterator

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.build_support import dotted
from gpudoctor.knowledge.named_facts import NamedFacts

Cuda = tuple[int, int]


def named_requirements(facts: NamedFacts) -> Iterator[tuple[Cuda, str, bool]]:
    """(CUDA, what needs it, whether it holds to that release's own driver) for the versions named in words."""
    if facts.driver_family_failure:
        for cuda in facts.toolkit_cudas:
            yield cuda, f"code compiled with the CUDA {dotted(cuda)} toolkit (its PTX needs that release's driver)", \
                True
    if not facts.forward_compat:  # the cuda-compat package runs a newer image on an older data-center driver (rev42b)
        for cuda in facts.spoken_image_cudas:
            yield cuda, f"a container image built on CUDA {dotted(cuda)}", True
    yield from _default_torch_wheels(facts)


def _default_torch_wheels(facts: NamedFacts) -> Iterator[tuple[Cuda, str, bool]]:
    """A torch release named without its CUDA ("pip install torch==1.3.0", "torch 1.3 fails"): PyPI's default Linux
    wheel of it (build_support.PYPI_TORCH_CUDA), only where the paste shows the family's failure and names no build's
    CUDA, Windows or conda (whose torch is another build)."""
    if not facts.driver_family_failure or facts.torch_elsewhere or any(b.cuda_tag for b in facts.torch_builds):
        return
    for build in facts.torch_builds:
        cuda = tables.PYPI_TORCH_CUDA.get(tables.release_of(build.version))
        if cuda:
            yield cuda, f"PyTorch {build.version}'s default pip wheel (built with CUDA {dotted(cuda)})", False


def driver_cuda(facts: NamedFacts) -> Cuda | None:
    """The newest CUDA the driver runs: nvidia-smi's header, else the lowest the paste says in words."""
    return facts.driver_cuda or min(facts.spoken_driver_cudas, default=None)


def out_of_gpu_memory(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """Out-of-memory told in words ("I get a CUDA out of memory error on my RTX 4070 Ti"); the GPU, where named."""
    if facts.out_of_gpu_memory:
        on = f" on the {facts.gpus[0].name}" if facts.gpus else ""
        yield {"said": facts.out_of_gpu_memory, "on": on}
