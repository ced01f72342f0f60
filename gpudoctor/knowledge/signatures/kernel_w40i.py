"""Issue 25 (helper w40i): a multi-GPU rig whose PCIe risers do not get their own power, told in the user's words
(rows of the kernel area).

A GPU on a riser draws its slot's share (up to 75 W) through the riser, so the riser needs its own cable from the PSU.
Risers left unpowered, fed through SATA adapters or a daisy-chain, or with a burnt or loose power lead make the GPUs
behind them fail under load with whatever the program prints next (a miner's "CUDA error ... '999'", "GPU is lost",
Xid 79): the people who fixed it say so in words ("the risers did not receive proper power from the PSU"). The rows
of what the GPU then reports stand beside this one; kernel.gpu-on-slow-pcie-slot-described reads x1/USB risers as a
slow link, another cause.

nvidia-peermem's "nv_get_p2p_free_callback ... detected invalid context" lines on HGX nodes (535.129 to 555 drivers)
look like a failure and are not one: NVIDIA calls them a harmless diagnostic of a mitigation fixed in R560.

On RHEL-family systems a packaged NVIDIA kmod that does not load because the running kernel's kernel-modules /
kernel-modules-extra packages are missing is told by the fix people ran (AlmaLinux wiki#814).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

_NOT = r"(?:do(?:es)?n'?t|do(?:es)? not|(?:is|are|was|were)n'?t|(?:is|are|was|were) not|not|never)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.riser-power-missing-described",
        described=True,
        cause_id="power-insufficient",
        kinds=("any",),
        patterns=(
            # "risers does not receive proper power from the PSU", "the riser wasn't getting enough power"
            r"\brisers?(?:'s?)? " + _NOT + r" (?:receiv(?:e|es|ing)|get(?:s|ting)?|ha(?:ve|s|ving)) (?:any |proper |"
            r"enough |sufficient |adequate |the |their |its )?(?:own )?power\b",
            # "the risers weren't powered", "riser not properly powered"
            r"\brisers? " + _NOT + r" (?:properly |correctly |fully |being |separately )?powered\b",
            # "unpowered risers", "non-powered riser"
            r"\b(?:[Uu]npowered|[Nn]on-?powered|[Uu]nderpowered) (?:PCI-?[Ee] |pcie |PCIE )?risers?\b",
            # (SATA-powered risers are left unread: people name them describing a rig, not only as the fault; rev40d)
            # "my riser's power cable burned out", "riser power connector was loose"
            r"\briser(?:'s|s'|s)? power (?:cables?|connectors?|leads?|wires?) (?:had |has |have )?(?:burn(?:ed|t)|"
            r"melt(?:ed)?|(?:was|were|is|are) (?:loose|unplugged|disconnected|burn(?:ed|t)|melted))",
        ),
        severity="warn",
        cause=("The text says the GPUs' risers lack proper power (unpowered, not powered properly, or with a "
               "burnt or loose power lead): each riser carries its GPU's slot power (up to 75 W), so a starved riser "
               "makes that GPU drop out or fail under load whatever error the program then prints."),
        advice=("Give every riser its own power from the PSU: a 6-pin PCIe or a Molex cable straight from the supply "
                "(not SATA adapters, not a daisy-chain off one lead), check each riser's power connector for burn "
                "marks and replace damaged risers, and make sure the PSU covers every GPU plus 75 W per riser; then "
                "run one GPU per riser under load to find any that still fails."),
        action="reseat-or-inspect-hardware",
        rules_out=("the NVIDIA driver", "the program"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/nicehash/excavator/issues/190",
                 "https://github.com/nicehash/NiceHashMiner-Archived/issues/1085",
                 "https://github.com/nanopool/ewbf-miner/issues/44"),
        checked="2026-11-28",
        examples=("kernel/excavator-190-cuda-999-risers-unpowered.txt",
                  "kernel/ewbfminer-44-gpu-stopped-riser-power-cable-burned.txt"),
    ),
    Signature(
        code="kernel.nvidia-peermem-invalid-context-notice",
        cause_id="none",
        kinds=("any",),
        # nvidia-peermem's callback when a GPUDirect RDMA mapping is freed after its CUDA context went away: the
        # driver's mitigation for NVIDIA issue 4272659 (535.129.03 release notes) prints it, thousands of times on a
        # busy HGX node; R560 and newer carry the full fix and no longer print it (nv_peer_memory#120).
        patterns=(r"nv_get_p2p_free_callback:\d{1,5} ERROR detected invalid context",),
        severity="info",
        cause=("nvidia-peermem's \"detected invalid context, skipping further processing\" is a harmless diagnostic "
               "of the driver's mitigation for a GPUDirect RDMA teardown race (NVIDIA issue 4272659), not a "
               "failure: GPUs, NCCL and the results are not affected by it."),
        advice=("Nothing needs fixing for these lines; a 560 or newer datacenter driver carries the full fix and stops "
                "them. If jobs fail beside them, look at the other errors of the same run (the NCCL or CUDA error, "
                "the Xid lines) for the cause."),
        action="none",
        rules_out=("a fault of nvidia-peermem or GPUDirect RDMA", "a GPU hardware fault"),
        never_suggest=("disable GPUDirect RDMA", "reinstall nvidia-peermem"),
        versions=("printed by 535.129.03 to 555 datacenter drivers; gone from R560",),
        sources=("https://github.com/Mellanox/nv_peer_memory/issues/120", "https://github.com/NVIDIA/gdrcopy/issues/306",
                 "https://docs.nvidia.com/datacenter/tesla/tesla-release-notes-535-129-03/index.html"),
        checked="2026-11-28",
        examples=("kernel/nvpeermem-120-invalid-context-diagnostic-harmless.txt",),
    ),
    Signature(
        code="kernel.kernel-modules-extra-missing-described",
        described=True,
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="driver-not-loaded",
        kinds=("any",),
        # RHEL-family kernels (AlmaLinux, Rocky, RHEL 9.3+ and 10) ship helpers the NVIDIA modules need (video for
        # nvidia-modeset's ACPI calls, DRM helpers) in kernel-modules and kernel-modules-extra; a minimal install lacks
        # them and the packaged nvidia(-open)-kmod then does not load. People write the fix they ran.
        # The bare install command is common in setup guides and pasted histories: it counts where it names the
        # running kernel's package (kernel-modules-extra-$(uname -r), a version), the form of the fix, or where its
        # line says it fixed things (rev40d). Patterns read one line, so "resolved by installing:" above it is not seen.
        patterns=(
            r"\b(?:dnf|yum|microdnf) (?:-y )?install [^\n]{0,120}?\bkernel-modules-extra-(?:\$\(uname -r\)|\d)",
            r"\b(?:[Rr]esolved|[Ff]ixed|[Ss]olved|[Hh]elped)\b[^\n]{0,60}?\b(?:dnf|yum|microdnf) (?:-y )?install "
            r"[^\n]{0,120}?\bkernel-modules-extra\b",
            r"\b(?:[Ii]nstall(?:ing|ed)?|[Aa]dd(?:ing|ed)?) (?:the )?kernel-modules-extra\b[^\n]{0,80}?\b(?:fix(?:ed|es)?|"
            r"solved|resolved|works?|worked|helped)\b",
        ),
        severity="warn",
        cause=("The text says installing the running kernel's kernel-modules / kernel-modules-extra packages brought "
               "the NVIDIA driver up: on RHEL-family systems the NVIDIA modules need kernel modules that ship there "
               "(video for nvidia-modeset, DRM helpers), and without them the NVIDIA module does not load."),
        advice=("Install them for the running kernel: `sudo dnf install kernel-modules-$(uname -r) "
                "kernel-modules-extra-$(uname -r)`, have `video` loaded at boot (`echo video | sudo tee "
                "/etc/modules-load.d/video.conf`), regenerate the initramfs (`sudo dracut --force`) and reboot; `sudo "
                "modprobe nvidia` then names any other missing dependency."),
        action="configure",
        rules_out=("a module built for another kernel", "Secure Boot"),
        never_suggest=("disable Secure Boot", "blacklist nouveau"),
        sources=("https://github.com/AlmaLinux/wiki/issues/814",),
        checked="2026-11-28",
        examples=("kernel/almawiki-814-module-not-loaded-kernel-modules-extra.txt",),
    ),
)
