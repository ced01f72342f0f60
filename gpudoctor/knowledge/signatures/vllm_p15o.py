"""Issue 25, fifteenth wave (p15o, written blind): the words people use for vLLM's commonest questions and failures
when they paste no error line (rows of the vllm area, joined into vllm.SIGNATURES).

"vLLM takes all the GPU memory even for a small model" is vLLM's design: the engine reserves gpu_memory_utilization
(0.9 by default) of every GPU at start-up and fills what the weights leave with KV cache. "It hangs with
--tensor-parallel-size 2" on consumer GPUs is, in most threads, NCCL's peer-to-peer path between the cards, which
NCCL_P2P_DISABLE=1 gets past. Each row reads the person's sentence (a title, a first line) and is a warning or a note:
the description suggests the cause, never more.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ENGINE_ARGS = "https://docs.vllm.ai/en/latest/configuration/engine_args.html"
CONSERVING_MEMORY = "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"
NCCL_TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"

# Each prose pattern is anchored at the line's start and reads its first 600 characters: tried once per line, not
# once per word, it stays cheap on a long line of repeated words.
_LINE = r"^[^\n]{0,600}?"
_VLLM = r"\b(?:vLLM|vllm|VLLM|Vllm)\b"
# a line about running out of memory is the OOM rows', not this note's
_NOT_OOM = r"(?![^\n]{0,400}?(?:[Oo]ut of memory|OOM|OutOfMemory|显存不足|爆显存))"

# GPU memory (显存) taken (占用, 占了, 占满) and an amount or "too much" (过大, 较大), as Chinese threads say it
_ZH_TOOK = (r"(?:显存[^\n]{0,10}?(?:占满|吃满|(?:占用|占了|占据|用了)[^\n]{0,12}?(?:\d{1,3} ?多?个? ?(?:G|GB|g|gb)|过大|"
            r"较大|很大|太大|太多|异常|激增|翻倍|全部))"
            # ...or the verb first: "部署时会占用整个显存", "吃掉了全部显存"
            r"|(?:占用|占了|占满|吃满|吃掉|占据)了?(?:整个|全部|所有|几乎所有|几乎全部|大部分)的?显存)")

# "stuck", "hangs", "freezes", "stalled": what people say of a start-up that never finishes
_HANG = r"\b(?:[Ss]tuck|hangs?|hanging|hung|freez(?:es|ing)|froze|stall(?:s|ed|ing)|deadlock(?:s|ed)?)\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.memory-reserved-by-design-described",
        described=True,
        cause_id="vllm-memory-preallocated",
        kinds=("any",),
        patterns=(
            # "Why does vllm spend so much memory", "vLLM - GPTQ deployment consumes high memory", "vllm uses almost all
            # the GPU memory", "VLLM ... consumes more VRAM"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _VLLM + r"[^\n]{0,120}?\b(?:uses?|using|takes?|taking|took|consum(?:es?|ing)|"
            r"occup(?:y|ies|ying)|allocat(?:es?|ing)|reserv(?:es?|ing)|grabs?|eats?|spends?|requires?|needs?|holds?)"
            r" (?:up )?(?:almost |nearly |all |most |so much |too much |a lot of |much more |more |high |huge |\d{1,3} ?% "
            r"(?:of )?)(?:the |my |of )?(?:available )?(?:GPU |gpu |GPU's )?(?:memory|VRAM|vram|video memory)\b",
            # "each vllm instance would take 20G ram", "vLLM uses 70GB for a 7B model", "why vllm takes as much ram as
            # possible": the engine named, then a size or "as much as possible"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _VLLM + r"[^\n]{0,60}?\b(?:uses?|using|takes?|taking|took|consum(?:es?|ing)|"
            r"occup(?:y|ies|ying)|allocat(?:es?|ing)|reserv(?:es?|ing)|grabs?|eats?|requir(?:es?|ed|ing)|needs?|needed) (?:up )?"
            r"(?:about |around |over |almost |"
            r"nearly |more than )?(?:\d{1,3}(?:\.\d)? ?(?:G|GB|GiB|g|gb)\b|as much (?:GPU )?(?:ram|RAM|memory|VRAM|vram) as)",
            # "显存直接占了40多个g ... 引擎选择的是vllm", "vllm 显存占用过大": the engine named on the line, the memory
            # (显存) taken, an amount or "too much"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?(?<![A-Za-z])(?:vLLM|vllm|VLLM|Vllm)(?![A-Za-z])[^\n]{0,200}?" + _ZH_TOOK,
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _ZH_TOOK + r"[^\n]{0,200}?(?<![A-Za-z])(?:vLLM|vllm|VLLM|Vllm)(?![A-Za-z])",
            # "the vllm loading model has a large memory footprint"
            r"^" + _NOT_OOM + r"[^\n]{0,300}?" + _VLLM + r"[^\n]{0,120}?\b(?:large|huge|big|high) (?:GPU )?memory "
            r"(?:footprint|usage|consumption)\b",
        ),
        severity="info",
        cause=("The description suggests vLLM's normal memory reservation: at start-up the engine takes "
               "gpu_memory_utilization (0.9 by default) of each GPU's total memory, whatever the model's size, and "
               "fills what the weights leave with KV cache, so nvidia-smi shows almost the whole GPU in use; that is "
               "by design, not a leak or a fault."),
        advice=("Nothing to fix. To leave memory for other programs, reserve less: `vllm serve MODEL "
                "--gpu-memory-utilization 0.5` (Python: LLM(model=..., gpu_memory_utilization=0.5)), with a "
                "--max-model-len that the smaller KV cache can hold (where Xinference, GPUStack or another launcher runs "
                "vLLM, pass gpu_memory_utilization in the model's launch options); the start-up log states the "
                "weights' size and the KV cache it allotted."),
        action="none",
        rules_out=("a memory leak", "a GPU or driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/822", "https://github.com/vllm-project/vllm/issues/2352",
                 "https://github.com/vllm-project/vllm/issues/4253", "https://github.com/vllm-project/vllm/issues/4448",
                 "https://github.com/xorbitsai/inference/issues/2368", CONSERVING_MEMORY, ENGINE_ARGS),
        checked="2026-11-26",
        examples=("vllm/vllm-822-baichuan-13b-35g-footprint.txt", "vllm/vllm-2352-gptq-consumes-high-memory.txt",
                  "vllm/vllm-4448-half-b-model-twenty-gb-each.txt", "vllm/xinference-2368-qwen25-7b-forty-gb-vllm.txt"),
    ),
    Signature(
        code="vllm.tensor-parallel-hangs-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "on using tensor-parallel-size >1 it stuck on strat up", "tensor parallel 2 hang", "TP=2 hangs"
            r"^(?=[^\n]{0,400}?" + _HANG + r")[^\n]{0,400}?\b(?:[Tt]ensor[-_ ][Pp]arallel(?:[-_ ]size)?|tp|TP)\b ?(?:=|>=?|of|is"
            r"|set to)? ?[1-8]?\b[^\n]{0,120}?" + _HANG,
            # "hangs with tensor parallel", and "vLLM Distributed Inference stuck when using multi -GPU" where the line
            # names a serving engine (a training job stuck mid-run on one rank is another failure)
            _LINE + r"\b(?:[Ss]tuck|hangs?|hanging|hung|freez(?:es|ing)|froze|stall(?:s|ed|ing))\b[^\n]{0,120}?\b[Tt]ensor[-_ ]"
            r"parallel",
            r"^(?=[^\n]{0,300}?\b(?:vLLM|vllm|VLLM|SGLang|sglang)\b)[^\n]{0,300}?\b(?:[Ss]tuck|hangs?|hanging|hung|"
            r"freez(?:es|ing)|froze|stall(?:s|ed|ing))\b[^\n]{0,120}?\b(?:multi ?-?GPUs?|multiple GPUs|[2-8] GPUs|two GPUs|"
            r"both GPUs)\b",
            # the engine named, then the hang, then the tensor-parallel size: "vLLM hangs after NCCL init with TP=2"
            r"\b(?:vLLM|vllm|VLLM|SGLang|sglang)\b[^\n]{0,40}?" + _HANG + r"[^\n]{0,80}?\b(?:TP|tp|[Tt]ensor[-_ ][Pp]arallel"
            r"(?:[-_ ]size)?) ?(?:=|of|is)? ?[2-8]\b",
        ),
        severity="warn",
        cause=("The description suggests a start-up hang of tensor parallelism in NCCL's peer-to-peer set-up: on "
               "consumer or workstation GPUs without NVLink (GeForce, RTX A-series), or where ACS or the IOMMU "
               "redirects PCIe traffic, direct P2P between the GPUs hangs while one GPU alone works."),
        advice=("Confirm with `export NCCL_P2P_DISABLE=1` (and `--disable-custom-all-reduce`) before starting vLLM, "
                "with NCCL_DEBUG=INFO to see where it stops; if that gets it running, keep it, or fix the path: "
                "`sudo lspci -vvv | grep -i acsctl` (SrcValid+ means ACS is on: disable it in the BIOS), the IOMMU "
                "(`iommu=pt` or off), and a current driver; `nvidia-smi topo -m` shows how the GPUs are connected and "
                "`nvidia-smi topo -p2p r` whether the driver lets them read each other. In "
                "Docker, also give the container shared memory (`--ipc=host` or `--shm-size=16g`): NCCL's fallback "
                "through /dev/shm needs it."),
        action="configure",
        rules_out=("the model's size", "the GPU memory"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/2466", "https://github.com/vllm-project/vllm/issues/14517",
                 "https://github.com/local-inference-lab/vllm/issues/262", NCCL_TROUBLESHOOTING),
        checked="2026-11-27",
        examples=("vllm/vllm-2466-tp4-3090-stuck-at-startup.txt", "vllm/localinference-262-tp2-hang-acs-iommu-blackwell.txt"),
    ),
)
