"""Pasted text -> blocks -> the probes' recorded answers -> a host the checks can judge.

What a paste does not show stays unrecorded: the probes get the same "not-recorded" answer a
snapshot gives for a question it never asked, and say themselves that they did not see it (a typed
`NotSeen`); the checks that rest on it are unknown, with the command whose output would settle them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpudoctor.host.base import ReplayHost, call_key
from gpudoctor.pasted import collect_env, linux, nvidia_smi, ollama, wsl
from gpudoctor.pasted.answers import Conflict, PastedAnswers
from gpudoctor.pasted.kinds import BY_NAME, KINDS, BlockKind, kind_announced, kind_starting
from gpudoctor.pasted.text import CleanText
from gpudoctor.probes.ollama import JOURNAL_LINES, LOG_LIMIT
from gpudoctor.probes.wsl import WSL_LIB


@dataclass
class Block:
    kind: BlockKind | None
    first_line: int  # 1-based, in the cleaned text of its source
    source: str
    command: str | None = None
    lines: list[str] = field(default_factory=list)
    started: bool = False  # the first line of its kind's output was seen
    windows_prompt: bool = False  # its command was typed at PowerShell's or cmd's prompt

    @property
    def label(self) -> str:
        name = self.kind.name if self.kind else "unrecognised text"
        return f"{name} ({self.source}, line {self.first_line})"

    def has_content(self) -> bool:
        return any(line.strip() for line in self.lines)


def segment(text: CleanText, source: str) -> list[Block]:
    """Cut the cleaned lines into blocks: a prompt line or the first line of a known output starts one."""
    blocks: list[Block] = []
    current: Block | None = None
    commands = text.commands
    for index, line in enumerate(text.lines):
        number = index + 1
        if index in commands:
            current = Block(kind_announced(commands[index]), number, source, command=commands[index],
                            windows_prompt=index in text.windows_prompts)
            blocks.append(current)
            continue
        blank = not line or line.isspace()
        kind = None if blank else kind_starting(line)
        if kind is not None and current is not None and _continues(current, kind):
            if current.kind is None:
                current.kind = kind
            current.started = current.started or current.kind is kind
        elif kind is not None:
            current = Block(kind, number, source, started=True)
            blocks.append(current)
        elif current is None or (blank and current.kind is not None and current.kind.line_by_line
                                 and current.kind.name in _ENDS_AT_BLANK):
            current = Block(None, number, source)
            blocks.append(current)
        current.lines.append(line)
    return [block for block in blocks if block.has_content()]


# Line-by-line outputs that a blank line ends (a log pasted by hand rarely has blank lines inside).
_ENDS_AT_BLANK = ("environment variables",)


def _continues(current: Block, kind: BlockKind) -> bool:
    """Whether a line that starts `kind` stays in the current block."""
    if current.kind is None:
        return current.command is not None and not current.has_content()
    if current.kind is kind:
        return kind.line_by_line or not current.started
    # A server log quotes llama.cpp and the kernel's lines; a collect_env lists GPUs like `nvidia-smi -L`.
    return current.kind.name in ("Ollama server log", "python -m torch.utils.collect_env") and not kind.line_by_line


# -- platform ----------------------------------------------------------------------------------------
# Windows paths in an Ollama log: the usual folders, or any drive in its server config's OLLAMA_MODELS (ollama/ollama#10486:
# "OLLAMA_MODELS:D:\\Ollama", as Go prints the map).
_WINDOWS_PATH = re.compile(r"[A-Za-z]:\\(?:Users|Program Files|Windows)\\|OLLAMA_MODELS:[A-Za-z]:\\", re.IGNORECASE)
# nvidia-smi's table on Windows: each GPU's driver model in its name column ("NVIDIA GeForce RTX 4090  WDDM  |").
_DRIVER_MODEL = re.compile(r"\b(?:WDDM|TCC)\s+\|")
# What only a Windows Python prints: its own error numbers, and tracebacks through drive-letter paths. (A line without
# ":\" or "[WinError" holds neither: those tests spare the search, whose alternation is tried at every character.)
_WINDOWS_PYTHON = re.compile(r"\[WinError \d+\]|File \"[A-Za-z]:\\|[A-Za-z]:\\[^\n\"]{0,200}?\\site-packages\\")


@dataclass(frozen=True)
class PastedPlatform:
    sys_platform: str  # "linux" | "win32"
    os_release: str
    os_name: str | None
    because: str  # what in the paste says so
    wsl2: bool = False  # WSL 2 known from the paste though no kernel release says so (its /usr/lib/wsl/lib)


def _name(block: Block) -> str:
    return block.kind.name if block.kind else ""


def _python_platform(block: Block) -> tuple[str | None, str]:
    """collect_env's OS (its name without the build in brackets) and its Python platform line."""
    found = collect_env.fields(block.lines)
    return (found.get("OS") or "").split(" (")[0] or None, found.get("Python platform", "")


def _kernel_release(block: Block) -> str | None:
    """The Linux kernel release a block states: a kernel log's or uname's, or collect_env's Python platform."""
    if _name(block) in ("kernel log", "uname -a / /proc/version"):
        return linux.kernel_release(block.lines)
    if _name(block) == "python -m torch.utils.collect_env":
        platform_line = _python_platform(block)[1]
        if platform_line.startswith("Linux-"):
            return re.sub(r"-(?:x86_64|aarch64)-with-.*$", "", platform_line[len("Linux-"):])
    return None


def _wsl_libraries(block: Block) -> str | None:
    if block.kind is BY_NAME["ldconfig -p"] and any(f" => {WSL_LIB}/" in line for line in block.lines):
        return f"`ldconfig -p` lists {WSL_LIB}, which only WSL 2 mounts"
    return None


# The platform's signs are read in a block's first lines: where a tool, a prompt or a kernel names it (a 50 MB journal
# pasted whole names WSL's kernel on its first line), and so that a long block costs no more than a short one.
SIGN_LINES = 400


def _windows_tool(block: Block) -> str | None:
    """Why a block can only come from Windows (a tool, driver model, path or .exe only Windows has), or None."""
    name = _name(block)
    if name.startswith("wsl "):
        return f"`{name}` runs on Windows"
    if block.windows_prompt:
        return f"`{block.command}` was run at a Windows prompt"
    if name == "nvidia-smi" and any(_DRIVER_MODEL.search(line) for line in block.lines if "WDDM" in line or "TCC" in line):
        return "nvidia-smi shows WDDM/TCC driver models (Windows)"
    if name == "Ollama server log" and any(_WINDOWS_PATH.search(line) for line in block.lines[:SIGN_LINES]):
        return "Windows paths in the Ollama server log"
    if block.command and re.match(r"(?:PS )?[A-Za-z]:\\", block.command) is None and ".exe" in block.command:
        return f"`{block.command}` runs on Windows"
    if any(_WINDOWS_PYTHON.search(line) for line in block.lines[:SIGN_LINES] if ":\\" in line or "[WinError" in line):
        return "a Windows Python's error or path (WinError, a drive letter)"
    return None


# What only a Mac prints: sw_vers, uname's kernel name, a macOS Python's platform (collect_env, pip's wheel tags).
_MACOS = re.compile(r"^\s*ProductName:\s+(?:macOS|Mac OS X)\b|^Darwin\s+\S+\s+\d+\.\d+\.\d+\s+Darwin Kernel"
                    r"|^Python platform:\s+macOS-\d")


def _macos_sign(block: Block) -> str | None:
    """Why a block can only come from macOS (sw_vers, `uname -a`, collect_env's Python platform), or None."""
    line = next((line for line in block.lines[:SIGN_LINES] if _MACOS.search(line)), None)
    return f"`{line.strip()}` (macOS)" if line else None


def _wsl_markers(block: Block) -> str | None:
    """WSL's own words in a block (the `wsl` context's markers: a WSL kernel, /usr/lib/wsl/lib, /mnt/c/Users...),
    so that the rows read in that context and the platform the asks are for agree."""
    from gpudoctor.knowledge.contexts import in_text  # compiled only where no surer sign settled the platform

    shown = in_text("\n".join(block.lines[:SIGN_LINES]), frozenset({"wsl"}))
    return "WSL's own paths or names in the paste" if shown else None


def _first(blocks: list[Block], sign) -> str | None:
    """What `sign` says of the first block it says anything of."""
    return next((found for found in map(sign, blocks) if found), None)


def distinct(blocks: list[Block]) -> list[Block]:
    """The blocks in order, each output pasted again left out: it shows the same signs (a 50 MB paste that repeats
    a few outputs holds hundreds of blocks, and each sign read them all: a fifth of the parsing's time)."""
    seen: set[tuple] = set()
    out = []
    for block in blocks:
        same = (_name(block), block.command, block.windows_prompt, tuple(block.lines))
        if same not in seen:
            seen.add(same)
            out.append(block)
    return out


def guess_platform(blocks: list[Block]) -> PastedPlatform:
    """Which operating system the paste comes from, the surest sign first: collect_env's Python platform,
    a kernel release (Linux or WSL), WSL's own libraries, tools that only Windows has, then WSL's own words; else
    Linux."""
    blocks = distinct(blocks)
    environments = [_python_platform(b) for b in blocks if _name(b) == "python -m torch.utils.collect_env"]
    windows = next((line for _, line in environments if line.startswith("Windows-")), None)
    if windows:
        return PastedPlatform("win32", windows, "Windows", "collect_env's Python platform")
    os_name = next((name for name, _ in environments if name), None)
    release = next((found for found in map(_kernel_release, blocks) if found is not None), None)
    if release:
        return PastedPlatform("linux", release, os_name, "the kernel release in the paste")
    wsl2 = _first(blocks, _wsl_libraries)
    if wsl2:
        return PastedPlatform("linux", "", os_name, wsl2, wsl2=True)
    windows_tool = _first(blocks, _windows_tool)
    if windows_tool:
        return PastedPlatform("win32", "", "Windows", windows_tool)
    macos = _first(blocks, _macos_sign)
    if macos:
        return PastedPlatform("darwin", "", "macOS", macos)
    wsl2 = _first(blocks, _wsl_markers)  # after Windows' tools: `wsl -l -v` names WSL 2 from the Windows side
    if wsl2:
        return PastedPlatform("linux", "", os_name, wsl2, wsl2=True)
    return PastedPlatform("linux", "", os_name, "nothing in the paste says otherwise (assumed)")


# -- answers -------------------------------------------------------------------------------------------
def _tail(lines: list[str], platform: PastedPlatform) -> list[str]:
    """What the probe itself would have read of a long log: journalctl's last lines, or the file's tail."""
    if platform.sys_platform != "win32":
        return lines[-JOURNAL_LINES:]
    kept, size = [], 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > LOG_LIMIT:
            break
        kept.append(line)
    return kept[::-1]


WSL_DISTRO_UNKNOWN = "distribution not in the paste"


# Block kinds whose reader needs nothing but the block: reader(lines, answers, label).
_PLAIN_READERS = {
    "nvidia-smi": nvidia_smi.table,
    "nvidia-smi -q": nvidia_smi.query,
    "nvidia-smi -L / nvlink -s": nvidia_smi.gpu_list,
    "nvidia-smi topo -m": nvidia_smi.topology,
    "/proc/driver/nvidia/version": nvidia_smi.driver_file,
    "python -m torch.utils.collect_env": collect_env.collect_env,
    "environment variables": linux.environment,
    "ollama ps": ollama.running_models,
    "ollama --version": ollama.version,
}


class Notes:
    """What the reading tells beside the checks, each sentence once: the first block that said it, and how many
    more did (a paste repeating its outputs does not repeat its notes)."""

    def __init__(self) -> None:
        self._first: dict[str, str] = {}  # sentence -> the first block's label
        self._more: dict[str, int] = {}

    def append(self, label: str, sentence: str) -> None:
        if sentence in self._first:
            self._more[sentence] = self._more.get(sentence, 0) + 1
        else:
            self._first[sentence] = label

    def lines(self) -> list[str]:
        return [f"{label}: {sentence}" + (f" (and {self._more[sentence]} more blocks)" if sentence in self._more else "")
                for sentence, label in self._first.items()]


def _answer(block: Block, answers: PastedAnswers, platform: PastedPlatform, notes: Notes) -> None:
    name, lines, label = block.kind.name, block.lines, block.label
    if name in _PLAIN_READERS:
        _PLAIN_READERS[name](lines, answers, label)
    elif name == "nvcc --version":
        linux.nvcc(lines, answers, label, block.command)
    elif name == "nvidia-smi -q -x":
        try:
            nvidia_smi.query_xml(lines, answers, label)
        except nvidia_smi.BadXml as exc:
            notes.append(label, f"{exc}; it was not used")
    elif name == "nvidia-smi topo -p2p":
        capability = nvidia_smi.p2p(lines, answers, label, block.command)
        if not (block.command and "-p2p" in block.command):
            notes.append(label, f"no command line says which capability this P2P matrix shows; read as {capability}")
    elif name == "ldconfig -p":
        if not linux.ldconfig(lines, answers, label) and any("libnccl" in line for line in lines):
            notes.append(label, "libnccl.so.2 is listed without its version (the file it links to says it)")
    elif name == "Ollama server log":
        kind = "windows" if platform.sys_platform == "win32" else "linux"
        log = ollama.server_log(_tail(lines, platform), answers, label, kind)
        for sentence in ollama.what_the_log_says(log):
            notes.append(label, sentence)
    elif name.startswith("wsl "):
        wsl.wsl_output({"wsl -l -v": "wsl-list", "wsl --status": "wsl-status", "wsl --version": "wsl-version"}[name],
                       lines, answers, label)
    elif name == "kernel log":  # what the kernel_log probe reads of this boot
        answers.command(label, ["dmesg"], "\n".join(lines) + "\n")
    # lspci and NCCL's log are recognised (and named in the report) but no probe reads them yet.


# Kinds no probe reads: recognised, so the report can say they were seen and not judged.
NOT_JUDGED = ("lspci -vvv", "NCCL debug log")


@dataclass
class Reading:
    blocks: list[Block]
    answers: PastedAnswers
    platform: PastedPlatform
    notes: list[str]
    cuts: int

    @property
    def recognised(self) -> list[Block]:
        return [b for b in self.blocks if b.kind is not None]

    @property
    def conflicts(self) -> list[Conflict]:
        return self.answers.conflicts

    def host(self) -> ReplayHost:
        calls = dict(self.answers.calls)
        if self.platform.wsl2:  # the platform probe's other sign of WSL 2 when the kernel release is unknown
            calls[call_key("env", ["WSL_DISTRO_NAME"])] = WSL_DISTRO_UNKNOWN
        calls[call_key("system", [])] = {
            "sys_platform": self.platform.sys_platform, "os_release": self.platform.os_release, "os_version": "",
            "machine": "", "python_version": "",
            "extra": {"distro": {"name": self.platform.os_name}} if self.platform.os_name else {},
        }
        return ReplayHost(calls, origins=self.answers.origin)


def _joined_logs(blocks: list[Block]) -> list[Block]:
    """The recognised blocks, with every piece of the Ollama server log as one log: people paste a log in
    pieces (a fenced excerpt, a sentence, the next excerpt), and the pieces are one journal, not rival ones."""
    recognised = [b for b in blocks if b.kind is not None]
    pieces = [b for b in recognised if b.kind.name == "Ollama server log"]
    if len(pieces) < 2:
        return recognised
    log = Block(pieces[0].kind, pieces[0].first_line, pieces[0].source, pieces[0].command,
                [line for piece in pieces for line in piece.lines], started=True)
    joined = {id(piece) for piece in pieces}  # by identity: comparing blocks compares all their lines
    return [b for b in recognised if id(b) not in joined] + [log]


def read_blocks(texts: list[tuple[str, CleanText]]) -> Reading:
    blocks = [block for source, text in texts for block in segment(text, source)]
    platform = guess_platform(blocks)
    answers = PastedAnswers()
    notes = Notes()
    order = {kind.name: i for i, kind in enumerate(KINDS)}
    answered: set[tuple[str, int]] = set()
    for block in sorted(_joined_logs(blocks), key=lambda b: order[b.kind.name]):
        # The same output pasted again gives the same answers: read once (a paste that repeats stays fast).
        same = (block.kind.name, hash(tuple(block.lines)))
        if same not in answered:
            answered.add(same)
            _answer(block, answers, platform, notes)
    return Reading(blocks, answers, platform, notes.lines(), sum(text.cuts for _, text in texts))


__all__ = ["BY_NAME", "Block", "Reading", "read_blocks", "segment"]
