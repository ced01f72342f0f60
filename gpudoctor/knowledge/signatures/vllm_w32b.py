"""Issue 25, w32b: SGLang serving a multimodal model whose processor this installation never registered.

SGLang (python/sglang/srt/managers/multimodal_processor.py, get_mm_processor) looks the checkpoint's architecture up
among the multimodal processors it imported at start-up and raises "No processor registered for architecture: [...]"
with the list it has. Two things leave the model's processor out: a release (or image tag) older than the model
(sglang#7845 on 0.4.6.post1; GLM-OCR on releases without it), or a processor module that failed to import in this
build, which SGLang logs as "Ignore import error when loading sglang.srt.multimodal.processors..." and skips (a
missing torchcodec in a nightly image, sgl_kernel's FA3 import in the DGX Spark image, sglang#12134). The cause id is
the one the catalogue gives SGLang's missing architectures (vllm.sglang-architecture-unsupported): the installation
cannot serve the model, a newer release or image can.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SGLANG_MODELS = "https://docs.sglang.ai/supported_models/multimodal_language_models.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.sglang-processor-not-registered",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # the architecture list may follow on the next line of a wrapped paste
        patterns=(r"No processor registered for architecture:(?:\s{1,4}\[?'?(?P<architecture>\w{2,80}))?",),
        severity="fail",
        cause=("This SGLang installation has no multimodal processor registered for the model's architecture "
               "({architecture}): the release or image predates the model, or the processor's module failed to "
               "import at start-up in this build (a missing or mismatched dependency), so the model cannot be "
               "served."),
        advice=("Upgrade SGLang to a release that supports the model (`pip install -U \"sglang[all]\"`, or a newer "
                "lmsysorg/sglang image tag; on DGX Spark or Jetson the newest tag for that platform); where the "
                "release should already support it, find the processor module's \"Ignore import error when loading "
                "sglang.srt.multimodal.processors...\" line in the start-up log and install or align the package it "
                "names (transformers, torchcodec, sgl_kernel). Where no release supports the model, serve it with "
                "vLLM."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/sgl-project/sglang/issues/7845", "https://github.com/sgl-project/sglang/issues/12134",
                 "https://github.com/sgl-project/sglang/issues/12830", SGLANG_MODELS),
        checked="2026-11-27",
        examples=("vllm/sglang-7845-qwen25vl-no-processor-registered.txt",
                  "vllm/sglang-12134-qwen3vl-processor-not-registered-spark.txt"),
    ),
)
