"""A team's policy (config file) and a known-good node's figures (baseline), on real --deep recordings:
the two-H100 host (tests/fixtures/raw/h100x2), the two-H200 host plain, busy and with NCCL_P2P_DISABLE=1,
and the one-H100 host (tests/fixtures/hosts/README.md)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hosts import HOSTS, HostBuilder, result, run

from gpudoctor.cli import main
from gpudoctor.engine import Options
from gpudoctor.model import Status
from gpudoctor.policy import Policy, PolicyError, load_config_text, parse_baseline, parse_config

DEEP = ["nccl.allreduce", "p2p.bandwidth", "pcie.bandwidth"]


def record(tmp_path, fixture: str) -> tuple[int, str, str]:
    out = tmp_path / "baseline.json"
    outcome = CliRunner().invoke(main, ["baseline", "record", "--from", str(HOSTS / fixture), "-o", str(out)])
    return outcome.exit_code, out.read_text() if out.exists() else "", outcome.stderr


def judged(fixture: str, policy: Policy):
    return run(HostBuilder.from_fixture(fixture).host(), only=DEEP, options=Options(policy=policy))


def test_a_passing_node_records_its_figures_and_hardware(tmp_path):
    code, text, _ = record(tmp_path, "linux-2xh100-nvlink-deep.json")
    document = json.loads(text)
    assert code == 0 and document["hardware"] == {"gpus": ["NVIDIA H100 80GB HBM3"] * 2,
                                                  "links": ["0-1 NV18", "0 Gen5 x16", "1 Gen5 x16"]}
    assert document["figures"] == {"nccl.allreduce 0,1": 326.7, "p2p.bandwidth 0-1": 393.0,
                                   "pcie.bandwidth 0": 55.2, "pcie.bandwidth 1": 55.0}


def test_a_node_whose_all_reduce_is_slow_is_refused_as_a_baseline(tmp_path):
    code, text, stderr = record(tmp_path, "linux-2xh200-busy-gpu0-deep.json")
    assert code == 1 and text == "" and "nccl.allreduce is warn" in stderr


def test_a_busy_node_is_judged_against_the_known_good_nodes_figure(tmp_path):
    _, text, _ = record(tmp_path, "linux-2xh200-nvlink-deep.json")
    policy = Policy(baseline=parse_baseline(json.loads(text), "h200-baseline.json"))
    report = judged("linux-2xh200-busy-gpu0-deep.json", policy)
    (allreduce,) = [f for f in result(report, "nccl.allreduce").findings if "baseline_key" in f.evidence]
    assert allreduce.status is Status.WARN and allreduce.evidence["baseline_gbps"] == 325.5
    assert "46% of the ≈326 GB/s" in allreduce.summary
    assert any("what the known-good node measured (h200-baseline.json" in d for d in allreduce.details)
    assert result(report, "p2p.bandwidth").status is Status.PASS


def test_a_baseline_from_other_hardware_is_not_applied(tmp_path):
    _, text, _ = record(tmp_path, "linux-2xh100-nvlink-deep.json")
    policy = Policy(baseline=parse_baseline(json.loads(text), "h100-baseline.json"))
    findings = result(judged("linux-2xh200-nvlink-deep.json", policy), "p2p.bandwidth").findings
    assert findings[0].evidence["baseline_not_applied"] == "h100-baseline.json was recorded on other hardware"
    assert findings[0].evidence["expected_gbps"] == 396.8  # the model's figure


STRICT = """
# A stricter team: like Azure's node health checks, a node must reach 89 % of what is expected,
# and host copies are expected at 95 % of the PCIe link (CUDA bandwidthTest on a healthy host)
expected_gpus = 1
min_driver = 570
[bandwidth]
minimum_share = 0.89
[bandwidth.healthy_share]
host-copy = 0.95
"""


def test_a_stricter_policy_warns_where_the_defaults_pass():
    policy = parse_config(load_config_text(STRICT, "team.toml"), "team.toml")
    default = result(judged("linux-1xh100-firecracker-vm-deep.json", Policy()), "pcie.bandwidth")
    strict = result(judged("linux-1xh100-firecracker-vm-deep.json", policy), "pcie.bandwidth")
    assert default.status is Status.PASS and strict.status is Status.WARN
    finding = strict.findings[0]
    assert finding.evidence["expected_gbps"] == 59.8 and finding.evidence["minimum_share"] == 0.89
    assert "52.4 GB/s, 88% of the ≈59.8 GB/s" in finding.summary


def test_the_json_report_states_the_thresholds_it_judged_by(tmp_path):
    config = tmp_path / "team.toml"
    config.write_text(STRICT)
    outcome = CliRunner().invoke(main, ["check", "--from", str(HOSTS / "linux-1xh100-firecracker-vm.json"),
                                        "--config", str(config), "--only", "gpu.count", "--json"])
    thresholds = json.loads(outcome.stdout)["thresholds"]
    assert thresholds["source"] == str(config) and thresholds["min_driver"] == 570
    assert thresholds["minimum_share_of_expected"] == 0.89 and thresholds["healthy_shares"]["host-copy"] == 0.95
    assert thresholds["healthy_shares"]["allreduce"] == 0.69 and thresholds["expected_gpus"] == 1


def test_more_gpus_expected_than_present_fails_gpu_count():
    report = run(HostBuilder.from_fixture("linux-2xh100-nvlink.json").host(), only=["gpu.count"],
                 options=Options(policy=Policy(source="team.toml", expected_gpus=8)))
    finding = result(report, "gpu.count").findings[0]
    assert finding.status is Status.FAIL and finding.action.value == "reseat-or-inspect-hardware"
    assert finding.summary.startswith("2 GPUs where this team's policy expects 8")


@pytest.mark.parametrize(("text", "message"), [
    ("expected_gpu = 4", "unknown key 'expected_gpu'"),
    ("[bandwidth]\nminimum_share = 89", "must be a number above 0 and at most 1"),
    ("[bandwidth.healthy_share]\nallreduse = 0.7", "unknown key 'allreduse'"),
    ("min_driver = 'new'", "min_driver must be a whole number"),
    ("expected_gpus = ", "not valid TOML"),
])
def test_a_bad_config_says_which_key_and_why(text, message):
    with pytest.raises(PolicyError, match=message):
        parse_config(load_config_text(text, "team.toml"), "team.toml")


def test_a_bad_config_on_the_command_line_is_exit_code_2_without_a_traceback(tmp_path):
    config = tmp_path / "team.toml"
    config.write_text("[bandwidth]\nminimum_share = 1.5\n")
    outcome = CliRunner().invoke(main, ["check", "--config", str(config)])
    assert outcome.exit_code == 2 and "minimum_share must be a number" in outcome.stderr
    assert "Traceback" not in outcome.output
