"""Issue 25 (helper w44d): the container toolkit's own binary that cannot start, and GKE GPU nodes left without a driver.

nvidia-container-cli (the prestart hook's worker in the toolkit's legacy mode, and the tool people run by hand) is a
dynamically linked program: it needs the toolkit's own libnvidia-container.so.1 from the libnvidia-container1 package
and a few system libraries (libelf, libseccomp, libcap, libtirpc). Where one of them is absent or not in the loader's
cache (a source install without `ldconfig`, a half-upgraded or half-removed package set, an image or OS extension built
without the library: Talos' nvidia-container-toolkit extension shipped without libelf.so.1 in 2025), glibc's loader
refuses to start it ("error while loading shared libraries: X: cannot open shared object file") and every GPU
container fails at the hook with exit status 127. The driver and the GPU are not involved; the toolkit's packages are
(gpu-rest-engine#35, libnvidia-container#2, siderolabs/extensions#751 and PR#710).

On GKE, the device plugin DaemonSet's init container waits for the driver that GKE's installer puts under
/usr/local/nvidia; where the node pool was created with GPU driver installation disabled (node auto-provisioning's
default, gpu-driver-version=disabled, or a Karpenter-made node without the gke-gpu-driver-version label) it prints
"GPU driver auto installation is disabled." and waits forever, so the node never advertises nvidia.com/gpu
(container-engine-accelerators#402, #407; karpenter-provider-gcp#319).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_TOOLKIT_OWN = (
    "it is the NVIDIA Container Toolkit's own library: reinstall the toolkit's packages together at one version "
    "(Debian/Ubuntu `sudo apt-get install --reinstall libnvidia-container1 libnvidia-container-tools "
    "nvidia-container-toolkit nvidia-container-toolkit-base`, Fedora/RHEL `sudo dnf reinstall libnvidia-container1 "
    "libnvidia-container-tools nvidia-container-toolkit`), then `sudo ldconfig` and check `ldconfig -p | grep "
    "libnvidia-container` (after a build from source, `sudo ldconfig` alone adds it to the cache)")
_LIBELF = (
    "it is the ELF library the toolkit links against (elfutils): install it on the host (Debian/Ubuntu `sudo apt-get "
    "install libelf1`, Fedora/RHEL `sudo dnf install elfutils-libelf`); on an immutable OS (Talos, Flatcar, Bottlerocket) "
    "use a release of its NVIDIA container toolkit extension or image built with it")
_LIBSECCOMP = (
    "it is libseccomp, which the toolkit links against: install it on the host (Debian/Ubuntu `sudo apt-get install "
    "libseccomp2`, Fedora/RHEL `sudo dnf install libseccomp`)")
_LIBCAP = (
    "it is libcap, which the toolkit links against: install it on the host (Debian/Ubuntu `sudo apt-get install "
    "libcap2`, Fedora/RHEL `sudo dnf install libcap`)")
_LIBTIRPC = (
    "it is libtirpc, which the toolkit links against for its driver RPC service: install it on the host (Debian/Ubuntu "
    "`sudo apt-get install libtirpc3`, Fedora/RHEL `sudo dnf install libtirpc`)")

# Library name prefix (lower case; the first that fits wins) -> where it comes from.
TOOLKIT_LIBRARY_SOURCES: tuple[tuple[str, str], ...] = (
    ("libnvidia-container", _TOOLKIT_OWN),
    ("libelf", _LIBELF),
    ("libseccomp", _LIBSECCOMP),
    ("libcap", _LIBCAP),
    ("libtirpc", _LIBTIRPC),
)
# A name the table lacks (the pattern reads only the libraries the program links against; rev44a: the default was the
# toolkit's own package).
_OTHER_LIBRARY = (
    "find the package that ships it (`apt-file search` on Debian/Ubuntu, `dnf provides '*/<library>'` on Fedora/RHEL), "
    "install it and run `sudo ldconfig`")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.toolkit-cli-library-missing",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # glibc's loader refusing to start nvidia-container-cli (bare, or by its path /usr/bin/, /usr/local/bin/ as the
        # hook runs it), in any toolkit release: "nvidia-container-cli: error while loading shared libraries:
        # libnvidia-container.so.1: cannot open shared object file"; and the wrapper form some packagings print
        # ("nvidia-container-cli: Error: libnvidia-container.so.0: cannot open shared object file").
        patterns=(
            r"nvidia-container-cli: (?:error while loading shared libraries|Error): "
            # only the libraries it links against: the driver's own (libnvidia-ml, libcuda) it opens later with dlopen,
            # and their absence is the driver's, told in the toolkit's own words (rev44a)
            r"(?P<library>lib(?:nvidia-container|elf|seccomp|cap|tirpc)[\w+-]{0,30}\.so[.\d]{0,12}):? cannot open "
            r"shared object",
        ),
        severity="fail",
        cause=("nvidia-container-cli, the NVIDIA Container Toolkit's program that sets up GPU containers, cannot start: "
               "the dynamic loader does not find {library}, which it links against, so every GPU container fails at "
               "the runtime hook (exit status 127) before the driver or the GPU is even asked."),
        advice=("Give the host the library the toolkit's program needs, then start the container again: "
                "{library_source}. `ldd $(command -v nvidia-container-cli) | grep 'not found'` shows what is still "
                "missing; the NVIDIA driver and the image need no change."),
        lookups=(("library", "library_source", TOOLKIT_LIBRARY_SOURCES, _OTHER_LIBRARY),),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU", "the container image"),
        never_suggest=("update the driver", "reinstall the driver", "use an earlier cuda container"),
        sources=("https://github.com/NVIDIA/gpu-rest-engine/issues/35",
                 "https://github.com/NVIDIA/libnvidia-container/issues/2",
                 "https://github.com/siderolabs/extensions/issues/751",
                 "https://github.com/siderolabs/extensions/pull/710",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked=CHECKED,
        examples=("containers/gpurestengine-35-cli-libnvidia-container-so-missing.txt",
                  "containers/libnvidiacontainer-2-cli-so1-not-in-ldcache.txt"),
    ),
    Signature(
        code="containers.requirement-error-line-wrapped",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # nvidia-container-cli's refusal of the image's NVIDIA_REQUIRE_CUDA, in a paste whose terminal or issue form
        # wrapped the line right after "unsatisfied" (or in the middle of "condition"), so the condition itself
        # ("cuda>=10.0", "driver < 385") sits on the next line and the whole-line rows
        # (containers.unsatisfied-cuda-requirement, containers.requirement-driver-branch-unsatisfied) never see it.
        patterns=(r"nvidia-container-cli: requirement error: unsatisfied(?: ?c[a-z]{0,8})?\s{0,3}$",),
        severity="fail",
        cause=("nvidia-container-cli refused to start the container: the host's NVIDIA driver does not meet the image's "
               "CUDA requirement (NVIDIA_REQUIRE_CUDA; the condition, cut off by the line wrap, follows on the next "
               "line: cuda>=X, or driver < N for the Tesla driver branches the image also accepts)."),
        advice=("Compare the image's requirement (the hook's `--require=cuda>=X`, or `docker inspect --format "
                "'{{json .Config.Env}}' IMAGE | grep -o 'NVIDIA_REQUIRE_CUDA[^\"]*'`) with the CUDA Version `nvidia-smi` "
                "shows on the host, then upgrade the host's NVIDIA driver to one that supports it (CUDA 11.0 needs 450, "
                "12.4 needs 550, 12.8 needs 570, 13.0 needs 580), or use an image tag built for the CUDA the host's "
                "driver supports."),
        action="configure",
        rules_out=("the container toolkit's installation",),
        never_suggest=("reinstall Docker", "reinstall the container toolkit"),
        sources=("https://github.com/aws/amazon-ecs-agent/issues/1959",
                 "https://github.com/NVIDIA/nvidia-docker/issues/543",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked=CHECKED,
        examples=("containers/amazonecsagent-1959-ecs-gpu-ami-driver-384-cuda10-image.txt",),
    ),
    Signature(
        code="containers.spot-gpu-nodes-no-capacity-described",
        described=True,
        cause_id="k8s-gpu-taint",
        kinds=("any",),
        # People's words for Spot GPU nodes that never advertise nvidia.com/gpu: AKS taints every Spot node pool
        # kubernetes.azure.com/scalesetpriority=spot:NoSchedule, which the device plugin DaemonSet of the AKS guide and
        # of most charts does not tolerate ("Missing nvidia.com/gpu: 1 capacity in the Spot nodes").
        patterns=(
            r"\b(?:[Mm]issing|[Nn]o|[Ww]ithout|[Ll]acks?|[Ll]acking)\W{0,3}nvidia\.com/gpu\b[^\n]{0,60}?\b(?:in|on|for) "
            r"(?:the |our |my |all )?(?:[Ss]pot|SPOT) (?:GPU )?(?:nodes?|node ?pools?|VMs?|instances?)\b",
            r"\b(?:[Ss]pot|SPOT) (?:GPU )?(?:nodes?|node ?pools?|VMs?|instances?)\b[^\n]{0,60}?\b(?:do not|don't|does not|"
            r"doesn't|never|not) (?:have|show|list|advertise|expose|get|report)\b[^\n]{0,30}?\bnvidia\.com/gpu\b"
            # not a wait that ends ("don't have nvidia.com/gpu until the driver installer finishes"; rev44a)
            r"(?![^\n]{0,20}?\buntil\b)",
        ),
        severity="warn",
        cause=("The description suggests GPU nodes of a Spot pool that advertise no nvidia.com/gpu because they carry "
               "a taint the device plugin DaemonSet does not tolerate, so it never runs a pod there and the node's GPUs "
               "are never registered: AKS taints every Spot node kubernetes.azure.com/scalesetpriority=spot:NoSchedule "
               "(other clouds taint Spot pools only where the pool was created with a taint)."),
        # the taint named is AKS's; elsewhere the node's own Taints line says which one (rev44a)
        advice=("`kubectl describe node <spot-node> | grep -A3 Taints` shows the taint; give the device plugin DaemonSet "
                "a toleration for it. On AKS that is the Spot taint: `tolerations: [{key: "
                "kubernetes.azure.com/scalesetpriority, operator: Equal, value: spot, effect: NoSchedule}]` beside its "
                "nvidia.com/gpu one (Helm: `--set-json 'tolerations=[{\"key\":\"kubernetes.azure.com/scalesetpriority\","
                "\"operator\":\"Equal\",\"value\":\"spot\",\"effect\":\"NoSchedule\"},{\"key\":\"nvidia.com/gpu\","
                "\"operator\":\"Exists\",\"effect\":\"NoSchedule\"}]'`), and the same toleration on the GPU workloads; "
                "`kubectl get ds -A` then shows a plugin pod per Spot GPU node and `kubectl describe node` its "
                "nvidia.com/gpu."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Azure/AKS/issues/4418",
                 "https://github.com/MicrosoftDocs/azure-aks-docs/pull/138",
                 "https://github.com/MicrosoftDocs/azure-docs/issues/123166",
                 "https://learn.microsoft.com/en-us/azure/aks/spot-node-pool"),
        checked=CHECKED,
        examples=("containers/aksissue-4418-spot-pool-no-nvidia-gpu-capacity.txt",),
    ),
    Signature(
        code="containers.gke-gpu-driver-install-disabled",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The nvidia-driver-installer init container of GKE's own GPU device plugin DaemonSet
        # (nvidia-gpu-device-plugin-*), on a node whose pool has GPU driver installation disabled.
        patterns=(r"GPU driver auto[- ]installation is disabled",),
        severity="fail",
        cause=("GKE created this GPU node with GPU driver installation disabled (node auto-provisioning's default, "
               "gpu-driver-version=disabled, or a node made outside a GPU node pool), so no NVIDIA driver is installed: "
               "GKE's device plugin waits for the driver forever and the node never advertises nvidia.com/gpu."),
        advice=("Have GKE install the driver: for node auto-provisioning add `cloud.google.com/gke-gpu-driver-version: "
                "\"latest\"` (or \"default\") to the workload's nodeSelector, for a node pool create it with "
                "`--accelerator type=GPU_TYPE,count=N,gpu-driver-version=latest` (Terraform: "
                "gpu_driver_installation_config { gpu_driver_version = \"LATEST\" }); or install it yourself with "
                "`kubectl apply -f https://raw.githubusercontent.com/GoogleCloudPlatform/container-engine-accelerators/"
                "master/nvidia-driver-installer/cos/daemonset-preloaded.yaml` (ubuntu/daemonset-preloaded.yaml on "
                "Ubuntu nodes). Then `kubectl describe node` shows nvidia.com/gpu under Allocatable."),
        action="configure",
        rules_out=("the pod spec", "the GPU"),
        never_suggest=("add a toleration",),
        sources=("https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/402",
                 "https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/407",
                 "https://github.com/cloudpilot-ai/karpenter-provider-gcp/issues/319",
                 "https://cloud.google.com/kubernetes-engine/docs/how-to/node-auto-provisioning#choose-driver-version",
                 "https://cloud.google.com/kubernetes-engine/docs/how-to/gpus#installing_drivers"),
        checked=CHECKED,
        examples=("containers/cea-402-gke-nap-gpu-driver-auto-install-disabled.txt",),
    ),
)
