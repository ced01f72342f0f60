"""The privileges fact: root from `id -u`, an elevated Windows token from its integrity label."""

from __future__ import annotations

import pytest
from fixing.support import (
    WHOAMI_GROUPS_ELEVATED,
    WHOAMI_GROUPS_NOT_ELEVATED,
    as_windows,
    as_wsl,
    linux_host,
)

from gpudoctor.engine import FactStore, Options
from gpudoctor.registry import load_registry


def privileges_of(builder):
    registry = load_registry()
    return FactStore(builder.host(), registry.probes, Options()).get("privileges")


def test_root_is_elevated():
    privileges = privileges_of(linux_host(uid="0"))
    assert privileges.elevated is True
    assert privileges.evidence == "id -u printed 0"


def test_a_user_is_not_elevated_and_sudo_is_noticed():
    assert privileges_of(linux_host(uid="1000")).elevated is False
    under_sudo = privileges_of(as_wsl(linux_host(uid="0", sudo_user="ada")))
    assert (under_sudo.elevated, under_sudo.sudo_user) == (True, "ada")


def test_unknown_when_id_gives_no_answer():
    builder = linux_host()
    builder.set_command(["id", "-u"], returncode=None, error="not-found")
    privileges = privileges_of(builder)
    assert privileges.elevated is None
    assert "not-found" in privileges.evidence


def test_elevated_windows_token_has_the_high_label():
    privileges = privileges_of(as_windows(linux_host(), WHOAMI_GROUPS_ELEVATED))
    assert privileges.elevated is True
    assert "S-1-16-12288" in privileges.evidence


def test_administrator_without_elevation_has_the_medium_label():
    privileges = privileges_of(as_windows(linux_host(), WHOAMI_GROUPS_NOT_ELEVATED))
    assert privileges.elevated is False
    assert "S-1-16-8192" in privileges.evidence


@pytest.mark.parametrize("answer", [dict(stdout="", returncode=0), dict(returncode=1, stderr="ERROR: access")])
def test_windows_without_a_label_is_unknown(answer):
    builder = as_windows(linux_host(), "")
    builder.set_command(["whoami", "/groups"], **answer)
    assert privileges_of(builder).elevated is None
