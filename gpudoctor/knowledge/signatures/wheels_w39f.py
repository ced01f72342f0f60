"""Issue 25, w39f: a torch extension whose build fails while pip or uv only asks it for its build requirements.

flash-attn (and causal-conv1d, mamba-ssm, the PyG extensions torch-scatter, torch-sparse, torch-cluster) import torch
at the top of their setup.py. pip and uv build an sdist in an isolated environment holding only the declared build
requirements, which do not include torch, so the first hook they call (get_requires_for_build_wheel) fails before
anything is compiled: pip says "Getting requirements to build wheel did not run successfully", uv "Build backend failed
to determine extra requires with `build_wheel()`" (0.4 and earlier) or "Call to
`setuptools.build_meta:__legacy__.get_requires_for_build_wheel` failed" (0.5 and later), and both show a traceback through
get_requires_for_build_wheel. The "No module named 'torch'" at its end is often cut from what people paste, and
wheels.build-isolation-without-torch reads it where it shows. A compiler or CUDA failure comes later, in build_wheel,
once the build has torch.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-extension-requirements-hook-failed",
        contexts=("torch-extension-build",),
        cause_id="build-isolation-no-torch",
        kinds=_BUILD,
        patterns=(
            r"Getting requirements to build wheel did not run successfully",  # pip 22 and later
            r"Getting requirements to build wheel \.\.\. error",
            r"Build backend failed to determine extra requires with `build_wheel\(\)`",  # uv 0.4 and earlier
            # uv 0.5 and later: "Call to `setuptools.build_meta:__legacy__.get_requires_for_build_wheel` failed"
            r"Call to `[\w.:]{1,80}\.get_requires_for_build_wheel` failed",
            r"line \d{1,5}, in get_requires_for_build_wheel",  # the hook's frame in pip's and uv's tracebacks
        ),
        severity="fail",
        cause=("The package's setup.py imports torch, and pip or uv builds it in an isolated environment without "
               "torch, so the build failed at its first step (asking for its build requirements), whether or not "
               "torch is installed in your environment."),
        advice=("Install torch (the CUDA build you want) first, then build the package without isolation: `pip install "
                "flash-attn --no-build-isolation` (uv: `uv pip install flash-attn --no-build-isolation`; for `uv sync` "
                "list it in [tool.uv] no-build-isolation-package after torch, or give it extra-build-dependencies); or "
                "install a prebuilt wheel matching your torch, CUDA and Python versions (flash-attn's GitHub "
                "releases)."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/astral-sh/uv/issues/7015", "https://github.com/Dao-AILab/flash-attention/issues/1920",
                 "https://github.com/Dao-AILab/flash-attention/issues/1639",
                 "https://github.com/GeeeekExplorer/nano-vllm/issues/96",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features",
                 "https://docs.astral.sh/uv/concepts/projects/config/#build-isolation"),
        checked="2026-11-27",
        examples=("wheels/uv-7015-flash-attn-extra-requires-isolated.txt",
                  "wheels/flash-attention-1920-getting-requirements-no-torch.txt"),
    ),
)
