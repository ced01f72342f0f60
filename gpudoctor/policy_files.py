"""Reading a team's config file and baseline for the command line: paths, errors as BadInput (exit 2).
The config file is `--config FILE`, else $GPUDOCTOR_CONFIG; a relative baseline or history path in it
is relative to the config file's folder."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

from gpudoctor.errors import BadInput
from gpudoctor.policy import Policy, PolicyError, load_config_text, parse_baseline, parse_config

CONFIG_VARIABLE = "GPUDOCTOR_CONFIG"
_LIMIT = 1 << 20  # a config or baseline is a few KiB; a bigger file is not one


def _text(path: str, what: str) -> str:
    """The file's text: a regular file only (a FIFO would block), at most 1 MiB."""
    from gpudoctor.input_file import InputRefused, read_input

    try:
        return read_input(path, _LIMIT, what).decode("utf-8")
    except InputRefused as exc:
        raise BadInput(f"the {exc}") from None
    except UnicodeDecodeError:
        raise BadInput(f"the {what} {path!r} is not UTF-8 text") from None


def _baseline_document(path: str):
    try:
        return json.loads(_text(path, "baseline"))
    except json.JSONDecodeError as exc:
        raise BadInput(f"the baseline {path!r} is not JSON ({exc})") from None
    except (ValueError, RecursionError) as exc:  # a 5000-digit number, nesting thousands deep
        raise BadInput(f"the baseline {path!r} is not a gpudoctor baseline ({type(exc).__name__})") from None


def read_policy(config_path: str | None, baseline_path: str | None = None) -> Policy:
    """The policy a run judges by: gpudoctor's defaults, a config file's, and `--baseline` on top."""
    config_path = config_path or os.environ.get(CONFIG_VARIABLE) or None
    try:
        policy = Policy()
        if config_path:
            folder = Path(config_path).parent

            def near_config(path: str) -> str:
                return str(folder / path)

            document = load_config_text(_text(config_path, "config file"), config_path)
            policy = parse_config(document, config_path, lambda path: _baseline_document(near_config(path)))
            if policy.baseline is not None:
                policy = replace(policy, baseline=replace(policy.baseline, source=near_config(policy.baseline.source)))
            if policy.history_path:
                policy = replace(policy, history_path=near_config(policy.history_path))
        if baseline_path:
            policy = replace(policy, baseline=parse_baseline(_baseline_document(baseline_path), baseline_path))
        return policy
    except PolicyError as exc:
        raise BadInput(str(exc)) from None


def read_history(path: str, now: str):
    """The node's error history, empty where the file does not exist yet (the first run)."""
    from gpudoctor.history import HistoryError, parse_history

    if not os.path.exists(path):
        return parse_history(None, path, now)
    try:
        document = json.loads(_text(path, "error history"))
    except json.JSONDecodeError as exc:
        raise BadInput(f"the error history {path!r} is not JSON ({exc}); move it aside to start a new one") from None
    try:
        return parse_history(document, path, now)
    except HistoryError as exc:
        raise BadInput(f"{exc}; move it aside to start a new one") from None


def history_record(report) -> dict | None:
    """This run's record, as gpu.error-history put it in its evidence (None where it did not run)."""
    for check_result in report.results:
        if check_result.check_id == "gpu.error-history":
            return next((f.evidence["record"] for f in check_result.findings if "record" in f.evidence), None)
    return None
