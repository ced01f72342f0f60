"""Issue 25, w43b: a package download cut off part-way, in the words pip, poetry and people use for it.

wheels.pip-download-timed-out reads urllib3's timeouts against an index host. A download that starts and then breaks
reads otherwise: urllib3 raises IncompleteRead (the server closed the connection before the announced Content-Length
arrived: "IncompleteRead(1236162304 bytes read, 1672243669 more expected)") or ProtocolError ("Connection broken:
ConnectionResetError(10054, 'An existing connection was forcibly closed by the remote host' ...)", errno 104 on Linux).
pip prints it through its vendored urllib3 (pip._vendor.urllib3.exceptions...), poetry as a bare "IncompleteRead(N bytes
read, M more expected)" line after "Installing torch (2.4.0): Failed". The usual victim is torch's 2-3 GB wheel on a
lossy or slow link, an antivirus or proxy that cuts long transfers, or download.pytorch.org's own hiccups; pip cannot
resume, so a retry starts from zero. Downloading the wheel with a resuming client and installing the file, or retrying
with more retries, fixes it; nothing is wrong with the versions, the Python or the GPU stack.
Hugging Face model downloads break with the same urllib3 words through requests (ChunkedEncodingError): the rows keep
to pip's vendored module and poetry's own line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "install the CUDA toolkit")
_ADVICE = ("Run the same install again on a steadier link with retries (`pip install --retries 10 --timeout 120 ...`); "
           "pip cannot resume a broken download, so for a large wheel (torch's is 2-3 GB) download it with a resuming "
           "client (`wget -c URL` or `curl -C - -O URL`, the URL pip printed after \"Downloading\") and `pip install` the "
           "file, adding `--no-deps` if the rest is already installed. If it breaks at the same point each time, pause an "
           "antivirus or proxy that inspects downloads (Kaspersky, a corporate proxy) or try another network.")

# a line about a model's or dataset's download (Hugging Face, a GGUF, a checkpoint) is another download
_PACKAGE_LINE = r"^(?![^\n]{0,300}?(?:[Hh]ugging ?[Ff]ace|hf_hub|\bHF\b|\bmodels?\b|checkpoint|gguf|GGUF|dataset))"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.pip-download-connection-broken",
        cause_id="pip-download-failed",
        kinds=("any",),
        patterns=(
            # pip's vendored urllib3 (pip/_vendor/urllib3/response.py): the body ended early, or the connection was reset
            r"pip\._vendor\.urllib3\.exceptions\.(?:IncompleteRead|ProtocolError): [^\n]{0,20}?(?:IncompleteRead\(\d{1,13} "
            r"bytes read|[\"']?Connection broken: (?:IncompleteRead|ConnectionResetError|ConnectionAbortedError|"
            r"OSError|TimeoutError))",
            # poetry's installer: the exception's repr alone on its line under "Installing PKG (VER): Failed"
            r"^[ \t]{0,8}IncompleteRead\(\d{1,13} bytes read, \d{1,13} more expected\)[ \t]{0,4}$",
        ),
        severity="fail",
        cause=("A package download broke off part-way: the connection to the index was closed or reset before the whole "
               "wheel arrived (a lossy or slow link, an antivirus or proxy cutting long transfers, or the index's own "
               "hiccup), so the install stopped; the versions, the Python and the GPU stack are not the problem."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a driver or GPU fault", "a wrong package version"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/pfnet/pytorch-pfn-extras/pull/374", "https://github.com/python-poetry/poetry/issues/9592",
                 "https://github.com/patientx/ComfyUI-Zluda/issues/467", "https://github.com/pypi/support/issues/2957",
                 "https://github.com/urllib3/urllib3/blob/main/src/urllib3/response.py"),
        checked=CHECKED,
        examples=("wheels/pytorch-pfn-extras-374-protocolerror-connreset-10054.txt",
                  "wheels/poetry-9592-incompleteread-torch-240.txt",
                  "wheels/comfyui-zluda-467-incompleteread-torch-wheel-cut.txt"),
        # the "No module named 'torch'" that follows an aborted install is this, not a missing step
        refines=("wheels.pip-download-timed-out", "frameworks.torch-not-in-this-python"), refines_within=None,
    ),
    Signature(
        code="wheels.pip-download-cut-described",
        described=True,
        cause_id="pip-download-failed",
        kinds=("any",),
        # a person's account: "pip install <url> can abort mid-download with ConnectionResetError", "the torch
        # download keeps failing midway", "uv drops the wheel mid-download"
        patterns=(_PACKAGE_LINE + r"[^\n]{0,120}?\b(?:pip|uv|poetry|wheel|whl|torch)\b[^\n]{0,120}?\b(?:abort|fail|stopp?|break|die|dropp?|cut "
                  r"off|reset)(?:s|ed|ing)?\b[^\n]{0,40}?\b(?:mid-download|midway through the download|part-way "
                  r"through the download|halfway through the download)",
                  _PACKAGE_LINE + r"[^\n]{0,120}?\bConnectionResetError\b[^\n]{0,60}?\b(?:while|when) downloading (?:the )?(?:torch|wheel|package)"),
        severity="warn",
        cause=("The description suggests a package download (typically torch's multi-gigabyte wheel) is being cut off "
               "part-way by an unstable connection, and pip or uv cannot resume it."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/unslothai/unsloth/issues/8456",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/11956"),
        checked=CHECKED,
        examples=("wheels/unsloth-8456-connectionreset-104-torch-cu130-wget.txt",),
    ),
)
