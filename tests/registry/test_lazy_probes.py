"""Probe modules no one has imported are read as text, and imported when a probe of theirs is first used: the
registry must find from the sources exactly what importing them finds, and a probe found so must answer
as the function itself does."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

from hosts import replay_in_a_fresh_process

import gpudoctor.probes
from gpudoctor.lazy_probes import ProbeInSource, probes_in_source
from gpudoctor.registry import _modules_of, _own_probes

REPO = Path(__file__).resolve().parents[2]
SNAPSHOT = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


def test_reading_each_probe_module_finds_what_importing_it_finds():
    modules = _modules_of("gpudoctor.probes")
    assert len(modules) > 20 and all(source is not None for _, source in modules)
    for name, source in modules:
        read = {(probe.provides, probe.__qualname__) for probe in probes_in_source(name, source)}
        imported = {(fact, probe.__qualname__) for fact, probe in _own_probes(importlib.import_module(name))}
        assert read == imported, name


def test_a_probe_found_in_its_source_is_the_function_once_used():
    (probe,) = probes_in_source("gpudoctor.probes.nccl", Path(gpudoctor.probes.__path__[0]) / "nccl.py")
    from gpudoctor.probes.nccl import probe_nccl

    assert (probe.provides, probe.__module__, probe.__qualname__) == ("nccl", "gpudoctor.probes.nccl", "probe_nccl")
    assert probe.load() is probe_nccl
    assert probe.not_seen is probe_nccl.not_seen and probe.prefetch_if is probe_nccl.prefetch_if


def test_a_source_this_reader_does_not_understand_is_left_to_the_import(tmp_path):
    odd = tmp_path / "odd.py"
    odd.write_text(textwrap.dedent('''\
        @provides("odd")
        async_probe = make_probe()
        '''))
    assert probes_in_source("odd", odd) is None
    assert probes_in_source("gone", tmp_path / "gone.py") is None


def test_a_run_never_imports_the_probes_no_selected_check_needs():
    lines = replay_in_a_fresh_process(SNAPSHOT, """\
        registry = cli._load_registry()
        print(" ".join(sorted(fact for fact, probe in registry.probes.items() if type(probe).__name__ == "ProbeInSource")))
        print(" ".join(sorted(name.rpartition(".")[2] for name in sys.modules if name.startswith("gpudoctor.probes."))))
        """)
    in_source, imported = (set(line.split()) for line in lines[-2:])
    assert {"deep", "stress", "torch", "tensorflow"} <= in_source
    assert not {"deep", "stress", "torch", "tensorflow"} & imported
    assert {"kernel_log", "platform", "toolkits"} <= imported  # what the check ran was imported on first use


def test_the_report_is_the_same_as_with_every_probe_module_imported_first():
    def report(prelude: str) -> str:
        code = prelude + textwrap.dedent(f"""\
            from gpudoctor import cli
            cli.main(["check", "--from", {str(SNAPSHOT)!r}, "--json"], standalone_mode=False)
            """)
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO).stdout

    import_all = ("import pkgutil, gpudoctor.probes\n"
                  "for info in pkgutil.iter_modules(gpudoctor.probes.__path__):\n"
                  "    __import__('gpudoctor.probes.' + info.name)\n")
    lazily, eagerly = report(""), report(import_all)
    assert '"checks"' in lazily
    assert _without_timings(lazily) == _without_timings(eagerly)


def _without_timings(report_json: str) -> dict:
    import json

    document = json.loads(report_json)
    for moment in ("started_at", "duration_s", "probe_timings_s"):
        document.pop(moment)
    for check in document["checks"]:
        check.pop("duration_s")
    return document


def test_the_probe_in_source_says_what_it_stands_for():
    probe = ProbeInSource("gpus", "gpudoctor.probes.gpus", "probe_gpus")
    assert "gpudoctor.probes.gpus:probe_gpus" in repr(probe) and probe.provides == "gpus"
