"""Versions are read by `packaging` (driver, CUDA, Ollama, WSL kernel), and the distribution by the
standard library from os-release: the forms the machines and logs really print, and what is not one."""

from __future__ import annotations

import platform

import pytest

from gpudoctor.checks.wsl import kernel_tuple
from gpudoctor.knowledge.driver_support import parse_driver_version, version_pair
from gpudoctor.host.live import _linux_distribution
from gpudoctor.knowledge.ollama_versions import version_key


@pytest.mark.parametrize(("text", "pair"), [("12.8", (12, 8)), ("13.0.88", (13, 0)), ("12", None),
                                            ("N/A", None), (None, None)])
def test_cuda_versions(text, pair):
    assert version_pair(text) == pair


@pytest.mark.parametrize(("text", "numbers"), [("580.159.04", (580, 159, 4)), ("572.83", (572, 83)),
                                               (" 535.104.05\n", (535, 104, 5)), ("[N/A]", None), ("", None)])
def test_driver_versions(text, numbers):
    assert parse_driver_version(text) == numbers


@pytest.mark.parametrize(("text", "numbers"), [("0.5.12", (0, 5, 12)), ("v0.1.45", (0, 1, 45)),
                                               ("0.6.8-rc1", (0, 6, 8)), ("unknown", None), (None, None)])
def test_ollama_versions(text, numbers):
    assert version_key(text) == numbers


def test_wsl_kernel_versions():
    assert kernel_tuple("5.15.167.4-microsoft-standard-WSL2") == (5, 15, 167, 4)
    assert kernel_tuple("Microsoft") is None


def test_the_distribution_comes_from_os_release(monkeypatch):
    monkeypatch.setattr(platform, "freedesktop_os_release",
                        lambda: {"ID": "ubuntu", "VERSION_ID": "24.04", "NAME": "Ubuntu",
                                 "PRETTY_NAME": "Ubuntu 24.04.3 LTS"})
    assert _linux_distribution() == {"id": "ubuntu", "version": "24.04", "name": "Ubuntu 24.04.3 LTS"}

    def missing():
        raise OSError("no os-release")

    monkeypatch.setattr(platform, "freedesktop_os_release", missing)
    assert _linux_distribution() == {}
