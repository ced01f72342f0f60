"""Wheels and the Python interpreter: what pip says when a package's declared Python range excludes this one.

wheels.py adds these rows to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTHON_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.requires-different-python",
        cause_id="no-wheel-for-python",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # pip's check of the package's Requires-Python metadata against the running interpreter.
        patterns=(r"Package '(?P<package>[\w.-]{1,80})' requires a different Python: (?P<python>\d{1,2}\.\d{1,3}[\w.]{0,10}) "
                  r"not in '(?P<range>[^'\n]{1,80})'",),
        severity="fail",
        cause="{package} declares that it supports Python {range}, and this interpreter is {python}.",
        advice=("Install it with a Python inside the package's supported range: create the environment with that "
                "version (`uv venv --python 3.12`, `conda create -n env python=3.12`, pyenv) and install there, or pick "
                "a release of the package whose Requires-Python includes this Python."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/pull/16143",
                 "https://packaging.python.org/en/latest/guides/dropping-older-python-versions/"),
        checked="2026-11-25",
        examples=("wheels/vllm-16143-requires-python-range-excludes.txt",),
    ),
    Signature(
        code="wheels.uv-current-python-unsupported",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # uv's resolver (pubgrub report) when the releases' Requires-Python excludes the interpreter it resolves for:
        # "Because the current Python version (3.8.10) does not satisfy Python>=3.10 and ...". uv wraps the line after
        # "satisfy", so the pattern reads the interpreter's version only.
        patterns=(r"Because the current Python version \((?P<python>\d{1,2}\.\d{1,3}[\w.\[\]]{0,12})\) does not satisfy",
                  # in a project: the range requires-python allows, every Python of which uv resolves for
                  r"Because the requested Python version \((?P<python>[<>=~!]{0,2}\d{1,2}\.\d{1,3}[\w.,<>=]{0,20})\) does "
                  r"not satisfy"),
        severity="fail",
        cause=("The package's releases declare Python versions that exclude the interpreter uv resolves for (Python "
               "{python}), so uv finds no release it may install."),
        advice=("Resolve with a Python inside the package's range (uv's message names it after `does not satisfy`): "
                "`uv venv --python 3.12` (or `uv tool install --python 3.12 ...`, `uv run --python 3.12 ...`; uv downloads "
                "that Python if it is missing), or pin a release of the package that still supports Python {python}. "
                "Where uv says \"the requested Python version\", it is the project's requires-python: raise it in "
                "pyproject.toml to the package's minimum (uv resolves for every Python it allows; pinning 3.12 is not enough)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/astral-sh/uv/issues/10282", "https://github.com/astral-sh/uv/issues/12771",
                 "https://docs.astral.sh/uv/concepts/python-versions/"),
        checked="2026-11-26",
        examples=("wheels/uv-10282-tool-install-current-python-too-old.txt",
                  "wheels/uv-12771-requested-python-below-package-minimum.txt"),
    ),
)

from gpudoctor.knowledge.signatures.wheels_installers import INSTALLER_SIGNATURES  # noqa: E402 (the rows above first)
from gpudoctor.knowledge.signatures.wheels_pairs import PAIR_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.wheels_runtime import RUNTIME_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.wheels_tools import TOOLS_SIGNATURES  # noqa: E402

PYTHON_SIGNATURES += PAIR_SIGNATURES + INSTALLER_SIGNATURES + TOOLS_SIGNATURES + RUNTIME_SIGNATURES

from gpudoctor.knowledge.signatures.wheels_nvidia_deps import NVIDIA_DEPS_SIGNATURES  # noqa: E402

PYTHON_SIGNATURES += NVIDIA_DEPS_SIGNATURES

from gpudoctor.knowledge.signatures.wheels_torch_pins import TORCH_PIN_SIGNATURES  # noqa: E402

PYTHON_SIGNATURES += TORCH_PIN_SIGNATURES
