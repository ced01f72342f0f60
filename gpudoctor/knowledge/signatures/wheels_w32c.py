"""Issue 25, wave 32 (w32c): the GPU packages pip finds no wheel of, for this Python or this platform.

pip's "Could not find a version that satisfies the requirement X (from versions: ...)" names the package; where it is
one of the GPU packages below, what it publishes wheels for (`PACKAGE_WHEELS`) says whether the Python version or the
operating system is the other one, and which to change. The generic rows (wheels.py) read the same lines with
PyTorch's table; this row takes their place for these packages, with or without pip's "(from <parent>)" between the
requirement and the versions.

Where no wheel matches, pip falls back to the source archive and compiles the CUDA extension ("Building wheel for
flash-attn (setup.py) ... -"): an hour or more with ninja, many without it, and it fails where nvcc or the compiler is
missing (native Windows above all). The step that helps is the prebuilt wheel for this Python, torch and CUDA.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"

# What each package publishes wheels for (PyPI's files of its releases and the project's install page, checked
# CHECKED): the platforms, and the Pythons where they depend on the release.
PACKAGE_WHEELS: tuple[tuple[str, str, str], ...] = (
    ("onnxruntime-gpu", "Linux x86_64 and Windows x64 wheels only (none for macOS); each release for the Pythons of "
     "its day: 1.16 and older stop at Python 3.11, 1.17 added 3.12, 1.20 added 3.13 and dropped 3.8-3.9, 1.24 added "
     "3.14 and dropped 3.10, so an old pin needs an old Python", "https://github.com/microsoft/onnxruntime/releases"),
    ("vllm", "Linux only (x86_64, aarch64), Python 3.10-3.13 for current releases; no Windows or macOS wheel: on "
     "Windows run it in WSL 2 or the vllm/vllm-openai container",
     "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
    ("flash-attn", "no wheels on PyPI (pip builds it from source); prebuilt Linux x86_64 wheels on its GitHub releases, "
     "named for the Python (cpXY), CUDA, torch and C++ ABI; none for Windows (community builds only)",
     "https://github.com/Dao-AILab/flash-attention/releases"),
    ("bitsandbytes", "0.43.0 and later ship wheels for Linux and Windows for every Python 3 (`pip install -U "
     "bitsandbytes`); older pins have no Windows wheel", "https://huggingface.co/docs/bitsandbytes/installation"),
    ("xformers", "Linux x86_64 and Windows wheels, each for one torch release (install it with torch from the same "
     "index, e.g. https://download.pytorch.org/whl/cu128)", "https://github.com/facebookresearch/xformers#installing-xformers"),
)

_PACKAGES = r"(?P<package>onnxruntime[-_]gpu|vllm|flash[-_]attn|bitsandbytes|xformers)"


def _wheels() -> str:
    return "; ".join(f"{name}: {what}" for name, what, _ in PACKAGE_WHEELS)


SIGNATURES = (
    Signature(
        code="wheels.gpu-package-no-wheel-here",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        patterns=(r"Could not find a version that satisfies the requirement " + _PACKAGES
                  + r"(?![\w-])[^\n]{0,160}?\(from versions: ",
                  r"No matching distribution found for " + _PACKAGES + r"(?![\w-])"),
        refines=("wheels.no-distribution-for-platform", "wheels.pinned-version-not-for-this-python"),
        severity="fail",
        cause="pip found no {package} wheel for this Python version or this operating system (the versions it lists, "
              "if any, are the ones built for it), so the requirement cannot be installed here.",
        advice=("Check the interpreter pip runs (`python -c \"import sys, platform; print(sys.version, "
                "platform.system(), platform.machine())\"`) against what the package publishes: " + _wheels() + ". "
                "Then create the environment with a Python the pinned release was built for (`py -3.10 -m venv "
                "venv` on Windows, `uv venv --python 3.10`, `conda create -n env python=3.10`; 3.11 or 3.12 for newer "
                "pins), or move the pin to one of the versions pip lists for this Python; on a platform the package "
                "has no wheel for, run it where it has one (Linux or WSL 2)."),
        action="configure",
        rules_out=("the GPU", "the driver"),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("onnxruntime-gpu<1.17 on Python>=3.12",),
        sources=("https://github.com/hacksider/Deep-Live-Cam/issues/947",
                 "https://github.com/tamnguyenvan/vision-counter/issues/4")
        + tuple(source for *_, source in PACKAGE_WHEELS),
        checked=CHECKED,
        examples=("wheels/deeplivecam-947-onnxruntime-gpu-pin-1163-newer-python.txt",
                  "wheels/vision-counter-4-ort-gpu-1151-python.txt"),
    ),
    Signature(
        code="wheels.cuda-extension-building-from-source",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # pip's and uv's lines while they compile the sdist of a CUDA extension package that no wheel matched.
        # (Not a build that finished: "Building wheel for flash-attn (setup.py) ... done".)
        patterns=(r"Building wheel for (?P<package>flash[-_]attn|xformers) \((?:setup\.py|pyproject\.toml)\)"
                  r"(?![^\n]{0,20}?\bdone\b)",
                  r"Failed (?:building wheel for|to build) `?(?P<package>flash[-_]attn|xformers)\b"),
        severity="warn",
        cause="pip found no prebuilt wheel of this CUDA extension for this Python, torch, CUDA and platform, so it is "
              "compiling it from source: slow (an hour or more, hours without ninja), and it fails where nvcc, the "
              "compiler or memory is short.",
        advice=("Install a prebuilt wheel instead of compiling: for flash-attn on Linux the release asset whose name "
                "matches your Python (cpXY), torch, CUDA and C++ ABI from https://github.com/Dao-AILab/flash-attention/"
                "releases (`pip install <wheel URL>`; releases 2.7 and later cover recent torch builds), on Windows a "
                "community wheel built for your torch and Python (mjun0812/flash-attention-prebuild-wheels), or run "
                "the program without it (PyTorch's sdpa attention); for xformers install it with torch from the same "
                "index (`pip install xformers --index-url https://download.pytorch.org/whl/cu128`) so a wheel matches. "
                "If you must build, it is slow rather than hung: `pip install ninja`, set MAX_JOBS=4 (fewer with "
                "little RAM), use `--no-build-isolation`, and wait."),
        action="configure",
        rules_out=("the GPU", "the driver"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1567",
                 "https://github.com/nullmax-vision/HiP-AD/issues/10",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features"),
        checked=CHECKED,
        examples=("wheels/flash-attention-1567-building-wheel-stuck-2-5-6.txt",
                  "wheels/hipad-10-building-flash-attn-requirements.txt"),
    ),
)
