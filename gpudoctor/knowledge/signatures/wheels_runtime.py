"""Python packages around the GPU stack that fail at import or install for a reason of the interpreter, not of CUDA:
distutils, which Python 3.12 removed (GPUtil, old setup.py builds) and which Debian's system Python ships apart.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA", "install CUDA")

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.distutils-not-available",
        cause_id="python-package-missing",
        kinds=("any",),
        # Python 3.12 removed distutils from the standard library (PEP 632); code that still imports it (GPUtil's
        # "from distutils import spawn", setup.py files and old setuptools pinned in a build's isolated environment)
        # fails there unless setuptools' distutils shim is installed. Debian and Ubuntu's system Python 3.11 and older
        # ship distutils in a separate package, python3-distutils.
        patterns=(r"No module named '(?P<module>distutils(?:\.\w{1,20})?)'",),
        severity="fail",
        cause=("The code imports {module}, which this Python does not have: Python 3.12 removed distutils from the "
               "standard library, and Debian/Ubuntu's system Python ships it in a separate package."),
        advice=("On Python 3.12 or later install setuptools in the same environment (`python -m pip install -U "
                "setuptools`; it provides distutils), and upgrade or replace the package that imports it (GPUtil, an "
                "old pinned setuptools or numpy being built from source), or create the environment with Python 3.11; "
                "with Debian/Ubuntu's system Python 3.11 or older, `sudo apt install python3-distutils`."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/jiayev/GPT4V-Image-Captioner/issues/58",
                 "https://github.com/jupyterhub/jupyterhub-deploy-teaching/issues/109",
                 "https://github.com/anderskm/gputil/issues/48", "https://peps.python.org/pep-0632/"),
        checked="2026-11-26",
        examples=("wheels/gpt4v-image-captioner-58-gputil-distutils-py312.txt",
                  "wheels/jupyterhub-deploy-teaching-109-distutils-spawn-apt.txt"),
    ),
)
