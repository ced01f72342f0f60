"""Issue 25 (helper w25b): containers started without the NVIDIA runtime."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
