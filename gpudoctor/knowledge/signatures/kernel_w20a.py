"""Issue 25, rows for families blind sets missed: driver packages of two branches, and driver builds on a kernel
newer than the driver supports."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
