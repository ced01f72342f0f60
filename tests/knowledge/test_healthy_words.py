"""The table of how often healthy logs hold each word (tools/healthy_words.py writes it), and how the matcher
keys its patterns by it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from gpudoctor.knowledge import matcher, pattern_keys
from gpudoctor.knowledge.healthy_words import PER_MILLION
from gpudoctor.knowledge.signatures import catalogue

TOOL = Path(__file__).resolve().parents[2] / "tools" / "healthy_words.py"


def _tool():
    spec = importlib.util.spec_from_file_location("healthy_words_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_word_is_rated_in_the_kind_of_recording_where_it_is_most_frequent():
    # 100 characters of Ollama log hold "model:" twice (20,000 per million); 1,000,000 of host snapshot hold
    # "nvml" 30 times, above the floor of 20 per million, and "rare" 5 times, below it.
    ollama = "model: x model: " + "y" * 84
    hosts = " ".join(["nvml"] * 30 + ["rare"] * 5) + " " + "z" * (1_000_000 - 175)
    rates = _tool().per_million([("tests/fixtures/ollama/a.log", ollama), ("tests/fixtures/hosts/b.json", hosts)])
    assert rates["model:"] == 20_000
    assert rates["nvml"] == 30
    assert "rare" not in rates


def test_a_word_inside_a_longer_common_word_is_as_common():
    assert pattern_keys.healthy_rate("level=INFO") == PER_MILLION["level=INFO"]
    assert pattern_keys.healthy_rate("evel=INF") >= pattern_keys.healthy_rate("level=INFO")
    assert pattern_keys.healthy_rate("cudaErrorNoDevice_not_in_any_healthy_log") == 0


def test_the_rarer_word_keys_a_pattern_where_the_longer_one_is_common_in_healthy_logs():
    # ldconfig -p's "(libc6,x86-64)" is on most of its lines; by length alone it would key the pattern
    assert pattern_keys.healthy_rate("(libc6,x86-64)") > pattern_keys.COMMON_RATE
    assert "(libc6,x86-64)" not in pattern_keys.COMMON_WORDS
    assert pattern_keys.required_literals(r"\(libc6,x86-64\) xyzzy") == ("xyzzy",)


def test_keys_are_taken_so_that_they_start_with_few_characters():
    options = [[("alpha",)], [("beta",), ("apple",)], [("gamma", "delta")], [("dove",), ("bird",)]]
    assert pattern_keys.choose_keys(options) == [("alpha",), ("apple",), ("gamma", "delta"), ("dove",)]


def test_the_end_of_a_word_may_key_a_pattern_where_nothing_common_ends_that_way():
    # "ffff_quux_zzyx" ends like no word of a healthy log; "(libc6,x86-64)"'s end is on most ldconfig lines
    options = pattern_keys.key_options(r"ffff_quux_zzyx qqqq_libc6,x86-64\)")
    assert ("f_quux_zzyx",) in options and ("ibc6,x86-64)",) not in options


def test_the_catalogue_makes_fewer_prefilter_passes_than_its_best_keys_alone_would():
    best_first_characters = {literal[0] for row in catalogue() for pattern in row.patterns
                             for literal in pattern_keys.required_literals(pattern)}
    assert len(matcher.compiled().scanners) < len(best_first_characters)
