"""Issue 25 (helper w34b): the store wait that times out while the main process still prepares the dataset.

Before the first collective, the ranks of a trainer built on PyTorch (axolotl, the Hugging Face Trainer, TRL, LLaMA-
Factory) wait on the c10d TCPStore at MASTER_ADDR:MASTER_PORT for the main process, which tokenises or packs the
dataset first. When that takes longer than the process group's timeout (30 minutes by default), the waiting rank's
socket gives up: PyTorch 2.4 and later log "[c10d] waitForInput: poll for socket SocketImpl(...) returned 0, likely a
timeout" and "... timed out after 1800000ms". Printed on the same line as the preparation's progress bar (the bar
ends without a newline), it says what the ranks waited for: nothing in the network, NCCL or the GPUs failed
(nccl.watchdog-timeout-during-data-prep reads the same situation when the wait is an NCCL all-reduce).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_STEP = (r"(?P<step>Running tokenizer on dataset|Tokeniz\w{0,6}(?: [Pp]rompts| dataset)?|Preparing \w{1,20} set|"
         r"Generating \w{1,20} split|Map|Filter|Grouping texts in chunks of \d{1,7}|Converting format of dataset|"
         r"Dropping Long Sequences|Packing dataset|Add EOS|Saving the dataset)\b")

SIGNATURES = (
    Signature(
        code="nccl.store-wait-timeout-during-data-prep",
        cause_id="nccl-timeout",
        kinds=("any",),
        patterns=(
            _STEP + r"[^\n]{0,200}?\][^\n]{0,120}?\[c10d\] waitForInput: [^\n]{0,200}?(?:returned 0, likely a timeout|"
            r"timed out after (?P<ms>\d{1,9}) ?ms)",
        ),
        severity="fail",
        cause=("The other ranks waited on the rendezvous store while the main process was still preparing the dataset "
               "({step}), longer than the process group's timeout (30 minutes by default), so their wait timed out: the "
               "data preparation is slow, nothing in the network, NCCL or the GPUs failed."),
        advice=("Tokenise and cache the dataset once before the distributed launch (axolotl: `axolotl preprocess "
                "config.yml`, then train with the same dataset_prepared_path; other trainers: one single-process run "
                "that saves the tokenised dataset) and raise dataset_processes / preprocessing_num_workers, or give the "
                "process group a timeout longer than the preparation: ddp_timeout in TrainingArguments or the trainer's "
                "config (seconds, e.g. ddp_timeout: 18000), InitProcessGroupKwargs(timeout=timedelta(hours=5)) in "
                "Accelerate, init_process_group(timeout=...) in your own script."),
        action="configure",
        rules_out=("a network or NCCL fault", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE=1"),
        sources=("https://github.com/axolotl-ai-cloud/axolotl/issues/2684",
                 "https://docs.axolotl.ai/docs/dataset_preprocessing.html",
                 "https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments.ddp_timeout"),
        checked="2026-11-27",
        examples=("nccl/axolotl-2684-tokenizing-prompts-c10d-socket-timeout.txt",),
        refines=("nccl.store-socket-timeout", "nccl.unique-id-not-received", "nccl.watchdog-timeout"),
        refines_within=None,
    ),
    Signature(
        code="nccl.accelerate-port-in-use",
        cause_id="distributed-port-in-use",
        kinds=("any",),
        # accelerate 0.21 and later check the port before starting the ranks (utils/launch.py prepare_multi_gpu_env,
        # prepare_deepspeed_cmd_env) and raise this ConnectionError instead of c10d's "failed to listen" later
        patterns=(r"Tried to launch distributed communication on port `?(?P<port>\d{1,5})`?, but another process is "
                  r"utilizing it",),
        severity="fail",
        cause=("Port {port}, accelerate's main process port (29500 unless set), is already held on this machine by "
               "another process (a second training job, or a leftover process of an earlier one), so accelerate "
               "refused to start the ranks."),
        advice=("Give this launch its own port: `accelerate launch --main_process_port 29501 ...` (or "
                "main_process_port in the accelerate config file; 0 picks the next free port on a single node), or end "
                "the leftover process holding it (`ss -ltnp | grep {port}`; Windows: `netstat -ano | findstr :{port}`). "
                "GUIs that call accelerate (kohya_ss) take the same flag in their extra accelerate arguments."),
        action="configure",
        rules_out=("an NCCL, driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/accelerate/pull/1656",
                 "https://github.com/vision-x-nyu/thinking-in-space/issues/22",
                 "https://huggingface.co/docs/accelerate/package_reference/cli#accelerate-launch"),
        checked="2026-11-27",
        examples=("frameworks/thinkinginspace-22-accelerate-main-process-port-in-use.txt",
                  "frameworks/kohyass-2498-connectionerror-port-29500-second-run.txt"),
    ),
)
