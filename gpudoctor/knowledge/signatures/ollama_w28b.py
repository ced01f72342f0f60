"""Issue 25 (helper w28b): Dify, in its Docker deployment, refused by Ollama's port when it validates the model.

Dify checks a new Ollama model by calling it from its api container and prints requests' failure after "An error
occurred during credentials validation:". Refused at port 11434, whatever the host (localhost, 127.0.0.1 or 0.0.0.0 are
the container itself; 172.17.0.1 or the LAN IP reach the host, where Ollama listens only on 127.0.0.1 by default), the
reading is the same: the app in a container does not reach the host's Ollama. Dify's own documentation quotes the
error in lower case ("httpconnectionpool(host=127.0.0.1, port=11434): max retries exceeded"), and people paste that
form too. The generic reading of the same line (ollama.client-connection-refused: start the server) misses that the
server runs; the container cannot reach it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_DIFY_OLLAMA = "https://docs.dify.ai/development/models-integration/ollama"
_FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.dify-container-refused-by-ollama",
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        refines=("ollama.client-connection-refused", "ollama.lan-client-refused"),
        patterns=(
            r"credentials validation: HTTPConnectionPool\(host='(?P<address>[^'\s]{1,80})', port=11434\): Max retries "
            r"exceeded[^\n]{0,300}?Connection refused",
            r"httpconnectionpool ?\(host=(?P<address>[\w.:-]{1,80}), port=11434\): max retries exceeded",
        ),
        severity="fail",
        cause="Dify could not reach Ollama at {address}:11434 from its container: in Docker, localhost and 127.0.0.1 are "
              "the container itself, and the host's Ollama listens only on 127.0.0.1 unless told otherwise.",
        advice=("Give Dify the host's address as the base URL, not localhost: http://host.docker.internal:11434 (Docker "
                "Desktop on Windows and macOS; on Linux add `extra_hosts: [\"host.docker.internal:host-gateway\"]` to "
                "the api and worker services, or use the host's LAN IP or 172.17.0.1), and make Ollama listen on all "
                "interfaces: OLLAMA_HOST=0.0.0.0 (Linux: `sudo systemctl edit ollama`, Environment=\"OLLAMA_HOST=0.0.0.0\" "
                "under [Service], then `sudo systemctl restart ollama`; macOS app: `launchctl setenv OLLAMA_HOST "
                "\"0.0.0.0\"` and restart Ollama; Windows: a user environment variable OLLAMA_HOST=0.0.0.0, then quit "
                "and restart Ollama), letting port 11434 through the host firewall. Where Dify runs from source on the "
                "same host, http://localhost:11434 works once Ollama runs."),
        action="configure",
        rules_out=("a GPU or driver fault", "a stopped Ollama server"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/langgenius/dify/issues/2905",
                 "https://blog.csdn.net/waterice0717/article/details/147961147", _DIFY_OLLAMA, _FAQ),
        checked="2026-11-27",
        examples=("ollama/dify-2905-docs-error-127-0-0-1-ollama-host.txt",
                  "ollama/csdn-dify-credentials-validation-ollama-loopback.txt"),
    ),
)
