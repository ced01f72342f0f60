"""What probes share with the engine that runs them; it sits below both, so a probe never imports the engine."""

from __future__ import annotations

# A probe's own calls each have a timeout; this bounds the whole gathering, so that even a probe that
# misbehaves cannot keep the doctor from reporting. Probes that run for seconds (--deep) budget within it.
FACTS_DEADLINE_S = 60.0


class ProbeFailed(Exception):
    """A probe raised or did not finish; checks that need its fact report an error."""
