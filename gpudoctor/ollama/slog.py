"""Ollama's log lines as fields: Go's slog text format (key=value, values Go-quoted when they hold spaces),
the `server config` line's env map, and the sizes Ollama prints (format.HumanBytes2). Pure text reading."""

from __future__ import annotations

import json
import re
from gpudoctor.lazy_regex import lazy_compile

_SIZE = lazy_compile(r"(?<![\d.])([\d.]+)\s*([KMGT]i?B|B)\b")  # starts only where a number starts
_UNITS = {"B": 1, "KB": 1000, "MB": 1000**2, "GB": 1000**3, "TB": 1000**4,
          "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, "TiB": 1024**4}


def parse_sizes(text: str | None) -> tuple[int, ...]:
    """'[11.2 GiB 10.9 GiB]' or '22.5 GiB' (format.HumanBytes2) -> bytes."""
    return tuple(int(float(n) * _UNITS[unit]) for n, unit in _SIZE.findall(text or ""))


def parse_size(text: str | None) -> int | None:
    sizes = parse_sizes(text)
    return sizes[0] if sizes else None


# slog's text format: key=value, value Go-quoted when it has spaces; keys quoted too ("model layers"=49).
# Scanned by hand rather than with a pattern: a regular expression retried at every start of a 100 KB
# line of quotes and backslashes took minutes. Each quoted string's end is found once per position
# (QuotedEnds), and an unquoted key that is not followed by `=` is skipped whole (every later start in the
# same run ends at the same place and fails the same way), so the whole line is read a bounded number of times.
_WHITESPACE = frozenset(" \t\n\r\f\v")


class QuotedEnds:
    """Where the Go-quoted string opening at a `"` ends, for one line: remembered per position, so that
    scans from many quotes that reach the same position share the rest of their work."""

    def __init__(self, line: str) -> None:
        self._line = line
        self._end_from: dict[int, int | None] = {}  # position (not after a backslash) -> closing quote's index

    def closing(self, opening: int) -> int | None:
        """The index of the quote closing the string opened at `opening`, or None (unclosed)."""
        line, visited, position, end = self._line, [], opening + 1, None
        while position < len(line):
            if position in self._end_from:
                end = self._end_from[position]
                break
            visited.append(position)
            if line[position] == '"':
                end = position
                break
            position += 2 if line[position] == "\\" else 1
        for seen in visited:
            self._end_from[seen] = end
        return end


def _unquote(text: str) -> str:
    try:
        return json.loads(f'"{text}"')
    except ValueError:  # Go's \x escapes are not JSON
        return text.replace('\\"', '"').replace("\\\\", "\\")


def logfmt(line: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    quotes = QuotedEnds(line)
    position = 0
    while position < len(line):
        char = line[position]
        if char in _WHITESPACE or char == "=":
            position += 1
            continue
        if char == '"':
            closing = quotes.closing(position)
            if closing is None or line[closing + 1:closing + 2] != "=":
                position += 1  # as a pattern would: try again from the next character
                continue
            key, position = _unquote(line[position + 1:closing]), closing + 2
        else:
            end = position
            while end < len(line) and line[end] not in _WHITESPACE and line[end] not in '="':
                end += 1
            if line[end:end + 1] != "=":
                position = end
                continue
            key, position = line[position:end], end + 1
        fields[key], position = _value(line, position, quotes)
    return fields


def _value(line: str, position: int, quotes: QuotedEnds) -> tuple[str, int]:
    """The value starting at `position` (Go-quoted, or up to the next whitespace) and where it ends."""
    if line[position:position + 1] == '"':
        closing = quotes.closing(position)
        if closing is not None:
            return _unquote(line[position + 1:closing]), closing + 1
    end = position
    while end < len(line) and line[end] not in _WHITESPACE:
        end += 1
    return line[position:end], end


def ints(text: str | None) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", text or ""))


def first_int(text: str | None) -> int | None:
    m = re.search(r"-?\d+", text or "")
    return int(m.group(0)) if m else None


# A key of the env map: upper case (OLLAMA_HOST, CUDA_VISIBLE_DEVICES) or Go's lower-case proxy names.
# Values may hold spaces ("GPU-a, GPU-b") and colons (OLLAMA_ORIGINS' "http://…"), so a value runs to the
# next key.
_ENV_KEY = lazy_compile(r"(?:^|\s)([A-Z][A-Z0-9_]*|https?_proxy|no_proxy):")


def env_map(line: str) -> dict[str, str]:
    """Every KEY:value of a `server config` line, old and new form:
    2024/08/23 18:06:38 routes.go:1125: INFO server config
        env="map[CUDA_VISIBLE_DEVICES: ... OLLAMA_SCHED_SPREAD:false ...]"
    time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config"
        env="map[CUDA_VISIBLE_DEVICES:0,1 ...]"
    """
    text = logfmt(line).get("env", "")
    if not text.startswith("map["):  # journalctl and pasted logs cut long lines: read what is there
        m = re.search(r'env="(map\[.*)', line)
        text = m.group(1).rstrip('"') if m else text
    text = text[4:-1] if text.startswith("map[") and text.endswith("]") else text.removeprefix("map[")
    keys = list(_ENV_KEY.finditer(text))
    return {m.group(1): text[m.end():keys[i + 1].start() if i + 1 < len(keys) else len(text)].strip()
            for i, m in enumerate(keys)}

