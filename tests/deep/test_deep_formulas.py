import pytest

from gpudoctor.deep import formulas as F


def test_gbps_uses_1e9():
    assert F.gbps(2_000_000_000, 1.0) == pytest.approx(2.0)
    assert F.gbps(1 << 30, 0.01) == pytest.approx(107.3741824)
    assert F.gbps(100, 0) is None
    assert F.gbps(100, None) is None


@pytest.mark.parametrize("n,factor", [(1, 0.0), (2, 1.0), (4, 1.5), (8, 1.75)])
def test_allreduce_bus_factor_matches_nccl_tests(n, factor):
    assert F.allreduce_bus_factor(n) == pytest.approx(factor)
    assert F.allreduce_busbw(100.0, n) == pytest.approx(100.0 * factor)


def test_allreduce_busbw_none_and_bad_n():
    assert F.allreduce_busbw(None, 2) is None
    with pytest.raises(ValueError):
        F.allreduce_bus_factor(0)


def test_ordered_pairs_is_full_matrix_without_diagonal():
    assert F.ordered_pairs([0, 1]) == [(0, 1), (1, 0)]
    pairs = F.ordered_pairs([0, 1, 2])
    assert pairs == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert len(F.ordered_pairs(range(8))) == 8 * 7
    assert F.ordered_pairs([3]) == []


def test_ordered_pairs_keeps_given_order():
    assert F.ordered_pairs([2, 0]) == [(2, 0), (0, 2)]


def test_unordered_pairs():
    assert F.unordered_pairs([0, 1]) == [(0, 1)]
    assert F.unordered_pairs([0, 1, 2]) == [(0, 1), (0, 2), (1, 2)]
    assert len(F.unordered_pairs(range(8))) == 28
    assert F.unordered_pairs([5]) == []


def test_float_bits_and_expected_sum():
    assert F.float32_bits(1.0) == 0x3F800000
    assert F.float32_bits(3.0) == 0x40400000
    assert F.allreduce_expected(2) == 3.0
    assert F.allreduce_expected(8) == 36.0


@pytest.mark.parametrize(
    "code,text", [(22703, "2.27.3"), (21903, "2.19.3"), (2804, "2.8.4"), (2708, "2.7.8"), (30001, "3.0.1")]
)
def test_nccl_version_decoding(code, text):
    assert F.nccl_version_string(code) == text


def test_parse_int_list():
    assert F.parse_int_list("0,1") == [0, 1]
    assert F.parse_int_list(" 3, 1 ,") == [3, 1]
    for bad in ("", "a", "0,0", "-1", ","):
        with pytest.raises(ValueError):
            F.parse_int_list(bad)


def test_default_allreduce_iters():
    assert F.default_allreduce_iters(1 << 20) == 20
    assert F.default_allreduce_iters(16 << 20) == 20
    assert F.default_allreduce_iters(256 << 20) == 5
