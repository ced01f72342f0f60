"""Issue 25 (helper w28d): the collective timeout that is only data preparation taking longer than 30 minutes.

Trainers built on PyTorch's process group (Hugging Face Trainer, TRL, Accelerate, LLaMA-Factory, axolotl) prepare the
dataset on the main process first (`main_process_first`, `prepare_data`): the other ranks wait in a barrier or an
all-reduce, and when tokenising, packing or generating the split takes longer than the process group's timeout (30
minutes by default) the watchdog aborts every rank with "Watchdog caught collective operation timeout ... Timeout(ms)=
1800000". A progress bar of that preparation ("Running tokenizer on dataset", "Generating train split", "Map") printed
on the same line as the watchdog's error, because the bar ends without a newline, says that is what the ranks waited
for. Nothing in NCCL or the GPUs failed: the fix is a timeout longer than the preparation (ddp_timeout in
TrainingArguments, InitProcessGroupKwargs(timeout=...) in Accelerate, init_process_group(timeout=...)) or preparing
and caching the dataset once before the distributed launch.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="nccl.watchdog-timeout-during-data-prep",
        cause_id="nccl-timeout",
        kinds=("any",),
        patterns=(
            r"(?P<step>Running tokenizer on dataset|Tokenizing Prompts|Generating \w{1,20} split|Map|Filter|Grouping "
            r"texts in chunks of \d{1,7}|Converting format of dataset|Dropping Long Sequences|Packing dataset)\b"
            r"[^\n]{0,200}?\][^\n]{0,60}?ProcessGroupNCCL\.cpp:\d{1,5}\][^\n]{0,80}?Watchdog caught "
            r"collective operation timeout",
        ),
        severity="fail",
        cause=("The other ranks waited in a collective while the main process was still preparing the dataset "
               "({step}), longer than the process group's timeout (30 minutes by default), so the watchdog aborted "
               "the job: the data preparation is slow, nothing in NCCL or the GPUs failed."),
        advice=("Give the process group a timeout longer than the data preparation: ddp_timeout in TrainingArguments "
                "or the trainer's config (seconds, e.g. ddp_timeout: 18000; LLaMA-Factory --ddp_timeout, axolotl "
                "ddp_timeout), InitProcessGroupKwargs(timeout=timedelta(hours=5)) in Accelerate's kwargs_handlers, or "
                "init_process_group(timeout=...) in your own script; or tokenise and cache the dataset once before the "
                "distributed launch (a single-process preprocessing run, e.g. axolotl's `python -m "
                "axolotl.cli.preprocess`, then train from the cache) and raise preprocessing_num_workers."),
        action="configure",
        rules_out=("a NCCL network fault", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE=1"),
        sources=("https://github.com/huggingface/alignment-handbook/issues/190",
                 "https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments.ddp_timeout",
                 "https://huggingface.co/docs/accelerate/package_reference/kwargs#accelerate.InitProcessGroupKwargs"),
        checked="2026-11-27",
        examples=("nccl/alignmenthandbook-190-train-split-30min-watchdog.txt",),
        refines=("nccl.watchdog-timeout",),
        refines_within=4,
    ),
)
