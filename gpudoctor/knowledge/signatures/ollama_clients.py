"""Ollama as its clients and its load log show it: apps that cannot reach the server, layers that do not fit.

Written blind for issue 25 (fifth round). The client lines are the words of the libraries people call Ollama
through: ollama-python's ConnectionError (ollama/_client.py, CONNECTION_ERROR_MESSAGE), aiohttp's
ClientConnectorError ("Cannot connect to host ... ssl:default [...]", Open WebUI and other Python apps), Node's
ECONNREFUSED, curl's exit 7, and Go's dialer on Windows when OLLAMA_HOST (the server's listen address 0.0.0.0) is
used as the address to connect to. The placement lines are llama.cpp's load_tensors ("offloaded N/M layers to GPU",
which Ollama's new engine prints too, ml/backend/ggml) and Ollama's own `msg=offload` plan (llm/memory.go, 0.1 to
0.11), whose memory.required.partial equals memory.required.full when every layer fits.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
_REACH_ADVICE = (
    "Check where the client looks and where the server listens. Start the server if it is not running (`ollama serve`, "
    "the Ollama app, or `sudo systemctl start ollama`) and test it with `curl http://127.0.0.1:11434`. If the client "
    "runs in a Docker container, localhost/127.0.0.1 is the container itself: point it at "
    "http://host.docker.internal:11434 (on Linux add `--add-host=host.docker.internal:host-gateway`) and make the "
    "host's Ollama listen beyond loopback with OLLAMA_HOST=0.0.0.0 (`sudo systemctl edit ollama`, "
    "Environment=\"OLLAMA_HOST=0.0.0.0\", then restart it). 0.0.0.0 is only for the server to listen on: a client "
    "connects to 127.0.0.1 or the server's own address. Refused at ::1 (Node 17 and later resolve localhost to IPv6 "
    "first, while Ollama listens on 127.0.0.1): write http://127.0.0.1:11434 instead of localhost in the client. A "
    "server that listens on 0.0.0.0 and still cannot be reached from another machine (or from a container on its "
    "host) is behind its firewall: open port 11434 there (`sudo ufw allow 11434/tcp`, or `sudo firewall-cmd "
    "--permanent --add-port=11434/tcp` and `sudo firewall-cmd --reload`; for containers `sudo ufw allow in on docker0 "
    "to any port 11434`; on Windows an inbound rule for TCP 11434 in Windows Defender Firewall). From another machine, "
    "or from WSL to Ollama on Windows, use the server host's IP address (http://192.168.x.y:11434; from WSL the "
    "Windows host's IP, or localhost with mirrored networking), never localhost. The Windows and macOS apps take "
    "OLLAMA_HOST=0.0.0.0 from the user's environment (`setx OLLAMA_HOST 0.0.0.0`, or `launchctl setenv OLLAMA_HOST "
    "0.0.0.0`), then quit and restart the app; `ss -ltnp | grep 11434` (or `netstat -ano | findstr 11434`) shows "
    "whether it listens on 127.0.0.1 only."
)

CLIENT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.app-cannot-reach-server",
        refines=("ollama.client-connection-refused",),  # on one line: 0.0.0.0 used as an address to connect to
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # ollama-python 0.4 and later, raised when httpx cannot connect at all
            r"Failed to connect to Ollama\. Please check that Ollama is downloaded, running and accessible",
            # the wordings of apps built on it (OpenUI, Continue, coding CLIs): the address they tried follows
            r"(?:Couldn't|Could not|Cannot|Unable to|Failed to) connect to (?:the |local )?Ollama(?: instance)? at "
            r"(?P<url>https?://[\w.\[\]:-]{1,80})",
            # the wording many front ends and scripts share (Continue, chat apps, agents) without an address after it
            r"(?:Failed|Unable) to connect to (?:the |your )?(?:local )?Ollama(?: (?:instance|server))?(?=[.:!,]|$)",
            # ChatOllama and apps worded like it
            r"is unable to establish a connection with (?P<url>https?://[\w.\[\]:-]{1,80})",
            # Open WebUI's notice when its backend gets no answer from OLLAMA_BASE_URL (most often localhost inside its
            # container)
            r"WebUI could not connect to Ollama",
            # Open WebUI's early notices when its backend got no answer from Ollama ("Connection Issue or Update Needed
            # ... We've detected either a connection hiccup or observed that you're using an older version"):
            # open-webui#802 (w48a)
            r"Connection Issue or Update Needed",
            r"detected either a connection hiccup",
            # Paperless-AI's setup page when its Ollama check fails (most often run in Docker, localhost its own
            # container): paperless-ai#48, #273, #456 (w49a)
            r"Ollama connection failed\. Please check URL and [Mm]odel",
            # Go's dialer on Windows when OLLAMA_HOST=0.0.0.0 is also the client's target
            r"dial tcp 0\.0\.0\.0:(?P<port>\d{1,5}): connectex: The requested address is not valid in its context",
            # ...and Python's (urllib3, httpx) on Windows, WSAEADDRNOTAVAIL for host 0.0.0.0
            r"host='0\.0\.0\.0', port=(?P<port>\d{1,5})\)[^\n]{0,300}?\[WinError 10049\]",
        ),
        severity="fail",
        cause="A program using Ollama found no Ollama server at the address it tried.",
        advice=_REACH_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/wandb/openui/issues/215", "https://github.com/ollama/ollama/issues/13136",
                 "https://github.com/ollama/ollama-python/issues/471", FAQ),
        checked="2026-11-26",
        examples=("ollama/continue-6036-unable-to-connect-local-ollama-instance.txt",),
    ),
    Signature(
        code="ollama.container-client-refused",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # aiohttp (Open WebUI, LangChain's async clients): the reason in brackets says refused or unresolved
            r"Cannot connect to host (?P<address>[\w.\[\]:-]{1,80}:11434) ssl:\w{1,10} \[(?P<reason>[^\]\n]{1,120})\]",
            # Node (AnythingLLM, chat UIs) and curl from inside a container
            r"connect ECONNREFUSED (?P<address>[\w.\[\]:-]{1,80}:11434)",
            # a timeout instead: a firewall drops the packets (ufw on the host, for a container's bridge address)
            r"connect ETIMEDOUT (?P<address>[\w.\[\]:-]{1,80}:11434)",
            # the JVM's (Spring's RestClient, LangChain4j), .NET's HttpClient and Rust's reqwest for Ollama's port
            r"I/O error on (?:POST|GET) request for \"https?://(?P<address>[\w.\[\]-]{1,80}:11434)[^\"\n]{0,100}\": "
            r"Connection refused",
            r"actively refused it\.? \((?P<address>[\w.\[\]-]{1,80}:11434)\)",
            r"error sending request for url \(https?://(?P<address>[\w.\[\]-]{1,80}:11434)[^)\n]{0,100}\)[^\n]{0,160}?"
            r"Connection refused",
            r"Failed to connect to (?P<address>[\w.-]{1,80} port 11434)(?: after \d+ ms)?: "
            # (curl's own words for its errors 6 and 7 read "Couldn't" in older releases, "Could not" in newer ones)
            r"(?P<reason>Connection refused|Could(?:n't| not) connect to server|Could(?:n't| not) resolve host)",
        ),
        severity="fail",
        cause=("A client could not open a connection to Ollama at {address}: nothing listens there for it (the server "
               "is down, listens on 127.0.0.1 only, or the address is the client's own container)."),
        advice=_REACH_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/Mintplex-Labs/anything-llm/issues/759",
                 "https://github.com/open-webui/open-webui/issues/209", "https://github.com/khoj-ai/khoj/issues/1100",
                 FAQ, "https://github.com/ollama/ollama/issues/4005", "https://github.com/intel/ipex-llm/issues/12999"),
        checked="2026-11-26",
        examples=("ollama/ipex-llm-12999-curl-11434-ollama-host-0000.txt",),
    ),
)

CLIENT_SIGNATURES += (
    Signature(
        code="ollama.client-requests-through-proxy",
        cause_id="ollama-client-proxy",
        kinds=("any",),
        patterns=(
            # the CLI's answer to an error status without Ollama's JSON body (api/client.go), and to an HTML page
            # (a proxy's) where it expected JSON; "pull model manifest: invalid character" is the server's pull
            r"Error: something went wrong, please see the [Oo]llama server logs for details",
            r"^\W{0,4}Error: invalid character '<' looking for beginning of value",
        ),
        severity="warn",
        cause=("The ollama command got an answer that was not its server's: most often the HTTP proxy in its "
               "environment (HTTP_PROXY, or a NO_PROXY that does not name the OLLAMA_HOST address) carries the "
               "client's requests to the local server and fails them."),
        advice=("Keep the proxy away from the client's requests: in the shell (or container) that runs the ollama "
                "command, `unset HTTP_PROXY http_proxy` or add the server's address to NO_PROXY (e.g. "
                "`NO_PROXY=localhost,127.0.0.1,0.0.0.0`); only the server needs HTTPS_PROXY, for pulls. With no proxy "
                "set, the server log holds the real error: `journalctl -u ollama --no-pager` (Linux service), "
                "~/.ollama/logs/server.log (macOS), %LOCALAPPDATA%\\Ollama\\server.log (Windows)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "reinstall ollama"),
        sources=("https://github.com/ollama/ollama/issues/4674", "https://github.com/ollama/ollama/issues/9211",
                 "https://github.com/ollama/ollama/issues/6195", "https://github.com/ollama/ollama/issues/2168",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-do-i-use-ollama-behind-a-proxy"),
        checked="2026-11-26",
        examples=("ollama/ollama-4674-compose-proxy-cli-something-went-wrong.txt",
                  "ollama/ollama-4834-http-proxy-in-container-cli.txt",
                  "ollama/ollama-9211-docker-proxy-unset-pull-works.txt"),
    ),
    Signature(
        code="ollama.local-request-502-through-proxy",
        cause_id="ollama-client-proxy",
        kinds=("any",),
        # A local server (Ollama on 11434, LM Studio, llama-server) answers its own errors with 4xx/500, never 502:
        # a 502 Bad Gateway for a loopback or :11434 address is a proxy's answer. httpx (the OpenAI and ollama Python
        # clients, LangChain, LiteLLM, GraphRAG) logs each request's status, and raise_for_status words the error.
        patterns=(
            r"HTTP Request: [A-Z]{3,7} https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|[\w.-]{1,100}:11434)"
            r"[^\s\"]{0,300} \"HTTP/1\.[01] 502 Bad Gateway\"",
            r"Server error '502 Bad Gateway' for url '?https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|"
            r"[\w.-]{1,100}:11434)",
            # aiohttp's ClientResponseError (Open WebUI, LiteLLM's async calls)
            r"\b502, message='Bad Gateway', url=(?:URL\()?'https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|"
            r"[\w.-]{1,100}:11434)",
            # the ollama Python client's ResponseError (the body, empty or a proxy's page, then the status) and
            # LangChain's Ollama LLM's ValueError: Ollama itself never answers 502
            r"ResponseError: [^\n]{0,300}\(status code: 502\)",
            r"ValueError: Ollama call failed with status code 502\b",
            # a proxy's other error pages of its own for a local URL (Privoxy's "500 Internal Privoxy Error"): httpx
            # quotes the status line, whose reason names the proxy
            r"(?:Server|Client) error '5\d\d [^'\n]{0,40}?(?:Privoxy|[Pp]roxy)[^'\n]{0,40}' for url '?https?://"
            r"(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|[\w.-]{1,100}:11434)",
        ),
        severity="fail",
        cause=("The client's requests to the local model server went through an HTTP proxy (HTTP_PROXY/HTTPS_PROXY/"
               "ALL_PROXY in its environment, or the system proxy of a VPN or proxy app), which cannot reach the local "
               "address and answers with an error of its own (502 Bad Gateway, Privoxy's 500 Internal Privoxy Error); "
               "the server never saw them."),
        advice=("Keep the proxy away from local requests: set NO_PROXY=localhost,127.0.0.1 (add the Ollama host's "
                "address if it is remote) in the environment of the program that calls Ollama, or unset HTTP_PROXY, "
                "HTTPS_PROXY and ALL_PROXY there; with a proxy app in system-proxy mode, turn it off or add localhost to "
                "its bypass list. On Windows `setx NO_PROXY localhost,127.0.0.1` (PowerShell for the session: "
                "`$env:NO_PROXY=\"localhost,127.0.0.1\"`) and reopen the terminal; in Python set "
                "os.environ[\"NO_PROXY\"] before the client is created; for an app in a container pass "
                "-e NO_PROXY=localhost,127.0.0.1,host.docker.internal (or noProxy in ~/.docker/config.json). "
                "`curl --noproxy '*' http://localhost:11434` shows the server itself answers."),
        action="configure",
        rules_out=("a GPU or driver fault", "the model server failing"),
        never_suggest=("reinstall the driver", "reinstall ollama", "restart ollama"),
        sources=("https://github.com/TheAiSingularity/graphrag-local-ollama/issues/21",
                 "https://github.com/ollama/ollama/issues/5437", "https://github.com/WEIFENG2333/VideoCaptioner/issues/562",
                 "https://www.python-httpx.org/environment_variables/", "https://github.com/gensyn-ai/rl-swarm/issues/515",
                 "https://github.com/langchain-ai/langchain/issues/20742",
                 "https://github.com/run-llama/llama_index/issues/14880"),
        checked="2026-11-27",
        examples=("ollama/graphrag-local-ollama-21-openai-client-502-global-proxy.txt",
                  "ollama/rl-swarm-515-ollama-python-502-global-proxy.txt",
                  "ollama/langchain-20742-ollama-call-failed-502-bashrc-proxy.txt",
                  "ollama/llamaindex-14880-privoxy-500-localhost-api-chat.txt"),
    ),
    Signature(
        code="ollama.server-proxy-not-listening",
        refines=("ollama.registry-unreachable",),
        refines_within=None,
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # Go's net/http dialing the proxy in HTTPS_PROXY ('proxyconnect tcp: dial tcp HOST:PORT: ...'): refused on
        # Linux, WSAECONNREFUSED's words on Windows; most often a local proxy or VPN client's port with nothing on it
        # (only on an Ollama pull's line: Docker and other Go tools print the same words)
        patterns=(r"(?:ollama\.(?:ai|com)|cloudflarestorage\.com|couldn't download blob)[^\n]{0,600}?proxyconnect tcp: "
                  r"dial tcp (?P<proxy>[^\s:]{1,100}:\d{1,5}): (?:connect: connection refused|connectex: No connection "
                  r"could be made)",),
        severity="fail",
        cause=("The Ollama server sends its pulls through the proxy at {proxy} (HTTPS_PROXY in its environment), and "
               "nothing accepts connections there: the proxy or VPN client is not running, or the address is wrong."),
        advice=("Start the proxy at that address, or correct or remove HTTPS_PROXY where the server reads it (`sudo "
                "systemctl edit ollama.service`, or the Windows user variables; `systemctl show ollama -p Environment` "
                "shows it), then restart the server (`sudo systemctl restart ollama` or the Ollama app) and pull again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/11483", "https://github.com/ollama/ollama/issues/7697", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-11483-pull-proxyconnect-refused-local-proxy.txt",),
    ),
    Signature(
        code="ollama.server-proxy-url-https-scheme",
        refines=("ollama.registry-unreachable",),
        refines_within=None,
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # Go's crypto/tls got a plain HTTP answer where it expected a TLS record: an https:// proxy URL for a proxy
        # that speaks HTTP (with 'proxyconnect tcp:'), or an intercepting proxy answering a pull in plain HTTP; only on
        # an Ollama pull's line, as Docker and other Go tools print the same words
        patterns=(
            r"(?:ollama\.(?:ai|com)|cloudflarestorage\.com|couldn't download blob)[^\n]{0,600}?tls: first record does "
            r"not look like a TLS handshake",
        ),
        severity="fail",
        cause=("The Ollama server spoke TLS to its proxy, but the proxy answers in plain HTTP: HTTPS_PROXY is written "
               "with https:// for a proxy that takes http://."),
        advice=("Write the proxy URL with http:// (the scheme of the proxy, not of the registry): `sudo systemctl edit "
                "ollama.service`, set `Environment=\"HTTPS_PROXY=http://proxy:port\"` under [Service], then `sudo "
                "systemctl daemon-reload && sudo systemctl restart ollama` (Windows: the user variable HTTPS_PROXY, "
                "then restart the Ollama app)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/729", "https://github.com/ollama/ollama/issues/6952", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-729-blob-proxy-tls-first-record.txt",),
    ),
)

CLIENT_SIGNATURES += (
    Signature(
        code="ollama.app-model-connection-refused",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # RAGFlow's model check (hint 102) when the model server's address refuses the connection; most often
            # Ollama on the host listening on 127.0.0.1 while RAGFlow runs in Docker
            r"Fail to access model ?\((?P<model>[^)\n]{1,80})\)\.? ?(?:\*\*)?ERROR(?:\*\*)?: (?:CONNECTION_ERROR -)?"
            r"[^\n]{0,80}?(?:\[Errno 111\] Connection refused|\[WinError 10061\]|\[Errno 99\] Cannot assign requested)",
            # LiteLLM's Ollama providers (RAGFlow, CrewAI, Open Interpreter, aider and other agents call Ollama
            # through it)
            # (Errno 99: localhost resolved to ::1 where the container has no IPv6, the same wrong address; w39f)
            r"Ollama(?:_chat)?Exception - (?:\[Errno 111\] Connection refused|\[WinError 10061\]|"
            r"\[Errno 99\] Cannot assign requested address|Cannot connect to host|All connection attempts failed)",
        ),
        severity="fail",
        cause=("The application could not open a connection to the Ollama server at the address it was given: "
               "nothing listens there for it (the server is down, listens on 127.0.0.1 only, or the address is the "
               "application's own container)."),
        advice=_REACH_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/infiniflow/ragflow/issues/5090", "https://github.com/infiniflow/ragflow/issues/612",
                 "https://github.com/infiniflow/ragflow/issues/333", "https://github.com/infiniflow/ragflow/issues/9866",
                 "https://github.com/infiniflow/ragflow/issues/1192", FAQ),
        checked="2026-11-27",
        examples=("ollama/ragflow-5090-deepseek-errno-111-ollama-host-0000.txt",
                  "ollama/ragflow-612-fail-to-access-llama3-instruct-refused.txt",
                  "ollama/ragflow-333-mistral-hint-102-connection-refused.txt",
                  "ollama/ragflow-1192-errno-111-localhost-in-container.txt"),
    ),
)
