"""The error every command raises for bad usage or bad input: one line for the user, exit code 2.

It lives below the commands (cli.py and fixing/command.py both raise it), so neither imports the other.
"""

from __future__ import annotations

import click


class BadInput(click.ClickException):
    """A one-line error for the user, exit code 2."""

    exit_code = 2
