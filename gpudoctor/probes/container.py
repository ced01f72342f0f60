"""Whether gpudoctor runs in a container, which one, and what it was given; outside one, whether the
installed Docker / Podman can hand GPUs to containers.

Detection weighs markers instead of trusting one: /.dockerenv is only a file, and it survives when
a container image is turned into a VM's disk (the two-H200 test host is such a Firecracker VM:
/.dockerenv present, /proc/1/cgroup "0::/process_api/core", its root an ext4 /dev/vda). A marker
that names an engine (a bind mount out of /var/lib/docker/containers, a kubepods cgroup,
/run/.containerenv ...) confirms a container; /.dockerenv, a private cgroup namespace ("0::/") or
an overlay root alone only hint at one.
"""

from __future__ import annotations

import json
import re

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides
from gpudoctor.lazy_regex import lazy_compile

DOCKER_INFO_TIMEOUT = 5.0  # `docker info` waits on a dead daemon's socket; never longer than this
CDI_SPEC_GLOBS = ("/etc/cdi/*.yaml", "/etc/cdi/*.json", "/var/run/cdi/*.yaml", "/var/run/cdi/*.json")
CUDA_COMPAT_GLOB = "/usr/local/cuda/compat/libcuda.so.*"
SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount"

ENGINE_NAMES = {"docker": "Docker", "podman": "Podman", "containerd": "containerd", "cri-o": "CRI-O", "lxc": "LXC"}

# (substring of a mount's root, engine, what it is). Docker bind-mounts /etc/hosts, /etc/hostname
# and /etc/resolv.conf out of <data-root>/containers/<id>/ (Docker Desktop: /docker/containers/),
# Podman and CRI-O out of .../overlay-containers/<id>/userdata/, the kubelet /etc/hosts out of
# /var/lib/kubelet/pods/<uid>/, containerd's CRI plugin /etc/hostname out of its sandboxes.
_MOUNT_ROOT_MARKERS = (
    ("/docker/containers/", "docker", "Docker's per-container files"),
    ("/overlay-containers/", "podman", "Podman/CRI-O container storage"),
    ("/io.containerd.grpc.v1.cri/sandboxes/", "containerd", "a containerd (CRI) pod sandbox"),
    ("/kubelet/pods/", "kubernetes", "a kubelet pod directory"),
)
# cgroup v1 paths, and v2 paths where the cgroup namespace is the host's:
# /docker/<id>, /system.slice/docker-<id>.scope, /kubepods/..., cri-containerd-<id>.scope,
# crio-<id>.scope, /libpod_parent/libpod-<id>, /lxc/<name> or lxc.payload.<name>.
_CGROUP_MARKERS = (
    (re.compile(r"/docker[/-][0-9a-f]{12,}"), "docker"),
    (re.compile(r"kubepods"), "kubernetes"),
    (re.compile(r"cri-containerd-"), "containerd"),
    (re.compile(r"crio-"), "cri-o"),
    (re.compile(r"libpod"), "podman"),
    (re.compile(r"/lxc[/.]|lxc\.payload"), "lxc"),
)
_SIZE_OPTION = lazy_compile(r"(?:^|,)size=(\d+)([kmg]?)(?:,|$)")
_REQUIRE_CUDA = lazy_compile(r"cuda>=(\d+\.\d+)")
_CDI_NVIDIA_KIND = lazy_compile(r"""^[ \t]*"?kind"?[ \t]*:[ \t]*"?nvidia\.com/gpu"?""", re.MULTILINE)
_CDI_LIBCUDA = lazy_compile(r"libcuda\.so\.(\d+\.\d+(?:\.\d+)?)")


class Mount(Struct, frozen=True):
    """One /proc/self/mountinfo line: what is mounted (root within its file system) where, and how."""

    root: str
    mount_point: str
    fs_type: str
    source: str
    super_options: str


class Marker(Struct, frozen=True):
    source: str  # "/.dockerenv", "/proc/1/cgroup", "mountinfo", "KUBERNETES_SERVICE_HOST", ...
    detail: str
    engine: str | None  # the engine (or "kubernetes") it names; None for a hint that names none
    strong: bool  # confirms a container by itself


class SharedMemory(Struct, frozen=True):
    size_bytes: int | None  # None when unlimited or unknown
    unlimited: bool
    source: str  # "mountinfo" | "df"


class GpuRequest(Struct, frozen=True):
    """What NVIDIA_VISIBLE_DEVICES asked the NVIDIA runtime for."""

    value: str | None
    kind: str  # "unset" | "void" | "none" | "all" | "list"
    ids: tuple[str, ...] = ()  # indices, GPU-/MIG- UUIDs


class CdiSpec(Struct, frozen=True):
    path: str
    nvidia: bool  # declares the kind nvidia.com/gpu
    driver_version: str | None = None  # the driver whose libraries it lists (libcuda.so.<version>)
    error: str | None = None


class EngineFacts(Struct, frozen=True):
    """Docker / Podman on this machine (outside a container)."""

    docker: tuple[str, ...] = ()
    podman: tuple[str, ...] = ()
    docker_runtimes: tuple[str, ...] | None = None  # None when `docker info` gave no answer
    docker_info_problem: str | None = None  # "permission-denied" | "daemon-unreachable" | "timeout" | "failed"
    docker_info_message: str = ""
    runtime_hook: tuple[str, ...] = ()  # nvidia-container-runtime-hook on PATH
    nvidia_ctk: tuple[str, ...] = ()
    cdi_specs: tuple[CdiSpec, ...] = ()


class ContainerFacts(Struct, frozen=True):
    confidence: str  # "confirmed" | "marker-only" | "none"
    markers: tuple[Marker, ...] = ()
    counter_evidence: tuple[str, ...] = ()  # what speaks against a container when only hints were seen
    engine: str | None = None  # "docker" | "podman" | "containerd" | "cri-o" | "lxc"
    kubernetes: bool = False
    podman_engine: str | None = None  # /run/.containerenv engine="podman-5.6.2"
    rootless: bool | None = None
    gpu_request: GpuRequest | None = None
    driver_capabilities: str | None = None
    device_nodes: tuple[str, ...] = ()  # /dev entries starting with "nvidia"
    device_error: str | None = None
    shm: SharedMemory | None = None
    image_cuda: str | None = None  # "13.0.2"
    image_cuda_source: str | None = None  # "CUDA_VERSION" | "NVIDIA_REQUIRE_CUDA" | "/usr/local/cuda/version.json"
    require_cuda: str | None = None  # NVIDIA_REQUIRE_CUDA as set
    cuda_compat_libs: tuple[str, ...] = ()
    engines: EngineFacts | None = None  # only outside a confirmed container

    @property
    def in_container(self) -> bool:
        return self.confidence == "confirmed"

    @property
    def label(self) -> str | None:
        """'Docker container', 'Kubernetes pod (containerd)', or None outside a container."""
        if not self.in_container:
            return None
        engine = ENGINE_NAMES.get(self.engine or "", self.engine)
        if self.kubernetes:
            return f"Kubernetes pod ({engine})" if engine else "Kubernetes pod"
        return f"{engine} container" if engine else "container (engine unknown)"

    @property
    def header(self) -> str | None:
        """The report header's line: the container, or the hint that was not trusted; None on a plain host."""
        seen = ", ".join(dict.fromkeys(m.source for m in self.markers))
        if self.in_container:
            return f"{self.label} (seen: {seen})"
        if self.confidence == "marker-only":
            return f"probably built from a container image, not running in one (marker only: {seen})"
        return None

    @property
    def gpu_device_nodes(self) -> tuple[str, ...]:
        """/dev/nvidia0, /dev/nvidia1 ...: one per GPU handed in (numbered as on the host)."""
        return tuple(node for node in self.device_nodes if re.fullmatch(r"nvidia\d+", node))


def parse_mountinfo(text: str) -> tuple[Mount, ...]:
    """proc(5): 'ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS'."""
    mounts = []
    for line in text.splitlines():
        left, separator, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if not separator or len(fields) < 5 or len(tail) < 2:
            continue
        mounts.append(Mount(_unescape(fields[3]), _unescape(fields[4]), tail[0], tail[1],
                            tail[2] if len(tail) > 2 else ""))
    return tuple(mounts)


def _unescape(field: str) -> str:
    """mountinfo writes space, tab, newline and backslash as octal escapes (\\040 ...)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def size_of_option(options: str) -> int | None:
    """'rw,nosuid,size=65536k' -> 67108864 bytes; the kernel prints tmpfs sizes in KiB."""
    match = _SIZE_OPTION.search(options)
    if not match:
        return None
    return int(match.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[match.group(2)]


def parse_df_kib(text: str) -> int | None:
    """The 1K-blocks column of `df -k` (the fifth field from the end, also when a long name wraps)."""
    lines = [line.split() for line in text.strip().splitlines()[1:]]
    try:
        return int(lines[-1][-5]) * 1024
    except (IndexError, ValueError):
        return None


def parse_gpu_request(value: str | None) -> GpuRequest:
    """NVIDIA_VISIBLE_DEVICES as the NVIDIA Container Toolkit reads it:
    https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"""
    text = (value or "").strip()
    if value is None:
        return GpuRequest(value, "unset")
    if text in ("", "void"):
        return GpuRequest(value, "void")
    if text in ("none", "all"):
        return GpuRequest(value, text)
    return GpuRequest(value, "list", tuple(part.strip() for part in text.split(",") if part.strip()))


def _mount_markers(mounts: tuple[Mount, ...]) -> list[Marker]:
    markers: list[Marker] = []
    for needle, engine, what in _MOUNT_ROOT_MARKERS:
        mount = next((m for m in mounts if needle in m.root), None)
        if mount:
            markers.append(Marker("mountinfo", f"{mount.mount_point} comes from {what} ({mount.root})", engine, True))
    root = next((m for m in reversed(mounts) if m.mount_point == "/"), None)
    if root and root.fs_type == "overlay":
        if "/var/lib/docker/overlay2/" in root.super_options:
            markers.append(Marker("mountinfo", "the root file system is a Docker overlay2 layer", "docker", True))
        elif "io.containerd.snapshotter" in root.super_options:
            markers.append(Marker("mountinfo", "the root file system is a containerd snapshot", "containerd", True))
        else:
            markers.append(Marker("mountinfo", "the root file system is an overlay", None, False))
    return markers


def _cgroup_markers(text: str) -> list[Marker]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    markers = []
    for pattern, engine in _CGROUP_MARKERS:
        line = next((line for line in lines if pattern.search(line)), None)
        if line:
            markers.append(Marker("/proc/1/cgroup", line, engine, True))
    if not markers and lines and all(line.endswith(":/") for line in lines):
        markers.append(Marker("/proc/1/cgroup", "PID 1 is at the root of its own cgroup namespace (0::/)", None, False))
    return markers


def _containerenv(host: Host) -> tuple[list[Marker], dict[str, str]]:
    """Podman writes /run/.containerenv into every container (key="value" lines; empty unless
    --privileged in Podman 4.x, recorded with podman 4.3.1)."""
    result = host.read_file("/run/.containerenv", limit=4096)
    if not result.ok:
        return [], {}
    fields = dict(re.findall(r'^(\w+)="?([^"\n]*)"?$', result.text or "", re.MULTILINE))
    detail = f'engine="{fields["engine"]}"' if "engine" in fields else "present (empty)"
    return [Marker("/run/.containerenv", detail, "podman", True)], fields


def _kubernetes_markers(host: Host) -> list[Marker]:
    markers = []
    service = host.env("KUBERNETES_SERVICE_HOST")
    if service:
        markers.append(Marker("KUBERNETES_SERVICE_HOST", f"set ({service})", "kubernetes", True))
    if host.list_dir(SERVICE_ACCOUNT_DIR).ok:
        markers.append(Marker(SERVICE_ACCOUNT_DIR, "a service account token is mounted", "kubernetes", True))
    return markers


def _engine(markers: list[Marker], kubernetes: bool) -> str | None:
    named = {m.engine for m in markers if m.strong and m.engine and m.engine != "kubernetes"}
    if "podman" in named and kubernetes:
        return "cri-o"  # CRI-O shares Podman's container storage and /run/.containerenv
    # Docker 29 keeps images in containerd's snapshotter; its bind mounts still say Docker.
    return next((engine for engine in ("docker", "podman", "cri-o", "containerd", "lxc") if engine in named), None)


def _counter_evidence(mounts: tuple[Mount, ...], cgroup: str) -> tuple[str, ...]:
    found = []
    root = next((m for m in reversed(mounts) if m.mount_point == "/"), None)
    if root and root.fs_type != "overlay":
        found.append(f"the root file system is {root.fs_type} on {root.source}, as on a machine or VM "
                     "(container engines mount an overlay)")
    first = cgroup.strip().splitlines()[:1]
    if first and not first[0].endswith(":/"):
        found.append(f"PID 1's cgroup is {first[0].split(':', 2)[-1]}, a path no container engine uses")
    return tuple(found)


def _shared_memory(host: Host, mounts: tuple[Mount, ...]) -> SharedMemory | None:
    shm = next((m for m in reversed(mounts) if m.mount_point == "/dev/shm"), None)  # the last mount wins
    if shm and shm.fs_type == "tmpfs":
        size = size_of_option(shm.super_options)
        return SharedMemory(size, unlimited=size is None, source="mountinfo")
    df = host.run(["df", "-k", "/dev/shm"])
    size = parse_df_kib(df.text) if df.ok else None
    return SharedMemory(size, unlimited=False, source="df") if size is not None else None


def _image_cuda(host: Host) -> tuple[str | None, str | None, str | None]:
    """(version, source, NVIDIA_REQUIRE_CUDA) of the CUDA the image carries; nvidia/cuda images set
    CUDA_VERSION=13.0.2 and NVIDIA_REQUIRE_CUDA="cuda>=13.0 brand=..." (recorded on the two-H200 host)."""
    require = host.env("NVIDIA_REQUIRE_CUDA")
    cuda_version = host.env("CUDA_VERSION")
    if cuda_version:
        return cuda_version, "CUDA_VERSION", require
    version_json = host.read_file("/usr/local/cuda/version.json", limit=1 << 16)
    if version_json.ok:
        try:
            return str(json.loads(version_json.text or "")["cuda"]["version"]), "/usr/local/cuda/version.json", require
        except (ValueError, KeyError, TypeError, RecursionError):
            pass
    match = _REQUIRE_CUDA.search(require or "")
    return (match.group(1), "NVIDIA_REQUIRE_CUDA", require) if match else (None, None, require)


def _cdi_spec(host: Host, path: str) -> CdiSpec:
    result = host.read_file(path)
    if not result.ok:
        return CdiSpec(path, nvidia=False, error=result.error)
    text = result.text or ""
    nvidia = bool(_CDI_NVIDIA_KIND.search(text)) or '"kind":"nvidia.com/gpu"' in text.replace(" ", "")
    version = _CDI_LIBCUDA.search(text)
    return CdiSpec(path, nvidia=nvidia, driver_version=version.group(1) if version else None)


def _docker_info(host: Host) -> tuple[tuple[str, ...] | None, str | None, str]:
    """The runtimes Docker knows; with no daemon Docker 28 prints `null` and the reason on stderr."""
    result = host.run(["docker", "info", "--format", "{{json .Runtimes}}"], timeout=DOCKER_INFO_TIMEOUT)
    message = (result.error_text.strip().splitlines() or [""])[-1]
    if result.error == "timeout":
        return None, "timeout", f"no answer within {DOCKER_INFO_TIMEOUT:g} s"
    if result.error:
        return None, "failed", result.error
    lowered = message.lower()
    if "permission denied" in lowered:
        return None, "permission-denied", message
    if "cannot connect to the docker daemon" in lowered or "is the docker daemon running" in lowered:
        return None, "daemon-unreachable", message
    try:
        runtimes = json.loads(result.text)
    except (ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        runtimes = None
    if result.returncode != 0 or not isinstance(runtimes, dict):
        return None, "failed", message or f"exit code {result.returncode}"
    return tuple(sorted(runtimes)), None, ""


def _engines(host: Host) -> EngineFacts:
    docker, podman = host.which_all("docker"), host.which_all("podman")
    runtimes, problem, message = _docker_info(host) if docker else (None, None, "")
    specs = sorted({path for pattern in CDI_SPEC_GLOBS for path in host.glob(pattern)})
    return EngineFacts(
        docker=docker,
        podman=podman,
        docker_runtimes=runtimes,
        docker_info_problem=problem,
        docker_info_message=message,
        runtime_hook=host.which_all("nvidia-container-runtime-hook"),
        nvidia_ctk=host.which_all("nvidia-ctk"),
        cdi_specs=tuple(_cdi_spec(host, path) for path in specs),
    )


def _gpu_request(host: Host) -> GpuRequest:
    """A device plugin using the volume-mounts strategy points NVIDIA_VISIBLE_DEVICES at a directory
    (/var/run/nvidia-container-devices) whose entries are the device ids."""
    request = parse_gpu_request(host.env("NVIDIA_VISIBLE_DEVICES"))
    if request.kind == "list" and len(request.ids) == 1 and request.ids[0].startswith("/"):
        listing = host.list_dir(request.ids[0])
        return GpuRequest(request.value, "list", tuple(listing.entries or ()))
    return request


@provides("container", not_seen=NotSeen("whether this runs in a container was not recorded", "cat /proc/1/cgroup"))
def probe_container(host: Host, facts) -> ContainerFacts:
    mounts = parse_mountinfo(host.read_file("/proc/self/mountinfo").text or "")
    cgroup = host.read_file("/proc/1/cgroup", limit=1 << 16).text or ""
    podman_markers, containerenv = _containerenv(host)
    markers = [*podman_markers, *_mount_markers(mounts), *_cgroup_markers(cgroup), *_kubernetes_markers(host)]
    if host.read_file("/.dockerenv", limit=64).ok:
        markers.insert(0, Marker("/.dockerenv", "present", "docker", False))
    kubernetes = any(m.engine == "kubernetes" and m.strong for m in markers)
    if any(m.strong for m in markers):
        confidence = "confirmed"
    else:
        confidence = "marker-only" if markers else "none"
    if confidence != "confirmed":
        counter = _counter_evidence(mounts, cgroup) if markers else ()
        return ContainerFacts(confidence, tuple(markers), counter_evidence=counter, engines=_engines(host))
    devices = host.list_dir("/dev")
    image_cuda, image_cuda_source, require = _image_cuda(host)
    return ContainerFacts(
        confidence,
        tuple(markers),
        engine=_engine(markers, kubernetes),
        kubernetes=kubernetes,
        podman_engine=containerenv.get("engine"),
        rootless=containerenv["rootless"] == "1" if "rootless" in containerenv else None,
        gpu_request=_gpu_request(host),
        driver_capabilities=host.env("NVIDIA_DRIVER_CAPABILITIES"),
        device_nodes=tuple(e for e in devices.entries or () if e.startswith("nvidia")),
        device_error=devices.error,
        image_cuda=image_cuda,
        image_cuda_source=image_cuda_source,
        require_cuda=require,
        cuda_compat_libs=host.glob(CUDA_COMPAT_GLOB),
        shm=_shared_memory(host, mounts),
    )


def container_label(facts) -> str | None:
    """For a check: 'Docker container' and the like when gpudoctor runs in one (where the host's kernel
    is out of reach), else None; a failed container probe is None too, so that it stops no check."""
    try:
        container = facts.container
    except Exception:  # the probe's failure is its own finding; here it only means "not known to be in one"
        return None
    return container.label if container is not None else None
