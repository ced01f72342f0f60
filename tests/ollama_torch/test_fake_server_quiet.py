"""The tests' fake Ollama server stays quiet when a client gives up on it (gpudoctor's 1.5 s timeout).

Before, socketserver printed "Exception occurred during processing of request" with a
BrokenPipeError traceback into the test output, whenever the slow-server test's handler wrote its
answer after gpudoctor had hung up.
"""

from __future__ import annotations

import socket
import struct
import time

from test_ollama_api import FakeOllama


def test_a_client_that_hangs_up_leaves_no_traceback(capfd):
    with FakeOllama({"/api/version": (200, "{}" * 50000, 5.0)}) as server:
        client = socket.create_connection(("127.0.0.1", server.port))
        client.sendall(b"GET /api/version HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(0.2)  # the handler is now waiting in its delay
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()  # a reset, as a client that timed out
        time.sleep(0.1)
        server.release.set()
        time.sleep(0.3)  # the handler writes into the closed connection
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Exception occurred" not in captured.err
