"""Every dated fact about another project names its source and the day it was last checked against it."""

from __future__ import annotations

import datetime

import pytest

from gpudoctor.knowledge.dated import DATED_FACTS, OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import by_code


@pytest.mark.parametrize("fact", DATED_FACTS)
def test_a_dated_fact_has_its_source_and_check_date(fact):
    assert fact.source.startswith("https://")
    assert datetime.date.fromisoformat(fact.checked) <= datetime.date.today() + datetime.timedelta(days=1)


def test_ollamas_driver_floor_is_the_one_its_signature_advises():
    advice = by_code("ollama.driver-too-old").advice
    floor = OLLAMA_NVIDIA_DRIVER.value
    assert f"R{floor['minimum_branch']} or newer" in advice
    assert f"R{floor['compute_5_0_to_6_2_branch']} for GPUs of compute capability 5.0 to 6.2" in advice
