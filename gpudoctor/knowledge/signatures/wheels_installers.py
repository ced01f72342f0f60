"""Installers of the GPU stack that cannot give this platform what was asked: DeepSpeed's setup, which needs torch
before it can build (its op pre-compilation, on by default on Windows), and JAX's CUDA builds, which exist for Linux
only.

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
    Signature(
        code="wheels.jax-cuda-build-not-for-this-platform",
        cause_id="jax-cpu-build",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # Before jaxlib 0.4.26, CUDA builds were local versions (jaxlib==X+cuda12.cudnn89) on Google's find-links
        # page, for Linux only: pip elsewhere, or without that page, lists only the plain (CPU) versions. Since then
        # jax[cuda12] pulls jax-cuda12-plugin, also Linux only, and pip on Windows backtracks through old jax releases
        # that "do not provide the extra".
        patterns=(r"requirement jaxlib==(?P<version>\d{1,2}\.\d{1,2}[\w.]{0,10})\+cuda(?P<cuda>\d{2,3})[\w.]{0,20}",
                  r"WARNING: jax (?P<jax_version>\d{1,2}\.\d{1,2}[\w.]{0,10}) does not provide the extra "
                  r"'(?P<extra>cuda[\w-]{0,30})'"),
        severity="fail",
        cause=("pip finds no CUDA build of jaxlib here: JAX publishes its CUDA builds for Linux only (none for native "
               "Windows or macOS), and the old pinned +cuda versions lived only on JAX's own find-links page."),
        advice=("On Windows, run JAX inside WSL2 (or on Linux) and install the CUDA build there with `pip install -U "
                "\"jax[cuda12]\"`; on Linux, prefer that same current install over an old pinned jaxlib+cuda version, "
                "or add `-f https://storage.googleapis.com/jax-releases/jax_cuda_releases.html` for one that must stay."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/ZhengYinan-AIR/FISOR/issues/3", "https://github.com/RoboEden/jux/issues/11",
                 "https://github.com/jax-ml/jax/issues/17634",
                 "https://docs.jax.dev/en/latest/installation.html#supported-platforms"),
        checked="2026-11-26",
        examples=("wheels/fisor-3-jaxlib-cuda-wheel-on-windows.txt", "wheels/jux-11-jaxlib-cuda11-windows-no-match.txt"),
        refines=("wheels.pinned-version-not-for-this-python",),  # the same line: a CUDA jaxlib, not this Python's fault
    ),
    Signature(
        code="wheels.mmcv-outside-required-range",
        cause_id="package-version-conflict",
        kinds=("any",),
        # The version guard in every OpenMMLab package's __init__ (mmdet, mmseg, mmpose, mmaction, mmdet3d).
        patterns=(r"MMCV==(?P<installed>[\w.]{1,20}) is used but incompatible\. Please install mmcv>=",),
        severity="fail",
        cause=("This OpenMMLab package accepts only a range of mmcv versions, and mmcv {installed} is installed, outside "
               "it (mmcv 2.2.0, the one with wheels for newer torch, is above what mmdetection 3.x accepts)."),
        advice=("Install an mmcv inside the range the message gives, built for this torch and CUDA: `pip install -U "
                "openmim && mim install \"mmcv>=2.0.0rc4,<2.2.0\"` (mmcv 2.1.0 for mmdetection 3.x; mmcv-full 1.x for "
                "the 1.x packages); mim picks a prebuilt wheel where one exists for your torch and CUDA and builds it "
                "otherwise; or install the release of the package that accepts mmcv {installed}."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/open-mmlab/mmdetection/issues/12312", "https://github.com/open-mmlab/mmcv/issues/2236",
                 "https://mmcv.readthedocs.io/en/latest/get_started/installation.html"),
        checked="2026-11-26",
        examples=("wheels/mmdetection-12312-mmcv-2-2-0-assertion.txt", "wheels/mmcv-2236-mmcv-below-range-mim-upgrade.txt"),
    ),
    Signature(
        code="wheels.sd-webui-python-not-3-10",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # The Stable Diffusion web UIs' launch check (A1111, Forge, their forks), printed when the venv's Python is not
        # 3.10; the torch they pin usually has no wheel for a newer Python, so "Couldn't install torch" follows.
        patterns=(r"This program is tested with (?P<tested>3\.\d{1,2}\.\d{1,2}) Python, but you have "
                  r"(?P<python>3\.\d{1,2}\.\d{1,2})",),
        severity="warn",
        cause=("The web UI runs on Python {python}, and it is made and tested for {tested}: the torch version it pins "
               "often has no wheel for this Python, so installing torch and the other packages fails."),
        advice=("Install Python 3.10 (python.org, 64-bit), delete the web UI's `venv` folder, and start it with that "
                "Python (`set PYTHON=C:\\Path\\to\\Python310\\python.exe` in webui-user.bat, `python_cmd` in "
                "webui-user.sh); or use the packaged one-click release, which brings its own Python."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/7964",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/17146",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/blob/master/modules/launch_utils.py"),
        checked="2026-11-26",
        examples=("wheels/sd-webui-7964-python-3-11-torch-install.txt",),
    ),
)

from gpudoctor.knowledge.signatures.wheels_indexes import INDEX_SIGNATURES  # noqa: E402 (the rows above first)
from gpudoctor.knowledge.signatures.wheels_linkage import LINKAGE_SIGNATURES  # noqa: E402

INSTALLER_SIGNATURES += LINKAGE_SIGNATURES + INDEX_SIGNATURES
