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

CHECKED = "2026-11-27"
MXNET_INSTALL = "https://mxnet.apache.org/versions/1.9.1/get_started"

_BY_CODE = {row.code: row for row in _CUDA_W19B}
# The generic rows' own patterns (a context row reads its generic rows' lines as they are: tests/knowledge).
_EXTENSION = _BY_CODE["cuda.extension-built-for-other-cuda"].patterns
_CUDNN = _BY_CODE["cuda.cudnn-so-not-found"].patterns

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
                "missing library names, with its lib64 folder on LD_LIBRARY_PATH. The NVIDIA driver does not provide "
                "these libraries."),
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
)
