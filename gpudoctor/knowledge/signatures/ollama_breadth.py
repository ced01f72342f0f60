"""More of what Ollama, llama.cpp and the apps built on them hit: files that are not models, and more.

Written blind for issue 25 (sixth wave of row writers). llama.cpp's loader prints how many tensors a GGUF holds
("llama_model_loader: loaded meta data with N key-value pairs and M tensors from PATH", src/llama-model-loader.cpp);
the vocabulary files its source tree ships for tokenizer tests (models/ggml-vocab-*.gguf) hold none, and people who
take them for models get a missing-tensor error (check_tensor_dims, create_tensor) that reads like a newer format.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

BREADTH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gguf-vocab-only-file",
        cause_id="gguf-vocab-only",
        kinds=("any",),
        patterns=(
            # a loader or a wrapper naming one of llama.cpp's vocabulary test files in its failure
            r"(?:[Ff]ailed to load|[Cc]ould not load|[Ee]rror loading|unable to load)[^\n]{0,200}?"
            r"(?P<path>ggml-vocab-[\w.-]{1,40}\.gguf)",
            # the loader's own count: a GGUF without a single tensor is a vocabulary, not a model
            r"key-value pairs and 0 tensors from (?P<path>\S{1,300}\.gguf)",
        ),
        severity="fail",
        cause=("The file given as the model ({path}) is a vocabulary-only GGUF (llama.cpp's tokenizer test files): "
               "it has no weights, so loading stops at the first missing tensor."),
        advice=("Download a real GGUF model (the weights, e.g. a Q4_K_M GGUF from the model's Hugging Face page) and "
                "point the model path at it; the models/ggml-vocab-*.gguf files in llama.cpp's source tree are "
                "tokenizer test data, not models."),
        action="configure",
        rules_out=("a GPU or driver fault", "an outdated llama.cpp"),
        never_suggest=_NEVER_DRIVER + ("upgrade llama.cpp",),
        sources=("https://github.com/ggml-org/llama.cpp/issues/7729", "https://github.com/nomic-ai/gpt4all/issues/2458"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-7729-ggml-vocab-gpt2-gguf-as-model.txt",),
        refines=("ollama.model-tensor-not-found",),
    ),
)
