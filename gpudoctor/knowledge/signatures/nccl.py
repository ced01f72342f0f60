"""NCCL: what its WARN and INFO lines and its errors say."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
