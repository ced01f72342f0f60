"""Issue 25, w39d: pip's last line for a torch it found no build of, where the versions list is not in the paste.

"No matching distribution found for torch==2.1.2" (or "... for torch", or "Could not find a version that satisfies the
requirement torch" cut before pip's "(from versions: ...)") is what people quote: a plain pin, without a +cuXXX local
version (those are wheels.torch-local-build-pin-without-index's), means this interpreter has no torch build of that
release (a Python newer than the release, a 32-bit Python, an Intel Mac after torch 2.2). The rows that read the
versions list (wheels.no-distribution-for-platform, wheels.pinned-version-not-for-this-python) say the same with it, and
where the paste names the Python, reasoned.py's wheels.torch-pin-not-built-for-python concludes with this row as evidence.
"""

from __future__ import annotations

from gpudoctor.knowledge.build_support import TORCH_PYTHON_RANGES
from gpudoctor.knowledge.signatures import Signature

_TORCH = r"(?P<package>torch|torchvision|torchaudio)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-no-distribution-for-this-python",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        patterns=(
            # "===" too: the arbitrary equality old PyTorch install pages printed (`pip install torch===1.4.0 ... -f`)
            r"No matching distribution found for " + _TORCH + r" ?(?:===?|>=|~=) ?(?P<version>\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)"
            r"(?![\w.+])",
            r"No matching distribution found for " + _TORCH + r"[\"'`]?\s{0,3}$",
            r"Could not find a version that satisfies the requirement " + _TORCH + r"(?:(?:==|>=|~=)[\d.]{1,12})?[\"'`]?\s{0,3}$",
        ),
        severity="fail",
        cause=("pip found no {package} build this interpreter can install: that release has no wheel for this Python "
               "version (or for a 32-bit Python, or this platform), so the requirement cannot be met here."),
        advice=("Check `python --version` and that it is 64-bit (`python -c \"import struct; print(struct.calcsize('P')*8)\"`), "
                "then use a Python the release has wheels for (torch " + TORCH_PYTHON_RANGES + "): a venv with Python "
                "3.10 or 3.11 for an older pin (`py -3.10 -m venv venv`, `uv venv --python 3.10`, `conda create -n env "
                "python=3.10`, deadsnakes' python3.10 on Ubuntu 24.04), or move the pin to a torch release built for this "
                "Python; on an Intel Mac torch stops at 2.2.2. Where pip printed retries, a proxy or a certificate error "
                "before this line, it never reached the index: that is the network, not the Python."),
        action="configure",
        rules_out=("the GPU", "the driver"),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/keras-team/keras/issues/21618",
                 "https://github.com/pytorch/pytorch/pull/112882", "https://pytorch.org/get-started/previous-versions/"),
        checked="2026-11-27",
        examples=("wheels/keras-21618-torch-260-intel-mac-list-ends-222.txt",),
    ),
)
