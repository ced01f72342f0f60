"""Answers probe calls from the machine gpudoctor runs on, and records every answer."""

from __future__ import annotations

import glob as globlib
import os
import platform
import shutil
import signal
import subprocess
import sys
import threading
from typing import Any, Callable, Sequence

from gpudoctor.host.answers import CallResult, CommandResult, FileResult, HttpResult, SystemInfo
from gpudoctor.host.base import Host, call_key

# After a timeout the child is killed; a process stuck in the kernel (a hung GPU driver) may
# not die at once, and waiting for it would hang us too: give it this long, then abandon it.
_KILL_GRACE = 1.0
# What a command's output may keep, per stream: nvidia-smi -q -x of two H200s is 54 KB, Ollama's
# last 3000 journal lines a megabyte or two; the end of a log matters more than its start.
OUTPUT_HEAD = 512 << 10
OUTPUT_TAIL = 1536 << 10
_CHUNK = 1 << 16
# The longest cuInit waits for NVML's own start (about 20 ms on the lent two-H100 VM).
NVML_FIRST_S = 0.5
# The answer to each question of a trip to NVML's thread that raised instead of answering (never recorded).
_TRIP_FAILED = CallResult(error="NVML_ERROR_UNKNOWN: the call to NVML's thread failed")


class LiveHost(Host):
    """`quick` (`check --quick`): the CUDA driver is never initialised; what only it shows is NOT_ASKED."""

    def __init__(self, quick: bool = False) -> None:
        super().__init__()
        self.quick = quick
        self._nvml: Any = None
        self._native: Any = None
        self._sessions_lock = threading.Lock()

    def _lookup(self, kind: str, args: list, key: str, compute: Callable[[], Any]) -> Any:
        return compute()


    # -- commands --------------------------------------------------------------------------
    def _live_run(self, argv: Sequence[str], timeout: float) -> CommandResult:
        return run_command(list(argv), timeout)

    def _live_run_python(self, module: str, args: list, timeout: float, python: str | None,
                         on_line: Callable[[str], None] | None) -> CommandResult:
        return run_command([python or sys.executable, "-m", module, *args], timeout, on_line)

    # -- files -------------------------------------------------------------------------------
    def _live_read_file(self, path: str, limit: int, tail: bool) -> FileResult:
        try:
            with open(path, "rb") as handle:
                if tail:
                    size = os.fstat(handle.fileno()).st_size
                    if size > limit:
                        handle.seek(size - limit)
                return FileResult(data=handle.read(limit))
        except OSError as exc:
            return FileResult(error=_os_error(exc))

    def _live_list_dir(self, path: str) -> FileResult:
        try:
            return FileResult(entries=tuple(sorted(os.listdir(path))))
        except OSError as exc:
            return FileResult(error=_os_error(exc))

    def _live_glob(self, pattern: str) -> tuple[str, ...]:
        return tuple(sorted(globlib.glob(pattern)))

    def _live_resolve(self, path: str) -> str | None:
        return os.path.realpath(path) if os.path.exists(path) else None

    def _live_which_all(self, name: str) -> tuple[str, ...]:
        found: list[str] = []
        for directory in os.environ.get("PATH", "").split(os.pathsep):
            candidate = shutil.which(name, path=directory) if directory else None
            if candidate and candidate not in found:
                found.append(candidate)
        return tuple(found)

    def _live_env(self, name: str) -> str | None:
        return os.environ.get(name)

    # -- libraries ---------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Start NVML's initialisation now and the CUDA driver's cuInit as soon as NVML is up, in the
        background, so that both overlap with loading the checks.

        Inside one process NVML and cuInit wait for each other: in the lent two-H100 VM an NVML call made
        while cuInit ran (0.42-0.46 s there) returned only when cuInit did (bench/nvml_beside_cuinit.py).
        Letting NVML's own start (pynvml's import and nvmlInit, about 20 ms) finish first gave the shortest
        check of the orders measured: 0.67 s median against 0.75 s for both at once and 0.76-0.80 s for
        NVML's whole inventory first (10 interleaved runs each). cuInit waits at most NVML_FIRST_S: a hung
        NVML must not hold the CUDA driver's view back.
        """
        self._nvml_session().warm_up()
        if not self.quick:
            threading.Thread(target=self._cuda_after_nvml, name="cuInit after NVML", daemon=True).start()

    def _cuda_after_nvml(self) -> None:
        starting = threading.Thread(target=self.nvml, args=("nvmlInit",), name="NVML start", daemon=True)
        starting.start()
        starting.join(NVML_FIRST_S)
        self._native_session().warm_up()

    def _nvml_session(self) -> Any:
        with self._sessions_lock:
            if self._nvml is None:
                from gpudoctor.host import nvml_child
                from gpudoctor.host.nvml import NvmlSession

                child, helper = nvml_child.take()
                self._nvml = NvmlSession(child=child, helper=helper)
            return self._nvml

    def _native_session(self) -> Any:
        with self._sessions_lock:
            if self._native is None:
                from gpudoctor.host import cuda_child
                from gpudoctor.host.native import NativeSession

                self._native = NativeSession(init_cuda=not self.quick, child=None if self.quick else cuda_child.take())
            return self._native

    def _live_nvml(self, function: str, args: tuple) -> CallResult:
        return self._nvml_session().call(function, args)

    def nvml_many(self, calls: Sequence[tuple]) -> list[CallResult]:
        # Each hand-over to NVML's thread costs a thread switch, which other busy probe threads can stretch to
        # milliseconds: what no one has asked yet is fetched in one trip. Those questions are claimed first, so
        # that a probe asking while the early inventory (gpudoctor/probes/gpus.py, ask_early) is in flight waits
        # for its answers instead of asking NVML again.
        calls = [tuple(call) for call in calls]
        keys = {call: call_key("nvml", list(call)) for call in calls}
        claimed = set(self._claim(keys.values()))
        asked = [call for call in dict.fromkeys(calls) if keys[call] in claimed]
        fetched: dict[tuple, CallResult] = {}
        try:
            if asked:
                fetched = dict(zip(asked, self._nvml_session().call_many(asked)))
        finally:
            for call in asked:  # settled even when the trip failed, so that no other thread waits for ever
                answer = fetched.get(call)
                self._settle("nvml", list(call), keys[call], answer or _TRIP_FAILED, looked_up=answer is not None)
        return [self.nvml(*call) for call in calls]

    def _live_native(self, function: str, args: tuple) -> CallResult:
        return self._native_session().call(function, args)

    # -- network and system ------------------------------------------------------------------
    def _live_http_get(self, url: str, timeout: float) -> HttpResult:
        from gpudoctor.host.http_get import http_get  # imported here: only the Ollama probe asks

        return http_get(url, timeout)

    def _live_system(self) -> SystemInfo:
        extra: dict[str, Any] = {"logical_cpus": os.cpu_count(), **node_names()}
        if sys.platform == "win32":
            extra["windows_build"] = sys.getwindowsversion().build  # type: ignore[attr-defined]
        elif sys.platform.startswith("linux"):
            extra["distro"] = _linux_distribution()
        memory = _memory_bytes()
        if memory:
            extra["memory_bytes"] = memory
        return SystemInfo(
            sys_platform=sys.platform,
            os_release=platform.release(),
            os_version=platform.version(),
            machine=platform.machine(),
            python_version=platform.python_version(),
            extra=extra,
        )

    def _live_addresses(self) -> tuple[str, ...]:
        import socket

        try:
            import psutil

            interfaces = psutil.net_if_addrs()
        except Exception:  # psutil cannot list interfaces here: only loopback counts as local
            return ()
        families = (socket.AF_INET, socket.AF_INET6)
        return tuple(sorted({a.address.split("%")[0] for addrs in interfaces.values() for a in addrs
                             if a.family in families}))

    def close(self) -> None:
        if self._nvml is not None:
            self._nvml.close()


def _linux_distribution() -> dict[str, str]:
    """The distribution as /etc/os-release (or /usr/lib/os-release) names it, through the standard
    library; {} on a system without one (none that runs a current NVIDIA driver: systemd requires it)."""
    import platform

    try:
        release = platform.freedesktop_os_release()
    except OSError:
        return {}
    return {"id": release.get("ID", ""), "version": release.get("VERSION_ID", ""),
            "name": release.get("PRETTY_NAME") or release.get("NAME", "")}


def _memory_bytes() -> int | None:
    """Physical memory: MemTotal, from the C library where it answers (what psutil reads on Linux, without
    psutil's import, 0.03-0.05 s of a live check there); psutil elsewhere (Windows)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows) or no such name here
        pass
    try:
        import psutil

        return psutil.virtual_memory().total
    except Exception:  # psutil missing or unsupported here: the header simply omits memory
        return None


# systemd's machine-id(5): the ID "should be considered confidential"; applications that need
# a stable identifier should hash it with a keyed hash and an application-specific key, as
# sd_id128_get_machine_app_specific() does. The raw ID never leaves this process.
_MACHINE_ID_KEY = b"gpudoctor node identity"


def _machine_id() -> str | None:
    """/etc/machine-id on Linux and WSL, the MachineGuid the Windows installer writes on Windows."""
    if sys.platform == "win32":
        try:
            import winreg

            with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"SOFTWARE\Microsoft\Cryptography",
                                0, winreg.KEY_READ | winreg.KEY_WOW64_64KEY) as key:
                return str(winreg.QueryValueEx(key, "MachineGuid")[0]).strip() or None
        except OSError:
            return None
    for path in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        try:
            with open(path, encoding="ascii", errors="replace") as handle:
                text = handle.read(64).strip()
        except OSError:
            continue
        if text:
            return text
    return None


# The board's product UUID (SMBIOS system UUID): unlike /etc/machine-id it is not copied with a
# VM image or baked into a container image. The kernel makes the file readable by root alone.
PRODUCT_UUID = "/sys/class/dmi/id/product_uuid"
# Set by the Kubernetes recipes from the downward API (spec.nodeName): inside a pod the host name
# is the pod's, not the node's (deploy/kubernetes/).
KUBERNETES_NODE_VARIABLE = "GPUDOCTOR_NODE_NAME"


def _keyed_hash(raw: str | None) -> str | None:
    import hashlib
    import hmac

    return hmac.new(raw.encode(), _MACHINE_ID_KEY, hashlib.sha256).hexdigest()[:32] if raw else None


def _product_uuid() -> tuple[str | None, str | None]:
    """(the UUID, why it could not be read); both None where the machine has no DMI tables."""
    if not sys.platform.startswith("linux"):
        return None, None
    try:
        with open(PRODUCT_UUID, encoding="ascii", errors="replace") as handle:
            text = handle.read(64).strip()
    except FileNotFoundError:
        return None, None  # no DMI tables (a Firecracker VM, WSL)
    except PermissionError:
        return None, f"{PRODUCT_UUID} is readable by root only: run as root to key the node by its board"
    except OSError as exc:
        return None, f"{PRODUCT_UUID}: {exc.strerror or exc}"
    return text or None, None


def node_names() -> dict[str, Any]:
    """The names a node goes by, for the report's node identity: host name, keyed hashes of the
    machine ID and of the board's product UUID (the raw IDs never leave this process), and the
    Kubernetes node the pod runs on."""
    import socket

    product_uuid, unreadable = _product_uuid()
    return {"hostname": socket.gethostname() or None, "machine_id_hash": _keyed_hash(_machine_id()),
            "product_uuid_hash": _keyed_hash(product_uuid), "product_uuid_unreadable": unreadable,
            "kubernetes_node": os.environ.get(KUBERNETES_NODE_VARIABLE) or None}


# Every command gpudoctor starts carries this variable, naming gpudoctor's process; its descendants inherit
# it. A helper that daemonises (setsid, a double fork) leaves its process group and its parent, so neither
# the group nor the process tree finds it once its parent has exited: the mark does (end_left_helpers).
HELPER_MARK = "GPUDOCTOR_HELPER_OF"
_helpers_started = False


def _helper_environment() -> dict[str, str]:
    return {**os.environ, HELPER_MARK: str(os.getpid())}


def end_left_helpers() -> int:
    """Kill every process still carrying this gpudoctor's mark (Linux, through /proc); how many there were.
    Called as gpudoctor leaves: whatever a command started and left running would otherwise outlive it."""
    if not _helpers_started or not os.path.isdir("/proc/self"):
        return 0
    mark = f"\0{HELPER_MARK}={os.getpid()}\0".encode()
    ended = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as handle:
                environment = b"\0" + handle.read(1 << 20) + b"\0"
            if mark in environment:
                os.kill(int(entry), signal.SIGKILL)
                ended += 1
        except OSError:  # gone meanwhile, or another user's process (not ours: it cannot carry our mark)
            continue
    return ended


def run_command(argv: list[str], timeout: float, on_line: Callable[[str], None] | None = None) -> CommandResult:
    """Run argv without a shell; never wait longer than `timeout` (plus a short kill grace).

    `on_line` is called with each line of standard output as it arrives (the `--deep` worker
    reports progress this way); the whole output is returned all the same.
    """
    global _helpers_started
    posix = os.name == "posix"
    _helpers_started = True
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=posix,
            creationflags=0 if posix else subprocess.CREATE_NEW_PROCESS_GROUP,  # type: ignore[attr-defined]
            env=_helper_environment(),
        )
    except FileNotFoundError:
        return CommandResult(returncode=None, error="not-found")
    except OSError as exc:
        return CommandResult(returncode=None, error=_os_error(exc))
    stdout, stderr = BoundedOutput(), BoundedOutput()
    readers = [
        threading.Thread(target=_read_stream, args=(proc.stdout, stdout, on_line), daemon=True),
        threading.Thread(target=_read_stream, args=(proc.stderr, stderr, None), daemon=True),
    ]
    for reader in readers:
        reader.start()
    error = None
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        error = "timeout"
        _kill_tree(proc, posix)
        try:
            proc.wait(timeout=_KILL_GRACE)
        except subprocess.TimeoutExpired:  # stuck in the kernel: abandon it
            pass
    for reader in readers:
        # A grandchild may still hold the pipes open after the child exited: do not wait on it.
        reader.join(timeout=_KILL_GRACE)
    if any(reader.is_alive() for reader in readers):
        _kill_tree(proc, posix)  # nor leave it running: it is in the child's own session
    returncode = None if error else proc.returncode
    return CommandResult(returncode=returncode, stdout=stdout.value(), stderr=stderr.value(), error=error)


class BoundedOutput:
    """The first OUTPUT_HEAD and the last OUTPUT_TAIL bytes of a stream, with a marker saying how much
    was cut between them: a tool that prints 60 MB (or `yes` on PATH) must not fill memory or a snapshot."""

    def __init__(self, head: int = OUTPUT_HEAD, tail: int = OUTPUT_TAIL) -> None:
        self._head_limit, self._tail_limit = head, tail
        self._head, self._tail = bytearray(), bytearray()
        self._cut = 0
        self._lock = threading.Lock()

    def add(self, chunk: bytes) -> None:
        with self._lock:
            room = self._head_limit - len(self._head)
            if room > 0:
                self._head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self._tail += chunk
                excess = len(self._tail) - self._tail_limit
                if excess > 0:
                    del self._tail[:excess]  # cheap: CPython moves the start of a bytearray, not its bytes
                    self._cut += excess

    def value(self) -> bytes:
        with self._lock:
            if not self._cut:
                return bytes(self._head + self._tail)
            marker = f"\n[gpudoctor: {self._cut} bytes of output cut here]\n".encode()
            return bytes(self._head) + marker + bytes(self._tail)


def _read_stream(stream, sink: BoundedOutput, on_line: Callable[[str], None] | None) -> None:
    """Read in chunks, not lines: one 60 MB line must not be held whole."""
    partial = bytearray()
    try:
        while chunk := stream.read1(_CHUNK):
            sink.add(chunk)
            if on_line is not None:
                partial += chunk
                *lines, rest = partial.split(b"\n")
                partial = bytearray(rest[-_CHUNK:])  # a line longer than that is shown by its end
                for line in lines:
                    on_line(line.decode("utf-8", errors="replace").rstrip("\r"))
        if on_line is not None and partial:
            on_line(partial.decode("utf-8", errors="replace").rstrip("\r"))
    except (OSError, ValueError):
        pass


def _kill_tree(proc: subprocess.Popen, posix: bool) -> None:
    """Kill a timed-out command and every process it started. Killing the process group (POSIX) misses
    a grandchild that started a session of its own (setsid, a daemonising helper), and Windows kills
    only the direct child; so the descendants are listed through psutil first, while they are still
    linked to their parent, and killed one by one after the group."""
    descendants = _descendants(proc.pid)
    try:
        if posix:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except OSError:
        pass
    for process in descendants:
        try:
            process.kill()
        except Exception:  # psutil.NoSuchProcess / AccessDenied: gone already, or not ours to kill
            pass


def _descendants(pid: int) -> list:
    try:
        import psutil

        return psutil.Process(pid).children(recursive=True)
    except Exception:  # the command already exited, or psutil cannot read the process table here
        return []


def _os_error(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "not-found"
    if isinstance(exc, PermissionError):
        return "permission-denied"
    if isinstance(exc, NotADirectoryError):
        return "not-a-directory"
    if isinstance(exc, IsADirectoryError):
        return "is-a-directory"
    return f"os-error: {exc.strerror or exc}"
