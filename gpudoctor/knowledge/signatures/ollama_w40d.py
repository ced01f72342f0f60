"""Issue 25 (helper w40d): Ollama in a container that runs on the GPU at first and on the CPU hours or days later.

People describe it by time: "after a couple of days running Ollama stops running models in GPU and switches to CPU",
"reverts to CPU after several hours", "fails to use the GPU after idle time"; restarting the container brings the GPU
back. Where the text puts Ollama in a container (a docker run or compose, "my ollama docker container"), the
maintainers' answer is the Docker cgroup workaround of Ollama's troubleshooting guide (ollama#4604, #7519, #8594,
#8962, #9072): with Docker's systemd cgroup driver a `systemctl daemon-reload` re-applies the container's cgroup and
drops the device rules the NVIDIA runtime added, so GPU discovery fails and Ollama falls back to the CPU
(NVIDIA/nvidia-container-toolkit#48). On a host without containers the same words mean something else (nvidia_uvm
unloaded after suspend), so the row reads them in the container contexts only.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md#linux-docker"

_LATER = (r"(?:\d{1,3}\+? ?(?:hours?|hrs?|days?|minutes?)|a (?:day|while|few (?:hours|days))|(?:a couple of|several|some|"
          r"a few|many) (?:hours|days)|hours|days|some time|sometime|a period of time|(?:an )?extended periods?|idle|idling|"
          r"being idle|inactivity)")
_GPU = r"(?:GPUs?|gpus?|VRAM)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.container-gpu-lost-later-described",
        described=True,
        cause_id="container-lost-gpus",
        kinds=("any",),
        contexts=("container", "container-app"),
        patterns=(
            # "after sometimes 12 hours and other times a day plus Ollama will stop using the GPU", "After about a couple
            # of days running, Ollama v0.11.11 stops running models in GPU"
            r"\b[Aa]fter\b[^\n]{0,40}?\b" + _LATER + r"\b[^\n]{0,80}?\b(?:stops?|stopped|stopping|fails? to|failed to|"
            r"failing to|doesn'?t|does not|won'?t|no longer|not)\s(?:using|use|running|run|accessing|access|utili[sz]ing|"
            r"utili[sz]e|initiat(?:e|ing)|detect(?:ing)?|see|seeing|finding|find)\b[^\n]{0,40}?\b" + _GPU + r"\b",
            # "Reverts to CPU after runing for extended periods", "switches to running on CPU after some period of time",
            # "Ollama reverts to CPU after several hours"
            r"\b(?:[Rr]everts?|reverted|[Ss]witch(?:es|ed)?|[Ff]alls? back|fell back|[Gg]oes back|went back|[Dd]rops? back)\s"
            r"to\s(?:running\s(?:on\s)?|using\s)?(?:only\s)?(?:the\s)?(?:CPU|cpu)\b[^\n]{0,40}?\bafter\b[^\n]{0,30}?\b"
            + _LATER + r"\b",
            # "Failing to using GPU after idle time", "fails to Initiate gpu after some idle time", "Docker not use GPU
            # after idle", "GPU allocation lost after container idle period". A failure word is required: "the model is
            # unloaded from VRAM after 5 minutes of inactivity" is OLLAMA_KEEP_ALIVE doing its job (rev40b)
            r"(?:\b(?:[Ff]ail(?:s|ed|ing)?|not|[Nn]o longer|[Ss]tops?|[Ss]topped|[Ll]ost|[Ll]oses|[Ll]osing)|n't)\b"
            r"[^\n]{0,30}?\b" + _GPU + r"\b[^\n]{0,30}?\bafter\s[\w ]{0,20}?(?:idle|idling|inactivity)\b",
            r"\b" + _GPU + r"\b[^\n]{0,30}?\b(?:lost|disappears?|disappeared|gone|unavailable|not (?:found|detected|"
            r"available|used))\b[^\n]{0,30}?\bafter\s[\w ]{0,20}?(?:idle|idling|inactivity)\b",
        ),
        severity="warn",
        # the words name no app: in a container any program (Ollama in the threads behind the row) loses the GPU so
        # (rev40b)
        cause=("The description suggests the container (Ollama's, in most such reports) lost its GPU hours or days after "
               "it started and fell back to the CPU: with Docker's systemd cgroup driver, a `systemctl daemon-reload` on "
               "the host re-applies the container's cgroup and drops the GPU device access the NVIDIA runtime gave it, "
               "so the program's GPU discovery fails until the container is recreated."),
        advice=("Recreate the container to get the GPU back now (`docker compose up -d --force-recreate <service>` or "
                "`docker restart <container>`). To stop it happening, switch Docker to the cgroupfs cgroup driver: add "
                "`\"exec-opts\": [\"native.cgroupdriver=cgroupfs\"]` to /etc/docker/daemon.json on the host, then "
                "`sudo systemctl restart docker` and recreate the container (or create the /dev/char links with `sudo "
                "nvidia-ctk system create-dev-char-symlinks --create-all`). `docker exec <container> nvidia-smi` failing "
                "with \"Failed to initialize NVML: Unknown Error\" while it works on the host confirms it."),
        action="configure",
        rules_out=("the model's size or OLLAMA_NUM_GPU, when the same model ran on the GPU after the container started",),
        never_suggest=("reinstall the driver", "reinstall ollama"),
        sources=(TROUBLESHOOTING, "https://github.com/ollama/ollama/issues/8594",
                 "https://github.com/ollama/ollama/issues/8962", "https://github.com/ollama/ollama/pull/9072",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/48"),
        checked="2026-11-28",
        examples=("ollama/ollama-8594-compose-reverts-cpu-after-a-day-cgroupfs.txt",
                  "ollama/ollama-8962-docker-idle-gpu-cgroupfs.txt"),
    ),
)
