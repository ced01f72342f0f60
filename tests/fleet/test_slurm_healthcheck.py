"""deploy/slurm/gpudoctor-healthcheck on a real single-node Slurm: slurmctld, slurmd and munged
started here on localhost from a generated slurm.conf and munge key, stopped afterwards.

slurmd itself runs the wrapper (HealthCheckProgram, every 2 s): it must drain the node with a
reason naming the failing check when gpudoctor replays a failing snapshot, resume it when the
replay is healthy, and leave alone a node an administrator drained for another reason.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fleet_reports import H200, node_builder, write_snapshot

WRAPPER = Path(__file__).parents[2] / "deploy" / "slurm" / "gpudoctor-healthcheck"
DAEMONS = ("slurmctld", "slurmd", "scontrol", "sbatch", "munged", "mungekey")
MISSING = [name for name in DAEMONS if not (shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin"))]

pytestmark = [
    pytest.mark.skipif(bool(MISSING), reason=f"Slurm or munge not installed ({', '.join(MISSING)} missing; "
                                              "Debian: apt-get install slurm-wlm munge)"),
    pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0,
                       reason="slurmd runs health checks as root: this test needs root"),
]

NODE = socket.gethostname().split(".")[0]


def _tool(name):
    return shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _slurm_conf(folder: Path, healthcheck: Path) -> str:
    return "\n".join([
        "ClusterName=gpudoctortest", "SlurmctldHost=localhost(127.0.0.1)", "SlurmUser=root",
        f"SlurmctldPort={_free_port()}", f"SlurmdPort={_free_port()}",
        "AuthType=auth/munge", f"AuthInfo=socket={folder}/munge.sock", "CredType=cred/munge",
        f"StateSaveLocation={folder}/state", f"SlurmdSpoolDir={folder}/spool",
        f"SlurmctldPidFile={folder}/slurmctld.pid", f"SlurmdPidFile={folder}/slurmd.pid",
        f"SlurmctldLogFile={folder}/slurmctld.log", f"SlurmdLogFile={folder}/slurmd.log",
        "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none", "JobAcctGatherType=jobacct_gather/none",
        "MpiDefault=none", "ReturnToService=2", "SchedulerType=sched/builtin", "SelectType=select/linear",
        "AccountingStorageType=accounting_storage/none",
        f"HealthCheckProgram={healthcheck}", "HealthCheckInterval=2", "HealthCheckNodeState=ANY",
        f"NodeName={NODE} NodeAddr=127.0.0.1 CPUs=1 RealMemory=100 State=UNKNOWN",
        "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP", ""])


class Cluster:
    def __init__(self, folder: Path):
        self.folder = folder
        self.env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "SLURM_CONF": str(folder / "slurm.conf")}

    def scontrol(self, *args) -> str:
        proc = subprocess.run([_tool("scontrol"), *args], capture_output=True, text=True, env=self.env, timeout=20)
        return proc.stdout + proc.stderr

    def node_line(self) -> str:
        return self.scontrol("-o", "show", "node", NODE)

    def wait_for(self, predicate, seconds: float) -> str:
        line = ""
        for _ in range(int(seconds * 4)):
            line = self.node_line()
            if predicate(line):
                return line
            time.sleep(0.25)
        return line

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-1500:]}"
                         for p in sorted(self.folder.glob("*.log")))

    def stop(self):
        for name in ("slurmd", "slurmctld", "munged"):
            pid_file = self.folder / f"{name}.pid"
            try:
                os.kill(int(pid_file.read_text().split()[0]), signal.SIGTERM)
            except (OSError, ValueError):
                pass


@pytest.fixture
def cluster(tmp_path):
    folder = tmp_path
    (folder / "state").mkdir()
    (folder / "spool").mkdir()
    conf = folder / "healthcheck.conf"
    conf.write_text("")
    healthcheck = folder / "gpudoctor-healthcheck"
    healthcheck.write_text(WRAPPER.read_text().replace("/etc/gpudoctor/healthcheck.conf", str(conf)))
    healthcheck.chmod(0o755)
    (folder / "slurm.conf").write_text(_slurm_conf(folder, healthcheck))
    running = Cluster(folder)
    try:
        subprocess.run([_tool("mungekey"), "-c", "-k", str(folder / "munge.key"), "-b", "1024"], check=True,
                       capture_output=True, timeout=20)
        (folder / "munge.key").chmod(0o400)
        subprocess.run([_tool("munged"), f"--key-file={folder}/munge.key", f"--socket={folder}/munge.sock",
                        f"--pid-file={folder}/munged.pid", f"--log-file={folder}/munged.log",
                        f"--seed-file={folder}/munge.seed", "--force"], check=True, capture_output=True, timeout=20)
        subprocess.run([_tool("slurmctld"), "-i"], check=True, capture_output=True, env=running.env, timeout=20)
        subprocess.run([_tool("slurmd")], check=True, capture_output=True, env=running.env, timeout=20)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        running.stop()
        pytest.skip(f"could not start munged/slurmctld/slurmd here: {exc}")
    line = running.wait_for(lambda text: "State=IDLE" in text, 20)
    if "State=IDLE" not in line:
        running.stop()
        pytest.skip(f"the single-node Slurm did not come up: {line.strip()}\n{running.logs()}")
    yield running, conf
    running.stop()


def _configure(conf: Path, cluster: Cluster, snapshot: Path):
    conf.write_text(f'GPUDOCTOR="{Path(sys.executable).with_name("gpudoctor")}"\n'
                    f'GPUDOCTOR_ARGS="--from {snapshot}"\n'
                    f'GPUDOCTOR_REPORT="{cluster.folder}/report.json"\n'
                    # slurmd gives health checks almost no environment; a real node has slurm.conf in /etc.
                    f'export SLURM_CONF="{cluster.folder}/slurm.conf"\n')


def test_drains_on_a_failing_snapshot_and_resumes_on_a_healthy_one(cluster, tmp_path):
    running, conf = cluster
    healthy = write_snapshot(node_builder(H200, NODE), tmp_path / "healthy.json")
    # The same real recording on a node left behind by a driver upgrade.
    failing = write_snapshot(node_builder(H200, NODE).set_nvml("nvmlSystemGetDriverVersion", value="525.147.05"),
                             tmp_path / "failing.json")

    _configure(conf, running, failing)
    line = running.wait_for(lambda text: "DRAIN" in text, 30)
    assert "DRAIN" in line, line + running.logs()
    assert "Reason=gpudoctor: driver.version: NVIDIA driver 525.147.05 is older than 535" in line
    assert (running.folder / "report.json").exists()  # the JSON report is kept beside the verdict

    _configure(conf, running, healthy)
    line = running.wait_for(lambda text: "DRAIN" not in text, 30)
    assert "DRAIN" not in line and "State=IDLE" in line, line + running.logs()


def _ran_since(cluster: Cluster, count: int, seconds: float) -> int:
    """Wait until slurmd ran the health check `count` more times (each run rewrites the report)."""
    report = cluster.folder / "report.json"
    runs, last = 0, report.stat().st_mtime_ns if report.exists() else 0
    deadline = time.monotonic() + seconds
    while runs < count and time.monotonic() < deadline:
        time.sleep(0.25)
        now = report.stat().st_mtime_ns if report.exists() else 0
        if now != last:
            runs, last = runs + 1, now
    return runs


def test_an_administrators_drain_survives_a_failing_and_then_a_passing_check(cluster, tmp_path):
    """Admin drains for maintenance; gpudoctor then finds a failing check, then a passing one: the
    admin's reason stays and the node is never resumed mid-maintenance."""
    running, conf = cluster
    healthy = write_snapshot(node_builder(H200, NODE), tmp_path / "healthy.json")
    failing = write_snapshot(node_builder(H200, NODE).set_nvml("nvmlSystemGetDriverVersion", value="525.147.05"),
                             tmp_path / "failing.json")
    running.scontrol("update", f"NodeName={NODE}", "State=DRAIN", "Reason=maintenance: PSU swap")

    _configure(conf, running, failing)
    assert _ran_since(running, 2, 30) == 2, running.logs()
    line = running.node_line()
    assert "DRAIN" in line and "Reason=maintenance: PSU swap" in line and "gpudoctor:" not in line, line

    _configure(conf, running, healthy)
    assert _ran_since(running, 2, 30) == 2, running.logs()
    line = running.node_line()
    assert "DRAIN" in line and "Reason=maintenance: PSU swap" in line, line


def test_collect_recipe_gathers_a_report_from_each_node_and_merges_them(cluster, tmp_path):
    running, conf = cluster
    _configure(conf, running, write_snapshot(node_builder(H200, NODE), tmp_path / "healthy.json"))
    snapshot = write_snapshot(node_builder(H200, NODE), tmp_path / "node.json")
    reports = tmp_path / "reports"
    gpudoctor = Path(sys.executable).with_name("gpudoctor")
    env = {**running.env, "GPUDOCTOR": str(gpudoctor), "GPUDOCTOR_ARGS": f"--from {snapshot}",
           "GPUDOCTOR_REPORTS": str(reports)}
    recipe = Path(__file__).parents[2] / "deploy" / "slurm" / "collect.sbatch"
    submitted = subprocess.run([_tool("sbatch"), "--parsable", "--wait", f"--output={tmp_path}/job.out",
                                f"--chdir={tmp_path}", str(recipe)], capture_output=True, text=True, env=env,
                               timeout=90)
    output = (tmp_path / "job.out").read_text() if (tmp_path / "job.out").exists() else ""
    if submitted.returncode != 0 and not output:
        pytest.skip(f"this Slurm could not run a batch job here: {submitted.stderr.strip()}\n{running.logs()}")
    assert (reports / f"{NODE}.json").exists(), output + submitted.stderr
    assert f"| {NODE} | ! warn |" in output  # the merged Markdown table, one row per node
    assert (reports / "fleet.html").exists()
