"""A hostile host for `gpudoctor check`: fake tools on PATH, a hostile server on Ollama's address, a
fake NVML, a garbage Ollama log, and planted secrets that must never come out.

Each scenario is one live run of gpudoctor in a child process; `run_scenarios` starts them all at once
(they mostly wait on hung tools, so they share two cores well) and measures each one's wall time and
peak resident memory (from wait4's rusage of that child alone, not of the tools it ran).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

# Every tool a probe runs by name (PATH holds only the fakes: the rest are "not found").
TOOLS = ("nvidia-smi", "journalctl", "nvcc", "ldconfig", "df", "docker", "id", "whoami", "dpkg-query",
         "wslinfo", "python3", "python", "ollama", "podman", "nvidia-ctk")

# Secrets planted in the environment, in tool output, in the Ollama log and in HTTP answers.
SECRETS = {
    "env_hf": "hf_PLANTEDenvTOKENaaaaaaaaaaaaaaaa",
    "env_aws": "PLANTEDawsSECRETkeyXXXXXXXXXXXXXXXX",
    "ollama_host_password": "PLANTEDpw0llama",
    "bearer": "PLANTEDbearerTOKEN0123456789",
    "glpat": "glpat-PLANTEDgitlabTOKEN00000",
    "inline_aws": "PLANTEDinlineAWSsecret999",
    "api_key": "PLANTEDapiKEYinURL777",
    "url_pw": "PLANTEDurlPW555",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJQTEFOVEVEIjoxfQ.PLANTEDjwtSIGNATURE_abcdef",
    # the shapes the second attack round found kept
    "aws_asia": "ASIAPLANTEDQ7ZK2MXW4",
    "slack_app": "PLANTEDxappSECRET0099",
    "gcp": "AIzaPLANTEDgcpKEY0123456789abcdefghijkl",
    "npm": "npm_PLANTEDnpmTOKEN0123456789abcdefghijk",
    "password_flag": "PLANTEDpasswordFLAG77",
    "x_api_key": "PLANTEDxApiKEY4242",
    "azure": "PLANTEDazureACCOUNTkey==",
    "bare_userinfo": "PLANTEDproxyPW31",
    "private_key": "PLANTEDprivateKEYbody",
    "json_password": "PLANTEDjsonPW8080",
    "pw": "PLANTEDbarePW1",
    "quoted_env": "PLANTEDquotedENVtoken",
}

SECRET_LINES = (
    f"Authorization: Bearer {SECRETS['bearer']}\n"
    f"remote: https://oauth2:{SECRETS['glpat']}@gitlab.example.invalid/x.git\n"
    f"export AWS_SECRET_ACCESS_KEY={SECRETS['inline_aws']}\n"
    f"GET http://mirror.example.invalid/pkg?api_key={SECRETS['api_key']}&v=1\n"
    f"proxy http://cache.example.invalid/login?user=me&pw={SECRETS['url_pw']}\n"
    f"session {SECRETS['jwt']}\n"
    f"aws {SECRETS['aws_asia']} app xapp-1-A0PLANTED-1234567890-{SECRETS['slack_app'].lower()}\n"
    f"maps {SECRETS['gcp']} registry {SECRETS['npm']}\n"
    f"ps: mycmd --password {SECRETS['password_flag']} X-Api-Key: {SECRETS['x_api_key']}\n"
    f"conn AccountName=a;AccountKey={SECRETS['azure']};EndpointSuffix=x proxy admin:{SECRETS['bare_userinfo']}@10.0.0.9:3128\n"
    f"-----BEGIN RSA PRIVATE KEY-----\nMIIE{SECRETS['private_key']}\n-----END RSA PRIVATE KEY-----\n"
    f'{{"password": "{SECRETS["json_password"]}"}} login pw={SECRETS["pw"]}\n'
    f'msg="server config" env="map[HF_TOKEN:{SECRETS["quoted_env"]} OLLAMA_HOST:x]"\n'
)

# What each fake tool does. `$PIDS` collects the pids of anything left running, for the test to check.
TOOL_BEHAVIOURS = {
    "hang": "exec sleep 1000\n",
    "ignore-term": "trap '' TERM INT HUP\nwhile :; do sleep 1; done\n",
    "hold-pipe": 'sleep 1000 &\necho "$!" >> "$PIDS"\necho "started a helper"\nexit 0\n',
    "garbage": 'head -c 300000 /dev/urandom\nprintf "%s" "$SECRET_LINES"\nhead -c 300000 /dev/urandom >&2\n',
    "60mb": 'printf "%s" "$SECRET_LINES"\nyes "line of output with text $0" | head -c 60000000\n',
    "60mb-line": 'printf "%s" "$SECRET_LINES"\nhead -c 60000000 /dev/zero | tr "\\0" "a"\n',
    # A daemonising helper: its own session, its pipes closed, its parent gone at once.
    "daemonise": '(setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo "$!" >> "$PIDS") &\necho "started a daemon"\n'
                 'exit 0\n',
}


_SYSTEM_PATH = os.pathsep.join(dict.fromkeys(os.path.dirname(shutil.which(tool) or "/usr/bin/x")
                                            for tool in ("sleep", "head", "yes", "tr", "setsid")))


@dataclass
class Scenario:
    name: str
    tools: str  # a key of TOOL_BEHAVIOURS
    server: str  # a key of loopback.BEHAVIOURS
    nvml: str = "absent"  # "absent" | "hang" | an error code for nvmlInit
    wsl: bool = False
    command: tuple[str, ...] = ("check", "--json")
    # filled by the run
    wall_s: float = 0.0
    max_rss_mb: float = 0.0
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    files: dict[str, str] = field(default_factory=dict)
    leftover_pids: list[int] = field(default_factory=list)


def _write_tools(directory: Path, behaviour: str) -> None:
    directory.mkdir(parents=True)
    for tool in TOOLS:
        path = directory / tool
        # PATH holds only the fakes; the fakes themselves need the real sleep, head, yes and tr.
        path.write_text(f"#!/bin/sh\nPATH={_SYSTEM_PATH}\n" + TOOL_BEHAVIOURS[behaviour])
        path.chmod(0o755)


def _environment(scenario: Scenario, root: Path, server_url: str, fake_nvml_dir: str | None) -> dict[str, str]:
    home = root / "home"
    (home / ".ollama" / "logs").mkdir(parents=True)
    # A server log of one 3 MB line of garbage between real-looking lines, with secrets in it.
    (home / ".ollama" / "logs" / "server.log").write_text(
        'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config" env="map[]"\n'
        + SECRET_LINES + "x" * (3 << 20) + "\n" + SECRET_LINES)
    host_part = server_url.split("//", 1)[1]
    env = {
        "PATH": str(root / "bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "PIDS": str(root / "pids"),
        "SECRET_LINES": SECRET_LINES,
        "OLLAMA_HOST": f"http://admin:{SECRETS['ollama_host_password']}@{host_part}",
        "HF_TOKEN": SECRETS["env_hf"],
        "AWS_SECRET_ACCESS_KEY": SECRETS["env_aws"],
        "NCCL_DEBUG": f"INFO {SECRETS['env_hf']}",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
    }
    if scenario.wsl:
        env["WSL_DISTRO_NAME"] = "Ubuntu"
    if scenario.nvml != "absent" and fake_nvml_dir:
        env["LD_LIBRARY_PATH"] = fake_nvml_dir
        env["FAKE_NVML_HANG" if scenario.nvml == "hang" else "FAKE_NVML_INIT"] = "1" if scenario.nvml == "hang" \
            else scenario.nvml
    else:
        env["LD_LIBRARY_PATH"] = str(root / "no-libraries")
    return env


def run_scenarios(scenarios: list[Scenario], root: Path, servers: dict[str, str], fake_nvml_dir: str | None,
                  limit_s: float) -> None:
    running = []
    for scenario in scenarios:
        base = root / scenario.name
        _write_tools(base / "bin", scenario.tools)
        env = _environment(scenario, base, servers[scenario.server], fake_nvml_dir)
        argv = [sys.executable, "-m", "gpudoctor", *[arg.replace("{dir}", str(base)) for arg in scenario.command]]
        out, err = open(base / "stdout", "wb"), open(base / "stderr", "wb")
        proc = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env, cwd=base)
        running.append((scenario, proc, time.monotonic(), base, out, err))
    deadline = time.monotonic() + limit_s
    ended = _wait_all([(proc, started) for _, proc, started, *_ in running], deadline)
    for (scenario, proc, started, base, out, err), outcome in zip(running, ended):
        scenario.returncode, scenario.wall_s, scenario.max_rss_mb = outcome
        out.close()
        err.close()
        scenario.stdout = (base / "stdout").read_text(errors="replace")
        scenario.stderr = (base / "stderr").read_text(errors="replace")
        for path in base.glob("*.json"):
            scenario.files[path.name] = path.read_text(errors="replace")
        scenario.leftover_pids = _still_running(base / "pids")


def _wait_all(children: list[tuple[subprocess.Popen, float]], deadline: float) -> list[tuple[int | None, float, float]]:
    """(exit code or None when it ran past the limit, wall seconds, peak RSS in MB) of each child. All are
    polled in turn, so each one's wall time ends when it does, not when the ones before it in the list did."""
    outcomes: dict[int, tuple[int | None, float, float]] = {}
    while len(outcomes) < len(children):
        for number, (proc, started) in enumerate(children):
            if number not in outcomes:
                outcome = _ended(proc, started, deadline)
                if outcome is not None:
                    outcomes[number] = outcome
        time.sleep(0.05)
    return [outcomes[number] for number in range(len(children))]


def _ended(proc: subprocess.Popen, started: float, deadline: float) -> tuple[int | None, float, float] | None:
    """The child's outcome once it has exited (killed when past the deadline); None while it runs."""
    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
    if pid:
        proc.returncode = os.waitstatus_to_exitcode(status)
        return proc.returncode, time.monotonic() - started, usage.ru_maxrss / 1024
    if time.monotonic() > deadline:
        proc.kill()
        _, status, usage = os.wait4(proc.pid, 0)
        return None, time.monotonic() - started, usage.ru_maxrss / 1024
    return None


def _still_running(pid_file: Path) -> list[int]:
    """Helpers the fake tools started that are still alive; they are ended here (by their own pid)."""
    alive = []
    if not pid_file.exists():
        return alive
    for line in pid_file.read_text().split():
        pid = int(line)
        if not _running(pid):
            continue
        alive.append(pid)
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    return alive


def _running(pid: int) -> bool:
    """Alive and not a zombie (a container's init may be slow to reap what it inherited)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
