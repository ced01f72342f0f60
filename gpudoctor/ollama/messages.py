"""Every kind of line of Ollama's server log, recognised in one place.

Two sorts of line matter. Structured lines carry facts in named fields (the `server config` line, the
`inference compute` discovery lines, the offload and load lines, llama.cpp's device listing): their markers
are here, and gpudoctor/ollama/log.py and load.py read their fields. Failure lines (a load out of memory, a
runner that died, GPU discovery that failed) are read through the signature catalogue (the ollama area,
gpudoctor/knowledge/signatures/ollama*.py, and two rows of cuda.py) wherever it has a row for
the message; two messages whose cause varies with the error they carry are listed in `UNCATALOGUED`, with the
same shape, for the errors no row reads.
A line is one message: a structured line is never also a failure.
"""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from gpudoctor.ollama.slog import logfmt, parse_size
from gpudoctor.lazy_regex import lazy_compile

MAX_PROBLEMS = 6

# -- what comes before a line ---------------------------------------------------------------------------
# What journalctl's short output, `docker logs --timestamps` and `docker compose logs` put before a line.
_LINE_PREFIX = lazy_compile(
    r"^(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [\w.-]+\[\d+\]: "  # Dec 16 13:48:06 host ollama[41154]:
    r"|[a-zé]{3,5}\.? \d\d \d\d:\d\d:\d\d \S+ [\w.-]+\[\d+\]: "  # localised month names (journalctl)
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z "  # docker logs --timestamps
    r"|[\w.-]+\s+\| )"  # docker compose logs: "ollama  | "
)


def strip_prefix(line: str) -> str:
    return _LINE_PREFIX.sub("", line, count=1)


# -- structured lines -----------------------------------------------------------------------------------
SERVER_CONFIG = "server config"  # the environment the server started with
INFERENCE_COMPUTE = "inference compute"  # one GPU (or the CPU) discovery accepted
LISTENING = "Listening on"  # "Listening on 127.0.0.1:11434 (version 0.12.6)"
LISTENING_ON = lazy_compile(r"Listening on (\S+)")
VERSION = lazy_compile(r"\(version ([^)]+)\)")
START_RUNNER = ('msg="starting llama server"', 'msg="starting runner"')  # the runner's command line
# The memory estimate: `msg="offload to cuda"` up to 0.4, `msg=offload library=cuda` from 0.5.
OFFLOAD = ("msg=offload ", 'msg="offload to ')
# The scheduler's decision, as sched.go words it, and what gpudoctor calls it.
SCHEDULER = (
    ("new model will fit in available VRAM in single GPU", "single-gpu"),
    ("new model will fit in available VRAM across minimum required GPUs", "fewest-gpus"),
    ("new model will fit in available VRAM, loading", "all-gpus"),
)
LOAD_REQUEST = "msg=load request="  # the new engine's placement (0.11+)
LOAD_LINES = (*OFFLOAD, "new model will fit in available VRAM", LOAD_REQUEST)
RUNNER_STARTED = "llama runner started"
OFFLOADED = lazy_compile(r"offloaded (\d+)/(\d+) layers to GPU")
# new engine (ml.GPULayersList): GPULayers:49[ID:GPU-a Layers:25(0..24) ID:GPU-b Layers:24(25..48)]
GPU_LAYERS = lazy_compile(r"GPULayers:(\d*)\[([^\]]*)\]")
# An entry starts after "[" or a space, and its id never spans the next "[ID:": each start scans its own stretch.
GPU_LAYER_ENTRY = lazy_compile(r"(?<![^\s\[])ID:([^\s\[]+) Layers:(\d+)")
NO_GPU_LAYERS = "GPULayers:[]"
# llama.cpp's listing of the devices CUDA showed the runner.
CUDA_FOUND = lazy_compile(r"ggml_(?:cuda_init|init_cublas): found (\d+) CUDA devices")
CUDA_DEVICE = lazy_compile(r"^\s+Device (\d+): (.+?), compute capability (\d+\.\d+)(?:, VMM: \w+)?(?:, ID: (\S+))?\s*$")
# What systemd writes into the unit's journal when the service ends ("Stopped ollama.service - Ollama
# Service.", "ollama.service: Deactivated successfully.", "ollama.service: Main process exited …").
STOPPED = ("Stopped ollama", "Stopped Ollama", "Deactivated successfully", "Main process exited", "Failed with result")


# -- failures -------------------------------------------------------------------------------------------
class LogProblem(Struct, frozen=True):
    kind: str  # "oom" | "runner" | "discovery"
    message: str
    device: int | None = None  # the CUDA device number the message names
    size_bytes: int | None = None  # the allocation that failed ("allocating 46963.85 MiB on device 0")
    reason: str | None = None  # a discovery failure's reason: one of DISCOVERY_REASONS
    code: str | None = None  # the signature that recognised it (gpudoctor explain CODE), None when uncatalogued


# Why GPU discovery failed, as the checks tell the causes apart.
DISCOVERY_REASONS = ("cuda-init", "no-device", "none-compatible", "driver-too-old", "gpu-too-old",
                     "library-not-loaded", "memory-lookup", "discovery-failed")
# Signature rows -> (kind, reason): the failures of a model load or of GPU discovery the Ollama checks judge.
CATALOGUED = {
    "ollama.cuda-out-of-memory": ("oom", None),
    "ollama.driver-too-old": ("discovery", "driver-too-old"),
    "ollama.libcuda-lacks-cuctxcreate-v3": ("discovery", "driver-too-old"),
    "ollama.cuda-init-unknown-error": ("discovery", "cuda-init"),
    "ollama.no-nvidia-devices": ("discovery", "no-device"),
    "ollama.no-compatible-gpu": ("discovery", "none-compatible"),
    "ollama.runner-terminated": ("runner", None),
    "cuda.out-of-memory": ("oom", None),  # ggml's "CUDA error: out of memory", the line before its abort
    "ollama.cuda-gpu-too-old": ("discovery", "gpu-too-old"),
    "ollama.cuda-driver-init-failure": ("discovery", "cuda-init"),
    "cuda.system-not-ready": ("discovery", "cuda-init"),  # "cuda driver library init failure: 802"
    "ollama.gpu-memory-lookup-failed": ("discovery", "memory-lookup"),
    "ollama.gpu-discovery-timeout": ("discovery", "discovery-failed"),  # "failure during GPU discovery" that timed out
    "ollama.ggml-cuda-init-error": ("discovery", "cuda-init"),  # cudaErrorInitializationError in ggml_cuda_init
    "ollama.host-buffer-alloc-failed": ("runner", None),  # system memory, not VRAM: not an "oom" of the cards
    "ollama.runner-exited-low-memory": ("runner", None),
    "ollama.tmpdir-unusable": ("runner", None),
}
_KINDS = ("oom", "runner", "discovery")  # which of a line's failures it reports: a runner killed by OOM is OOM
# Messages, (text, kind, reason), read when no row above reads the line: each carries an error whose cause varies,
# and rows read the errors they carry that have one cause (cuCtxCreate_v3's symbol lookup and cuInit's codes inside
# "unable to load cuda driver library"; "failed to finish discovery before timeout" inside "failure during GPU
# discovery"). What is left has no one cause and next step: a library that would not load (dlopen's own error), and
# 0.12's discovery runner that crashed (an unsupported GPU, a release's regression).
UNCATALOGUED = (
    ("unable to load cuda driver library", "discovery", "library-not-loaded"),
    ("failure during GPU discovery", "discovery", "discovery-failed"),
)


def message(line: str) -> str:
    """What a report quotes of a line: slog's message with its error, library, id and name, else the line."""
    fields = logfmt(line)
    if "msg" in fields and "source" in fields:
        extra = " ".join(f"{k}={v}" for k, v in fields.items() if k in ("error", "library", "id", "name"))
        return f"{fields['msg']} {extra}".strip()[:300]
    return line.strip()[:300]


@cache
def _catalogued_words() -> tuple[str, ...]:
    """The words the matcher's prefilter needs for the CATALOGUED rows: a line without any is matched by none,
    and is not handed to the matcher (most lines of a log)."""
    from gpudoctor.knowledge.pattern_keys import required_literals  # never on the start-up path
    from gpudoctor.knowledge.signatures import by_code

    return tuple(sorted({word for code in CATALOGUED for pattern in by_code(code).patterns
                         for word in required_literals(pattern)}))


def _catalogued(line: str) -> list[LogProblem]:
    if not any(word in line for word in _catalogued_words()):
        return []
    from gpudoctor.knowledge.matcher import compiled_for_logs, scan

    found = []
    # The table a log's scan uses (no row that reads a person's words applies to a log line): the whole catalogue,
    # compiled for this line alone, took ~0.5 s of `read`'s CPU beside the log's own scan.
    for match in scan(line, "", "ollama-log", compiled_for_logs()):
        if match.code in CATALOGUED:
            kind, reason = CATALOGUED[match.code]
            device = match.fields.get("gpu")
            found.append(LogProblem(kind, message(line), int(device) if device else None,
                                    parse_size(match.fields.get("size")), reason, match.code))
    return found


def _uncatalogued(line: str) -> list[LogProblem]:
    return [LogProblem(kind, message(line), reason=reason) for text, kind, reason in UNCATALOGUED if text in line]


def problem(line: str) -> LogProblem | None:
    """The failure a line reports, or None: of several, a load out of memory before a runner that died (of it),
    before a discovery failure; the catalogue's reading before UNCATALOGUED's."""
    if INFERENCE_COMPUTE in line:  # a GPU (or the CPU) discovery accepted: a fact, not a failure
        return None
    found = _catalogued(line) + _uncatalogued(line)
    return min(found, key=lambda f: _KINDS.index(f.kind)) if found else None


def problems(lines: list[str]) -> tuple[LogProblem, ...]:
    """The failures of these lines, each message once, the newest last (at most MAX_PROBLEMS)."""
    found: dict[tuple[str, str], LogProblem] = {}
    for line in lines:
        failure = problem(line)
        if failure is not None:
            found.pop((failure.kind, failure.message), None)
            found[(failure.kind, failure.message)] = failure
    return tuple(found.values())[-MAX_PROBLEMS:]


# -- what a recording keeps -----------------------------------------------------------------------------
# Every kind of line the parsers read. Only these lines of the server log are recorded whole (in a snapshot),
# with every failure line (the catalogue's rows and UNCATALOGUED); of the others (requests, and prompts when
# OLLAMA_DEBUG is on) only what says the log is Ollama's: a slog line's time, level, source and message, an old
# line's date and Go source file. A parser that reads a new kind of line adds its marker here;
# tests/attacks/test_ollama_log_kept.py checks that every recorded log parses the same from what is kept.
LOG_LINES_READ = (
    SERVER_CONFIG, INFERENCE_COMPUTE, LISTENING, *START_RUNNER, *LOAD_LINES, "offloaded", RUNNER_STARTED,
    "GPULayers", "CUDA devices", "compute capability", *STOPPED, "ggml_cuda_init", "ggml_init_cublas", "load_tensors:",
    # failures whose signature rows ask for more of the line than these words (lines with less are kept too)
    "unable to allocate CUDA", "unknown error initializing cuda driver library", "no compatible GPUs were discovered",
    "no nvidia devices detected", "your nvidia driver is too old or missing",
)
_SLOG_HEAD = lazy_compile(r'time=\S{1,64} level=\S{1,16} source=\S{1,128} msg=(?:"(?:[^"\\]|\\.){0,200}"|[^\s"]{0,200})')
_OLD_HEAD = lazy_compile(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d [\w.-]{1,64}\.go:\d{1,6}:")
_OLLAMA_MARKERS = (SERVER_CONFIG, INFERENCE_COMPUTE, "msg=", "routes.go", "ggml_cuda_init", "ggml_init_cublas",
                   "load_tensors:")


def _known_failure(line: str) -> bool:
    """Whether a failure signature matches the line (gpudoctor/knowledge): such a line is kept whole too."""
    from gpudoctor.knowledge.matcher import scan

    return bool(scan(line, "", "ollama-log"))


class _LogLinesKept:
    """What of a server-log line is recorded (the `keep_lines` of the log's reads): the lines the parsers read and
    every failure line whole, of the others what says the log is Ollama's. `keep_all` keeps a whole log's lines at
    once, looking for failure signatures only in those the catalogue's prefilter says may hold one."""

    def __call__(self, line: str) -> str:
        return self._kept(line, may_fail=True)

    def keep_all(self, lines: list[str]) -> list[str]:
        from gpudoctor.knowledge.matcher import lines_worth_scanning

        worth = lines_worth_scanning(lines, "ollama-log")
        return [self._kept(line, may_fail=worth is None or index in worth) for index, line in enumerate(lines)]

    @staticmethod
    def _kept(line: str, may_fail: bool) -> str:
        if any(marker in line for marker in LOG_LINES_READ) or any(text in line for text, _k, _r in UNCATALOGUED) \
                or (may_fail and _known_failure(line)):
            return line
        head = _SLOG_HEAD.search(line) or _OLD_HEAD.search(line)
        return line[:head.end()] if head else ""


log_line_kept = _LogLinesKept()


def looks_like_ollama(text: str) -> bool:
    return any(marker in text for marker in _OLLAMA_MARKERS)
