"""Issue 25 (helper r15b): a client in a container that names its own loopback as Ollama's address, in its own words.

AnythingLLM refuses to save an Ollama base URL of localhost, 127.0.0.1 or 0.0.0.0 when it runs in its Docker image
("... origins cannot be reached from inside the Anything LLM container"): inside a container those addresses are the
container itself, not the host where Ollama runs.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.container-app-loopback-address",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(r"origins cannot be reached from inside the Anything ?LLM container",),
        severity="fail",
        cause=("The app runs in a Docker container and was given localhost, 127.0.0.1 or 0.0.0.0 as Ollama's address: "
               "inside the container that is the container itself, so it never reaches the Ollama on the host."),
        advice=("Give the app the host's address instead: http://host.docker.internal:11434 (Docker Desktop provides "
                "the name; on Linux start the container with `--add-host=host.docker.internal:host-gateway` or "
                "`extra_hosts: [\"host.docker.internal:host-gateway\"]` in compose, never mapped to 127.0.0.1), or the "
                "host's LAN IP. Make the host's Ollama listen beyond loopback with OLLAMA_HOST=0.0.0.0 (`sudo systemctl "
                "edit ollama`, Environment=\"OLLAMA_HOST=0.0.0.0\", then restart it; on Windows and macOS set it for the "
                "user and restart the app), and check from inside the container with `curl "
                "http://host.docker.internal:11434`, which prints 'Ollama is running'. If Ollama runs in a container "
                "too, put both on one compose network and use http://ollama:11434."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/Mintplex-Labs/anything-llm/issues/633", "https://github.com/wandb/openui/issues/215", FAQ),
        checked="2026-11-26",
        examples=("ollama/anythingllm-633-container-loopback-origins.txt",),
    ),
)
