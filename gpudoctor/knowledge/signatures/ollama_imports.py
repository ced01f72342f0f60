"""Ollama importing a model file with `ollama create`: what the error means there.

Written blind for issue 25 (seventh wave of row writers). Ollama's GGUF reader (fs/ggml) answers "invalid file magic"
to any file it cannot parse. For a model it pulled that is a damaged blob (ollama.model-file-unreadable); for a GGUF
someone imports with `ollama create`, the threads show it mostly as a file this release cannot read yet: an
architecture (Qwen2-VL, MiniCPM-V before their support) or a quantisation (IQ quants before ollama/ollama#4322, BF16)
added after it, while a Git LFS pointer in place of the weights is the other cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

IMPORT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.create-gguf-too-new",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(r"\binvalid file magic\b",),
        contexts=("ollama-create",),
        severity="fail",
        cause=("`ollama create` could not read the GGUF: most often this Ollama release predates the file's "
               "architecture or quantisation type (a model or IQ/BF16 quant published after it), less often the file "
               "is not the weights at all."),
        advice=("Update Ollama to the newest release (Linux: `curl -fsSL https://ollama.com/install.sh | sh`; Windows "
                "and macOS: install the current app) and run `ollama create` again; if the newest release still "
                "refuses it, check the file: `ls -l` must show gigabytes, not the ~130 bytes of a Git LFS pointer "
                "(fetch it with `git lfs pull` or the file's resolve/ link), and the architecture must be one Ollama "
                "supports (else use the model from Ollama's own library). Where FROM names safetensors weights (a "
                "Hugging Face folder, a fine-tune) rather than a .gguf, Ollama converts them itself only for the "
                "architectures its import knows: convert them to GGUF with llama.cpp's convert_hf_to_gguf.py "
                "(`python convert_hf_to_gguf.py <model folder> --outfile model.gguf`) and point FROM at the .gguf."),
        action="configure",
        rules_out=("a GPU or driver fault", "lack of VRAM"),
        never_suggest=("reinstall the driver", "update the driver", "lower num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/3622", "https://github.com/ollama/ollama/issues/8500",
                 "https://github.com/ollama/ollama/issues/6272", "https://github.com/ollama/ollama/issues/4075",
                 "https://github.com/ollama/ollama/issues/3010"),
        checked="2026-11-26",
        examples=("ollama/ollama-3622-create-iq3-invalid-file-magic.txt",
                  "ollama/ollama-8500-create-qwen2-vl-invalid-file-magic.txt"),
        refines=("ollama.model-file-unreadable",),
    ),
)
