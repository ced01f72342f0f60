"""NVML and the CUDA runtime and driver API: what libcuda, libcudart and NVML report."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
