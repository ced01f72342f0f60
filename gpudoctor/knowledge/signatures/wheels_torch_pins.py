"""Pins of PyTorch's local builds (torch==X+cu116, +cpu, +rocm) that pip looks for where they are not served.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.wheels_w28c import INDEX_TABLE

PYTORCH_PREVIOUS = "https://pytorch.org/get-started/previous-versions/"

TORCH_PIN_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-local-build-pin-without-index",
        cause_id="torch-index-not-searched",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # The +cuNNN/+cpu/+rocm builds exist only on download.pytorch.org, each variant on its own index (/whl/cu121).
        # pip lists the versions it saw: plain versions only (no "+" in the list) means PyPI or a mirror was searched
        # and PyTorch's index was not (or it had nothing for this Python). "No matching distribution found for" is
        # pip's last line for the same pin, also where the root /whl index was given, which lists only some variants.
        patterns=(r"requirement (?P<package>torch|torchvision|torchaudio)==(?P<version>\d[\w.]{0,20})\+"
                  r"(?P<variant>cu\d{2,3}|cpu|rocm[\d.]{1,8}) {1,2}\(from versions: \d[\w., ]{0,3000}\)",
                  r"No matching distribution found for (?P<package>torch|torchvision|torchaudio) ?==(?P<version>\d[\w.]{0,20})"
                  r"\+(?P<variant>cu\d{2,3}|cpu|rocm[\d.]{1,8})",
                  # the same line as people retype or cut it, without pip's list ("... torch==1.7.1+cu110`", "...+cu116。");
                  # "(from versions: none)" is no index question but a Python without that build (w40c)
                  r"[Cc]ould not find a version that satisfies the requirement (?P<package>torch|torchvision|torchaudio)=="
                  r"(?P<version>\d[\w.]{0,20})\+(?P<variant>cu\d{2,3}|cpu|rocm[\d.]{1,8})(?![\w.])(?! {0,2}\(from versions)"),
        severity="fail",
        cause=("{package}=={version}+{variant} is a build PyTorch publishes only on its own index "
               "(download.pytorch.org/whl/{variant}), and pip did not find it in the indexes it searched (PyPI or a "
               "mirror serve only the plain versions)."),
        advice=("Install the pin from PyTorch's index: `pip install {package}=={version}+{variant} --extra-index-url "
                "https://download.pytorch.org/whl/{variant}` (put the same --extra-index-url line at the top of "
                "requirements.txt; uv: `--extra-index-url` with `--index-strategy unsafe-best-match`); a PyPI mirror "
                "never serves +{variant} builds. If pip's `Looking in indexes` already listed download.pytorch.org, this "
                "Python has no build of that version: create a venv with a Python it was built for (`python3.10 -m venv "
                "venv`; torch 1.x stops at Python 3.10) or pin a newer release. On macOS no +cu build exists: drop the "
                "+{variant} suffix. Where pip's list shows +{variant} builds of other releases, PyTorch never published this "
                "release for {variant}: the torch releases each index carries are " + INDEX_TABLE + "; pin a release "
                "the index has, or take the release from an index that carries it."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/liucongg/ChatGLM-Finetuning/issues/17", "https://github.com/pytorch/pytorch/issues/170511",
                 "https://github.com/modernmt/modernmt/issues/601", PYTORCH_PREVIOUS,
                 "https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-extra-index-url"),
        checked="2026-11-26",
        examples=("wheels/chatglm-finetuning-17-torch-cu116-pin-mirror-no-index.txt",
                  "wheels/pytorch-170511-cu121-pin-root-index-lacks-variant.txt",
                  "wheels/modelfingerprint-7-torch-200-not-on-cu113.txt",
                  "wheels/modernmt-601-torch-cu110-pin-needs-pytorch-index.txt"),
        # pip's requirement line names a +cpu pin that was never installed: not the installed torch's CPU build
        refines=("frameworks.torch-cpu-build",),
    ),
)
