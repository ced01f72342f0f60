"""The Kubernetes recipes validate against the Kubernetes OpenAPI schemas (kubernetes-validate,
strict: unknown fields are errors) and run what the README says they run."""

from pathlib import Path

import pytest

kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="kubernetes-validate not installed (pip install kubernetes-validate)")
yaml = pytest.importorskip("yaml", reason="PyYAML not installed (comes with kubernetes-validate)")

FOLDER = Path(__file__).parents[2] / "deploy" / "kubernetes"
FEATURES_D = "/etc/kubernetes/node-feature-discovery/features.d"


def _documents(name):
    return [d for d in yaml.safe_load_all((FOLDER / name).read_text()) if d]


@pytest.mark.parametrize("name", ["daemonset.yaml", "job.yaml"])
def test_manifests_validate_against_the_kubernetes_schemas(name):
    version = kubernetes_validate.latest_version()
    for document in _documents(name):
        kubernetes_validate.validate(document, version, strict=True)


def test_strict_validation_would_catch_a_typo():
    document = _documents("daemonset.yaml")[1]
    document["spec"]["template"]["spec"]["nodeSelektor"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(document, kubernetes_validate.latest_version(), strict=True)


def _pod(document):
    return document["spec"]["template"]["spec"]


def test_daemonset_runs_on_gpu_nodes_and_writes_nfd_labels():
    daemonset = next(d for d in _documents("daemonset.yaml") if d["kind"] == "DaemonSet")
    pod = _pod(daemonset)
    assert pod["nodeSelector"] == {"nvidia.com/gpu.present": "true"}
    script = " ".join(pod["containers"][0]["args"])
    assert "gpudoctor check --json" in script and f"--nfd {FEATURES_D}/gpudoctor" in script
    mounts = {m["name"]: m["mountPath"] for m in pod["containers"][0]["volumeMounts"]}
    host_paths = {v["name"]: v["hostPath"]["path"] for v in pod["volumes"]}
    assert mounts["features"] == host_paths["features"] == FEATURES_D
    assert "resources" in pod["containers"][0] and "nvidia.com/gpu" not in str(pod["containers"][0]["resources"])


def test_job_runs_once_per_gpu_node():
    job = _documents("job.yaml")[0]
    pod = _pod(job)
    assert "gpudoctor check --json --deep" in " ".join(pod["containers"][0]["command"])
    anti = pod["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0]
    assert anti["topologyKey"] == "kubernetes.io/hostname"
    assert job["spec"]["completions"] == job["spec"]["parallelism"]


@pytest.mark.parametrize("name", ["daemonset.yaml", "job.yaml"])
def test_pods_report_the_node_they_run_on(name):
    """A pod's host name is the pod's; the node's name comes from the downward API."""
    workload = next(d for d in _documents(name) if d["kind"] in ("DaemonSet", "Job"))
    env = {e["name"]: e for e in _pod(workload)["containers"][0]["env"]}
    from gpudoctor.host.live import KUBERNETES_NODE_VARIABLE

    assert env[KUBERNETES_NODE_VARIABLE]["valueFrom"] == {"fieldRef": {"fieldPath": "spec.nodeName"}}
