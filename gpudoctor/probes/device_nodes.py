"""The device files CUDA opens, who may open them, and what happens to them across suspend.

CUDA needs /dev/nvidiactl, one /dev/nvidiaN per GPU and /dev/nvidia-uvm (created when the
nvidia_uvm module loads, by nvidia-modprobe or udev). NVML alone needs no nvidia-uvm, so
`nvidia-smi` can list every GPU while every CUDA program (Ollama's runner, PyTorch) falls back
to the CPU. The systemd units nvidia-suspend/-resume/-hibernate and the module parameter
NVreg_PreserveVideoMemoryAllocations decide whether the GPU survives a suspend
(NVIDIA driver README, "Configuring Power Management Support").
"""

from __future__ import annotations

from msgspec import Struct

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides

DEVICE_GLOB = "/dev/nvidia*"
SELF_STATUS = "/proc/self/status"
UNIT_DIRS = ("/etc/systemd/system", "/run/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system")
SUSPEND_UNITS = ("nvidia-suspend.service", "nvidia-resume.service", "nvidia-hibernate.service")
OLLAMA_UNIT = "ollama.service"
_UNIT_PROPERTIES = ("LoadState", "FragmentPath", "User", "Group", "SupplementaryGroups", "After", "Requires", "Wants")
# stat(1) format: name, octal mode, owner uid, group gid, file type.
_STAT_FORMAT = "%n\t%a\t%u\t%g\t%F"


class DeviceNode(Struct, frozen=True):
    path: str
    mode: int  # permission bits, e.g. 0o666
    uid: int
    gid: int
    kind: str  # "character special file"


class Account(Struct, frozen=True):
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


class ServiceUnit(Struct, frozen=True):
    name: str
    path: str
    user: str | None  # User= (None: root)
    groups: tuple[str, ...]  # Group= and SupplementaryGroups=
    after: tuple[str, ...]
    requires: tuple[str, ...]  # Requires= and Wants=


class DeviceNodeFacts(Struct, frozen=True):
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
    """The unit as systemd resolved it (file and drop-ins): only the properties read here, so no
    Environment= line (which may hold secrets) reaches a snapshot."""
    result = host.run(["systemctl", "show", name, *[arg for p in _UNIT_PROPERTIES for arg in ("-p", p)]], timeout=3)
    if not result.ok:
        return None
    values = {}
    for line in result.text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key] = value.strip()
    if values.get("LoadState") != "loaded":
        return None
    return ServiceUnit(
        name=name, path=values.get("FragmentPath") or name, user=values.get("User") or None,
        groups=tuple((values.get("Group", "") + " " + values.get("SupplementaryGroups", "")).split()),
        after=tuple(values.get("After", "").split()),
        requires=tuple((values.get("Requires", "") + " " + values.get("Wants", "")).split()),
    )


def _account(host: Host, name: str, extra_groups: tuple[str, ...]) -> Account | None:
    """A user's uid and groups from `id` and `getent group` (one line each: never the whole
    /etc/passwd or /etc/group, which list every account of the machine)."""
    uid = host.run(["id", "-u", name], timeout=2)
    gids = host.run(["id", "-G", name], timeout=2)
    if not (uid.ok and uid.text.strip().isdigit()):
        return None
    groups = {int(g) for g in gids.text.split() if g.isdigit()} if gids.ok else set()
    for group in extra_groups:
        entry = host.run(["getent", "group", group], timeout=2)
        parts = entry.text.strip().split(":") if entry.ok else []
        if len(parts) >= 3 and parts[2].isdigit():
            groups.add(int(parts[2]))
    return Account(name, int(uid.text.strip()), tuple(sorted(groups)))


def _suspend_units(host: Host) -> tuple[tuple[str, ...], tuple[str, ...]]:
    installed = {unit for unit in SUSPEND_UNITS for d in UNIT_DIRS[1:] if host.glob(f"{d}/{unit}")}
    installed |= {unit for unit in SUSPEND_UNITS if host.glob(f"/etc/systemd/system/{unit}")}
    enabled = {path.rsplit("/", 1)[-1] for path in host.glob("/etc/systemd/system/*.wants/nvidia-*.service")}
    return tuple(sorted(installed)), tuple(sorted(enabled & set(SUSPEND_UNITS)))


@provides("device_nodes")
def probe_device_nodes(host: Host, facts) -> DeviceNodeFacts | NotSeen:
    kind = facts.get("platform").kind
    if kind in ("windows", "wsl"):  # WSL 2 reaches the GPU through /dev/dxg, not /dev/nvidia*
        return DeviceNodeFacts(error=f"not applicable on {kind}")
    if host.read_file(SELF_STATUS, limit=8192).error == NOT_RECORDED:  # a paste, or a snapshot older than this probe
        return NotSeen("the device files (/dev/nvidia*) and their permissions were not recorded", "ls -l /dev/nvidia*")
    nodes, listing_error = _nodes(host)
    unit = _unit(host, OLLAMA_UNIT)
    ollama_user = _account(host, unit.user or "root", unit.groups) if unit else None
    installed, enabled = _suspend_units(host)
    return DeviceNodeFacts(
        error=None, nodes=nodes, listing_error=listing_error, current_user=_current_user(host),
        ollama_unit=unit, ollama_user=ollama_user,
        suspend_units_installed=installed, suspend_units_enabled=enabled,
    )
