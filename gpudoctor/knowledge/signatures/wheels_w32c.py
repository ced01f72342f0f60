"""Issue 25, wave 32 (w32c): the GPU packages pip finds no wheel of, for this Python or this platform.

pip's "Could not find a version that satisfies the requirement X (from versions: ...)" names the package; where it is
one of the GPU packages below, what it publishes wheels for (`PACKAGE_WHEELS`) says whether the Python version or the
operating system is the other one, and which to change. The generic rows (wheels.py) read the same lines with
PyTorch's table; this row takes their place for these packages, with or without pip's "(from <parent>)" between the
requirement and the versions.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"

# What each package publishes wheels for (PyPI's files of its releases and the project's install page, checked
# CHECKED): the platforms, and the Pythons where they depend on the release.
PACKAGE_WHEELS: tuple[tuple[str, str, str], ...] = (
    ("onnxruntime-gpu", "Linux x86_64 and Windows x64 wheels only (none for macOS); each release for the Pythons of "
     "its day: 1.16 and older stop at Python 3.11, 1.17 added 3.12, 1.20 added 3.13, so an old pin needs an old "
     "Python", "https://onnxruntime.ai/docs/install/"),
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
)
