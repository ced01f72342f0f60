"""Matches that are evidence of another match's cause, in the same text: a row's line that explains a generic row's
symptom on the same line, near it or anywhere in the text (Signature.refines and refines_within), and a row that asks
for more (NCCL's generic error) beside the failure the text already names. Pure functions of the matches and their
rows, applied by contexts.in_contexts before the contexts are read."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping


def _near(found, generic, within: int | None) -> bool:
    """Whether a generic match lies within `within` lines of the refining match (None: anywhere in the text)."""
    return within is None or abs(generic.line_number - found.line_number) <= within


def refined_by_their_evidence(matches: tuple, rows: Mapping) -> tuple:
    """A row without contexts that refines generic rows holds evidence of the cause behind their symptom: on their
    own line (Windows' WinError 1455 in the same "Error loading ...dll" line as a DLL that failed to load), or
    within its `refines_within` lines of it (ggml's "current device: 0, in function ..." under the CUDA error that
    names the failure), or anywhere in the text (DKMS's failed build beside nvidia-smi's "couldn't communicate with
    the NVIDIA driver"). There the generic match becomes its evidence, as for a row in context; generic rows it does
    not name, and generic matches out of its reach, stay findings of their own (another failure in the same paste).
    One pass over the matches per refining match: a paste holds a few dozen at most (matcher.MATCH_CAP)."""
    refining = [m for m in matches if rows[m.code].refines and not rows[m.code].contexts]
    beside = {id(m): tuple(o for o in matches if o.code in rows[m.code].refines
                           and _near(m, o, rows[m.code].refines_within))
              for m in refining}
    _beside_the_nearest_failure(matches, rows, beside)
    if not any(beside.values()):
        return matches
    gone = {id(o) for found in beside.values() for o in found}
    return tuple(replace(m, refined=_evidence(m, beside)) if beside.get(id(m)) else m
                 for m in matches if id(m) not in gone)


def _asks_for_more(row) -> bool:
    """A row whose line says too little to name a cause, and whose next step is to get more (NCCL's "unhandled cuda
    error (run with NCCL_DEBUG=INFO for details)"): TAXONOMY.md's causes ending in -needs-debug."""
    return row.cause_id.endswith("-needs-debug")


def _beside_the_nearest_failure(matches: tuple, rows: Mapping, beside: dict) -> None:
    """Where the text already holds what a row that asks for more would ask for, the failure read in it is the cause
    and the generic match its evidence (`beside`, by id), not a finding that asks to rerun with debugging on: NCCL's
    own WARN line that CUDA's driver is too old, printed under its generic "unhandled cuda error". The failure must
    be of the generic row's area or on a line that names it (an NCCL line), so that another fault in the same paste
    (a crash's "Illegal instruction" beside it) is not taken for its cause; the nearest such. Rows that name the
    generic row in their `refines` took it already."""
    taken = {id(o) for found in beside.values() for o in found}
    for generic in matches:
        row = rows[generic.code]
        if id(generic) in taken or not _asks_for_more(row):
            continue
        # (never a row written for contexts: in_contexts decides whether its context holds, and it then takes the
        # generic match itself; taken here, the generic match would vanish with it where the context is absent)
        answers = [m for m in matches if rows[m.code].severity == "fail" and not _asks_for_more(rows[m.code])
                   and not rows[m.code].contexts
                   and (rows[m.code].area == row.area or row.area in m.line.lower())]
        if answers:
            nearest = min(answers, key=lambda m: abs(m.line_number - generic.line_number))
            beside[id(nearest)] = (*beside.get(id(nearest), ()), generic)


def _evidence(found, beside: Mapping) -> tuple:
    """The generic matches a refining match takes the place of, with theirs where they refine others in turn (DKMS's
    failed build explains nvidia-smi's failure, which explains CUDA's "driver version is insufficient"), each once."""
    out, seen, stack = [], {id(found)}, list(reversed(beside.get(id(found), ())))
    while stack:
        generic = stack.pop()
        if id(generic) not in seen:
            seen.add(id(generic))
            out.append(generic)
            stack.extend(reversed(beside.get(id(generic), ())))
    return tuple(out)
