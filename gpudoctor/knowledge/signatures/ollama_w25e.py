"""Issue 25 (helper w25e): `ollama create` given model files its import cannot read.

`ollama create` reads the Modelfile's FROM: a GGUF file is copied as it is; a folder (or file) of safetensors weights
is converted by Ollama's own convert package, which knows a list of architectures (convert/convert.go) that grows with
each release. Anything else in the folder (PyTorch .bin or .pt weights, ONNX, a model with no safetensors export) is
no type the import knows: the client stops with "Error: unknown type" after "gathering model components". The threads
settle on converting the model to GGUF with llama.cpp's convert_hf_to_gguf.py and importing that file; for an
embedding model (BERT, bge) Ollama's library often has it ready to pull.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

IMPORT_DOCS = "https://github.com/ollama/ollama/blob/main/docs/import.mdx"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.create-unknown-model-type",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # The client's last line of `ollama create` (server/create.go's errUnknownType) when the files FROM names are
        # neither GGUF nor safetensors.
        patterns=(r"^Error: unknown type\s*$",),
        contexts=("ollama-create",),
        severity="fail",
        cause=("`ollama create` found no model file type its import reads where FROM points: Ollama imports GGUF files "
               "and safetensors weights (of the architectures it can convert), and this folder holds neither (PyTorch "
               ".bin or .pt weights, ONNX)."),
        advice=("Convert the model to GGUF with llama.cpp (`pip install -r requirements.txt` in a llama.cpp checkout, "
                "then `python convert_hf_to_gguf.py <model folder> --outfile model.gguf`) and point the Modelfile's "
                "FROM at the .gguf; or use the model's safetensors export where the Hugging Face repository has one "
                "(with a newer Ollama, whose import knows more architectures), or pull a ready build from Ollama's "
                "library (embedding models such as bge-m3 and nomic-embed-text are there)."),
        action="configure",
        rules_out=("a GPU or driver fault", "lack of VRAM"),
        never_suggest=("reinstall the driver", "update the driver", "lower num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/10282", IMPORT_DOCS),
        checked="2026-11-27",
        examples=("ollama/ollama-10282-create-pytorch-bin-unknown-type.txt",),
    ),
)
