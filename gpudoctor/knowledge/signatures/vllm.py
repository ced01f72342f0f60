"""vLLM: what its engine and workers log when they cannot start or run."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
