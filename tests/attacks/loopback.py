"""Hostile HTTP servers on loopback, each on a free port, for the attack suite.

- silent:  accepts the connection and never says a word
- drip:    sends a valid-looking response one byte a second, without end
- garbage: answers random bytes, then closes
- huge:    a valid 200 response with an 8 MB body
"""

from __future__ import annotations

import random
import socket
import threading
import time


def _silent(conn: socket.socket, stop: threading.Event) -> None:
    stop.wait()


def _drip(conn: socket.socket, stop: threading.Event) -> None:
    payload = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Pad: " + b"a" * 100_000
    for byte in payload:
        if stop.wait(1.0):
            return
        conn.sendall(bytes([byte]))


def _garbage(conn: socket.socket, stop: threading.Event) -> None:
    conn.sendall(random.Random(7).randbytes(4096) + b"\r\n\r\n\x00\xff Authorization: Bearer PLANTEDdripTOKEN12345")


def _huge(conn: socket.socket, stop: threading.Event) -> None:
    body = b'{"version": "' + b"9" * (8 << 20) + b'"}'
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\n\r\n")
    try:
        conn.sendall(body)
    except OSError:  # the client stopped reading at its limit
        pass


BEHAVIOURS = {"silent": _silent, "drip": _drip, "garbage": _garbage, "huge": _huge}


class LoopbackServer:
    def __init__(self, behaviour: str) -> None:
        self._handle = BEHAVIOURS[behaviour]
        self._stop = threading.Event()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))  # a free port
        self._sock.listen(16)
        self._sock.settimeout(0.2)
        self.port = self._sock.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except (TimeoutError, socket.timeout):
                continue
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        try:
            conn.recv(65536)  # the request
            self._handle(conn, self._stop)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._sock.close()


def timed_get(url: str, timeout: float):
    """GET through the live host, as the Ollama probe asks (not recorded: a fresh host each time)."""
    from gpudoctor.host.live import LiveHost

    started = time.monotonic()
    result = LiveHost().http_get(url, timeout=timeout)
    return result, time.monotonic() - started
