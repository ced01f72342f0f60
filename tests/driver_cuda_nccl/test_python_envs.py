"""The python_envs probe: which interpreters it asks, and that no answer of theirs can break it."""

from __future__ import annotations

from driver_cuda_nccl.h200_software import VENV, VENV_SITE, h200_software, python_answer, set_python
from hosts import result, run, text_of

from gpudoctor.model import Status
from gpudoctor.probes.python_envs import probe_python_envs

VENV_PYTHON = f"{VENV}/bin/python3"
# What a venv prints when its base interpreter's standard library is gone (e.g. after a distribution upgrade).
BROKEN_VENV_STDERR = (
    "Fatal Python error: init_fs_encoding: failed to get the Python codec of the filesystem encoding\n"
    "Python runtime state: core initialized\n"
    "ModuleNotFoundError: No module named 'encodings'\n"
)


def envs_of(builder):
    return probe_python_envs(builder.host(), None)


def test_the_h200_host_has_the_torch_venv_first_and_the_system_python_once():
    envs = envs_of(h200_software())
    assert [env.command for env in envs.envs] == [VENV_PYTHON, "/usr/bin/python3"]  # /bin/python3 is /usr/bin's
    venv = envs.envs[0]
    assert venv.prefix == VENV and venv.site_packages == (VENV_SITE,)
    assert venv.distributions["torch"] == "2.11.0" and venv.has("nvidia-nccl-cu13")
    assert envs.with_distribution("torch") == (venv,)
    assert envs.own_python_version == "3.12.3"


def test_a_python_that_fails_to_start_is_noted_and_the_nccl_check_goes_on():
    builder = set_python(h200_software(), VENV_PYTHON, returncode=1, stderr=BROKEN_VENV_STDERR)
    venv = envs_of(builder).envs[0]
    assert venv.error == "exit code 1: ModuleNotFoundError: No module named 'encodings'"
    assert venv.distributions == {}
    checked = result(run(builder.host(), only=["nccl.library"]), "nccl.library")
    assert checked.status is Status.PASS  # the venv's NCCL is unseen; the system copy remains
    assert "NCCL 2.28.3 (1 copy)" in text_of(checked) and "PyTorch" not in text_of(checked)


def test_a_python_that_hangs_is_given_up_on():
    builder = set_python(h200_software(), VENV_PYTHON, returncode=None, error="timeout")
    assert envs_of(builder).envs[0].error == "did not answer within 5 s"


def test_an_answer_that_is_not_json_is_noted():
    builder = set_python(h200_software(), VENV_PYTHON, stdout="Python 2.7.18\n")
    assert envs_of(builder).envs[0].error.startswith("unexpected answer: 'Python 2.7.18'")


def test_no_python_on_path_gives_no_environments():
    builder = h200_software().set("which", ["python3"], []).set("which", ["python"], [])
    assert envs_of(builder).envs == ()


def test_pyenv_shims_for_python_and_python3_are_one_environment():
    # pyenv's shims are two shell scripts (no links to follow); both run the same interpreter.
    shims, prefix = "/home/alice/.pyenv/shims", "/home/alice/.pyenv/versions/3.11.7"
    site = [f"{prefix}/lib/python3.11/site-packages"]
    builder = h200_software().set("which", ["python3"], [f"{shims}/python3"])
    builder.set("which", ["python"], [f"{shims}/python"])
    builder.set("resolve", [shims], shims)
    for name in ("python3", "python"):
        builder.set("resolve", [f"{shims}/{name}"], f"{shims}/{name}")
        set_python(builder, f"{shims}/{name}", python_answer(f"{prefix}/bin/{name}", prefix, site, {}))
    assert [env.command for env in envs_of(builder).envs] == [f"{shims}/python3"]
