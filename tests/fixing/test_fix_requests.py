"""Fix requests: checks ask for fixes only through gpudoctor/fix_requests.py, and every request fits its script."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gpudoctor import fix_requests as requests
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import _bind
from gpudoctor.model import warn

CHECKS = Path(__file__).resolve().parents[2] / "checks"
CATALOG = load_catalog()

EVERY_REQUEST = [
    requests.enable_wsl2(),
    requests.wslconfig_utf8(),
    requests.convert_distro_wsl2("Ubuntu"),
    requests.convert_distro_wsl2("Ubuntu-24.04", update_wsl=True),
    requests.windows_user_env("CUDA_VISIBLE_DEVICES"),
    requests.windows_user_env("OLLAMA_SCHED_SPREAD", "1", restart_ollama=True),
    requests.shell_env("NCCL_P2P_DISABLE"),
    requests.shell_env("CUDA_DEVICE_ORDER", "PCI_BUS_ID"),
    requests.user_env("windows", "NCCL_P2P_LEVEL"),
    requests.user_env("wsl", "NCCL_P2P_LEVEL", "NVL"),
    requests.ollama_service_env("OLLAMA_SCHED_SPREAD", "1"),
    requests.remove_linux_driver(),
    requests.remove_linux_driver(["nvidia-utils-550"]),
    requests.install_cuda_toolkit("12-8"),
    requests.install_nccl("12.8"),
]


@pytest.mark.parametrize("request_", EVERY_REQUEST, ids=lambda r: f"{r.fix} {' '.join(r.args)}")
def test_every_request_names_a_shipped_script_and_binds_to_its_params(request_):
    spec = CATALOG[request_.fix]
    assert len(_bind(spec, request_.args)) <= len(request_.args)  # raises on an unknown flag or a missing value


def test_every_shipped_script_has_a_request_function():
    assert {r.fix for r in EVERY_REQUEST} == set(CATALOG)


def test_a_request_fills_the_findings_fix_and_arguments():
    finding = warn("x", fix=requests.user_env("windows", "CUDA_VISIBLE_DEVICES"))
    assert (finding.fix, finding.fix_args) == ("windows.set-user-env", ("-Name", "CUDA_VISIBLE_DEVICES", "-Remove"))
    assert requests.convert_distro_wsl2(None) is None


def _hand_written_requests(source: str) -> list[str]:
    """Places in a check module that spell a fix by hand: fix="id", fix_args=..., or {"fix": ...} dicts."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg == "fix_args":
            found.append(f"line {node.value.lineno}: fix_args=")
        elif isinstance(node, ast.keyword) and node.arg == "fix" and isinstance(node.value, ast.Constant):
            found.append(f"line {node.value.lineno}: fix={node.value.value!r}")
        elif isinstance(node, ast.keyword) and node.arg == "fix" and isinstance(node.value, ast.IfExp) and any(
                isinstance(branch, ast.Constant) and isinstance(branch.value, str)
                for branch in (node.value.body, node.value.orelse)):
            found.append(f"line {node.value.lineno}: fix=... if ... else ...")
        elif isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value in ("fix", "fix_args")
                                                for k in node.keys):
            found.append(f"line {node.lineno}: a {{'fix': ...}} dict")
    return found


def test_check_modules_build_fix_requests_only_through_the_helper():
    hand_written = {module.name: _hand_written_requests(module.read_text(encoding="utf-8"))
                    for module in sorted(CHECKS.glob("*.py"))}
    assert not {name: places for name, places in hand_written.items() if places}


def test_the_search_finds_each_hand_written_form():
    source = '''
yield warn("a", fix="wsl.install-nccl", fix_args=["--cuda", "12.8"])
yield ok("b", fix="wsl.install-cuda-toolkit" if version else None)
def _fix():
    return {"fix": "windows.set-user-env", "fix_args": ["-Name", "X", "-Remove"]}
yield warn("fine", fix=install_nccl("12.8"))
'''
    assert len(_hand_written_requests(source)) == 4
