"""Issue 25, w46e: NVLinks that are down as nvidia-smi and NVML report them (rows of the kernel area).

`nvidia-smi nvlink -s` prints each link's speed, or "<inactive>" for a link that did not train; where every link of a
GPU is down, NVML answers "Unable to retrieve NVLink information as all links are inActive" instead of the list. On
an NVLink system whose links should all be up (HGX/DGX baseboards, SXM modules, a pair joined by a bridge) that GPU
then talks over PCIe or not at all: NCCL picks slower paths or fails, fabric registration may stop. A reset or reboot
retrains the links once; links that stay down are a hardware fault of the GPU, the bridge or the baseboard. Some
SKUs wire fewer links than the GPU has (H100 PCIe/NVL cards use 12 of 18, bridged pairs only the bridge's), so the
rows warn and say so: an inactive link on such a card is by design (Azure's NCv5, azurehpc-health-checks#162).

A GPU on an external or extended PCIe link (a Thunderbolt or USB4 enclosure or dock, OCuLink, a long riser) that falls
off the bus (Xid 79) under load is most often the link failing at the speed it trained to: those who fixed it capped
the link (PCIe Gen2 or Gen3, in the BIOS or with setpci before the nvidia module loads), or changed the cable or
enclosure; the driver and the GPU were fine (open-gpu-kernel-modules#974, an RTX 5060 Ti in a TB3/4 dock).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# A PCIe generation as people write it ("Gen2", "gen 3", "GEN4"), spelled out so the matcher's prefilter has a word.
_GEN = r"(?:Gen1|Gen2|Gen3|Gen4|Gen 1|Gen 2|Gen 3|Gen 4|gen1|gen2|gen3|gen4|GEN1|GEN2|GEN3|GEN4)"
# External and extended PCIe links
_EXTERNAL = r"(?:OCuLink|Oculink|oculink|OCulink|Thunderbolt|thunderbolt|TB3|TB4|TB5|eGPU|egpu|USB4)"

# A GPU held in P0 as people say it ("stays P0", "stuck in P0", "remains at P0"), spelled out for the prefilter.
_HELD_IN_P0 = (r"(?:[Ss]tuck at|[Ss]tuck in|[Ss]tuck on|[Ss]tays at|[Ss]tays in|[Ss]tays|[Ss]tay at|[Ss]tay in|"
               r"[Ss]tayed at|[Ss]tayed in|[Rr]emains at|[Rr]emains in|[Rr]emained at|[Rr]emained in|[Ll]ocked at|"
               r"[Ll]ocked in|[Ss]its at|[Ss]its in|[Ss]itting at|[Ss]itting in) P0")

NVLINK_DOWN_ADVICE = (
    "Check the links of every GPU (`nvidia-smi nvlink -s`: each link at its speed; `nvidia-smi topo -m`: NV# between "
    "the GPUs). Where links that should be up are inactive, drain the node and reset the GPU (`sudo nvidia-smi -r -i "
    "<index>` with nothing running) or reboot, and on a bridged pair reseat the NVLink bridge; on NVSwitch systems "
    "check that nvidia-fabricmanager runs (`nvidia-smi -q | grep -A2 Fabric`). Links that stay inactive after that are "
    "a hardware fault: run the field diagnostics (`dcgmi diag -r 3`) and have the GPU or baseboard serviced. On cards "
    "that wire fewer links (H100 PCIe/NVL: 12 of 18) the unused ones are inactive by design."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvlink-links-inactive",
        cause_id="nvlink-error",
        kinds=("any",),
        patterns=(
            # NVML through nvidia-smi (nvlink -s, -q) for a GPU none of whose links is up: "NVML: Unable to retrieve
            # NVLink information as all links are inActive" (older drivers: "Nvlink", "inactive")
            r"Unable to retrieve N[Vv][Ll]ink information as all links are in[Aa]ctive",
            # `nvidia-smi nvlink -s` (--status): "         Link 3: <inactive>"
            r"\bLink (?P<link>\d{1,2}): <inactive>",
        ),
        severity="warn",
        cause=("nvidia-smi reports NVLinks of a GPU down (inactive): on a system whose links should all be up, that "
               "GPU has lost its NVLink connection and falls back to PCIe, or its collectives fail."),
        advice=NVLINK_DOWN_ADVICE,
        action="reset-gpu",
        rules_out=("the NCCL version", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/leptonai/gpud/issues/1085", "https://github.com/Azure/azurehpc-health-checks/issues/162",
                 "https://github.com/Azure/azurehpc-health-checks/pull/132",
                 "https://docs.nvidia.com/deploy/nvml-api/group__NvLink.html"),
        checked="2026-11-28",
        examples=("kernel/gpud-1085-b200-nvml-all-nvlinks-inactive.txt",),
    ),
    Signature(
        code="kernel.external-link-speed-capped-described",
        described=True,
        cause_id="gpu-fell-off-bus",
        # the person's own finding outranks the overclock or driver guessed first
        refines=("kernel.faults-on-overclocked-gpu",), refines_within=None,
        kinds=("any",),
        patterns=(
            # "limiting the PCIe to Gen2 makes the CUDA computation workloads pretty stable", "set the slot to gen3 and
            # no more crashes", "forcing PCIe Gen 3 fixed it"
            r"\b(?:[Ll]imit|[Cc]ap|[Ff]orc|[Ll]ock|[Ss]et|[Dd]owngrad)\w{0,4} (?:the |my |its )?(?:PCI-?[Ee]x?(?:press)?|"
            r"PCIE|pcie|link|slot)(?: link)?(?: speed| generation)? (?:to |at |down to )?" + _GEN + r"\b[^\n]{0,120}?"
            r"\b(?:stable|[Ss]olved|fixed|fixes|works|worked|no (?:more )?(?:[Xx]id ?79|crash\w{0,2}|errors?|drops?)|"
            r"without (?:a |any )?crash)",
            # "Xid 79 ... via OCuLink", "my eGPU over Thunderbolt keeps falling off the bus"
            r"\b(?:[Xx]id ?79|XID ?79|fall(?:s|en|ing)? off (?:the )?(?:PCIe )?bus)\b[^\n]{0,100}?\b" + _EXTERNAL + r"\b",
            r"\b" + _EXTERNAL + r"\b[^\n]{0,100}?\b(?:[Xx]id ?79|XID ?79|fall(?:s|en|ing)? off (?:the )?(?:PCIe )?bus)\b",
        ),
        severity="warn",
        cause=("The description ties the GPU falling off the bus (Xid 79) to its PCIe link: an external or extended "
               "link (Thunderbolt/USB4 enclosure or dock, OCuLink, riser) that cannot hold the speed it trained to "
               "drops the GPU under load; capping the link speed keeps it."),
        advice=("Cap the GPU's PCIe link speed: Gen3 or Gen2 for that slot or port in the BIOS/UEFI where it offers it, "
                "else with setpci on the upstream port before the nvidia module loads (an `install nvidia ...` line in "
                "/etc/modprobe.d that runs the script first); then use a shorter or certified cable, another enclosure "
                "or a direct slot. `sudo lspci -vv -s <bus id> | grep LnkSta` shows the speed the link runs at; the "
                "driver and the GPU are not at fault."),
        action="reseat-or-inspect-hardware",
        rules_out=("the NVIDIA driver", "the program version"),
        never_suggest=("reinstall the driver", "roll back the driver"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/974", "https://alexforencich.com/wiki/en/pcie/set-speed",
                 "https://docs.nvidia.com/deploy/xid-errors/"),
        checked="2026-11-28",
        examples=("kernel/ogkm-974-5060ti-tb-dock-xid79-cap-pcie-gen2.txt",),
    ),
    Signature(
        code="kernel.idle-gpu-held-in-p0-described",
        described=True,
        cause_id="persistence-or-clock-state",
        kinds=("any",),
        patterns=(
            # "Performance mode stays P0 despite compute being 0%", "GPUs stuck in P0 at idle with no processes"
            r"\b" + _HELD_IN_P0 + r"\b[^\n]{0,80}?\b(?:idle|0 ?%|without (?:any )?load|no load|nothing running|"
            r"no processes)",
            # "idle GPUs remain in P0", "when idling it stays at P0"
            r"\b(?:[Ii]dle|[Ii]dling)\b[^\n]{0,40}?\b" + _HELD_IN_P0 + r"\b",
            # "P0 at idle", "P0 even when idle", "P0 after booting without any load"
            r"\bP0 (?:at idle|when idle|while idle|in idle|even at idle|even when idle)\b",
            r"\bP0 after boot(?:ing)?\b[^\n]{0,40}?\b(?:without (?:any )?load|no load|idle|nothing running|not even)",
            # "it never drops to P8", "doesn't go down to P8"
            r"\b(?:never|doesn't|doesnt|does not|won't|will not) (?:drop|go|fall|return|switch)(?:s|es)? (?:down |back )?"
            r"(?:to P8|to P5|to P12|into P8)\b",
        ),
        severity="warn",
        cause=("The description says the GPU stays in P0 (full clocks, high power and heat) while idle: on a Linux "
               "machine without persistence (no nvidia-persistenced, persistence mode off) the driver is not kept "
               "initialised to lower an idle GPU's clocks; a process holding a CUDA context also keeps it in P0/P2."),
        advice=("Turn persistence on so the driver stays initialised and drops idle GPUs to P8: `sudo systemctl enable "
                "--now nvidia-persistenced`, then `sudo nvidia-smi -pm 1` (Ubuntu's and Debian's unit starts the daemon "
                "with --no-persistence-mode: remove that flag, `sudo systemctl edit --full nvidia-persistenced`, so it "
                "holds after a reboot); `nvidia-smi` should then show Persistence-M On and P8 at idle. If a process is "
                "listed on the GPU (an inference server or agent keeping a CUDA context), it holds P0/P2 while it runs: "
                "stop it to let the GPU idle. Data-center GPUs (A100, H100) stay in P0 by design."),
        action="configure",
        rules_out=("a GPU fault", "the cooling"),
        never_suggest=("reinstall the driver", "replace the GPU"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/874",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-28",
        examples=("kernel/ogkm-874-idle-p0-5090-persistenced-reenabled.txt",),
    ),
)
