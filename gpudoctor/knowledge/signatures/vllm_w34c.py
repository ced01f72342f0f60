"""Issue 25, wave 34 (w34c): a serving engine (or a model's own code) and a newer transformers claiming the same name.

vLLM, SGLang and many research repositories (LLaVA and its forks, LayoutLMv3's layoutlmft, Ovis) ship their own
config class for a model that transformers did not have yet, and register it at import time with
`AutoConfig.register("<model_type>", ...)` (SGLang also registers image processors and processors for its config
classes). When a later transformers release adds that model natively, the same registration collides and
transformers raises "'<name>' is already used by a Transformers config, pick another name." (the config mapping) or
"'<class '...'>' is already used by a Transformers model." (the model, processor and image-processor mappings), so
the package fails at `import` before any GPU is touched. Nothing is wrong with the driver or CUDA: the transformers
installed is newer than the package that registers the name was released against. The fix is the version pin that
package names (vLLM and SGLang pin transformers in their requirements; the repository's requirements.txt), or a
release of that package that registers with exist_ok=True or dropped its copy of the config.

Which transformers release added the names people hit is the table NATIVE_SINCE below (checked against the
transformers release notes and the threads cited on the date in CHECKED).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
TRANSFORMERS_RELEASES = "https://github.com/huggingface/transformers/releases"

# The transformers release that first shipped each model type that engines and research code register themselves
# (source: the transformers release notes, TRANSFORMERS_RELEASES; aimv2 also HabanaAI/vllm-fork PR 1663; checked
# CHECKED). Pinning transformers below that release, or moving the registering package to a release made after it,
# ends the clash.
NATIVE_SINCE = {
    "layoutlmv3": "4.20.0",
    "llava": "4.36.0",
    "qwen2_5_vl": "4.49.0",
    "aimv2": "4.54.0",
}

_NATIVE_SINCE_TEXT = ", ".join(f"{name} in {release}" for name, release in NATIVE_SINCE.items())

SIGNATURES = (
    Signature(
        code="vllm.transformers-model-type-already-registered",
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            # transformers' _LazyConfigMapping.register (configuration_auto.py): a package's AutoConfig.register of a
            # model type the installed transformers now has natively. The raise line above it holds '{key}', which the
            # name's characters exclude, so only the message itself matches.
            r"'(?P<name>[\w.-]{1,80})' is already used by a Transformers config\b",
            # _LazyAutoMapping.register (auto_factory.py): the same clash on a model, processor or image-processor
            # mapping, keyed by the config class (SGLang's Qwen2_5_VLConfig against transformers 4.49 and newer).
            r"'<class '(?P<name>[\w.]{1,160})'>' is already used by a Transformers model\b",
        ),
        severity="fail",
        cause=("A package registers its own '{name}' config (or model) with transformers at import, and the installed "
               "transformers already ships '{name}' natively, so the import fails: transformers is newer than the "
               "package that registers the name (vLLM, SGLang, a model's own code) was released against."),
        advice=("Install the transformers version that package pins (`pip show <package>` and its requirements name it), "
                "below the release that added '{name}' natively (" + _NATIVE_SINCE_TEXT + "): e.g. "
                "`pip install \"transformers<4.54\"` for vLLM 0.9.x and its forks with aimv2; or upgrade the package to a "
                "release made after that transformers (vLLM 0.10.0 or newer for aimv2, the SGLang release whose "
                "pyproject pins your transformers). In a container or conda environment pin it in the image's or "
                "environment's requirements so a later `pip install` does not lift it again."),
        action="configure",
        rules_out=("a driver or GPU fault", "a CUDA installation fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("transformers>=4.54.0 with vllm<0.10.0 (aimv2)",),
        sources=("https://github.com/nvidia-cosmos/cosmos-transfer1/issues/210",
                 "https://github.com/HabanaAI/vllm-fork/pull/1663",
                 "https://github.com/nvidia-cosmos/cosmos-rl/pull/180", TRANSFORMERS_RELEASES),
        checked=CHECKED,
        examples=("vllm/cosmos-transfer1-210-aimv2-config-name-clash.txt",
                  "vllm/habana-vllm-fork-1663-transformers-454-aimv2-already-used.txt"),
    ),
)
