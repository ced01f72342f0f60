"""The error every command raises for bad usage or bad input: one line for the user, exit code 2.

It lives below the commands (cli.py and fixing/command.py both raise it), so neither imports the other.
"""

from __future__ import annotations

import click


class BadInput(click.ClickException):
    """A one-line error for the user, exit code 2."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        # The message often quotes input (a path, a snapshot's corrupt member): no escape sequence gets through.
        from gpudoctor.report.printable import printable

        super().__init__(printable(message))
