"""Issue 25, w39c: the CUDA runtime's error 35 (cudaErrorInsufficientDriver) where a program prints only its number
(rows of the cuda area).

Many programs wrap CUDA calls in a check macro that prints the cudaError_t as a number and aborts: TensorRT plugins
("Cuda failure in file '<plugin>.cu' line <N>: <code>", the CHECK macro of the YOLO plugins that TensorRT-based detectors
ship), Paddle's enforce ("Cuda error(35)"), DIGITS ("cudaRuntimeGetVersion() failed with error #35"); others print the
error's short name ("InsufficientDriver"). 35 is cudaErrorInsufficientDriver in every CUDA release: the driver is older
than the runtime the program was built with (or the runtime found no driver library at all), the same cause as
cuda.driver-insufficient's words.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda_driver_advice import DRIVER_INSUFFICIENT_ADVICE

RUNTIME_ERRORS = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.runtime-error-35-by-number",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # TensorRT plugin CHECK macros: "Cuda failure in file 'F' line N: 35" (some print "line N:35").
            r"[Cc]uda failure in file '[^'\n]{1,200}' line \d{1,6}: ?35\b",
            # Paddle's enforce ("ExternalError:  Cuda error(35), CUDA driver version is insufficient ..."; newer
            # releases write "CUDA error(35)").
            r"\b(?:CUDA|Cuda|cuda) error\s?\(35\)",
            # DIGITS and other tools that report the call that failed: "cudaRuntimeGetVersion() failed with error #35".
            r"\bcuda\w{2,40}\(\) failed with error #?35\b",
            # The error's short name, as check macros and bindings print it ("[main@gemm.cu:41] InsufficientDriver",
            # "CUDAError InsufficientDriver"); cudaErrorInsufficientDriver itself is cuda.driver-insufficient's.
            r"(?<![A-Za-z_])InsufficientDriver\b",
        ),
        refines=("cuda.driver-insufficient",),
        severity="fail",
        cause=("CUDA error 35 (cudaErrorInsufficientDriver): the NVIDIA driver is older than the CUDA runtime the "
               "program was built with, or the runtime found no usable driver library."),
        advice=DRIVER_INSUFFICIENT_ADVICE,
        action="configure",
        rules_out=("a missing GPU", "GPU memory"),
        never_suggest=("downgrade the driver", "set CUDA_VISIBLE_DEVICES", "shm-size"),
        sources=("https://github.com/NVIDIA/DIGITS/issues/252", "https://github.com/PaddlePaddle/Paddle/issues/25157",
                 "https://github.com/PaddlePaddle/Paddle/issues/30933", RUNTIME_ERRORS),
        checked="2026-11-27",
        examples=("cuda/digits-252-cudaruntimegetversion-failed-35.txt",
                  "frameworks/paddle-25157-cuda-error-35-driver-396.txt"),
    ),
)
