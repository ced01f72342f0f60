"""Issue 25 (helper w41e): Ollama's and llama-cpp-python's failures that people describe without an error line.

- "ollama list shows nothing", "ollama list doesn't show installed models", "Ollama is not detecting those models",
  "ollama no longer finds the models downloaded before the upgrade": the models are still on disk, but the server
  that answers reads another store. OLLAMA_MODELS was changed without moving the models (ollama#8641), names the
  folder above the one holding blobs and manifests (ollama#12154), a package upgrade moved the service's store (Arch
  Linux's /var/lib/ollama), the models were pulled through an `ollama serve` of another user than the systemd
  service's (ollama#6301), or they were copied by hand without their manifests or with blob names of the other
  system (sha256: on Linux, sha256- on Windows, ollama#2421). Nothing is deleted and the GPU plays no part.
- "used n_gpu_layers 99 but the GPU is not being used": a llama.cpp layer count above zero that changes nothing is
  a llama-cpp-python (or llama.cpp) built for the CPU only, the plain PyPI build that apps pull in as a dependency.
  ollama_w38c.py's row reads the sentences that name the library; these name only its setting.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
LLAMA_CPP_PYTHON_INSTALL = "https://github.com/abetlen/llama-cpp-python#installation-configuration"

# Each prose pattern is anchored at the line's start and reads its first 600 characters (once per line).
# rev41: not when the person says no model was pulled yet or they were removed on purpose ("ollama list shows
# nothing, because I haven't pulled any model yet", "... after I deleted all models with ollama rm").
_LINE = (r"^(?![^\n]{0,600}?(?:n't pulled|not pulled|not (?:yet )?downloaded|n't downloaded|\byet\b|[Dd]eleted|"
         r"[Rr]emoved|ollama rm\b))[^\n]{0,600}?")
# "installed", "downloaded", "previously downloaded", "my", "the", "existing", "local"
_WHICH = (r"(?:the |my |any |all |those |these |our )?(?:previously |already )?(?:installed |downloaded |pulled |local |"
          r"existing |old )?")
_MODELS = r"models\b"

_NOT_LISTED = (
    # "ollama list shows nothing", "ollama list returns an empty list", "`ollama list` gives a blank list"
    _LINE + r"\bollama list`?(?: command)? (?:now |still |just |only )?(?:shows|returns|gives|displays|prints|is) "
    r"(?:me )?(?:nothing|empty|an empty|a blank|blank|no models)\b",
    # "ollama list command doesn't show installed models", "ollama list does not show previously downloaded models",
    # "ollama list command not listing installed models"
    _LINE + r"\bollama list`?(?: command)? (?:does ?n'?t|does not|do ?n'?t|is ?n'?t|is not|not|no longer|won'?t|"
    r"can'?t|cannot) (?:show|list|display|see|find)(?:ing)? " + _WHICH + _MODELS,
    # "There is no model displayed in "ollama list"", "no models are shown by ollama list"
    _LINE + r"\bno models? (?:is |are )?(?:displayed|shown|listed|visible) (?:in|by|with|from) (?:the )?[\"'`]?ollama "
    r"list\b",
    # "This change makes ollama no longer find the models downloaded before the upgrade",
    # "Ollama is not detecting those models", "ollama can't see my models after moving them"
    _LINE + r"\b[Oo]llama (?:will |does |can |could |would )?no longer (?:find|finds|see|sees|detect|detects|recognize|"
    r"recognizes|list|lists|show|shows|load|loads) " + _WHICH + _MODELS,
    _LINE + r"\b[Oo]llama (?:is|was|are|were) not detecting " + _WHICH + _MODELS,
    # "they are not visible as part of list command"
    _LINE + r"\bnot visible (?:as part of|in|on) (?:the |my )?(?:ollama )?list\b",
    # "Does ollama list command only lists the models downloaded by ollama user ?"
    _LINE + r"\bollama list`?(?: command)? only (?:lists?|shows?) (?:the )?models? (?:downloaded|pulled|installed) by\b",
)

_MOVED_ADVICE = (
    "Find the store the running server reads and the folder that holds your blobs and manifests: the server's "
    "\"server config\" log line shows OLLAMA_MODELS (the Linux service's default is "
    "/usr/share/ollama/.ollama/models, Arch Linux's package uses /var/lib/ollama, Windows %USERPROFILE%\\.ollama\\models, "
    "an `ollama serve` run by hand ~/.ollama/models). Point OLLAMA_MODELS at the exact folder that contains blobs and "
    "manifests (not its parent) for the server itself (`sudo systemctl edit ollama` with "
    "Environment=\"OLLAMA_MODELS=...\", then `sudo systemctl daemon-reload && sudo systemctl restart ollama`; on "
    "Windows a user environment variable, then quit Ollama from the tray and start it again), or move blobs and "
    "manifests into the store it already reads (owned by the service's user: `sudo chown -R ollama:ollama <dir>`). "
    "Blobs copied between Linux and Windows must be renamed (sha256:<hash> on Linux, sha256-<hash> on Windows). "
    "`ollama list` then shows them; nothing needs downloading again."
)

_NGL = r"\bn_gpu_layers\b`?['\"]?\s?[=:]?\s?(?:-1|[1-9]\d{0,3})\b"
_GPU_UNUSED = (r"(?:\b(?:GPU|gpu) (?:is |was )?(?:not|never) (?:being )?(?:used|utili[sz]ed)\b"
               r"|\b(?:GPU|gpu) (?:is|was)n'?t (?:being )?(?:used|utili[sz]ed)\b"
               r"|(?:\bnot|n't|\bnever) (?:using|use|utili[sz]ing|utili[sz]e|loading (?:in)?to|load (?:in)?to|"
               r"offloading to) (?:the |my |any )?(?:GPU|gpu|VRAM)\b"
               r"|\b(?:only|still) (?:runs (?:on )?|uses |using |running (?:on )?|on )(?:the )?CPU\b)")
# rev41: nor another llama.cpp front end or backend (LM Studio, koboldcpp, Metal on a Mac, ROCm, Vulkan), nor a
# GPU that ran out of memory (a full GPU is not a CPU-only build).
_NO_OLLAMA = (r"(?![^\n]{0,600}?(?:\b[Oo]llama\b|LM Studio|[Kk]obold|Metal|\bMac|Apple|ROCm|AMD|Vulkan|out of memory|"
              r"\bOOM\b|ran out|run out|[Nn]ot enough (?:VRAM|memory)))")
_NGL_IGNORED = (
    # "used n_gpu_layers 99 but gpu is not being used"
    r"^" + _NO_OLLAMA + r"[^\n]{0,600}?" + _NGL + r"[^\n]{0,300}?" + _GPU_UNUSED,
    # "the model isn't loading into the GPU (...), even though I've got `n_gpu_layers=40` set up"
    r"^" + _NO_OLLAMA + r"[^\n]{0,600}?" + _GPU_UNUSED + r"[^\n]{0,300}?" + _NGL,
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.models-not-listed-described",
        described=True,
        cause_id="ollama-model-missing",
        kinds=("any",),
        patterns=_NOT_LISTED,
        severity="warn",
        cause=("The description suggests the models are still on disk but the Ollama server that answers reads "
               "another store: the models location was changed without moving them, or names the folder above the "
               "one that holds blobs and manifests, a package upgrade moved the service's store, the models were "
               "pulled through another server (an `ollama serve` of your own user versus the service's user "
               "ollama, another container volume), or they were copied without their manifests."),
        advice=_MOVED_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault", "deleted models, while their blobs are still on disk"),
        never_suggest=("reinstall the driver", "reinstall ollama"),
        sources=("https://github.com/ollama/ollama/issues/12154", "https://github.com/ollama/ollama/issues/8641",
                 "https://github.com/ollama/ollama/issues/2421", "https://github.com/ollama/ollama/issues/6301", FAQ),
        checked="2026-11-28",
        examples=("ollama/ollama-12154-ollama-models-set-to-parent-of-models-folder.txt",
                  "ollama/ollama-8641-list-empty-after-moving-models-drive.txt",
                  "ollama/ollama-2421-models-copied-to-offline-machine-not-listed.txt",
                  "ollama/ollama-6301-list-misses-models-pulled-by-user-serve.txt"),
    ),
    Signature(
        code="ollama.gpu-layers-ignored-described",
        described=True,
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=_NGL_IGNORED,
        severity="warn",
        cause=("The description suggests llama-cpp-python (or llama.cpp) was built for the CPU only: a GPU layer count "
               "above zero changes nothing in a build without its CUDA backend, which is what a plain "
               "`pip install llama-cpp-python` (or an app that pulls it in as a dependency) gives."),
        advice=("Reinstall llama-cpp-python with its CUDA backend, in the environment the app runs: "
                "`pip uninstall -y llama-cpp-python`, then `CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python "
                "--force-reinstall --no-cache-dir` (releases before 0.2.80: -DLLAMA_CUDA=on or -DLLAMA_CUBLAS=on; the "
                "build needs the CUDA toolkit's nvcc; PowerShell: $env:CMAKE_ARGS=...), or a prebuilt CUDA wheel "
                "(`--extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`, matching your Python). "
                "llama.cpp itself: its CUDA release or `cmake -B build -DGGML_CUDA=ON`. The load log then shows "
                "ggml_cuda_init and 'offloaded N/N layers to GPU'."),
        action="configure",
        rules_out=("a GPU or its kernel module",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=(LLAMA_CPP_PYTHON_INSTALL, "https://github.com/abetlen/llama-cpp-python/issues/199"),
        checked="2026-11-28",
        examples=("ollama/llamacppagent-57-model-not-loading-in-gpu.txt",),
    ),
)
