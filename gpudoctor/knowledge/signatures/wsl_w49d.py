"""Issue 25 (helper w49d): a GPU library that loads only with LD_LIBRARY_PATH set, as people describe it.

Under WSL 2 the Windows driver's libraries (libcuda, libnvidia-ml, libdxcore) are in /usr/lib/wsl/lib, which only
/etc/ld.so.conf.d/ld.wsl.conf puts on the loader's path: a program that dlopens libcuda.so by a name the ld cache lacks,
a conda or venv environment with its own library path, a build that links with -lcuda, NixOS-WSL or a snap find none
until /usr/lib/wsl/lib is on LD_LIBRARY_PATH. People say it in their words ("usr/lib/wsl/lib is not in the path",
"setting LD_LIBRARY_PATH=/usr/lib/wsl/lib solves it", "does not work without LD_LIBRARY_PATH hacks"); the tools' own
lines are read in wsl.py, wsl_loaders.py and cuda.py.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

# The words people use for a fix that worked.
_FIXED = r"\b(?:fix(?:es|ed)?|solve[sd]?|resolve[sd]?|work(?:s|ed)|helped|did the trick)\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.driver-libs-not-on-library-path-described",
        described=True,
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # "adding /usr/lib/wsl/lib to the LD_LIBRARY_PATH fixes it", "putting lib/wsl/lib on the path worked"
            r"\b(?:[Aa]dd(?:ing|ed|s)?|[Pp]ut(?:ting|s)?|[Ee]xport(?:ing|ed)?|[Aa]ppend(?:ing|ed)?|[Ii]nclud(?:e|ing|ed))"
            r"\b[^\n]{0,40}?lib/wsl/lib\b[^\n]{0,80}?" + _FIXED,
            # "hardware acceleration does not work without LD_LIBRARY_PATH hacks", "CUDA only works with LD_LIBRARY_PATH set"
            r"\b(?:does ?n[o']?t|doesn't|did ?n[o']?t|didn't|won't|cannot|can't|never) work without\b[^\n]{0,30}?"
            r"\bLD_LIBRARY_PATH\b",
            r"\bonly works? (?:with|when|after|if)\b[^\n]{0,30}?\bLD_LIBRARY_PATH\b",
        ),
        severity="warn",
        cause=("The description says the GPU library loads only with LD_LIBRARY_PATH set: the driver's library (under "
               "WSL 2 the Windows driver's libcuda and libnvidia-ml in /usr/lib/wsl/lib) is not on the loader path the "
               "program searches (a conda or venv environment, a dlopen by a name the ld cache lacks, Nix programs)."),
        advice=("Put the driver's library directory on the loader path where the program runs: under WSL 2 "
                "`export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (in ~/.bashrc, or `conda env config vars set "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib` for a conda environment; NixOS-WSL: hardware.graphics/opengl "
                "setLdLibraryPath), elsewhere the directory holding libcuda.so.1 (`ldconfig -p | grep libcuda`), then run "
                "`sudo ldconfig`. Do not install a Linux NVIDIA driver inside WSL."),
        action="configure",
        rules_out=("the Windows NVIDIA driver",),
        never_suggest=("install the Linux NVIDIA driver inside WSL", "reinstall the driver"),
        sources=("https://github.com/nix-community/NixOS-WSL/issues/454", "https://github.com/NVIDIA/cuda-python/issues/17",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked=CHECKED,
        examples=("wsl/nixoswsl-454-no-hw-acceleration-without-ld-library-path-prose.txt",),
    ),
)
