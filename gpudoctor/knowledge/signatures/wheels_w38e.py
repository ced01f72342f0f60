"""Issue 25, wave 38 (w38e): wheels built for another CUDA than the one installed, read where the text names the
framework whose wheel it is.

MXNet's GPU wheels are one package per CUDA release (mxnet-cu92, mxnet-cu100, mxnet-cu102, mxnet-cu112 ...), and each
libmxnet.so links that release's runtime and math libraries by their full version (libcudart.so.10.0, libnvrtc.so.11.2,
libcusolver.so.11, libcudnn.so.8). Where the machine has another CUDA, `import mxnet` fails on the loader's line that
cuda.extension-built-for-other-cuda (cuda_w19b.py) reads: the fix MXNet's maintainers give is the variant of the CUDA
installed (`nvcc -V`), not a library to add. The frame row wheels.mxnet-variant-for-other-cuda (wheels_prebuilt.py)
reads mxnet/base.py's _load_lib() frame; this one reads the loader's line itself where the text is MXNet's (context
"mxnet", gpudoctor/knowledge/context_table.py): a person's prose around the OSError, an ipython cell, a script's log.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda_w19b import SIGNATURES as _CUDA_W19B
from gpudoctor.knowledge.signatures.frameworks_breadth import BREADTH_SIGNATURES as _FRAMEWORKS_BREADTH

CHECKED = "2026-11-27"
MXNET_INSTALL = "https://mxnet.apache.org/versions/1.8.0/get_started"

_BY_CODE = {row.code: row for row in _CUDA_W19B}
# The generic rows' own patterns (a context row reads its generic rows' lines as they are: tests/knowledge).
_EXTENSION = _BY_CODE["cuda.extension-built-for-other-cuda"].patterns
_CUDNN = _BY_CODE["cuda.cudnn-so-not-found"].patterns
_PADDLE = next(row for row in _FRAMEWORKS_BREADTH if row.code == "frameworks.paddle-cuda-library-not-configured").patterns
# Paddle's line narrowed to a library of CUDA 10 or cuDNN 7 (Windows' cudnn64_7.dll, cudart64_102.dll, cublas64_10.dll;
# Linux's libcudnn.so.7, libcudart.so.10.x): the build it names is the one for CUDA 10.x.
_PADDLE_CUDA10 = (r"(?=The third-party dynamic library \((?:cudnn64_7\.dll|(?:cudart|cublas|cublasLt|cufft|curand|"
                  r"cusolver|cusparse)64_10|lib(?:cudnn\.so\.7|(?:cudart|cublas|cufft|curand|cusolver|cusparse)\.so\.10)))")
PADDLE_WINDOWS_PIP = "https://www.paddlepaddle.org.cn/documentation/docs/en/install/pip/windows-pip_en.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.mxnet-wheel-for-other-cuda-library",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        contexts=("mxnet",),
        patterns=(*_EXTENSION, *_CUDNN),
        refines=("cuda.extension-built-for-other-cuda", "cuda.cudnn-so-not-found"),
        severity="fail",
        cause=("MXNet cannot load {library}: the mxnet-cuXXX wheel installed (or the MXNet build) was made for CUDA "
               "{major} (or that cuDNN), and the CUDA on this machine is another release, so that version's library is "
               "not there."),
        advice=("Install the MXNet variant of the CUDA you have: read it with `nvcc -V` (or the CUDA folder "
                "/usr/local/cuda points at), then `pip uninstall -y mxnet` and the variant `pip list | grep mxnet` "
                "shows (e.g. `pip uninstall -y mxnet-cu92`; keep only one MXNet package), and `pip install "
                "mxnet-cuXXX` of that CUDA: mxnet-cu101 for CUDA 10.1, mxnet-cu102 for 10.2, mxnet-cu110 for 11.0, "
                "mxnet-cu112 for 11.2 (which also needs cuDNN 8 and the CUDA 11.2 libnvrtc; a CUDA with no variant "
                "of its own takes the nearest older one only where that release's libraries are installed beside "
                "it). For an MXNet you built yourself, point USE_CUDA_PATH in config.mk (or CUDA's path in CMake) at "
                "the installed CUDA and rebuild. Or keep the wheel and install the CUDA release (and cuDNN) the "
                "missing library names, with its lib64 folder on LD_LIBRARY_PATH."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver", "reboot"),
        versions=("mxnet-cuXXX 0.x-1.9 (one wheel per CUDA release)",),
        sources=("https://github.com/deepinsight/insightface/issues/1239", "https://github.com/apache/mxnet/issues/14206",
                 MXNET_INSTALL),
        checked=CHECKED,
        # (mxnet#14206's traceback holds mxnet/base.py's frame: wheels.mxnet-variant-for-other-cuda reads it there)
        examples=("wheels/insightface-1239-mxnet-libcudart-10-0-install-mxnet-cu102.txt",),
    ),
    Signature(
        code="wheels.paddle-cuda10-build-on-newer-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        contexts=("cuda11-or-later-installed",),
        patterns=(_PADDLE_CUDA10 + _PADDLE[0],),
        refines=("frameworks.paddle-cuda-library-not-configured",),
        severity="fail",
        cause=("PaddlePaddle asks for {library}, a library of CUDA 10 / cuDNN 7, while this machine has CUDA 11 or later "
               "(cuDNN 8 or later): the paddlepaddle-gpu installed is the build for CUDA 10.x (plain `pip install "
               "paddlepaddle-gpu` of the 2.0 to 2.5 releases gave that build from PyPI, on Linux and Windows; 2.6 dropped "
               "CUDA 10.2), not the one for the CUDA installed."),
        advice=("Replace it with the paddlepaddle-gpu build of the CUDA you have (`nvcc -V`; Paddle's own build shows in "
                "`python -c \"import paddle; print(paddle.version.cuda(), paddle.version.cudnn())\"`): `python -m pip "
                "uninstall -y paddlepaddle-gpu`, then for Paddle 2.x the postXXX build from Paddle's wheel index, e.g. "
                "`python -m pip install paddlepaddle-gpu==2.4.2.post117 -f "
                "https://www.paddlepaddle.org.cn/whl/windows/mkl/avx/stable.html` (post112 for CUDA 11.2, post116, "
                "post117, post118, post120 for CUDA 12.0; the Linux index is .../whl/linux/mkl/avx/stable.html), and "
                "for Paddle 3.x `python -m pip install paddlepaddle-gpu -i "
                "https://www.paddlepaddle.org.cn/packages/stable/cu118/` (cu126, cu129). Renaming or adding the old "
                "CUDA 10 libraries beside CUDA 11 only moves the error to the next one. The NVIDIA driver is not the "
                "cause."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("paddlepaddle-gpu 2.x (the default wheel: CUDA 10.2 / cuDNN 7; postXXX builds for CUDA 11 and 12)",),
        sources=("https://github.com/PaddlePaddle/Paddle/issues/33523", "https://github.com/PaddlePaddle/docs/pull/1066",
                 PADDLE_WINDOWS_PIP),
        checked=CHECKED,
        examples=("wheels/paddle-33523-cuda102-build-on-cuda111-cudnn64-7-dll.txt",),
    ),
    Signature(
        code="wheels.uv-tool-torch-without-pytorch-index-described",
        described=True,
        cause_id="torch-index-not-searched",
        kinds=("any",),
        patterns=(
            # "uv tool install sleap-nn[torch-cuda128]", "when trying to directly use `uvx --with moshi`, the wrong
            # pytorch version is installed": a tool environment of uv that needs torch, with no PyTorch index on the
            # line (the command that names download.pytorch.org, --index or --torch-backend is the fix, not the fault).
            # torch itself must be named: "uvx nvitop shows CUDA 12.4" says nothing of torch's build.
            *(command + r"\b(?![^\n]{0,300}(?:download\.pytorch\.org|--index|--extra-index|--torch-backend))"
              r"[^\n]{0,120}?(?:torch|[Pp]y[Tt]orch|Torch)" for command in (r"\buvx", r"\buv tool install",
                                                                            r"\buv tool run")),
        ),
        severity="warn",
        cause=("The description suggests torch came into a uv tool environment (`uv tool install`, `uvx`) from PyPI "
               "alone: uv installs a published package without the project's own [tool.uv.index] and "
               "[tool.uv.sources] (they are not part of its metadata on PyPI), so its CUDA extra resolves torch from "
               "PyPI, whose Windows (and macOS) wheels are CPU-only."),
        advice=("Name the PyTorch index on the uv command line, for the CUDA build you want: `uv tool install "
                "\"<package>[<extra>]\" --index https://download.pytorch.org/whl/cu128` (`uvx --with torch --index "
                "https://download.pytorch.org/whl/cu128 <command>` for uvx; add `--index-strategy unsafe-best-match` "
                "if another package then resolves to an old version; `--reinstall` or `uv tool uninstall` first where "
                "the CPU build is already there), or `--torch-backend=auto` (or cu128) where your uv offers it. Then "
                "check in the tool's environment that `python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"` prints a +cuXXX build and True."),
        action="configure",
        rules_out=("the GPU", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("uv tool install / uvx from PyPI (tool.uv.index is not published with a package)",),
        sources=("https://github.com/kyutai-labs/delayed-streams-modeling/issues/131",
                 "https://github.com/talmolab/sleap-nn/pull/340",
                 "https://docs.astral.sh/uv/guides/integration/pytorch/", "https://pytorch.org/get-started/locally/"),
        checked=CHECKED,
        examples=("wheels/delayed-streams-modeling-131-uvx-with-moshi-cpu-torch-windows.txt",
                  "wheels/sleapnn-340-uv-tool-windows-pulls-cpu-torch.txt"),
    ),
)
