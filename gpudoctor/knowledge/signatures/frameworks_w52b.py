"""Issue 25, w52b: torch missing from the Python that ran the program.

"No module named 'torch'" outside a package build: torch is installed, but for another interpreter than the one that
ran the script (a Jupyter kernel that is not the conda environment, VS Code's selected interpreter, a `python
setup_cuda.py install` run outside the web UI's environment, a venv not activated), or not installed at all. The fix
is to run with the environment's Python or install torch into the one that ran it, never a driver or CUDA change
(unit8co/vegans#1, patrickloeber/pytorch-chatbot#7). Inside a package build the same line is build isolation
(wheels.build-env-without-torch, wheels.build-isolation-without-torch) and after a download cut short it is the
install that never finished (wheels_w43b.py): those rows refine this one.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.torch-not-in-this-python",
        cause_id="python-package-missing",
        kinds=("any",),
        # Python's own words since 3.6 ("ModuleNotFoundError: No module named 'torch'"), and people quoting them
        # ("its shows No module named 'torch'"). Only torch itself: a submodule ('torch._custom_ops',
        # 'torchaudio.backend') is a version question other rows read. Written as the package-build context row's
        # pattern holds it, so that row (wheels.build-env-without-torch) reads the same lines and refines this one.
        patterns=(r"No module named '(?P<module>torch)'",),
        severity="warn",
        cause=("The Python that ran this has no {module} module: torch is installed for another interpreter or "
               "environment (a conda env or venv not activated, a Jupyter kernel or editor interpreter that is not "
               "that environment, a script run outside the app's own environment), or not installed at all."),
        advice=("Run it with the environment that has torch: activate it first (`conda activate ENV`, `source "
                "venv/bin/activate`, `venv\\Scripts\\activate` on Windows) or select that interpreter in the editor or "
                "Jupyter kernel, and check with `python -c \"import sys, torch; print(sys.executable, torch.__version__)\"`; "
                "or install torch into the Python that ran it (`python -m pip install torch --index-url "
                "https://download.pytorch.org/whl/cu126`, the variant for your GPU)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/unit8co/vegans/issues/1", "https://github.com/patrickloeber/pytorch-chatbot/issues/7"),
        checked=CHECKED,
        examples=("frameworks/vegans-1-jupyter-not-using-conda-env-no-module-torch.txt",
                  "frameworks/pytorch-chatbot-7-vscode-interpreter-no-torch.txt"),
    ),
)
