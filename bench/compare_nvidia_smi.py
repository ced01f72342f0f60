#!/usr/bin/env python3
"""Compare gpudoctor's p2p.access and pcie.link evidence with what nvidia-smi prints.

Run on a GPU host from the repository root:

    python bench/compare_nvidia_smi.py

It runs `nvidia-smi topo -m`, `nvidia-smi topo -p2p r|w|n|a|p`, `nvidia-smi -q` and
`python -m gpudoctor check --json --only p2p.access --only pcie.link`, prints a table pair by
pair and capability by capability (and GPU by GPU for the PCIe links), and ends with one line:
"AGREE" or "DISAGREE: <what>". Exit status 0 on AGREE, 1 on DISAGREE, 2 when something could
not be run or read.

--raw DIR reads the nvidia-smi outputs from DIR (topo_m.txt, topo_p2p_<r|w|n|a|p>.txt, smi_q.txt;
missing files are left out of the comparison) and --report FILE reads a saved gpudoctor JSON
report, so that recorded outputs can be compared anywhere.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

CAPABILITIES = {"r": "read", "w": "write", "n": "nvlink", "a": "atomics", "p": "pci"}
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_GPU = re.compile(r"^GPU(\d+)$")
_LEGEND = re.compile(r"^\s*(\S+)\s+=\s+\S")
_Q_GPU = re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*$")
_Q_VALUE = re.compile(r"^\s*(Max|Current|Device Current|Device Max|Host Max|Replays Since Reset)\s*:\s*(.*?)\s*$")
_CURRENT_GENERATION_NOTE = "current generation (changes with load; not compared)"


# -- parsers ---------------------------------------------------------------------------------------

def parse_matrix(text: str) -> dict[tuple[int, int], str]:
    """The GPU x GPU cells of `nvidia-smi topo -m` or `topo -p2p X`: {(row, column): "NV18" | "OK" ...}."""
    columns: list[int] = []
    cells: dict[tuple[int, int], str] = {}
    for raw in text.splitlines():
        line = _ANSI.sub("", raw)
        if line.strip().startswith("Legend"):
            break
        tokens = line.split()
        if not tokens:
            continue
        if not columns:  # the first line naming GPUs is the header
            columns = [int(m.group(1)) for m in map(_GPU.match, tokens) if m]
            continue
        row = _GPU.match(tokens[0])
        if row and columns:
            for column, value in zip(columns, tokens[1:1 + len(columns)]):
                cells[(int(row.group(1)), column)] = value
    return cells


def parse_legend(text: str) -> set[str]:
    """The codes the legend explains (X, OK, CNS, ..., DR on newer drivers)."""
    plain = _ANSI.sub("", text)
    if "Legend:" not in plain:
        return set()
    return {m.group(1) for line in plain.split("Legend:", 1)[1].splitlines() if (m := _LEGEND.match(line))}


def parse_query_links(text: str) -> dict[str, dict[str, int | None]]:
    """Per bus id (0000:00:06.0), the PCIe link part of `nvidia-smi -q`."""
    links: dict[str, dict[str, int | None]] = {}
    current: dict[str, int | None] | None = None
    section, section_indent = None, 0
    for line in text.splitlines():
        gpu = _Q_GPU.match(line)
        if gpu:
            current = links.setdefault(normalize_bus_id(gpu.group(1)), {})
            continue
        stripped, indent = line.strip(), len(line) - len(line.lstrip())
        if section and indent <= section_indent:  # "Max" and "Current" belong to the heading above them only
            section = None
        if stripped in ("PCIe Generation", "Link Width"):
            section, section_indent = stripped, indent
            continue
        value = _Q_VALUE.match(line)
        if current is None or value is None:
            continue
        key, text_value = value.groups()
        number = _number(text_value)
        if key == "Replays Since Reset":
            current["replay_counter"] = number
        elif section == "PCIe Generation" and key in ("Max", "Current", "Device Max"):
            current[{"Max": "max_generation", "Current": "generation", "Device Max": "gpu_max_generation"}[key]] = number
        elif section == "Link Width" and key in ("Max", "Current"):
            current[{"Max": "max_width", "Current": "width"}[key]] = number
    return links


def _number(text: str) -> int | None:
    match = re.match(r"^(\d+)", text)
    return int(match.group(1)) if match else None


def normalize_bus_id(bus_id: str) -> str:
    parts = bus_id.strip().lower().split(":")
    if len(parts) == 2:
        parts = ["0000", *parts]
    return ":".join([parts[0][-4:].rjust(4, "0"), *parts[1:]])


def report_pairs(report: dict) -> dict[tuple[int, int], dict]:
    check = next((c for c in report.get("checks", []) if c.get("id") == "p2p.access"), None)
    pairs = {}
    for finding in (check or {}).get("findings", []):
        for pair in (finding.get("evidence") or {}).get("pairs", []):
            pairs[(pair["a"], pair["b"])] = pair
    return pairs


def report_links(report: dict) -> dict[int, dict]:
    check = next((c for c in report.get("checks", []) if c.get("id") == "pcie.link"), None)
    links: dict[int, dict] = {}
    for finding in (check or {}).get("findings", []):
        evidence = finding.get("evidence") or {}
        if "gpu" in evidence:
            links.setdefault(evidence["gpu"], evidence)
    return links


# -- comparison ------------------------------------------------------------------------------------

def compare(smi: dict, report: dict) -> tuple[list[list[str]], list[str], list[str]]:
    """Rows of the table, the disagreements, and notes. `smi` holds the raw nvidia-smi texts."""
    rows: list[list[str]] = []
    problems: list[str] = []
    notes: list[str] = []
    ours = report_pairs(report)
    topology = parse_matrix(smi["topo_m"]) if smi.get("topo_m") else {}
    p2p = {k: (parse_matrix(smi[f"p2p_{k}"]), parse_legend(smi[f"p2p_{k}"])) for k in CAPABILITIES
           if smi.get(f"p2p_{k}")}
    theirs = {cell for cell in topology if cell[0] != cell[1]} | {
        cell for cells, _ in p2p.values() for cell in cells if cell[0] != cell[1]}
    for a, b in sorted(theirs | set(ours)):
        pair = ours.get((a, b))
        name = f"GPU{a}->GPU{b}"
        if pair is None:
            problems.append(f"{name} missing in gpudoctor's p2p.access evidence")
            continue
        cuda = (pair.get("cuda") or {}).get("can_access_peer")
        if (a, b) in topology:
            _row(rows, problems, name, "path (topo -m)", topology[(a, b)], pair["path"], cuda)
        for key, (cells, legend) in p2p.items():
            theirs_letter, ours_letter = cells.get((a, b)), pair["p2p"].get(CAPABILITIES[key])
            if CAPABILITIES[key] not in pair["p2p"]:  # a capability no check judges by is not asked
                rows.append([name, f"{CAPABILITIES[key]} (-p2p {key})", str(theirs_letter), "not asked", _cuda(cuda),
                             "n/a"])
            elif theirs_letter is None:
                problems.append(f"{name} missing in nvidia-smi topo -p2p {key}")
            elif ours_letter == "DR" and "DR" not in legend and theirs_letter != "DR":
                rows.append([name, f"{CAPABILITIES[key]} (-p2p {key})", theirs_letter, ours_letter, _cuda(cuda), "n/a"])
                notes.append(f"{name} {CAPABILITIES[key]}: this nvidia-smi has no DR letter; cannot verify")
            else:
                _row(rows, problems, name, f"{CAPABILITIES[key]} (-p2p {key})", theirs_letter, ours_letter, cuda)
    if smi.get("smi_q"):
        _compare_links(parse_query_links(smi["smi_q"]), report_links(report), rows, problems, notes)
    return rows, problems, notes


def _cuda(value) -> str:
    return "-" if value is None else str(value)


def _row(rows, problems, name, what, theirs, ours, cuda) -> None:
    same = theirs == ours
    rows.append([name, what, str(theirs), str(ours), _cuda(cuda), "yes" if same else "NO"])
    if not same:
        problems.append(f"{name} {what}: nvidia-smi {theirs}, gpudoctor {ours}")


def _compare_links(smi_links, our_links, rows, problems, notes) -> None:
    by_bus = {normalize_bus_id(e["bus_id"]): e for e in our_links.values() if e.get("bus_id")}
    for bus, theirs in sorted(smi_links.items()):
        ours = by_bus.get(bus)
        if ours is None:
            problems.append(f"GPU {bus} missing in gpudoctor's pcie.link evidence")
            continue
        name = f"GPU{ours['gpu']} {bus}"
        for key in ("max_generation", "gpu_max_generation", "max_width", "width", "replay_counter"):
            if theirs.get(key) is not None:
                _row(rows, problems, name, key, theirs[key], ours.get(key), None)
        if theirs.get("generation") is not None:
            rows.append([name, "generation", str(theirs["generation"]), str(ours.get("generation")), "-",
                         "yes" if theirs["generation"] == ours.get("generation") else "~"])
            if theirs["generation"] != ours.get("generation"):
                notes.append(f"{name}: {_CURRENT_GENERATION_NOTE}")


def render(rows: list[list[str]], problems: list[str], notes: list[str]) -> str:
    header = ["pair / GPU", "what", "nvidia-smi", "gpudoctor", "cuda peer", "match"]
    table = [header, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in table]
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.extend(f"note: {note}" for note in notes)
    lines.append("AGREE" if not problems else "DISAGREE: " + "; ".join(problems))
    return "\n".join(lines)


# -- gathering -------------------------------------------------------------------------------------

def _run(argv: list[str], timeout: float = 60) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0 and not done.stdout:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def gather_smi(raw: Path | None) -> dict[str, str]:
    files = {"topo_m": "topo_m.txt", "smi_q": "smi_q.txt", **{f"p2p_{k}": f"topo_p2p_{k}.txt" for k in CAPABILITIES}}
    if raw is not None:
        return {key: (raw / name).read_text(encoding="utf-8") for key, name in files.items() if (raw / name).exists()}
    smi = {"topo_m": _run(["nvidia-smi", "topo", "-m"]), "smi_q": _run(["nvidia-smi", "-q"])}
    smi.update({f"p2p_{k}": _run(["nvidia-smi", "topo", "-p2p", k]) for k in CAPABILITIES})
    return smi


def gather_report(path: Path | None) -> dict:
    if path is not None:
        return json.loads(path.read_text(encoding="utf-8"))
    argv = [sys.executable, "-m", "gpudoctor", "check", "--json", "--only", "p2p.access", "--only", "pcie.link"]
    return json.loads(_run(argv, timeout=120))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--raw", type=Path, help="read nvidia-smi outputs from this directory")
    parser.add_argument("--report", type=Path, help="read gpudoctor's JSON report from this file")
    args = parser.parse_args(argv)
    try:
        smi, report = gather_smi(args.raw), gather_report(args.report)
    except (OSError, RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        print(f"cannot compare: {exc}", file=sys.stderr)
        return 2
    rows, problems, notes = compare(smi, report)
    print(render(rows, problems, notes))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
