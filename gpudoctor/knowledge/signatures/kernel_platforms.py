"""Kernel and driver, the platform services around the driver: GPUDirect RDMA's peer-memory module, vGPU licensing in a
guest, MIG, the daemons the driver ships (nvidia-persistenced, nvidia-powerd) and runtime power management (D3cold). Rows of
the kernel area, added to kernel.py's tuple. Each names a cause the generic rows would misread (a module "built for another
kernel" that is built for another InfiniBand stack; a slow GPU that is an unlicensed vGPU; a GPU "off the bus" that a
laptop powered down)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_modules import NOTICE_ONLY_IN_PASTES

_VGPU_LICENSING = "https://docs.nvidia.com/vgpu/latest/grid-licensing-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.peermem-ib-stack-mismatch",
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        # nvidia-peermem (nv_peer_mem before R470) registers GPU memory with the InfiniBand core through
        # ib_register_peer_memory_client, which only MLNX_OFED/DOCA-OFED's ib_core exports. Built against one ib_core and
        # loaded beside another (OFED installed, upgraded or removed after the driver; a driver container with the inbox
        # stack on a MOFED host), the kernel refuses those two symbols, and modprobe says "Invalid argument" or "Unknown
        # symbol in module"; depmod warns "needs unknown symbol" at install time.
        patterns=(r"(?P<module>nvidia_peermem|nv_peer_mem): (?:disagrees about version of symbol|Unknown symbol) "
                  r"(?P<symbol>ib_(?:un)?register_peer_memory_client)",
                  r"(?P<module>nvidia_peermem|nv_peer_mem)\.ko needs unknown symbol ib_register_peer_memory_client",
                  r"could not insert '(?P<module>nvidia_peermem|nv_peer_mem)': (?:Invalid argument|Unknown symbol)"),
        refines=("kernel.module-symbol-mismatch",),
        severity="fail",
        cause="The GPUDirect RDMA module {module} was built against another InfiniBand stack (ib_core) than the one "
              "loaded, so the kernel refuses its peer-memory symbols and GPU memory cannot be registered with the NIC.",
        advice=("Rebuild the peer-memory module against the InfiniBand stack the node loads: with MLNX_OFED/DOCA-OFED "
                "installed, reinstall the NVIDIA driver (or `sudo dkms autoinstall`) after OFED so nvidia-peermem builds "
                "against OFED's ib_core (`modinfo ib_core` shows which one loads), then `sudo modprobe nvidia-peermem`; "
                "for the old nv_peer_mem, remove and install its package again after OFED. With the GPU Operator on a "
                "host with OFED, set driver.rdma.useHostMofed=true. Or leave peermem out and let NCCL use DMA-BUF "
                "(Linux 5.12+, the open kernel modules)."),
        action="configure",
        rules_out=("a GPU hardware fault", "Secure Boot"),
        never_suggest=("disable Secure Boot", "reseat the GPU", "reinstall CUDA"),
        versions=("nvidia-peermem since R470, nv_peer_mem before",),
        sources=("https://github.com/Mellanox/nv_peer_memory/issues/84", "https://github.com/Mellanox/nv_peer_memory/issues/79",
                 "https://github.com/NVIDIA/gpu-operator/issues/2868",
                 "https://docs.nvidia.com/cuda/gpudirect-rdma/index.html"),
        checked="2026-11-26",
        examples=("kernel/nvpeermemory-84-unknown-symbol-ofed-upgrade.txt",
                  "kernel/gpuoperator-2868-peermem-disagrees-ib-core-symbols.txt"),
    ),
    Signature(
        code="kernel.vgpu-unlicensed",
        refines=("cuda.devices-busy-or-unavailable", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error"),
        refines_within=None,
        cause_id="vgpu-unlicensed",
        kinds=("any",),
        # A vGPU guest driver (GRID / vGPU for Compute) without a license: `nvidia-smi -q` says "License Status :
        # Unlicensed" ("Unlicensed (Restricted)" from R470), nvidia-gridd logs its failure. Unlicensed, the driver lets
        # the GPU run at full speed for about 20 minutes, then throttles it hard and refuses CUDA later; a healthy guest
        # says "Licensed (Expiry: ...)".
        patterns=(r"License Status\s{0,40}: Unlicensed\b",
                  r"nvidia-gridd(?:\[\d{1,8}\])?: (?:Failed to acquire license|License acquisition failed)",
                  # CUDA's own error once the unlicensed guest's driver refuses it (CUDA_ERROR_DEVICE_NOT_LICENSED, 102).
                  r"CUDA_ERROR_DEVICE_NOT_LICENSED|cudaErrorDeviceNotLicensed", r"device doesn't have valid Grid license"),
        severity="fail",
        cause="This vGPU guest has no license (nvidia-gridd did not acquire one), so the driver restricts the GPU: full "
              "speed only for the first minutes, then throttled, and CUDA refused later.",
        advice=("License the guest: put the client configuration token from the license server (NLS/DLS) in "
                "/etc/nvidia/ClientConfigToken/ and set FeatureType in /etc/nvidia/gridd.conf (with the GPU Operator, the "
                "licensing config map), restart it with `sudo systemctl restart nvidia-gridd`, read its result in "
                "`journalctl -u nvidia-gridd`, and confirm `nvidia-smi -q | grep -i license` says Licensed."),
        action="configure",
        rules_out=("a GPU hardware fault", "a broken driver install"),
        never_suggest=("reinstall the driver", "reseat the GPU", "replace the power supply"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/220", "https://github.com/NVIDIA/gpu-operator/issues/628",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1787", _VGPU_LICENSING),
        checked="2026-11-26",
        examples=("kernel/gpuoperator-220-okd-vgpu-unlicensed-slow.txt",
                  "kernel/gpuoperator-628-vgpu-unlicensed-restricted.txt"),
    ),
    Signature(
        code="kernel.persistenced-numa-needs-root",
        cause_id="persistenced-start-failed",
        kinds=("any",),
        # nvidia-persistenced on coherent-memory systems (Grace Hopper GH200, GB200) switches on NUMA memory auto-online
        # for the GPU's memory by writing /sys/devices/system/memory/auto_online_blocks, which needs root; the shipped
        # service drops to an unprivileged user (--user), so it exits with "failed to initialize".
        patterns=(r"NUMA: Failed to open /sys/devices/system/memory/auto_online_blocks: Permission denied",
                  r"NUMA: Failed to enable NUMA memory Auto-Online"),
        severity="fail",
        cause="nvidia-persistenced runs as an unprivileged user and cannot switch on NUMA memory auto-online, which a "
              "coherent-memory GPU (Grace Hopper) needs, so it exits and persistence mode stays off.",
        advice=("Run nvidia-persistenced as root: remove `--user ...` from its ExecStart (`sudo systemctl edit --full "
                "nvidia-persistenced`), then `sudo systemctl restart nvidia-persistenced` and check `nvidia-smi -q | grep "
                "-i persistence`."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/NVIDIA/nvidia-persistenced/issues/11",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-26",
        examples=("kernel/nvpersistenced-11-gh200-numa-auto-online-permission.txt",),
    ),
    Signature(
        code="kernel.nvidia-powerd-unsupported-notice",
        cause_id="none",
        kinds=NOTICE_ONLY_IN_PASTES,
        # nvidia-powerd drives Dynamic Boost on notebooks whose firmware offers NVPCF; the driver packages install and
        # enable it everywhere, and on desktops (and laptops without Dynamic Boost) it logs that the firmware lacks NVPCF,
        # then "No matching GPU found", and exits. The failed unit is often pasted as the problem. (The journal prefix
        # naming the daemon is stripped before matching, so the pattern keys on its own words.)
        patterns=(r"SBIOS support not found for NVPCF",),
        severity="info",
        cause="nvidia-powerd (Dynamic Boost for notebooks) found no GPU or firmware it serves here and exited; the GPU and "
              "driver are unaffected.",
        advice=("Harmless: nvidia-powerd only serves laptops with Dynamic Boost. Leave it, or stop the message with "
                "`sudo systemctl disable --now nvidia-powerd`, and look at the log's other lines for the real error."),
        action="none",
        rules_out=("a broken NVIDIA driver install", "a GPU fault"),
        sources=("https://github.com/getsolus/packages/issues/317",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/dynamicboost.html"),
        checked="2026-11-26",
        examples=("kernel/solus-317-nvidia-powerd-no-matching-gpu.txt",),
    ),
    Signature(
        code="kernel.gpu-stuck-in-d3cold",
        # RmInitAdapter's 0x22:0x56 (registers unmapped) follows on the same GPU: the power state is why, not its BARs.
        refines=("cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded", "kernel.rm-init-gpu-not-mapped",
                 "kernel.rm-init-adapter-failed", "kernel.nvml-device-handle-unknown-error"),
        refines_within=None,
        cause_id="gpu-fell-off-bus",
        kinds=("any",),
        # The PCI core's words when it cannot bring a device back from D3cold (powered off by runtime power management,
        # RTD3): "can't change power state from D3cold to D0 (config space inaccessible)", "Unable to change power state
        # from D3cold to D0, device inaccessible" on newer kernels. For the nvidia device this is a hybrid-graphics laptop
        # or an eGPU whose GPU was powered down while idle and did not come back; Xid 79 follows.
        patterns=(r"nvidia (?P<bus_id>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d): (?:can't|Unable to) change power "
                  r"state from D3cold to D0",),
        severity="fail",
        cause="The GPU at {bus_id} was powered down to D3cold by runtime power management and did not come back (its "
              "configuration space is unreachable), so the driver lost it: a hybrid-graphics laptop's or an eGPU's "
              "power-state failure rather than a card loose in its slot.",
        advice=("Keep the GPU out of D3cold: `echo 'options nvidia NVreg_DynamicPowerManagement=0x00' | sudo tee "
                "/etc/modprobe.d/nvidia-rtd3.conf`, rebuild the initramfs (`sudo update-initramfs -u` or `sudo dracut -f`) "
                "and reboot (to test first: `echo on | sudo tee /sys/bus/pci/devices/{bus_id}/power/control`); stop TLP "
                "or powertop from runtime-suspending it, switch the laptop to its discrete-GPU (MUX) mode where it has "
                "one, and update the BIOS/EC firmware. On a host that hands the GPU to a VM (VFIO), keep vfio-pci from "
                "idling it in D3 too (`options vfio-pci disable_idle_d3=1`)."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/system76/firmware-open/issues/259", "https://github.com/pop-os/system76-driver/pull/335",
                 "https://github.com/linux-surface/linux-surface/issues/376",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/dynamicpowermanagement.html"),
        checked="2026-11-26",
        examples=("kernel/system76-259-d3cold-to-d0-inaccessible.txt",),
    ),
    Signature(
        code="kernel.mig-enabled-without-instances",
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.devices-busy-or-unavailable"),
        refines_within=None,
        cause_id="mig-no-instances",
        kinds=("any",),
        # Slurm's gres/gpu NVML autodetection (slurmd) when a GPU is in MIG mode but holds no MIG devices. MIG mode
        # survives a reboot; the GPU and compute instances do not, so a node that rebooted without recreating them (no
        # nvidia-mig-parted or MIG manager run at boot) has GPUs nothing can use.
        # nvidia-smi's own table says the same when a GPU is in MIG mode without instances: the "MIG devices:" block
        # holds the one row "|  No MIG devices found   ...   |" (CUDA then reports no device, or busy or unavailable).
        patterns=(r"MIG mode is enabled, but no MIG devices were found", r"\|\s{1,4}No MIG devices found\s{3,}\|"),
        severity="fail",
        cause="MIG mode is on but the GPU holds no MIG instances (they are not kept across reboots), so there is no "
              "device to use.",
        advice=("Create the GPU and compute instances again (`nvidia-smi mig -lgip` lists the profiles; e.g. `sudo "
                "nvidia-smi mig -cgi 9,9 -C` makes two 3g instances on an A100-40GB, `nvidia-smi -L` then lists MIG "
                "devices) and have them created at every boot (nvidia-mig-parted with its systemd unit, or the GPU "
                "Operator's MIG manager); or turn MIG off with `sudo nvidia-smi -i N -mig 0` and reset the GPU."),
        action="configure",
        rules_out=("a GPU hardware fault", "a broken driver install"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/ComputeCanada/puppet-magic_castle/pull/276",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/225",
                 "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/index.html"),
        checked="2026-11-26",
        examples=("kernel/magiccastle-276-slurmd-mig-enabled-no-devices.txt",),
    ),
)
