"""Node Feature Discovery labels from a report, for its `local` source's features.d directory.

NFD reads every file in /etc/kubernetes/node-feature-discovery/features.d/ as lines of
`name=value`; a name without a namespace becomes feature.node.kubernetes.io/<name>
(kubernetes-sigs/node-feature-discovery, docs/usage/customization-guide.md, "Feature files").
Values must be valid label values: at most 63 characters of [A-Za-z0-9-_.], starting and ending
alphanumeric (Kubernetes, "Labels and Selectors", syntax and character set). Only checks that
did not pass get a label, so a node carries few labels and a label disappears when its check
recovers (NFD replaces the file's labels as a whole).
"""

from __future__ import annotations

import re

PREFIX = "gpudoctor"
_INVALID = re.compile(r"[^A-Za-z0-9_.-]+")


def label_value(value: object) -> str:
    text = _INVALID.sub("_", str(value))[:63]
    return re.sub(r"^[^A-Za-z0-9]+|(?<![^A-Za-z0-9])[^A-Za-z0-9]+$", "", text)  # each run tried once


def render_features(document: dict) -> str:
    host = document.get("host") or {}
    node = host.get("node") or {}
    labels = {
        f"{PREFIX}.status": document.get("status"),
        f"{PREFIX}.fingerprint": node.get("fingerprint"),
        f"{PREFIX}.driver": host.get("driver_version"),
        f"{PREFIX}.gpus": len(host.get("gpus") or []),
    }
    for check in document.get("checks") or []:
        if check.get("status") in ("warn", "fail", "error"):
            labels[f"{PREFIX}.check.{check['id']}"] = check["status"]
    lines = [f"{name}={label_value(value)}" for name, value in labels.items() if value not in (None, "")]
    return "\n".join(lines) + "\n"
