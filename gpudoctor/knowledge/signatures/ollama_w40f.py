"""Issue 25, w40f: a Node.js client that gives up on a slow local model at five minutes, and a /tmp that may not run
Ollama's runner, in people's words (rows of the ollama area).

Node's built-in fetch (undici) aborts a request whose response headers have not arrived within its headersTimeout,
300 seconds by default, whatever timeout the app itself sets. Ollama (and any OpenAI-compatible server) sends the
headers of a non-streamed answer only when generation ends, so a local model that needs more than five minutes (on a
CPU, partly offloaded, a long RAG prompt) fails at exactly five minutes: "TypeError: fetch failed" with
"HeadersTimeoutError: Headers Timeout Error" (UND_ERR_HEADERS_TIMEOUT) as its cause, in ollama-js, Karakeep (Hoarder),
LangChain.js and the agents built on them; Ollama's own log shows the request ending with 500 after 5m0s. Streaming the
answer (headers come at once), a fetch with a longer headersTimeout (an undici Agent, the app's fetch-timeout setting
such as Karakeep's INFERENCE_FETCH_TIMEOUT_SEC) or a faster model fixes it; the server is not down.

Ollama releases that extract their runners (0.1.x, and those before the runners moved beside the binary in lib/ollama)
put them under /tmp (OLLAMA_TMPDIR) and run them from there; where /tmp is mounted noexec, or a security policy forbids executables there, the runner cannot start. The
tool's own lines are ollama.tmpdir-unusable's; people also say it in their words ("our policy forbids running
executables in /tmp", "I have set /tmp to nodev,nosuid,noexec"), or show the fstab line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

UNDICI_TIMEOUTS = "https://undici.nodejs.org/#/docs/api/Client?id=parameter-clientoptions"
OLLAMA_TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.node-client-headers-timeout",
        cause_id="client-timeout-slow-local-model",
        kinds=("any",),
        patterns=(
            # undici's error (the cause under "TypeError: fetch failed") and its code, as Node prints them.
            r"\bHeadersTimeoutError: Headers Timeout Error\b",
            r"\bUND_ERR_HEADERS_TIMEOUT\b",
        ),
        # The app's own "Ollama ... TypeError: fetch failed" a few lines above reads as a server not answering.
        refines=("ollama.app-ollama-fetch-failed",),
        refines_within=40,
        severity="fail",
        cause=("The Node.js client gave up after undici's 300-second headersTimeout: the model server sends the headers "
               "of a non-streamed answer only when generation ends, and this answer took longer than five minutes; "
               "the server itself is running."),
        advice=("Keep the answer within the client's wait, or lengthen the wait: stream the response (`stream: true`; "
                "headers then arrive at once and tokens keep the connection alive), or give the client a fetch with a "
                "longer headersTimeout (an undici `Agent({ headersTimeout: 0, bodyTimeout: 0 })` passed as the "
                "client's fetch; in Karakeep set INFERENCE_FETCH_TIMEOUT_SEC with INFERENCE_JOB_TIMEOUT_SEC), and "
                "make generation faster: the whole model on the GPU (`ollama ps` shows 100% GPU), a smaller model or "
                "quantization, a shorter prompt. The app's own timeout setting does not lift this five-minute limit."),
        action="configure",
        rules_out=("a stopped or unreachable Ollama server: it answered, too slowly",),
        never_suggest=("reinstall the driver", "change OLLAMA_HOST"),
        sources=("https://github.com/ollama/ollama-js/issues/144", "https://github.com/ollama/ollama-js/issues/103",
                 "https://github.com/ollama/ollama-js/pull/221", "https://github.com/karakeep-app/karakeep/pull/656",
                 "https://github.com/devswha/patina/issues/576", UNDICI_TIMEOUTS),
        checked="2026-11-28",
        examples=("ollama/ollamajs-144-undici-headers-timeout-five-minutes.txt",),
    ),
    Signature(
        code="ollama.tmp-noexec-described",
        described=True,
        cause_id="ollama-tmpdir-unusable",
        kinds=("any",),
        patterns=(
            # "I have set /tmp to nodev,nosuid,noexec", an fstab line "tmpfs /tmp tmpfs defaults,...,noexec"
            r"(?<![\w/.-])/tmp\b[^\n]{0,60}?\bnoexec\b",
            # "noexec on /tmp", "mounted noexec for /tmp"
            r"\bnoexec\b[^\n]{0,40}?\b(?:on|for|at) [`'\"]?/tmp\b",
            # "our policy forbids running executables in /tmp", "configured to ban any executable executions under
            # `/tmp`", "executables are not allowed in /tmp"
            r"\b(?:[Ff]orbids?|[Ff]orbidden|[Bb]ans?|[Bb]anned|[Pp]rohibits?|[Pp]rohibited|[Dd]isallows?|[Bb]locks?) "
            r"[^\n]{0,40}?\bexecut\w{0,8}\b[^\n]{0,40}?\b(?:in|under|from|on) [`'\"]?/tmp\b",
            r"\bexecut\w{0,8} (?:is |are )?(?:not allowed|forbidden|prohibited|blocked|banned) (?:in|under|from|on) "
            r"[`'\"]?/tmp\b",
        ),
        contexts=("ollama",),
        severity="warn",
        cause=("The description suggests /tmp may not run programs (mounted noexec, or a security policy), and this "
               "Ollama extracts its runner there and runs it from there, so the runner cannot start."),
        advice=("Point Ollama at a temporary directory that allows execution: set OLLAMA_TMPDIR in the server's "
                "environment (`sudo systemctl edit ollama.service`, then `[Service]` and "
                "`Environment=\"OLLAMA_TMPDIR=/usr/share/ollama/tmp\"`, a directory the service's user owns), then "
                "`sudo systemctl daemon-reload && sudo systemctl restart ollama`; or update Ollama: current releases run "
                "the runner from their install directory (lib/ollama) instead of extracting it to /tmp."),
        action="configure",
        rules_out=("the GPU or its driver",),
        never_suggest=("reinstall the driver", "remount /tmp"),
        sources=("https://github.com/ollama/ollama/issues/4229",
                 "https://github.com/ollama/ollama/pull/4241", OLLAMA_TROUBLESHOOTING),
        checked="2026-11-28",
        examples=("ollama/ollama-4229-noexec-tmp-fork-exec-denied.txt",),
    ),
)
