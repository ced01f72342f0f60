"""Every regular expression gpudoctor runs on outside text (command output, logs, files, pastes, reports)
runs in time linear in the line: a running pattern holds Python's interpreter lock, so no deadline can
stop one that backtracks, and a 100 KB line took minutes before.

The patterns are collected, not listed: every compiled pattern a module of gpudoctor or of checks/
holds (at module level, in a class, or inside a dict, list, tuple, dataclass or object of gpudoctor's
own there, such as each rule of the secret ruleset; one compiled on first use, gpudoctor/lazy_regex.py, is
compiled here), every row of the failure-signature catalogue
(gpudoctor/knowledge/signatures, patterns kept as text), and every
pattern written as a string literal in a call of the `re` module (found with `ast`). Each runs over
long lines built from its own words and characters, the shapes that make backtracking patterns
quadratic (a run of digits before a unit that never comes, a word repeated without its separator, a
quote never closed), under a budget a quadratic pattern misses by a hundred times.
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import pkgutil
import re
import time
from pathlib import Path

import gpudoctor
import gpudoctor.checks
from gpudoctor.knowledge.forked import start_forked
from gpudoctor.lazy_regex import LazyPattern

LINE = 12_000  # characters: a linear pattern scans one in about a millisecond
BUDGET_S = 0.15  # the slowest line for one pattern, best of three; a quadratic one took 1 to 4 s here
# Each shape is first run at SCREEN characters, a twelfth of LINE: a quadratic pattern takes a 144th of its LINE
# time there, so one that could reach the budget at LINE takes over SCREEN_S (1 ms at the budget) and is then timed
# at LINE. A linear one scans the short line in at most about 80 microseconds, and most are done there.
SCREEN = LINE // 12
SCREEN_S = 0.0008
# A pattern that grows faster than quadratically can stay under SCREEN_S and still miss the budget at LINE (a cubic
# one takes a 1,728th of its LINE time at SCREEN: 87 microseconds at the budget). So a shape that took over
# GROWTH_FLOOR_S (a few in a hundred shapes, most of them linear) is run again on a line twice as long: more than
# GROWTH times the time is faster than quadratic growth (linear: 2, quadratic: 4, cubic: 8), and the shape is timed
# at LINE.
GROWTH_FLOOR_S = 0.00008
GROWTH = 5
# Past the budget, a pattern is held to growth: a quarter of the line must take more than an eighth of the
# time (linear: a quarter; quadratic: a sixteenth), so a loaded machine does not fail a linear pattern with a
# large alternation (the secret rules' trigger took 0.31 s once); past SLOWEST_S it fails whatever its growth.
SLOWEST_S = 1.5
CHILD_TIMEOUT_S = 600.0  # the child's half, like this process's, takes about a minute on CI
_FLAGS = {"I": re.I, "IGNORECASE": re.I, "M": re.M, "MULTILINE": re.M, "S": re.S, "DOTALL": re.S,
          "X": re.X, "VERBOSE": re.X, "A": re.A, "ASCII": re.A}


def _collect(value, where: str, found: dict, depth: int = 0) -> None:
    if isinstance(value, LazyPattern):  # compiled on first use in a run: compiled here to be timed
        value = value.compiled
    if isinstance(value, re.Pattern):
        found[(value.pattern, value.flags)] = (value, where, "search")  # used as it may be: from any start
    elif depth > 3:
        return
    elif isinstance(value, dict):
        for key, item in list(value.items()):
            _collect(item, f"{where}[{key!r}]", found, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for index, item in enumerate(value):
            _collect(item, f"{where}[{index}]", found, depth + 1)
    elif isinstance(value, type) and depth == 0:
        for key, item in list(vars(value).items()):
            _collect(item, f"{where}.{key}", found, depth + 1)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        for key in value.__dataclass_fields__:
            _collect(getattr(value, key, None), f"{where}.{key}", found, depth + 1)
    elif type(value).__module__.startswith("gpudoctor") and hasattr(value, "__dict__") and not callable(value):
        for key, item in list(vars(value).items()):  # an object of gpudoctor's own (a ruleset's rule)
            _collect(item, f"{where}.{key}", found, depth + 1)


def _flags_of(node: ast.AST | None) -> int | None:
    if node is None:
        return 0
    if isinstance(node, ast.Attribute) and node.attr in _FLAGS:
        return _FLAGS[node.attr]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _flags_of(node.left), _flags_of(node.right)
        return None if left is None or right is None else left | right
    return None


def _literal_patterns(path: Path, found: dict) -> None:
    """re.compile/search/match/... called with a string literal, anywhere in the file (functions too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            continue
        position = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "findall": 2, "finditer": 2,
                    "split": 3, "sub": 4, "subn": 4}.get(node.func.attr)
        if position is None:
            continue
        flags_node = next((k.value for k in node.keywords if k.arg == "flags"),
                          node.args[position] if len(node.args) > position else None)
        flags = _flags_of(flags_node)
        if flags is not None:
            pattern = re.compile(node.args[0].value, flags)
            # re.match and re.fullmatch try the first position only; every other call, every position.
            mode = "match" if node.func.attr in ("match", "fullmatch") else "search"
            known = found.get((pattern.pattern, pattern.flags))
            # re.compile says nothing of the use: the module-level name's uses, read before, decide.
            if known is None or (known[2] == "match" and node.func.attr != "compile"):
                found[(pattern.pattern, pattern.flags)] = (pattern, f"{path.name}:{node.lineno}", mode)


@functools.lru_cache(maxsize=1)
def all_patterns() -> dict:
    found: dict = {}
    for package in (gpudoctor, gpudoctor.checks):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if module.name.startswith(("gpudoctor.deep.worker",)):
                continue  # runs in the deep child on its own measurements, never on outside text
            loaded = importlib.import_module(module.name)
            anchored = _only_matched_names(loaded)
            for name, value in list(vars(loaded).items()):
                if isinstance(value, type) and value.__module__ != loaded.__name__:
                    continue
                if isinstance(value, LazyPattern):
                    value = value.compiled
                if isinstance(value, re.Pattern) and name in anchored:
                    found.setdefault((value.pattern, value.flags), (value, f"{module.name}.{name}", "match"))
                    continue
                _collect(value, f"{module.name}.{name}", found)
            if loaded.__file__ and loaded.__file__.endswith(".py"):
                _literal_patterns(Path(loaded.__file__), found)
            _signature_patterns(loaded, found)
    return found


def _only_matched_names(module) -> set[str]:
    """Module-level patterns the module only ever calls .match or .fullmatch on: tried at one position each
    time, so they are timed that way (a search from every position is not how they run)."""
    if not (module.__file__ or "").endswith(".py"):
        return set()
    uses: dict[str, set[str]] = {}
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    owners = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            uses.setdefault(node.value.id, set()).add(node.attr)
        elif isinstance(node, ast.Name) and id(node) not in owners and not isinstance(node.ctx, ast.Store):
            uses.setdefault(node.id, set()).add("<passed on>")  # handed elsewhere: used as it may be
    return {name for name, attrs in uses.items() if attrs and attrs <= {"match", "fullmatch"}}


def _signature_patterns(module, found: dict) -> None:
    """The failure-signature catalogue (gpudoctor/knowledge/signatures) holds its patterns as text, compiled
    by the matcher when first needed: each row's patterns, compiled here."""
    for row in getattr(module, "SIGNATURES", ()) if module.__name__.startswith("gpudoctor.knowledge.") else ():
        for text in getattr(row, "patterns", ()):
            pattern = re.compile(text)
            found.setdefault((pattern.pattern, pattern.flags), (pattern, f"{module.__name__}:{row.code}", "search"))


_GENERIC = "a0 \t=:\"',.-_/[](){}xA\\;|@#%+<>*?!&$~^`\u00e9\n"


def adversarial_lines(pattern: re.Pattern, length: int = LINE) -> list[str]:
    words = sorted(set(re.findall(r"[A-Za-z_]{2,}", re.sub(r"\\[A-Za-z]", " ", pattern.pattern))))
    characters = sorted(set(re.sub(r"\\[A-Za-z]", "", pattern.pattern)) | set(_GENERIC))
    lines = [c * length for c in characters]
    lines += [(a + b) * (length // 2) for a in "a0 =:\"'-._/\\" for b in "a0 =:\"'-._/\\" if a != b]
    for word in words[:10]:  # (the first ten: each adds 11 shapes, and ~3,000 catalogue patterns are timed)
        for separator in ("", " ", "=", ":", "=\"", "-", "[", "\\\""):
            lines.append((word + separator) * (length // (len(word) + len(separator))))
        lines += [word + " " + "a" * length, word + ":" + " " * length + "x", word + "=\"" + "\\\"" * (length // 2)]
    return lines


def _run(pattern: re.Pattern, mode: str, line: str) -> float:
    started = time.perf_counter()
    if mode == "search":
        for _ in pattern.finditer(line):
            pass
    pattern.match(line)
    return time.perf_counter() - started


def _grows_faster_than_linear(pattern: re.Pattern, mode: str, line: str) -> bool:
    quarter = line[: len(line) // 4]
    small = min(_run(pattern, mode, quarter) for _ in range(3))
    large = min(_run(pattern, mode, line) for _ in range(3))
    return large > 8 * max(small, 0.002)


def _slowest(pattern: re.Pattern, mode: str) -> tuple[float, str]:
    worst, shape = 0.0, ""
    long_lines: list[str] = []  # built only for a pattern that a short line slowed (~300 lines of LINE characters)
    doubled_lines: list[str] = []  # the same shapes at twice SCREEN, built only where one is needed
    for index, short in enumerate(adversarial_lines(pattern, SCREEN)):
        took = _run(pattern, mode, short)
        if took <= GROWTH_FLOOR_S:
            continue
        if took <= SCREEN_S:
            doubled_lines = doubled_lines or adversarial_lines(pattern, 2 * SCREEN)
            if _run(pattern, mode, doubled_lines[index]) <= GROWTH * took:
                continue
        long_lines = long_lines or adversarial_lines(pattern)
        line = long_lines[index]
        took = _run(pattern, mode, line)
        if took > BUDGET_S:  # the machine may have been busy: the best of three counts
            took = min(took, _run(pattern, mode, line), _run(pattern, mode, line))
        if took > BUDGET_S and took <= SLOWEST_S and not _grows_faster_than_linear(pattern, mode, line):
            took = BUDGET_S  # slow here, but linear: a busy machine, or a large alternation
        if took > worst:
            worst, shape = took, line[:24]
        if took > BUDGET_S:
            break
    return worst, shape


def test_the_collection_finds_the_patterns_of_every_layer():
    places = {where.split(".")[1] for _, where, _ in all_patterns().values() if where.startswith("gpudoctor.")}
    assert {"probes", "pasted", "host", "checks"} <= places, places
    assert len(all_patterns()) > 200
    assert any(".RULES[" in where for _, where, _ in all_patterns().values())  # the secret ruleset, each rule
    assert any(where.startswith("gpudoctor.knowledge.signatures.") for _, where, _ in all_patterns().values())


def _too_slow(patterns: list) -> list[str]:
    slow = []
    for pattern, where, mode in patterns:
        worst, shape = _slowest(pattern, mode)
        if worst > BUDGET_S:
            slow.append(f"{where}: {pattern.pattern[:80]!r} took {worst:.2f} s on a line of {shape!r}...")
    return slow


def test_every_pattern_is_linear_on_long_adversarial_lines():
    # Every other pattern is timed in a forked child at once (the catalogue's ~2,700 patterns took two minutes
    # on one of CI's two cores); a child that fails or dies leaves its half to this process: slower, never skipped.
    patterns = list(all_patterns().values())
    mine, theirs = patterns[::2], patterns[1::2]
    other_half = start_forked(lambda: _too_slow(theirs), CHILD_TIMEOUT_S) if hasattr(os, "fork") else None
    slow = _too_slow(mine)
    found_there = other_half() if other_half else None
    slow += found_there if found_there is not None else _too_slow(theirs)
    assert not slow, "\n".join(slow)


def test_a_pattern_that_backtracks_over_a_long_line_is_caught():
    quadratic = re.compile(r"\d+ MiB")  # on a run of digits, each start scans the whole run before failing
    assert _too_slow([(quadratic, "planted", "search")])


class _Cubic:
    """Takes the time a pattern that backtracks twice over would: the cube of the line's length, 0.25 s at LINE (a real
    one would take minutes to be timed at LINE), so that it stays under SCREEN_S at SCREEN."""

    pattern = "x"

    def finditer(self, line: str):
        until = time.perf_counter() + 0.25 * (len(line) / LINE) ** 3
        while time.perf_counter() < until:  # busy, as a regular expression is (a sleep wakes late)
            pass
        return iter(())

    def match(self, line: str) -> None:
        return None


def test_a_pattern_that_grows_faster_than_quadratically_is_caught_below_the_screen():
    assert _run(_Cubic(), "search", "a" * SCREEN) < SCREEN_S
    assert _too_slow([(_Cubic(), "planted", "search")])


# The shapes of the second attack round, end to end through the parsers that met them.
_SERVER_CONFIG = 'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config" env="map['
_HOSTILE_LOG_LINES = [  # each carries the marker that sends it to the parsers
    _SERVER_CONFIG + "OLLAMA_HOST:" + "\\\"" * 50_000 + "]\"",
    _SERVER_CONFIG + " ".join(f"K{i}:" + "0" * 20 for i in range(5_000)) + "]\"",
    _SERVER_CONFIG + 'k="\\" ' * 20_000,
    'msg="server config" ' + ":0" * 50_000,
    'msg="server config" ' + '"\\"' * 30_000,
    "GPULayers:1[" + "ID:" * 40_000 + " Layers:1",
    'msg="offload to cuda" ' + "0" * 100_000 + " MiB",
]


def test_the_ollama_log_parsers_take_hostile_100_kb_lines_in_linear_time():
    from gpudoctor.probes.ollama import parse_server_log

    for line in _HOSTILE_LOG_LINES:
        started = time.perf_counter()
        parse_server_log("\n".join([line, line.replace("server config", "starting llama server")]), "journal")
        assert time.perf_counter() - started < 2.0, line[:60]


def _read(paste: str) -> tuple[int, float]:
    import subprocess
    import sys

    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "read", "--json"], input=paste, capture_output=True,
                          text=True, timeout=120)
    assert "Traceback" not in proc.stderr
    return proc.returncode, time.perf_counter() - started


def test_read_is_linear_in_the_number_of_pasted_log_pieces():
    piece = ("$ journalctl -u ollama\ntime=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 "
             'msg="server config" env="map[]"\n$ ls\nfoo\n')
    code, took = _read(piece * 12_000)  # 1.5 MB; 13 s before, when joining the pieces compared whole blocks
    assert code in (0, 1) and took < 6.0


def test_a_long_prompt_line_in_a_paste_is_read_quickly():
    paste = "$ journalctl " + "journalctl -k " * 1_200 + "\n" + "nvcc " * 4_000 + "\n"
    code, took = _read(paste)
    assert code in (0, 1, 2) and took < 6.0
