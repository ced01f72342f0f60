"""PyTorch and TensorFlow: their exceptions and warnings about the GPU."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
