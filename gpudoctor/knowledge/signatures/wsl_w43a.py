"""Issue 25, w43a: a GPU program run as a Windows service (rows of the wsl area).

Since Windows Vista, services run in session 0 under a service account, isolated from the logged-in user's desktop
session; volunteer-computing clients (BOINC's "Service Install", the Folding@home client installed as a service) then
find no usable GPU, and BOINC turns GPU computing off by design when it runs as a service ("Running as a daemon (GPU
computing disabled)"). The fix is the same whatever the program: reinstall or start it as a
normal program in the user's session (BOINC's installer: Advanced, untick "Service Install"), not as a service.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_SERVICE_ADVICE = (
    "Run the program in the logged-in user's session instead of as a Windows service: for BOINC uninstall it and "
    "reinstall with Advanced > 'Service Install' unticked (the data folder is kept), for the Folding@home client "
    "reinstall without the service option and start it from the user's login; a Windows service (session 0, a "
    "service account such as boinc_master) gets no GPU, whatever the driver.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.gpu-client-windows-service",
        cause_id="windows-service-no-gpu",
        kinds=("any",),
        # BOINC's own start-up line when it runs as a Windows service (any 7.x/8.x client), and people's words for a
        # GPU client that loses the GPU only when it runs as a service. Keyed on BOINC's message and on "as a service"
        # beside a GPU client's name, never on "service" alone (ollama, systemd units and Docker run as services fine).
        patterns=(r"Running as a daemon \(GPU computing disabled\)",
                  r"\bGPUs?\b[^\n]{0,60}\b(?:(?:not|n't|never) (?:be )?(?:detected|found|used|recogni[sz]ed|seen|"
                  r"work\w{0,3}|available|usable|listed)|no longer|missing|disabled|lost)[^\n]{0,100}"
                  r"\b(?:BOINC|Folding@home|FAHClient|FAH|the client) (?:is |was )?(?:running|installed|run|started) as an? "
                  r"(?:Windows )?service",
                  r"\b(?:(?:BOINC|Folding@home|FAHClient|FAH|the client) (?:is |was )?(?:running|installed|run|started)|"
                  r"(?:running|run|installed|install|start|started) (?:BOINC|Folding@home|FAHClient|FAH|the client)) as an? "
                  r"(?:Windows )?service[^\n]{0,160}\b(?:GPUs?|graphics card)\b[^\n]{0,60}(?:(?:not|n't|never) (?:be )?"
                  r"(?:detected|found|used|recogni[sz]ed|seen|work\w{0,3}|available|usable|listed)|no longer|missing|"
                  r"disabled|lost)"),
        severity="warn",
        described=True,
        cause="The GPU client runs as a Windows service (session 0, a service account), where Windows gives it no "
              "usable GPU and BOINC turns GPU computing off by design.",
        advice=_SERVICE_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/FoldingAtHome/fah-issues/issues/112",
                 "https://boinc.berkeley.edu/wiki/Installing_BOINC",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/session-0-isolation"),
        checked="2026-11-28",
        examples=("wsl/fahissues-112-gpu-not-detected-client-service-mode-prose.txt",),
    ),
)
