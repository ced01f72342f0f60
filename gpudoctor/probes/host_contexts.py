"""The contexts this host is in (gpudoctor/knowledge/contexts.py), from facts other probes gathered: what the probes
that read logs pass to the signature matcher, so that a generic error line on a WSL host, in a container or with
Secure Boot on is read as a helper would read it there. Not a probe of its own: it asks the host nothing."""

from __future__ import annotations

from gpudoctor.knowledge.contexts import of_host
from gpudoctor.probing import ProbeFailed


def _fact(facts, name: str):
    try:
        return facts.get(name)
    except ProbeFailed:  # not seen, or its probe failed: that context is then unknown, never assumed
        return None


def host_contexts(facts, *names: str) -> frozenset[str]:
    """The contexts the facts `names` show: "platform", "container", "secure_boot", of_host's parameters."""
    return of_host(**{name: _fact(facts, name) for name in names})
