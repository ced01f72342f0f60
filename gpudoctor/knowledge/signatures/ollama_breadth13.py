"""What the local-LLM front ends and Ollama's clients hit, found by tool and by symptom (issue 25, thirteenth wave).

Written blind, from the tools' own messages (Ollama's api/types.go and envconfig, ...) and threads on their
trackers. Each row reads the library's own words, so any client's paste that holds them is read.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

BREADTH13_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.request-option-unknown",
        cause_id="none",
        kinds=("any",),
        # api/types.go (Options.FromMap): a request's "options" key Ollama has no field for is logged and skipped;
        # releases before ollama#6202 (August 2024) printed option="" instead of the name
        patterns=(r'msg="invalid option provided" option=(?P<option>"[^"\n]{0,60}"|[^\s"]{1,60})',),
        severity="info",
        cause=("The client sent Ollama a request option it does not know ({option}), so Ollama ignored it and served "
               "the request with its default; tfs_z and penalize_newline, removed in Ollama 0.5, are the usual ones."),
        advice=("Nothing is broken: Ollama ignores the option. If the setting was meant to take effect, use Ollama's "
                "own option names (num_ctx, num_predict, num_gpu, stop, not n_ctx, max_tokens or gpu_layers); "
                "to silence the warning, update the client or drop the option from its settings."),
        action="none",
        rules_out=("a GPU or driver problem", "a failed model load"),
        never_suggest=_NEVER_DRIVER + ("reinstall Ollama",),
        sources=("https://github.com/twinnydotdev/twinny/issues/251", "https://github.com/browser-use/web-ui/issues/20",
                 "https://github.com/olimorris/codecompanion.nvim/pull/1152",
                 "https://github.com/IBM/prompt-declaration-language/issues/562",
                 "https://github.com/ollama/ollama/pull/6202"),
        checked="2026-11-26",
        examples=("ollama/twinny-251-invalid-option-tfs-z.txt", "ollama/browseruse-webui-20-tfs-z-warn.txt"),
    ),
)
