"""The error vocabulary of NVIDIA's libraries as programs print it: the CUDA runtime and driver API's error strings
(cudaError_t, CUresult), the status codes of cuBLAS, cuDNN, cuFFT and NVML, in the frames PyTorch, TensorFlow, JAX,
CuPy, llama.cpp and the like wrap them in. One module per area (status_<area>.py, codes of that area); the
catalogue joins them after the area modules (signatures.catalogue)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.status_cuda import SIGNATURES as CUDA_ROWS
from gpudoctor.knowledge.signatures.status_frameworks import SIGNATURES as FRAMEWORK_ROWS

SIGNATURES: tuple[Signature, ...] = CUDA_ROWS + FRAMEWORK_ROWS
