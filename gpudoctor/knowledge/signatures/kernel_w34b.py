"""Issue 25 (helper w34b): a machine with two (or more) GPUs that loses power under load, in the owner's words.

Cards such as the RTX 3090 and 4090 draw transient spikes far above their rated power for milliseconds; when both
GPUs spike together, a power supply that is too small, single-rail, or feeds a card through one daisy-chained cable
trips its over-current protection (OCP) and the machine switches off or restarts with nothing in any log. People
describe it in the past tense ("the machine rebooted as soon as vLLM loaded", "the PC turned off during training")
or name the protection itself ("the PSU's OCP trips"); kernel.described-machine-powers-off-under-gpu-load reads the
present-tense telling.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# (Not "system", "server" or "box", nor "when"/"while" or a bare "GPU" as the load: "the server restarted when I set
# OLLAMA_HOST" and "after the system restarted, nvidia-smi ..." are no power fault.)
_SUBJECT = r"(?:\b(?:PC|pc)|[Cc]omputer|[Dd]esktop|[Ww]orkstation|[Rr]ig|\b[Mm]achine)\b"
_LOAD = (r"(?:\bload(?:ed|ing|s)?\b|train|generat|inference|benchmark|render|epoch|vLLM|vllm|tensor.parallel|both cards|"
         r"both GPUs|under load|full load)")

SIGNATURES = (
    Signature(
        code="kernel.described-psu-trips-under-gpu-load",
        described=True,
        # The present-tense telling's row reads the same cause: where both match, one finding with this row's advice.
        refines=("kernel.described-machine-powers-off-under-gpu-load",), refines_within=None,
        cause_id="power-insufficient",
        kinds=("any",),
        patterns=(
            # "the machine rebooted as soon as both GPUs were loaded", "my PC turned off during training"
            _SUBJECT + r" (?:just |suddenly |instantly |immediately |completely |hard |then |randomly )?(?:turned off|"
            r"powered (?:off|down)|shut off|lost power|went dark|hard[- ]rebooted|rebooted|restarted)\b[^\n]{0,80}?" + _LOAD,
            # the GPUs named first: "using both GPUs, then the computer will turn off", "with 2 GPUs my pc reboots"
            r"\b(?:both|two|2|all(?: \w{1,10})?|multiple|several) (?:GPUs|gpus|cards|graphics cards)\b[^\n]{0,80}?" + _SUBJECT +
            r" (?:will |would |then |just |always |immediately |instantly |suddenly )?(?:turns? off|shuts? (?:down|off)|"
            r"powers? (?:off|down)|turned off|shut down|powered off|rebooted|restarted|reboots|restarts|cuts? out)\b",
            # the supply's protection named: "trips the PSU's OCP", "over current protection kicking in"
            r"\b(?:trip(?:s|ped|ping)?|trigger(?:s|ed|ing)?|kick(?:s|ed|ing)? in)\b[^\n]{0,40}?\b(?:OCP|[Oo]ver[- ]?"
            r"[Cc]urrent [Pp]rotection|[Oo]ver[- ]?[Pp]ower [Pp]rotection)\b",
            r"\b(?:OCP|[Oo]ver[- ]?[Cc]urrent [Pp]rotection|[Oo]ver[- ]?[Pp]ower [Pp]rotection)\b[^\n]{0,40}?"
            r"\b(?:trip(?:s|ped|ping)?|trigger(?:s|ed|ing)?|kick(?:s|ed|ing)? in)\b",
        ),
        severity="warn",
        cause=("The description suggests the power supply: the machine loses power or restarts when the GPUs load, "
               "the mark of a PSU whose over-current protection trips on the cards' transient spikes (too small for "
               "both GPUs' peaks, a single rail, or one daisy-chained cable feeding a card)."),
        advice=("Check the PSU's wattage against both GPUs' peak transient draw plus the CPU (two RTX 3090s or 4090s "
                "want 1300-1600 W, or two supplies), and feed every PCIe power connector from its own PSU cable (no "
                "daisy-chained pigtail or splitter; a multi-rail PSU: spread the cards over the rails). Until then, "
                "capping each GPU's power (`sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl <watts>`) or locking its "
                "clocks (`sudo nvidia-smi -lgc 210,1695`) is a stopgap that also confirms it: if the machine then "
                "stays up under the same load, power was the cause."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program", "a driver install problem"),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://github.com/fangq/mcx/issues/228", "https://github.com/ggml-org/llama.cpp/issues/23919",
                 "https://github.com/pytorch/pytorch/issues/3022"),
        checked="2026-11-27",
        examples=("kernel/mcx-228-computer-turns-off-two-1080ti-750w.txt",),
    ),
)
