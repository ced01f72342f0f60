"""Issue 25 (helper w48c): a person telling, in Chinese or by pointing at NCCL's ACS section, that GPU peer-to-peer is
what failed.

Many multi-GPU threads about hangs (vLLM or Xinference loading a model on several cards, DDP or DeepSpeed training,
nccl-tests' all_reduce_perf) are written in Chinese, and the settled cause is told in a sentence, not a log line:
"设置环境变量NCCL_P2P_DISABLE=1强制禁用P2P通信后,测试可以正常进行" (with P2P off the test runs), "禁用显卡的P2P通信。模型能够成功
加载" (with P2P off the model loads), "4090不支持P2P通信" (the GeForce card has no P2P). Others answer with the section of
NCCL's troubleshooting guide about PCI Access Control Services (the anchor `#pci-access-control-services-acs`), whose
fix is turning ACS and the IOMMU off. Each is nccl-p2p-broken whatever is behind it (TAXONOMY's tie-break);
nccl.p2p-disable-fixed-it-described reads the same account in English. Sentences that say the setting did not help
("还是卡住", "没用", "无效") within twenty characters after the setting are left out.

Also here: a helper's account that a launch starts more processes than the machine's one GPU ("you only have one GPU,
try set nproc_per_node = 1"), distributed-misuse, read where the paste holds only those words.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_P2P_OFF = r"`?(?:export )?NCCL_P2P_DISABLE ?= ?1`?"
# between the setting and the success word, no word saying it did not help
_NO_FAIL = r"(?![^\n]{0,20}?(?:还是|仍然|依然|没用|无效|不行|没有用|没效果|并没有|不起作用))[^\n]{0,20}?"
_OK_ZH = (r"(?:(?:可以|能够|能|就能|才能|得以)?(?:正常(?:进行|运行|训练|推理|加载|启动|使用|工作)?|成功(?:加载|运行|启动|训练)?)|"
          r"解决了?|好了|跑通了?|跑起来了?|不再卡住?|就可以了|可以了)")
# the GeForce (and TITAN) cards people name when they say the card has no P2P
_CONSUMER = r"(?:RTX ?)?(?:[2345]0[6789]0(?: ?Ti| ?D)?|TITAN|游戏卡|消费级(?:显卡|卡)?)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.p2p-disable-fixed-it-described-zh",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "设置环境变量NCCL_P2P_DISABLE=1强制禁用P2P通信后,测试可以正常进行", "export NCCL_P2P_DISABLE=1 之后就正常了"
            _P2P_OFF + _NO_FAIL + _OK_ZH,
            # "禁用显卡的P2P通信。模型能够成功加载", "关闭P2P后训练正常"
            r"(?:禁用|关闭|关掉|禁掉|停用)了?(?:显卡|GPU|卡)?(?:间|之间)?的?\s?(?:NCCL\s?的?)?(?:P2P|p2p)(?:通信|传输)?" + _NO_FAIL
            + _OK_ZH,
            # "4090不支持P2P通信", "游戏卡被禁用了P2P"
            _CONSUMER + r"[^\n]{0,12}?(?:不支持|不能使用|无法使用|被禁用了?)\s?(?:P2P|p2p)",
            # an answer that points at NCCL's troubleshooting section on PCI Access Control Services
            r"troubleshooting\.html#pci-access-control-services-acs\b",
        ),
        severity="warn",
        cause=("The text says multi-GPU work ran once GPU peer-to-peer was turned off (NCCL_P2P_DISABLE=1), that the "
               "cards have no P2P, or points at NCCL's section on PCI Access Control Services: the GPUs' direct peer "
               "path does not work on this machine (GeForce cards without P2P support, ACS or the IOMMU redirecting "
               "peer traffic on the PCIe bridges, or a driver release with a P2P bug), so NCCL hangs when it uses it."),
        advice=("Keep `export NCCL_P2P_DISABLE=1` in the environment of every rank (the launch script, the serving "
                "engine's service or container environment) so NCCL goes through shared memory; to get the peer path "
                "back on cards that support it, turn ACS off on the bridges above the GPUs (`sudo lspci -vvv | grep "
                "ACSCtl` shows SrcValid+ where it is on; in the BIOS: PCIe ACS / IOMMU / VT-d off) or boot with "
                "`iommu=pt`, then check with `nvidia-smi topo -p2p r` and nccl-tests without NCCL_P2P_DISABLE."),
        action="configure",
        rules_out=("GPU memory", "the model or training script"),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://blog.gitcode.com/aa319b74118321856938d293081cc2bf.html",
                 "https://huo.zai.meng.li/p/vllm%E5%90%AF%E5%8A%A8%E6%97%B6nccl%E9%81%87%E5%88%B0%E6%98%BE%E5%8D%A1p2p%E9%80%9A%E4%BF%A1%E9%97%AE%E9%A2%98",
                 "https://github.com/zai-org/CogVLM/issues/35",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"),
        checked=CHECKED,
        examples=("nccl/gitcode-nccl-tests-two-a100-pcie-p2p-hang-acs-bios-prose.txt",
                  "nccl/huozaimengli-xinference-vllm-rtx6000ada-second-start-hang-acs-prose.txt"),
    ),
)

# A helper's "This is because you only have one GPU, try set `nproc_per_node = 1`" (ColossalAI#2439): the launch starts
# more processes (or asks for more GPUs) than the machine has, TAXONOMY's tie-break for distributed-misuse; the person's
# paste may hold only these words, not the "invalid device ordinal" line the rows of nccl_w41d.py read.
_LAUNCH_COUNT = (r"(?:nproc[_-]per[_-]node|NPROC_PER_NODE|num[_-]processes|--num_gpus|num_gpus|--gpus|gpu_ids|n_gpus|ngpus|"
                 r"world_size|WORLD_SIZE)")
SIGNATURES += (
    Signature(
        code="nccl.one-gpu-launch-more-processes-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "because you only have one GPU, try set `nproc_per_node = 1`", "I only have 1 GPU so I set num_processes 1"
            r"\b(?:only|just) (?:have |has |got )?(?:one|1|a single) (?:GPU|gpu)\b[^\n]{0,60}?\b" + _LAUNCH_COUNT + r"\b",
            # "set --nproc_per_node=1, since there is only one GPU"
            r"\b" + _LAUNCH_COUNT + r"`?\s?[=:]?\s?`?1\b[^\n]{0,40}?\b(?:only|just|single) (?:one |1 )?(?:GPU|gpu)\b",
        ),
        severity="warn",
        cause=("The text says the machine has one GPU while the launch starts more processes (or asks for more GPUs) "
               "than that: every rank after the first asks for a GPU index that does not exist, so the job fails at "
               "start-up (\"invalid device ordinal\")."),
        advice=("Launch one process per GPU the machine has: `torchrun --nproc_per_node=1` (or the launcher's "
                "NPROC_PER_NODE), `accelerate launch --num_processes 1` without --multi_gpu (or `accelerate config` "
                "answered for one GPU), `deepspeed --num_gpus 1`; `nvidia-smi -L` lists the GPUs there are."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/hpcaitech/ColossalAI/issues/2439", "https://pytorch.org/docs/stable/elastic/run.html"),
        checked=CHECKED,
        examples=("cuda/colossalai-2439-dreambooth-only-one-gpu-nproc-per-node.txt",),
    ),
)
