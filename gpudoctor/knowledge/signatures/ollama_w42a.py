"""Issue 25 (helper w42a): Ollama's and llama.cpp's lines that name a cause the catalogue read as a bare runner crash
or not at all.

- `ollama create` with a Modelfile whose FROM line names a file that is not there (a typo, a path from the filesystem
  root where the file sits beside the Modelfile, a path relative to another directory): Ollama does not say "no such
  file"; it takes the value for a model name and tries to pull it from a registry. What the pull then prints depends on
  the value: a bare "pull model manifest: 400" (the registry refuses a name a model name cannot be), or a request for a
  manifest URL that ends in the file's own name ("https://v2/models/phi-2.Q4_0.gguf/manifests/latest", DNS failing
  for a host named after the path) (ollama#1765). The registry and the network are not the problem; the path is.
- GGML_ASSERT(hparams.<field> ...) failed: llama.cpp's model loader checks the model's hyperparameters against what
  this build knows (n_expert <= LLAMA_MAX_EXPERTS on a DeepSeek-V3/R1 with 256 experts before the limit was raised,
  ollama#9009; n_swa > 0 for a model variant whose sliding-window settings an older build reads differently). The
  runner aborts on the assertion; a release that supports the model loads it (Ollama, llama.cpp, llama-cpp-python,
  an app's llama.cpp runtime).
- "Key issue seems to be related to wrong number of tensors": a person's summary of llama.cpp's loader refusing a
  model whose tensor count this release does not expect (ollama#7278, Llama 3.2 on Ollama 0.1.32), with the log itself
  only in a screenshot; ollama.model-tensor-count-mismatch reads the loader's own line.
- "cuBLAS error 15 at ggml-cuda.cu:7956: the requested functionality is not supported": ggml's CUDA backend of late
  2023 and early 2024 (llama.cpp, whisper.cpp, Ollama 0.1.1x, Tabby, llama-cpp-python of the time) multiplied in FP16
  with cublasGemmStridedBatchedEx, which Maxwell and older GPUs (compute capability below 5.3: GTX 9xx, Titan X, M40)
  do not support; Ollama raised its CUDA build's minimum compute capability for it (ollama#1874). The GPU is too old
  for that build: a build that handles it (newer, or compiled for its architecture) or another GPU fixes it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

MODELFILE = "https://github.com/ollama/ollama/blob/main/docs/modelfile.md"
IMPORT = "https://github.com/ollama/ollama/blob/main/docs/import.md"
RELEASES = "https://github.com/ollama/ollama/releases"
# A line that is about producing the model file or loading a PyTorch checkpoint: its tensor count is another cause.
_NOT_CONVERSION = (r"^(?![^\n]{0,400}?(?:[Cc]onvert|[Cc]onversion|[Qq]uantiz|[Qq]uantis|state_dict|[Cc]heckpoint|"
                   r"safetensors|PyTorch|torch\.load))")

SIGNATURES = (
    Signature(
        code="ollama.create-from-path-pulled-as-name",
        cause_id="model-path-not-found",
        kinds=("any",),
        patterns=(
            # the pull of a "name" that is a model file's path: the manifest URL ends in the file's own name
            r"pull model manifest: Get \"?https?://[^\s\"]{1,200}?\.(?:gguf|GGUF|bin|safetensors)/manifests/",
            # an absolute path taken for a name: its first part empty, the registry host becomes "v2"
            r"pull model manifest: Get \"?https?://v2/",
            # the registry refusing the value as a name (400 with no message after it; "400: {...}" is another refusal)
            r"pull model manifest: 400(?![:\d])",
        ),
        severity="fail",
        cause=("Ollama tried to pull a model named by what is really a file path: `ollama create` found no file at the "
               "path the Modelfile's FROM line gives (a typo, or a path relative to another folder), so it took the "
               "value for a model name and asked a registry for it."),
        advice=("Fix the FROM line of the Modelfile so that it names the existing GGUF (or safetensors folder): a path "
                "relative to the Modelfile's own folder (`FROM ./model.gguf`) or the full absolute path, spelt exactly "
                "as `ls` shows it, then run `ollama create NAME -f Modelfile` again; a FROM that names a model to pull "
                "must be a model name and tag from ollama.com/library (`ollama pull NAME:TAG`), not a file name."),
        action="configure",
        rules_out=("a GPU or driver fault", "a network or proxy fault"),
        never_suggest=("set HTTPS_PROXY", "reinstall the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/1765", MODELFILE, IMPORT),
        checked="2026-11-28",
        examples=("ollama/ollama-1765-modelfile-from-absolute-path-pulled-as-name.txt",),
    ),
    Signature(
        code="ollama.hparams-assert-runtime-too-old",
        # the runner's own abort: the hyperparameter check names why it died
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llama-model.cpp (llama.cpp, Ollama's runner, llama-cpp-python, LM Studio's and koboldcpp's engines):
        # "GGML_ASSERT(hparams.n_expert <= LLAMA_MAX_EXPERTS) failed", "GGML_ASSERT(hparams.n_swa > 0) failed"
        # rev42a: a field, not a method: "GGML_ASSERT(hparams.n_pos_per_embd() == 1) failed" is llama-kv-cache.cpp's
        # check at run time (a context shift on an M-RoPE model), not the loader's, and an upgrade is not its fix
        patterns=(r"GGML_ASSERT\(hparams\.(?P<param>[a-z_]{1,40})\b(?![(\w])[^\n]{0,80}?\) failed",),
        severity="fail",
        cause=("The model's hyperparameters fail a check of the llama.cpp that loads it (hparams.{param}): this "
               "release of Ollama, llama.cpp or the app's llama.cpp runtime predates support for this model or "
               "variant, so the runner aborts while loading it."),
        advice=("Update what loads the model to a release that supports it: Ollama on Linux with `curl -fsSL "
                "https://ollama.com/install.sh | sh` (then `sudo systemctl restart ollama`), on Windows and macOS the "
                "app's update or ollama.com/download, in Docker a newer ollama/ollama image; llama.cpp and "
                "llama-cpp-python a newer build or release; LM Studio, koboldcpp or Jan a newer llama.cpp runtime. Or "
                "run the model as published in Ollama's own library (`ollama run NAME`), whose GGUF fits the releases "
                "that list it; the download itself is not damaged."),
        action="configure",
        rules_out=("a GPU or driver fault", "a corrupt download"),
        never_suggest=("reinstall the driver", "redownload the model", "reduce the context"),
        sources=("https://github.com/ollama/ollama/issues/9009", RELEASES,
                 "https://github.com/ggml-org/llama.cpp/blob/master/src/llama-model.cpp"),
        checked="2026-11-28",
        examples=("ollama/ollama-9009-ggml-assert-max-experts-old-release.txt",),
    ),
    Signature(
        code="ollama.model-tensor-count-described",
        described=True,
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # the words without the loader's own line around them ("done_getting_tensors: wrong number of tensors;
        # expected N, got M" is ollama.model-tensor-count-mismatch's): "related to wrong number of tensors",
        # "it says wrong number of tensors", "the wrong tensor count"
        # rev42a: not a line about making the file (a converter or quantizer that wrote too few tensors is a bad
        # conversion, not an old runtime) nor PyTorch's checkpoint loading
        patterns=(_NOT_CONVERSION + r"[^\n]{0,300}?(?<!done_getting_tensors: )\bwrong (?:number|count) of tensors\b"
                  r"(?!; expected)",
                  _NOT_CONVERSION + r"[^\n]{0,300}?\bwrong tensor count\b"),
        severity="warn",
        cause=("The description suggests llama.cpp's model loader refused the model because it holds another number "
               "of tensors than this release expects: the model (or its variant) is newer than the Ollama or llama.cpp "
               "release loading it."),
        advice=("Upgrade Ollama (or llama.cpp, or the app's llama.cpp runtime) to a release that supports the model "
                "(its page on ollama.com names the version it needs): on Linux `curl -fsSL https://ollama.com/install.sh "
                "| sh` then `sudo systemctl restart ollama`, on Windows and macOS the app's update; `ollama -v` should "
                "then print the new version with no \"client version\" warning (an old server still running)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "redownload the model"),
        sources=("https://github.com/ollama/ollama/issues/7278", "https://github.com/ollama/ollama/issues/6966", RELEASES),
        checked="2026-11-28",
        examples=("ollama/ollama-7278-llama32-wrong-tensor-count-ollama-0132.txt",),
    ),
    Signature(
        code="ollama.ggml-cublas-fp16-gemm-unsupported-gpu",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # ggml-cuda.cu's CUBLAS_CHECK of that time: "cuBLAS error 15 at ggml-cuda.cu:7548: the requested functionality
        # is not supported" (15 is CUBLAS_STATUS_NOT_SUPPORTED); the file path before it varies with the project
        patterns=(r"cuBLAS error 15 at [^\s]{0,160}?ggml-cuda\.cu:\d{1,6}: the requested functionality is not supported",),
        severity="fail",
        cause=("cuBLAS refused the half-precision batched matrix multiplication this ggml CUDA build uses: the GPU's "
               "compute capability is too old for it (Maxwell and older, below 5.3: GTX 9xx, GTX Titan X, Tesla "
               "M40), so the program aborts at the first prompt."),
        advice=("Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`). On 5.x "
                "and older, run a build that supports that architecture: a newer llama.cpp (or Ollama, whisper.cpp, "
                "koboldcpp) release, or llama.cpp built from source with `-DGGML_CUDA=ON "
                "-DCMAKE_CUDA_ARCHITECTURES=52` (your GPU's number) and `-DGGML_CUDA_FORCE_MMQ=ON`; Ollama itself "
                "needs compute capability 5.0 or newer and uses the CPU below it. A GPU with compute capability 6.0 "
                "or newer runs the prebuilt CUDA builds as they are."),
        action="configure",
        rules_out=("a driver fault", "a damaged model"),
        never_suggest=("reinstall the driver", "redownload the model"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/4395", "https://github.com/ollama/ollama/pull/1874",
                 "https://github.com/ggml-org/whisper.cpp/issues/1587", "https://github.com/TabbyML/tabby/issues/1154",
                 "https://developer.nvidia.com/cuda-gpus"),
        checked="2026-11-28",
        examples=("ollama/llamacpp-4395-cublas-error-15-gtx980-cc52.txt",),
    ),
)
