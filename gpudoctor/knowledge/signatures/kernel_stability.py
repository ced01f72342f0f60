"""Kernel and driver: a GPU that is not stable under load. The driver's application-fault Xids (13, 31, 43) and CUDA's
"unspecified launch failure" / "illegal memory access" usually mean a program's own bug, but on an overclocked or
undervolted card they mean the card: the person's own words about the overclock are the evidence that tells the two
apart. A machine that switches itself off or reboots under GPU load is its power supply (PSU) tripping its overload
protection, as people describe it in their own words beside the PSU's wattage (rows of the kernel area, added to
kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.faults-on-overclocked-gpu",
        # The paste says the card runs beyond stock clocks or voltage: the faults those rows read are the card's.
        refines=("kernel.xid-application", "kernel.xid-mmu-fault", "cuda.unspecified-launch-failure",
                 "cuda.illegal-address"),
        refines_within=None,
        cause_id="gpu-unstable-under-load",
        kinds=("any",),
        # In a person's words ("The GPUs are overclocked", "at high OC", "I undervolted it with MSI Afterburner").
        # w48c: not "a long-standing stable overclock", "no overclock", "not overclocked" (club-3090#1332)
        patterns=(r"(?<!stable )(?<!no )(?<!not )(?<!without )(?<!non-)\b(?:[Oo]verclock(?:ed|ing)?|[Uu]ndervolt(?:ed|ing)?)\b",
                  r"\b(?:MSI Afterburner|[Ff]actory[- ]overclocked)\b",
                  # w53e: miners' shorthand, "fixed it by lowering core OC", "reduced the OC"
                  r"\b(?:[Ll]owering|[Ll]owered|[Rr]educing|[Rr]educed) (?:the |my |core |memory |GPU |gpu )?OC\b"),
        severity="warn",
        cause="The GPU runs overclocked or undervolted, and a card pushed beyond what it holds faults under load (Xid "
              "13, 31 or 43, unspecified launch failures, illegal memory accesses) in whatever program uses it.",
        advice=("Return the card to stock clocks and voltage (reset the overclock or undervolt in MSI Afterburner, "
                "nvidia-settings or the miner's options; `sudo nvidia-smi -rgc` and `sudo nvidia-smi -rmc` reset locked "
                "clocks), and if it still faults lower its power limit (`sudo nvidia-smi -pl <watts>`) and watch its "
                "temperature under load (`nvidia-smi -q -d TEMPERATURE`); then raise the clocks again in small steps "
                "while `sudo dmesg -w | grep -i xid` stays quiet. A card that faults at stock clocks needs a stress "
                "test in another machine and, if it fails there too, replacing."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program",),
        never_suggest=("reinstall the CUDA toolkit", "reinstall CUDA"),
        sources=("https://docs.nvidia.com/deploy/xid-errors/",
                 "https://github.com/ethereum-mining/ethminer/issues/596",
                 "https://github.com/nicehash/excavator/issues/160"),
        checked="2026-11-26",
        # excavator#160's unspecified launch failures on an overclocked card are read here, not as the bare CUDA error.
        examples=("kernel/ethminer-596-xid31-memory-overclock.txt", "cuda/excavator-160-unspecified-launch-failure-oc.txt"),
    ),
    Signature(
        code="kernel.psu-too-small-for-gpu-load",
        cause_id="power-insufficient",
        kinds=("any",),
        # Person's words only (no tool prints these): the PSU's wattage ("PSU : 1200w", "a 450 W PSU", "850W power
        # supply") or a PSU they call undersized; a reboot described without them is left out, its words ("restarts",
        # "power off") too frequent in healthy logs for the prefilter. It stands beside the rows of what the GPU then
        # reports (Xid 79, 62), which keep their own reading.
        patterns=(
            r"\b(?P<watts>\d{3,4}) ?[Ww](?:att)?s? (?:PSU|[Pp]ower [Ss]upply)\b",
            r"\bPSU ?(?::|is|of|=)? ?(?:an? )?(?P<watts>\d{3,4}) ?[Ww]\b",
            r"\b(?:undersized|underrated|underpowered|insufficient|inadequate) (?:PSU|power supply)",
        ),
        severity="warn",
        cause="The machine switches off or reboots under GPU load: its PSU cannot feed the GPUs' peak draw (with the "
              "CPU) and its overload protection cuts the power.",
        advice=("Size the PSU for every GPU's peak draw plus the CPU, with headroom for transient spikes (two 250-450 W "
                "GPUs usually need 1200 W or more), and feed each PCIe power connector from its own PSU cable, no "
                "splitter or daisy-chain. To confirm it, and until the larger PSU is in, cap each GPU's power limit "
                "(`sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl <watts>`, e.g. 70 % of its default) and rerun the same "
                "load: if the machine then stays up, power was the cause. If one GPU alone under the same load also "
                "brings it down, test that card in another machine."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program",),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/740",
                 "https://github.com/tensorflow/tensorflow/issues/8858",
                 "https://github.com/pytorch/pytorch/issues/3022"),
        checked="2026-11-26",
        examples=("kernel/tensorflow-740-cold-reboot-undersized-psu.txt",
                  "kernel/tensorflow-8858-machine-restarts-psu-underrated.txt",
                  "kernel/pytorch-3022-system-reboot-450w-psu-power-limit.txt"),
    ),
)
