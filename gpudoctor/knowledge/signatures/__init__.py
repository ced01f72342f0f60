"""The catalogue of failure signatures: one frozen `Signature` row per error people really hit.

A row says how to recognise a failure in text (its `patterns`, regexes with named groups), what it
means (`cause_id` from tests/fixtures/corpus/TAXONOMY.md and a one-sentence `cause`), and the one next
step (`advice`, `action`, optionally a `fix`), with the threads and docs that settle it (`sources`),
the day someone last checked it (`checked`) and the real excerpts that prove it (`examples`, corpus
files under tests/fixtures/corpus). One module per area holds a tuple `SIGNATURES`; adding a signature
is one row there plus its corpus file.

    Signature(
        code="kernel.xid-79", cause_id="gpu-fell-off-bus", kinds=("dmesg", "journal"),
        patterns=(r"NVRM: Xid \\(PCI:(?P<bus_id>[0-9a-fA-F:.]+)\\): 79\\b",),
        severity="fail", cause="The GPU at {bus_id} stopped answering on PCIe (Xid 79).",
        advice="Check the GPU's power cables and PSU, reseat the card, then reboot.",
        action="reseat-or-inspect-hardware", sources=("https://docs.nvidia.com/deploy/xid-errors/",),
        checked="2026-11-25", examples=("kernel/nvsentinel-155-fallen-off-bus.txt",))

Patterns are searched (not anchored) in one logical line at a time (gpudoctor/knowledge/log_lines.py):
journal, dmesg, container and Markdown decoration removed, escaped newlines split, NVRM messages and
Python exception messages continued over several lines joined with a space. Each must hold a plain
word of at least three characters that healthy logs rarely hold (the matcher's prefilter takes the most
specific one: not "NVIDIA", "CUDA", "error", see pattern_keys.COMMON_WORDS, nor a word the healthy recordings
hold pattern_keys.COMMON_RATE times per million characters or more, see gpudoctor/knowledge/healthy_words.py;
write `[Ee]rror` rather than a case-insensitive flag), and no quantifier inside another one, so that it
runs in linear time. A cause
that a check already judges from the same log (gpudoctor/knowledge/findings.py,
CAUSE_OWNERS) is left to that check on a live host; its code then marks that check's finding in `read`.
A row with `contexts` (gpudoctor/knowledge/contexts.py: "wsl", "container", "distributed-launch",
"secure-boot") matches only where the text's other lines, or the live host, put it in one of them, and then
`refines` generic rows: it reads the same line with the specific cause, and the generic match becomes its
evidence instead of a second finding with another next step. A row without contexts may refine too, where its
own words make a generic row's line specific (WinError 1455 in a DLL load failure): on the line both match, or
within `refines_within` lines of it, or anywhere in the text where its line is evidence of the cause behind the
generic row's symptom (a DKMS build that failed for the running kernel beside nvidia-smi's failure).
Pure data; no I/O, no regex compiled here.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Mapping

from gpudoctor.fix_requests import DriverUpdate, FixRequest, ManualSteps
from gpudoctor.model import Action

AREAS = ("kernel", "cuda", "nccl", "frameworks", "ollama", "vllm", "containers", "wsl", "wheels")
SEVERITIES = ("fail", "warn", "info")
# What a person (or a pipeline) should do next: the strings of the action every finding carries.
ACTIONS = tuple(action.value for action in Action)
# The kinds of text a row applies to: the corpus' `kind:` values, or "any".
TEXT_KINDS = ("any", "journal", "dmesg", "traceback", "ollama-log", "docker", "kubectl", "nvidia-smi", "powershell",
              "pip", "build", "nccl-log", "vllm-log", "other")


# The generic rows that read only that no NVIDIA kernel module is loaded (nvidia-smi's failure, the installer's
# "Unable to load the kernel module", the container toolkit's "nvml error: driver not loaded", Fedora's "NVIDIA kernel
# module missing. Falling back to nouveau"), for the rows whose line says why to refine anywhere in a text.
NO_MODULE_SYMPTOMS = ("kernel.driver-not-loaded", "kernel.installer-module-load-failed",
                      "containers.cli-driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error",
                      "kernel.boot-fell-back-to-nouveau")
# The CUDA errors that a kernel module of another version than the driver's libraries explains (no reboot after an
# update): CUDA reads them as a driver too old, an unsupported combination or an unknown error.
MISMATCH_SYMPTOMS = ("cuda.driver-insufficient",
                     "cuda.ctranslate2-driver-too-old", "cuda.forward-compat-unsupported", "cuda.unknown-error",
                     "cuda.driver-combination-unsupported")
# What programs and nvidia-smi report on a GPU whose firmware or link failed: the Xid that names the fault explains
# them, and the reset they then need.
GPU_FAULT_SYMPTOMS = ("cuda.unknown-error", "kernel.gpu-reset-required", "cuda.devices-busy-or-unavailable",
                      "kernel.nvml-device-handle-unknown-error")


_FIELD = re.compile(r"\{(\w+)\}")


def _filled(template: str, fields: Mapping[str, str]) -> str:
    """`template` with each `{name}` the match captured replaced by its value; any other brace (a field the match did
    not capture, a JSON or TOML snippet, an awk program in advice) stays as written."""
    return _FIELD.sub(lambda name: fields[name[1]] if name[1] in fields else name[0], template)


@dataclass(frozen=True)
class Signature:
    code: str  # "<area>.<name>", stable: people quote it (`gpudoctor explain CODE`) and pipelines count it
    cause_id: str  # the cause's id in tests/fixtures/corpus/TAXONOMY.md
    patterns: tuple[str, ...]  # any one matching a logical line is a match; named groups become its fields
    severity: str  # "fail" | "warn" | "info"
    cause: str  # one sentence; may use {named} fields of the pattern
    advice: str  # the one next step, for a person
    action: str  # one of ACTIONS
    # TEXT_KINDS it is written for. Live sources of a known kind skip rows of other kinds: the kernel log is
    # "dmesg" (or "journal" when read from journalctl), the Ollama server log "ollama-log"; a paste, the
    # framework child's stderr and the --deep worker's output are read with every row.
    kinds: tuple[str, ...] = ("any",)
    fix: FixRequest | DriverUpdate | ManualSteps | None = None  # built through gpudoctor/fix_requests.py
    rules_out: tuple[str, ...] = ()  # short phrases: what this match shows is not the problem
    never_suggest: tuple[str, ...] = ()  # short phrases no advice beside this match may give
    versions: tuple[str, ...] = ()  # where it applies, e.g. ("ollama>=0.12.0",); informational, never filtered on
    sources: tuple[str, ...] = ()  # addresses of the docs and threads that settle it
    checked: str = ""  # ISO date the row was last checked against its sources
    examples: tuple[str, ...] = ()  # corpus files (relative to tests/fixtures/corpus) it must match
    # Names of gpudoctor/knowledge/contexts.py: the row matches only in a text (or on a host) in one of them...
    contexts: tuple[str, ...] = ()
    # ...and there takes the place of these generic rows' matches (their lines become its evidence).
    refines: tuple[str, ...] = ()
    # For a row without contexts, where the generic matches it takes the place of may be: 0 on its own line (the
    # default: a more specific message of that line), N up to N lines above or below it (the line a wrapper prints
    # next to the error it wraps), None anywhere in the text (evidence of the cause on another line of the same
    # paste: DKMS's failed build beside nvidia-smi's failure). Generic matches out of reach stay findings of their own.
    refines_within: int | None = 0
    # Pairs of named fields whose numbers a match must hold smaller first, where a pattern names both: what a regex
    # cannot compare ("offloaded 30/81 layers" is a partial offload, "81/81" is not).
    smaller: tuple[tuple[str, str], ...] = ()
    # The row reads a person's description of the failure ("the driver fails to build for kernel 6.15"), not a
    # tool's line: it is read in a paste of up to matcher.DESCRIPTION_TEXT_MAX characters, never in a long log,
    # where its everyday words would cost the matcher a pass and find nothing.
    described: bool = False
    # Fields the advice may use beyond the pattern's groups, each looked up in a table from one the match captured:
    # (captured field, new field, ((prefix, value), ...), value where no prefix fits). The first prefix the captured
    # value starts with (compared in lower case) gives the new field: a library's name -> where that library comes from.
    lookups: tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...] = ()

    @property
    def area(self) -> str:
        return self.code.split(".", 1)[0]

    def holds(self, fields: Mapping[str, str]) -> bool:
        """Whether a match's fields keep the row's `smaller` order; a pair the pattern does not name holds."""
        try:
            return all(float(fields[a]) < float(fields[b]) for a, b in self.smaller if a in fields and b in fields)
        except ValueError:  # a field that is no number: the pattern promised one, so the line is not this message
            return False

    def cause_for(self, fields: Mapping[str, str]) -> str:
        """The cause sentence with the match's fields filled in."""
        return _filled(self.cause, fields)

    def advice_for(self, fields: Mapping[str, str]) -> str:
        """The next step with the match's fields filled in (`{bus_id}` in `nvidia-smi -q -i {bus_id}`), and those its
        `lookups` derive from them (`{library_source}` from `{library}`)."""
        return _filled(self.advice, self.looked_up(fields) if self.lookups else fields)

    def looked_up(self, fields: Mapping[str, str]) -> Mapping[str, str]:
        """The match's fields and those the row's `lookups` tables give for them."""
        out = dict(fields)
        for field, name, table, default in self.lookups:
            if field in fields and name not in out:
                value = fields[field].lower()
                out[name] = next((text for prefix, text in table if value.startswith(prefix.lower())), default)
        return out


def concluded(**fields) -> Signature:
    """A conclusion's row (gpudoctor/knowledge/compat.py RULES reaches it): no patterns, and its evidence is what the
    paste names, anywhere in it, so the generic rows it refines are its evidence wherever they are."""
    return Signature(patterns=(), refines_within=None, **fields)


@cache
def catalogue() -> tuple[Signature, ...]:
    """Every row of every area, read on first use (never on the start-up path)."""
    rows: list[Signature] = []
    for area in AREAS:
        rows.extend(importlib.import_module(f"{__name__}.{area}").SIGNATURES)
    rows.extend(importlib.import_module(f"{__name__}.frameworks_breadth13").SIGNATURES)  # frameworks_breadth13.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_breadth14").SIGNATURES)  # frameworks_breadth14.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_breadth13").SIGNATURES)  # wheels_breadth13.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_runners14").SIGNATURES)  # ollama_runners14.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_apps14").SIGNATURES)  # frameworks_apps14.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_r15b").SIGNATURES)  # frameworks_r15b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_s16o").SIGNATURES)  # vllm_s16o.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w18n").SIGNATURES)  # cuda_w18n.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w18d").SIGNATURES)  # frameworks_w18d.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w18d").SIGNATURES)  # nccl_w18d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w18d").SIGNATURES)  # containers_w18d.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w19b").SIGNATURES)  # cuda_w19b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w19b").SIGNATURES)  # frameworks_w19b.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w19b").SIGNATURES)  # nccl_w19b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w20a").SIGNATURES)  # containers_w20a.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w20a").SIGNATURES)  # kernel_w20a.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w20b").SIGNATURES)  # wheels_w20b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w20b").SIGNATURES)  # frameworks_w20b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w20b").SIGNATURES)  # ollama_w20b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w21c").SIGNATURES)  # vllm_w21c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w21c").SIGNATURES)  # containers_w21c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w21c").SIGNATURES)  # kernel_w21c.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w21a").SIGNATURES)  # frameworks_w21a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w21b").SIGNATURES)  # ollama_w21b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w23a").SIGNATURES)  # wheels_w23a.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w23b").SIGNATURES)  # cuda_w23b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w23c").SIGNATURES)  # containers_w23c.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w23c").SIGNATURES)  # frameworks_w23c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w24b").SIGNATURES)  # kernel_w24b.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w25a").SIGNATURES)  # kernel_w25a.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w24b").SIGNATURES)  # vllm_w24b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w24b").SIGNATURES)  # containers_w24b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w24a").SIGNATURES)  # ollama_w24a.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w24a").SIGNATURES)  # wheels_w24a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w25b").SIGNATURES)  # frameworks_w25b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w25b").SIGNATURES)  # cuda_w25b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w25b").SIGNATURES)  # containers_w25b.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w25d").SIGNATURES)  # nccl_w25d.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w25d").SIGNATURES)  # vllm_w25d.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w25d").SIGNATURES)  # ollama_w25d.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w25d").SIGNATURES)  # cuda_w25d.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w25e").SIGNATURES)  # ollama_w25e.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w25e").SIGNATURES)  # cuda_w25e.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w25e").SIGNATURES)  # containers_w25e.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w25e").SIGNATURES)  # wheels_w25e.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w25c").SIGNATURES)  # wheels_w25c.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w28c").SIGNATURES)  # wheels_w28c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w28a").SIGNATURES)  # kernel_w28a.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w28a").SIGNATURES)  # containers_w28a.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w28b").SIGNATURES)  # containers_w28b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w28b").SIGNATURES)  # ollama_w28b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w28d").SIGNATURES)  # ollama_w28d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w28d").SIGNATURES)  # containers_w28d.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w28d").SIGNATURES)  # nccl_w28d.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w29b").SIGNATURES)  # wheels_w29b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w31a").SIGNATURES)  # wheels_w31a.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w29c").SIGNATURES)  # containers_w29c.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w29a").SIGNATURES)  # ollama_w29a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w30c").SIGNATURES)  # ollama_w30c.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w30b").SIGNATURES)  # cuda_w30b.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w30b").SIGNATURES)  # wsl_w30b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w30a").SIGNATURES)  # cuda_w30a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w30a").SIGNATURES)  # frameworks_w30a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w31b").SIGNATURES)  # frameworks_w31b.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w31c").SIGNATURES)  # nccl_w31c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w32a").SIGNATURES)  # containers_w32a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w32b").SIGNATURES)  # ollama_w32b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w32b").SIGNATURES)  # vllm_w32b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w32c").SIGNATURES)  # cuda_w32c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w32c").SIGNATURES)  # containers_w32c.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w32c").SIGNATURES)  # wheels_w32c.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w33c").SIGNATURES)  # wheels_w33c.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w32c").SIGNATURES)  # wsl_w32c.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w33b").SIGNATURES)  # ollama_w33b.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w32d").SIGNATURES)  # nccl_w32d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w33a").SIGNATURES)  # containers_w33a.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w34a").SIGNATURES)  # cuda_w34a.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w34c").SIGNATURES)  # vllm_w34c.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w34c").SIGNATURES)  # frameworks_w34c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w34b").SIGNATURES)  # containers_w34b.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w34b").SIGNATURES)  # nccl_w34b.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w34b").SIGNATURES)  # kernel_w34b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w36c").SIGNATURES)  # containers_w36c.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w36d").SIGNATURES)  # cuda_w36d.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w36b").SIGNATURES)  # wheels_w36b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w38e").SIGNATURES)  # wheels_w38e.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w38e").SIGNATURES)  # wsl_w38e.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w36a").SIGNATURES)  # cuda_w36a.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w36e").SIGNATURES)  # nccl_w36e.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w36e").SIGNATURES)  # vllm_w36e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w36e").SIGNATURES)  # kernel_w36e.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w38a").SIGNATURES)  # containers_w38a.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w38a").SIGNATURES)  # nccl_w38a.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w39g").SIGNATURES)  # nccl_w39g.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w40e").SIGNATURES)  # nccl_w40e.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w41d").SIGNATURES)  # nccl_w41d.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w40a").SIGNATURES)  # nccl_w40a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w38a").SIGNATURES)  # frameworks_w38a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w38d").SIGNATURES)  # frameworks_w38d.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w38d").SIGNATURES)  # cuda_w38d.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w38d").SIGNATURES)  # vllm_w38d.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w38c").SIGNATURES)  # ollama_w38c.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w38c").SIGNATURES)  # cuda_w38c.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w38c").SIGNATURES)  # frameworks_w38c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w38b").SIGNATURES)  # kernel_w38b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w38b").SIGNATURES)  # cuda_w38b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w38b").SIGNATURES)  # vllm_w38b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w39c").SIGNATURES)  # cuda_w39c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w39c").SIGNATURES)  # containers_w39c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w39g").SIGNATURES)  # vllm_w39g.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w39b").SIGNATURES)  # cuda_w39b.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w39b").SIGNATURES)  # kernel_w39b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w39b").SIGNATURES)  # wheels_w39b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w39b").SIGNATURES)  # frameworks_w39b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w39b").SIGNATURES)  # vllm_w39b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w39f").SIGNATURES)  # ollama_w39f.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w39f").SIGNATURES)  # wheels_w39f.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w39a").SIGNATURES)  # frameworks_w39a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w39a").SIGNATURES)  # ollama_w39a.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w39a").SIGNATURES)  # cuda_w39a.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w39e").SIGNATURES)  # containers_w39e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w39e").SIGNATURES)  # kernel_w39e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w40a").SIGNATURES)  # kernel_w40a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w39d").SIGNATURES)  # frameworks_w39d.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w39d").SIGNATURES)  # wheels_w39d.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w40c").SIGNATURES)  # wheels_w40c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w40d").SIGNATURES)  # nccl_w40d.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w40d").SIGNATURES)  # ollama_w40d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w40d").SIGNATURES)  # containers_w40d.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w40f").SIGNATURES)  # cuda_w40f.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w40f").SIGNATURES)  # wsl_w40f.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w43a").SIGNATURES)  # wsl_w43a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w40f").SIGNATURES)  # ollama_w40f.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w40g").SIGNATURES)  # ollama_w40g.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w41e").SIGNATURES)  # ollama_w41e.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w42a").SIGNATURES)  # ollama_w42a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_shared_memory").SIGNATURES)  # frameworks_shared_memory.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w40b").SIGNATURES)  # cuda_w40b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w40j").SIGNATURES)  # cuda_w40j.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w40j").SIGNATURES)  # vllm_w40j.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w40i").SIGNATURES)  # cuda_w40i.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w40i").SIGNATURES)  # kernel_w40i.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w40h").SIGNATURES)  # frameworks_w40h.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w41a").SIGNATURES)  # cuda_w41a.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w41a").SIGNATURES)  # kernel_w41a.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w42e").SIGNATURES)  # kernel_w42e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w43a").SIGNATURES)  # kernel_w43a.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w44e").SIGNATURES)  # kernel_w44e.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w41b").SIGNATURES)  # frameworks_w41b.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w42d").SIGNATURES)  # containers_w42d.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w42b").SIGNATURES)  # frameworks_w42b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w44b").SIGNATURES)  # frameworks_w44b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w42b").SIGNATURES)  # wheels_w42b.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w42c").SIGNATURES)  # vllm_w42c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w42c").SIGNATURES)  # nccl_w42c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w44c").SIGNATURES)  # nccl_w44c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w46c").SIGNATURES)  # nccl_w46c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w47c").SIGNATURES)  # nccl_w47c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w48c").SIGNATURES)  # nccl_w48c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w43c").SIGNATURES)  # containers_w43c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w44d").SIGNATURES)  # containers_w44d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_s44c").SIGNATURES)  # containers_s44c.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w44d").SIGNATURES)  # wsl_w44d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w46d").SIGNATURES)  # containers_w46d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w47d").SIGNATURES)  # containers_w47d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w48d").SIGNATURES)  # containers_w48d.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w48d").SIGNATURES)  # wsl_w48d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w49d").SIGNATURES)  # containers_w49d.py
    rows.extend(importlib.import_module(f"{__name__}.wsl_w49d").SIGNATURES)  # wsl_w49d.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w52d").SIGNATURES)  # containers_w52d.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w43c").SIGNATURES)  # vllm_w43c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w44c").SIGNATURES)  # vllm_w44c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w46c").SIGNATURES)  # vllm_w46c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w48c").SIGNATURES)  # vllm_w48c.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w43b").SIGNATURES)  # wheels_w43b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w43b").SIGNATURES)  # ollama_w43b.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w44a").SIGNATURES)  # ollama_w44a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w46a").SIGNATURES)  # ollama_w46a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w47a").SIGNATURES)  # ollama_w47a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w48a").SIGNATURES)  # ollama_w48a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w49a").SIGNATURES)  # ollama_w49a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w52a").SIGNATURES)  # ollama_w52a.py
    rows.extend(importlib.import_module(f"{__name__}.ollama_w53a").SIGNATURES)  # ollama_w53a.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w46b").SIGNATURES)  # frameworks_w46b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w47b").SIGNATURES)  # frameworks_w47b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w49b").SIGNATURES)  # frameworks_w49b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w53b").SIGNATURES)  # frameworks_w53b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w46b").SIGNATURES)  # wheels_w46b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w49b").SIGNATURES)  # wheels_w49b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w52b").SIGNATURES)  # wheels_w52b.py
    rows.extend(importlib.import_module(f"{__name__}.wheels_w54b").SIGNATURES)  # wheels_w54b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w52b").SIGNATURES)  # cuda_w52b.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w52b").SIGNATURES)  # frameworks_w52b.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w46e").SIGNATURES)  # cuda_w46e.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w48b").SIGNATURES)  # cuda_w48b.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w46e").SIGNATURES)  # kernel_w46e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w47e").SIGNATURES)  # kernel_w47e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w48e").SIGNATURES)  # kernel_w48e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w48c").SIGNATURES)  # kernel_w48c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w49c").SIGNATURES)  # vllm_w49c.py
    rows.extend(importlib.import_module(f"{__name__}.nccl_w52c").SIGNATURES)  # nccl_w52c.py
    rows.extend(importlib.import_module(f"{__name__}.vllm_w52c").SIGNATURES)  # vllm_w52c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w49e").SIGNATURES)  # kernel_w49e.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w52e").SIGNATURES)  # kernel_w52e.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w53f").SIGNATURES)  # cuda_w53f.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w54c").SIGNATURES)  # cuda_w54c.py
    rows.extend(importlib.import_module(f"{__name__}.containers_w54c").SIGNATURES)  # containers_w54c.py
    rows.extend(importlib.import_module(f"{__name__}.kernel_w53e").SIGNATURES)  # kernel_w53e.py
    rows.extend(importlib.import_module(f"{__name__}.frameworks_w54a").SIGNATURES)  # frameworks_w54a.py
    rows.extend(importlib.import_module(f"{__name__}.cuda_w54a").SIGNATURES)  # cuda_w54a.py
    rows.extend(importlib.import_module(f"{__name__}.status").SIGNATURES)  # the libraries' status strings (status*.py)
    rows.extend(importlib.import_module(f"{__name__}.refinements").SIGNATURES)  # symptoms read in another area's context
    return tuple(rows)


@cache
def _by_code() -> dict[str, Signature]:
    reasoned = importlib.import_module(f"{__name__}.reasoned").ROWS  # conclusions from what a paste names (compat.py)
    return {row.code: row for row in (*catalogue(), *reasoned)}


# Codes whose rows were merged into another row that read the same lines with another cause (one line, one cause):
# findings carry the new code; `gpudoctor explain OLD` shows the row that reads those lines now. A code is never reused.
MERGED_INTO: dict[str, str] = {
    "cuda.nvcc-unsupported-architecture": "wheels.nvcc-unsupported-gpu-architecture",  # 2026-11-27
    # its tool lines had no example; what is left reads a description only (2026-11-27)
    "containers.k8s-pod-without-nvidia-runtime": "containers.k8s-pod-without-nvidia-runtime-described",
    # one cause and fix: w38c's ggml-family reading joined the older llama.cpp row (2026-11-27)
    "ollama.ggml-engine-cpu-only-described": "ollama.llama-cpp-not-using-gpu-described",
}


def by_code(code: str) -> Signature | None:
    return _by_code().get(code)
