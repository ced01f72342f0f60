"""Slow checks run only when asked for: the data-moving tests with --deep, PyTorch and TensorFlow with
--frameworks, any of them when named with --only."""

import pytest
from click.testing import CliRunner

from gpudoctor.cli import _select_checks, main
from gpudoctor.model import check
from gpudoctor.registry import load_registry

DEEP = {"p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce"}
FRAMEWORKS = {"torch.cuda", "torch.nccl", "tensorflow.gpu"}


def _ids(only=(), skip=(), opt_ins=()):
    return {c.id for c in _select_checks(load_registry(), tuple(only), tuple(skip), set(opt_ins))}


def test_a_plain_check_leaves_out_the_slow_checks():
    ids = _ids()
    assert "gpu.count" in ids and "nccl.library" in ids
    assert not (DEEP | FRAMEWORKS) & ids


def test_each_flag_adds_only_its_own_checks():
    assert DEEP <= _ids(opt_ins={"deep"}) and not FRAMEWORKS & _ids(opt_ins={"deep"})
    assert FRAMEWORKS <= _ids(opt_ins={"frameworks"}) and not DEEP & _ids(opt_ins={"frameworks"})


def test_naming_a_slow_check_runs_it():
    assert _ids(only=("torch.cuda",)) == {"torch.cuda"}


def test_skip_removes_a_check():
    assert "env.gpu" not in _ids(skip=("env.gpu",))


def test_list_marks_slow_checks_with_their_flag():
    lines = CliRunner().invoke(main, ["list"]).output.splitlines()
    assert " --frameworks " in next(line for line in lines if line.startswith("torch.cuda"))
    assert " --deep " in next(line for line in lines if line.startswith("p2p.bandwidth"))


def test_an_unknown_opt_in_is_refused_when_the_check_is_declared():
    with pytest.raises(ValueError, match="opt_in must be one of"):
        check("x.y", title="t", opt_in="sometimes")(lambda facts: ())
