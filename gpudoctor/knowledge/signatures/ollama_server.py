"""Ollama's server and client: a server that does not start or cannot be reached, a client and a server of
different versions, the service's own settings, and the install script.

Part of the ollama area (gpudoctor/knowledge/signatures/ollama.py lists these rows after GPU discovery's). The
lines are quoted from Ollama's source (cmd/, server/, envconfig/, scripts/install.sh) and Go's own errors, as
the releases named in gpudoctor/knowledge/ollama_versions.py print them.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

SERVER_SIGNATURES = (
    Signature(
        code="ollama.service-cuda-visible-devices",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # A unit file as pasted; the server's own "server config" line is judged by the Ollama checks.
        patterns=(r"Environment=\"?CUDA_VISIBLE_DEVICES=(?P<devices>[^\"\s]*)",),
        severity="info",
        cause=("The Ollama service gets CUDA_VISIBLE_DEVICES={devices} from its own environment (its systemd unit or "
               "an override.conf), so it uses only those GPUs, whatever a login shell sets."),
        advice=("See the service's environment with `systemctl cat ollama` and change or remove CUDA_VISIBLE_DEVICES "
                "in its override.conf (`sudo systemctl edit ollama.service`; prefer GPU UUIDs), then "
                "`sudo systemctl restart ollama`."),
        action="configure",
        never_suggest=("reinstall Ollama", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/issues/9722", "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-9722-override-conf-hides-gpu.txt",),
    ),
    Signature(
        code="ollama.server-already-running",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"listen tcp (?P<address>[\w.:\[\]]{1,60}:11434): bind: address already in use",
            r"listen tcp (?P<address>[\w.:\[\]]{1,60}:11434): bind: Only one usage of each socket address",
        ),
        severity="info",
        cause=("Another Ollama server (the systemd service, or the tray app on Windows and macOS) already listens "
               "on {address}, so `ollama serve` cannot; the running one serves the requests."),
        advice=("Nothing is broken: use the server that is already running (`curl http://localhost:11434` answers "
                "\"Ollama is running\"); to run `ollama serve` by hand, stop the other one first (`sudo systemctl "
                "stop ollama` on Linux, Quit Ollama from the tray icon on Windows and macOS)."),
        action="none",
        rules_out=("a GPU or driver problem",),
        never_suggest=("reinstall Ollama", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/issues/707", "https://github.com/ollama/ollama/issues/2540",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-707-serve-port-in-use-service-running.txt",
                  "ollama/ollama-2540-windows-tray-already-serving.txt"),
    ),
    Signature(
        code="ollama.server-not-reachable",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            r"could not connect to ollama app, is it running",
            r"could not connect to a running Ollama instance",
            # the CLI's wording since 2026 (cmd/start_default.go, cmd/start_darwin.go)
            r"could not connect to ollama server, run 'ollama serve' to start it",
        ),
        severity="fail",
        cause="The ollama command found no Ollama server to talk to: it is not running, or listens elsewhere.",
        advice=("Start the server and check it: on Linux `sudo systemctl start ollama` then `systemctl status ollama` "
                "(`journalctl -u ollama` shows why it stopped); on Windows and macOS start the Ollama app (tray "
                "icon) or run `ollama serve`. If the server sets OLLAMA_HOST, set the same in the client's "
                "environment."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/8813", "https://github.com/ollama/ollama/issues/5482",
                 "https://github.com/ollama/ollama/issues/9145", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-8813-cli-cannot-reach-server-linux.txt", "ollama/ollama-5482-windows-tray-not-started.txt"),
    ),
    Signature(
        code="ollama.client-host-unreachable",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            r"Error: Head \"(?P<url>https?://[^\"\s]{1,120})\": dial tcp",
            r"WARN invalid port, using default port=",
        ),
        severity="fail",
        cause="The ollama client could not reach a server at the address OLLAMA_HOST gives it.",
        advice=("Check OLLAMA_HOST in the client's environment: unset it to use 127.0.0.1:11434, or set it to the "
                "server's host:port (0.0.0.0 is an address for the server to listen on, not one to connect to); "
                "then make sure the server is running there (`curl http://127.0.0.1:11434`). A server on another "
                "machine (or Windows, seen from WSL) must listen beyond loopback: OLLAMA_HOST=0.0.0.0 in its service "
                "(`sudo systemctl edit ollama`) or the app's environment, restarted, and its firewall must allow TCP "
                "port 11434; the client then uses that machine's IP address."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6839", "https://github.com/ollama/ollama/issues/2132",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-6839-invalid-port-lookup-c.txt",),
    ),
    Signature(
        code="ollama.model-needs-newer-server",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"The model you are attempting to pull requires a newer version of Ollama",
            r"pull model manifest: 412\b",
        ),
        severity="fail",
        cause="The registry refused the model because the running Ollama server is older than the model requires.",
        advice=("Make the running server new enough: if `ollama -v` warns \"client version is ...\", an old server "
                "is still running, so restart it (sudo systemctl restart ollama, quit and reopen the app, or kill "
                "the stale ollama process); otherwise upgrade Ollama: on Linux `curl -fsSL https://ollama.com/install.sh | sh` "
                "(the newest release; where the message says 'may be in pre-release', name the release the model "
                "needs from github.com/ollama/ollama/releases: `curl -fsSL https://ollama.com/install.sh | "
                "OLLAMA_VERSION=0.x.y sh`), on Windows and macOS the app's update or the installer from "
                "ollama.com/download (a pre-release from the releases page), in Docker `docker pull ollama/ollama` "
                "(or ollama/ollama:0.x.y, the release the model needs) and recreate the container; Open WebUI's bundled :ollama image carries its own "
                "Ollama: pull a newer image or run the ollama/ollama image beside it; on Jetson a newer "
                "dustynv/ollama image. Then check `ollama -v` and pull again."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/11739", "https://github.com/ollama/ollama/issues/14199",
                 "https://github.com/ollama/ollama/issues/14431", "https://github.com/ollama/ollama/issues/16483",
                 "https://github.com/ollama/ollama/releases"),
        checked="2026-11-27",
        examples=("ollama/ollama-11739-old-server-still-running-412.txt", "ollama/ollama-14199-412-restart-the-server.txt",
                  "ollama/ollama-16483-gemma4-412-pre-release.txt",
                  "ollama/ollama-14059-glm-ocr-412-pre-release-windows.txt"),
    ),
    Signature(
        code="ollama.install-script-no-gpu-detected",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"No (?P<vendors>NVIDIA|NVIDIA/AMD) GPU detected\. Ollama will run in CPU-only mode",
            r"Unable to detect NVIDIA/AMD GPU\. Install lspci or lshw",
        ),
        severity="warn",
        cause=("Ollama's install script (lspci/lshw) found no GPU; that decides only which drivers it installs, "
               "not whether the server uses a GPU (its own discovery does)."),
        advice=("Nothing to fix on a machine without a GPU. With a GPU present, check what the server itself found: "
                "the server log's \"inference compute\" line (`journalctl -u ollama | grep \"inference compute\"`) "
                "or `ollama ps` while a model is loaded; in containers and WSL the script often cannot see the GPU "
                "even though the server uses it."),
        action="none",
        rules_out=(),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/ollama/ollama/issues/4679", "https://github.com/ollama/ollama/issues/1330",
                 "https://github.com/ollama/ollama/blob/main/scripts/install.sh"),
        checked="2026-11-25",
        examples=("ollama/ollama-4679-install-sh-detection-regression.txt",
                  "ollama/ollama-1330-cpu-only-server-install-warning.txt"),
    ),
    Signature(
        code="ollama.client-newer-than-server",
        # the old server it names is why a runner dies on a newer model anywhere in the same paste
        refines=("ollama.runner-terminated", "ollama.runner-aborted-at-load"), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # `ollama -v` (cmd/cmd.go) when the server that answers is another version than the client
        patterns=(r"Warning: client version is (?P<client>\d[\w.+-]{0,30})",),
        severity="warn",
        cause=("The Ollama server that answers is another version than this client ({client}): an old server is "
               "still running (a stale service or app, or a second install, e.g. in WSL), so newer models fail on it."),
        advice=("Stop the old server (`ps aux | grep 'ollama serve'`, `systemctl status ollama`; on Windows also look "
                "in WSL and the tray app), then start the updated one; `ollama -v` then prints one version."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/7176", "https://github.com/ollama/ollama/issues/7011",
                 "https://github.com/ollama/ollama/issues/6701"),
        checked="2026-11-26",
        examples=("ollama/ollama-7176-client-version-old-server-wsl.txt",),
    ),
    Signature(
        code="ollama.windows-port-reserved",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # WSAEACCES (10013) from bind: Windows' dynamic port reservation (winnat, Hyper-V, WSL) holds the port
        patterns=(r"listen tcp (?P<address>[\w.:\[\]]{1,60}): bind: An attempt was made to access a socket in a way "
                  r"forbidden by its access permissions",),
        severity="fail",
        cause=("The Ollama server cannot listen on {address}: Windows has reserved a port range that includes it (the "
               "NAT service winnat, for Hyper-V, WSL or Docker), so no server runs."),
        advice=("As administrator, `netsh interface ipv4 show excludedportrange protocol=tcp` shows the reserved ranges; "
                "restart the NAT service (`net stop winnat` then `net start winnat`) or reserve the port for Ollama "
                "(`netsh int ipv4 add excludedportrange protocol=tcp startport=11434 numberofports=1` while winnat is "
                "stopped), or set OLLAMA_HOST to a free port."),
        action="configure",
        rules_out=("a GPU or driver fault", "a second Ollama already running"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/9444", "https://github.com/ollama/ollama/issues/8396",
                 "https://github.com/ollama/ollama/issues/7524"),
        checked="2026-11-25",
        examples=("ollama/ollama-9444-windows-port-forbidden-winnat.txt",),
    ),
    Signature(
        code="ollama.models-dir-permission",
        cause_id="ollama-models-permission",
        kinds=_LOGS,
        # the server's start-up (envconfig.Models, server/modelpath.go) creating OLLAMA_MODELS as the service's user
        patterns=(r"(?:ollama\[\d+\]: |^)Error: mkdir (?P<path>[^:\s]{1,200}): permission denied",
                  # a store written by another user (models copied or pulled as root): the server cannot open them
                  r"\b(?:open|mkdir|rename) (?P<path>[^:\s]{0,200}?[/\\]models[/\\](?:manifests|blobs)[/\\][^:\s]{0,200}): "
                  r"permission denied"),
        severity="fail",
        cause=("The Ollama server, as the service's user, cannot create or open {path} in its models directory (at "
               "start it then exits; later a pull or run fails)."),
        advice=("Point the service at a models directory its user can create and reach: an absolute OLLAMA_MODELS "
                "owned by that user (`sudo chown -R ollama:ollama DIR`) whose parents it can traverse, or the unit's "
                "WorkingDirectory there; ProtectHome=yes in the unit hides /home from it. Then "
                "`sudo systemctl restart ollama`."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "run ollama as root"),
        sources=("https://github.com/ollama/ollama/issues/9945", "https://github.com/ollama/ollama/issues/2701",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-9945-service-mkdir-home-permission-denied.txt",),
    ),
    Signature(
        code="ollama.create-file-unreadable-by-service",
        cause_id="ollama-models-permission",
        kinds=("any",),
        # `ollama create` in 0.1.x: the server (the service's user, not the caller) opened the Modelfile the client
        # named by its path
        patterns=(r"couldn't open modelfile '(?P<path>[^'\n]{1,200})'\. Error: failed to open file: open [^\n]{1,200}?: "
                  r"permission denied",),
        severity="fail",
        cause=("The Ollama server runs as the service's user (ollama), which cannot reach {path}: a file under "
               "/root or another private home is not readable for it."),
        advice=("Put the Modelfile and the weights it names in a folder the ollama user can reach (e.g. /tmp or a "
                "shared directory), or make the path traversable and readable for it (`chmod a+x` on each parent "
                "directory, `chmod a+r` on the files), then run `ollama create` again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "run ollama as root"),
        sources=("https://github.com/ollama/ollama/issues/613",),
        checked="2026-11-26",
        examples=("ollama/ollama-613-create-modelfile-under-root-permission-denied.txt",),
    ),
    Signature(
        code="ollama.service-home-not-writable",
        cause_id="ollama-models-permission",
        kinds=("any",),
        # server start (auth.go's key, then OLLAMA_MODELS under $HOME): the service's user cannot create its home
        patterns=(
            r"could not create directory mkdir (?P<path>[^:\s]{1,200}): (?P<reason>permission denied|read-only file system)",
            r"open (?P<path>[^:\s]{1,200}id_ed25519): (?P<reason>permission denied|read-only file system)",
        ),
        severity="fail",
        cause=("The Ollama server cannot create {path} ({reason}): its user's home (where it keeps its key and, by "
               "default, its models) is missing, owned by another user or read-only, so it exits at start."),
        advice=("Give the service's user a writable home: `sudo mkdir -p DIR && sudo chown -R ollama:ollama DIR` for "
                "the directory named (on a read-only or immutable system, set HOME and OLLAMA_MODELS to a writable "
                "path in `sudo systemctl edit ollama.service`), then `sudo systemctl restart ollama`."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "run ollama as root"),
        sources=("https://github.com/ollama/ollama/issues/9148", "https://github.com/ollama/ollama/issues/7471",
                 "https://github.com/ollama/ollama/issues/8516", "https://github.com/ollama/ollama/issues/12700"),
        checked="2026-11-25",
        examples=("ollama/ollama-9148-service-key-dir-denied.txt", "ollama/ollama-7471-id-key-read-only-home.txt"),
    ),
    Signature(
        code="ollama.pull-unknown-model",
        cause_id="ollama-model-missing",
        kinds=("any",),
        # server/images.go: the registry answered 404 for the manifest of this name and tag
        patterns=(r"pull model manifest: file does not exist",),
        severity="fail",
        cause=("Ollama's registry has no model of that name and tag: the name is misspelt or lacks its family or "
               "size (deepseek-r1:7b, not deepseek-7b), or the tag does not exist."),
        advice=("Look up the model's exact name and tag on https://ollama.com/library and pull that name "
                "(`ollama pull NAME:TAG`); for a model you made with `ollama create`, check the FROM line of its "
                "Modelfile."),
        action="configure",
        rules_out=("a GPU or driver fault", "a network fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/2292", "https://github.com/ollama/ollama/issues/9230",
                 "https://github.com/ollama/ollama/issues/5499"),
        checked="2026-11-25",
        examples=("ollama/ollama-2292-orca-not-a-model-name.txt",),
    ),
    Signature(
        code="ollama.registry-unreachable",
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # the server's own request for the manifest failed below HTTP (Go's net/http: dial, DNS, proxy, TLS); 0.1.3x
        # first fetched a token from ollama.com/token, whose failures read the same way
        patterns=(r"pull model manifest: Get \"?https?://(?:registry\.ollama\.ai/v2/|ollama\.com/token\?)[^\s\"]{1,300}\"?: "
                  r"(?P<reason>[^\n]{1,160})",),
        severity="fail",
        cause=("The Ollama server could not reach its model registry ({reason}): DNS, a firewall, or a proxy that "
               "the server itself was not told about."),
        advice=("Give the proxy to the server, not the client: `sudo systemctl edit ollama.service`, add "
                "`Environment=\"HTTPS_PROXY=http://proxy:port\"` under [Service], then `sudo systemctl restart ollama` "
                "(Windows: set HTTPS_PROXY as a user variable and restart the Ollama app); check DNS with "
                "`curl -I https://registry.ollama.ai`."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/3434", "https://github.com/ollama/ollama/issues/1546",
                 "https://github.com/ollama/ollama/issues/1417", "https://github.com/ollama/ollama/issues/4071", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-3434-pull-manifest-dns-timeout-proxy.txt", "ollama/ollama-4071-pull-token-connection-reset.txt"),
    ),
    Signature(
        code="ollama.pull-max-retries",
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # server/download.go gives up on a blob after its retries; requests' "Max retries exceeded with url" is not this
        patterns=(r"Error: max retries exceeded\b",),
        severity="fail",
        cause=("Ollama gave up downloading a model file after repeated failures: the connection to the "
               "registry keeps dropping, or a proxy or firewall cuts it."),
        advice=("Run the same `ollama pull MODEL` again: it resumes where it stopped. If it fails every time, try "
                "another network, or give the proxy to the server (`Environment=\"HTTPS_PROXY=...\"` in "
                "`sudo systemctl edit ollama.service`)."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/1158", "https://github.com/ollama/ollama/issues/1668",
                 "https://github.com/ollama/ollama/issues/1770", FAQ),
        checked="2026-11-25",
        examples=("ollama/ollama-1668-max-retries-unexpected-eof.txt",),
    ),
    Signature(
        code="ollama.registry-tls-untrusted",
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # the registry (registry.ollama.ai) or its blob storage (Cloudflare R2) seen through a TLS-intercepting proxy
        patterns=(r"(?:registry\.ollama\.ai|cloudflarestorage\.com|ollama\.com)[^\s\"]{0,700}\"?: tls: failed to verify "
                  r"certificate: x509: certificate signed by unknown authority",),
        severity="fail",
        cause=("The Ollama server does not trust the certificate it was shown for its model registry: a proxy that "
               "re-signs TLS (common in companies) stands between it and the registry, and its authority is not in "
               "the server's (or container's) trusted store."),
        advice=("Add the proxy's CA certificate to the trusted store of the machine or image the server runs in "
                "(copy it to /usr/local/share/ca-certificates/ and run `update-ca-certificates`), give the server the "
                "proxy (HTTPS_PROXY in its environment), restart it and pull again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/1063", "https://github.com/ollama/ollama/issues/9101", FAQ),
        checked="2026-11-25",
        examples=("ollama/ollama-1063-pull-x509-unknown-authority.txt",),
    ),
    Signature(
        code="ollama.service-environment-ignored",
        cause_id="service-environment-ignored",
        kinds=("any",),
        # systemd's own load-time warnings (src/core/load-fragment.c) for the service's unit or a drop-in: the line
        # is dropped and the server starts with its defaults (OLLAMA_HOST 127.0.0.1, the default OLLAMA_MODELS)
        # (The path is read from where it starts: tried from every character of a long path, it was 160 times slower.)
        patterns=(
            r"(?<![\w./@-])(?P<file>[\w./@-]{1,160}\.(?:service|conf)):\d{1,4}: Invalid environment assignment, "
            r"ignoring: (?P<assignment>[^\n]{1,200})",
            r"(?<![\w./@-])(?P<file>[\w./@-]{1,160}\.(?:service|conf)):\d{1,4}: Assignment outside of section\. "
            r"Ignoring\.",
        ),
        severity="fail",
        cause=("systemd ignored a line of {file}: the service's environment setting is not applied, so the server "
               "runs with its default (OLLAMA_HOST 127.0.0.1, the default models directory)."),
        advice=("Write the setting as one `Environment=\"NAME=value\"` line with plain ASCII quotes and no spaces "
                "around `=`, under a `[Service]` header, in the service's drop-in (`sudo systemctl edit ollama`), then "
                "`sudo systemctl daemon-reload && sudo systemctl restart ollama` and check it with "
                "`systemctl show ollama -p Environment` (the server's \"server config\" log line shows what it got)."),
        action="configure",
        rules_out=("a GPU or driver fault", "a firewall, when the server only listens on 127.0.0.1"),
        never_suggest=("reinstall the driver", "reinstall ollama"),
        sources=("https://github.com/ollama/ollama/issues/7892", "https://github.com/ollama/ollama/issues/4454",
                 "https://www.freedesktop.org/software/systemd/man/latest/systemd.exec.html#Environment=", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-7892-typographic-quotes-environment-ignored.txt",),
    ),
    Signature(
        code="ollama.install-script-wsl1",
        cause_id="wsl1",
        kinds=("any",),
        # scripts/install.sh's check of `uname -r` (since ollama/ollama#1778), in its two wordings
        patterns=(r"WSL1 is not currently supported",),
        severity="fail",
        cause="The Linux distribution runs under WSL 1, which has no access to the GPU, so Ollama's installer stops.",
        advice=("Convert the distribution to WSL 2 from Windows (`wsl -l -v` shows the version; `wsl --set-version "
                "<distro> 2`, and `wsl --set-default-version 2` for new ones), keep the NVIDIA driver installed on "
                "Windows only, then run the install script again inside the WSL 2 distribution."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("install the NVIDIA driver inside WSL", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/pull/1778", "https://github.com/ollama/ollama/issues/10087",
                 "https://learn.microsoft.com/en-us/windows/wsl/install"),
        checked="2026-11-26",
        examples=("ollama/ollama-10087-install-script-refuses-wsl1.txt",),
    ),
)
