"""Issue 25 (helper w19a): an app in a container that cannot reach the host's Ollama, read in its container context.

Node apps (n8n, AnythingLLM, Flowise, chat UIs), Python apps (Open WebUI, RAGFlow, LangChain and LangGraph services)
and Go backends report only that nothing answered at the Ollama address they were given: ECONNREFUSED, "Connection
refused", "Failed to connect to Ollama". On a host that is a server not started, and the generic client rows say so;
where the text puts the app in a container (a docker run or compose file, Docker Desktop, host.docker.internal, the
person saying it runs in Docker: contexts.py "container-app"), localhost and 127.0.0.1 are the container itself, and
a host's Ollama that listens on 127.0.0.1 only (its default) refuses the Docker bridge as well.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_breadth13d import BREADTH13D_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_clients import CLIENT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_round14 import ROUND14_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_runtime import RUNTIME_SIGNATURES

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# The generic rows that read a client's failed reach of Ollama (server down, wrong address), whose lines mean the
# container's own loopback where the text shows the app runs in a container.
_REACH_ROWS = ("ollama.app-cannot-reach-server", "ollama.container-client-refused", "ollama.client-connection-refused",
               "ollama.app-model-connection-refused", "ollama.app-ollama-fetch-failed",
               # a Docker bridge's gateway (172.18.0.1 and up) falls in the private range the LAN row reads (w29a)
               "ollama.lan-client-refused")
_GENERIC = {row.code: row for row in (*CLIENT_SIGNATURES, *RUNTIME_SIGNATURES, *BREADTH13D_SIGNATURES,
                                      *ROUND14_SIGNATURES)
            if row.code in _REACH_ROWS}

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.container-app-cannot-reach-host-ollama",
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        # the generic rows' own lines, read where the text shows a container
        patterns=tuple(pattern for code in _REACH_ROWS for pattern in _GENERIC[code].patterns),
        contexts=("container", "container-app"),
        refines=_REACH_ROWS,
        severity="fail",
        cause=("An app found no Ollama at the address it was given, where containers are involved: inside a container "
               "localhost and 127.0.0.1 are the container itself, not the host where Ollama runs, and a host's Ollama "
               "that listens on 127.0.0.1:11434 only (its default) refuses connections from the Docker bridge too."),
        advice=("Give the app the host's address, not localhost: http://host.docker.internal:11434 (Docker Desktop "
                "provides the name; on Linux start the container with `--add-host=host.docker.internal:host-gateway`, "
                "or `extra_hosts: [\"host.docker.internal:host-gateway\"]` in compose), or the host's LAN IP; or run the "
                "app with the host's network (`docker run --network=host`, compose `network_mode: host`), where "
                "localhost is the host. Make the host's Ollama listen beyond loopback with OLLAMA_HOST=0.0.0.0 "
                "(`sudo systemctl edit ollama.service`, Environment=\"OLLAMA_HOST=0.0.0.0\" under [Service], then "
                "`sudo systemctl daemon-reload && sudo systemctl restart ollama`; on Windows and macOS set it for the "
                "user and restart the app), and allow port 11434 from the Docker bridge in the host's firewall if one "
                "runs (`sudo ufw allow in on docker0 to any port 11434`). If Ollama runs in a container too, put both "
                "on one compose network and use http://ollama:11434; if only Ollama runs in one, publish its port "
                "(`-p 11434:11434`, shown by `docker ps`) for the app on the host. From inside the app's container, `curl "
                "http://host.docker.internal:11434` prints 'Ollama is running' once it works."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://docs.docker.com/desktop/features/networking/#i-want-to-connect-from-a-container-to-a-service-on-the-host",
                 FAQ, "https://github.com/wandb/openui/issues/215",
                 "https://github.com/Mintplex-Labs/anything-llm/issues/759"),
        checked="2026-11-27",
        examples=("ollama/openui-215-container-127-0-0-1-is-itself.txt",
                  "ollama/anythingllm-759-econnrefused-docker-bridge-loopback.txt",
                  "ollama/llocalsearch-36-compose-localhost-dial-refused.txt",
                  "ollama/openwebui-802-connection-issue-or-update-needed-docker.txt",
                  # Paperless-AI's setup check in a container on Docker's bridge network (paperless-ai#273, w49a)
                  "ollama/paperlessai-273-container-bridge-network-ollama-connection-failed.txt"),
    ),
)
