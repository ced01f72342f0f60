"""Installers of the GPU stack that need torch before they can build: what their setup scripts print when torch is
not importable where they build (DeepSpeed's op pre-compilation, which Windows turns on by default).

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

INSTALLER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.deepspeed-build-without-torch",
        cause_id="build-isolation-no-torch",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # DeepSpeed's setup.py asserts torch is importable when ops are to be pre-compiled (DS_BUILD_OPS=1, which it
        # sets itself on Windows); pip's isolated build environment, or a requirements file listing deepspeed before
        # torch, leaves it without torch.
        patterns=(r"Unable to pre-compile ops without torch installed",),
        severity="fail",
        cause=("DeepSpeed's setup pre-compiles its CUDA ops (always on Windows) and needs torch importable for that, but "
               "where pip builds it torch is not installed (installed later, or hidden by pip's build isolation)."),
        advice=("Install torch first, the CUDA build (`pip install torch --index-url "
                "https://download.pytorch.org/whl/cu124`), check `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"` in the same environment, then `pip install deepspeed "
                "--no-build-isolation`; on Windows, DeepSpeed is far easier under WSL 2."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/deepspeedai/DeepSpeedExamples/issues/795",
                 "https://github.com/pinokiofactory/cogstudio/issues/3",
                 "https://github.com/deepspeedai/DeepSpeed/pull/1166"),
        checked="2026-11-26",
        examples=("wheels/deepspeedexamples-795-windows-precompile-without-torch.txt",
                  "wheels/cogstudio-3-deepspeed-before-torch.txt"),
    ),
)
