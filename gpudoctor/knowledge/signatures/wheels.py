"""Wheels, pip and builds: CUDA variants of packages, and extension builds."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
