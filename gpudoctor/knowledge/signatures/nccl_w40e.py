"""Issue 25 (helper w40e): distributed jobs that fail for a reason a person describes, and NCCL wheels side by side.

A multi-GPU job whose main process prepares (tokenises, maps, caches) a large dataset while the other ranks wait at a
barrier fails when the preparation outlasts the process group's timeout, 30 minutes by default (1800 s): people report
it as "it always fails after 30 minutes with a big dataset". nccl_w28d.py and nccl_w34b.py read the watchdog's line
beside a preparation step's progress bar; nccl.dataset-prep-outlasts-timeout-described reads the person's description
(LongLoRA#45, LlamaFactory#662). nccl.two-nccl-wheels reads a second major's nvidia-nccl wheel in a listing that holds
nvidia-nccl-cu12 (both install the same libnccl.so.2), and nccl.concurrent-runs-port-conflict-described two runs on one
machine that fight over the launcher's default port.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

# What people call the preparation, and how they say it ran past the default timeout ("after 30 minutes", "takes
# longer than 30 minutes", "每次到30分钟", "显示30分").
_DATA = (r"(?:[Dd]atasets?|[Dd]ata ?sets?|[Tt]okeni[sz]\w{0,6}|[Pp]re-?process\w{0,6}|[Pp]repping|[Pp]reparing (?:the )?"
         r"data|数据|分词)")
_WHEN = r"(?:after|at|exactly|always|longer than|more than|over|beyond|past|到|显示|超过) ?(?:exactly |about |around )?"

# ...and that the run then failed, in the same line ("an exception is thrown", "报错"): "the dataset ... after 30
# minutes of training the loss" is no timeout (rev40c).
_FAILED = (r"(?:[Ee]xception|[Ee]rror|[Ff]ail\w{0,4}|[Cc]rash\w{0,4}|[Tt]ime ?out|[Tt]imes out|timed out|[Hh]ang\w{0,3}|"
           r"[Ss]tuck|[Kk]illed|报错|超时|失败|中断)")
_FAILS = r"(?=[^\n]{0,160}?" + _FAILED + r")"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.dataset-prep-outlasts-timeout-described",
        described=True,
        cause_id="nccl-timeout",
        kinds=("any",),
        patterns=(
            _DATA + r"[^\n]{0,200}?" + _WHEN + r"30 ?minute" + _FAILS,
            _FAILED + r"[^\n]{0,160}?" + _DATA + r"[^\n]{0,200}?" + _WHEN + r"30 ?minute",
            _DATA + r"[^\n]{0,200}?" + _WHEN + r"30分" + _FAILS,
            # the failure named between the data and the time ("数据...报错了，时间是30分")
            _DATA + r"[^\n]{0,200}?" + _FAILED + r"[^\n]{0,200}?" + _WHEN + r"30分",
            _WHEN + r"30 ?minutes?[^\n]{0,200}?" + _DATA + _FAILS,
            _FAILED + r"[^\n]{0,60}?" + _WHEN + r"30 ?minutes?[^\n]{0,200}?" + _DATA,
            # a timeout the person places at 30 minutes, with or without the data named on the same line
            _WHEN + r"30分钟?[^\n]{0,40}?(?:[Tt]ime ?out|timed out|超时)",
            _WHEN + r"30 ?minutes?[^\n]{0,40}?(?:[Tt]ime ?out|timed out)",
            r"(?:[Tt]ime ?out|[Tt]imes out|timed out)[^\n]{0,20}?" + _WHEN + r"30 ?minute",
        ),
        severity="warn",
        cause=("The text describes a multi-GPU run that times out after 30 minutes, the process group's default "
               "timeout (1800 s): nearly always one process preparing (tokenising, mapping) a large dataset while the "
               "other ranks wait for it at a barrier; nothing in NCCL or the GPUs failed."),
        advice=("Prepare the dataset once and load the result in the multi-GPU run: tokenise it in a single process "
                "(or a separate step) and save it (LLaMA-Factory `tokenized_path` / `--cache_path`, datasets' "
                "`save_to_disk` or its map cache, more `preprocessing_num_workers`), or give the process group a timeout "
                "longer than the preparation: `ddp_timeout` in TrainingArguments or the trainer's config (seconds, e.g. "
                "`--ddp_timeout 18000`), `InitProcessGroupKwargs(timeout=timedelta(hours=5))` for Accelerate, "
                "`init_process_group(timeout=timedelta(hours=5))` in your own script."),
        action="configure",
        rules_out=("the GPUs", "the NCCL network"),
        never_suggest=("NCCL_P2P_DISABLE", "NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/JIA-Lab-research/LongLoRA/issues/45",
                 "https://github.com/hiyouga/LlamaFactory/issues/662",
                 "https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments.ddp_timeout"),
        checked=CHECKED,
        examples=("nccl/longlora-45-prepping-dataset-30-minutes.txt",
                  "nccl/llamafactory-662-tokenize-large-data-30-minute-timeout.txt"),
    ),
)

# Two NCCL wheels for different CUDA majors in one environment: both put libnccl.so.2 in site-packages/nvidia/nccl/lib
# (marin#7344: nvidia-nccl-cu13 2.30.7 beside nvidia-nccl-cu12 2.28.9 from torch+cu128, the last one written wins;
# pytorch's maintainers answer such pairs with "uninstall the one that does not match").
SIGNATURES += (
    Signature(
        code="nccl.two-nccl-wheels",
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        contexts=("nccl-cu12-wheel",),
        # the other major's wheel in a listing that holds nvidia-nccl-cu12 ("[pip3] nvidia-nccl-cu11==2.14.3",
        # "nvidia-nccl-cu13     2.29.7")
        # ...and as a person quotes it (`version("nvidia-nccl-cu13") == 2.30.7`)
        patterns=(r"\bnvidia-nccl-cu(?P<other>11|13)(?:==| {1,40}|[\"'`)]{1,3} ?==? ?)(?P<version>\d{1,2}\.\d{1,3}\.\d{1,3})",),
        severity="warn",
        cause=("Two NCCL wheels are installed side by side, nvidia-nccl-cu{other} {version} beside nvidia-nccl-cu12: "
               "both install libnccl.so.2 into the same site-packages/nvidia/nccl/lib, so the framework may load an "
               "NCCL other than the one it was built for (an undefined nccl* symbol at import, a config it cannot "
               "read)."),
        advice=("Keep only the NCCL wheel that matches the installed PyTorch: `pip list | grep -i nccl`, then uninstall "
                "the other (`pip uninstall nvidia-nccl-cu{other}` for a cu12 torch; `pip uninstall nvidia-nccl-cu12` "
                "for a cu13 torch, `python -c 'import torch; print(torch.version.cuda)'` says which) and reinstall the "
                "matching one so its libnccl.so.2 is the one on disk (`pip install --force-reinstall "
                "nvidia-nccl-cu12==<the version torch requires>`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/marin-community/marin/issues/7344", "https://github.com/pytorch/pytorch/issues/119932"),
        checked=CHECKED,
        examples=("nccl/marin-7344-nccl-cu12-beside-cu13-same-path.txt",),
    ),
)

# Two jobs started on one machine (one training per GPU, a second copy of a script) both take the launcher's default
# rendezvous port (29500): the second one cannot bind it. People describe it without the socket's error
# (diffusion-pipe#370: "train them simultaneously on multiple GPUs ... consistently encountering port conflicts").
_AT_ONCE = (r"(?:simultaneous(?:ly)?|at the same time|at once|in parallel|concurrent(?:ly)?|multiple|several|two|"
            r"second|another|other)")
# ...in a line about training (a launcher, a run): two model servers on one port are server-port-in-use's, whose fix
# is the server's own --port, not a master port (rev40c)
_TRAINING = (r"^(?=[^\n]{0,600}?(?:[Tt]rain|[Ff]ine-?tun|[Dd]eep[Ss]peed|torchrun|accelerate launch|DDP|[Dd]istributed|"
             r"master[_ ]port|MASTER_PORT|rendezvous))[^\n]{0,600}?")
_CONFLICT = r"(?:conflicts?|clash(?:es)?|collisions?|collides|already (?:in use|taken|used)|is blocked|was blocked)"

SIGNATURES += (
    Signature(
        code="nccl.concurrent-runs-port-conflict-described",
        described=True,
        cause_id="distributed-port-in-use",
        kinds=("any",),
        patterns=(
            # "train them simultaneously on multiple GPUs ... port conflicts"
            _TRAINING + _AT_ONCE + r"\b[^\n]{0,160}?\bports? " + _CONFLICT,
            # "port is blocked by another service", "the port is already in use by the other training"
            _TRAINING + r"\bports? (?:is |was )?(?:blocked|already (?:in use|taken|used)|occupied|in use|taken) by (?:another|other|"
            r"a different|the (?:first|other|previous)) (?:service|process|program|training|job|instance|run)",
            # the default rendezvous port named as the trouble (w46c): "默认使用29500端口，导致无法运行多个训练", "the
            # default port 29500 is occupied", "29500 collides with the other job", "master_port is already used"
            r"(?:默认|default)[^\n]{0,12}?(?<!\d)29500(?!\d)[^\n]{0,40}?(?:被占用|占用|冲突|碰撞|(?:无法|不能)(?:同时)?运行多个|"
            r"in use|occupied|taken|conflict|collid|collision)",
            r"(?<!\d)29500(?!\d)[^\n]{0,20}?(?:被占用|已被占用|冲突|碰撞)",
            r"\bmaster[_ ]port\b[^\n]{0,20}?\b(?:is |was )?already (?:in use|used|occupied|taken)\b",
        ),
        severity="warn",
        cause=("The text describes two runs on one machine fighting over a port: each distributed launch (deepspeed, "
               "torchrun, accelerate) binds the same default rendezvous port (29500), so the second run cannot start "
               "while the first holds it."),
        advice=("Give each concurrent run its own master port: `deepspeed --master_port 29501 ...`, `torchrun "
                "--master_port 29501 ...` (or MASTER_PORT=29501), `accelerate launch --main_process_port 29501 ...`; "
                "where the script takes its own --master_port too (diffusion-pipe's train.py), pass the same value to "
                "both, and pin each run to its GPUs (`--include localhost:1` for deepspeed, CUDA_VISIBLE_DEVICES for "
                "the others)."),
        action="configure",
        rules_out=("the GPUs", "NCCL"),
        never_suggest=("NCCL_P2P_DISABLE",),
        sources=("https://github.com/tdrussell/diffusion-pipe/issues/370",
                 "https://github.com/tdrussell/diffusion-pipe/pull/144", "https://github.com/InternLM/xtuner/issues/911",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked=CHECKED,
        examples=("nccl/diffusionpipe-370-simultaneous-training-port-conflicts.txt",
                  "nccl/xtuner-911-default-port-29500-two-trainings-prose.txt"),
    ),
)
