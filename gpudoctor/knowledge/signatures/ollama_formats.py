"""llama.cpp and the apps built on it (Ollama, LM Studio, koboldcpp, llama-cpp-python, ExLlamaV2 loaders): a model
file newer than the loader, and the loaders' own start-up failures.

Written blind for issue 25 (seventh round), sampled by symptom from the trackers. llama.cpp's GGUF reader
(ggml/src/gguf.cpp, gguf_init_from_file_impl) refuses a tensor whose ggml type number it does not know with
"tensor '<name>' has invalid ggml type <n> (NONE)"; the GGML-era loader (2023) said "unrecognized tensor type <n>".
Both mean the file uses a quantization type added after this build (MXFP4 for gpt-oss, type 39), so a newer
llama.cpp, or a newer release of the app that bundles it, reads the file.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FORMAT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gguf-tensor-type-unknown",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"tensor '(?P<tensor>[\w.-]{1,80})' has invalid ggml type (?P<type>\d{1,3}) \(NONE\)",
            r"error loading model: unrecognized tensor type (?P<type>\d{1,3})\b",
        ),
        severity="fail",
        cause=("The model file stores tensors in a quantization type (ggml type {type}) that this llama.cpp build does "
               "not know: the file is newer than the program loading it."),
        advice=("Update the program that loads the model to its latest release: llama.cpp (a new release or a build "
                "from the current source), or the app that bundles it (Ollama, LM Studio, koboldcpp, "
                "`pip install -U llama-cpp-python`); the file itself is fine, so do not download it again."),
        action="configure",
        rules_out=("a corrupt download", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/15099", "https://github.com/unslothai/unsloth/issues/3124",
                 "https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/gguf.cpp"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-15099-gpt-oss-mxfp4-invalid-ggml-type-39.txt",
                  "ollama/unsloth-3124-gpt-oss-gguf-invalid-type-windows.txt"),
    ),
)
