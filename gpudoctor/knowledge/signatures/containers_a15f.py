"""Issue 25, written blind (helper a15f): container failures people describe or paste without the usual error line
(rows of the containers area, joined into containers.SIGNATURES).

- nvidia-docker 1's plugin (nvidia-docker-plugin) builds the `nvidia_driver_<version>` volume from hard links to the
  driver's files, so its volume folder (/var/lib/nvidia-docker/volumes by default) must be on the same file system as
  the driver under /usr; otherwise link(2) fails with EXDEV, "invalid cross-device link", and `docker run` answers
  "VolumeDriver.Create: internal error" (its wiki's known limitations; nvidia-docker#133, #173, #184, #425).
- A Compose service (or a `docker run`) that asks for no GPU gets none: people report it as "the GPU isn't recognised
  in Docker", and the fix is the service's deploy.resources.reservations.devices entry (docs.docker.com, "GPU support
  in Docker Compose").
- The GPU Operator's driver container on OpenShift and RHEL installs elfutils and the running kernel's kernel-devel
  and kernel-headers from Red Hat's repositories: without a valid entitlement (or, on OpenShift 4.8 and later, without
  the Driver Toolkit image, which needs none) dnf finds no match or the CDN answers 403 (gpu-operator#64, #206,
  #338; the GPU Operator on OpenShift's troubleshooting page).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVIDIA_DOCKER_1_LIMITS = "https://github.com/NVIDIA/nvidia-docker/wiki/nvidia-docker-plugin#known-limitations"
COMPOSE_GPU = "https://docs.docker.com/compose/how-tos/gpu-support/"
OCP_OPERATOR_TROUBLESHOOTING = "https://docs.nvidia.com/datacenter/cloud-native/openshift/latest/troubleshooting-gpu-ocp.html"
OCP_ENTITLED_BUILDS = "https://docs.openshift.com/container-platform/latest/cicd/builds/running-entitled-builds.html"

_ENTITLEMENT_ADVICE = (
    "On OpenShift 4.8 and later with GPU Operator 1.9 or later the driver is built with the Driver Toolkit image and "
    "needs no entitlement: check `oc get pods -n nvidia-gpu-operator` shows the nvidia-driver-daemonset pod with its "
    "openshift-driver-toolkit-ctr container; if it falls back to dnf, let Node Feature Discovery run on the GPU nodes "
    "(tolerations for their taints) so their kernel-version labels exist, and keep driver.use_ocp_driver_toolkit "
    "true in the ClusterPolicy. On older releases, or with the toolkit off, deploy a valid cluster-wide entitlement "
    "(the entitlement certificate from the Red Hat customer portal as the 50-entitlement-pem and "
    "50-entitlement-key-pem MachineConfigs with 50-rhsm-conf), regenerate one that expired or lacks the rhocp-4.x "
    "repositories, and test it with `curl -E <entitlement.pem> -Sfs -k "
    "https://cdn.redhat.com/content/dist/rhel8/8/x86_64/baseos/os/repodata/repomd.xml | head -3`; on a plain RHEL node "
    "register it with `subscription-manager register`. After an OpenShift upgrade, delete and recreate the ClusterPolicy "
    "so the driver daemonset gets the new RHEL_VERSION and OPENSHIFT_VERSION."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.nvidia-docker1-volume-cross-device",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # nvidia-docker 1 (tools/src/nvidia/volumes.go) hard-links each driver file into the volume; the plugin logs
        # "Error: link <driver file> <volume path>: invalid cross-device link" (`nvidia-docker volume setup` printed the
        # same), and the Docker client then shows only "VolumeDriver.Create: internal error, check logs for details".
        patterns=(
            r"Error: link /\S{1,200} (?P<volume>/\S{1,200}nvidia_driver\S{0,200}): invalid cross-device link",
        ),
        severity="fail",
        cause=("nvidia-docker 1's plugin could not build the driver volume: it hard-links the driver's files into "
               "{volume}, and that folder is on another file system than the driver (/usr), which hard links cannot "
               "cross, so the nvidia_driver volume is never created and `nvidia-docker run` fails."),
        advice=("Put the plugin's volume folder on the driver's partition: start nvidia-docker-plugin with "
                "`-d /usr/local/nvidia-driver` (edit its ExecStart in the nvidia-docker systemd unit, then `sudo "
                "systemctl daemon-reload && sudo systemctl restart nvidia-docker`), or move Docker's or the driver's "
                "files onto one partition. Better, replace nvidia-docker 1 with the NVIDIA Container Toolkit (`docker "
                "run --gpus all`, Docker 19.03 or later), which mounts the driver's files and needs no volume."),
        action="configure",
        rules_out=("the driver itself: nvidia-smi works on the host",),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("nvidia-docker<2",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/425", "https://github.com/NVIDIA/nvidia-docker/issues/184",
                 "https://github.com/NVIDIA/nvidia-docker/issues/38", NVIDIA_DOCKER_1_LIMITS),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-425-plugin-volume-invalid-cross-device-link.txt",),
    ),
    Signature(
        code="containers.gpu-not-requested-description",
        described=True,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The person's own words, when the paste holds no error line: the GPU is not seen, detected or used in a
        # container started from Docker or Compose. Docker gives a container no GPU unless asked (--gpus, a compose
        # device reservation), so the request is the first thing to check.
        patterns=(
            r"\b(?:GPU|Gpu|gpu|GPUs|gpus|[Nn]vidia|NVIDIA) (?:card )?(?:isn'?t|is not|not|wasn'?t|was not|never|doesn'?t "
            r"get|does not get|aren'?t|are not) (?:being )?(?:recogni[sz]ed|visible|passed through|passed|"
            r"exposed|picked up)\b[^\n]{0,60}?\b(?:in|inside|within|by|with|from|after|under|using|for)\b[^\n]{0,40}?"
            r"\b(?:[Dd]ocker(?:[- ][Cc]ompose)?|[Cc]ompose|the container|my container|containers?)\b",
            r"\b(?:[Dd]ocker(?:[- ][Cc]ompose)?|[Cc]ompose) (?:container|service|stack|app)s? (?:does ?n[o']t|do ?n[o']t|"
            r"can'?t|cannot|won'?t) (?:see|detect|recogni[sz]e|find|use|access) (?:the |my |any |an? )?(?:GPU|gpu|"
            r"[Nn]vidia|NVIDIA)",
        ),
        severity="warn",
        cause=("The description suggests the container was started without asking Docker for the GPU: a Compose "
               "service without a GPU device reservation (or a `docker run` without --gpus) gets no GPU and no driver "
               "libraries, so the program inside finds none and runs on the CPU."),
        advice=("Request the GPU for the container: in Compose add to the service `deploy: resources: reservations: "
                "devices: - driver: nvidia, count: all, capabilities: [gpu]` (Compose v2; `docker compose up -d "
                "--force-recreate`), or `docker run --gpus all ...`, on a host whose NVIDIA Container Toolkit is "
                "installed and configured for Docker (`sudo nvidia-ctk runtime configure --runtime=docker && sudo "
                "systemctl restart docker`). Then `docker exec <container> nvidia-smi` must list the GPU."),
        action="configure",
        rules_out=("the host's driver, when nvidia-smi works on the host",),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/odysseus-dev/odysseus/issues/458",
                 "https://github.com/docker/compose/issues/6691", COMPOSE_GPU),
        checked="2026-11-26",
        examples=("containers/odysseus-458-compose-gpu-not-recognised.txt",),
    ),
    Signature(
        code="containers.driver-container-rhel-repos-unentitled",
        refines=("kernel.headers-missing",), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # the GPU driver container's own verdict (gpu-driver-container, rhel8/rhel9 nvidia-driver _install_prerequisites)
            r"FATAL: failed to install [^\n]{0,60}?RHEL entitlement may be improperly deployed",
            # dnf in a container without entitlement certificates: Red Hat's CDN refuses the repositories
            r"Status code: 403 for https://cdn\.redhat\.com/content/",
        ),
        severity="fail",
        cause=("The NVIDIA driver container could not install the packages it builds the driver with (elfutils, the "
               "running kernel's kernel-devel and kernel-headers) from Red Hat's repositories: the cluster's RHEL "
               "entitlement is missing, expired or lacks these repositories (or, on OpenShift, the Driver Toolkit "
               "image that needs none was not used), so the kernel module is never built."),
        advice=_ENTITLEMENT_ADVICE,
        action="configure",
        rules_out=("the GPU", "the driver version"),
        never_suggest=("reinstall the driver on the host", "disable secure boot"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/206", "https://github.com/NVIDIA/gpu-operator/issues/338",
                 "https://github.com/NVIDIA/gpu-driver-container/issues/101", OCP_OPERATOR_TROUBLESHOOTING,
                 OCP_ENTITLED_BUILDS),
        checked="2026-11-26",
        examples=("containers/gpuoperator-206-driver-pod-rhel-cdn-403-entitlement-expired.txt",),
    ),
)
