"""Issue 25, w32b: the context Ollama loads a model with decides if it fits; people set it where Ollama never reads.

Since 0.15.5 (2026-02-03) Ollama picks the default context from the VRAM it finds when neither num_ctx nor
OLLAMA_CONTEXT_LENGTH is set: 4096 tokens under 24 GiB, 32768 from 24 to 48 GiB, 262144 from 48 GiB up (its release
notes and docs/context-length). A model that fit with the old default then no longer does: the KV cache of 262144
tokens pushes layers, or the whole model, to the CPU, or the load fails. People quote that table of the release notes
when they report it (ollama/ollama#14332, #14073, #14082), or say the default context jumped to 256k; that is a
description (described=True). The second row reads a configuration line: the context set through a variable Ollama
has no such name for (OLLAMA_NUM_CTX, OLLAMA_MAX_CONTEXT; ollama/ollama#14130, #9519; only Intel's IPEX-LLM build of
Ollama reads OLLAMA_NUM_CTX), so the default stays in force. Both keep the cause id of the other context rows
(ollama.long-context-setting, ollama_a15o.py): ollama-oom; where the default is the small one, the same line explains
prompts cut at 4096 tokens, which the row's cause names too.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
CONTEXT_DOC = "https://docs.ollama.com/context-length"
# Checked 2026-11-27 against Ollama's release notes of v0.15.5 and docs/context-length (the tiers of the VRAM-based
# default context, which apply where neither num_ctx nor OLLAMA_CONTEXT_LENGTH is set).
DEFAULT_CONTEXT_BY_VRAM = (
    ("ollama>=0.15.5", "< 24 GiB", 4096),
    ("ollama>=0.15.5", "24-48 GiB", 32768),
    ("ollama>=0.15.5", ">= 48 GiB", 262144),
)
_TIERS = ", ".join(f"{tokens} tokens at {vram}" for _, vram, tokens in DEFAULT_CONTEXT_BY_VRAM)
_SET_CONTEXT = ("Set the context the work needs explicitly: OLLAMA_CONTEXT_LENGTH in the server's environment (e.g. "
                "32768; Linux service: `sudo systemctl edit ollama`, Environment=\"OLLAMA_CONTEXT_LENGTH=32768\", then "
                "`sudo systemctl restart ollama`; Docker: `-e OLLAMA_CONTEXT_LENGTH=32768`; Windows and macOS app: a "
                "user environment variable or the app's context-length setting, then quit and restart the app), or "
                "num_ctx per request or as `PARAMETER num_ctx 32768` in a Modelfile; a smaller context (or "
                "OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0) keeps the KV cache beside the weights, and "
                "`ollama ps` shows the CONTEXT it loaded and 100% GPU once it fits.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.vram-based-default-context-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # the release notes' table, quoted: ">= 48 GiB VRAM: 262,144 context"
            r"\b48 ?GiB VRAM: 262,?144 context\b",
            # "Ollama's default context is now 262144", "ollama defaults to a 256k context": on a line that names
            # Ollama, since 262144 is also the native context of models that vLLM threads quote
            r"^(?=[^\n]{0,300}?\b[Oo]llama\b)[^\n]{0,300}?\bdefault(?:s|ed)?(?: to)?(?: an?| the)? (?:context|num_ctx)"
            r"(?: length| size| window)?\b[^\n]{0,60}?\b(?:262,?144|256 ?[kK])\b",
        ),
        severity="warn",
        cause=("The paste points at the context Ollama chose by itself: since 0.15.5, where neither num_ctx nor "
               "OLLAMA_CONTEXT_LENGTH is set, it sizes the default context from the VRAM (" + _TIERS + "), and the "
               "KV cache of that context no longer fits beside a model that fit before the upgrade, so layers go to "
               "the CPU or the load fails."),
        advice=_SET_CONTEXT,
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("ollama>=0.15.5",),
        sources=("https://github.com/ollama/ollama/issues/14332", "https://github.com/ollama/ollama/issues/14130",
                 "https://github.com/ollama/ollama/releases/tag/v0.15.5", CONTEXT_DOC, FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-14332-default-context-262144-after-upgrade.txt",),
    ),
    Signature(
        code="ollama.context-variable-not-read",
        cause_id="ollama-oom",
        kinds=("any",),
        # Ollama's server reads OLLAMA_CONTEXT_LENGTH (envconfig/config.go); these names, set in a unit, a compose file
        # or a shell, are read by nothing, so the default context (VRAM-based since 0.15.5) stays in force.
        patterns=(
            r"\b(?P<variable>OLLAMA_NUM_CTX)\\?\"?\s?[=:]\s?\\?\"?\d",
            r"\b(?P<variable>OLLAMA_MAX_CONTEXT)\\?\"?\s?[=:]\s?\\?\"?\d",
            r"\b(?P<variable>OLLAMA_CONTEXT_SIZE)\\?\"?\s?[=:]\s?\\?\"?\d",
            r"\b(?P<variable>OLLAMA_CTX_SIZE)\\?\"?\s?[=:]\s?\\?\"?\d",
        ),
        severity="warn",
        cause=("{variable} is not a variable Ollama reads (its context setting is OLLAMA_CONTEXT_LENGTH; only "
               "Intel's IPEX-LLM build of Ollama reads OLLAMA_NUM_CTX), so the model loads with Ollama's default "
               "context: since 0.15.5 sized from the VRAM, 262144 tokens from 48 GiB up, whose KV cache may not fit "
               "beside the model (layers on the CPU, a failed load), and 4096 (2048 in older releases) on small GPUs, "
               "which cuts long prompts."),
        advice=("Replace {variable} with OLLAMA_CONTEXT_LENGTH in the server's environment (Linux service: `sudo "
                "systemctl edit ollama`, Environment=\"OLLAMA_CONTEXT_LENGTH=8192\", then `sudo systemctl restart "
                "ollama`; Docker: `-e OLLAMA_CONTEXT_LENGTH=8192`; Windows: a user environment variable, then restart "
                "the app), or set num_ctx per request or in a Modelfile; the server's start-up \"server config\" line "
                "lists OLLAMA_CONTEXT_LENGTH with the value it took, and `ollama ps` the CONTEXT a model loaded with."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("ollama>=0.5.13",),
        sources=("https://github.com/ollama/ollama/issues/14130", "https://github.com/ollama/ollama/issues/9519",
                 "https://github.com/intel/ipex-llm/pull/13139", CONTEXT_DOC, FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-14130-num-ctx-env-ignored-default-262144.txt",),
    ),
)
