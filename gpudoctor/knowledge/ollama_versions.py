"""What each Ollama version reads and prints: one table per fact, each row with the version range
and the file of Ollama's source it comes from (https://github.com/ollama/ollama, file@commit of the
first and last release that has it; "last" None means it is still there in the newest release
checked, v0.32.15).

The ranges were read from Ollama's git history: every release tag's envconfig/config.go (AsMap, the
map the `server config` line prints) and the files that log the lines below. Advice must only name
settings the running version reads: the `server config` line lists exactly those (AsMap), so when
the log has it, its keys decide; this table answers when only the version is known.
"""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

# Commits of the release tags cited below (git rev-parse vX^{commit}).
COMMITS = {
    "0.1.32": "fb9580df85c562295d919b6c2632117d3d8cea89",
    "0.1.33": "9164b0161bcb24e543cba835a8863b80af2c0c21",
    "0.1.34": "adeb40eaf29039b8964425f69a9315f9f1694ba8",
    "0.1.35": "86f9b582d5d8ccd44ba6bb8daddea5774209ef7c",
    "0.1.38": "d1692fd3e0b4a80ff55ba052b430207134df4714",
    "0.1.44": "c39761c5525132d96e1da0956a9aa39e87b54114",
    "0.1.45": "e01e535cbbb92e0d9645bd726e259e7d8a6c7598",
    "0.2.0": "53da2c69654769c0c086af695722e1d9b9ee6ecc",
    "0.3.10": "06d4fba851b91eb55da892d23834e8fe75096ca7",
    "0.3.14": "f2890a4494f9fb3722ee7a4c506252362d1eab65",
    "0.5.0": "aed1419c64748f31e66fe04875a6696b70761038",
    "0.5.11": "f8453e9d4a15f5f54b610993e8647d252cb65626",
    "0.5.12": "8c13cfa4dd35a79c983eb19b5ec2be7ffa220b69",
    "0.11.4": "f2e9c9aff5f59b21a5d9a9668408732b3de01e20",
    "0.11.5": "f804e8a46005b36e6f14577f4226cf2046abce12",
    "0.12.3": "b04e46da3ebca69a2b1216b3943d8a463e8b4a14",
    "0.12.4": "15e3611d3d13f5ee48aae9ec893529cf7acd972a",
    "0.12.10": "80d34260ea16e76c9ef0d014a86cc130421855f1",
    "0.32.15": "b7871fc0d1d82fe109536efa3e0e8e411c766c75",
}


@dataclass(frozen=True)
class Span:
    first: str
    last: str | None  # None: still present in the newest release checked
    source: str  # file@first-commit (short)
    meaning: str = ""


def _at(path: str, version: str) -> str:
    return f"{path}@{COMMITS[version][:12]}"


# Settings the server reads (envconfig AsMap keys, so also the keys of the `server config` line).
SETTINGS: dict[str, Span] = {
    "OLLAMA_SCHED_SPREAD": Span("0.1.45", None, _at("envconfig/config.go", "0.1.45"),
                                "always schedule a model across all GPUs (server/sched.go; llm/server.go assignLayers "
                                "from 0.11.5)"),
    "OLLAMA_GPU_OVERHEAD": Span("0.3.10", None, _at("envconfig/config.go", "0.3.10"),
                                "reserve this many bytes of VRAM per GPU"),
    "OLLAMA_NUM_PARALLEL": Span("0.1.34", None, _at("server/envconfig/config.go", "0.1.34"),
                                "parallel requests per model; each multiplies the context's KV cache"),
    "OLLAMA_MAX_LOADED_MODELS": Span("0.1.34", None, _at("server/envconfig/config.go", "0.1.34"),
                                     "models kept loaded at once"),
    "OLLAMA_KV_CACHE_TYPE": Span("0.5.0", None, _at("envconfig/config.go", "0.5.0"),
                                 "q8_0/q4_0 quantise the KV cache (needs flash attention)"),
    "OLLAMA_FLASH_ATTENTION": Span("0.1.39", None, _at("envconfig/config.go", "0.1.45"),
                                   "flash attention: a smaller compute graph"),
    "OLLAMA_NEW_ENGINE": Span("0.5.12", "0.24.0", _at("envconfig/config.go", "0.5.12"), "Ollama's own engine"),
    "OLLAMA_LLM_LIBRARY": Span("0.1.34", None, _at("server/envconfig/config.go", "0.1.34"),
                               "force one runner library (cpu, cuda_v12 ...)"),
    "CUDA_VISIBLE_DEVICES": Span("0.1.45", None, _at("envconfig/config.go", "0.1.45"),
                                 "which NVIDIA GPUs the server and its runners see"),
}

# The log lines gpudoctor reads, by format. `first`/`last` are releases that print them.
LOG_FORMATS: dict[str, Span] = {
    "offload-flat": Span("0.1.32", "0.1.32", _at("llm/server.go", "0.1.32"),
                         'msg="offload to gpu" reallayers= layers= required= used= available= kv='),
    "offload-gpu-real": Span("0.1.33", "0.1.44", _at("llm/memory.go", "0.1.38"),
                             'msg="offload to gpu" layers.real= (0.1.38+: layers.requested=) '
                             "memory.available= (one figure, all GPUs) memory.required.full/partial/kv="),
    "offload-to-library": Span("0.1.45", "0.5.11", _at("llm/memory.go", "0.1.45"),
                               'msg="offload to cuda" layers.requested/model/offload/split '
                               "memory.available=[per GPU] memory.required.full/partial/kv/allocations="),
    "offload-library-attr": Span("0.5.12", "0.12.10", _at("llm/memory.go", "0.5.12"),
                                 "msg=offload library=cuda with the same layers.* and memory.* fields"),
    "server-config": Span("0.1.34", None, _at("server/routes.go", "0.1.34"),
                          'INFO server config env="map[KEY:value ...]" (envconfig AsMap)'),
    "inference-compute-variant": Span("0.1.35", "0.12.3", _at("gpu/types.go", "0.1.35"),
                                      'msg="inference compute" id= library=cuda variant=v12 compute= driver= name= '
                                      "total= available= (discover/types.go from 0.3.x)"),
    "inference-compute-described": Span("0.12.4", None, _at("discover/types.go", "0.12.4"),
                                        'msg="inference compute" id= filter_id= library=CUDA name=CUDA0 description= '
                                        "libdirs= driver= pci_id= type= total= available=; id=cpu when none"),
    "looking-for-gpus": Span("0.2.0", "0.12.3", _at("gpu/gpu.go", "0.2.0"), 'msg="looking for compatible GPUs"'),
    "discovering-gpus": Span("0.12.4", None, _at("discover/runner.go", "0.12.4"),
                             'msg="discovering available GPUs..."'),
    "no-compatible-gpus": Span("0.2.0", "0.12.3", _at("gpu/gpu.go", "0.2.0"), 'msg="no compatible GPUs were discovered"'),
    "no-nvidia-devices": Span("0.3.14", "0.12.3", _at("discover/gpu.go", "0.3.14"),
                              'msg="no nvidia devices detected by library /…/libcuda.so.X"'),
    "single-gpu-fit": Span("0.1.33", "0.11.4", _at("server/sched.go", "0.1.33"),
                           'msg="new model will fit in available VRAM in single GPU, loading" gpu=GPU-…'),
    "ggml-cuda-init": Span("0.1.32", None, _at("ml/backend/ggml/ggml/src/ggml-cuda/ggml-cuda.cu", "0.5.12"),
                           "ggml_cuda_init: found N CUDA devices: / '  Device i: NAME, compute capability X.Y, VMM: yes' "
                           "(llama.cpp's, printed by the runner; vendored in 0.5.12)"),
    "ggml-cuda-device-id": Span("0.11.5", None, _at("ml/backend/ggml/ggml/src/ggml-cuda/ggml-cuda.cu", "0.11.5"),
                                "'  Device i: NAME, compute capability X.Y, VMM: yes, ID: GPU-…'"),
    "new-engine-load": Span("0.11.5", None, _at("runner/ollamarunner/runner.go", "0.11.5"),
                            'msg=load request="{… GPULayers:N[ID:GPU-… Layers:n(a..b) …] …}" and msg="gpu memory" '
                            "id= available= (llm/server.go)"),
    "starting-llama-server": Span("0.1.32", "0.11.4", _at("llm/server.go", "0.1.32"),
                                  'msg="starting llama server" cmd="… --model … --tensor-split a,b"'),
    "starting-runner": Span("0.11.5", "0.24.0", _at("llm/server.go", "0.11.5"), 'msg="starting runner" cmd="…"'),
}

# What the scheduler does, by version (the sentence the placement check rests on).
SCHEDULER = (
    Span("0.1.33", "0.1.44", _at("server/sched.go", "0.1.33"),
         "fits one GPU first, else all GPUs of the library; no way to force a spread"),
    Span("0.1.45", "0.11.4", _at("server/sched.go", "0.1.45"),
         "fits one GPU first (pickBestFitGPUs / pickBestFullFitByLibrary), spreads only when the model does not "
         "fit or OLLAMA_SCHED_SPREAD is set"),
    Span("0.11.5", None, _at("llm/server.go", "0.11.5"),
         "assignLayers packs layers onto the fewest GPUs; OLLAMA_SCHED_SPREAD spreads over all of them"),
)


def version_key(version: str | None) -> tuple[int, ...] | None:
    """'0.5.12' -> (0, 5, 12); '0.6.8-rc1' -> (0, 6, 8): a release candidate holds its release's code,
    so only the release numbers count; None when `packaging` reads no version."""
    try:
        return Version(version).release if version else None
    except InvalidVersion:
        return None


def within(version: str | None, span: Span) -> bool | None:
    key = version_key(version)
    if key is None:
        return None
    last = version_key(span.last) if span.last else None
    return key >= version_key(span.first) and (last is None or key <= last)


def reads(name: str, version: str | None, config_keys: tuple[str, ...] = ()) -> bool | None:
    """Does the running server read `name`? The keys of its own `server config` line decide when
    known; else the table, by version; None when neither can tell."""
    if config_keys:
        return name in config_keys
    span = SETTINGS.get(name)
    return None if span is None else within(version, span)


def scheduler(version: str | None) -> Span | None:
    return next((span for span in SCHEDULER if within(version, span)), None)
