"""The device files CUDA opens, who may open them, and what happens to them across suspend.

CUDA needs /dev/nvidiactl, one /dev/nvidiaN per GPU and /dev/nvidia-uvm (created when the
nvidia_uvm module loads, by nvidia-modprobe or udev). NVML alone needs no nvidia-uvm, so
`nvidia-smi` can list every GPU while every CUDA program (Ollama's runner, PyTorch) falls back
to the CPU. The systemd units nvidia-suspend/-resume/-hibernate and the module parameter
NVreg_PreserveVideoMemoryAllocations decide whether the GPU survives a suspend
(NVIDIA driver README, "Configuring Power Management Support").
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudoctor.host.base import Host

DEVICE_GLOB = "/dev/nvidia*"
SELF_STATUS = "/proc/self/status"
GROUP_FILE = "/etc/group"
PASSWD_FILE = "/etc/passwd"
UNIT_DIRS = ("/etc/systemd/system", "/run/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system")
SUSPEND_UNITS = ("nvidia-suspend.service", "nvidia-resume.service", "nvidia-hibernate.service")
OLLAMA_UNIT = "ollama.service"
# stat(1) format: name, octal mode, owner uid, group gid, file type.
_STAT_FORMAT = "%n\t%a\t%u\t%g\t%F"


@dataclass(frozen=True)
class DeviceNode:
    path: str
    mode: int  # permission bits, e.g. 0o666
    uid: int
    gid: int
    kind: str  # "character special file"


@dataclass(frozen=True)
class Account:
    """A user as far as opening device files goes."""

    name: str
    uid: int | None
    gids: tuple[int, ...]  # primary and supplementary groups

    def can_open(self, node: DeviceNode) -> bool:
        if self.uid == 0:
            return True
        if self.uid == node.uid:
            return bool(node.mode & 0o600 == 0o600)
        if node.gid in self.gids:
            return bool(node.mode & 0o060 == 0o060)
        return bool(node.mode & 0o006 == 0o006)


@dataclass(frozen=True)
class ServiceUnit:
    name: str
    path: str
    user: str | None  # User= (None: root)
    groups: tuple[str, ...]  # Group= and SupplementaryGroups=
    after: tuple[str, ...]
    requires: tuple[str, ...]  # Requires= and Wants=


@dataclass(frozen=True)
class DeviceNodeFacts:
    error: str | None  # "not applicable on windows"
    nodes: tuple[DeviceNode, ...] = ()
    listing_error: str | None = None  # why the nodes' permissions could not be read
    current_user: Account | None = None
    ollama_unit: ServiceUnit | None = None
    ollama_user: Account | None = None
    suspend_units_installed: tuple[str, ...] = ()
    suspend_units_enabled: tuple[str, ...] = ()

    def node(self, path: str) -> DeviceNode | None:
        return next((n for n in self.nodes if n.path == path), None)


def parse_stat(text: str) -> tuple[DeviceNode, ...]:
    nodes = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 5 and parts[2].isdigit() and parts[3].isdigit():
            try:
                nodes.append(DeviceNode(parts[0], int(parts[1], 8), int(parts[2]), int(parts[3]), parts[4]))
            except ValueError:
                continue
    return tuple(nodes)


def _nodes(host: Host) -> tuple[tuple[DeviceNode, ...], str | None]:
    paths = [p for p in host.glob(DEVICE_GLOB) if "/nvidia-caps" not in p]
    if not paths:
        return (), None
    result = host.run(["stat", "-c", _STAT_FORMAT, *paths], timeout=2)
    nodes = parse_stat(result.text)
    return nodes, None if nodes else (result.error or result.error_text.strip() or "stat printed nothing")


def _current_user(host: Host) -> Account | None:
    status = host.read_file(SELF_STATUS, limit=8192)
    fields = {}
    for line in (status.text or "").splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.split()
    uid = fields.get("Uid", [None])[1] if len(fields.get("Uid", [])) > 1 else None  # effective uid
    if uid is None or not uid.isdigit():
        return None
    gids = {int(g) for g in fields.get("Groups", []) + fields.get("Gid", [])[1:2] if g.isdigit()}
    name = host.env("USER") or host.env("LOGNAME") or f"uid {uid}"
    return Account(name, int(uid), tuple(sorted(gids)))


def _unit(host: Host, name: str) -> ServiceUnit | None:
    """A unit file and its drop-ins (systemctl edit writes <unit>.d/override.conf); later ones win."""
    for directory in UNIT_DIRS:
        main = host.read_file(f"{directory}/{name}", limit=65536)
        if main.ok and main.text is not None:
            texts = [main.text]
            for drop_in in host.glob(f"/etc/systemd/system/{name}.d/*.conf"):
                texts.append(host.read_file(drop_in, limit=65536).text or "")
            return _parse_unit(name, f"{directory}/{name}", texts)
    return None


def _parse_unit(name: str, path: str, texts: list[str]) -> ServiceUnit:
    values: dict[str, list[str]] = {}
    for text in texts:
        for line in text.splitlines():
            key, sep, value = line.strip().partition("=")
            if sep and not key.startswith(("#", ";")):
                if key in ("User", "Group") or not value.strip():
                    values[key] = []  # single-valued, or an empty assignment resets the list
                values.setdefault(key, []).extend(value.split())
    user = (values.get("User") or [None])[-1]
    return ServiceUnit(
        name=name, path=path, user=user,
        groups=tuple(values.get("Group", []) + values.get("SupplementaryGroups", [])),
        after=tuple(values.get("After", [])),
        requires=tuple(values.get("Requires", []) + values.get("Wants", [])),
    )


def _account(host: Host, name: str, extra_groups: tuple[str, ...]) -> Account | None:
    passwd = host.read_file(PASSWD_FILE, limit=1 << 20).text or ""
    groups = host.read_file(GROUP_FILE, limit=1 << 20).text or ""
    entry = next((line.split(":") for line in passwd.splitlines() if line.split(":")[0] == name), None)
    if entry is None or len(entry) < 4:
        return None
    gid_of = {parts[0]: int(parts[2]) for parts in (line.split(":") for line in groups.splitlines())
              if len(parts) >= 4 and parts[2].isdigit()}
    gids = {int(entry[3])} if entry[3].isdigit() else set()
    for line in groups.splitlines():
        parts = line.split(":")
        if len(parts) >= 4 and parts[2].isdigit() and name in parts[3].split(","):
            gids.add(int(parts[2]))
    gids |= {gid_of[g] for g in extra_groups if g in gid_of}
    return Account(name, int(entry[2]) if entry[2].isdigit() else None, tuple(sorted(gids)))


def _suspend_units(host: Host) -> tuple[tuple[str, ...], tuple[str, ...]]:
    installed = {unit for unit in SUSPEND_UNITS for d in UNIT_DIRS[1:] if host.glob(f"{d}/{unit}")}
    installed |= {unit for unit in SUSPEND_UNITS if host.glob(f"/etc/systemd/system/{unit}")}
    enabled = {path.rsplit("/", 1)[-1] for path in host.glob("/etc/systemd/system/*.wants/nvidia-*.service")}
    return tuple(sorted(installed)), tuple(sorted(enabled & set(SUSPEND_UNITS)))


def probe_device_nodes(host: Host, facts) -> DeviceNodeFacts:
    kind = facts.get("platform").kind
    if kind in ("windows", "wsl"):  # WSL 2 reaches the GPU through /dev/dxg, not /dev/nvidia*
        return DeviceNodeFacts(error=f"not applicable on {kind}")
    if host.read_file(SELF_STATUS, limit=8192).error == "not-recorded":  # a snapshot older than this probe
        return DeviceNodeFacts(error="not-recorded")
    nodes, listing_error = _nodes(host)
    unit = _unit(host, OLLAMA_UNIT)
    ollama_user = _account(host, unit.user or "root", unit.groups) if unit else None
    installed, enabled = _suspend_units(host)
    return DeviceNodeFacts(
        error=None, nodes=nodes, listing_error=listing_error, current_user=_current_user(host),
        ollama_unit=unit, ollama_user=ollama_user,
        suspend_units_installed=installed, suspend_units_enabled=enabled,
    )
