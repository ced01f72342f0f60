"""Issue 25 (helper r15b): clients that report in their own words why they cannot use Ollama.

A browser page, extension or add-on that calls Ollama learns nothing of a refused origin: the browser engine hides
the 403 (or the missing Access-Control-Allow-Origin header) behind its generic fetch failure, "TypeError: Failed to
fetch" in Chrome, "NetworkError when attempting to fetch resource." in Firefox and Thunderbird, "Load failed" in
Safari, which the client prefixes with its own words about Ollama ("Ollama API request failed: ...").

AnythingLLM refuses to save an Ollama base URL of localhost, 127.0.0.1 or 0.0.0.0 when it runs in its Docker image
("... origins cannot be reached from inside the Anything LLM container"): inside a container those addresses are the
container itself, not the host where Ollama runs.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.browser-client-fetch-failed",
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        patterns=(
            # the client names Ollama, then the browser engine's fetch failure (not Node's server-side "fetch failed")
            r"\b[Oo]llama\b[^\n]{0,160}?(?:\bTypeError: (?:Failed to fetch|Load failed)\b|"
            r"NetworkError when attempting to fetch resource)",
        ),
        severity="fail",
        cause=("A client running in a browser engine (a web page, a browser extension, a Thunderbird or Obsidian add-on) "
               "got no usable answer from Ollama: most often Ollama refused the client's origin (403 without an "
               "Access-Control-Allow-Origin header), which the browser reports only as a network error; otherwise "
               "nothing answers at the address the client uses."),
        advice=("Check the server answers first: `curl http://127.0.0.1:11434` prints 'Ollama is running' (if not, start "
                "Ollama or fix the client's Ollama URL). Then allow the client's origin in the Ollama server's "
                "environment with OLLAMA_ORIGINS (moz-extension://* for Firefox and Thunderbird add-ons, "
                "chrome-extension://* for Chrome's, app://obsidian.md* for Obsidian, the page's own origin such as "
                "https://app.example.com for a hosted web UI, or * for any) and restart the server: on Linux `sudo "
                "systemctl edit ollama.service`, add `Environment=\"OLLAMA_ORIGINS=moz-extension://*\"` under [Service], "
                "then `sudo systemctl daemon-reload && sudo systemctl restart ollama`; on Windows a user or system "
                "environment variable, then quit and restart the Ollama app; on macOS `launchctl setenv OLLAMA_ORIGINS "
                "\"moz-extension://*\"` and restart the app; in Docker `-e OLLAMA_ORIGINS=...`. The browser's console "
                "(Ctrl+Shift+J) shows the CORS line with status 403 when this is the cause. A page served over https "
                "cannot call Ollama over plain http: serve both the same way."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/micz/ThunderAI/issues/320", "https://github.com/micz/ThunderAI/issues/228",
                 "https://github.com/micz/ThunderAI/issues/136", "https://github.com/lobehub/lobehub/issues/6082", FAQ),
        checked="2026-11-26",
        examples=("ollama/thunderai-320-networkerror-cors-not-set.txt", "ollama/thunderai-228-fetch-models-networkerror-cors.txt"),
    ),
    Signature(
        code="ollama.container-app-loopback-address",
        cause_id="ollama-unreachable-from-container",
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
