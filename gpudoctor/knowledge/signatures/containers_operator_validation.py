"""The GPU Operator's validator (nvidia-operator-validator): the init containers that hold every other operand back
until the driver, the toolkit, CUDA and the device plugin are proven on the node. Their messages name the stage that
failed, which is the cause to act on (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VALIDATOR_SOURCE = "https://github.com/NVIDIA/gpu-operator/blob/main/cmd/nvidia-validator/main.go"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.operator-plugin-validation-no-gpu-resource",
        cause_id="k8s-no-gpu-resource",
        kinds=_CONTAINER_TEXT,
        # cmd/nvidia-validator (Plugin.validateGPUResource) polls the node's capacity for nvidia.com/gpu or a MIG
        # resource 30 times, 5 s apart, logging "not yet discovered ... retry: N", then fails with "GPU resources are
        # not discovered by the node": the device plugin on that node advertises nothing (disabled there, or failing).
        patterns=(r"GPU resources are not (?:yet )?discovered by the node",),
        severity="fail",
        cause="The GPU Operator's validator waited in vain for the node to advertise nvidia.com/gpu: the device plugin on "
              "that node is not registering the GPUs (disabled there, or failing), so the validator crash-loops and no "
              "GPU pod is scheduled.",
        advice=("Look at the device plugin on that node: `kubectl get pods -n gpu-operator -o wide | grep "
                "device-plugin` and its log (`kubectl logs -n gpu-operator POD`), and `kubectl describe node NODE | grep "
                "nvidia.com/gpu`; fix what its log names. If you disabled the device plugin on purpose "
                "(devicePlugin.enabled=false, or the node label nvidia.com/gpu.deploy.device-plugin=false), the "
                "validator's plugin check cannot pass: enable the device plugin, or run one (or a DRA driver) that "
                "advertises the GPUs."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/486", "https://github.com/NVIDIA/gpu-operator/pull/2686",
                 VALIDATOR_SOURCE),
        checked="2026-11-26",
        examples=("containers/gpuoperator-486-plugin-validation-no-gpu-resources.txt",),
    ),    Signature(
        code="containers.operator-driver-validation-no-driver",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # cmd/nvidia-validator's driver-validation runs `chroot /run/nvidia/driver nvidia-smi` every 5 s ("running
        # command chroot with args [...]", "command failed, retrying after 5 seconds") until the operator's driver
        # container has installed the driver there; chroot's own refusal (GNU coreutils, either quote style) says it
        # has not. The pods behind it (device plugin, toolkit, DCGM) wait in Init meanwhile.
        patterns=(r"chroot: failed to run command ['‘]nvidia-smi['’]: No such file or directory",),
        severity="fail",
        cause="The GPU Operator's validator found no driver under /run/nvidia/driver: the operator's driver container "
              "has not installed the NVIDIA driver on this node (still building it, or failing), so every GPU pod "
              "waits in Init.",
        advice=("Read the driver container's log: `kubectl logs -n gpu-operator -l app=nvidia-driver-daemonset -c "
                "nvidia-driver-ctr --tail=50`; it names why (no precompiled driver or kernel headers for this node's "
                "kernel: compare `uname -r` with the operator release's supported kernels after a kernel update; "
                "Secure Boot; nouveau loaded). If the node already has an NVIDIA driver installed (`nvidia-smi` works "
                "on the node), install the operator with `--set driver.enabled=false` so it uses the host's driver."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/487", "https://github.com/NVIDIA/gpu-operator/issues/378",
                 "https://github.com/NVIDIA/gpu-operator/issues/1063", VALIDATOR_SOURCE),
        checked="2026-11-26",
        examples=("containers/gpuoperator-487-driver-validation-chroot-no-nvidia-smi.txt",),
    ),
    Signature(
        code="containers.operator-waiting-for-toolkit",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # The toolkit-validation init container of the device plugin, GPU feature discovery, DCGM and the validator
        # loops on /run/nvidia/validations/toolkit-ready ("stack", or "toolkit" in the sandbox operands), which the
        # container toolkit daemonset writes once it has configured the runtime. Its log line, not `kubectl describe`'s
        # Args line that holds the same words after "echo" in every healthy pod.
        patterns=(r"(?<!echo )waiting for nvidia container (?:stack|toolkit) to be setup",),
        severity="warn",
        cause="The GPU Operator's pods on this node wait for the NVIDIA container toolkit daemonset, which has not "
              "finished configuring the container runtime (it waits on the driver container itself, or fails "
              "configuring containerd/CRI-O), so no GPU pod starts there.",
        advice=("Look at the toolkit pod on that node first: `kubectl get pods -n gpu-operator -o wide | grep -E "
                "'toolkit|driver'` and `kubectl logs -n gpu-operator <nvidia-container-toolkit-daemonset pod> --all-containers`. "
                "If it waits for the driver, read the driver container's log (`kubectl logs -n gpu-operator -l "
                "app=nvidia-driver-daemonset -c nvidia-driver-ctr`); if it fails on the runtime's config (K3s, RKE2, "
                "k0s, MicroK8s), set toolkit.env CONTAINERD_CONFIG and CONTAINERD_SOCKET to the distribution's paths; on "
                "OpenShift 4.18.22 and 4.18.23, a known platform bug, upgrade OpenShift to 4.18.24 or later."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/1709",
                 "https://github.com/NVIDIA/gpu-operator/blob/main/assets/state-device-plugin/0500_daemonset.yaml",
                 VALIDATOR_SOURCE),
        checked="2026-11-26",
        examples=("containers/gpuoperator-1709-openshift-toolkit-validation-waiting.txt",),
    ),
    Signature(
        code="containers.operator-driver-pod-crashloop",
        cause_id="driver-in-use",
        kinds=("any",),
        # `kubectl get pods` listing the GPU Operator's driver pod (nvidia-driver-daemonset-xxxxx, in any namespace)
        # crash-looping, in its init container (k8s-driver-manager) or its driver container. Its log says why; where a
        # line of it is in the paste (containers.operator-driver-in-use), that row takes this one's place.
        patterns=(r"nvidia-driver-daemonset-[\w-]{3,40}\s{1,40}0/\d\s{1,40}(?:Init:)?(?:CrashLoopBackOff|Error)\b",),
        severity="fail",
        cause="The GPU Operator's driver pod keeps failing on this node, so every GPU pod there waits in Init: most often "
              "the node already has an NVIDIA driver installed, which the operator's driver container cannot replace; "
              "otherwise it cannot build the driver for this kernel.",
        advice=("Run `nvidia-smi` on the node. If it works, the host has its own driver: deploy the GPU Operator with "
                "driver.enabled=false (`helm upgrade ... --set driver.enabled=false`; MicroK8s: disable and enable the gpu "
                "addon so it uses the host driver). If it does not, read why the driver container fails: `kubectl logs "
                "-n gpu-operator <nvidia-driver-daemonset pod> -c nvidia-driver-ctr` (and `-c k8s-driver-manager`): no "
                "kernel headers or an unsupported kernel (`uname -r`), Secure Boot, or a driver branch too old for the "
                "kernel."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/canonical/microk8s/issues/448", "https://github.com/canonical/microk8s/issues/2352",
                 "https://github.com/NVIDIA/gpu-operator/issues/126",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-26",
        examples=("containers/microk8s-448-driver-daemonset-crashloop-host-driver.txt",),
    ),
)
