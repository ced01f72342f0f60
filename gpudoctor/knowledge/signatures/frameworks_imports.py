"""Frameworks and the libraries around them failing on an import of a GPU package that is not installed here: Triton
imported outright (unsloth, custom ComfyUI nodes, kernels written in Triton), where only torch.compile's inductor had
a row (frameworks.triton-missing).

frameworks_setup.py adds these rows to its SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")

IMPORTS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.triton-not-installed",
        cause_id="triton-missing",
        kinds=_PY,
        # The exception itself, not xformers' harmless "Error caught was: No module named 'triton'" notice (its own
        # info row, frameworks.xformers-without-triton), nor triton.common/triton.ops of another Triton release.
        patterns=(r"ModuleNotFoundError: No module named '(?P<module>triton)'(?![\w.])",),
        severity="fail",
        cause=("A package imported here imports Triton, and no Triton is installed in this environment (PyTorch ships "
               "none for Windows; a CPU build of torch, or an install with --no-deps, brings none on Linux)."),
        advice=("Install the Triton that matches the installed torch in the same environment: `pip install triton` on "
                "Linux (the version torch pins: `pip show torch` lists it), `pip install -U triton-windows` on native "
                "Windows (for ComfyUI portable, with its python_embeded\\python.exe -m pip); then import again."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/unslothai/unsloth/issues/964", "https://github.com/unslothai/unsloth/issues/210",
                 "https://github.com/woct0rdho/triton-windows"),
        checked="2026-11-26",
        examples=("frameworks/unsloth-964-colab-install-without-triton.txt",
                  "frameworks/unsloth-210-windows-import-triton-missing.txt"),
    ),
    Signature(
        code="frameworks.torch-vc-redist-missing",
        cause_id="framework-libs-missing",
        kinds=_PY,
        # torch/__init__.py on Windows, before it loads its DLLs, when vcruntime140.dll cannot be found.
        patterns=(r"Microsoft Visual C\+\+ Redistributable is not installed, this may lead to the DLL load failure",),
        severity="fail",
        cause=("Windows has no Microsoft Visual C++ Redistributable (x64) that PyTorch's DLLs need (torch checks for "
               "vcruntime140.dll before loading them), so importing torch fails or is about to."),
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64) from "
                "https://aka.ms/vs/17/release/vc_redist.x64.exe, open a new shell and import torch again; if it is "
                "installed and the warning stays, the Python in use (a conda or embedded one) does not see "
                "C:\\Windows\\System32's vcruntime140.dll: repair the redistributable or reinstall torch in a fresh "
                "environment."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/qllokirin/ATRI-plugin/issues/3", "https://github.com/pytorch/pytorch/issues/65214",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-26",
        examples=("frameworks/atri-plugin-3-torch-vc-redist-not-installed.txt",),
    ),
)
