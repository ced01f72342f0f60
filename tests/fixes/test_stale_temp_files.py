"""A fix killed with `kill -9` between its temp file and the rename leaves `.NAME.gpudoctor-tmp.*`;
(`..bashrc.gpudoctor-tmp.*` for ~/.bashrc); the next run of a fix that writes NAME removes it (not a fresh one: another run may be writing)."""

import os
import time

SCRIPT = "linux/set-shell-env.sh"


def test_next_run_removes_stale_temp_files(sb, fx):
    rc = sb.home / ".bashrc"
    rc.write_text("# my bashrc\n")
    stale = sb.home / "..bashrc.gpudoctor-tmp.Ab12Cd"
    fresh = sb.home / "..bashrc.gpudoctor-tmp.Ef34Gh"
    for path in (stale, fresh):
        path.write_text("export HALF=")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    res = sb.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "0,1")
    assert res.returncode == 0, res.out
    assert fx.temp_leftovers(sb.home) == [fresh]
    assert "CUDA_VISIBLE_DEVICES='0,1'" in rc.read_text()
