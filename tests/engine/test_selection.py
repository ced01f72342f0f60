"""Slow checks run only when asked for: the data-moving tests with --deep, PyTorch and TensorFlow with
--frameworks, any of them when named with --only."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.model import check
from gpudoctor.registry import load_registry
from gpudoctor.selection import UnknownCheck, select_checks

HOSTS = Path(__file__).parent.parent / "fixtures" / "hosts"
DEEP = {"p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce"}
FRAMEWORKS = {"torch.cuda", "torch.nccl", "tensorflow.gpu"}


def _ids(only=(), skip=(), opt_ins=()):
    return {c.id for c in select_checks(load_registry().checks, only=only, skip=skip, opt_ins=opt_ins)}


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


def test_an_unknown_id_is_named():
    with pytest.raises(UnknownCheck, match="'p2p.nope'"):
        _ids(only=("p2p.nope",))


@pytest.mark.parametrize("check_id", ["p2p.bandwidth", "torch.cuda"])
def test_naming_an_opt_in_check_runs_it_without_its_flag(check_id):
    """One gate: --only alone runs a --deep check as it runs a --frameworks one (the deep probe once
    answered "runs only with --deep" here, reading the flag itself)."""
    result = CliRunner().invoke(main, ["check", "--from", str(HOSTS / "linux-2xh200-nvlink-deep.json"),
                                       "--only", check_id, "--json"])
    (report,) = json.loads(result.stdout)["checks"]
    assert report["id"] == check_id
    assert "--deep" not in report["summary"] and "--frameworks" not in report["summary"]
    if check_id == "p2p.bandwidth":
        assert report["status"] == "pass" and "GB/s" in report["summary"]
