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
            r"\bI (?:don't|do not|can't|cannot|can not) see (?:an|any|the) (?:attached )?(?:image|picture|photo)s?\b"
            r"(?![^\n]{0,40}?\b(?:clearly|well|in detail)\b)",
            r"\bnot visible in this text-based interface\b",
            r"\bas a text-based (?:AI|model|assistant|language model)\b[^\n]{0,120}?\b(?:can't|cannot|unable to|not able to) "
            r"(?:see|view|process|access) (?:images|the image|any images)\b",
            r"\bPlease provide the image you would like me to (?:describe|analy[sz]e)\b",
        ),
        severity="warn",
        cause=("The image never reached a model that can see it: the model the request names is text-only (no vision "
               "in its capabilities), so the image was dropped and the model answered from the text alone."),
        advice=("Send images to a model whose Capabilities list vision: `ollama show MODEL` prints them; "
                "llama3.2-vision, llava, qwen2.5vl or gemma3 (4b and larger) see images, llama3.1, llama3.2 and "
                "deepseek-r1 do not. In ComfyUI's Ollama Vision node, Open WebUI or the script, pick that model "
                "(`ollama pull llama3.2-vision`), and update Ollama if the model's page asks for a newer release."),
        action="configure",
        rules_out=("a GPU, driver or server fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama", "lower num_ctx"),
        sources=("https://github.com/stavsap/comfyui-ollama/issues/57", "https://github.com/stavsap/comfyui-ollama/issues/27",
                 "https://ollama.com/search?c=vision"),
        checked="2026-11-27",
        examples=("ollama/comfyui-ollama-57-llama32-text-model-no-image.txt",),
    ),
)
