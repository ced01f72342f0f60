"""Issue 25, rows for the families the blind sets 14 to 24 missed (w25d): apps in containers that cannot reach the
host's Ollama (rows of the ollama area, joined into the catalogue by signatures/__init__.py).

RAGFlow, Dify, MaxKB, FastGPT and their kind are deployed with Docker Compose; their settings page adds "an Ollama
model" by URL. Given http://localhost:11434 or http://127.0.0.1:11434, the app's container calls itself; given the
host's address while Ollama listens on 127.0.0.1 only (OLLAMA_HOST's default), the host refuses the bridge. Both are
answered the same way in the apps' threads: http://host.docker.internal:11434 (Docker Desktop names the host so; on
Linux with --add-host=host.docker.internal:host-gateway) or the host's LAN address, and OLLAMA_HOST=0.0.0.0 on the
host (Ollama's FAQ; RAGFlow's "Deploy a local LLM" guide). RAGFlow's own "Fail to access model" line is
ollama_clients.py's ollama.app-model-connection-refused, whose advice says the same.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"

_CONTAINER_ADVICE = (
    "In the app's model settings give Ollama's address as the host seen from the container, not localhost: "
    "http://host.docker.internal:11434 (Docker Desktop on Windows and macOS; on Linux add "
    "`extra_hosts: [\"host.docker.internal:host-gateway\"]` to the app's compose service, or "
    "`--add-host=host.docker.internal:host-gateway`), or the host's LAN IP. Make the host's Ollama listen beyond "
    "loopback: OLLAMA_HOST=0.0.0.0 (Linux: `sudo systemctl edit ollama.service`, Environment=\"OLLAMA_HOST=0.0.0.0\", "
    "then restart it; Windows: a user environment variable, then restart the Ollama app; macOS: `launchctl setenv "
    "OLLAMA_HOST 0.0.0.0`). `curl http://host.docker.internal:11434` from inside the app's container (`docker exec`) "
    "prints 'Ollama is running' once it can reach it; a host firewall must allow port 11434 from the Docker bridge.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.add-ollama-model-fails-described",
        described=True,
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        patterns=(
            # "can't add ollama model.", "unable to add an Ollama model", "Ollama model cannot be added": the settings
            # page of a containerised app (Dify, RAGFlow, MaxKB, FastGPT) failing its check of the Ollama URL
            r"\b(?:[Cc]an'?t|[Cc]an ?not|[Cc]annot|[Uu]nable to|[Cc]ould ?n'?t|[Cc]ould not|[Ff]ail(?:s|ed)? to|[Ff]ailing to)"
            r" add (?:an? |the |my |local |a local )?[Oo]llama (?:(?:models?|providers?|LLMs?|as (?:a )?(?:model|provider))\b|"
            r"(?:in|to|into) (?:Dify|RAGFlow|ragflow|MaxKB|FastGPT|Flowise|Langflow|LobeChat|n8n|AnythingLLM)\b)",
            r"\b[Oo]llama (?:models?|providers?) (?:can'?t|cannot|could ?n'?t|could not) be added\b",
            # "添加模型Ollama失败", "ollama模型添加失败", "无法添加ollama"
            r"添加模型[^\n]{0,8}?[Oo]llama[^\n]{0,20}?(?:失败|报错|无效)",
            r"[Oo]llama[^\n]{0,8}?(?:模型)?添加失败",
            r"(?:无法添加|不能添加)[^\n]{0,6}?[Oo]llama",
        ),
        severity="warn",
        cause=("The description suggests an app in a container (Dify, RAGFlow, MaxKB and their kind run under "
               "Docker) whose check of the Ollama URL fails: localhost and 127.0.0.1 there are the app's own "
               "container, and a host Ollama listening on 127.0.0.1 only refuses the Docker bridge."),
        advice=_CONTAINER_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/langgenius/dify/issues/3090", "https://github.com/1Panel-dev/MaxKB/issues/144",
                 FAQ),
        checked="2026-11-27",
        examples=("ollama/dify-3090-add-ollama-127-0-0-1-docker.txt",),
    ),
)
