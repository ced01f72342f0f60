"""Issue 25 (helper w48c): a PCIe Gen5 link that is not stable under GPU-to-GPU traffic, as people tell the fix.

RTX 50-series cards (and Blackwell workstation cards) on PCIe Gen5 slots, risers or x8/x4 lanes of consumer boards
often run fine alone and fail the moment two of them exchange data at full speed: vLLM or SGLang with tensor
parallelism, NCCL all-reduce. The symptom is a hard freeze of the whole machine, a rank that hangs, or Xid errors; the
link retransmits (nvidia-smi's "Replays" counters rise) rather than failing cleanly. Those who fixed it forced the GPU
slots from Auto to Gen4 in the BIOS, often with a BIOS update (vllm#14628: two RTX 5090s, clean TP=2 runs and zero
replay errors after). The hang descriptions that read such a text (vllm.tensor-parallel-hangs-described,
nccl.multi-gpu-hang-described) advise NCCL_P2P_DISABLE, which does not help a link that drops data; this row takes
their place anywhere in the text.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

# A PCIe generation as people write it, spelled out so that the matcher's prefilter has a word.
_GEN_LOW = r"(?:Gen4|Gen 4|gen4|gen 4|GEN4|GEN 4|Gen3|Gen 3|gen3|gen 3|GEN3|GEN 3)"
_FIXED = (r"(?:clean|stable|fixed|fixes|solved|resolved|works?|worked|no (?:more )?(?:freez\w{0,3}|crash\w{0,3}|hangs?|"
          r"replays?|errors?|resets?)|zero (?:PCIe )?replay)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.pcie-gen5-forced-lower-described",
        described=True,
        cause_id="pcie-link-errors",
        kinds=("any",),
        patterns=(
            # "forcing both GPU slots from Auto to Gen4 ... clean TP=2 loads, zero PCIe replay errors", "set the PCIe
            # slots to Gen 4 in the BIOS and the freezes stopped"
            r"\b(?:[Ff]orc|[Ss]et|[Ll]ock|[Ll]imit|[Cc]ap|[Dd]owngrad|[Ss]witch|[Dd]rop)\w{0,4} (?:both |all |the |my |its |each )?"
            r"(?:GPU |x16 |PEG )?(?:PCI-?[Ee]x?(?:press)? |PCIE |pcie )?(?:slots?|links?|lanes?|PCIe|PCIE|pcie)"
            r"(?: speed| generation| mode| link)?(?: from (?:Auto|auto|AUTO|Gen ?5|gen ?5))? (?:to |at |down to )"
            + _GEN_LOW + r"\b[^\n]{0,200}?\b" + _FIXED,
            # "the widely-reported RTX 50-series PCIe Gen5 signal-integrity pattern"
            r"\bGen ?5 signal[- ]integrity\b",
        ),
        refines=("vllm.tensor-parallel-hangs-described", "nccl.multi-gpu-hang-described",
                 "kernel.faults-on-overclocked-gpu"),
        refines_within=None,
        severity="warn",
        cause=("The text says the GPUs' PCIe links only became stable once forced below Gen5 (or names Gen5 signal "
               "integrity): at Gen5 the links retransmit or drop data under the sustained GPU-to-GPU traffic of "
               "tensor parallelism and all-reduce, which freezes the machine or hangs the ranks; software (vLLM, NCCL, "
               "the driver) is not the cause."),
        advice=("Keep the GPU slots forced to PCIe Gen4 in the BIOS (PCIe link speed / PEG slot configuration: Gen4 "
                "instead of Auto) and update the BIOS; check under load with `nvidia-smi -q | grep -i -A1 replay` "
                "(the replay counters must stay 0) and `sudo lspci -vv -s <bus id> | grep LnkSta`; reseat the cards, "
                "and replace risers or extension cables that are not rated for the generation."),
        action="reseat-or-inspect-hardware",
        rules_out=("vLLM or NCCL", "the driver"),
        never_suggest=("NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/14628",
                 "https://docs.nvidia.com/deploy/nvidia-smi/index.html"),
        checked=CHECKED,
        examples=("kernel/vllm-14628-two-5090-tp2-system-freeze-pcie-gen4.txt",),
    ),
)
