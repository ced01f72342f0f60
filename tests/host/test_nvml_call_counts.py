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
from gpudoctor.probes.gpus import P2P_CAPABILITIES

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
    assert (p2p, ancestors) == (pairs * 3, pairs)  # read, write and NVLink (the GPUs are NVLinked): once a pair


def test_a_pair_without_nvlinks_is_not_asked_about_nvlink_p2p_nor_any_pair_about_what_no_check_judges():
    document = json.loads(synthetic_text(GPUS))
    for call in document["calls"]:  # every NVLink down, as on GeForce cards in PCIe slots
        if call["probe"] == "nvml" and call["args"][0] == "nvmlDeviceGetNvLinkState" and call["answer"]["error"] is None:
            call["answer"]["value"] = 0
    host = CountingHost(replay_host_from_text(json.dumps(document)))
    run(host)
    capabilities = Counter(arguments[-1] for (function, *arguments) in host.nvml_questions
                           if function == "nvmlDeviceGetP2PStatus")
    read, write = str(P2P_CAPABILITIES["read"]), str(P2P_CAPABILITIES["write"])
    assert capabilities == Counter({read: GPUS * (GPUS - 1) // 2, write: GPUS * (GPUS - 1) // 2})
