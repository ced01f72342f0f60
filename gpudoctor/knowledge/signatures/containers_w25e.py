"""Issue 25 (helper w25e): the GPU Operator's driver container that cannot install the node kernel's packages.

On RHEL and OpenShift (RHCOS) nodes the driver container builds the kernel module itself: it installs the running
kernel's kernel-headers and kernel-devel, and elfutils-libelf-devel, from Red Hat's repositories with dnf. dnf then
answers "Unable to find a match: kernel-headers-<kernel> kernel-devel-<kernel>" when the repositories it may use do not
carry them: the cluster's RHEL entitlement is missing, expired or older than the OpenShift release (no rhocp-4.x
repository), the kernel is an EUS kernel whose packages sit in a repository the container does not enable (on RHEL 9
the AppStream EUS one), or the daemonset still asks for the RHEL release before an upgrade. The generic reading
(kernel.headers-missing: `dnf install kernel-devel-$(uname -r)` on the host) does not help there: the packages must
reach the container. OpenShift 4.8 and later with GPU Operator 1.9 and later build with the Driver Toolkit image,
which needs no entitlement; precompiled driver images need no headers at all.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OCP_DOCS = "https://docs.nvidia.com/datacenter/cloud-native/openshift/latest/index.html"
HAMI_DOCS = "https://project-hami.io/docs/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.operator-driver-kernel-packages-unavailable",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # dnf in the driver container's install step ("+ dnf -q -y --releasever=8.3 install kernel-headers-...").
        patterns=(r"Unable to find a match: [^\n]{0,80}kernel-(?:devel|headers)",
                  r"Unable to find a match: [^\n]{0,40}elfutils-libelf-devel"),
        contexts=("gpu-operator",),
        refines=("kernel.headers-missing",),
        severity="fail",
        cause=("The GPU Operator's driver container could not install the node kernel's kernel-headers and "
               "kernel-devel (or elfutils-libelf-devel) from Red Hat's repositories, so it cannot build the driver: "
               "its RHEL entitlement does not reach the repositories that carry them, or the kernel's packages live "
               "in a repository it does not enable (an EUS kernel)."),
        advice=("On OpenShift 4.8 and later (GPU Operator 1.9 and later) let the driver build with the Driver Toolkit, "
                "which needs no entitlement: keep driver.use_ocp_driver_toolkit true in the ClusterPolicy and let "
                "Node Feature Discovery run on the GPU nodes so their kernel labels exist. Otherwise give the "
                "container a valid cluster-wide RHEL entitlement that covers the node's repositories (the entitlement "
                "certificate as the 50-entitlement-pem and 50-entitlement-key-pem MachineConfigs with 50-rhsm-conf; "
                "regenerate one older than the OpenShift release, which lacks its rhocp-4.x repository; test it with "
                "`curl -E <entitlement.pem> -Sfs -k https://cdn.redhat.com/content/dist/rhel8/8/x86_64/baseos/os/repodata/repomd.xml | head -3`), "
                "and check that those repositories carry kernel-headers and kernel-devel of `uname -r` (an EUS kernel "
                "needs the EUS repositories, on RHEL 9 the AppStream EUS one: a driver container release that enables "
                "it); on a plain RHEL node `subscription-manager register` it. After an OpenShift upgrade delete and "
                "recreate the ClusterPolicy so the daemonset gets the new RHEL_VERSION. Precompiled driver images "
                "(driver.usePrecompiled=true) need no kernel packages at all."),
        action="configure",
        rules_out=("a GPU fault", "the host's own driver"),
        never_suggest=("reinstall the driver on the host", "disable secure boot"),
        sources=("https://github.com/NVIDIA/gpu-driver-container/issues/793", OCP_DOCS),
        checked="2026-11-27",
        examples=("containers/gpudrivercontainer-793-rhel9-eus-kernel-headers-no-match.txt",),
    ),
    Signature(
        code="containers.hami-node-unregistered",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # HAMi's scheduler (hami-scheduler) refusing a node whose hami-device-plugin has not registered it through the
        # node's hami.io/node-handshake annotation: "0/1 nodes are available: 1 node unregistered."
        patterns=(r"nodes are available: \S{1,6} node(?:\(s\))? unregistered\b",),
        severity="fail",
        cause=("HAMi's scheduler sees no registered GPU node: no hami-device-plugin has registered the node (the node "
               "lacks the gpu=on label the plugin's DaemonSet selects, or the plugin fails on the node), or the "
               "node's hami.io/node-handshake annotation was left at Deleted_ after an earlier failure."),
        advice=("Label each GPU node for HAMi (`kubectl label nodes <node> gpu=on`: its device plugin runs only there) "
                "and check that the hami-device-plugin pod runs on it (`kubectl get pods -A -o wide | grep "
                "hami-device-plugin`) and read its logs: an NVML or runtime failure there needs nvidia as the node's "
                "default container runtime. If the plugin runs and `kubectl describe node` shows "
                "hami.io/node-handshake: Deleted_..., remove that annotation (`kubectl annotate node <node> "
                "hami.io/node-handshake-`) and the plugin registers the node again within a minute."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Project-HAMi/HAMi/issues/1839", "https://github.com/Project-HAMi/HAMi/issues/815",
                 "https://github.com/Project-HAMi/website/pull/779", HAMI_DOCS),
        checked="2026-11-27",
        examples=("containers/hami-1839-node-unregistered-stale-handshake.txt",),
    ),
)
