"""Wheels and the nvidia-* CUDA library packages that PyTorch's Linux wheels depend on: what torch says on import
when the installer left them out.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVIDIA_DEPS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-nvidia-packages-missing",
        cause_id="framework-libs-missing",
        kinds=("any",),
        # torch/__init__.py (_preload_cuda_deps, torch 2.0 to 2.x on Linux) looks for its CUDA libraries in the
        # nvidia/*/lib folders of the nvidia-* pip packages on sys.path and raises this when a glob finds none.
        patterns=(r"(?P<library>lib\w{2,24})\.so\.\*\[0-9\] not found in the system path",),
        severity="fail",
        cause=("PyTorch's pip wheel loads {library} from the nvidia-* CUDA library packages it depends on, and none is "
               "installed in this environment: the installer left them out (Poetry or pipenv with torch 2.0.1 or "
               "2.1.0, whose metadata drops them; pip install --no-deps) or they were uninstalled."),
        advice=("Reinstall torch together with its nvidia-* CUDA library packages: with pip, `pip install "
                "--force-reinstall torch` without --no-deps (`pip list | grep nvidia` then lists nvidia-cublas-cu12 "
                "and the others); with Poetry, exclude the broken releases (torch = \">=2.0.0, !=2.0.1, !=2.1.0\") "
                "and run `poetry lock` again."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/pytorch/pytorch/issues/100974",
                 "https://github.com/python-poetry/poetry/issues/4231",
                 "https://github.com/finic-ai/rag-stack/issues/44",
                 "https://github.com/pytorch/pytorch/issues/104259",
                 "https://github.com/zylon-ai/private-gpt/pull/1123"),
        checked="2026-11-26",
        examples=("wheels/poetry-4231-torch-201-libcublas-system-path.txt",
                  "wheels/rag-stack-44-torch-pin-libcublas-missing.txt"),
    ),
)
