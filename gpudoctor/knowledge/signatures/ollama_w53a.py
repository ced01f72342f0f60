"""Issue 25, w53a: a llama.cpp front end whose release predates the model, told in a person's words.

- "Koboldcpp 1.100.1 crashes when loading Qwen3-VL", "No support for Ling 3.0 yet?": a front end that bundles llama.cpp (koboldcpp, LM Studio's runtime, text-generation-webui's
  llama-cpp-python, Jan, GPT4All, llama-cpp-python itself) and a model whose architecture came out after the release
  the person runs. The app dies while loading (its console closes before the "unknown model architecture" line can be
  read) or refuses the model; the maintainers answer "not yet supported", "it will be in the next version", "try the
  rolling build" (koboldcpp#1807, #2084, #2415, #1773; text-generation-webui#6144's deepseek2, fixed by newer
  llama-cpp-python wheels). The tool's own lines ("unknown model architecture: 'X'", "missing tensor '...'", a tensor of
  the wrong shape) are read by ollama.py and ollama_models.py; this row reads the description when no such line was
  pasted, and names an app with its version, which is what the answer turns on.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
# Not where the line names a GPU, a platform or a feature ("RTX 5090 crashes in Ollama 0.6.2", "No support for AMD
# 9070 yet?"): what the release lacks is then no model's architecture (ollama_w44a.py, rev44b)
from gpudoctor.knowledge.signatures.ollama_w44a import _MODEL_NOT_FEATURE

CHECKED = "2026-11-28"
# ...nor a card by its name ("RTX 5090 crashes in Ollama 0.6.2" is a GPU the release cannot drive)
_NOT_A_CARD = (r"^(?![^\n]{0,400}?(?:\bRTX\b|\bGTX\b|GeForce|Quadro|Tesla|Blackwell|Pascal|Maxwell|Turing|Ampere|"
               r"\b[HABLT]\d{2,3}\b|\bRX ?\d{3,4}|\bMI\d{2,3}\b))")

# Front ends that bundle llama.cpp, as people write them, followed by the release they run ("koboldcpp 1.95.1",
# "KoboldCpp v1.110", "LM Studio 0.3.20", "llama-cpp-python 0.3.8", "Ollama 0.9.6", "Jan v0.6.4")
_APP = (r"(?:[Kk]obold ?[Cc][Pp][Pp]|KOBOLDCPP|[Kk]obold|LM ?[Ss]tudio|LMStudio|text-generation-webui|[Tt]ext[- ]?[Gg]en(?:eration)?"
        r"[- ]?[Ww]eb ?UI|[Oo]obabooga|llama-cpp-python|llama_cpp_python|llama\.cpp|[Oo]llama|Jan|GPT4All|gpt4all|AnythingLLM|"
        r"GPUStack|[Ll]lamafile|LocalAI)")
_APP_RELEASE = _APP + r"(?: version| [Vv]ersion| release| build)? ?[Vv]?\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\b"
# A model's name as people write it: a family name with a version or size in it ("exaone 4", "Qwen3-VL-4B",
# "gemma-4", "GLM-4.6", "Ling 3.0", "Llama 4"); a name without a digit is too like any other word
_MODEL = r"\b[A-Za-z][A-Za-z.-]{1,20} ?\d[\w.:-]{0,30}"
# (crashes only: "fails to load" in a given release is as often a model too large for the machine)
_FAILS = r"(?:is |keeps |kept )?(?:[Cc]rash(?:es|ed|ing)?|CRASH(?:ES|ING)?)"
_LOAD = r"(?:[Ww]hen|[Ww]hile|[Oo]n|[Aa]fter)? ?(?:[Ll]oading|[Ll]oad|[Rr]unning|[Ss]tarting)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.described-app-release-predates-model",
        described=True,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            # "<app> <release> crashes when loading <model>"
            _NOT_A_CARD + _MODEL_NOT_FEATURE + r"[^\n]{0,200}?" + _APP_RELEASE + r"[^\n]{0,40}? " + _FAILS + r" ?(?:" + _LOAD
            + r")? (?:the |a |my )?(?:new )?" + _MODEL,
            # "No support for Ling 3.0 yet?" (the "not yet supported in Ollama" of a statement is
            # ollama.model-not-supported-yet-described's)
            _NOT_A_CARD + _MODEL_NOT_FEATURE + r"[^\n]{0,200}?\b[Nn]o support (?:yet )?for (?:the )?(?:new )?" + _MODEL
            + r"[^\n]{0,40}? yet\b",
        ),
        severity="warn",
        cause=("The description suggests the app's bundled llama.cpp predates the model: a front end (koboldcpp, LM "
               "Studio's runtime, text-generation-webui's llama-cpp-python, Jan, Ollama) can load an architecture only "
               "from the release that added it, and an older one crashes or refuses the model while loading it."),
        advice=("Update the app, or its llama.cpp runtime, to the release that adds the model's architecture: koboldcpp "
                "the newest release or the rolling build (github.com/LostRuins/koboldcpp/releases/tag/rolling); LM Studio "
                "the llama.cpp runtime (Runtime settings, Ctrl+Shift+R) and the app; text-generation-webui its update "
                "script, which brings newer llama-cpp-python wheels; llama-cpp-python `pip install -U llama-cpp-python` "
                "(a CUDA build again with CMAKE_ARGS=\"-DGGML_CUDA=on\"); Ollama the newest release. The model's card "
                "names the llama.cpp build it needs; a model released days ago may need upstream llama.cpp first, so "
                "until a release supports it use another model. Run the app from a terminal to see the loader's line "
                "(\"unknown model architecture: 'X'\") if it still closes."),
        action="configure",
        rules_out=("a GPU or driver fault", "a model too large for the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/LostRuins/koboldcpp/issues/1807", "https://github.com/LostRuins/koboldcpp/issues/2415",
                 "https://github.com/LostRuins/koboldcpp/issues/2084", "https://github.com/LostRuins/koboldcpp/issues/1773",
                 "https://github.com/oobabooga/textgen/issues/6144"),
        checked=CHECKED,
        examples=("ollama/koboldcpp-1807-qwen3-vl-crashes-not-yet-supported-prose.txt",
                  "ollama/koboldcpp-2415-ling3-bailingmoe3-unknown-architecture.txt"),
    ),
)
