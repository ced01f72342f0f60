"""Containers: which one gpudoctor runs in, the GPUs and shared memory it was given, its CUDA
against the host driver; outside one, whether Docker / Podman can hand GPUs to containers."""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import MINOR_VERSION_COMPAT_BRANCH, version_pair
from gpudoctor.model import check, fail, ok, skip, warn

from .nvml_status import explain_nvml_error

CONTAINER_PLATFORMS = ("linux", "wsl")
MIB = 1 << 20
GIB = 1 << 30
# Docker, Podman and containerd give a container 64 MiB of /dev/shm unless told otherwise
# (Podman 4.3.1 recorded: size=64000k); NCCL's troubleshooting guide starts from --shm-size=1g.
DEFAULT_SHM_BYTES = 64 * MIB
NCCL_SHM_FLOOR_BYTES = 1 * GIB
CUDA_COMPATIBILITY_DOC = "https://docs.nvidia.com/deploy/cuda-compatibility/"
TOOLKIT_INSTALL_DOC = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"


def _not_in_container(container):
    if container.confidence == "marker-only":
        seen = ", ".join(dict.fromkeys(m.source for m in container.markers))
        return skip(f"Not in a container (only hints: {seen}; see container.environment).",
                    evidence={"confidence": container.confidence})
    return skip("Not in a container.", evidence={"confidence": container.confidence})


def _why_not_a_container(container):
    if container.confidence != "marker-only":
        return _not_in_container(container)
    hints = "; ".join(f"{m.source} ({m.detail})" for m in container.markers)
    return skip(
        "Not treated as a container: only hints were found, nothing that names a running engine.",
        f"Seen: {hints}.",
        *(f"Against it: {reason}." for reason in container.counter_evidence),
        "/.dockerenv stays in a file system made from a Docker image, for instance a VM's disk; a running "
        "Docker container also shows Docker's own mounts (/etc/hosts from /var/lib/docker/containers/...).",
        evidence={"confidence": container.confidence, "markers": [m.source for m in container.markers],
                  "counter_evidence": list(container.counter_evidence)},
    )


def _how_to_hand_in_gpus(container) -> str:
    if container.kubernetes:
        return ("Request them in the pod spec (resources.limits: nvidia.com/gpu: 2); the NVIDIA device plugin then "
                "hands that many GPUs in.")
    if container.engine in ("podman", "cri-o"):
        return ("Start it with `podman run --device nvidia.com/gpu=all` (CDI; the host needs "
                "`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` once).")
    return "Start it with `docker run --gpus all` (or `--gpus '\"device=0,1\"'` for chosen GPUs)."


@check("container.environment", title="Container detection", needs=("container",), platforms=CONTAINER_PLATFORMS)
def container_environment(facts):
    """Says whether gpudoctor runs inside a container, which engine started it (Docker, Podman,
    containerd, CRI-O) and whether Kubernetes runs it, with the markers behind that judgement.

    Markers that name an engine confirm a container: Docker's bind mounts out of
    /var/lib/docker/containers/<id>/, Podman's /run/.containerenv and overlay-containers storage,
    kubepods / docker-<id>.scope / libpod cgroups in /proc/1/cgroup, the kubelet's pod directory,
    KUBERNETES_SERVICE_HOST and a mounted service account. /.dockerenv alone, a private cgroup
    namespace ("0::/", usual with cgroup v2) or an overlay root are only hints: a VM whose disk was
    built from a Docker image keeps /.dockerenv but runs on its own kernel, cgroups and disk. Inside a
    container, NVML sees only the GPUs handed in, so the other container checks explain what was
    handed in and how to change it.
    """
    container = facts.container
    if not container.in_container:
        yield _why_not_a_container(container)
        return
    details = [f"{m.source}: {m.detail}" for m in container.markers]
    if container.podman_engine:
        details.append(f"Engine: {container.podman_engine}" + (", rootless" if container.rootless else ""))
    yield ok(f"Running in a {container.label}.", *details,
             evidence={"kind": container.label, "engine": container.engine, "kubernetes": container.kubernetes,
                       "markers": [m.source for m in container.markers]})


def _capabilities(container) -> set[str]:
    """NVIDIA_DRIVER_CAPABILITIES; unset or empty means the toolkit's default, compute and utility."""
    value = (container.driver_capabilities or "").strip()
    if not value:
        return {"compute", "utility"}
    names = {part.strip() for part in value.split(",")}
    return {"compute", "utility", "graphics", "video", "display", "compat32"} if "all" in names else names


def _handover_problems(container, inventory, capabilities, evidence):
    request, nodes = container.gpu_request, container.gpu_device_nodes
    if request.kind in ("unset", "void") and not nodes and not inventory.gpus:
        yield fail("No GPU was handed into this container.",
                   f"NVIDIA_VISIBLE_DEVICES is {'unset' if request.kind == 'unset' else repr(request.value)} and "
                   "there is no /dev/nvidia0, so the NVIDIA runtime added neither GPUs nor driver libraries.",
                   _how_to_hand_in_gpus(container), evidence=evidence)
        return
    if request.kind == "none":
        yield fail("NVIDIA_VISIBLE_DEVICES=none: the driver libraries are here, but no GPU.",
                   "`none` asks the NVIDIA runtime for driver capabilities without any device.",
                   _how_to_hand_in_gpus(container), evidence=evidence)
        return
    if inventory.nvml_error and inventory.nvml_error.startswith("NVML_ERROR_LIBRARY_NOT_FOUND"):
        if "utility" not in capabilities:
            yield fail(
                "NVML is missing because NVIDIA_DRIVER_CAPABILITIES lacks `utility` (no driver needs installing).",
                f"NVIDIA_DRIVER_CAPABILITIES={container.driver_capabilities}: the NVIDIA runtime mounts "
                "libnvidia-ml.so and nvidia-smi only for `utility`, so NVML and nvidia-smi fail although the GPU "
                f"devices are here ({', '.join('/dev/' + n for n in nodes) or 'none'}).",
                "Add utility: `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility` (or `all`), or in the image "
                "`ENV NVIDIA_DRIVER_CAPABILITIES=compute,utility`, then recreate the container.",
                "Never install an NVIDIA driver inside a container: it must match the host's kernel module.",
                evidence=evidence)
        else:
            yield fail(
                "The driver libraries were not mounted into this container (NVML not found).",
                "GPU devices may be present, but libnvidia-ml.so is not: the container was not started through the "
                "NVIDIA runtime (GPUs passed by hand with --device /dev/nvidia0, or a Kubernetes node whose "
                "containerd does not use the nvidia runtime).",
                _how_to_hand_in_gpus(container), evidence=evidence)
        return
    if inventory.nvml_error:
        summary, details = explain_nvml_error(inventory.nvml_error)
        yield fail(f"NVML cannot be used in this container: {summary}", *details, evidence=evidence)
        return
    if "compute" not in capabilities:
        yield fail("CUDA is missing: NVIDIA_DRIVER_CAPABILITIES lacks `compute`.",
                   f"NVIDIA_DRIVER_CAPABILITIES={container.driver_capabilities}: without `compute` the runtime does "
                   "not mount libcuda.so, so PyTorch, TensorFlow and NCCL find no GPU although nvidia-smi does.",
                   "Add it: `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility`, then recreate the container.",
                   evidence=evidence)


def _count_findings(container, inventory, evidence):
    request, seen = container.gpu_request, len(inventory.gpus)
    nodes = ", ".join(f"/dev/{n}" for n in container.gpu_device_nodes) or "none"
    if request.kind == "list":
        asked = len(request.ids)
        missing = [i for i in request.ids if i.startswith("GPU-") and i not in {g.uuid for g in inventory.gpus}]
        if seen < asked or missing:
            yield fail(f"{asked} GPU(s) were asked for (NVIDIA_VISIBLE_DEVICES={request.value}), NVML sees {seen}.",
                       *([f"Not seen: {', '.join(missing)}."] if missing else []),
                       f"GPU device nodes here: {nodes}. A GPU asked for but absent was not found on the host "
                       "(wrong index or UUID) or has fallen off the bus there.", evidence=evidence)
            return
        if asked == 1:
            yield warn(f"This container was given 1 GPU (NVIDIA_VISIBLE_DEVICES={request.value}); NVML sees {seen}.",
                       f"GPU device nodes here: {nodes}. NVML inside a container sees only the GPUs handed in, so the "
                       "host may have more; multi-GPU work in this container can use only this one.",
                       "To use more: " + _how_to_hand_in_gpus(container), evidence=evidence)
            return
    which = {"all": "all the host's GPUs", "list": f"NVIDIA_VISIBLE_DEVICES={request.value}"}.get(
        request.kind, "passed in without NVIDIA_VISIBLE_DEVICES")
    yield ok(f"The container sees {seen} GPU{'s' if seen != 1 else ''} ({which}).",
             f"GPU device nodes here: {nodes}.", evidence=evidence)


@check("container.gpus", title="GPUs handed into the container", needs=("container", "gpus"),
       platforms=CONTAINER_PLATFORMS)
def container_gpus(facts):
    """Compares the GPUs this container asked for with the GPUs it got.

    The NVIDIA Container Toolkit reads NVIDIA_VISIBLE_DEVICES (`docker run --gpus all` sets `all`,
    `--gpus 2` sets `0,1`; the Kubernetes device plugin sets the UUIDs of the GPUs a pod's
    nvidia.com/gpu request received) and NVIDIA_DRIVER_CAPABILITIES: `compute` mounts libcuda for
    CUDA, `utility` mounts libnvidia-ml and nvidia-smi; unset means both. Inside a container NVML
    sees only the GPUs handed in, so the evidence of a partial handover is NVIDIA_VISIBLE_DEVICES
    and the /dev/nvidiaN nodes (numbered as on the host). Source:
    https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html
    """
    container, inventory = facts.container, facts.gpus
    if not container.in_container:
        yield _not_in_container(container)
        return
    capabilities = _capabilities(container)
    evidence = {"NVIDIA_VISIBLE_DEVICES": container.gpu_request.value,
                "NVIDIA_DRIVER_CAPABILITIES": container.driver_capabilities,
                "device_nodes": list(container.device_nodes), "device_error": container.device_error,
                "nvml_gpus": len(inventory.gpus),
                "nvml_error": inventory.nvml_error}
    problems = list(_handover_problems(container, inventory, capabilities, evidence))
    if problems:
        yield from problems
        return
    yield from _count_findings(container, inventory, evidence)
    if container.gpu_device_nodes and "nvidia-uvm" not in container.device_nodes:
        yield warn("/dev/nvidia-uvm is missing: CUDA cannot start in this container.",
                   "CUDA needs the nvidia-uvm device; the runtime hands it in only when the nvidia_uvm module is "
                   "loaded on the host. On the host: `sudo modprobe nvidia-uvm` (or run nvidia-smi once as root "
                   "with the nvidia-modprobe helper), then restart the container.", evidence=evidence)


def _shm_fix(container) -> str:
    if container.kubernetes:
        return ("Mount a memory-backed emptyDir at /dev/shm: volumes: [{name: dshm, emptyDir: {medium: Memory, "
                "sizeLimit: 16Gi}}] and volumeMounts: [{name: dshm, mountPath: /dev/shm}].")
    engine = "podman" if container.engine in ("podman", "cri-o") else "docker"
    return (f"Recreate the container with `{engine} run --shm-size=16g ...` or `--ipc=host` (the host's /dev/shm); "
            "in docker compose: `shm_size: 16gb` or `ipc: host`.")


@check("container.shm", title="Shared memory (/dev/shm) for NCCL", needs=("container", "gpus"),
       platforms=CONTAINER_PLATFORMS)
def container_shm(facts):
    """Checks the size of /dev/shm in a container with two or more GPUs.

    NCCL exchanges data between the GPUs of one process group through shared-memory segments in
    /dev/shm, several MiB each ("NCCL WARN Error while creating shared memory segment
    /dev/shm/nccl-... (size 9637888)"), and PyTorch DataLoader workers use the same space. Docker,
    Podman and containerd give a container 64 MiB unless told otherwise, which makes multi-GPU jobs
    fail at NCCL initialisation, die with a bus error, or hang. NCCL's troubleshooting guide
    (https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/runtime_and_mpi_issues.html#shared-memory)
    gives `--shm-size=1g --ulimit memlock=-1` as its example; 16g or --ipc=host also leaves room for
    data loaders. With one GPU this does not apply.
    """
    container, inventory = facts.container, facts.gpus
    if not container.in_container:
        yield _not_in_container(container)
        return
    request = container.gpu_request
    gpus = max(len(inventory.gpus), len(request.ids) if request.kind == "list" else 0,
               len(container.gpu_device_nodes))
    shm = container.shm
    evidence = {"gpus": gpus, "shm_bytes": shm.size_bytes if shm else None,
                "unlimited": shm.unlimited if shm else None, "source": shm.source if shm else None}
    if gpus < 2:
        yield skip(f"{'One GPU' if gpus else 'No GPU'} here: /dev/shm matters for NCCL between two or more GPUs.",
                   evidence=evidence)
        return
    if shm is None:
        yield skip("The size of /dev/shm could not be read (no /dev/shm mount, and `df -k /dev/shm` failed).",
                   evidence=evidence)
        return
    if shm.unlimited or shm.size_bytes >= NCCL_SHM_FLOOR_BYTES:
        size = "no size limit" if shm.unlimited else f"{shm.size_bytes / GIB:.1f} GiB"
        yield ok(f"/dev/shm has {size}: enough for NCCL between {gpus} GPUs.", evidence=evidence)
        return
    size = f"{shm.size_bytes / MIB:.1f} MiB"
    explanation = ("NCCL creates shared-memory segments of several MiB in /dev/shm for every pair of GPUs in a "
                   "process group; when they do not fit, it fails with \"NCCL WARN Error while creating shared "
                   "memory segment /dev/shm/nccl-... (size 9637888)\", PyTorch workers die with a bus error, or "
                   "the job hangs.")
    if shm.size_bytes <= DEFAULT_SHM_BYTES:
        yield fail(f"/dev/shm is only {size} (the container default) for {gpus} GPUs: multi-GPU jobs will fail "
                   "or hang.", explanation, _shm_fix(container), evidence=evidence)
        return
    yield warn(f"/dev/shm is {size} for {gpus} GPUs, below the 1 GiB NCCL's guide starts from.",
               explanation, _shm_fix(container), evidence=evidence)


def _datacenter(inventory) -> bool:
    """Forward compatibility needs data-center GPUs; GeForce and TITAN cards never have it."""
    return bool(inventory.gpus) and not any(("GeForce" in g.name or "TITAN" in g.name) for g in inventory.gpus)


@check("container.cuda", title="The image's CUDA against the host driver", needs=("container", "gpus"),
       platforms=CONTAINER_PLATFORMS)
def container_cuda(facts):
    """Compares the CUDA version the container image was built with (CUDA_VERSION, set by the
    nvidia/cuda images; /usr/local/cuda/version.json; NVIDIA_REQUIRE_CUDA "cuda>=X.Y") with the
    newest CUDA the host driver supports (NVML's CUDA driver version).

    The rules, from NVIDIA's CUDA compatibility guide (https://docs.nvidia.com/deploy/cuda-compatibility/):
    an image for the driver's CUDA or older always works. A newer minor release of the same major
    works through minor version compatibility (CUDA 11 and later, with a driver of that major's
    branch: 13.x >= 580, 12.x >= 525, 11.x >= 450), except that PTX from the newer toolkit cannot be
    JIT-compiled by the older driver and features that need the newer driver are missing. A newer
    major needs the forward-compatibility package (cuda-compat) and works only on data-center GPUs
    (and a few NGC-ready RTX and Jetson systems), never on GeForce.
    """
    container, inventory = facts.container, facts.gpus
    if not container.in_container:
        yield _not_in_container(container)
        return
    image, driver = version_pair(container.image_cuda), inventory.cuda_driver_version
    evidence = {"image_cuda": container.image_cuda, "source": container.image_cuda_source,
                "NVIDIA_REQUIRE_CUDA": container.require_cuda, "driver_version": inventory.driver_version,
                "driver_cuda": inventory.cuda_driver_version_text, "cuda_compat": list(container.cuda_compat_libs)}
    if image is None:
        yield skip("The image names no CUDA version (no CUDA_VERSION, /usr/local/cuda/version.json or "
                   "NVIDIA_REQUIRE_CUDA).", evidence=evidence)
        return
    if driver is None:
        yield skip(f"The image is built for CUDA {container.image_cuda}; the driver's CUDA version is unknown "
                   f"({inventory.nvml_error or 'NVML did not say'}).", evidence=evidence)
        return
    driver_pair = (driver // 1000, (driver % 1000) // 10)
    driver_text = inventory.cuda_driver_version_text
    source = f"(from {container.image_cuda_source})"
    if image <= driver_pair:
        yield ok(f"The image's CUDA {container.image_cuda} runs on this driver "
                 f"({inventory.driver_version}, CUDA {driver_text}).", source, evidence=evidence)
        return
    if image[0] == driver_pair[0]:
        yield warn(
            f"The image's CUDA {container.image_cuda} is newer than the driver's CUDA {driver_text}: it runs through "
            "minor version compatibility, with limits.",
            f"Within CUDA {image[0]}.x any driver from the {MINOR_VERSION_COMPAT_BRANCH.get(image[0], '?')} branch runs "
            "programs built with a newer minor release.",
            "What fails: PTX produced by the newer toolkit cannot be JIT-compiled by this driver "
            "(CUDA_ERROR_UNSUPPORTED_PTX_VERSION), so kernels shipped only as PTX fail, and so do features that "
            "need the newer driver.",
            f"Fix: update the host driver to one for CUDA {image[0]}.{image[1]}, or use an image built for CUDA "
            f"{driver_text}. {source} Source: {CUDA_COMPATIBILITY_DOC}", evidence=evidence)
        return
    minimum = MINOR_VERSION_COMPAT_BRANCH.get(image[0], "a newer")
    compat = ("The image carries the forward-compatibility libraries (" + ", ".join(container.cuda_compat_libs) + ")."
              if container.cuda_compat_libs else "The image carries no forward-compatibility libraries "
              "(/usr/local/cuda/compat).")
    if container.cuda_compat_libs and _datacenter(inventory):
        yield warn(f"The image needs CUDA {container.image_cuda}; the driver supports CUDA {driver_text}: it can run "
                   "only through forward compatibility.", compat,
                   "Forward compatibility works on data-center GPUs with supported driver branches only; if CUDA "
                   "programs fail with cudaErrorCompatNotSupportedOnDevice or 'driver version is insufficient', "
                   f"update the host driver to the {minimum} branch or newer. Source: {CUDA_COMPATIBILITY_DOC}",
                   evidence=evidence)
        return
    yield fail(
        f"The image needs CUDA {container.image_cuda}, but the host driver ({inventory.driver_version}) supports only "
        f"CUDA {driver_text}.",
        "CUDA programs here fail with 'CUDA driver version is insufficient for CUDA runtime version'.", compat,
        "A newer major CUDA than the driver's runs only through the forward-compatibility package (cuda-compat), "
        "which works on data-center GPUs only, never on GeForce cards.",
        f"Fix: update the host driver to the {minimum} branch or newer (CUDA {image[0]}.x), or use an image built "
        f"for CUDA {driver_text} or older. {source} Source: {CUDA_COMPATIBILITY_DOC}", evidence=evidence)


def _docker_daemon_problem(engines):
    problem, message = engines.docker_info_problem, engines.docker_info_message
    if problem == "permission-denied":
        return warn("Your user may not talk to the Docker daemon (permission denied on its socket).", message,
                    "Run docker with sudo, or add the user to the docker group (`sudo usermod -aG docker $USER`, then "
                    "log in again); that group is as powerful as root.",
                    "Docker's GPU support was judged from the files installed, not from the daemon.",
                    evidence={"docker_info": problem, "message": message})
    if problem == "daemon-unreachable":
        # An installed but stopped Docker is a choice, not a fault: say it, without a warning.
        return skip("Docker is installed but its daemon is not running, so GPU containers were not checked.",
                    message, "If you run GPU containers, start it (`sudo systemctl start docker`) and check again.",
                    evidence={"docker_info": problem, "message": message})
    if problem == "timeout":
        return warn(f"`docker info` did not answer ({message}): the Docker daemon is hung or its socket is stale.",
                    "Restart it: `sudo systemctl restart docker`.", evidence={"docker_info": problem})
    if problem:
        return warn(f"`docker info` failed: {message}", evidence={"docker_info": problem, "message": message})
    return None


def _docker_gpu_support(engines, has_gpus: bool):
    evidence = {"docker": engines.docker[0], "runtimes": list(engines.docker_runtimes or ()),
                "nvidia_container_runtime_hook": list(engines.runtime_hook), "nvidia_ctk": list(engines.nvidia_ctk)}
    runtimes = engines.docker_runtimes
    if runtimes and "nvidia" in runtimes:
        return ok("Docker has the NVIDIA runtime: `docker run --gpus all` works.",
                  f"Runtimes: {', '.join(runtimes)}.", evidence=evidence)
    if engines.runtime_hook:
        details = [f"Found {engines.runtime_hook[0]}. Docker looks for it only when the daemon starts: if --gpus "
                   "still fails, restart Docker (`sudo systemctl restart docker`)."]
        if runtimes is not None:
            details.append("`--runtime=nvidia` and compose's `runtime: nvidia` also need the runtime registered: "
                           "`sudo nvidia-ctk runtime configure --runtime=docker`, then restart Docker.")
        return ok("Docker can hand GPUs to containers (`--gpus`): the NVIDIA Container Toolkit's hook is installed.",
                  *details, evidence=evidence)
    if not has_gpus:
        return skip("Docker has no NVIDIA support, and the driver sees no GPU to hand in.", evidence=evidence)
    state = ("installed but Docker is not configured for it" if engines.nvidia_ctk
             else "not installed (no nvidia-ctk, no nvidia-container-runtime-hook)")
    return fail(f"Docker cannot hand GPUs to containers: the NVIDIA Container Toolkit is {state}.",
                "`docker run --gpus all` fails with: could not select device driver \"\" with capabilities: [[gpu]].",
                *([f"Docker's runtimes: {', '.join(runtimes)} (no nvidia)."] if runtimes is not None else []),
                f"Fix: install the nvidia-container-toolkit package ({TOOLKIT_INSTALL_DOC}), then "
                "`sudo nvidia-ctk runtime configure --runtime=docker` and `sudo systemctl restart docker`.",
                evidence=evidence)


def _podman_gpu_support(engines, inventory):
    specs = [s for s in engines.cdi_specs if s.nvidia]
    unreadable = [s for s in engines.cdi_specs if s.error]
    evidence = {"podman": engines.podman[0], "cdi_specs": [s.path for s in engines.cdi_specs],
                "nvidia_ctk": list(engines.nvidia_ctk)}
    for spec in unreadable:
        yield warn(f"The CDI spec {spec.path} cannot be read ({spec.error}).",
                   "Rootless Podman reads it as your user: `sudo chmod a+r " + spec.path + "`.", evidence=evidence)
    if not specs:
        if not inventory.gpus:
            yield skip("Podman has no NVIDIA CDI spec, and the driver sees no GPU to hand in.", evidence=evidence)
            return
        install = ("" if engines.nvidia_ctk
                   else f"install the nvidia-container-toolkit package ({TOOLKIT_INSTALL_DOC}), then ")
        yield fail("Podman cannot hand GPUs to containers: no CDI spec for nvidia.com/gpu in /etc/cdi or /var/run/cdi.",
                   "`podman run --device nvidia.com/gpu=all` fails with: Error: setting up CDI devices: unresolvable "
                   "CDI devices nvidia.com/gpu=all.",
                   f"Fix: {install}`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`.", evidence=evidence)
        return
    driver = inventory.driver_version
    stale = [s for s in specs if s.driver_version and driver and s.driver_version != driver]
    for spec in stale:
        yield warn(f"The CDI spec {spec.path} lists driver {spec.driver_version}, but the driver is now {driver}.",
                   "Containers started with it get the old libraries' paths and fail to start or find no GPU. "
                   f"Regenerate it after every driver update: `sudo nvidia-ctk cdi generate --output={spec.path}`.",
                   evidence={**evidence, "spec_driver": spec.driver_version, "driver": driver})
    if not stale:
        yield ok(f"Podman can hand GPUs to containers through CDI ({specs[0].path}): "
                 "`podman run --device nvidia.com/gpu=all`.", evidence=evidence)


@check("container.runtime", title="Docker / Podman can hand GPUs to containers", needs=("container", "gpus"),
       platforms=CONTAINER_PLATFORMS)
def container_runtime(facts):
    """Outside a container, where Docker or Podman is installed: can it give containers the GPUs?

    Docker's `--gpus` works only when the NVIDIA Container Toolkit's nvidia-container-runtime-hook
    was on the daemon's PATH when it started (moby daemon/nvidia_linux.go); otherwise it fails with
    `could not select device driver "" with capabilities: [[gpu]]`. `docker info` lists the
    runtimes (an `nvidia` entry comes from `nvidia-ctk runtime configure --runtime=docker`); it is
    asked with a 5 s limit because it waits on a dead daemon, and a permission error on its socket is
    reported on its own. Podman uses CDI: `nvidia-ctk cdi generate` writes /etc/cdi/nvidia.yaml,
    which must be regenerated after each driver update. Sources:
    https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html,
    https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html
    """
    container, inventory = facts.container, facts.gpus
    if container.in_container:
        yield skip(f"Runs inside a {container.label}: the engine that started it is on the host; run gpudoctor there.")
        return
    engines = container.engines
    if engines is None or not (engines.docker or engines.podman):
        yield skip("Neither Docker nor Podman is installed.")
        return
    if engines.docker:
        problem = _docker_daemon_problem(engines)
        if problem:
            yield problem
        yield _docker_gpu_support(engines, bool(inventory.gpus))
    if engines.podman:
        yield from _podman_gpu_support(engines, inventory)
