"""The kinds of pasted block gpudoctor recognises: how each begins, which command prints it, and
which module turns it into the probes' answers. One table; the segmenter and the report read it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class BlockKind:
    name: str
    command: str  # what to paste (and what a prompt line runs to announce this output)
    announced_by: str  # regex on a prompt's command
    starts: str  # regex on a line that begins this output
    line_by_line: bool = False  # a log: every line of it matches `starts`, and consecutive ones form one block


# Order matters twice: the first kind whose pattern matches wins, and blocks are turned into answers
# in this order (inventories first, so `topo -m` can name the peer's bus id).
KINDS: tuple[BlockKind, ...] = (
    BlockKind("nvidia-smi -q -x", "nvidia-smi -q -x", r"nvidia-smi\b.*\s-q\b.*\s-x\b|nvidia-smi\b.*-x\b.*-q\b",
              r"^\s*(?:<\?xml\b.*|<nvidia_smi_log>)"),
    BlockKind("nvidia-smi -q", "nvidia-smi -q", r"nvidia-smi\b.*\s-q\b", r"^=+NVSMI LOG=+\s*$"),
    BlockKind("nvidia-smi", "nvidia-smi", r"nvidia-smi(?:\.exe)?\s*$", r"NVIDIA-SMI\s+\S+\s+(?:Driver|KMD) Version:"),
    BlockKind("nvidia-smi -L / nvlink -s", "nvidia-smi nvlink -s", r"nvidia-smi\b.*(?:\s-L\b|\snvlink\b)",
              r"^GPU \d+: .+ \(UUID: GPU-[0-9a-fA-F-]+\)", line_by_line=True),
    BlockKind("nvidia-smi topo -m", "nvidia-smi topo -m", r"nvidia-smi\b.*\stopo\b.*\s-m\b",
              r"^\s*GPU0(?:\s+GPU\d+)*(?:\s+NIC\d+)*\s+CPU Affinity"),
    BlockKind("nvidia-smi topo -p2p", "nvidia-smi topo -p2p r", r"nvidia-smi\b.*\stopo\b.*\s-p2p\b",
              r"^\s*GPU0(?:\s+GPU\d+)+\s*$"),
    BlockKind("/proc/driver/nvidia/version", "cat /proc/driver/nvidia/version", r"/proc/driver/nvidia/version",
              r"^NVRM version: NVIDIA"),
    BlockKind("python -m torch.utils.collect_env", "python -m torch.utils.collect_env", r"collect_env",
              r"^(?:Collecting environment information|PyTorch version: )", line_by_line=True),
    BlockKind("nvcc --version", "nvcc --version", r"nvcc\b.{0,200}--version|nvcc\s+-V", r"^nvcc: NVIDIA \(R\) Cuda compiler"),
    BlockKind("ldconfig -p", "ldconfig -p | grep -E 'nccl|cuda'", r"ldconfig\b.*-p",
              r"^\d+ libs found in cache|^\s+lib\S+\.so\S*\s+\([^)]*\)\s+=>\s+/", line_by_line=True),
    BlockKind("ollama ps", "ollama ps", r"ollama(?:\.exe)?\s+ps\b", r"^NAME\s+ID\s+SIZE\s+PROCESSOR\b"),
    BlockKind("ollama --version", "ollama --version", r"ollama(?:\.exe)?\s+(?:--version|-v)\b",
              r"^(?:ollama version is|Warning: client version is)\s+\S+"),
    BlockKind("Ollama server log", "journalctl -u ollama --no-pager | tail -n 300", r"^(?:(?!journalctl\b).)*journalctl\b.*\bollama|server\.log",
              r"level=(?:INFO|WARN|ERROR|DEBUG) source=|^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \w+\.go:\d+: |^\[GIN\] "
              r"|^llama_model_loader: |^llm_load_\w+: |^ggml_(?:cuda_init|init_cublas): |^load_tensors: "
              r"|^llama_new_context|^llama_context: ",
              line_by_line=True),
    # Only the verbose listing has the STATE and VERSION columns: `wsl -l` alone prints names and "(Default)", which
    # read as this block would say no distribution is installed (microsoft/WSL#4860 pasted both).
    BlockKind("wsl -l -v", "wsl -l -v",
              r"wsl(?:\.exe)?\s+(?:(?:-l|--list)\s+(?:-v|--verbose)|-lv)\b",
              r"^\s*NAME\s+STATE\s+VERSION\s*$"),
    BlockKind("wsl --status", "wsl --status", r"wsl(?:\.exe)?\s+--status\b", r"^Default (?:Distribution|Version): "),
    BlockKind("wsl --version", "wsl --version", r"wsl(?:\.exe)?\s+(?:--version|-v)\b", r"^WSL version: \d"),
    BlockKind("NCCL debug log", "NCCL_DEBUG=INFO <your program>", r"NCCL_DEBUG=|NCCL_RUN_DIAGNOSTICS=", r"\bNCCL (?:INFO|WARN|DIAG)\b",
              line_by_line=True),
    BlockKind("kernel log", "sudo dmesg | grep -iE 'nvrm|nvidia|xid|iommu'", r"dmesg|journalctl\b.*(?:-k\b|--dmesg)",
              r"^\[\s*\d+\.\d+\]\s", line_by_line=True),
    BlockKind("lspci -vvv", "sudo lspci -vvv -d 10de:", r"lspci\b",
              r"^[0-9a-f]{2,4}:[0-9a-f]{2}[:.][0-9a-f]{1,2}(?:\.\d)? [A-Z][\w /-]+(?: \[[0-9a-f]{4}\])?: \S"),
    # The kernel release: `cat /proc/version` ("Linux version 6.6.87.2-microsoft-standard-WSL2 (…") or `uname -a`
    # ("Linux box 6.8.0-45-generic #45-Ubuntu SMP …"); `uname -r` alone is known by its prompt.
    BlockKind("uname -a / /proc/version", "uname -a", r"uname\b|/proc/version\b",
              r"^Linux version \d\S* \(|^Linux \S+ \d+\.\d+\.\d+\S* #\d"),
    BlockKind("environment variables", "env | grep -E '^(CUDA|NCCL|OLLAMA|NVIDIA)_'", r"^(?:env|printenv|set)\b",
              r"^\s*(?:export\s+)?(?:CUDA_|NCCL_|OLLAMA_|NVIDIA_|HIP_VISIBLE|GPU_DEVICE_ORDINAL|LD_LIBRARY_PATH)[A-Z0-9_]*=",
              line_by_line=True),
)

def _branches(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression ("a|b(c|d)" -> ["a", "b(c|d)"])."""
    branches, depth, start, index, in_class = [], 0, 0, 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 1
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            branches.append(pattern[start:index])
            start = index + 1
        index += 1
    return branches + [pattern[start:]]


def _combined(branches: list[tuple[int, str]]) -> re.Pattern:
    """One pattern for all kinds' branches (a 50 MB paste has a million lines): group k<i> is KINDS[i]."""
    return re.compile("|".join(f"(?P<k{i}_{n}>{branch})" for n, (i, branch) in enumerate(branches)))


# Most kinds start at the beginning of a line: those branches are tried there only (re.match), and only the few
# that may start anywhere are searched along the line. Of two kinds matching at the line's start, the first wins.
_ALL = [(i, branch) for i, kind in enumerate(KINDS) for branch in _branches(kind.starts)]
_ANYWHERE = _combined([(i, b) for i, b in _ALL if not b.startswith("^")])
_AT_START_BRANCHES = [(i, b) for i, b in _ALL if b.startswith("^")]

# \d and \s of a str pattern are Unicode's decimal digits and whitespace: str.isdecimal and str.isspace, by name.
_CATEGORIES = {"CATEGORY_DIGIT": "\\d", "CATEGORY_SPACE": "\\s"}


def _opening(items) -> tuple[frozenset[str] | None, bool]:
    """(the characters a match of the parsed `items` may begin with ("\\d" and "\\s" for those classes), or None where
    that is not told here (a negated or word class, any character); whether it may match nothing at all)."""
    chars: set[str] = set()
    for op, value in items:
        name = str(op)
        if name == "AT":  # ^, \b: no character
            continue
        if name == "LITERAL":
            return frozenset(chars | {chr(value)}), False
        if name == "IN":
            members = _class_members(value)
            return (None if members is None else frozenset(chars | members)), False
        if name in ("MAX_REPEAT", "MIN_REPEAT"):
            minimum, _, inner = value
            first, empty = _opening(inner)
        elif name == "SUBPATTERN":
            minimum, inner = 1, value[-1]
            first, empty = (None, False) if value[1] & re.IGNORECASE else _opening(inner)
        elif name == "BRANCH":
            openings = [_opening(branch) for branch in value[1]]
            minimum, empty = 1, any(e for _, e in openings)
            first = None if any(f is None for f, _ in openings) else frozenset().union(*(f for f, _ in openings))
        else:
            return None, False
        if first is None:
            return None, False
        chars |= first
        if minimum and not empty:
            return frozenset(chars), False
    return frozenset(chars), True


def _class_members(items) -> set[str] | None:
    """The characters of a parsed character class, or None where it is negated or too wide to list."""
    members: set[str] = set()
    for op, value in items:
        name = str(op)
        if name == "LITERAL":
            members.add(chr(value))
        elif name == "RANGE" and value[1] - value[0] < 128:
            members.update(map(chr, range(value[0], value[1] + 1)))
        elif name == "CATEGORY" and str(value) in _CATEGORIES:
            members.add(_CATEGORIES[str(value)])
        else:
            return None
    return members


def _line_openings(branch: str) -> frozenset[str] | None:
    from gpudoctor.knowledge.pattern_keys import _parse  # the standard library's parser, on Python 3.10 too

    first, _ = _opening(_parse(branch))
    return first


# Each line is tried only against the branches that can begin with its first character (a 50 MB paste has a
# million lines, and one pattern of every branch tried them all at each line's start: 1.7 us a line).
_OPENINGS = [_line_openings(branch) for _, branch in _AT_START_BRANCHES]


@functools.lru_cache(maxsize=None)
def _at_start_of(branches: tuple[int, ...]) -> re.Pattern | None:
    return _combined([_AT_START_BRANCHES[n] for n in branches]) if branches else None


@functools.lru_cache(maxsize=1024)
def _at_start(first: str) -> re.Pattern | None:
    """The branches a line that begins with `first` may match at its start, as one pattern (None: none)."""
    return _at_start_of(tuple(n for n, opening in enumerate(_OPENINGS) if opening is None or _opens(first, opening)))


def _opens(first: str, opening: frozenset[str]) -> bool:
    return first in opening or ("\\d" in opening and first.isdecimal()) or ("\\s" in opening and first.isspace())


def _literal_start(branch: str) -> str:
    """The plain text a branch begins with ("level=" of "level=(?:INFO|…"), after a leading word boundary."""
    branch = branch[2:] if branch.startswith("\\b") else branch
    match = re.match(r"[\w=: -]*", branch)
    literal = match.group() if match else ""
    # a quantifier after the last character makes that character optional: it is not required text
    return literal[:-1] if branch[len(literal):len(literal) + 1] in ("*", "?", "{") else literal


# Searching a line is what costs (nearly every line of an Ollama log holds "level="). Each branch that may start
# anywhere begins with plain text, so its match starts where that text does: the branches are grouped by it, and
# each group is searched from the text's first place in the line (a substring search, at C speed), not tried at
# every character (0.7 s instead of 1.0 s for a 50 MB Ollama log's lines). None where a branch has no such text.
def _by_opening(branches: list[tuple[int, str]]) -> tuple[tuple[str, re.Pattern], ...] | None:
    openings = [(_literal_start(branch), (i, branch)) for i, branch in branches]
    if not all(opening for opening, _ in openings):
        return None
    grouped: dict[str, list[tuple[int, str]]] = {}
    for opening, branch in openings:
        grouped.setdefault(opening, []).append(branch)
    return tuple((opening, _combined(group)) for opening, group in grouped.items())


_ANYWHERE_BY_OPENING = _by_opening([(i, b) for i, b in _ALL if not b.startswith("^")])


def _anywhere(line: str) -> re.Match | None:
    """What _ANYWHERE.search(line) finds: the leftmost match, the first kind on a tie."""
    if _ANYWHERE_BY_OPENING is None:
        return _ANYWHERE.search(line)
    best = None
    for opening, pattern in _ANYWHERE_BY_OPENING:
        at = line.find(opening)
        if at < 0 or (best is not None and at > best.start()):
            continue
        found = pattern.search(line, at)
        if found is not None and (best is None or _place(found) < _place(best)):
            best = found
    return best


def _place(match: re.Match) -> tuple[int, int]:
    return match.start(), _kind_index(match)


_ANNOUNCED = [(kind, re.compile(kind.announced_by)) for kind in KINDS]
BY_NAME = {kind.name: kind for kind in KINDS}


def _kind_index(match: re.Match) -> int:
    return int(match.lastgroup[1:].split("_")[0])


# _at_start's pattern per first character, looked up in a plain dict: lru_cache's wrapper cost 1 us a line, most of
# the lookup's time on 50 MB of tool output (850,000 lines).
_AT_START_BY_FIRST: dict[str, re.Pattern | None] = {}


def kind_starting(line: str) -> BlockKind | None:
    """The kind whose output this line begins: the match nearest the line's start, the first kind on a tie."""
    first = line[:1]
    try:
        pattern = _AT_START_BY_FIRST[first]
    except KeyError:
        pattern = _AT_START_BY_FIRST[first] = _at_start(first)
    at_start = pattern.match(line) if pattern is not None else None
    anywhere = _anywhere(line)
    if at_start and anywhere and anywhere.start() == 0:
        return KINDS[min(_kind_index(at_start), _kind_index(anywhere))]
    match = at_start or anywhere
    return KINDS[_kind_index(match)] if match else None


# A command that announces a paste is a line typed at a prompt; past this length it is no command anyone typed,
# and the patterns (a word, then another later in the line) would cost time by the square of the length.
_ANNOUNCING_COMMAND_MAX = 1024


def kind_announced(command: str) -> BlockKind | None:
    command = command[:_ANNOUNCING_COMMAND_MAX]
    return next((kind for kind, pattern in _ANNOUNCED if pattern.search(command)), None)
