"""The worker's protocol stream: one strict JSON object a line (events in gpudoctor/deep/worker.py)."""

from __future__ import annotations

import json
import os
import sys
import time


class OutputClosed(Exception):
    """The parent closed the protocol stream: nothing more can be said."""


def _clean(value):
    """Make a value strict-JSON friendly (round floats, no NaN/inf)."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


class Emitter:
    """Writes the events; remembers the test and the last step, which the error event names."""

    def __init__(self, stream, t0):
        self.stream = stream
        self.t0 = t0
        self.test = None
        self.where = "start"
        self.dead = False

    def emit(self, obj):
        if self.dead:
            raise OutputClosed("protocol stream closed")
        line = json.dumps(_clean(obj), separators=(",", ":"), allow_nan=False)
        try:
            self.stream.write(line + "\n")
            self.stream.flush()
        except (OSError, ValueError) as exc:
            self.dead = True
            raise OutputClosed(str(exc)) from None

    def progress(self, step, devices=None):
        self.where = step
        self.emit(
            {
                "event": "progress",
                "test": self.test,
                "step": step,
                "devices": None if devices is None else list(devices),
                "t": time.monotonic() - self.t0,
            }
        )

    def result(self, kind, **fields):
        obj = {"event": "result", "test": self.test, "kind": kind}
        obj.update(fields)
        self.emit(obj)

    def error(self, name, message=None, func=None, code=None):
        if self.dead:
            return
        try:
            self.emit(
                {
                    "event": "error",
                    "test": self.test,
                    "where": self.where,
                    "func": func,
                    "error": name,
                    "code": code,
                    "message": message,
                }
            )
        except OutputClosed:
            pass


def protocol_stream():
    """Keep the real stdout for the protocol; point fd 1 at stderr for everybody else."""
    try:
        sys.stdout.flush()
        fd = os.dup(1)
        os.dup2(2, 1)
        return os.fdopen(fd, "w", encoding="utf-8", newline="\n")
    except (OSError, ValueError, AttributeError):
        return sys.stdout

