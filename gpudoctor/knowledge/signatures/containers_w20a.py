"""Issue 25, rows for families blind sets missed: a minikube node without GPUs, and a NAS app whose GPU selection
TrueNAS cannot fill in.

minikube gives its node GPUs only when the cluster is created with them: with the docker driver (minikube 1.32 and
later) `minikube start --driver docker --container-runtime docker --gpus all` starts the node container through the
host's NVIDIA Container Toolkit and deploys the NVIDIA device plugin; the older nvidia-gpu-device-plugin and
nvidia-driver-installer addons were made for the kvm2 driver's PCI passthrough and give a docker-driver node nothing
(minikube now warns that the first is deprecated), and VM drivers without passthrough (VirtualBox, Hyper-V) have no
GPU at all. The node then advertises no nvidia.com/gpu: a custom-columns query prints `<none>` for it and GPU pods stay
Pending with "Insufficient nvidia.com/gpu", which these rows read in the light of minikube's own lines.

TrueNAS SCALE 24.10 and later install no NVIDIA driver until Apps > Configuration > Settings > Install NVIDIA Drivers
is ticked, and an app's GPU selection carries each GPU's UUID (read through the driver); after an upgrade the selection
of apps set up before can lack it (NAS-132086), and rendering the app's compose file then fails.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

MINIKUBE_NVIDIA = "https://minikube.sigs.k8s.io/docs/tutorials/nvidia/"

# The NAS systems' own way to the driver and the nvidia runtime, for the generic runtime and CDI rows' advice
# (containers.py): Unraid's Nvidia-Driver plugin registers the runtime; TrueNAS SCALE 24.10 and later install the driver
# (and the toolkit its apps use) only once its Apps setting is ticked.
NAS_DRIVER_STEPS = (" On Unraid the driver and the nvidia runtime come from the Nvidia-Driver plugin (Apps tab): install "
                    "it (again after an Unraid update), restart Docker, and give the container `--runtime=nvidia` in "
                    "Extra Parameters with NVIDIA_VISIBLE_DEVICES set to the GPU's UUID; on TrueNAS SCALE 24.10 and "
                    "later tick Apps > Configuration > Settings > Install NVIDIA Drivers, then select the GPU in the "
                    "app's resources.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.minikube-node-without-gpu",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        patterns=(
            # `kubectl get nodes -o custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu` for the
            # single minikube node: a GPU column of <none> (two columns, nothing after).
            r"^\s{0,4}minikube\s{1,40}<none>\s{0,4}$",
            # minikube 1.34 and later, on enabling the legacy addon.
            r"The nvidia-gpu-device-plugin addon is deprecated",
            # The legacy kvm2-era addons asked for on the command line.
            r"minikube (?:start|addons enable)\b[^\n]{0,300}nvidia-(?:gpu-device-plugin|driver-installer)\b",
        ),
        severity="warn",
        cause=("The minikube node advertises no nvidia.com/gpu: it was created without the GPUs (a docker-driver "
               "cluster started without --gpus, the legacy GPU addons, or a VM driver that has no GPU), so the device "
               "plugin has nothing to offer and GPU pods stay Pending."),
        advice=("Create the cluster with the GPUs: on Linux or WSL 2 with the docker driver (minikube 1.32 or later; "
                "the host's Docker set up with the NVIDIA Container Toolkit: `sudo nvidia-ctk runtime configure "
                "--runtime=docker && sudo systemctl restart docker`, and `docker run --rm --gpus all ubuntu nvidia-smi` "
                "working), run `minikube delete`, then `minikube start --driver docker --container-runtime docker "
                "--gpus all`, which also deploys the NVIDIA device plugin; the nvidia-gpu-device-plugin and "
                "nvidia-driver-installer addons (made for kvm2 passthrough) give a docker-driver node no GPU. "
                "VirtualBox, Hyper-V and other VM drivers have no GPU (kvm2 only with a spare GPU passed through); with "
                "`--driver=none` make nvidia the host Docker's default runtime (`sudo nvidia-ctk runtime configure "
                "--runtime=docker --set-as-default`, which writes \"default-runtime\": \"nvidia\" into /etc/docker/daemon.json; "
                "then `sudo systemctl restart docker`) before deploying the device plugin. `kubectl describe node "
                "minikube` must then list nvidia.com/gpu under Allocatable."),
        action="configure",
        rules_out=("the NVIDIA driver on the host, when nvidia-smi works there",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/kubernetes/minikube/issues/5005", "https://github.com/kubernetes/minikube/issues/4804",
                 "https://github.com/kubernetes/minikube/issues/2115", MINIKUBE_NVIDIA),
        checked="2026-11-27",
        examples=("containers/minikube-5005-virtualbox-node-gpus-none.txt",),
        # The scheduler's "Insufficient nvidia.com/gpu", a description of the node's missing capacity and the device
        # plugin's lines without NVML or devices are this node's symptoms wherever minikube's lines stand in the paste.
        refines=("containers.insufficient-gpu-resource", "containers.k8s-node-no-gpu-capacity-described",
                 "containers.device-plugin-no-nvml", "containers.device-plugin-no-devices"),
        refines_within=None,
    ),
    Signature(
        code="containers.truenas-gpu-uuid-missing",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(r"Expected \[uuid\] to be set for GPU ?in ?slot \[(?P<slot>[0-9A-Fa-f:.]{7,20})\]",),
        severity="fail",
        cause=("TrueNAS has no UUID for the NVIDIA GPU in slot {slot} in the app's GPU selection, so it cannot render "
               "the app's compose file with that GPU."),
        advice=("Make sure TrueNAS has the NVIDIA driver: tick Apps > Configuration > Settings > Install NVIDIA Drivers "
                "(24.10 and later install none by default) and check that `nvidia-smi` in the shell lists the GPU. Then "
                "give the app the GPU's UUID: `midclt call app.gpu_choices` shows each GPU's pci_slot and uuid; write it "
                "into the app with `midclt call -j app.update APP_NAME '{\"values\": {\"resources\": {\"gpus\": "
                "{\"use_all_gpus\": false, \"nvidia_gpu_selection\": {\"{slot}\": {\"use_gpu\": true, \"uuid\": "
                "\"GPU-...\"}}}}}}'` (the workaround of TrueNAS bug NAS-132086), or update TrueNAS and select the GPU "
                "in the app's form again."),
        action="configure",
        rules_out=("the GPU", "the app's image"),
        never_suggest=("reinstall the driver", "isolate the GPU"),
        sources=("https://github.com/truenas/apps/issues/785", "https://ixsystems.atlassian.net/browse/NAS-132086",
                 "https://github.com/eshtek/hexos-docs/pull/90"),
        checked="2026-11-27",
        examples=("containers/truenasapps-785-frigate-uuid-gpu-selection.txt",),
    ),
)
