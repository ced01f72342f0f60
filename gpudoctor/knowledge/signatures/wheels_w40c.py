"""Issue 25, w40c: wheels built for one CUDA (vLLM's), and frameworks that fall back to the CPU in their own words.

vLLM's compiled modules (vllm._C, and cuda_utils in its 0.2 releases) link the CUDA runtime of the one CUDA the wheel
was built for, and PyPI carries one CUDA per release (CUDA 11.8 up to 0.2.1, CUDA 12.1 from 0.2.2, later CUDA 12.x:
12.9 in the current docs), the other CUDA builds (CUDA 13 among them) published apart. So where a vLLM run cannot
open libcudart.so.N, the cure is vLLM's build for the CUDA the environment runs, not a library the driver lacks: a
row in the vllm context narrows cuda.extension-built-for-other-cuda's line there, as
wheels.mxnet-wheel-for-other-cuda-library does for MXNet.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda_w19b import _LIBRARY as CUDA_MAJOR_LIBRARY

CHECKED = "2026-11-28"
VLLM_INSTALL = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.vllm-wheel-for-other-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        contexts=("vllm",),
        # cuda.extension-built-for-other-cuda's lines as that row reads them (xinference's "[address=..., pid=...]" too)
        patterns=(r"(?:ImportError|OSError): " + CUDA_MAJOR_LIBRARY,
                  r"(?:ImportError|OSError): \[[^\]\n]{1,80}\] " + CUDA_MAJOR_LIBRARY),
        refines=("cuda.extension-built-for-other-cuda", "cuda.shared-library-not-loadable"),
        severity="fail",
        cause=("vLLM's compiled modules were built for CUDA {major} and need {library}, which this environment does not "
               "have: the vLLM wheel installed is the build for another CUDA than the one its torch and machine run "
               "(PyPI's vLLM wheel is one CUDA per release, and that CUDA changed between releases)."),
        advice=("Install the vLLM build for the CUDA this environment runs (`python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"` shows torch's): PyPI's `pip install vllm` is one CUDA "
                "per release (CUDA 11.8 up to 0.2.1, CUDA 12.1 from 0.2.2, a later CUDA 12.x since, 12.9 in recent "
                "releases), and vLLM publishes the others (cu118 in old releases, cu128 to cu130 in recent ones) apart: "
                "a release's cu118 wheel from its GitHub releases page "
                "(`pip install https://github.com/vllm-project/vllm/releases/download/v<version>/vllm-<version>+cu118-"
                "<python tags>.whl` with torch from `--index-url https://download.pytorch.org/whl/cu118`), a cu12x build "
                "with the version pinned (`uv pip install vllm==<version> --extra-index-url "
                "https://wheels.vllm.ai/<version>/cu129 --torch-backend=cu129`); or pin the last release built for your "
                "CUDA, or build vLLM from source against it. To keep this build, install CUDA {major}'s copy of {library} "
                "beside it (its NVIDIA pip package: nvidia-cuda-runtime-cu{major} for libcudart, nvidia-cublas-cu{major} "
                "for libcublas and so on, with its lib folder on LD_LIBRARY_PATH; CUDA 13's drop the suffix, e.g. "
                "`nvidia-cuda-runtime==13.*`) or move torch "
                "to that CUDA's index (e.g. `pip install torch --index-url https://download.pytorch.org/whl/cu121`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver"),
        versions=("vllm 0.2.0-0.2.1: CUDA 11.8 wheel on PyPI; 0.2.2 and later: CUDA 12.1, then later CUDA",),
        sources=("https://github.com/vllm-project/vllm/issues/1369", "https://github.com/vllm-project/vllm/issues/43435",
                 VLLM_INSTALL),
        checked=CHECKED,
        examples=("vllm/vllm-1369-v020-cuda118-wheel-libcudart-11-on-cuda122.txt",),
    ),
)
