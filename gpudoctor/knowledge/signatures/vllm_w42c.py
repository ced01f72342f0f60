"""Issue 25 (helper w42c): serving engines refusing an option of another release, and the custom all-reduce described.

SGLang's launch_server parses its options with argparse like vLLM, but prints them under its own program name
("launch_server.py: error: unrecognized arguments: --max-loaded-loras 1"), so vllm.option-from-another-release (keyed
on "vllm:" and "api_server.py:") never read it. The option is then from a later SGLang release (a trainer such as AReaL
or verl passing what its pinned SGLang lacks), from vLLM (--enable-reasoning, --max-model-len), or spelled with
underscores, which SGLang's parser does not accept (vLLM's does): the rows below read the refusal and, where the
refused option holds an underscore, say so. SGLang's Python Engine(...) passes keyword arguments to its ServerArgs
dataclass, whose refusal is the same cause.

The custom all-reduce (vLLM's csrc/custom_all_reduce.cuh, TensorRT-LLM's use_custom_all_reduce plugin) exchanges
buffers between the GPUs through CUDA IPC peer mappings; on PCIe cards, Volta, some drivers or beside another process
on the same GPUs it hangs at start-up or in the first collective, or returns garbage, and no tool line says so: people
describe it ("hangs during startup (custom_all_reduce)", "--disable-custom-all-reduce is mandatory", "disabling
use_custom_all_reduce solved it"). The described row reads those words; the fix is to let NCCL do the all-reduce.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
SGLANG_ARGS = "https://docs.sglang.ai/advanced_features/server_arguments.html"

# argparse's refusal under SGLang's entry points: `python -m sglang.launch_server` ("launch_server.py: error: ...");
# sglang_router's launcher and `sglang serve` print their own program names.
_SGL_REFUSED = r"(?:launch_server(?:\.py)?|sglang(?: serve)?|launch_router(?:\.py)?): error: unrecognized arguments: "

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.sglang-option-from-another-release",
        cause_id="vllm-option-other-release",
        kinds=("any",),
        patterns=(_SGL_REFUSED + r"(?P<options>[^\n]{1,300})",
                  # sglang.Engine(...) / a wrapper passing engine keywords the installed ServerArgs lacks
                  r"ServerArgs\.__init__\(\) got an unexpected keyword argument '(?P<options>\w{1,80})'"),
        severity="fail",
        cause=("The installed SGLang does not accept {options}: the option comes from a later SGLang release (one a "
               "trainer, guide or script was written for), from another engine (vLLM's --enable-reasoning or "
               "--max-model-len), or is spelled with underscores where SGLang's options use dashes."),
        advice=("Use the options of the installed SGLang: `python -m sglang.launch_server --help` lists them, with "
                "dashes (--reasoning-parser, --mem-fraction-static, --context-length for vLLM's --max-model-len); for "
                "an option of a later release, upgrade SGLang to the release the script or trainer pins (`pip show "
                "sglang` shows the installed one; `pip install -U \"sglang[all]\"` or the matching lmsysorg/sglang "
                "image), or drop the option."),
        action="configure",
        rules_out=("a GPU, driver or model fault: nothing started",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/areal-project/AReaL/pull/428", "https://github.com/sgl-project/sglang/issues/4116",
                 SGLANG_ARGS),
        checked=CHECKED,
        examples=("vllm/areal-pr428-sglang-max-loaded-loras-unrecognized-old-sglang.txt",
                  "vllm/sglang-4116-enable-reasoning-unrecognized-launch-server.txt"),
    ),
    Signature(
        code="vllm.sglang-option-spelled-with-underscores",
        cause_id="vllm-option-other-release",
        kinds=("any",),
        # The same refusal where a refused option holds an underscore (--reasoning_parser, --enable_metrics): SGLang's
        # options are spelled with dashes only, so the option exists and only its spelling is refused.
        patterns=(_SGL_REFUSED + r"(?:[^\n]{0,200}? )?(?P<option>--[a-z0-9]{1,40}_[a-z0-9_]{1,80})(?![\w-])",),
        refines=("vllm.sglang-option-from-another-release",),
        severity="fail",
        cause=("SGLang refused {option} because of its spelling: its command-line options are written with dashes "
               "(--reasoning-parser, not --reasoning_parser), and unlike vLLM it does not accept underscores."),
        advice=("Write the option with dashes instead of underscores (for example `--reasoning-parser` for "
                "`--reasoning_parser`), as `python -m sglang.launch_server --help` lists it, and start the server again."),
        action="configure",
        rules_out=("the SGLang release: the option exists under its dashed name", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "upgrade SGLang"),
        sources=("https://github.com/sgl-project/sglang/issues/12818", SGLANG_ARGS),
        checked=CHECKED,
        examples=("vllm/sglang-12818-reasoning-parser-underscore-unrecognized.txt",),
    ),
)

# A person's words that the custom all-reduce hangs or garbles, or that turning it off fixed the engine.
# not the option that turns it off ("--disable-custom-all-reduce changed the crash into a hang" is about NCCL)
_CAR = r"(?<![Dd]isable[-_ ])(?:[Cc]ustom[ _-]?[Aa]ll[ _-]?[Rr]educe|CustomAllreduce|use_custom_all_reduce)"
# A line that also turns NCCL's peer-to-peer off blames P2P itself (ACS, the IOMMU): nccl-p2p-broken, not this row.
# rev42a: nor a line that says turning it off did not help, or that the custom all-reduce was not the fault
# ("I disabled custom all-reduce and it still hangs", "works fine on NVLink, the hang was in the tokenizer").
_NO_P2P_OFF = (r"^(?![^\n]{0,600}?(?:NCCL_P2P_DISABLE|\bstill\b|did ?n[o']t (?:help|work|fix|change)|"
               r"\bnot (?:help|fix|the (?:cause|problem|issue))|\bno (?:effect|luck|change|difference)\b|\bnot that\b|"
               r"\bNo,|all[ _-]?reduce works? (?:fine|well)|\bunrelated\b|\bnot related\b|\bno (?:hang|crash|garbage)\b|"
               r"(?:do|does|did) ?n[o']t use|\bnot using\b|(?:even though|although|despite)[^\n]{0,40}?(?:disabled|off)\b))"
               r"[^\n]{0,600}?")
_BAD = (r"(?:hangs?|hung|hanging|deadlocks?|deadlocked|stuck|spins? forever|freezes?|froze|frozen|crash(?:es|ed)?|"
        r"garbage|gibberish|"
        r"degenerate|卡住|卡死|乱码)")
_FIXED = (r"(?:mandatory|required|needed|necessary|fix(?:es|ed)?|solved?|solves|resolved?|works?|worked|workaround|bypass(?:es|ed)?|"
          r"starts? (?:up )?successfully|解决|正常)")

SIGNATURES += (
    Signature(
        code="vllm.custom-allreduce-hangs-described",
        described=True,
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        patterns=(
            # "custom_all_reduce kernel spins forever", "custom allreduce hangs on V100"
            _NO_P2P_OFF + _CAR + r"[^\n]{0,100}?\b" + _BAD,
            # "hangs during startup (custom_all_reduce)", "garbage output with custom all-reduce"
            _NO_P2P_OFF + r"\b" + _BAD + r"[^\n]{0,100}?" + _CAR,
            # "--disable-custom-all-reduce is mandatory", "workaround: --disable-custom-all-reduce"
            _NO_P2P_OFF + r"--disable[-_]custom[-_]all[-_]reduce\b[^\n]{0,80}?\b" + _FIXED,
            _NO_P2P_OFF + r"\b(?:[Ww]orkaround|[Ff]ix(?:ed)?|[Ss]olved?)(?: it)?[:=]? (?:by |with |is |was )?(?:adding |passing |using )?`?"
            r"--disable[-_]custom[-_]all[-_]reduce",
            # SGLang's switch for GPUs without P2P: "Add --enable-p2p-check parameter, load model works fine"
            _NO_P2P_OFF + r"--enable[-_]p2p[-_]check\b[^\n]{0,80}?\b" + _FIXED,
            # "disabling `use_custom_all_reduce` solved the reported issue", "set disable_custom_all_reduce=True fixed it"
            _NO_P2P_OFF + r"\b(?:[Dd]isabl(?:e|ed|ing)|[Tt]urn(?:ed|ing)? off|[Ss]et(?:ting)?)\W{0,3}`?(?:use_custom_all_reduce|"
            r"disable_custom_all_reduce ?= ?True|custom[ _-]all[ _-]?reduce)`?[^\n]{0,60}?\b" + _FIXED,
        ),
        # A person's hang sentence that names the custom all-reduce is this cause, not the generic P2P hang's.
        refines=("vllm.tensor-parallel-hangs-described", "nccl.multi-gpu-hang-described"),
        severity="warn",
        cause=("The description says the engine's custom all-reduce (vLLM's or TensorRT-LLM's own tensor-parallel "
               "all-reduce, which shares GPU buffers between the ranks through CUDA IPC peer access) hangs or garbles "
               "output on these GPUs: it needs working peer-to-peer between them, which PCIe-only cards, Volta, some "
               "drivers, or other processes on the same GPUs do not give it."),
        advice=("Turn the custom all-reduce off so NCCL does the all-reduce: start vLLM with `--disable-custom-all-reduce` "
                "(disable_custom_all_reduce=True in LLM(...)); for SGLang pass `--enable-p2p-check` (it then tests peer access "
                "and falls back) or `--disable-custom-all-reduce`; for a TensorRT-LLM engine build it with "
                "`--use_custom_all_reduce disable` on releases that have the option. `nvidia-smi topo -p2p r` shows "
                "which GPU pairs can read each other peer to peer."),
        action="configure",
        rules_out=("GPU memory: the hang is in the all-reduce, not an allocation",),
        never_suggest=("reinstall the driver", "gpu_memory_utilization"),
        sources=("https://github.com/1CatAI/1Cat-vLLM/issues/652", "https://github.com/wtdcode/vllm-backport/issues/97",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/1601", "https://github.com/sgl-project/sglang/pull/599",
                 "https://github.com/Blackwellboy/model-serving-minefield/issues/5",
                 "https://docs.vllm.ai/en/latest/serving/engine_args.html"),
        checked=CHECKED,
        examples=("vllm/1cat-vllm-652-v100-tp2-custom-allreduce-startup-hang.txt",
                  "vllm/vllm-backport-97-a100-pcie-driver-595-custom-allreduce-garbage-prose.txt",
                  "vllm/trtllm-1601-mixtral-tp-hang-custom-allreduce-prose.txt",
                  "vllm/serving-minefield-5-heterogeneous-tp-p2p-probe-hang-custom-allreduce.txt",
                  "vllm/sglang-pr599-two-4090-tp2-needs-enable-p2p-check.txt"),
    ),
)
