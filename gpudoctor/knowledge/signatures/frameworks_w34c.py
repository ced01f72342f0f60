"""Issue 25, wave 34 (w34c): a package importing a class the installed transformers has removed.

The generic row for a capitalised name missing from transformers (frameworks_tools.py,
frameworks.transformers-lacks-model-class) takes it for a model class newer than the installed release and says to
upgrade. For a class transformers removed, upgrading makes it worse: the package that imports it (a serving engine's
structured-output library such as lm-format-enforcer, a TTS or JSON-generation library, an app's sampler code) was
written for an older transformers, and the fix is the pin below the removal or a release of that package that no
longer imports it. Which classes transformers removed, and in which release, is the table REMOVED_IN below.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"

# Classes transformers removed from its public API, with the first release without them (source: the class's own
# deprecation warning in transformers, generation/logits_process.py: "`LogitsWarper` is deprecated and will be removed
# in v4.48", and the threads the row cites; checked CHECKED).
REMOVED_IN = (
    ("LogitsWarper", "4.48"),
)

_REMOVED = "|".join(name for name, _ in REMOVED_IN)
_REMOVED_TEXT = ", ".join(f"{name} in {release}" for name, release in REMOVED_IN)

SIGNATURES = (
    Signature(
        code="frameworks.transformers-removed-class",
        cause_id="package-version-conflict",
        kinds=("any",),
        # From the top level or from the module that defined it (transformers.generation.logits_process); Python 3.10+
        # adds "Did you mean: 'EtaLogitsWarper'?", which the pattern leaves alone.
        patterns=(r"cannot import name '(?P<name>" + _REMOVED + r")' from 'transformers(?:\.generation[\w.]{0,40})?'",),
        refines=("frameworks.transformers-lacks-model-class",),
        severity="fail",
        cause=("A package imports {name} from transformers, and the installed transformers is a release that removed "
               "that class (" + _REMOVED_TEXT + "): the importing package was written for an older transformers."),
        advice=("Pin transformers below {removed_in}, the release that removed {name}, in this environment "
                "(`pip install \"transformers<{removed_in}\"`, or the version the importing package's requirements "
                "name), or upgrade the importing package (the file in the traceback: lm-format-enforcer, jsonformer, "
                "a TTS or webui sampler) to a release whose code subclasses LogitsProcessor instead. Where a serving "
                "engine (vLLM, SGLang) needs the newer transformers, upgrade the importing package rather than pinning "
                "transformers back."),
        # The pattern reads only the names in the table, so each finds its own release.
        lookups=(("name", "removed_in", REMOVED_IN, "the release that removed it"),),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=tuple(f"transformers>={release} ({name})" for name, release in REMOVED_IN),
        sources=("https://github.com/MeetKai/functionary/issues/312", "https://github.com/1rgs/jsonformer/issues/69",
                 "https://github.com/1rgs/jsonformer/pull/63", "https://github.com/erew123/alltalk_tts/issues/601"),
        checked=CHECKED,
        examples=("frameworks/functionary-312-lmformatenforcer-logitswarper-transformers-448.txt",
                  "frameworks/jsonformer-69-logitswarper-removed-transformers-456.txt"),
    ),
)
