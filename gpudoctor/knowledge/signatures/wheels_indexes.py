"""Installers that never look where the PyTorch build asked for lives: uv resolving torch without PyTorch's index (or
with its find-links page given as an index).

wheels_installers.py adds these rows to its INSTALLER_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

INDEX_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.uv-no-such-torch-version",
        cause_id="torch-index-not-searched",
        kinds=("any",),
        # uv's resolver explains an unsatisfiable pin as "Because there is no version of torch==X ..."; for the torch
        # family that almost always means the index holding the build (download.pytorch.org/whl/cuXXX) is not among
        # the indexes uv searches, was passed as an index while it is a find-links page, or has no wheel for here.
        patterns=(r"Because there is no version of (?P<package>torch|torchvision|torchaudio)=="
                  r"(?P<version>[\w.+]{1,40})",),
        severity="fail",
        cause=("uv finds no {package}=={version} in the indexes it searches: PyTorch's CUDA builds live only on "
               "download.pytorch.org, which was not given, was given the wrong way (torch_stable.html is a find-links "
               "page, not an index), or holds no wheel of that version for this platform and Python."),
        advice=("Point uv at PyTorch's index for the CUDA build: `uv pip install torch --extra-index-url "
                "https://download.pytorch.org/whl/cu124 --index-strategy unsafe-best-match`, or in a project a "
                "`[[tool.uv.index]]` named pytorch-cu124 with that URL and `explicit = true`, plus `torch = { index = "
                "\"pytorch-cu124\" }` under `[tool.uv.sources]`; old +cuXXX pins from torch_stable.html go through "
                "find-links (`-f https://download.pytorch.org/whl/torch_stable.html`). macOS has no CUDA wheels."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/astral-sh/uv/issues/12980", "https://github.com/astral-sh/uv/issues/2812",
                 "https://docs.astral.sh/uv/guides/integration/pytorch/"),
        checked="2026-11-26",
        examples=("wheels/uv-12980-torch-stable-html-as-index.txt",
                  "wheels/uv-2812-torch-212-cu118-index-unsatisfiable.txt"),
    ),
)
