"""Issue 25, fifteenth wave (written blind): a context so long that the model leaves the GPUs, and other families.

Ollama sizes the KV cache and the compute graph for the whole context (num_ctx, OLLAMA_CONTEXT_LENGTH; from 0.12 a
VRAM-based default up to 262144): at 128k-256k tokens the graph alone takes tens of GiB on each GPU, more than a
24 GB card holds, so the scheduler puts layers, or the whole model, on the CPU. Its log states the graph per device
(ml/device.go "compute graph" device= size=, 0.12 and later; ml/backend/ggml "compute graph" backend= buffer_type=
size=, 0.6 to 0.11); the interactive CLI confirms a `/set parameter num_ctx N` with "Set parameter 'num_ctx' to 'N'".
The maintainers' fix is a shorter context or a quantized KV cache with flash attention (docs/faq.md).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# A context of 100,000 tokens or more (six or seven digits), as the CLI, a Modelfile or an API request set it.
_HUGE_CTX = r"(?P<ctx>[1-9]\d{5,6})"
# A compute graph of 16 GiB or more on one device: more than most single consumer GPUs can give it beside the weights.
_HUGE_GRAPH = r"(?P<graph>(?:1[6-9]|[2-9]\d|\d{3})(?:\.\d{1,2})? GiB)"

ROUND15_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.context-too-long-for-vram",
        refines=("ollama.ps-split-cpu-gpu", "ollama.partial-offload", "ollama.large-model-slow-partly-on-cpu",
                 "ollama.no-layers-offloaded"),
        refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # ml/device.go (0.12 on) and ml/backend/ggml (0.6 to 0.11) state the graph each device must hold
            r"msg=\\?\"compute graph\\?\" (?:device|backend)=(?P<device>[\w.]{1,20})[^\n]{0,60}? size=\\?\"" + _HUGE_GRAPH,
            # the scheduler's offload plan (llm/memory.go, 0.1.3x to 0.11): the graph it sizes for the context
            r"memory\.graph\.full=\\?\"" + _HUGE_GRAPH,
            # the interactive CLI confirming `/set parameter num_ctx N` (cmd/interactive.go), and a Modelfile's line
            r"Set parameter 'num_ctx' to '" + _HUGE_CTX + "'",
            r"\bPARAMETER num_ctx " + _HUGE_CTX + r"\b",
        ),
        severity="warn",
        cause=("The context is set very long (100,000 tokens or more, or a compute graph of 16 GiB or more on one "
               "device): its KV cache and compute graph take that much VRAM on each GPU beside the model's weights, "
               "and where a GPU has less free, Ollama puts layers, or the whole model, on the CPU and it runs "
               "several times slower (`ollama ps` shows a CPU/GPU split or 100% CPU)."),
        advice=("Shorten the context: a smaller num_ctx (`/set parameter num_ctx 32768`, the request's options, the "
                "Modelfile) or OLLAMA_CONTEXT_LENGTH in the server's environment (e.g. 32768), as long as the work "
                "needs; or quantize the KV cache with flash attention (OLLAMA_FLASH_ATTENTION=1 and "
                "OLLAMA_KV_CACHE_TYPE=q8_0, q4_0 for more) and restart the server; parallel slots multiply it "
                "(OLLAMA_NUM_PARALLEL=1). The graph is held on every GPU, so more GPUs of the same size do not help; "
                "`ollama ps` reads 100% GPU once it fits."),
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver", "OLLAMA_SCHED_SPREAD"),
        sources=("https://github.com/ollama/ollama/issues/10615", "https://github.com/ollama/ollama/issues/12389",
                 "https://github.com/ollama/ollama/issues/11790", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-10615-num-ctx-131072-all-cpu-2x3090.txt",
                  "ollama/ollama-11790-gpt-oss-graph-96gib-three-128k-contexts.txt"),
    ),
)

# An NVIDIA vGPU guest (GRID / vGPU for Compute, a Proxmox or VMware VM) without a license runs at full speed for about
# 20 minutes and is then throttled hard (NVIDIA's vGPU licensing guide, "software enforcement"): Ollama, llama.cpp
# or any CUDA program is fast after boot and crawls later. The kernel rows read `nvidia-smi -q`'s "License Status :
# Unlicensed"; these read what else the guest prints or the person says: nvidia-gridd's own startup warning (the
# guest driver prints it at every start before a license is acquired, so the row is a warning, not a failure),
# the GRID profile name, and a vGPU said to throttle or slow down after some minutes.
_VGPU_LICENSING = "https://docs.nvidia.com/vgpu/latest/grid-licensing-user-guide/index.html"
ROUND15_SIGNATURES += (
    Signature(
        code="ollama.vgpu-guest-throttled-unlicensed",
        cause_id="vgpu-unlicensed",
        kinds=("any",),
        patterns=(
            # nvidia-gridd's warning (the journal's "host nvidia-gridd[pid]: " prefix is cleaned off before matching)
            r"\bValid (?:GRID|vGPU) license not found\b",
            r"\bGRID (?P<profile>[A-Z]{1,3}\d{1,4}[A-Za-z]{0,4}-\d{1,2}[QCAB])\b",
            r"\bvGPU\b[^\n]{0,120}?\bthrottl(?:es|ed|ing)\b",
            r"\bthrottl(?:es|ed|ing)\b[^\n]{0,120}?\bvGPU\b",
        ),
        severity="warn",
        cause=("This runs on an NVIDIA vGPU (a GRID / vGPU profile inside a VM): without a vGPU license the guest "
               "driver gives full speed only for the first minutes (about 20) and then throttles the GPU hard, so "
               "Ollama, llama.cpp or any CUDA program is fast after boot and crawls later."),
        advice=("Check the license inside the VM: `nvidia-smi -q | grep -i -A2 license` (License Status: Unlicensed) "
                "and `journalctl -u nvidia-gridd`. License the vGPU: put the client configuration token from the "
                "license server (NLS/DLS, or the licensing portal) in /etc/nvidia/ClientConfigToken/, or with a legacy "
                "license server set ServerAddress= in /etc/nvidia/gridd.conf, with FeatureType for the profile, then "
                "`sudo systemctl restart nvidia-gridd` until it reports Licensed (Windows guests: the NVIDIA Control "
                "Panel's Manage License page). Keep the guest's and the license server's clocks and time zones "
                "in step; the model, Ollama and the driver install are not at fault."),
        action="configure",
        rules_out=("a model that does not fit", "an Ollama bug"),
        never_suggest=("reinstall the driver", "smaller model", "update Ollama"),
        sources=("https://github.com/wvthoog/proxmox-vgpu-installer/issues/24",
                 "https://github.com/DualCoder/vgpu_unlock/issues/79", "https://github.com/ollama/ollama/issues/8200",
                 _VGPU_LICENSING),
        checked="2026-11-26",
        examples=("ollama/proxmox-vgpu-installer-24-p40-vgpu-throttles.txt",),
    ),
)

# Kepler GPUs (compute capability 3.x: Tesla K80, K40, K20, K10) are below what current Ollama (5.0, docs/gpu.md),
# llama.cpp and PyTorch builds compile for, and their last driver is the 470 legacy branch. Beside a supported GPU
# (a K80 with a P40 or an RTX card) early Ollama turned GPU use off altogether, and the
# 470 driver the K80 needs is too old for the supported card's current builds.
ROUND15_SIGNATURES += (
    Signature(
        code="ollama.kepler-gpu-unsupported",
        refines=("ollama.runs-on-cpu-described",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # only where Ollama or llama.cpp is the program: CUDA 11 and driver 470 still ran a K80 for other software
        patterns=(
            r"\b[Tt]esla (?P<gpu>[Kk](?:80|40[cmst]?|20[Xx]?[cm]?|10))\b[^\n]{0,200}?\b(?:[Oo]llama|llama[.-]cpp|llama-server)",
            r"\b(?:[Oo]llama|llama[.-]cpp|llama-server)\b[^\n]{0,200}?\b[Tt]esla (?P<gpu>[Kk](?:80|40[cmst]?|20[Xx]?[cm]?|10))\b",
            # Ollama's own discovery lines (0.1.x "[0] CUDA device name: ", later name= / description=)
            r"(?:CUDA device name: |\b(?:name|description)=\\?\"?)Tesla (?P<gpu>K(?:80|40[cmst]?|20X?[cm]?|10))\b",
        ),
        severity="warn",
        cause=("A Kepler GPU (Tesla {gpu}, compute capability 3.x) is in this machine: current Ollama, llama.cpp and "
               "PyTorch builds need compute capability 5.0 or newer, so it cannot run them, and its last driver "
               "is the 470 legacy branch."),
        advice=("Check each GPU's compute capability (`nvidia-smi --query-gpu=index,name,compute_cap,uuid "
                "--format=csv`): the Kepler card cannot run Ollama's CUDA build, so use a newer GPU for it. Beside a "
                "supported GPU (a P40, an RTX card), hide the Kepler card from Ollama: CUDA_VISIBLE_DEVICES set to the "
                "supported GPU's UUID in the server's environment (`sudo systemctl edit ollama`, "
                "Environment=\"CUDA_VISIBLE_DEVICES=GPU-...\", then `sudo systemctl restart ollama`), or remove the "
                "Kepler card so the supported one can also take a driver newer than 470."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/9124", "https://github.com/ollama/ollama/issues/1756",
                 "https://github.com/ollama/ollama/blob/main/docs/gpu.md"),
        checked="2026-11-26",
        examples=("ollama/ollama-9124-four-tesla-k80-cpu-only.txt",),
    ),
)
