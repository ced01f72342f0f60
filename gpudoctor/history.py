"""The error history of one node: what each run of `gpudoctor check` saw of Xid events, PCIe AER errors and
NVLink error counters, kept in a small JSON file so that a later run can say "the third time since the
last reboot", "in 3 of the last 5 boots" or "grew by 40 since yesterday's run". Bounded: the newest
MAX_RUNS runs are kept. Plain data and parsing; the command line reads and writes the file, the check
gpu.error-history judges (README, "Error history").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping

HISTORY_SCHEMA = "gpudoctor-history"
HISTORY_VERSION = 1
MAX_RUNS = 200  # a run a day for half a year; a few KiB each at most
# Two runs whose boot times (run time minus uptime) differ by less than this ran in the same boot:
# uptime and the clock are read a moment apart, and the clock may be stepped by NTP.
SAME_BOOT_S = 120


class HistoryError(ValueError):
    pass


@dataclass(frozen=True)
class RunRecord:
    at: str  # when the run's facts were seen, UTC ISO 8601
    uptime_s: float | None  # seconds since boot then: boot time = at - uptime
    xids: Mapping[str, int]  # "GPU 0 Xid 79" -> events in that boot's kernel log
    aer: Mapping[str, int]  # "0000:00:01.1 Corrected" -> events in that boot's kernel log
    nvlink: Mapping[str, int]  # "GPU 0 crc" -> the counter summed over the GPU's links

    @property
    def boot(self) -> datetime | None:
        moment = parse_time(self.at)
        return None if moment is None or self.uptime_s is None else moment - timedelta(seconds=self.uptime_s)

    def same_boot(self, other: RunRecord) -> bool:
        mine, theirs = self.boot, other.boot
        return mine is not None and theirs is not None and abs((mine - theirs).total_seconds()) < SAME_BOOT_S

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "uptime_s": self.uptime_s, "xids": dict(self.xids), "aer": dict(self.aer),
                "nvlink": dict(self.nvlink)}


@dataclass(frozen=True)
class History:
    path: str
    runs: tuple[RunRecord, ...]  # oldest first
    now: str  # this run's time: the record it adds is stamped with it

    def appended(self, record: RunRecord) -> dict[str, Any]:
        """The file's next content: this run added, the oldest dropped beyond MAX_RUNS."""
        runs = [*self.runs, record][-MAX_RUNS:]
        return {"schema": HISTORY_SCHEMA, "version": HISTORY_VERSION, "runs": [r.to_json() for r in runs]}


def parse_time(text: str | None) -> datetime | None:
    try:
        return datetime.strptime(text or "", "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        return None


def _counts(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                                                 for k, v in value.items()):
        raise HistoryError(f"{where} must map names to whole numbers")
    return dict(value)


def parse_history(document: Any, path: str, now: str) -> History:
    if document is None:  # no file yet: the first run
        return History(path, (), now)
    if not isinstance(document, Mapping) or document.get("schema") != HISTORY_SCHEMA:
        raise HistoryError(f"{path}: not a gpudoctor error history (no \"schema\": \"{HISTORY_SCHEMA}\")")
    if document.get("version") != HISTORY_VERSION:
        raise HistoryError(f"{path}: history version {document.get('version')!r}; this gpudoctor reads "
                           f"{HISTORY_VERSION}")
    runs = document.get("runs")
    if not isinstance(runs, list):
        raise HistoryError(f"{path}: \"runs\" must be a list")
    records = []
    for number, run in enumerate(runs[-MAX_RUNS:]):
        where = f"{path}: run {number}"
        if not isinstance(run, Mapping) or parse_time(run.get("at")) is None:
            raise HistoryError(f"{where} has no time (\"at\": \"2026-11-25T21:25:21Z\")")
        uptime = run.get("uptime_s")
        if uptime is not None and (isinstance(uptime, bool) or not isinstance(uptime, (int, float))):
            raise HistoryError(f"{where}: uptime_s must be a number")
        records.append(RunRecord(run["at"], uptime, _counts(run.get("xids", {}), f"{where} xids"),
                                 _counts(run.get("aer", {}), f"{where} aer"),
                                 _counts(run.get("nvlink", {}), f"{where} nvlink")))
    return History(path, tuple(records), now)
