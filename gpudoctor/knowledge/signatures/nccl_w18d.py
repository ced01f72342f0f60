"""Issue 25, rows for families blind sets missed, as people describe them: peer-to-peer transfers between two or four
consumer or workstation GPUs that silently corrupt data, and NCCL jobs that fail only inside a container.

A tensor copied straight from one GPU to another (`x.to(1)`) arrives as zeros or garbage, while the same copy through
the CPU is right; NCCL's all-reduce over the same path returns wrong sums or hangs. The helpers settle on the platform's
PCIe path: the IOMMU (AMD-Vi, VT-d) translating or blocking the peer writes, or ACS on a PCIe switch redirecting
them; turning the IOMMU off or to passthrough in the BIOS or on the kernel command line fixes it, and
NCCL_P2P_DISABLE=1 works around it for NCCL. The evidence is a description, so the row is a warning.

NCCL moves data between the GPUs of one host through /dev/shm when they have no P2P path (and sets up its proxy there
in any case); a container's /dev/shm is Docker's 64 MB default unless --shm-size or --ipc=host gives it more, and a
pod's is the runtime's unless an emptyDir of medium Memory is mounted there. A tensor-parallel server or a DDP job
that crashes only in the container is that, most often, whatever NCCL's error line says ("unhandled system error").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"

_COPY = (r"(?:[Mm]ov(?:e|es|ed|ing)|[Cc]opy|[Cc]opying|[Cc]opies|[Cc]opied|[Tt]ransfer(?:s|red|ring)?|[Ss]end(?:s|ing)?)")
_GPUS = r"(?:GPUs|gpus|GPU's|CUDA devices|cuda devices|devices|cards)"
_WRONG = (r"(?:zeros?|zero tensor|all zeros|corrupt(?:ed|s|ion)?|garbage|wrong (?:values|data|results)|incorrect(?:ly)?|"
          r"not (?:copying|copied|transferr?ing|working) (?:correctly|properly)|fails? silently|failing silently|"
          r"doesn'?t work|does not work|NaNs?)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.cross-gpu-copy-corrupt-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "Moving a tensor from one GPU to another GPU, results in data corruption", "Moving a tensor across CUDA
            # devices gets zero tensor", "tensor.to(device) not copying data correctly between two GPUs"
            r"\b" + _COPY + r"\b[^\n]{0,60}?\b(?:between|across|from one (?:GPU|gpu) to another|from (?:GPU|gpu|cuda:?) ?\d "
            r"to (?:GPU|gpu|cuda:?) ?\d)\b[^\n]{0,40}?\b" + _GPUS + r"?[^\n]{0,60}?\b" + _WRONG,
            # "Silent data corruption when moving data between GPUs", "zeros after copying between two GPUs"
            r"\b(?:[Dd]ata corruption|[Cc]orrupt(?:ed|s)? data|zeros|wrong values|garbage)\b[^\n]{0,40}?\b"
            + _COPY + r"\b[^\n]{0,30}?\b(?:between|across) (?:the |two |2 |four |4 |multiple )?" + _GPUS,
            # "tensor.to(device) not copying data correctly between two GPUs"
            r"\bnot (?:copying|copied|moving|moved|transferring|transferred)\b[^\n]{0,30}?\b(?:correctly|properly)\b"
            r"[^\n]{0,20}?\b(?:between|across) (?:the |two |2 |four |4 |multiple )?" + _GPUS,
            # "Cross-GPU copies failing silently", "peer-to-peer copy returns zeros"
            r"\b(?:[Cc]ross-GPU|[Pp]eer-to-peer|P2P|p2p|GPU-to-GPU|gpu-to-gpu) (?:copy|copies|transfers?|memcpy)\b"
            r"[^\n]{0,40}?\b" + _WRONG,
            # "all_reduce returns wrong results with 4 GPUs", "allreduce gives incorrect sums"
            r"\b(?:all_reduce|allreduce|all-reduce|AllReduce)\b[^\n]{0,40}?\b(?:wrong|incorrect|corrupt(?:ed)?|garbage)"
            r" (?:results?|values|sums?|data|outputs?)\b",
            r"\b(?:all_reduce|allreduce|all-reduce|AllReduce)\b[^\n]{0,40}?\b(?:returns?|gives?|produces?|outputs?) "
            r"(?:garbage|zeros|NaNs?|wrong|incorrect)\b",
            # a model split over the GPUs answering gibberish (w46c): the hidden state it hands to the next GPU arrives
            # as zeros ("produce gibberish when split across two GPUs", "with dual 4090s it will produce gibberish",
            # "On my dual RTX 6000 Ada workstation the result is wrong tokens", "it will set the tensor to 0's on the
            # destination GPU")
            r"\b(?:gibberish|word salad|garbled|garbage (?:output|tokens|text)|nonsense (?:output|tokens|text))\b[^\n]{0,100}?"
            r"\b(?:split (?:across|over|between|on)|(?:across|over|between|on|with|using) (?:the )?(?:two|2|both|multiple|"
            r"several|dual) (?:GPUs?|gpus?|cards)|multi-?GPU|--gpu[_-]split|gpu_split|layer split)",
            r"\b(?:split (?:across|over|between) (?:the )?(?:two|2|both|multiple|dual) (?:GPUs?|gpus?|cards)|--gpu[_-]split\b|"
            r"\bdual\b[^\n]{0,30}?(?:GPUs?|cards|\d{4}s))[^\n]{0,100}?\b(?:produces?|gives?|outputs?|returns?|decodes?|"
            r"generates?)\b[^\n]{0,30}?\b(?:gibberish|garbage|nonsense|word salad|garbled)\b",
            r"\bdual\b[^\n]{0,60}?\b(?:wrong tokens|word salad|gibberish|garbage (?:output|tokens|text))\b",
            r"\b(?:sets?|becomes?|arrives? as|ends? up as)\b[^\n]{0,20}?(?:0's|\bzeros|\bzeroes|\ball zeros|\ban empty tensor)"
            r"[^\n]{0,20}?\b(?:on|in) the (?:destination|target|other|second|next) (?:GPU|gpu|device|card)\b",
        ),
        severity="warn",
        cause=("The description suggests data copied directly between GPUs arrives corrupted (zeros or garbage) while "
               "copies through the CPU are right: peer-to-peer (P2P) transfers are broken by this machine's PCIe path, "
               "most often the IOMMU (AMD-Vi or VT-d) or ACS on a PCIe switch redirecting the peer writes."),
        advice=("Confirm it with NVIDIA's p2pBandwidthLatencyTest or simpleP2P (cuda-samples), which verify peer copies, "
                "and `nvidia-smi topo -m`. Then fix the path: disable the IOMMU in the BIOS (AMD CBS / NBIO: IOMMU "
                "Disabled; Intel: VT-d off) or set it to passthrough (`iommu=pt`, with `amd_iommu=on` or "
                "`intel_iommu=on`, on the kernel command line), and disable ACS on the PCIe switches; in a VM, P2P "
                "through the hypervisor usually cannot work. Until then run NCCL with `NCCL_P2P_DISABLE=1` and copy "
                "tensors through the CPU (`x.cpu().to(1)`); programs that copy between the GPUs themselves have their "
                "own switch to go through host memory (ExLlama: EXLLAMA_NO_P2P_COPY=1; llama.cpp: leave GGML_CUDA_P2P "
                "unset, since any value turns peer copies on, or build with -DGGML_CUDA_NO_PEER_COPY=ON)."),
        action="configure",
        rules_out=("a bug in the program's own arithmetic, when the same copy through the CPU is right",),
        never_suggest=("reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/pytorch/pytorch/issues/84803", "https://github.com/pytorch/pytorch/issues/87363",
                 "https://github.com/turboderp-org/exllamav2/issues/85", "https://github.com/unslothai/unsloth/issues/10613",
                 TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-27",
        examples=("nccl/pytorch-84803-cross-gpu-copy-zeros-iommu.txt",
                  "nccl/exllamav2-85-dual-4090-gpu-split-gibberish-peer-copy-zeros-prose.txt",
                  "nccl/unsloth-10613-studio-ggml-cuda-p2p-non-nvlink-garbage-prose.txt"),
    ),
    Signature(
        code="nccl.multi-gpu-in-container-described",
        described=True,
        cause_id="container-shm-too-small",
        kinds=("any",),
        patterns=(
            # "Crash with `--tensor-parallel-size` in the docker container", "nccl crashes on Docker container", "NCCL
            # error when running DDP inside a Kubernetes pod"; not where the GPUs are missing from the container
            # (the container-no-gpu-runtime rows).
            r"^(?=[^\n]*\b(?:[Cc]rash|[Cc]rashes|[Cc]rashed|[Cc]rashing|[Ff]ails?|[Ff]ailed|[Ff]ailing|[Ee]rrors?|[Hh]angs?|"
            r"[Hh]anging|stuck|[Bb]us error|killed|[Ss]egfault)\b)(?![^\n]*(?:not detected|not found|no GPU|not available|"
            r"not visible|could not select device))[^\n]*?\b(?:NCCL|nccl|[Tt]ensor[- _]parallel\w{0,12}|DDP|ddp|"
            r"[Dd]istributed training|all_reduce|allreduce|torchrun|[Dd]eep[Ss]peed)\b[^\n]{0,60}?\b(?:in|inside|within|"
            r"on) (?:a |the |my |our )?(?:[Dd]ocker(?: container)?|container|[Kk]ubernetes pod|pod|k8s)\b",
            # "DP=16 nodes eventually run out of /dev/shm space due to NCCL"
            r"\bout of (?:/dev/shm|shared memory)\b[^\n]{0,60}?\b(?:NCCL|nccl)\b",
            r"\b(?:NCCL|nccl)\b[^\n]{0,60}?\bout of (?:/dev/shm|shared memory)\b",
            # "在docker中多卡训练问题" (multi-card training in Docker)
            r"[Dd]ocker(?:容器)?中[^\n]{0,10}?(?:多卡|多GPU|多gpu|分布式)",
        ),
        severity="warn",
        cause=("The description suggests an NCCL job (tensor parallelism, DDP, DeepSpeed) that fails only inside a "
               "container: NCCL needs shared memory in /dev/shm to move data between the GPUs of one host, and the "
               "container's /dev/shm is Docker's 64 MB default or the pod runtime's."),
        advice=("Give the container shared memory: `docker run --shm-size=16g ...` or `--ipc=host` (Compose: "
                "`shm_size: 16gb` or `ipc: host`; Kubernetes: mount an emptyDir with `medium: Memory` and a sizeLimit at "
                "/dev/shm). Check with `df -h /dev/shm` inside the container; with `NCCL_DEBUG=INFO` NCCL's \"Error while "
                "creating shared memory segment /dev/shm/nccl-...\" or posix_fallocate warning confirms it. "
                "`NCCL_SHM_DISABLE=1` works around it, more slowly."),
        action="configure",
        rules_out=("a driver or GPU fault, when the same job runs on the host",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/1710", "https://github.com/llm-d/llm-d/issues/352",
                 TROUBLESHOOTING + "#docker"),
        checked="2026-11-27",
        examples=("nccl/vllm-1710-tp-docker-crash-shm-size.txt",),
    ),
)
