"""Issue 25 (helper w28d): the context limit that older Ollama releases and llama.cpp's server report as "input truncated".

Before Ollama's own Go runner (releases up to about 0.3.x ran llama.cpp's example server as `ollama_llama_server`),
the runner logged the cut it made to a prompt longer than the loaded context as llama.cpp's server did:
`INFO [update_slots] input truncated | n_ctx=2048 n_erase=... n_keep=4 ...` (text log) or the same fields in a JSON
log line, and llama.cpp's server still logs `input truncated, n_ctx = ..., n_keep = ...` where context shift cuts a
prompt. Newer Ollama says `msg="truncating input prompt" limit=... prompt=...` (ollama.prompt-truncated-to-context,
ollama_settings.py). Either way nothing crashed: the model only saw what fit, and answers that forget the start of a
long document or conversation follow. The fix is the context the client asks for (num_ctx per request or in a
Modelfile, OLLAMA_CONTEXT_LENGTH for the server's default on releases that have it, -c / --ctx-size for llama-server);
`/set parameter num_ctx` in an `ollama run` session does not apply to API calls.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-can-i-specify-the-context-window-size"

SIGNATURES = (
    Signature(
        code="ollama.llama-server-input-truncated",
        cause_id="context-window-exceeded",
        kinds=("any",),
        patterns=(
            # Ollama's llama.cpp-based runner (0.1.x to 0.3.x) and llama.cpp's server, text log
            r"\binput truncated \| n_ctx=(?P<limit>\d{1,7}) n_erase=",
            # the same, JSON log
            r"\"msg\":\"input truncated\",\"n_ctx\":(?P<limit>\d{1,7})",
            # llama.cpp's server since 2024 (slot update_slots: id 0 | task 0 | input truncated, n_ctx = ...)
            r"\binput truncated, n_ctx = (?P<limit>\d{1,7}), n_keep = ",
        ),
        severity="warn",
        cause=("The prompt was longer than the {limit}-token context the model was loaded with, so the server cut it "
               "to fit: the model never saw the part that was dropped (the start of a long document, the history or "
               "the system prompt), and its answers ignore it."),
        advice=("Load the model with a larger context: with Ollama, `\"options\": {\"num_ctx\": 8192}` in the API "
                "request (the client's context length setting; `/set parameter num_ctx` in `ollama run` does not "
                "reach API calls), or `PARAMETER num_ctx 8192` in a Modelfile and `ollama create`, or "
                "OLLAMA_CONTEXT_LENGTH=8192 in the server's environment on releases that read it (updating an "
                "old release gets it); with llama-server, -c / --ctx-size (split over its --parallel slots); within "
                "what the model was trained for and what fits in VRAM; or send less (smaller chunks, a shorter "
                "history)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("ollama<0.4",),
        sources=("https://github.com/ollama/ollama/issues/5902", FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-5902-update-slots-input-truncated.txt",),
    ),
    Signature(
        code="ollama.chat-messages-truncated-to-context",
        cause_id="context-window-exceeded",
        kinds=("any",),
        # server/prompt.go (OLLAMA_DEBUG=1): a chat whose messages do not fit num_ctx loses its oldest messages, and
        # the system prompt with them when even the last user message barely fits
        patterns=(r"msg=\"truncating input messages which exceed context length\" truncated=(?P<truncated>\d{1,6})",),
        severity="warn",
        cause=("The chat's messages did not fit in the context Ollama allocated for the model (num_ctx, not the "
               "model's maximum context length), so it dropped {truncated} of them, the oldest first and the system "
               "prompt with them: the model answered without the instructions, documents or history it lost."),
        advice=("Load the model with a larger context: `\"options\": {\"num_ctx\": 16384}` in the API request (the "
                "front end's context length setting), `PARAMETER num_ctx 16384` in a Modelfile, or "
                "OLLAMA_CONTEXT_LENGTH=16384 in the server's environment (`sudo systemctl edit ollama`, the app's "
                "Settings > Context length on Windows and macOS, `-e` in a container), within what fits in VRAM; or "
                "send less (a shorter system prompt, fewer retrieved chunks, a trimmed history)."),
        action="configure",
        rules_out=("a GPU or driver fault", "a broken chat template"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6176", "https://github.com/ollama/ollama/issues/10980", FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-6176-truncating-input-messages-system-prompt.txt",
                  "ollama/ollama-10980-qwen-agent-system-prompt-truncated.txt"),
    ),
    Signature(
        code="ollama.system-prompt-ignored-described",
        cause_id="context-window-exceeded",
        kinds=("any",),
        # a person's words: Ollama (named on the line) ignores, forgets or drops a (long) system prompt or the start of
        # a conversation; most often the prompt no longer fits the context Ollama allocated and was cut
        patterns=(
            r"^(?=[^\n]{0,300}?\b[Oo]llama\b)(?=[^\n]{0,300}?\bsystem (?:prompt|message)s?\b)[^\n]{0,300}?"
            r"\b(?:ignor(?:e|es|ed|ing)|forg(?:et|ets|ot|etting)|drop(?:s|ped)|discard(?:s|ed))\b",
            r"^(?=[^\n]{0,300}?\b[Oo]llama\b)[^\n]{0,300}?\b(?:forg(?:et|ets|ot|etting)|los(?:es|t|ing))\b "
            r"(?:the |what (?:I|was) (?:said|sent) (?:at )?the )?(?:beginning|start|first part|earlier messages|"
            r"previous messages|conversation history|chat history)\b",
        ),
        severity="warn",
        cause=("The description suggests the prompt no longer fits the context Ollama allocated (num_ctx; by default "
               "2048 or 4096 tokens in many releases, often far below the model's maximum): Ollama then "
               "cuts the oldest part, the system prompt and the start of the conversation first."),
        advice=("Load the model with a larger context: `\"options\": {\"num_ctx\": 16384}` in the API request (the "
                "front end's context length setting), `PARAMETER num_ctx 16384` in a Modelfile, or "
                "OLLAMA_CONTEXT_LENGTH=16384 in the server's environment; `OLLAMA_DEBUG=1` shows \"truncating input\" "
                "in the server log when this is the cause."),
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/6090", FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-6090-long-system-prompt-ignored.txt",),
        described=True,
    ),
    Signature(
        code="ollama.onlyoffice-invalid-url-described",
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        # ONLYOFFICE's AI plugin and AI agent say only "Invalid URL" whenever they cannot fetch the model list from
        # the address given: a CORS-refused answer of an Ollama that does not allow the editor's origin most often,
        # but also a wrong address or a server that is not running (not a check of the URL's form)
        patterns=(r"^(?=[^\n]{0,300}?(?:ONLYOFFICE|OnlyOffice|Onlyoffice|\bAI[- ]agents?\b|\bAI plugin\b))[^\n]{0,300}?"
                  r"\b[Ii]nvalid URL\b",),
        severity="warn",
        cause=("ONLYOFFICE says \"Invalid URL\" whenever it cannot fetch the model list from the address given; with "
               "a local Ollama that answers `curl` the usual reason is that the Ollama server refuses the editor's "
               "origin (CORS)."),
        advice=("Check that the address answers first (`curl http://localhost:11434/api/tags` lists the models; the "
                "URL is the server's root, e.g. http://localhost:11434), then allow the editor's origin in the Ollama "
                "server's environment, OLLAMA_ORIGINS=* (or the Document Server's address), and restart Ollama: on "
                "Linux `Environment=\"OLLAMA_ORIGINS=*\"` in `sudo systemctl edit ollama.service`, then `sudo "
                "systemctl daemon-reload && sudo systemctl restart ollama`; on Windows and macOS set the variable for "
                "the user (`setx OLLAMA_ORIGINS \"*\"`, `launchctl setenv OLLAMA_ORIGINS \"*\"`) and quit and restart "
                "the Ollama app; in Docker pass `-e OLLAMA_ORIGINS=*`."),
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ONLYOFFICE/DesktopEditors/issues/2151",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-can-i-allow-additional-web-origins-to-access-ollama"),
        checked="2026-11-27",
        examples=("ollama/onlyofficedesktop-2151-invalid-url-ollama-origins.txt",),
        described=True,
    ),
)
