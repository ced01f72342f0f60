"""Kernel and driver: a GPU that is not stable under load. The driver's application-fault Xids (13, 31, 43) and CUDA's
"unspecified launch failure" / "illegal memory access" usually mean a program's own bug, but on an overclocked or
undervolted card they mean the card: the person's own words about the overclock are the evidence that tells the two
apart (rows of the kernel area, added to kernel.py's tuple)."""

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
        patterns=(r"\b(?:[Oo]verclock(?:ed|ing)?|[Uu]ndervolt(?:ed|ing)?)\b",
                  r"\b(?:MSI Afterburner|[Ff]actory[- ]overclocked)\b"),
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
)
