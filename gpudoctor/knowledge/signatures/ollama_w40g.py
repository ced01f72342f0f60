"""Issue 25 (helper w40g): Ollama, llama.cpp and the apps built on them, 2026 threads the catalogue did not read.

- Ollama 0.13.2 and later validate each GPU discovery found by starting a runner that sees only that GPU; a GPU the
  runner cannot initialise is dropped with a DEBUG line, "filtering device which didn't fully initialize", and the
  server runs on the CPU. On a MIG-partitioned GPU (A100, H100) the validation names the parent GPU's GPU- UUID in
  CUDA_VISIBLE_DEVICES, which selects no MIG instance, so every MIG device is dropped (ollama#13800, #14031; the
  analysis is in pull requests #13851 and #15146); 0.13.1 still detects them. Read in the "mig" context only: no
  real excerpt of the same line on a whole GPU (an architecture the library lacks, a vGPU) was found yet.
- Jan and Atomic Chat ask their downloaded llama-server for its devices (`--list-devices`) and log "No devices found
  in output" when the list is empty; where the backend folder is a CUDA one, its CUDA runtime DLLs are not beside
  llama-server.exe (Atomic-Chat#14, fixed by the cudart-llama-bin-win-cuda zip; Atomic-Chat#24, bundled in v1.1.79).
  A CPU backend's empty list (jan#7553) has no settled thread yet and is left unread.
- llama.cpp's "--list-devices" that lists nothing, described by people whose Windows build lacks ggml-cuda.dll
  (ggrun#24, llama-agent#34).
- llamafile 0.10 on Windows no longer bundles ggml-cuda.dll: llama.cpp's "no usable GPU found" there means the module
  is missing, not a CPU-only build (llamafile#957).
- llama.cpp's scheduler warning "layer 0 is assigned to device CPU but the fused Gated Delta Net tensor is assigned to
  device CUDA0 (usually due to missing support)" on hybrid (Qwen3.5/3.6-style) models: the context or batch asked for
  did not fit in the GPU's free memory, so the fit moved layers to the CPU (llama.cpp#24712, #27162).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_p15o import ROWS as _P15O_ROWS

_CPU_DESCRIBED = next(row for row in _P15O_ROWS if row.code == "ollama.runs-on-cpu-described").patterns
MIG_PR = "https://github.com/ollama/ollama/pull/13851"
MIG_GUIDE = "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/index.html#cuda-visible-devices"

_FILTERED = r"filtering device which didn't fully initialize"
# Ollama's own line when discovery kept no GPU (slog's msg= form, and as people quote it without the msg= part)
_CPU_ONLY = r"(?<=msg=\"inference compute\" )id=(?:0|cpu) library=cpu\b"
_CPU_ONLY_QUOTED = r"(?<!msg=\")inference compute\"? id=cpu library=cpu\b"

_MIG_ADVICE = ("Ollama 0.13.2 and later drop MIG instances when they validate each GPU (the check selects the "
               "instance by its parent GPU's UUID, which CUDA does not accept for MIG), so run Ollama 0.13.1 on MIG "
               "partitions (`ollama/ollama:0.13.1`, or `curl -fsSL https://ollama.com/install.sh | "
               "OLLAMA_VERSION=0.13.1 sh`) until a release that accepts MIG devices; or give Ollama a whole GPU "
               "(`sudo nvidia-smi -i <gpu> -mig 0`, then reset the GPU or reboot). `nvidia-smi -L` lists the "
               "instances with their MIG- UUIDs.")

_LIST_ADVICE = ("Check the folder llama-server runs from: a CUDA build holds ggml-cuda.dll (Linux: libggml-cuda.so), "
                "which comes only in the llama-bXXXX-bin-win-cuda-<version>-x64.zip build, and beside it the CUDA "
                "runtime DLLs (cudart64_*, cublas64_*, cublasLt64_*) of the matching "
                "cudart-llama-bin-win-cuda-<version>-x64.zip of the same release; extract both zips into one folder "
                "(an app's installer that fetched only one of them needs the other), or build it with `cmake -B build "
                "-DGGML_CUDA=ON`. `llama-server --list-devices` then names the CUDA0 device, and a verbose run "
                "(`-lv 4`) shows which load_backend line failed.")

_APP_ADVICE = ("Put the CUDA runtime DLLs beside the backend's llama-server.exe: download the "
               "cudart-llama-bin-win-cuda-<version>-x64.zip (the CUDA version of the backend's name: 12.4, 13.1) of the "
               "same llama.cpp release from github.com/ggml-org/llama.cpp/releases and extract its DLLs into the "
               "backend's build\\bin folder (%APPDATA%\\<app>\\data\\llamacpp\\backends\\<build>\\<backend>\\build\\bin), "
               "then restart the app; or update the app to a release that bundles them.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.mig-instance-dropped",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        contexts=("mig",),
        refines=("ollama.no-compatible-gpu",),
        patterns=(_FILTERED, _CPU_ONLY, _CPU_ONLY_QUOTED),
        severity="fail",
        cause=("Ollama dropped the MIG instance it discovered and runs on the CPU: from 0.13.2 its GPU validation "
               "selects the device by the parent GPU's GPU- UUID, which selects no MIG instance, so the check fails "
               "and the instance is filtered out (0.13.1 still uses it)."),
        advice=_MIG_ADVICE,
        action="configure",
        rules_out=("the NVIDIA Container Toolkit or the container's GPU request, when nvidia-smi in the container lists "
                   "the MIG instance",),
        never_suggest=("reinstall the driver", "update the driver", "--gpus=all"),
        versions=("ollama>=0.13.2",),
        sources=("https://github.com/ollama/ollama/issues/13800", "https://github.com/ollama/ollama/issues/14031",
                 MIG_PR, "https://github.com/ollama/ollama/pull/15146", MIG_GUIDE),
        checked="2026-11-28",
        examples=("ollama/ollama-13800-a100-mig-filtered-didnt-fully-initialize.txt",
                  "ollama/ollama-14031-h100-nvl-mig-cpu-only-from-0132.txt"),
    ),
    Signature(
        code="ollama.mig-instance-dropped-described",
        described=True,
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        contexts=("mig",),
        refines=("ollama.runs-on-cpu-described",),
        # ollama.runs-on-cpu-described's lines, read where the text shows a MIG instance
        patterns=_CPU_DESCRIBED,
        severity="warn",
        cause=("The description suggests Ollama runs on the CPU on a MIG instance: Ollama 0.13.2 and later drop MIG "
               "instances while validating the GPUs they discovered (the check selects the parent GPU's UUID), while "
               "0.13.1 uses them."),
        advice=_MIG_ADVICE,
        action="configure",
        never_suggest=("reinstall the driver", "--gpus=all"),
        versions=("ollama>=0.13.2",),
        sources=("https://github.com/ollama/ollama/issues/14031", "https://github.com/ollama/ollama/issues/13800", MIG_PR),
        checked="2026-11-28",
        examples=("ollama/ollama-14031-h100-nvl-mig-cpu-only-from-0132.txt",),
    ),
    Signature(
        code="ollama.llamacpp-app-cuda-backend-without-runtime",
        cause_id="cuda-library-missing",
        kinds=("any",),
        contexts=("llamacpp-app-cuda-backend",),
        patterns=(r"WARN\]? No devices found in output",),
        severity="fail",
        cause=("The app runs a CUDA build of llama-server, but it listed no GPU: the CUDA runtime DLLs that build "
               "links (cudart64_*, cublas64_*, shipped separately by llama.cpp) are not beside llama-server.exe, so "
               "its CUDA backend cannot load and the models run on the CPU."),
        advice=_APP_ADVICE,
        action="configure",
        rules_out=("the GPU or its driver, when nvidia-smi lists the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/AtomicBot-ai/Atomic-Chat/issues/14", "https://github.com/AtomicBot-ai/Atomic-Chat/issues/24",
                 "https://github.com/ggml-org/llama.cpp/issues/15204"),
        checked="2026-11-28",
        examples=("ollama/atomicchat-14-win-cuda13-dlls-missing-no-devices.txt",),
    ),
    Signature(
        code="ollama.llamacpp-list-devices-empty-described",
        described=True,
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(
            # "When I run the list devices it does not see any GPU", "--list-devices returns empty", "llama-server
            # --list-devices" returned: "Available devices: "
            r"\blist[- ]devices?\b[^\n]{0,60}?\b(?:does not|doesn't|did not|didn't|do not|don't|cannot|can't|won't|never)"
            r" (?:see|show|list|find|detect|return)s? (?:any |my |the )?(?:GPUs?|gpus?|CUDA|devices?|graphics)\b",
            r"\blist[- ]devices?\b[^\n]{0,40}?\b(?:returns?|returned|shows?|showed|prints?|printed|gives?|gave|lists?|"
            r"listed)\s(?:an? )?(?:empty|nothing|no (?:GPUs?|devices?)|only (?:the )?CPU)\b",
        ),
        severity="warn",
        cause=("The description suggests llama.cpp's device list is empty: this llama.cpp has no CUDA backend it can "
               "load (a CPU-only build or archive, ggml-cuda.dll / libggml-cuda.so missing beside it, or the CUDA "
               "runtime libraries it links not found), so it runs on the CPU."),
        advice=_LIST_ADVICE,
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/raketenkater/ggrun/issues/24", "https://github.com/gary149/llama-agent/issues/34",
                 "https://github.com/ggml-org/llama.cpp/issues/15204"),
        checked="2026-11-28",
        examples=("ollama/llamaagent-34-win-zip-no-ggml-cuda-list-devices-cpu.txt",),
    ),
    Signature(
        code="ollama.llamafile-no-usable-gpu",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        contexts=("llamafile",),
        refines=("ollama.llama-cpp-without-gpu",),
        patterns=(r"no usable GPU found, --gpu-layers option will be ignored",),
        severity="fail",
        cause=("llamafile found no GPU module to load: llamafile 0.10 and later on Windows do not bundle ggml-cuda.dll, "
               "so without it llama.cpp sees no GPU and runs on the CPU."),
        advice=("Download the ggml-cuda.dll published for this llamafile release (huggingface.co/mozilla-ai/"
                "llamafile_0.10) and put it in your home directory (C:\\Users\\<you>\\; later releases also look next "
                "to llamafile.exe), then run with `-ngl 999`. Linux llamafiles from 0.10 carry their CUDA module; "
                "older ones compile ggml-cuda.so on first run with nvcc, which must then be on PATH."),
        action="configure",
        rules_out=("a CPU-only build of llama.cpp",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/mozilla-ai/llamafile/issues/957", "https://github.com/mozilla-ai/llamafile/issues/961",
                 "https://huggingface.co/mozilla-ai/llamafile_0.10"),
        checked="2026-11-28",
        examples=("ollama/llamafile-957-win-010-no-usable-gpu-ggml-cuda-dll.txt",),
    ),
    Signature(
        code="ollama.llamacpp-fused-op-layer-on-cpu",
        cause_id="ollama-oom",
        kinds=("any",),
        # llama-context.cpp's sched_reserve / resolve_fused_ops: a layer the fit left on the CPU while the fused
        # recurrent op (Gated Delta Net of Qwen3.5/3.6-style hybrids, Lightning Indexer) sits on the GPU
        patterns=(
            r"layer \d{1,4} is assigned to device CPU but (?:the )?(?:fused )?(?P<op>Gated Delta Net|Lightning Indexer)"
            r"(?: \((?:chunked|autoregressive)\))?(?: tensor)? is assigned to device (?P<device>[A-Za-z]{3,7}\d{1,2})",
        ),
        severity="warn",
        cause=("llama.cpp left some of the model's layers on the CPU while the fused {op} runs on {device}: the context "
               "and batch asked for did not fit in the GPU's free memory beside the weights, so the memory fit moved "
               "layers off the GPU (the warning's \"missing support\" is not the reason)."),
        advice=("Give back GPU memory until the warning goes: a smaller --ctx-size (-c 16384 instead of 32768 or the "
                "model's maximum), fewer parallel slots (--parallel 1; auto picks 4), a smaller --ubatch-size, a "
                "quantized KV cache (-ctk q8_0 -ctv q8_0), leaving the mmproj off or a smaller quantization; or "
                "accept the partial offload if it was meant (-ngl, --n-cpu-moe)."),
        action="configure",
        rules_out=("a llama.cpp build without support for the GPU",),
        never_suggest=("rebuild llama.cpp", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/24712", "https://github.com/ggml-org/llama.cpp/issues/27162"),
        checked="2026-11-28",
        examples=("ollama/llamacpp-24712-fused-gdn-cpu-warning-ctx-too-big.txt",
                  "ollama/llamacpp-27162-fused-gdn-chunked-cpu-slightly-oom.txt"),
    ),
)
