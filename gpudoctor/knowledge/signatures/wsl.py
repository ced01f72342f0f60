"""WSL and Windows: the GPU seen through WSL 2 and the Windows driver."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
