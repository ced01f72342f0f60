"""The NVLink error counters of every other GPU are asked by a second NVML child (host/nvml.py, helper_asks) at the
same time as the main child answers the rest: each call goes to one child, the answers come back in the calls'
order, the two children are asked at once, and a helper that died leaves its calls to the main child."""

from __future__ import annotations

import threading

from gpudoctor.host.answers import CallResult
from gpudoctor.host.nvml import NvmlSession
from gpudoctor.host.nvml_child import gpu_device_nodes

COUNTERS = tuple((field, link) for link in range(18) for field in (161, 162, 163))  # as gpus.nvlink_error_request


class FakeChild:
    """A child process's side of the pipe: answers each call with where it was asked, or dies."""

    def __init__(self, name: str, dead: bool = False, wait_for: threading.Event | None = None):
        self.name, self.dead, self.wait_for = name, dead, wait_for
        self.asked: list[tuple] = []
        self.started = threading.Event()
        self.stopped = False

    def call_many(self, calls, timeout_s):
        self.started.set()
        if self.wait_for is not None and not self.wait_for.wait(5):
            raise AssertionError(f"{self.name} was asked alone: the other child was not asked at the same time")
        self.asked += calls
        return None if self.dead else [CallResult(value=f"{self.name}: {call[0]} {call[1]}") for call in calls]

    def stop(self):
        self.stopped = True


CALLS = [("nvmlDeviceGetName", 0), ("nvmlDeviceGetFieldValues", 1, COUNTERS), ("nvmlDeviceGetFieldValues", 0, COUNTERS),
         ("nvmlDeviceGetFieldValues", 3, (90,)), ("nvmlDeviceGetP2PStatus", 1, 3, 2),
         ("nvmlDeviceGetFieldValues", 3, COUNTERS)]


def test_the_helper_asks_the_counters_of_every_other_gpu_at_the_same_time_as_the_main_child():
    main = FakeChild("main")
    helper = FakeChild("helper", wait_for=main.started)  # answers only once the main child is being asked too
    answers = NvmlSession(child=main, helper=helper).call_many(CALLS)
    assert helper.asked == [CALLS[1], CALLS[5]]
    assert main.asked == [CALLS[0], CALLS[2], CALLS[3], CALLS[4]]
    assert [answer.value for answer in answers] == [
        "main: nvmlDeviceGetName 0", "helper: nvmlDeviceGetFieldValues 1", "main: nvmlDeviceGetFieldValues 0",
        "main: nvmlDeviceGetFieldValues 3", "main: nvmlDeviceGetP2PStatus 1", "helper: nvmlDeviceGetFieldValues 3"]


def test_a_helper_that_died_leaves_its_calls_to_the_main_child_and_is_not_asked_again():
    main, helper = FakeChild("main"), FakeChild("helper", dead=True)
    session = NvmlSession(child=main, helper=helper)
    answers = session.call_many(CALLS)
    assert [answer.value for answer in answers] == [f"main: {call[0]} {call[1]}" for call in CALLS]
    assert helper.stopped
    session.call_many(CALLS)
    assert helper.asked == [CALLS[1], CALLS[5]]  # the first batch's only


def test_without_the_counters_of_an_odd_gpu_in_a_batch_the_helper_is_not_asked():
    main, helper = FakeChild("main"), FakeChild("helper")
    NvmlSession(child=main, helper=helper).call_many([call for call in CALLS if call not in (CALLS[1], CALLS[5])])
    assert helper.asked == [] and len(main.asked) == 4


def test_the_gpus_are_counted_by_their_device_nodes(tmp_path):
    for name in ("nvidia0", "nvidia1", "nvidia7", "nvidiactl", "nvidia-uvm", "nvidia-uvm-tools", "nvidia-modeset"):
        (tmp_path / name).touch()
    assert gpu_device_nodes(str(tmp_path)) == 3
    assert gpu_device_nodes(str(tmp_path / "missing")) == 0


def test_a_batch_of_the_helpers_calls_alone_asks_the_main_child_nothing():
    main, helper = FakeChild("main"), FakeChild("helper")
    answers = NvmlSession(child=main, helper=helper).call_many([CALLS[1]])
    assert [answer.value for answer in answers] == ["helper: nvmlDeviceGetFieldValues 1"] and main.asked == []
