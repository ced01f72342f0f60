"""Every HTTP request ends within its total deadline, whatever the server on the other end does."""

import socket

import pytest

from gpudoctor.host.http_get import BODY_LIMIT

from loopback import LoopbackServer, timed_get


@pytest.fixture
def server(request):
    running = LoopbackServer(request.param)
    yield running
    running.close()


@pytest.mark.parametrize("server", ["silent", "drip"], indirect=True)
def test_a_server_that_stalls_or_drips_is_a_timeout_at_the_deadline(server):
    result, elapsed = timed_get(server.url + "/api/version", timeout=1.5)
    assert result.error == "timeout"
    assert elapsed < 2.5


@pytest.mark.parametrize("server", ["garbage"], indirect=True)
def test_garbage_is_an_error_not_an_exception(server):
    result, elapsed = timed_get(server.url + "/api/version", timeout=1.5)
    assert result.error is not None and result.error.startswith("unreachable")
    assert elapsed < 2.5


@pytest.mark.parametrize("server", ["huge"], indirect=True)
def test_an_8_mb_answer_is_read_up_to_the_limit(server):
    result, elapsed = timed_get(server.url + "/api/version", timeout=5)
    assert result.status == 200 and len(result.body) == BODY_LIMIT
    assert elapsed < 5.5


def test_nothing_listening_is_refused():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # a free port that nobody listens on
    result, elapsed = timed_get(f"http://127.0.0.1:{port}/api/version", timeout=1.5)
    assert result.error == "refused", result
    assert elapsed < 1.5
