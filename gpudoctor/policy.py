"""A team's policy: the thresholds it sets in a config file, and a known-good node's measured figures (a
baseline) that nodes of the same configuration are judged against. Plain data and parsing; the command
line reads the files, checks read the policy from their options, and the JSON report shows the
thresholds used (README, "Team policy").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from gpudoctor.knowledge.performance import HEALTHY_SHARE, NEAR
from gpudoctor.probes.node import configuration

BASELINE_SCHEMA = "gpudoctor-baseline"
BASELINE_VERSION = 1
CONFIG_KEYS = {"expected_gpus", "min_driver", "baseline", "history", "bandwidth"}
BANDWIDTH_KEYS = {"minimum_share", "healthy_share"}


class PolicyError(ValueError):
    """A config or baseline file that cannot be used; the message says which key and why."""


@dataclass(frozen=True)
class Baseline:
    """Figures a known-good node measured (`gpudoctor baseline record`), keyed by measurement."""

    source: str
    recorded_at: str | None
    hardware: Mapping[str, Any]  # the GPUs and their links: what must be equal for the figures to apply
    figures: Mapping[str, float]  # measurement key ("nccl.allreduce", "p2p.bandwidth 0-1") -> GB/s

    def applies_to(self, inventory) -> bool:
        return dict(self.hardware) == hardware_of(inventory)


@dataclass(frozen=True)
class Policy:
    """The thresholds used. Each None or default is gpudoctor's own (performance.py, driver_support.py)."""

    source: str | None = None  # the config file, None for gpudoctor's defaults
    expected_gpus: int | None = None
    min_driver: int | None = None
    minimum_share: float = NEAR  # a --deep figure below this share of the expected one is a warning
    healthy_shares: Mapping[str, float] = field(default_factory=dict)  # overrides of HEALTHY_SHARE
    baseline: Baseline | None = None
    history_path: str | None = None

    def healthy_share(self, test: str) -> float:
        return self.healthy_shares.get(test, HEALTHY_SHARE[test])

    def thresholds(self, min_driver: int) -> dict[str, Any]:
        """What the JSON report states as the thresholds it judged by."""
        return {
            "source": self.source,
            "expected_gpus": self.expected_gpus,
            "min_driver": min_driver,
            "minimum_share_of_expected": self.minimum_share,
            "healthy_shares": {test: self.healthy_share(test) for test in HEALTHY_SHARE},
            "baseline": None if self.baseline is None else {
                "source": self.baseline.source, "recorded_at": self.baseline.recorded_at,
                "figures": dict(self.baseline.figures)},
        }


def hardware_of(inventory) -> dict[str, Any]:
    """The part of a node's configuration (probes/node.py) a bandwidth baseline depends on."""
    whole = configuration(inventory, None, None, None)
    return {"gpus": whole["gpus"], "links": whole["links"]}


def _share(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise PolicyError(f"{where} must be a number above 0 and at most 1 (a share: 0.89 for 89 %), not {value!r}")
    return float(value)


def _positive_int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PolicyError(f"{where} must be a whole number of at least 1, not {value!r}")
    return value


def _unknown(keys, known: set[str], where: str) -> None:
    extra = sorted(set(keys) - known)
    if extra:
        raise PolicyError(f"{where}: unknown key {extra[0]!r} (known: {', '.join(sorted(known))})")


def parse_config(document: Mapping[str, Any], source: str, read_baseline=None) -> Policy:
    """A config document (TOML or JSON, already parsed) as a Policy; `read_baseline(path)` gives the
    baseline file's document when the config names one."""
    if not isinstance(document, Mapping):
        raise PolicyError(f"{source}: the config must be a table of settings")
    _unknown(document, CONFIG_KEYS, source)
    bandwidth = document.get("bandwidth", {})
    if not isinstance(bandwidth, Mapping):
        raise PolicyError(f"{source}: [bandwidth] must be a table")
    _unknown(bandwidth, BANDWIDTH_KEYS, f"{source} [bandwidth]")
    shares = bandwidth.get("healthy_share", {})
    if not isinstance(shares, Mapping):
        raise PolicyError(f"{source}: [bandwidth.healthy_share] must be a table")
    _unknown(shares, set(HEALTHY_SHARE), f"{source} [bandwidth.healthy_share]")
    baseline_path = document.get("baseline")
    if baseline_path is not None and not isinstance(baseline_path, str):
        raise PolicyError(f"{source}: baseline must be the path of a file from `gpudoctor baseline record`")
    history = document.get("history")
    if history is not None and not isinstance(history, str):
        raise PolicyError(f"{source}: history must be the path of the error-history file")
    return Policy(
        source=source,
        expected_gpus=None if "expected_gpus" not in document else _positive_int(document["expected_gpus"],
                                                                                  "expected_gpus"),
        min_driver=None if "min_driver" not in document else _positive_int(document["min_driver"], "min_driver"),
        minimum_share=_share(bandwidth["minimum_share"], "[bandwidth] minimum_share")
        if "minimum_share" in bandwidth else NEAR,
        healthy_shares={test: _share(value, f"[bandwidth.healthy_share] {test}") for test, value in shares.items()},
        baseline=None if baseline_path is None or read_baseline is None
        else parse_baseline(read_baseline(baseline_path), baseline_path),
        history_path=history,
    )


def parse_baseline(document: Any, source: str) -> Baseline:
    if not isinstance(document, Mapping) or document.get("schema") != BASELINE_SCHEMA:
        raise PolicyError(f"{source}: not a gpudoctor baseline (no \"schema\": \"{BASELINE_SCHEMA}\")")
    if document.get("version") != BASELINE_VERSION:
        raise PolicyError(f"{source}: baseline version {document.get('version')!r}; this gpudoctor reads "
                          f"{BASELINE_VERSION}")
    figures = document.get("figures")
    hardware = document.get("hardware")
    if not isinstance(figures, Mapping) or not all(isinstance(v, (int, float)) and v > 0 for v in figures.values()):
        raise PolicyError(f"{source}: \"figures\" must map each measurement to GB/s above 0")
    if not isinstance(hardware, Mapping):
        raise PolicyError(f"{source}: \"hardware\" (the GPUs and links it was recorded on) is missing")
    return Baseline(source, document.get("recorded_at"), dict(hardware), {k: float(v) for k, v in figures.items()})


def baseline_document(inventory, figures: Mapping[str, float], recorded_at: str, node: str | None) -> dict:
    """What `gpudoctor baseline record` writes."""
    return {"schema": BASELINE_SCHEMA, "version": BASELINE_VERSION, "recorded_at": recorded_at, "node": node,
            "driver": inventory.driver_version, "hardware": hardware_of(inventory),
            "figures": {key: round(value, 1) for key, value in sorted(figures.items())}}


def load_config_text(text: str, source: str) -> Mapping[str, Any]:
    """A config file's text: JSON when it starts with '{', else TOML (Python 3.11's tomllib, or tomli)."""
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise PolicyError(f"{source}: not valid JSON ({exc})") from None
    try:
        import tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:
            raise PolicyError(f"{source}: reading TOML needs Python 3.11 or the tomli package; "
                              "or write the config as JSON") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(f"{source}: not valid TOML ({exc})") from None
