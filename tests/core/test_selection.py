"""Slow checks (PyTorch, TensorFlow, the data-moving tests) run only when asked for."""

from click.testing import CliRunner

from gpudoctor.cli import _select_checks, main
from gpudoctor.registry import load_registry


def _ids(**kwargs):
    registry = load_registry()
    return {c.id for c in _select_checks(registry, kwargs.get("only", ()), kwargs.get("skip", ()),
                                         kwargs.get("deep", False))}


def test_a_plain_check_leaves_out_the_slow_checks():
    ids = _ids()
    assert "gpu.count" in ids and "nccl.library" in ids
    assert not {"torch.cuda", "torch.nccl"} & ids


def test_deep_or_naming_a_slow_check_runs_it():
    assert {"torch.cuda", "torch.nccl"} <= _ids(deep=True)
    assert _ids(only=("torch.cuda",)) == {"torch.cuda"}


def test_skip_removes_a_check():
    assert "env.gpu" not in _ids(skip=("env.gpu",))


def test_list_marks_slow_checks():
    output = CliRunner().invoke(main, ["list"]).output
    torch_line = next(line for line in output.splitlines() if line.startswith("torch.cuda"))
    assert "(--deep)" in torch_line
