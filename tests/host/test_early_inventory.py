"""The GPU inventory's NVML questions, asked at gpudoctor's start (gpudoctor/probes/gpus.py, ask_early), are asked
of NVML once: a probe that asks while they are in flight waits for their answers (README, "Speed").

NVML is faked at the host boundary by the answers the two-H200 recording holds; the early trip is held back until
the probe is asking, so that the two always meet."""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

from gpudoctor.__main__ import _checks_every_gpu_fact
from gpudoctor.host.answers import FileResult
from gpudoctor.host.live import LiveHost
from gpudoctor.host.snapshot import replay_host_from_text
from gpudoctor.probes import gpus

RECORDING = Path(__file__).resolve().parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


class RecordedNvml:
    """NVML's thread, answering from the recording and counting every question it is asked."""

    def __init__(self, probe_is_asking: threading.Event) -> None:
        self.replay = replay_host_from_text(RECORDING.read_text(encoding="utf-8"))
        self.asked: Counter = Counter()
        self.probe_is_asking = probe_is_asking
        self.trips = 0

    def call(self, function, args):
        return self.call_many([(function, *args)])[0]

    def call_many(self, calls):
        self.trips += 1
        if len(calls) > 50 and self.trips <= 2:  # the early inventory's first batch: let the probe catch up
            self.probe_is_asking.wait(5)
            time.sleep(0.05)
        self.asked.update(calls)
        return [self.replay.nvml(*call) for call in calls]


class TwoH200Host(LiveHost):
    def __init__(self, dev_entries=("nvidia0", "nvidia1", "nvidiactl", "nvidia-uvm")) -> None:
        super().__init__(quick=True)
        self.dev_entries = dev_entries
        self.probe_is_asking = threading.Event()
        self.nvml_thread = RecordedNvml(self.probe_is_asking)

    def _nvml_session(self):
        return self.nvml_thread

    def _live_list_dir(self, path: str) -> FileResult:
        return FileResult(entries=self.dev_entries)


class Facts:
    def get(self, name):
        raise AssertionError(f"the inventory asked for {name}")


def _join_early_threads() -> None:
    for thread in threading.enumerate():
        if thread.name == "gpus early":
            thread.join(5)


def test_a_probe_asking_while_the_early_questions_are_in_flight_waits_for_them():
    host = TwoH200Host()
    gpus.ask_early(host)
    host.probe_is_asking.set()
    inventory = gpus.probe_gpus(host, Facts())
    _join_early_threads()
    asked_twice = {call: n for call, n in host.nvml_thread.asked.items() if n > 1}
    assert not asked_twice
    assert [gpu.name for gpu in inventory.gpus] == ["NVIDIA H200", "NVIDIA H200"]
    assert inventory == gpus.probe_gpus(replay_host_from_text(RECORDING.read_text(encoding="utf-8")), Facts())


def test_the_early_questions_are_those_the_probe_asks():
    early = TwoH200Host()
    gpus.ask_early(early)
    early.probe_is_asking.set()
    _join_early_threads()
    asked_early = set(early.nvml_thread.asked)
    plain = TwoH200Host()
    plain.probe_is_asking.set()
    gpus.probe_gpus(plain, Facts())
    assert asked_early and asked_early <= set(plain.nvml_thread.asked)


def test_where_dev_shows_no_nvidia_device_nvml_is_not_asked_early():
    host = TwoH200Host(dev_entries=("null", "tty"))
    gpus.ask_early(host)
    _join_early_threads()
    assert not host.nvml_thread.asked


def test_a_check_narrowed_by_only_or_skip_asks_nothing_early():
    assert _checks_every_gpu_fact(["check", "-v"])
    assert not _checks_every_gpu_fact(["check", "--only", "ollama.gpu_use"])
    assert not _checks_every_gpu_fact(["check", "--skip=gpu.count"])
