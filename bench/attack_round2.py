"""The closing attack of the second hostile-input round, designed apart from tests/attacks.

    python bench/attack_round2.py [--runs N] [--seed S] [--jobs J] [--json FILE]

Method. Every run is one `gpudoctor` process on one generated hostile input, timed (wall clock) and
measured (peak resident memory of that process alone, from wait4). Inputs are built here from the
committed fixtures, mutated by a seeded generator, and each carries secrets planted under fresh random
names, in shapes drawn from a list of 24 (cloud keys, chat and registry tokens, flags, headers,
connection strings, JSON and quoted values, private keys, URL credentials with and without a scheme):

- `read`: a recorded paste (nvidia-smi, topology, ldconfig, nvcc) with lines spliced in: escape
  sequences of every class, a long prompt line, a 200-400 KB line of one repeated shape, Ollama log lines
  whose quoted values hold secrets, log pieces split thousands of times, random bytes;
- `check --from`: a recorded snapshot with random answers replaced by hostile values (5000-digit
  integers, JSON nested 50,000 deep as text, strings of escapes, 300 KB lines, wrong types, secrets);
- `merge`: folders of reports, some of them with members of the wrong type, deep nesting, huge numbers,
  markup and escapes in names and fingerprints, a FIFO among them;
- `-o` and inputs given as a FIFO, a dangling link, a directory, /dev/zero;
- the sizes of the first round: a 500 MB report to `merge`, a 1 GB paste to `read`.

Each output (stdout, stderr, every file written) is then searched for every planted secret, for raw
terminal control characters (CSI, OSC, C1, bidi) and, in HTML, for a raw `<script`. The summary
gives the exit codes by kind of input, the worst wall time and memory, and what was found (all must
be zero, and no exit code 3 or traceback).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import string
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
ESCAPES = ["\x1b[2J", "\x1b]52;c;Y2FsYw==\x07", "\x1b]8;;http://x\x1b\\", "\x9b31m", "\x9d0;title\x9c", "\u202e",
           "\u2066", "\x85", "\x00", "\x07"]


def _word(rng: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def planted(rng: random.Random) -> tuple[str, str]:
    """(text carrying a secret, the secret), in one of 24 shapes, with fresh random content."""
    s = "PLNT" + _word(rng, 16)
    up = "PLNT" + _word(rng, 12, string.ascii_uppercase + "234567")
    shapes = [
        (f"AKIA{up}", f"AKIA{up}"), (f"key ASIA{up}", f"ASIA{up}"),
        (f"xoxb-{rng.randint(10**10, 10**11)}-{rng.randint(10**10, 10**11)}-{s}", s),
        (f"xapp-1-A{_word(rng, 8).upper()}-{rng.randint(10**9, 10**10)}-{s.lower()}", s.lower()),
        ("AIza" + s + _word(rng, 15), s), ("npm_" + s + _word(rng, 16), s), ("ghp_" + s + _word(rng, 16), s),
        ("hf_" + s + "abcdefghijklmn", s), (f"glpat-{s}", s), (f"sk-{s}{s}", s),
        (f"cmd --password {s}", s), (f"cmd --api-key={s}", s), (f"mysql -uroot -p{s} db", s),
        (f"X-Api-Key: {s}", s), (f"Authorization: Bearer {s}", s),
        (f"DefaultEndpointsProtocol=https;AccountName=a;AccountKey={s}==;EndpointSuffix=x", s),
        (f"proxy me:{s}@10.2.3.4:3128", s), (f"https://u:{s}@h.invalid/x", s),
        (f'{{"client_secret": "{s}"}}', s), (f"HF_TOKEN='{s}'", s), (f"pw={s}", s),
        (f'msg="server config" env="map[HTTPS_PROXY:http://u:{s}@p:3 OLLAMA_API_KEY:{s}]"', s),
        (f"-----BEGIN EC PRIVATE KEY-----\nMHc{s}\n{_word(rng, 40)}\n-----END EC PRIVATE KEY-----", s),
        (f"https://x.invalid/?access_token={s}&a=1", s),
    ]
    return rng.choice(shapes)


def hostile_line(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(rng.choice(ESCAPES) + _word(rng, 3) for _ in range(8))
    if kind == 1:
        return "$ journalctl " + "journalctl -k nvcc " * rng.randint(500, 2000)
    if kind == 2:
        unit = rng.choice(['k="\\" ', "ID:", "0", ":0", '"\\"', "x=", "AKIA", "-----BEGIN ", "a:b@", "password="])
        return unit * (rng.randint(200_000, 400_000) // len(unit))
    if kind == 3:
        return 'time=2025-10-30T00:11:38Z level=INFO source=routes.go:1 msg="server config" env="map[' + \
            " ".join(f"K{i}:" + "\\\"" * rng.randint(1, 50) for i in range(rng.randint(100, 3000))) + ']"'
    if kind == 4:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randint(10, 2000)))
    return "[" * rng.randint(1000, 50_000)


def paste_input(rng: random.Random, secrets: list[str]) -> str:
    sources = sorted((FIXTURES / "pasted" / "h100x1").glob("*.txt")) + sorted((FIXTURES / "pasted").glob("*.txt"))
    lines = []
    for source in rng.sample(sources, k=min(3, len(sources))):
        lines += source.read_text(errors="replace").splitlines()
    if rng.random() < 0.2:  # a log in thousands of pieces
        lines += ["$ journalctl -u ollama", 'time=2025-10-30T00:11:38Z level=INFO msg="server config" env="map[]"',
                  "$ ls", "x"] * rng.randint(1000, 5000)
    for _ in range(rng.randint(1, 6)):
        text, secret = planted(rng)
        secrets.append(secret)
        lines.insert(rng.randrange(len(lines) + 1), text)
    for _ in range(rng.randint(0, 3)):
        lines.insert(rng.randrange(len(lines) + 1), hostile_line(rng))
    return "\n".join(lines) + "\n"


def _mutate(value, rng: random.Random, secrets: list[str], depth: int = 0):
    if isinstance(value, dict):
        return {k: _mutate(v, rng, secrets, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_mutate(v, rng, secrets, depth + 1) for v in value]
    if depth < 3 or rng.random() > 0.03:
        return value
    # Mostly a string stays a string (the snapshot stays valid and is judged); sometimes the type changes.
    choice = rng.randrange(3) if isinstance(value, str) and rng.random() < 0.98 else rng.randrange(7)
    if choice == 0:
        text, secret = planted(rng)
        secrets.append(secret)
        return (value + "\n" + text) if isinstance(value, str) else text
    if choice == 1:
        return "".join(rng.choice(ESCAPES) for _ in range(5)) + "<script>x</script>"
    if choice == 2:
        return hostile_line(rng)
    if choice == 3:
        return -1 if isinstance(value, str) else "x"
    if choice == 4:
        return None
    if choice == 5:
        return {"nested": [[[[]]]]}
    return 10 ** 30


def snapshot_input(rng: random.Random, secrets: list[str]) -> str:
    fixture = rng.choice(sorted((FIXTURES / "hosts").glob("*.json")))
    document = json.loads(fixture.read_text())
    document = {**document, "calls": _mutate(document["calls"], rng, secrets)}
    text = json.dumps(document)
    if rng.random() < 0.1:
        text = text.replace('"calls": [', '"n": ' + "7" * 5000 + ', "calls": [', 1)
    return text


def merge_folder(rng: random.Random, secrets: list[str], folder: Path, reports: list[str]) -> None:
    for n in range(rng.randint(2, 6)):
        document = json.loads(rng.choice(reports))
        if rng.random() < 0.5:
            document = _mutate(document, rng, secrets)
        node = document.setdefault("host", {}) if isinstance(document.get("host"), dict) else {}
        if isinstance(node, dict) and rng.random() < 0.5:
            node.setdefault("node", {})
            if isinstance(node["node"], dict):
                node["node"]["fingerprint"] = rng.choice(ESCAPES) + "<script>alert(1)</script>"
                node["node"]["hostname"] = f"node{n}" + rng.choice(ESCAPES)
        (folder / f"r{n}.json").write_text(json.dumps(document))
    if rng.random() < 0.3:
        (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    if rng.random() < 0.3 and hasattr(os, "mkfifo"):
        os.mkfifo(folder / "stuck.json")


def run_one(argv: list[str], stdin_text: str | None, cwd: Path, limit_s: float = 120) -> dict:
    started = time.monotonic()
    with open(cwd / "stdout", "wb") as out, open(cwd / "stderr", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "gpudoctor", *argv], cwd=cwd, stdout=out, stderr=err,
                                stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL)
        if stdin_text is not None:
            try:
                proc.stdin.write(stdin_text.encode("utf-8", errors="surrogatepass"))
                proc.stdin.close()
            except BrokenPipeError:
                pass
        deadline = started + limit_s
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                code = None
                break
            time.sleep(0.02)
    outputs = {name.name: name.read_bytes().decode("utf-8", errors="replace")
               for name in cwd.iterdir() if name.is_file() and name.suffix in ("", ".json", ".html", ".md", ".xml")
               and name.name not in ("input.json", "big.json")}  # inputs, not outputs
    return {"code": code, "wall_s": time.monotonic() - started, "rss_mb": usage.ru_maxrss / 1024, "outputs": outputs}


def _raw_controls(text: str) -> int:
    return sum(1 for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0
               or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069)


def case(kind: str, seed: int, workdir: Path, reports: list[str]) -> dict:
    rng = random.Random(seed)
    secrets: list[str] = []
    cwd = workdir / f"{kind}-{seed}"
    cwd.mkdir()
    stdin_text = None
    if kind == "read":
        stdin_text = paste_input(rng, secrets)
        argv = ["read", *rng.choice([[], ["--json"], ["--format", "markdown"], ["-v"], ["--json", "-o", "out.json"]])]
    elif kind == "check":
        (cwd / "input.json").write_text(snapshot_input(rng, secrets))
        argv = ["check", "--from", "input.json", *rng.choice([[], ["--json"], ["--format", "markdown"],
                                                              ["--format", "prom"], ["-v", "-o", "out.json"]])]
    elif kind == "fix":
        (cwd / "input.json").write_text(snapshot_input(rng, secrets))
        argv = ["fix", "--from", "input.json", *rng.choice([[], ["--json"], ["--format", "markdown"]])]
    elif kind == "merge":
        folder = cwd / "fleet"
        folder.mkdir()
        merge_folder(rng, secrets, folder, reports)
        argv = ["merge", "fleet", *rng.choice([[], ["--json"], ["--format", "markdown"], ["--html", "fleet.html"]])]
    elif kind == "caps":  # the sizes of the first round: a 500 MB report, a 1 GB paste (sparse files)
        big = cwd / "big.json"
        with open(big, "wb") as handle:
            handle.truncate((500 if seed % 2 else 1000) << 20)
        argv = ["merge", str(big)] if seed % 2 else ["read", str(big)]
    else:  # hostile file targets
        target = rng.choice(["fifo", "dangling", "directory", "dev-zero"])
        path = cwd / "target"
        if target == "fifo":
            os.mkfifo(path)
        elif target == "dangling":
            path.symlink_to(cwd / "created-through-the-link")
        elif target == "directory":
            path.mkdir()
        else:
            path = Path("/dev/zero")
        snapshot = FIXTURES / "hosts" / "linux-2xh200-nvlink.json"
        argv = rng.choice([["check", "--from", str(snapshot), "-o", str(path)], ["check", "--from", str(path)],
                           ["read", str(path)], ["check", "--from", str(snapshot), "--junit", str(path)]])
    result = run_one(argv, stdin_text, cwd)
    text = "".join(result["outputs"].values())
    result.update(kind=kind, seed=seed, argv=argv, planted=len(secrets),
                  secrets_found=sum(1 for s in secrets if s in text),
                  raw_controls=_raw_controls(text),
                  raw_script=sum(1 for name, out in result["outputs"].items() if name.endswith(".html") and "<script" in out),
                  traceback="Traceback" in text,
                  created_through_link=(cwd / "created-through-the-link").exists())
    del result["outputs"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", dest="json_path")
    options = parser.parse_args()
    kinds = ["read", "check", "fix", "merge", "targets"]
    with tempfile.TemporaryDirectory(prefix="gpudoctor-attack2-") as temp:
        jobs_caps = [("caps", options.seed + options.runs + n) for n in range(2)]
        workdir = Path(temp)
        reports = [subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--json", "--from", str(f)],
                                  capture_output=True, text=True).stdout
                   for f in sorted((FIXTURES / "hosts").glob("*.json"))[:6]]
        reports = [r for r in reports if r.startswith("{")]
        jobs = [(kinds[n % len(kinds)], options.seed + n) for n in range(options.runs)] + jobs_caps
        started = time.monotonic()
        with ThreadPoolExecutor(options.jobs) as pool:
            results = list(pool.map(lambda job: case(job[0], job[1], workdir, reports), jobs))
        elapsed = time.monotonic() - started
    codes: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        codes[r["kind"]][str(r["code"])] += 1
    worst_wall = max(results, key=lambda r: r["wall_s"])
    worst_rss = max(results, key=lambda r: r["rss_mb"])
    summary = {
        "runs": len(results), "seed": options.seed, "elapsed_s": round(elapsed, 1),
        "exit_codes": {k: dict(v) for k, v in codes.items()},
        "worst_wall_s": round(worst_wall["wall_s"], 2), "worst_wall_case": f"{worst_wall['kind']}-{worst_wall['seed']}",
        "worst_rss_mb": round(worst_rss["rss_mb"], 1), "worst_rss_case": f"{worst_rss['kind']}-{worst_rss['seed']}",
        "secrets_planted": sum(r["planted"] for r in results),
        "secrets_found_in_outputs": sum(r["secrets_found"] for r in results),
        "raw_control_characters_in_outputs": sum(r["raw_controls"] for r in results),
        "raw_script_in_html": sum(r["raw_script"] for r in results),
        "exit_3_or_timeout": [f"{r['kind']}-{r['seed']}" for r in results if r["code"] not in (0, 1, 2)],
        "tracebacks": [f"{r['kind']}-{r['seed']}" for r in results if r["traceback"]],
        "files_created_through_a_link": sum(r["created_through_link"] for r in results),
    }
    print(json.dumps(summary, indent=1))
    if options.json_path:
        Path(options.json_path).write_text(json.dumps({"summary": summary, "runs": results}, indent=1))
    clean = not (summary["secrets_found_in_outputs"] or summary["raw_control_characters_in_outputs"]
                 or summary["raw_script_in_html"] or summary["exit_3_or_timeout"] or summary["tracebacks"]
                 or summary["files_created_through_a_link"])
    sys.exit(0 if clean else 1)


if __name__ == "__main__":
    main()
