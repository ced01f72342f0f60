"""What pip and the launchers around it print when the download, the files or the Python, not the GPU stack, stop an install.

A multi-gigabyte torch or CUDA wheel cut short or corrupted on the way (its sha256 differs from the index's), on
Windows a package's compiled file that a running Python of the same environment holds open, an extension that
torch compiles just in time on first use (DeepSpeed's ops) failing to build, the index not answering in time, and no
real Python on Windows' PATH. wheels_variants.py adds
these rows to its VARIANT_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "reinstall CUDA")

DOWNLOAD_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.pip-download-hash-mismatch",
        cause_id="pip-download-corrupt",
        kinds=("any",),
        # pip's HashMismatch (pip/_internal/exceptions.py): the index's sha256 for the file beside the one pip computed.
        # PyTorch's wheels (2-3 GB) and the nvidia-* ones are where a cut download shows it most.
        patterns=(r"THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE",),
        severity="fail",
        cause=("A wheel pip downloaded does not have the sha256 the index lists: the download was cut short or "
               "corrupted (an unstable connection, a proxy or mirror, an interrupted earlier run kept in pip's cache); "
               "nobody tampered with the package and the versions are not wrong."),
        advice=("Purge pip's cache and download the wheel again: `pip cache purge`, then `pip install --no-cache-dir ...` "
                "(the same command); on a slow or unstable connection add `--timeout 120 --retries 10`, or download the "
                "wheel with a browser or `curl -O`, check its sha256 and `pip install` the file; bypass a proxy or mirror "
                "that serves another copy."),
        action="configure",
        rules_out=("a driver or GPU fault", "a wrong package version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Frix-x/klippain-shaketune/issues/51", "https://github.com/pytorch/FBGEMM/issues/5704",
                 "https://github.com/pytorch/pytorch/issues/78420", "https://github.com/pytorch/pytorch/issues/110847",
                 "https://github.com/patientx/ComfyUI-Zluda/issues/421"),
        checked="2026-11-26",
        examples=("wheels/klippain-shaketune-51-pip-hash-mismatch-cache-purge.txt",
                  "wheels/fbgemm-5704-fbgemm-gpu-hash-mismatch.txt"),
    ),
    Signature(
        code="wheels.windows-file-in-use",
        cause_id="windows-file-in-use",
        kinds=("any",),
        # pip's OSError on Windows when a file it removes or replaces is open: ERROR_ACCESS_DENIED (5) for a loaded
        # .pyd/.dll (or pip.exe upgrading itself), ERROR_SHARING_VIOLATION (32). Python 3.x writes the text either bare
        # or in brackets ("[Access is denied]").
        patterns=(r"Could not install packages due to an (?:OSError|EnvironmentError): \[WinError (?P<code>5|32)\] "
                  r"(?:\[?Access is denied|The process cannot access the file because it is being used)",),
        severity="fail",
        cause=("On Windows pip could not remove or replace a package's file because a running program holds it open: "
               "usually the app itself (the web UI, ComfyUI, a Jupyter kernel, an IDE's Python) with that package "
               "loaded from the same environment, sometimes an antivirus scan."),
        advice=("Close every program using this Python environment (the web UI or ComfyUI and its console, Jupyter "
                "kernels, the IDE; check Task Manager for python.exe), then run the install again; upgrade pip itself "
                "with `python -m pip install -U pip`. If a half-removed folder such as site-packages\\~orch is left, "
                "delete it while nothing runs. Where the Python lives under Program Files, install into a venv instead."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER + ("run as administrator",),
        sources=("https://github.com/ltdrdata/ComfyUI-Impact-Pack/issues/193", "https://github.com/runew0lf/RuinedFooocus/issues/314",
                 "https://github.com/jhj0517/stable-diffusion-webui-Layer-Divider/issues/1",
                 "https://github.com/invoke-ai/InvokeAI/issues/3124"),
        checked="2026-11-26",
        examples=("wheels/impact-pack-193-winerror5-cv2-in-use.txt", "wheels/ruinedfooocus-314-winerror5-cffi-pyd-locked.txt",
                  "wheels/sd-layer-divider-1-protobuf-pyd-locked-by-webui.txt"),
    ),
    Signature(
        code="wheels.extension-jit-build-failed",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # torch.utils.cpp_extension's load() when ninja's build of a just-in-time extension fails: DeepSpeed's ops
        # (fused_adam, cpu_adam, transformer_inference) on first use, and other packages' JIT kernels. The compiler's
        # own error is above it; rows for those lines (nvcc not found, unsupported gcc) name the cause where shown.
        patterns=(r"Error building extension '(?P<extension>\w{2,60})'",),
        severity="fail",
        cause=("The C++/CUDA extension {extension} failed to compile just in time on first use: usually no nvcc "
               "(CUDA_HOME unset or the toolkit missing), a CUDA toolkit other than the one torch was built with, or a "
               "host compiler newer than that nvcc supports; the compiler's error is in the lines above it."),
        advice=("Read the first nvcc/g++ error above the traceback; then point CUDA_HOME (and PATH) at the CUDA toolkit "
                "matching torch.version.cuda (`export CUDA_HOME=/usr/local/cuda-12.1`, for example). For DeepSpeed ops, "
                "build them at install time instead of on first use: `DS_BUILD_FUSED_ADAM=1 pip install deepspeed "
                "--no-build-isolation` (DS_BUILD_CPU_ADAM=1 for cpu_adam, DS_BUILD_OPS=1 for all) and check `ds_report`; "
                "or use an optimizer that needs no build (torch's AdamW)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/liucongg/ChatGLM-Finetuning/issues/125", "https://github.com/zai-org/VisualGLM-6B/issues/292",
                 "https://github.com/deepspeedai/DeepSpeed/issues/694", "https://github.com/deepspeedai/DeepSpeed/issues/629"),
        checked="2026-11-26",
        examples=("wheels/chatglm-finetuning-125-fused-adam-jit-build-failed.txt",
                  "wheels/visualglm-292-fused-adam-nvcc-not-on-path.txt"),
    ),
    Signature(
        code="wheels.pip-download-timed-out",
        cause_id="pip-download-failed",
        kinds=("any",),
        # urllib3's errors as pip (and requests-based installers) print them when the index does not answer in time
        # or drops the connection; only package indexes' hosts, since Hugging Face downloads print the same words.
        # conda's own form is its CondaHTTPError for a connection that never opened.
        patterns=(r"HTTPSConnectionPool\(host='(?P<host>download(?:-r2)?\.pytorch\.org|files\.pythonhosted\.org|pypi\.org|"
                  r"[\w-]{1,40}\.(?:pypi|pythonhosted)\.[\w.-]{1,60}|pypi\.[\w.-]{1,60}|mirrors?\.[\w.-]{1,60})', port=\d{1,5}\): "
                  r"(?:Read timed out|Max retries exceeded)",
                  r"CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https?://(?P<host>[\w.-]{1,100})/"),
        severity="fail",
        cause=("The installer could not download from {host}: the connection timed out or was dropped (a slow or unstable link for "
               "a multi-gigabyte torch wheel, a proxy or firewall in the way, or the index's own temporary outage)."),
        advice=("Run the install again with longer timeouts and retries: `pip install --timeout 120 --retries 10 ...` "
                "(the same command); behind a proxy set HTTPS_PROXY (or pip's --proxy); on a slow link download the wheel "
                "with a browser or `curl -C - -O URL` (it resumes), then `pip install` the file; or try again later if "
                "the index itself was down."),
        action="configure",
        rules_out=("a driver or GPU fault", "a wrong package version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/RosettaCommons/RFantibody/issues/25", "https://github.com/pytorch/pytorch/issues/124566",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/6842"),
        checked="2026-11-26",
        examples=("wheels/rfantibody-25-download-pytorch-org-read-timed-out.txt",),
        # pip's "No matching distribution found for torch" after an index it never reached: the network, not the Python
        refines=("wheels.torch-no-distribution-for-this-python",), refines_within=None,
    ),
    Signature(
        code="wheels.uv-download-timeout",
        cause_id="pip-download-failed",
        kinds=("any",),
        # uv's own words when a wheel download outlives its HTTP timeout (30 s by default): torch and its nvidia-*
        # wheels are the usual victims; launchers that install with uv (StabilityMatrix, ComfyUI's) print the same.
        patterns=(r"Failed to download distribution due to network timeout\. Try increasing",),
        severity="fail",
        cause=("uv gave up downloading a large wheel (torch or one of its nvidia-* libraries) after its network timeout "
               "(30 s by default), so the install stopped."),
        advice=("Raise uv's timeout and run the same install again: `export UV_HTTP_TIMEOUT=300` (PowerShell "
                "`$env:UV_HTTP_TIMEOUT=300`; in a launcher, its environment settings), with UV_CONCURRENT_DOWNLOADS=1 "
                "on a slow link; behind a proxy set HTTPS_PROXY."),
        action="configure",
        rules_out=("a driver or GPU fault", "a wrong package version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/LykosAI/StabilityMatrix/issues/1564", "https://github.com/astral-sh/uv/issues/15728",
                 "https://docs.astral.sh/uv/reference/environment/#uv_http_timeout"),
        checked="2026-11-26",
        examples=("wheels/stabilitymatrix-1564-uv-http-timeout-torch-cu121.txt",
                  "wheels/uv-15728-nvidia-cudnn-download-timeout.txt"),
    ),
    Signature(
        code="wheels.windows-python-not-installed",
        cause_id="python-not-on-path",
        kinds=("any",),
        # Windows' app execution alias (the Microsoft Store stub) answering `python` when no real Python is on PATH;
        # launchers report its exit code 9009. With the alias off, cmd.exe's own "is not recognized" line.
        patterns=(r"Python was not found; run without arguments to install from the Microsoft Store",
                  r"'(?P<command>python3?|py|pip3?)' is not recognized as an internal or external command"),
        severity="fail",
        cause=("No real Python is on the PATH: Windows found only its Microsoft Store alias for `python` (exit code "
               "9009), or nothing at all, so the installer or launcher could not start Python."),
        advice=("Install Python from python.org (the version the app asks for, e.g. 3.10 for the Stable Diffusion web UI) "
                "with \"Add python.exe to PATH\" ticked, turn the python.exe and python3.exe App execution aliases off "
                "(Settings > Apps > Advanced app settings > App execution aliases), open a new console and run it again; "
                "or set the launcher's PYTHON= (webui-user.bat) to python.exe's full path."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/1423", "https://github.com/mpcabete/bombcrypto-bot/issues/734",
                 "https://github.com/microsoft/pylance-release/issues/8050"),
        checked="2026-11-26",
        examples=("wheels/sd-webui-1423-python-not-found-store-alias.txt",
                  "wheels/bombcrypto-bot-734-python-not-found-store-alias.txt"),
    ),
    Signature(
        code="wheels.pip-out-of-memory-on-large-wheel",
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # the kernel's OOM killer ends pip right after its progress bar for the wheel ("... eta 0:00:01Killed")
            r"B/s eta \d{1,2}:\d{2}(?::\d{2})? ?Killed\b",
            # pip's HTTP cache (vendored cachecontrol) packing the whole downloaded wheel into memory with msgpack:
            # the frame every such MemoryError traceback passes through
            r"pip[/\\]_vendor[/\\]cachecontrol[/\\]serialize\.py\"?, line \d{1,4}, in (?:dumps|_serialize)",
        ),
        severity="fail",
        cause=("pip ran out of the machine's memory while handling a large wheel (torch's, 0.7-2.5 GB): it keeps the "
               "whole download in memory to store it in its cache and unpack it, so the OOM killer ended it (Killed) "
               "or Python raised MemoryError; the package, the index and the GPU stack are fine."),
        advice=("Install without pip's cache, which is what holds the wheel in memory: the same command with "
                "`--no-cache-dir` (e.g. `pip install --no-cache-dir torch --index-url "
                "https://download.pytorch.org/whl/cu121`); if it is still killed, add swap or memory (a small VM or "
                "container limit), or download the wheel with `curl -O` and `pip install` the file."),
        action="configure",
        rules_out=("a driver or GPU fault", "a wrong package version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/pytorch/pytorch/issues/1022",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/8356",
                 "https://github.com/pypa/pip/issues/2984", "https://github.com/lucidrains/stylegan2-pytorch/issues/16"),
        checked="2026-11-26",
        examples=("wheels/pytorch-1022-pip-killed-installing-torch-wheel.txt",
                  "wheels/sd-webui-8356-cachecontrol-msgpack-torch-wheel.txt"),
    ),
    Signature(
        code="wheels.pip-index-tls-failed",
        cause_id="pip-download-failed",
        kinds=("any",),
        # pip's own words when it cannot open an index page over TLS (pip/_internal/index/collector.py): it skips that
        # index, so the "(from versions: none)" or plain-versions-only line that follows is a consequence, not the
        # Python or the pin. The reason in parentheses tells the cases apart: an expired certificate (the index's, or a
        # wrong clock), "unable to get local issuer certificate" (a TLS-inspecting proxy or antivirus), or a Python
        # whose ssl module cannot load (Anaconda's Library\bin not on PATH).
        patterns=(r"Could not fetch URL https?://[\w.-]{1,100}/[^\s:]{0,200}: There was a problem confirming the "
                  r"ssl certificate",
                  r"pip is configured with locations that require TLS/SSL, however the ssl module in Python is not "
                  r"available"),
        severity="fail",
        cause=("pip could not open the package index over TLS, so it skipped it and found no versions there: the index's "
               "certificate was refused (expired, or replaced by a proxy's), or this Python's ssl module is missing."),
        advice=("Read the reason pip prints after CERTIFICATE_VERIFY_FAILED: \"certificate has expired\" is the index's "
                "certificate or this machine's clock (check `date`; retry once the index renews it, or pass `--trusted-host "
                "download.pytorch.org` meanwhile); \"unable to get local issuer certificate\" is a proxy or antivirus that "
                "inspects TLS: give pip its CA (`pip config set global.cert /path/to/ca.pem`) or let pip use the system's "
                "certificate store (pip 24.2+, or `--use-feature=truststore`); \"the ssl module is not available\" is a "
                "Python without working ssl (run pip from the activated conda env or Anaconda Prompt, or reinstall that "
                "Python). Then run the install again; the wheel can also be downloaded by hand and installed from the file."),
        action="configure",
        rules_out=("a driver or GPU fault", "a wheel missing for this Python"),
        never_suggest=_NOT_THE_DRIVER + ("install CUDA",),
        sources=("https://github.com/pytorch/pytorch/issues/150492", "https://github.com/pytorch/pytorch/issues/35880",
                 "https://github.com/pytorch/pytorch/issues/33292",
                 "https://pip.pypa.io/en/stable/topics/https-certificates/"),
        checked="2026-11-26",
        examples=("wheels/pytorch-150492-download-pytorch-org-certificate-expired.txt",
                  "wheels/pytorch-35880-python-without-ssl-module.txt"),
        refines=("wheels.pip-download-timed-out", "wheels.no-distribution-for-platform",
                 "wheels.torch-local-build-pin-without-index", "wheels.pinned-version-not-for-this-python",
                 "wheels.torch-no-distribution-for-this-python"),
        refines_within=None,
    ),
)
