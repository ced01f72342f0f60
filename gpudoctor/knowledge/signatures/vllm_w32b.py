"""Issue 25, w32b: SGLang serving a multimodal model whose processor this installation never registered.

SGLang (python/sglang/srt/managers/multimodal_processor.py, get_mm_processor) looks the checkpoint's architecture up
among the multimodal processors it imported at start-up and raises "No processor registered for architecture: [...]"
with the list it has. Two things leave the model's processor out: a release (or image tag) older than the model
(sglang#7845 on 0.4.6.post1; GLM-OCR on releases without it), or a processor module that failed to import in this
build, which SGLang logs as "Ignore import error when loading sglang.srt.multimodal.processors..." and skips (a
missing torchcodec in a nightly image, sgl_kernel's FA3 import in the DGX Spark image, sglang#12134). The cause id is
the one the catalogue gives SGLang's missing architectures (vllm.sglang-architecture-unsupported): the installation
cannot serve the model, a newer release or image can.

Two rows read the addresses a server binds and calls. SGLang's warm-up (_wait_and_warmup, later
_execute_server_warmup) sends requests to its own --host address with `requests`, which honours http_proxy; where
no_proxy does not name that address (0.0.0.0 above all) the proxy answers, 502 or 403, and the server is declared
failed (sglang#9814, #9155, #2468; sglang#7341 bypasses the proxy there). A proxied request shows in urllib3's debug
line as an absolute URL ("GET http://0.0.0.0:30000/get_model_info HTTP/1.1" 403). The cause id is the one of the
same fault with Ollama's client (ollama-client-proxy: a client's requests to a local server sent through the proxy,
fixed by NO_PROXY). And ZMQ cannot bind an address the node does not hold: in multi-node vLLM and SGLang set-ups one
node's IP (--dist-init-addr, VLLM_NIXL_SIDE_CHANNEL_HOST, a data-parallel address) reaches a process on another
(ai-dynamo/dynamo#2706, sglang#4877; sglang#8249 and #13686 bind worker-side sockets locally); an interface problem
of the multi-node set-up, nccl-network-config, as vllm.gloo-connect-failed. The last row reads uvicorn's own bind
failure (the HTTP server of vLLM, SGLang, llama-cpp-python, LiteLLM, FastChat) for an address the machine lacks: a
--host of another machine or namespace, or localhost resolving to ::1 where IPv6 is off (vllm#1288,
BerriAI/litellm#5014); its cause id is the one of Ollama's server in the same case, whose fix is the same
(ollama-bind-address-not-local: 127.0.0.1, 0.0.0.0 or an address the machine holds).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SGLANG_MODELS = "https://docs.sglang.ai/supported_models/multimodal_language_models.html"
SGLANG_MULTINODE = "https://docs.sglang.ai/references/multi_node_deployment/multi_node.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.sglang-processor-not-registered",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # the architecture list may follow on the next line of a wrapped paste
        patterns=(r"No processor registered for architecture:(?:\s{1,4}\[?'?(?P<architecture>\w{2,80}))?",),
        severity="fail",
        cause=("This SGLang installation has no multimodal processor registered for the model's architecture "
               "({architecture}): the release or image predates the model, or the processor's module failed to "
               "import at start-up in this build (a missing or mismatched dependency), so the model cannot be "
               "served."),
        advice=("Upgrade SGLang to a release that supports the model (`pip install -U \"sglang[all]\"`, or a newer "
                "lmsysorg/sglang image tag; on DGX Spark or Jetson the newest tag for that platform); where the "
                "release should already support it, find the processor module's \"Ignore import error when loading "
                "sglang.srt.multimodal.processors...\" line in the start-up log and install or align the package it "
                "names (transformers, torchcodec, sgl_kernel). Where no release supports the model, serve it with "
                "vLLM."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/7845",
                 "https://github.com/sgl-project/sglang/issues/12134",
                 "https://github.com/sgl-project/sglang/issues/12830", SGLANG_MODELS),
        checked="2026-11-27",
        examples=("vllm/sglang-7845-qwen25vl-no-processor-registered.txt",
                  "vllm/sglang-12134-qwen3vl-processor-not-registered-spark.txt"),
    ),
    Signature(
        code="vllm.server-warmup-through-proxy",
        cause_id="ollama-client-proxy",
        kinds=("any",),
        patterns=(
            # SGLang's warm-up assert (server.py's _wait_and_warmup, http_server.py's _execute_server_warmup): the
            # answer came from a proxy (its error page, or an empty 502), not from the server; people quote the words as
            # "res: <Response [502]>" (not 503: the server itself answers it while it still loads)
            r"\bres[=:] ?<Response \[(?P<status>40[37]|50[24])\]>",
            # urllib3's debug line of a request sent through a proxy: the request line holds the absolute URL of the
            # server's own address
            r"\"(?:GET|POST) http://(?P<host>0\.0\.0\.0|127\.0\.0\.1|localhost):\d{2,5}/"
            r"(?:get_model_info|generate|health|v1/[\w/]{1,40})\S{0,80} HTTP/1\.1\" (?P<status>40[37]|50[24])\b",
        ),
        severity="fail",
        cause=("The server's own start-up requests (SGLang's warm-up to its --host address) went through the HTTP "
               "proxy set in the environment, which answered {status} in the server's place, so the server was "
               "declared failed although it was up: no_proxy does not name the address it serves on (0.0.0.0 "
               "above all)."),
        advice=("Exempt the server's own address from the proxy in the shell or unit that starts it: `export "
                "no_proxy=localhost,127.0.0.1,0.0.0.0 NO_PROXY=localhost,127.0.0.1,0.0.0.0` (add the --host address "
                "if it is another), or unset http_proxy, https_proxy and all_proxy for the server (download the model "
                "first, or keep the proxy for Hugging Face only); in Docker pass the same -e no_proxy=... ."),
        action="configure",
        rules_out=("a GPU or driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/9814",
                 "https://github.com/sgl-project/sglang/issues/9155",
                 "https://github.com/sgl-project/sglang/pull/7341"),
        checked="2026-11-27",
        examples=("vllm/sglang-9814-warmup-0000-through-proxy-502.txt",
                  "vllm/sglang-9155-host-0000-warmup-proxy-403.txt",
                  "vllm/sglang-2468-warmup-502-after-host-0000.txt"),
    ),
    Signature(
        code="vllm.zmq-bind-address-not-local",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(r"ZMQError: Cannot assign requested address(?: \(addr='tcp://(?P<address>[^'\s]{1,80})'\))?",),
        severity="fail",
        cause=("A ZMQ socket of the serving engine was to listen on {address}, an address this node does not hold: in "
               "a multi-node vLLM or SGLang set-up one node's IP (--dist-init-addr, a data-parallel address, "
               "VLLM_HOST_IP, VLLM_NIXL_SIDE_CHANNEL_HOST) reached a process on another node, or the address is on an "
               "interface that is down or outside the container's network namespace."),
        advice=("On the node that failed, compare the address with `ip -br addr`: every node must bind its own IP, so "
                "set VLLM_HOST_IP and the side-channel host per node instead of copying the head's, give SGLang's "
                "--dist-init-addr the rank-0 node's IP on the interface the nodes share (with GLOO_SOCKET_IFNAME and "
                "NCCL_SOCKET_IFNAME naming it), and run containers with --network=host; SGLang releases before late "
                "2025 bound the head's address on worker nodes in some data-parallel and disaggregated set-ups: "
                "upgrade."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ai-dynamo/dynamo/issues/2706", "https://github.com/sgl-project/sglang/issues/4877",
                 "https://github.com/sgl-project/sglang/pull/13686", SGLANG_MULTINODE),
        checked="2026-11-27",
        examples=("vllm/dynamo-2706-nixl-side-channel-host-other-node-zmq.txt",
                  "vllm/sglang-4877-zmq-cannot-assign-dist-init-addr.txt"),
    ),
    Signature(
        code="vllm.server-bind-address-not-local",
        cause_id="ollama-bind-address-not-local",
        kinds=("any",),
        # uvicorn's startup when bind() fails with EADDRNOTAVAIL (98, "already in use", is vllm.port-in-use's)
        patterns=(r"\[Errno 99\] error while attempting to bind on address \((?P<address>'[^'\n]{1,60}', \d{1,5})",),
        severity="fail",
        cause=("The model server (uvicorn under vLLM, SGLang, llama-cpp-python, LiteLLM or FastChat) could not listen "
               "on ({address}): this machine or container holds no such address: localhost resolved to the IPv6 "
               "loopback ::1 where IPv6 is off, or --host names another machine's, interface's or namespace's IP."),
        advice=("Pass --host an address the machine holds: 127.0.0.1 for this machine only (instead of localhost "
                "where IPv6 is disabled) or 0.0.0.0 to be reached from other machines and containers, or an address "
                "`ip -br addr` lists; inside a container bind 0.0.0.0 and publish the port (`-p 8000:8000`)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "another server already on the port"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/BerriAI/litellm/issues/5014", "https://github.com/vllm-project/vllm/pull/1288",
                 "https://github.com/lm-sys/FastChat/issues/3475"),
        checked="2026-11-27",
        examples=("vllm/litellm-5014-uvicorn-bind-ipv6-loopback-errno-99.txt",
                  "vllm/fastchat-3475-model-worker-bind-ipv6-loopback.txt"),
    ),
)
