"""Issue 25, w39b: a GPU's power feed told in a person's words (rows of the kernel area).

A PSU big enough on paper still starves a card whose connectors share one cable (two 8-pins daisy-chained on one PSU
lead, a pigtail, a splitter), sit on a rail whose cap is below the card's peak (workstations such as Lenovo's P900 and
P920 split the supply into capped rails), or whose connector has burned: the machine then freezes, goes dark or
switches off under GPU load, or the GPU falls off the bus (Xid 79), and a new PSU cable layout ends it. The rows of
kernel_stability.py and kernel_w34b.py read the wattage and the shutdown; this one reads the cabling and rail.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The card's power feed as people name it around the words below.
_FEED = (r"(?:\b(?:\d ?[x×] ?)?(?:6|8|12|16)[- ]?pins?\b|\bPCI-?[Ee] (?:power|cable|connector)|\bPSU\b|power supply|"
         r"\bcables?\b|12VHPWR|12V-2x6|\bpigtail)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.described-gpu-power-cabling-or-rail",
        described=True,
        cause_id="power-insufficient",
        kinds=("any",),
        patterns=(
            # "two of the three 8-pins daisy-chained on a single PSU cable", "one 8-pin cable daisy chained to both"
            _FEED + r"[^\n]{0,80}?\b[Dd]aisy[- ]?chain(?:ed|ing|s)?\b",
            r"\b[Dd]aisy[- ]?chain(?:ed|ing|s)?\b[^\n]{0,80}?" + _FEED,
            # "the connector between PCIE cable and PSU burned", "the 12VHPWR plug melted"
            r"\b(?:connector|plug|socket)s?\b[^\n]{0,80}?\b(?:burn(?:ed|t)|melt(?:ed|s)?|scorched|charred)\b",
            r"\b(?:[Bb]urn(?:ed|t)|[Mm]elted|[Ss]corched|[Cc]harred) (?:the |a |my )?(?:PCI-?[Ee] |8-pin |6-pin |12VHPWR |"
            r"12V-2x6 |GPU |power |PSU )?(?:power )?(?:connector|plug|cable|socket)s?\b",
            # the rail's cap: "the bottom rail ... has a wattage cap that is lower than the MSI 3090", "an (undocumented)
            # power draw down limiter on the rails"
            r"\brails?\b[^\n]{0,80}?(?:wattage cap|power (?:draw )?(?:down )?(?:cap|limiter)|current limit(?:er)?|"
            r"over[- ]?current)",
            r"(?:wattage cap|power draw (?:down )?limiter|[Cc]urrent limiter)[^\n]{0,40}?\brails?\b",
        ),
        severity="warn",
        cause=("The description points at the GPU's power feed: its connectors share one PSU cable (daisy-chained, a "
               "pigtail or splitter), hang on a PSU rail capped below the card's peak, or a connector has burned, so "
               "under load the card loses power and the machine freezes, goes dark or the GPU falls off the bus."),
        advice=("Feed each of the GPU's power connectors from its own PSU cable (no daisy-chained second plug, pigtail "
                "or splitter; a 40/50-series card from a native 12V-2x6/12VHPWR cable of an ATX 3.x PSU), spread the "
                "cables over the PSU's rails so no capped rail carries the card's peak (workstations: use the cables of "
                "another rail too), and replace any burned connector, its cable and PSU port. Until then cap the "
                "card's power (`sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl <watts>`): if the crashes stop, the power "
                "feed was the cause."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program", "a driver install problem"),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://github.com/MIC-DKFZ/nnUNet/issues/527", "https://github.com/NVIDIA/cudf/issues/10336",
                 "https://www.nicehash.com/blog/post/how-to-correctly-connect-psu-cables-and-power-a-gpu"),
        checked="2026-11-27",
        examples=("kernel/nnunet-527-p920-rail-wattage-cap-msi-3090.txt", "kernel/cudf-10336-p900-rail-power-limiter-3090.txt"),
    ),
)
