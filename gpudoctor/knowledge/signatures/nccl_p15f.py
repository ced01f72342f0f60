"""Issue 25, fifteenth wave (written blind): multi-GPU training that hangs, as people describe it (rows of the nccl
area, joined into nccl.SIGNATURES).

"Multi-GPU training hangs", "training gets stuck with 2 GPUs but works on one", "hangs at initializing ddp": the
process starts, the GPUs show 100 % utilisation and nothing moves, with no error until a watchdog fires (if one is
set). The answer helpers settle on most often is that peer-to-peer transfers between the GPUs do not work through
this machine's PCIe path (IOMMU or ACS redirecting them, consumer GeForce cards, a VM), and NCCL waits for data that
never arrives; NCCL_P2P_DISABLE=1 makes it run and proves it (NCCL's troubleshooting guide, "PCI Access Control
Services"). The evidence is a description, so the row is a warning.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"

_HANG = (r"(?:hangs?|hanging|hung|freezes?|freezing|froze|frozen|stucks?|stucked|stuck|stalls?|stalled|deadlocks?|"
         r"deadlocked)")
_MULTI = (r"(?:[Mm]ulti[- ]?(?:GPUs?|gpus?|[Cc]ards?)|DDP|ddp|[Dd]istributed[Dd]ata[Pp]arallel|[Dd]istributed training|"
          r"torchrun|accelerate launch)")
# A line that names a local LLM server (Ollama, llama.cpp, vLLM, koboldcpp): their one-GPU placement is theirs.
_NOT_LLM_SERVER = r"^(?![^\n]*(?:[Oo]llama|llama\.cpp|llama-server|[vV]LLM|vllm|koboldcpp|LM Studio))"
_TRAINING = (r"(?:train|Train|trains|trained|training|Training|trainer|Trainer|fine-tune|finetune|fine-tuning|"
             r"finetuning)")
_COUNT = r"(?:2|two|3|three|4|four|8|eight|multiple|more than one|several|all)(?:\s(?:or|and) more)?"

P15F_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.multi-gpu-hang-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "Multi-GPU training hangs", "DDP training stuck", "multi-gpus ddp training stuck"; not NCCL alone (PyTorch's
            # heartbeat monitor names "a NCCL/CUDA API ... hang", the timeout rows' line)
            r"\b" + _MULTI + r"\b[^\n]{0,50}?\b" + _HANG + r"(?:\b|$)",
            # "training hangs with 2 GPUs", "gets stuck when using more than one GPU", "freezes on 4 gpus"
            r"\b" + _HANG + r"\b[^\n]{0,50}?\b(?:with|on|using|across|for|over)\s" + _COUNT
            + r"\s(?:NVIDIA\s|nvidia\s)?(?:GPUs|gpus|GPU|gpu|cards|RTX\s?\d{4}s?)\b",
            # "using 3 GPUs, training hangs indefinitely"
            r"\b(?:with|on|using|across)\s" + _COUNT + r"\s(?:NVIDIA\s|nvidia\s)?(?:GPUs|gpus|GPU's|cards)\b[^\n]{0,40}?\b"
            + _HANG + r"\b",
            # "Training stalls with DDP multi-GPU setup", "hangs when using DistributedDataParallel"
            r"\b" + _HANG + r"\b[^\n]{0,30}?\b(?:with|on|using|in|during|when using)\s(?:the\s|a\s)?" + _MULTI + r"\b",
            # "works on a single GPU, but ... it just stucks"
            r"\b(?:works?|working|runs?|running|fine|ok|OK|alright|good)\b[^\n]{0,40}?\b(?:single|one|1)\s(?:GPU|gpu)\b"
            r"[^\n]{0,160}?\b" + _HANG + r"\b",
            # "training on a single GPU, everything works normally ... when I use 2 or 4 GPUs for training, the process
            # gets stuck": the one GPU that works, then the count that hangs
            r"\b(?:single|one|1)\s(?:GPU|gpu)\b[^\n]{0,120}?\b(?:works?|worked|working|normally|fine|completes?|completed)\b"
            r"[^\n]{0,200}?\b(?:2|two|3|three|4|four|8|eight|multiple|more)(?:\s(?:or|and)\s(?:3|4|8|more))?\s(?:GPUs|gpus|"
            r"cards)\b[^\n]{0,60}?\b" + _HANG + r"\b",
            # "hangs at initializing ddp", "stuck at init_process_group", "hangs on dist.barrier()"
            r"\b" + _HANG + r"\s(?:at|on|in|during|after|when|while)\s[^\n]{0,30}?(?:\bddp\b|\bDDP\b|init_process_group|"
            r"dist\.barrier|barrier\(\))",
            # "NCCL all_reduce hangs with two RTX 3090", "dist.all_reduce gets stuck forever" (not "nccl-tests ... stuck":
            # across pods or hosts that is the network's)
            r"\b(?:all_reduce|allreduce|all-reduce|AllReduce|all_gather|allgather)\b[^\n]{0,50}?\b" + _HANG + r"\b",
            # "training hangs at the first all-reduce", "stuck in all_reduce"
            r"\b" + _HANG + r"\s(?:at|on|in|inside|during)\s(?:the\s)?(?:first\s)?(?:all_reduce|allreduce|all-reduce|AllReduce|"
            r"all_gather|allgather)\b",
            # "NCCL test hangs between GPU2 and GPU3"
            r"\b" + _HANG + r"\sbetween\s(?:GPU|gpu|cuda:?|device\s)\s?\d{1,2}\sand\s(?:GPU|gpu|cuda:?|device\s)\s?\d{1,2}\b",
            # "多卡训练卡住", "多GPU训练卡死"
            r"(?:多卡训练|多GPU训练|多gpu训练|多显卡训练|多卡并行)[^\n]{0,20}?(?:卡住|卡死|挂起|不动)",
        ),
        severity="warn",
        cause=("The description suggests multi-GPU training hangs in NCCL's communication between the GPUs; most "
               "often peer-to-peer (P2P) transfers do not work through this machine's PCIe path (IOMMU or ACS on, "
               "consumer GeForce cards, a VM), so the ranks wait for data that never arrives while the GPUs show "
               "full utilisation."),
        advice=("Prove it in one run: start the job with `NCCL_P2P_DISABLE=1` (and `NCCL_DEBUG=INFO` to see the "
                "transports it picks); if training then starts, P2P is what hangs. Fix the platform rather than keep "
                "the slower path: disable the IOMMU or put it in passthrough (`iommu=pt`, or VT-d/AMD-Vi off in the "
                "BIOS), or disable ACS on the PCIe switches, then check with `nvidia-smi topo -m` and NVIDIA's "
                "p2pBandwidthLatencyTest or nccl-tests' all_reduce_perf; GeForce RTX 40xx cards have no P2P, so "
                "keep NCCL_P2P_DISABLE=1 there. If it still hangs with P2P off, one rank is doing different work "
                "(uneven batches, a save or barrier on rank 0 only): run with TORCH_DISTRIBUTED_DEBUG=DETAIL."),
        action="configure",
        rules_out=("a driver that is not installed, when nvidia-smi lists every GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Lightning-AI/pytorch-lightning/issues/19425",
                 "https://github.com/open-mmlab/mmdetection/issues/6534", "https://github.com/pytorch/pytorch/issues/24081",
                 "https://github.com/Physical-Intelligence/openpi/issues/483", TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("nccl/lightning-19425-single-machine-ddp-stuck-p2p.txt",
                  "nccl/openpi-483-two-gpus-training-stuck-p2p-disable.txt"),
    ),
    Signature(
        code="nccl.multi-gpu-slower-described",
        described=True,
        cause_id="none",
        kinds=("any",),
        patterns=(
            # "Using DDP for training is much slower than on a single GPU", "multigpu training is 4 times slower"
            r"\b(?:DDP|ddp|DistributedDataParallel|DataParallel|[Mm]ulti[- ]?(?:GPUs?|gpus?|[Cc]ards?)|multiple (?:GPUs|gpus)|"
            r"(?:2|two|4|four|8|eight) (?:GPUs|gpus))\b[^\n]{0,80}?\b(?:slower|not faster|no faster|no speed ?up|"
            r"not any faster|isn't faster)\b",
            # "the training is slower when using multi-gpus", "slower than a single GPU"
            r"\b(?:slower|no speed ?up|not faster)\b[^\n]{0,30}?\b(?:with|on|using|when using)\s(?:DDP|ddp|"
            r"DistributedDataParallel|DataParallel|multi[- ]?(?:GPUs?|gpus?)|multiple (?:GPUs|gpus)|(?:2|two|4|four|8|eight) "
            r"(?:GPUs|gpus))\b",
            r"\bslower than (?:a |the |using (?:a )?|on (?:a )?)?(?:single|one|1) (?:GPU|gpu)\b",
            # "Slow Multi-GPU DDP training", "slow DDP training"
            r"\b[Ss]low (?:[Mm]ulti[- ]?(?:GPU|gpu)s? (?:DDP |distributed )?|DDP |DistributedDataParallel |DataParallel |"
            r"distributed )training\b",
            r"\b[Ss]low training (?:with|using|on|in) (?:DDP|DistributedDataParallel|DataParallel|[Mm]ulti[- ]?(?:GPU|gpu)s?|"
            r"multiple GPUs)\b",
        ),
        severity="info",
        cause=("The description suggests multi-GPU training that runs but is no faster than one GPU; most often that is "
               "how it is launched or measured (nn.DataParallel, time per iteration instead of per epoch, a per-GPU "
               "batch too small to hide the gradient all-reduce, too few DataLoader workers), not a fault of the GPUs."),
        advice=("Compare time per epoch or samples per second, not seconds per iteration: with DistributedDataParallel "
                "each step runs one batch per GPU, so an epoch has N times fewer steps. Launch one process per GPU "
                "(`torchrun --nproc_per_node=N train.py` with DistributedDataParallel and a DistributedSampler) rather "
                "than nn.DataParallel, which drives every GPU from one Python process; keep the per-GPU batch large "
                "enough and give each rank enough DataLoader workers. Then look at the GPUs' link with `nvidia-smi "
                "topo -m`: GPUs that meet only through the CPU (SYS, PHB) or GeForce cards without peer-to-peer pay "
                "more for every all-reduce; `NCCL_DEBUG=INFO` prints the transport NCCL picked."),
        action="configure",
        rules_out=("a GPU or driver fault, when every GPU trains",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/KaiyangZhou/CoOp/issues/14", "https://github.com/shubham-goel/4D-Humans/issues/139",
                 "https://pytorch.org/docs/stable/notes/cuda.html#use-nn-parallel-distributeddataparallel-instead-of-"
                 "multiprocessing-or-nn-dataparallel"),
        checked="2026-11-26",
        examples=("nccl/coop-14-multi-gpu-slower-dataparallel.txt",),
    ),
    Signature(
        code="nccl.training-uses-one-gpu-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        # Not where a local LLM server is named on the line: Ollama and llama.cpp put a model that fits on one GPU by
        # design (their own rows).
        patterns=(
            # "When I run the training code, only gpu '0' is loaded", "(python train.py),i find that only one gpu is running"
            _NOT_LLM_SERVER + r"[^\n]*?\b" + _TRAINING + r"\b[^\n]{0,80}?\bonly\s(?:one|1|a single|single|GPU\s?'?0'?|gpu\s?'?0'?)\s"
            r"(?:GPU\s|gpu\s)?(?:is|was|gets?|got)\s(?:being\s)?(?:used|utili[sz]ed|loaded|running|busy|working)\b",
            # "the training program only uses 2 GPUs", "I only can use one gpu to train"
            _NOT_LLM_SERVER + r"[^\n]*?\b" + _TRAINING + r"\b[^\n]{0,60}?\bonly\s"
            r"(?:uses?|using|used|runs? on|running on|utili[sz](?:es|ed|ing)?|loads?|occupies)\s(?:one|1|a single|single|"
            r"the first|two|2)\s(?:GPUs?|gpus?|cards?)\b",
            _NOT_LLM_SERVER + r"[^\n]*?\bonly (?:can )?use (?:one|1|a single) (?:GPU|gpu) to train\b",
        ),
        severity="warn",
        cause=("The description suggests the training runs as one process on one GPU: the script was started with "
               "plain `python`, not one process per GPU, or its own GPU setting (a config's GPU list, --gpu_ids, "
               "CUDA_VISIBLE_DEVICES) names fewer GPUs than the machine has, so the others stay idle."),
        advice=("Start one process per GPU: `torchrun --nproc_per_node=4 train.py` (older scripts: `python -m "
                "torch.distributed.launch --nproc_per_node 4 ...`; Accelerate: `accelerate launch --num_processes 4`; "
                "Lightning: devices=4), with the model wrapped in DistributedDataParallel (nn.DataParallel for a "
                "quick single-process test). Then check that every GPU is visible to it: `python -c \"import torch; "
                "print(torch.cuda.device_count())\"`, CUDA_VISIBLE_DEVICES, and the script's own GPU list or --gpus "
                "option."),
        action="configure",
        rules_out=("a GPU or driver fault, when nvidia-smi lists every GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/tianweiy/CenterPoint/issues/257",
                 "https://github.com/KaihuaTang/Scene-Graph-Benchmark.pytorch/issues/30",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-26",
        examples=("nccl/centerpoint-257-trains-on-one-gpu-without-nproc.txt",),
    ),
)
