"""Issue 25 (helper w29a): an image that reached a model which cannot see it, read from the model's own answer.

A vision front-end (ComfyUI's Ollama Vision node, Open WebUI's image upload, a script's `images=[...]`) sends the
image with the request; a text-only model (llama3.1, llama3.2 without -vision, mistral, deepseek-r1) has no vision
encoder, so older Ollama releases drop the image and newer ones answer 400 "does not support image input" (that line
is ollama.model-lacks-capability's). Where the image was dropped, the only trace is the model's answer: it says it sees
no image, or asks for one. The reply is the model's, so the row reads the sentence the models share, not a tool's line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.text-model-sees-no-image",
        cause_id="ollama-model-capability",
        kinds=("any",),
        patterns=(
            # the model's own answer to an image it never received ("I'm happy to help, but I don't see an image.")
            # (not "I don't see the image": people say that of an app's output; models say "an image", "any image",
            # "the attached image")
            # (keyed on "image": "see" is in every kernel log)
            r"\bI (?:don't|do not|can't|cannot|can not) see (?:an|any) (?:attached |provided |uploaded )?images?\b",
            r"\bI (?:don't|do not|can't|cannot|can not) see (?:the|your) (?:attached|provided|uploaded) images?\b",
            r"\bI(?:'m| am) (?:unable|not able) to (?:see|view) (?:the |any )?images?\b",
            r"\bI (?:can't|cannot|can not) (?:view|see) images\b",
            r"\bI (?:don't|do not) have the (?:capability|ability) to (?:directly )?(?:view|see|process|receive)"
            r"(?: or (?:view|see|process|display))? images\b",
            r"\bI (?:can't|cannot|can not) see the image you(?:'re| are) referring to\b",
            r"\bnot visible in this text-based interface\b",
            r"\bas a text-based (?:AI|model|assistant|language model)\b[^\n]{0,120}?\b(?:can't|cannot|unable to|not able to) "
            r"(?:see|view|process|access) (?:images|the image|any images)\b",
            r"\bPlease provide the image you would like me to (?:describe|analy[sz]e)\b",
        ),
        severity="warn",
        cause=("The image never reached a model that can see it: most often the model the request names is "
               "text-only (no vision in its capabilities: llama3.1, mistral, llama3.2), so the image was dropped and "
               "the model answered from the text alone; less often a front-end did not send the image."),
        advice=("Send images to a model whose Capabilities list vision: `ollama show MODEL` prints them; "
                "llama3.2-vision, llava, qwen2.5vl or gemma3 (4b and larger) see images, llama3.1, llama3.2 and "
                "deepseek-r1 do not. In ComfyUI's Ollama Vision node, Open WebUI or the script, pick that model "
                "(`ollama pull llama3.2-vision`), and update Ollama if the model's page asks for a newer release. If "
                "`ollama show` does list vision, the front-end is not passing the image (its vision option or node, "
                "or its own bug): try the same image with `ollama run MODEL` and a file path in the prompt."),
        action="configure",
        rules_out=("a GPU, driver or server fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama", "lower num_ctx"),
        sources=("https://github.com/stavsap/comfyui-ollama/issues/57", "https://github.com/stavsap/comfyui-ollama/issues/27",
                 "https://github.com/0xfrankz/Kaas/issues/1", "https://github.com/gluonfield/enchanted/issues/68",
                 "https://ollama.com/search?c=vision"),
        checked="2026-11-27",
        examples=("ollama/comfyui-ollama-57-llama32-text-model-no-image.txt",
                  "ollama/kaas-1-llama31-mistral-cannot-see-image.txt",
                  "ollama/enchanted-68-llama-mistral-no-ability-to-view-images.txt"),
    ),
)

# People describe the same refusal in their own words ("model do not support tools", "deepseek-r1 doesn't support
# tool calling"): a model's Ollama tag or Ollama's name, then a negated support of tools or function calling. The
# server's own line ("<model> does not support tools") is ollama.model-lacks-capability's.
_MODEL_OR_OLLAMA = r"(?:\b[Oo]llama\b|\b[a-z][\w.-]{1,40}:[\w.-]{1,40}\b)"
_NO_SUPPORT = (r"(?:do(?:es)? ?n[o']?t|do not|don'?t|not|never|can'?t|cannot|can not|won'?t|fails? to|unable to) "
               r"(?:support|supports|use|do|handle)")
_TOOLS = r"(?:tools?|tool[- ]?call(?:ing|s)?|tool use|function[- ]?call(?:ing|s)?)\b"
SIGNATURES += (
    Signature(
        code="ollama.model-tools-unsupported-described",
        described=True,
        cause_id="ollama-model-capability",
        kinds=("any",),
        patterns=(
            _MODEL_OR_OLLAMA + r"[^\n]{0,120}?\b" + _NO_SUPPORT + r" " + _TOOLS,
            r"\b" + _TOOLS + r"[^\n]{0,20}?\b(?:is|are) not supported (?:by|for|with) [^\n]{0,40}?" + _MODEL_OR_OLLAMA,
            # "the model doesn't support tools" said of a model that Ollama serves, named later on the line
            r"\b[Mm]odels?\b[^\n]{0,60}?\b" + _NO_SUPPORT + r" " + _TOOLS + r"[^\n]{0,200}?\b[Oo]llama\b",
        ),
        severity="warn",
        cause=("The description suggests the model Ollama serves has no tool support: its template in the Ollama "
               "library handles no tools (deepseek-r1, gemma2/gemma3, llava, most base and embedding models), so an "
               "agent, Home Assistant's assist or a coding tool that sends tools is refused with 'does not support "
               "tools'."),
        advice=("Check the model's capabilities with `ollama show MODEL` (tools must be listed) and pick a model that "
                "has them for agents and tool calls: qwen3, qwen2.5, llama3.1/3.2, mistral-nemo, gpt-oss "
                "(ollama.com/search?c=tools); pull the tag again where the library added tools later, or turn tool use "
                "(Home Assistant's 'control devices', an agent's tools) off for that model."),
        action="configure",
        rules_out=("a GPU, driver or server fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama", "lower num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/8669", "https://github.com/ollama/ollama/issues/12115",
                 "https://ollama.com/search?c=tools"),
        checked="2026-11-27",
        examples=("ollama/ollama-8669-autogen-deepseek-r1-model-do-not-support-tools.txt",),
    ),
)
