"""Issue 25, rows for families blind sets missed: PaddlePaddle's multi-GPU training and the NCCL it loads.

paddlepaddle-gpu does not carry NCCL in its older wheels: its multi-GPU paths (ParallelExecutor, fleet,
paddle.distributed.launch) dlopen the system's libnccl.so. Where none is installed, or the one found is built for
another CUDA than the Paddle build (apt's libnccl2 of another +cudaX.Y, a second copy earlier on LD_LIBRARY_PATH),
creating the communicators fails with NCCL's "unhandled cuda error" in Paddle's own words: "unhandled cuda error at
[.../nccl_helper.h:93]" (Paddle 1.x), "Nccl error, unhandled cuda error (at .../collective_helper.cc:100)" (2.0 to 2.3),
"NCCL error .../NCCLTools.h:227 'unhandled cuda error'" (2.4 and later). The threads settle on installing the NCCL built
for Paddle's CUDA and making it the one the loader finds.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_INSTALL = "https://docs.nvidia.com/deeplearning/nccl/install-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.paddle-nccl-unhandled-cuda-error",
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        patterns=(
            r"unhandled cuda error at \[[^\]\n]{0,200}?/paddle/fluid/platform/nccl_helper\.h:\d{1,4}\]",
            r"Nccl error, unhandled cuda error\s{1,3}\(at [^\n)]{0,120}/paddle/",
            r"NCCL error(?:\(1\))?[^\n]{0,20}/paddle/[^\n]{0,120}(?:NCCLTools|nccl_tools)\.(?:h|cc):\d{1,4} 'unhandled cuda error'",
        ),
        refines=("nccl.generic-error-needs-debug",),
        severity="fail",
        cause="PaddlePaddle's NCCL communicators failed on a CUDA error as multi-GPU training started: most often no "
              "NCCL is installed for Paddle to load, or the libnccl it finds is built for another CUDA than this "
              "paddlepaddle-gpu.",
        advice=("Check which NCCL Paddle loads (`find / -name 'libnccl.so*'`, `ldconfig -p | grep nccl`) against the CUDA "
                "of the Paddle build (`python -c \"import paddle; print(paddle.version.cuda())\"`). Install the NCCL built "
                "for that CUDA (`sudo apt install libnccl2=<version>-1+cuda<X.Y> libnccl-dev=<version>-1+cuda<X.Y>`, or the "
                "rpm/yum packages), remove other copies from LD_LIBRARY_PATH (or put that libnccl.so's folder first on "
                "it), reinstall paddlepaddle-gpu, and check with `python -c \"import paddle; paddle.utils.run_check()\"`, "
                "which tests every GPU; Paddle's Docker images carry a matching NCCL. If it persists, rerun with "
                "NCCL_DEBUG=INFO for NCCL's own WARN line."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("update the driver", "reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/PaddlePaddle/PaddleDetection/issues/4139", "https://github.com/PaddlePaddle/Paddle/issues/10608",
                 "https://github.com/PaddlePaddle/PaddleDetection/issues/3973", NCCL_INSTALL),
        checked="2026-11-27",
        examples=("nccl/paddledetection-4139-nccl-unhandled-cuda-error-cuda101.txt",
                  "nccl/paddle-10608-v100-no-nccl-unhandled-cuda-error.txt"),
    ),
)
