"""Issue 25, w49b: wheel families that fresh threads showed the catalogue did not read.

A 32-bit Python. PyTorch has published no wheel for a 32-bit interpreter since 0.1.2 (none for win32 at all), nor have
most compiled ML packages, so pip finds "no matching distribution" for every release, or falls back to the 0.1.2
placeholder sdist and fails building it. The interpreter says what it is before pip does: PyTorch's own environment
report (`python -m torch.utils.collect_env`) prints "Python version: 3.7 (32-bit runtime)", and Windows' 32-bit
installers put Python in a folder ending "-32" ("Python38-32", "python37-32") that pip's command lines and tracebacks
show. Either line is the cause; the fix is a 64-bit Python (pytorch#47354, #37379, #27815, #42832).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
PYTORCH_WINDOWS = "https://pytorch.org/docs/stable/notes/windows.html#package-not-found-in-win-32-channel"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.python-32bit-interpreter",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        patterns=(
            # torch.utils.collect_env's line (every version since 1.4): "Python version: 3.7 (32-bit runtime)", later
            # "Python version: 3.8.10 (tags/v3.8.10:3d8993a, May  3 2021, 11:34:34) [MSC v.1928 32 bit (Intel)] (32-bit
            # runtime)"
            r"Python version: \d\.\d{1,2}[^\n]{0,160}?\(32-bit runtime\)",
            # Windows' 32-bit Python install folder in a path pip or a traceback prints: "c:\program files
            # (x86)\python38-32\python.exe", "...\Python\Python37-32\lib\site-packages"
            r"\\[Pp]ython3\d{1,2}-32\\(?:python\.exe|[Ll]ib\\|[Ss]cripts\\|[Ii]nclude\\)",
        ),
        severity="fail",
        cause=("This Python is a 32-bit build: PyTorch (and most compiled ML packages) publish no wheels for a 32-bit "
               "interpreter, so pip finds no matching torch, or only the old 0.1.2 placeholder, whatever the GPU, "
               "driver or CUDA."),
        advice=("Install a 64-bit Python (the \"Windows installer (64-bit)\" from python.org, or a 64-bit conda/uv "
                "Python), check it with `python -c \"import struct; print(struct.calcsize('P') * 8)\"` (must print 64), "
                "and install torch with that interpreter (`py -3.12 -m pip install torch ...` or a new venv made from "
                "it); uninstall or move the 32-bit one off PATH so `python` and `pip` are the 64-bit ones."),
        action="configure",
        rules_out=("a driver fault", "a CUDA installation fault"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/pytorch/pytorch/issues/47354", "https://github.com/pytorch/pytorch/issues/37379",
                 "https://github.com/pytorch/pytorch/issues/27815", PYTORCH_WINDOWS),
        checked=CHECKED,
        examples=("wheels/pytorch-47354-python37-32bit-runtime-torch-cpu-not-found.txt",),
    ),
)
