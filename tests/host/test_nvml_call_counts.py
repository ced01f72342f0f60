"""What a live check asks NVML grows with GPUs as little as it can: once per GPU, per link, per pair.

In the lent two-H100 VM one nvmlDeviceGetP2PStatus costs 1.7 ms (bench/nvml_costs.py), so a question
asked twice per pair, or once per check instead of once per run, multiplies at eight GPUs. The check runs
every default check on a synthetic four-GPU host (tests/synthetic.py, from the two-H200 recording) and
counts the NVML questions the host had to answer, per function and per device argument.
"""

from __future__ import annotations

import json
from collections import Counter

from gpudoctor.host.base import ReplayHost
from gpudoctor.host.snapshot import replay_host_from_text
from gpudoctor.probes.gpus import NVLINK_COUNT_FIELD, P2P_CAPABILITIES

from hosts import run
from synthetic import synthetic_text

PAIR_FUNCTIONS = {"nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor"}
GPUS = 4


class CountingHost(ReplayHost):
    def __init__(self, replayed: ReplayHost) -> None:
        super().__init__(replayed._calls)
        self.nvml_questions: Counter = Counter()

    def _lookup(self, kind, args, key, compute):
        if kind == "nvml":
            function, *arguments = args
            if function in PAIR_FUNCTIONS:  # the pair, whichever way round, and the capability asked
                arguments = [frozenset(arguments[:2]), *arguments[2:]]
            self.nvml_questions[(function, *map(str, arguments))] += 1
        return super()._lookup(kind, args, key, compute)


def _questions_of_a_full_check() -> Counter:
    host = CountingHost(replay_host_from_text(synthetic_text(GPUS)))
    run(host)
    return host.nvml_questions


def test_each_nvml_question_is_asked_once_per_gpu_link_or_pair():
    asked_twice = {question: n for question, n in _questions_of_a_full_check().items() if n > 1}
    assert not asked_twice, f"asked more than once in one run: {asked_twice}"


def test_pair_questions_grow_with_unordered_pairs():
    pairs = GPUS * (GPUS - 1) // 2
    questions = _questions_of_a_full_check()
    p2p = sum(n for (function, *_), n in questions.items() if function == "nvmlDeviceGetP2PStatus")
    ancestors = sum(n for (function, *_), n in questions.items() if function == "nvmlDeviceGetTopologyCommonAncestor")
    assert (p2p, ancestors) == (pairs * 2, pairs)  # read and NVLink (NVLinked GPUs; write only where read is not OK)


def _p2p_capabilities_asked(read_answer: int) -> Counter:
    """The P2P capabilities a check asks on the synthetic host with every NVLink down (as on GeForce cards in PCIe
    slots), each pair's read status answered as `read_answer`: how many pairs each was asked of."""
    document = json.loads(synthetic_text(GPUS))
    for call in document["calls"]:
        if call["probe"] != "nvml":
            continue
        function, *arguments = call["args"]
        if function == "nvmlDeviceGetNvLinkState" and call["answer"]["error"] is None:
            call["answer"]["value"] = 0
        if function == "nvmlDeviceGetP2PStatus":
            call["answer"] = {"value": read_answer if arguments[2] == P2P_CAPABILITIES["read"] else 0, "error": None}
    host = CountingHost(replay_host_from_text(json.dumps(document)))
    run(host)
    names = {str(index): name for name, index in P2P_CAPABILITIES.items()}
    return Counter(names[arguments[-1]] for (function, *arguments) in host.nvml_questions
                   if function == "nvmlDeviceGetP2PStatus")


def test_without_nvlinks_a_pair_whose_read_is_ok_is_asked_nothing_more():
    assert _p2p_capabilities_asked(read_answer=0) == Counter(read=GPUS * (GPUS - 1) // 2)


def test_a_pair_whose_read_is_not_ok_is_asked_about_write_too():
    # NVML_P2P_STATUS_CHIPSET_NOT_SUPPORTED for reads: some AMD hosts support P2P writes only
    assert _p2p_capabilities_asked(read_answer=1) == Counter(read=GPUS * (GPUS - 1) // 2, write=GPUS * (GPUS - 1) // 2)


def _link_states_asked(link_count: int | None) -> tuple[set[tuple[str, ...]], list]:
    """The (GPU, link) NVLink states a check asks on the synthetic host where NVML answers each GPU's link count
    (NVML_FI_DEV_NVLINK_LINK_COUNT) as `link_count`, or does not (None: as the recording, made before it was asked),
    and the check's results."""
    document = json.loads(synthetic_text(GPUS))
    if link_count is not None:
        answer = {"fieldId": NVLINK_COUNT_FIELD, "scopeId": 0, "nvmlReturn": 0, "value": {"uiVal": link_count}}
        document["calls"] += [{"probe": "nvml", "args": ["nvmlDeviceGetFieldValues", gpu, [NVLINK_COUNT_FIELD]],
                               "answer": {"value": [answer], "error": None}} for gpu in range(GPUS)]
    host = CountingHost(replay_host_from_text(json.dumps(document)))
    report = run(host)
    asked = {tuple(arguments) for (function, *arguments) in host.nvml_questions if function == "nvmlDeviceGetNvLinkState"}
    return asked, [(result.check_id, result.status, result.findings) for result in report.results]


def test_a_gpu_that_says_how_many_nvlinks_it_has_is_not_asked_past_them():
    (walked, walked_results), (counted, counted_results) = _link_states_asked(None), _link_states_asked(18)
    # Without the count, the 19th link is asked only to find where the links end (1.6-2.2 ms a GPU in a VM).
    assert walked - counted == {(str(gpu), "18") for gpu in range(GPUS)}
    assert counted_results == walked_results
