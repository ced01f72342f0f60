"""Docker, Podman and Kubernetes: the NVIDIA container runtime, CDI and the device plugin."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
