"""Issue 25, w39f: front ends whose requests an Ollama server refuses for their origin, in the front ends' own words.

LobeChat checks its Ollama provider from the browser and, when the fetch fails, shows one message for two causes
("please check whether your ollama service is available or set the CORS rules", in its Chinese UI "请检查 Ollama
是否运行正常，或是否正确设置 Ollama 的跨域配置"); the answer its maintainers and users give, and that fixes it where the
server answers curl, is OLLAMA_ORIGINS (with OLLAMA_HOST=0.0.0.0 where LobeChat runs on another machine or in a
container). Browser extensions and plug-ins that call Ollama's port report only the status, "HTTP 403: Forbidden": the
server's CORS check (server/routes.go, gin-contrib/cors) answers 403 to an Origin it does not allow before any handler
runs, so a 403 from Ollama's own port is that check.
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
            r":11434/?[^\s]{0,60}\s[^\n]{0,60}?(?<!\d)403(?!\d)",
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
)
