"""Issue 25, w39f: front ends whose requests an Ollama server refuses for their origin, in the front ends' own words.

LobeChat checks its Ollama provider from the browser and, when the fetch fails, shows one message for two causes
("please check whether your ollama service is available or set the CORS rules", in its Chinese UI "请检查 Ollama
是否运行正常，或是否正确设置 Ollama 的跨域配置"); the answer its maintainers and users give, and that fixes it where the
server answers curl, is OLLAMA_ORIGINS (with OLLAMA_HOST=0.0.0.0 where LobeChat runs on another machine or in a
container). Browser extensions and plug-ins that call Ollama's port report only the status, "HTTP 403: Forbidden": the
server's CORS check (server/routes.go, gin-contrib/cors) answers 403 to an Origin it does not allow before any handler
runs, so a 403 from Ollama's own port is that check.

MaxKB (installed as a Docker container) answers "API 域名无效" ("API domain invalid") when it cannot list the models of
the Ollama server at the API domain it was given (its Ollama provider's get_base_model_list, the server's /api/tags):
from inside its container, localhost and 127.0.0.1 are the container itself, and a host's Ollama on 127.0.0.1 refuses
the Docker bridge.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ_ORIGINS = "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-can-i-allow-additional-web-origins-to-access-ollama"
_ORIGINS_ADVICE = (
    "Allow the front end's origin on the Ollama server with OLLAMA_ORIGINS and restart it: on Linux `sudo systemctl "
    "edit ollama.service`, add `Environment=\"OLLAMA_ORIGINS=*\"` under [Service] (or the exact origins, e.g. "
    "chrome-extension://*,moz-extension://*), then `sudo systemctl daemon-reload && sudo systemctl restart ollama`; on "
    "macOS `launchctl setenv OLLAMA_ORIGINS \"*\"`, on Windows a user environment variable, then quit and restart the "
    "Ollama app (a reboot also does); in Docker pass `-e OLLAMA_ORIGINS=*`. Where the front end runs on another machine "
    "or in a container, also set OLLAMA_HOST=0.0.0.0 the same way and give it the server's address, not localhost. A page "
    "served over https cannot call an http Ollama: serve both over the same scheme or use the front end's server-side "
    "(proxy) mode."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.lobechat-check-cors-or-unreachable",
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        patterns=(
            # LobeChat's OllamaServiceUnavailable body (its English and Chinese wording), the provider check's answer
            r"please check whether your [Oo]llama service is available or set the CORS rules",
            r"是否正确设置 ?Ollama ?的跨域配置",
            r"response\.OllamaServiceUnavailable",
        ),
        severity="fail",
        cause=("The front end's request to Ollama failed in the browser: most often the server refuses its origin "
               "(Ollama allows only localhost origins by default), less often it does not answer at that address at "
               "all."),
        advice=_ORIGINS_ADVICE + (" If `curl http://SERVER:11434` does not print 'Ollama is running' from where the "
                                  "front end runs, fix the address first (start the server, or OLLAMA_HOST=0.0.0.0 and "
                                  "the host's IP instead of 127.0.0.1)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "ollama pull"),
        sources=("https://github.com/lobehub/lobehub/issues/5409", "https://github.com/lobehub/lobehub/issues/2187",
                 "https://github.com/lobehub/lobehub/issues/1821", "https://github.com/lobehub/lobehub/issues/6082",
                 FAQ_ORIGINS),
        checked="2026-11-27",
        examples=("ollama/lobehub-5409-ollama-check-cors-rules-service-host.txt",),
    ),
    Signature(
        code="ollama.local-port-403",
        contexts=("ollama-api",),  # only where the text shows the request went to Ollama (its port, routes, commands)
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        patterns=(
            # a plug-in's or client's bare status for the request it made to Ollama
            r"HTTP 403:? Forbidden\b",
            r"\[403:fetchError\]",
            # the status on the same line as Ollama's port ("http://127.0.0.1:11434 本地模型拉取403")
            # (not a duration or size that happens to be 403, nor the browser console's "403 (Forbidden)", which
            # ollama.origin-not-allowed reads)
            r":11434/?[^\s]{0,60}\s[^\n]{0,60}?(?<![\d.])403(?![\d.]| ?(?:ms|s|KB|MB|B|bytes)\b| \(Forbidden\))",
        ),
        severity="fail",
        cause=("The Ollama server answered 403 Forbidden: its CORS check refuses requests whose Origin it does not "
               "allow (a browser extension, a plug-in, a web page on another host), before any model is involved."),
        advice=_ORIGINS_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault", "a server that is not running"),
        never_suggest=("reinstall the driver", "update the driver", "ollama pull"),
        sources=("https://github.com/xiao-zaiyi/illa-helper/issues/64", "https://github.com/intel/ipex-llm/issues/11916",
                 "https://github.com/ollama/ollama/issues/6489", "https://github.com/ollama/ollama/issues/2308",
                 FAQ_ORIGINS),
        checked="2026-11-27",
        examples=("ollama/illa-helper-64-localhost-11434-http-403-forbidden.txt",),
    ),
    Signature(
        code="ollama.maxkb-api-domain-invalid",
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        # MaxKB's AppApiException when listing the Ollama server's models fails (not "Bing API 域名无效" and the like)
        patterns=(r"(?<!Bing )(?<!手动 )(?<!上游 )API ?域名无效",),
        severity="fail",
        cause=("MaxKB could not list the models of the Ollama server at the API domain it was given: MaxKB runs in a "
               "Docker container, where localhost and 127.0.0.1 are the container itself, and a host's Ollama that "
               "listens on 127.0.0.1 only (its default) refuses the container too."),
        advice=("Give MaxKB the host's address as the API domain, not localhost: http://host.docker.internal:11434 "
                "(Docker Desktop; on Linux start MaxKB with `--add-host=host.docker.internal:host-gateway`) or the "
                "host's LAN IP, and make the host's Ollama listen beyond loopback with OLLAMA_HOST=0.0.0.0 (`sudo "
                "systemctl edit ollama.service`, Environment=\"OLLAMA_HOST=0.0.0.0\" under [Service], then `sudo "
                "systemctl daemon-reload && sudo systemctl restart ollama`; on Windows a user environment variable, "
                "then restart the app). `docker exec -it maxkb curl http://host.docker.internal:11434` prints 'Ollama is "
                "running' once MaxKB can reach it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/1Panel-dev/MaxKB/issues/175", "https://github.com/1Panel-dev/MaxKB",
                 "https://docs.docker.com/desktop/features/networking/#i-want-to-connect-from-a-container-to-a-service-on-the-host"),
        checked="2026-11-27",
        examples=("ollama/maxkb-175-api-domain-invalid-ollama.txt",),
    ),
)
