"""One HTTP GET with a deadline for the whole exchange, not for each read.

A socket timeout bounds each read only: a server that sends one byte a second (a wedged service, a
hostile listener on Ollama's port) kept urllib reading headers for 116 s and a body without end.
Here a timer shuts the socket down when the deadline passes, which ends any read at once, and the
body is read up to a size limit. No proxy is consulted: gpudoctor asks a server on this machine or
the one OLLAMA_HOST names, as the Ollama client itself does.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.parse

from gpudoctor.host.answers import HttpResult

BODY_LIMIT = 1 << 20  # /api/version and /api/ps answer in a few kilobytes


def http_get(url: str, timeout: float, body_limit: int = BODY_LIMIT) -> HttpResult:
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        return HttpResult(error=f"unreachable: {exc}")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return HttpResult(error=f"unreachable: not an http(s) URL: {url}")
    deadline = time.monotonic() + timeout
    if _refused(parts.hostname, port or (443 if parts.scheme == "https" else 80), timeout):
        return HttpResult(error="refused")
    # Imported only once something listens: http.client brings ssl and the email package (0.01-0.02 s),
    # and on most machines nothing answers on Ollama's port.
    import http.client

    timeout = max(0.05, deadline - time.monotonic())
    connection_class = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = connection_class(parts.hostname, port, timeout=timeout)
    expired = threading.Event()
    timer = threading.Timer(timeout, _abort, args=(connection, expired))
    timer.daemon = True
    timer.start()
    try:
        connection.request("GET", urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, "")),
                           headers={"User-Agent": "gpudoctor"})
        response = connection.getresponse()
        body = response.read(body_limit)
        if expired.is_set():  # the timer may have cut the body short
            return HttpResult(error="timeout")
        return HttpResult(status=response.status, body=body)
    except ConnectionRefusedError:
        return HttpResult(error="refused")
    except (TimeoutError, socket.timeout):
        return HttpResult(error="timeout")
    except (OSError, ValueError, http.client.HTTPException) as exc:
        if expired.is_set():
            return HttpResult(error="timeout")
        return HttpResult(error=f"unreachable: {type(exc).__name__}: {exc}"[:300])
    finally:
        timer.cancel()
        connection.close()


def _refused(host: str, port: int, timeout: float) -> bool:
    """Whether the port actively refuses a connection; anything else (an answer, a timeout, no route) is
    left to the request, which reports it as before."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return False
    except ConnectionRefusedError:
        return True
    except (OSError, ValueError):
        return False


def _abort(connection: http.client.HTTPConnection, expired: threading.Event) -> None:
    expired.set()
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
