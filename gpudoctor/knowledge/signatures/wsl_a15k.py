"""Issue 25, fifteenth wave (a15k, written blind): WSL set-up failures as people describe them in their own words,
without wsl.exe's own warning: a .wslconfig that WSL does not apply (a file named .wslconfig.txt, written in UTF-16 by a
PowerShell redirect, indented keys, a key in the wrong file or one mirrored networking ignores), and a distribution
where systemd does not run, so the services an installer set up (Ollama's, Docker's) never start (rows of the WSL
area, joined into wsl.SIGNATURES).

Each is `warn`: a person's description is evidence, not proof, and each cause says what the description suggests.
wsl.exe's own lines stay wsl.config-key-unknown's, wsl.wslconfig-entry-ignored's and wsl.systemd-not-running's."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_CONFIG_DOCS = "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"
WSL_SYSTEMD_DOCS = "https://learn.microsoft.com/en-us/windows/wsl/systemd"
# The words people use for a setting that did not take: "is ignored", "doesn't work", "has no effect", "not applied".
_NOT_APPLIED = (r"(?:ignored|not (?:being )?(?:applied|respected|picked up|read|loaded|detected|used|honou?red|taking "
                r"effect|take effect|working|work)|(?:has|have|had) no effect|no effect|doesn'?t (?:work|apply|take effect|"
                r"have any effect|seem to work)|does not (?:work|apply|take effect|seem to work)|dosen'?t (?:effect|work)|"
                r"isn'?t (?:working|applied|respected)|won'?t (?:work|apply))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.wslconfig-not-applied-described",
        described=True,
        cause_id="wsl-config-invalid",
        kinds=("other",),
        # A person's words that .wslconfig (or one key of it) is not applied: "setting max RAM limit in .wslconfig
        # doesn't work", "WSL2 ... ignores .wslconfig", "wslconfig file being ignored", a file saved as wslconfig.txt, a
        # PowerShell redirect into it (Windows PowerShell 5 writes UTF-16, which WSL does not read), localhostForwarding
        # said to do nothing (mirrored networking ignores it; in /etc/wsl.conf it is an unknown key). wsl.exe's own
        # warnings are wsl.config-key-unknown's and wsl.wslconfig-entry-ignored's.
        patterns=(
            r"(?:\.|\b)wslconfig\b[^\n]{0,80}?\b" + _NOT_APPLIED,
            r"\b(?:ignor(?:es|ed|ing)|disregard(?:s|ed|ing))\b[^\n]{0,30}?(?:\.|\b)wslconfig\b",
            r"(?:\.|\b)wslconfig\.txt\b",
            # "I put memory=8GB in .wslconfig but free -h still shows 16GB"
            r"(?:\.|\b)wslconfig\b[^\n]{0,60}?\bbut\b[^\n]{0,40}?\b(?:still|only|always)\b[^\n]{0,30}?\b(?:\d{1,3} ?"
            r"(?:GB|G|Gi|GiB)|cores?|CPUs?|processors|memory|RAM|half)\b",
            r">>? ?\"?\$\{?env:USERPROFILE\}?[\\/]\.wslconfig\b",
            r"(?<!wsl2\.)\blocalhostForwarding\b[^\n]{0,40}?\b" + _NOT_APPLIED,
        ),
        severity="warn",
        cause=("The description suggests WSL is not applying %UserProfile%\\.wslconfig: the file is not read (saved "
               "as .wslconfig.txt, in another folder, or as UTF-16 or with a BOM), its lines are indented or not under "
               "[wsl2], a key sits in the wrong file (VM settings belong in .wslconfig, not /etc/wsl.conf), mirrored "
               "networking ignores localhostForwarding, or WSL was not shut down after the edit."),
        advice=("Check the file itself: in a Windows terminal `dir /a %UserProfile%` must list `.wslconfig` with no "
                ".txt (File Explorer hides extensions; rename it, or save from Notepad with \"All files\"), in "
                "C:\\Users\\<you>\\ directly; save it as UTF-8 without BOM (`Set-Content -Encoding ascii` in Windows "
                "PowerShell, whose `>`/`>>` and Out-File write UTF-16); write [wsl2] on its own line and each key "
                "(memory=16GB, processors=8, swap=8GB) on its own line below it with no indentation; keep VM settings "
                "out of /etc/wsl.conf, and drop localhostForwarding with networkingMode=mirrored. Then run `wsl "
                "--shutdown`, wait until `wsl -l -v` shows no distribution running, reopen it and check with `free -h` "
                "and `nproc`."),
        action="configure",
        rules_out=("the NVIDIA driver", "a corrupt distribution"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall WSL"),
        sources=("https://github.com/microsoft/WSL/issues/11151", "https://github.com/microsoft/WSL/issues/6990",
                 WSL_CONFIG_DOCS),
        checked="2026-11-26",
        examples=("wsl/wsl-11151-wslconfig-write-output-memory-ignored.txt",
                  "wsl/wsl-6990-wslconfig-indented-keys-no-effect.txt"),
    ),
    Signature(
        code="wsl.systemd-off-described",
        described=True,
        cause_id="wsl-systemd-disabled",
        kinds=("other",),
        contexts=("wsl",),
        # A person's words, in a text that shows WSL, that systemd is not running in the distribution ("when running it
        # with WSL2, systemd is not used", "I run Ubuntu without systemd").
        # systemctl's and Ollama's installer's own lines are wsl.systemd-not-running's.
        patterns=(
            r"(?<!WARNING: )\bsystemd (?:isn't|wasn't|is not|was not|has not been|hasn't been|not|is still not|was "
            r"never) (?:enabled|running|active|used|started|turned on)\b",
            r"\bsystemd (?:is |was )?(?:disabled|off)\b",
            r"\b(?:without|no) systemd\b",
            r"\bsystemd support (?:isn't|is not|wasn't|was not|not) (?:enabled|on)\b",
        ),
        severity="warn",
        cause=("The description suggests systemd is not running in this WSL distribution, so the services an installer "
               "set up there (ollama.service from Ollama's install script, docker) are never started."),
        advice=("Enable systemd for the distribution: add a [boot] section with systemd=true to /etc/wsl.conf (`sudo "
                "nano /etc/wsl.conf`), run `wsl --shutdown` in Windows and open the distribution again (`wsl --version` "
                "must show WSL 0.67.6 or newer, `wsl -l -v` VERSION 2); then `systemctl status ollama` (or docker) "
                "shows the service running. Without systemd, start the program yourself (`ollama serve`, `sudo service "
                "docker start`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/mishamosher/CentOS-WSL/issues/23", WSL_SYSTEMD_DOCS,
                 "https://github.com/ollama/ollama/blob/main/scripts/install.sh"),
        checked="2026-11-26",
        examples=("wsl/centoswsl-23-systemd-not-used-wsl2.txt",),
    ),
)
