"""Error history: Xid events, PCIe AER errors and NVLink error counters compared with earlier runs on
this node (gpudoctor/history.py), so that what comes back or keeps growing is said."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudoctor.model import Action, check, fail, ok, skip, unknown, warn
from gpudoctor.knowledge.xid_catalog import describe

from .gpu_errors import AER, AER_STORM, gpu_of, xid_events

if TYPE_CHECKING:
    from gpudoctor.history import RunRecord

# An Xid class that comes back boot after boot is no passing event: the part behind it needs looking at.
_RECURRING_ACTION = {"bus": Action.RESEAT_OR_INSPECT_HARDWARE, "power": Action.RESEAT_OR_INSPECT_HARDWARE,
                     "nvlink": Action.RESEAT_OR_INSPECT_HARDWARE, "memory": Action.CONTACT_VENDOR,
                     "application": Action.RESTART_APPLICATION, "gsp": Action.CONFIGURE, "driver": Action.CONFIGURE}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
             9: "ninth"}


def _this_run(facts) -> RunRecord:
    from gpudoctor.history import RunRecord  # only where a history file is kept (--history)

    boot = facts.kernel_log.boot("current")
    lines = boot.lines if boot is not None and not boot.error else ()
    topology, gpus = facts.pci_topology, facts.gpus
    xids: dict[str, int] = {}
    for bus, code, _ in xid_events(boot) if lines else ():
        key = f"{gpu_of(bus, topology, gpus) or 'GPU at ' + bus} Xid {code}"
        xids[key] = xids.get(key, 0) + 1
    aer: dict[str, int] = {}
    for line in lines:
        match = AER.search(line)
        if match:
            key = f"{match.group(1)} {match.group(2)}"
            aer[key] = aer.get(key, 0) + 1
    nvlink: dict[str, int] = {}
    for gpu in gpus.gpus if not gpus.nvml_error else ():
        for link in gpu.active_nvlinks:
            for name, count in (link.errors or {}).items():
                nvlink[f"GPU {gpu.index} {name}"] = nvlink.get(f"GPU {gpu.index} {name}", 0) + count
    return RunRecord(facts.options.history.now, facts.pcie_sysfs.uptime_s, xids, aer, nvlink)


def _boots(runs: list[RunRecord]) -> list[RunRecord]:
    """The last run of each boot, oldest boot first."""
    last: list[RunRecord] = []
    for run in runs:
        if last and run.same_boot(last[-1]):
            last[-1] = run
        else:
            last.append(run)
    return last


def _xid_findings(now: RunRecord, boots: list[RunRecord], previous: RunRecord | None, evidence: dict):
    for key, count in sorted(now.xids.items()):
        code = int(key.rsplit(" ", 1)[1])
        class_name, description, xid_class = describe(code)
        seen_in = sum(1 for run in boots if run.xids.get(key)) + 1
        if seen_in >= 2:
            make = fail if xid_class.severity == "fail" else warn
            yield make(f"{key} ({description}) came back: in {seen_in} of the {len(boots) + 1} boots recorded, "
                       "this one included",
                       f"{count} event{'s' if count != 1 else ''} in this boot's kernel log. {xid_class.advice}",
                       evidence={**evidence, "key": key, "boots_with_it": seen_in},
                       action=_RECURRING_ACTION[class_name])
        elif previous is not None and count > previous.xids.get(key, 0):
            nth = f"the {_ORDINALS[count]} time" if count in _ORDINALS else f"{count} times"
            yield warn(f"{key} ({description}): {nth} since the last reboot, "
                       f"{count - previous.xids.get(key, 0)} since the previous run ({previous.at})",
                       xid_class.advice, evidence={**evidence, "key": key}, action=Action(xid_class.action))


def _growth_findings(now: RunRecord, previous: RunRecord, evidence: dict):
    for key, count in sorted(now.nvlink.items()):
        grown = count - previous.nvlink.get(key, 0)
        if grown > 0:
            gpu, counter = key.rsplit(" ", 1)
            yield warn(f"{gpu} NVLink {counter} errors grew by {grown} since the previous run "
                       f"({previous.at}): {count} since the driver loaded",
                       "A count that keeps growing is a marginal link, not an old event: reset the GPUs when idle; "
                       "if it grows again, have the link (bridge, baseboard, module seating) inspected.",
                       evidence={**evidence, "key": key, "grown": grown}, action=Action.RESEAT_OR_INSPECT_HARDWARE)
    for key, count in sorted(now.aer.items()):
        grown = count - previous.aer.get(key, 0)
        corrected = key.lower().endswith("corrected")
        if grown > 0 and (not corrected or grown >= AER_STORM):
            yield warn(f"PCIe {key.split(' ', 1)[1].lower()} errors on {key.split(' ', 1)[0]} grew by {grown} since "
                       f"the previous run ({previous.at})",
                       "The link keeps failing: reseat the GPU, remove or replace a riser, try another slot.",
                       evidence={**evidence, "key": key, "grown": grown}, action=Action.RESEAT_OR_INSPECT_HARDWARE)


@check("gpu.error-history", title="Errors that come back or grow between runs (Xid, AER, NVLink)",
       needs=("kernel_log", "pci_topology", "gpus", "pcie_sysfs"), platforms=("linux",))
def gpu_error_history(facts):
    """Compares what this run sees with the node's error history (a JSON file the team names with
    `history = PATH` in its config, or `--history FILE`; bounded to the newest 200 runs): an Xid that
    also appeared in earlier boots ("in 3 of the 5 boots recorded"), an Xid that happened again since the
    previous run in this boot ("the third time since the last reboot"), NVLink error counters and PCIe
    AER errors that grew since the previous run. Two runs belong to one boot when their boot times
    (time minus uptime) agree within two minutes. The first run only starts the history."""
    gap = facts.unseen("kernel_log")  # what a run compares: not seen (a paste without dmesg), nothing is
    if gap:
        yield unknown(gap)
        return
    history = facts.options.history
    if history is None:
        yield skip("No error history is kept here: name a file with `history = PATH` in the team's config "
                   "(or `--history FILE`) to compare runs.")
        return
    if facts.kernel_log.error or facts.gpus.nvml_error:
        yield skip(f"Nothing to record: {facts.kernel_log.error or facts.gpus.nvml_error}.")
        return
    now = _this_run(facts)
    runs = list(history.runs)
    previous = next((run for run in reversed(runs) if run.same_boot(now)), None)
    boots = [run for run in _boots(runs) if not run.same_boot(now)]
    evidence = {"history": history.path, "runs": len(runs), "record": now.to_json()}
    problems = [*_xid_findings(now, boots, previous, evidence),
                *(_growth_findings(now, previous, evidence) if previous is not None else ())]
    yield from problems
    if not problems:
        since = f"since the previous run ({previous.at})" if previous else "in the runs recorded"
        yield ok(f"No Xid came back and no error counter grew {since}" if runs else
                 "The error history starts with this run",
                 f"{len(runs)} earlier run{'s' if len(runs) != 1 else ''} over {len(boots) + (1 if previous else 0)} "
                 f"boot{'s' if len(boots) + (1 if previous else 0) != 1 else ''} in {history.path}.",
                 evidence=evidence)
