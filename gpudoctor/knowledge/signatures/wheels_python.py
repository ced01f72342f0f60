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
