"""Distributed training set-ups the launchers and DeepSpeed refuse (rows of the nccl area, joined into
nccl.SIGNATURES).

Written blind for issue 25 (round fourteen of the row writers). DeepSpeed ZeRO stage 3 partitions every parameter
across the ranks: a model created under zero.Init (transformers' from_pretrained does so whenever a ZeRO-3 config is
active, accelerate's zero3_init_flag) keeps only an empty 1-D placeholder on each rank, which a DeepSpeed engine
gathers before each forward. A model that never went through deepspeed.initialize / accelerator.prepare (a teacher,
reference, reward or frozen text-encoder model beside the trained one), or a ZeRO-3 config used without the
distributed launcher (LLaMA-Factory runs plain python on one GPU unless FORCE_TORCHRUN=1), runs on that placeholder,
and the first embedding lookup fails in torch's own check. DeepSpeed 0.16.0 made its engine's no_sync() assert under
ZeRO stages 2 and 3 (gradient partitioning needs the reduction no_sync skips), while transformers' Trainer and
accelerate's accumulate() entered no_sync between gradient-accumulation steps (transformers PR #35157 stopped that).
Megatron (megatron-core's parallel_state.initialize_model_parallel, Megatron-LM's older mpu, NeMo on top) splits the
world of processes into tensor x pipeline (x context, expert) parallel groups and refuses a world size that is not a
multiple of their product: most often a job started with fewer processes than GPUs. DeepSpeed's launcher
(launcher/runner.py) sets CUDA_VISIBLE_DEVICES for the processes it starts, and keeps the user's only on one node without
--include/--exclude/--num_gpus/--num_nodes; otherwise it says it ignores it and runs on GPUs it numbers from 0.
FSDP flattens each wrapped module's parameters into one FlatParameter of one float dtype (torch's _flat_param.py):
bitsandbytes' 8-bit weights are int8 and its 4-bit ones uint8 unless bnb_4bit_quant_storage (bitsandbytes 0.43+)
stores them in the compute dtype, which is how FSDP + QLoRA works. Each FlatParameter also needs one requires_grad
unless FSDP keeps the original parameters (use_orig_params=True, accepted with mixed frozen parameters since torch 2.1),
so LoRA's trainable adapters beside frozen base weights in one wrapped module fail without it. FSDP also assumes one
process per GPU whose current CUDA device is that GPU (_init_utils.py compares it with device_id).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ACCELERATE_DEEPSPEED = "https://huggingface.co/docs/accelerate/usage_guides/deepspeed"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.zero3-weights-outside-engine",
        cause_id="distributed-misuse",
        kinds=("any",),
        # at::embedding's TORCH_CHECK(weight.dim() == 2, "'weight' must be 2-D"), printed by every rank; multi-rank
        # output interleaves it ("RuntimeError: RuntimeError'weight' must be 2-D: ").
        patterns=(r"'weight' must be 2-D",),
        severity="fail",
        cause=("An embedding ran on a weight that is not a matrix: under DeepSpeed ZeRO-3 a model whose parameters were "
               "partitioned (an empty placeholder on each rank) ran outside a DeepSpeed engine that gathers them, "
               "a second model (teacher, reference, frozen encoder) never prepared, or a ZeRO-3 config used without "
               "the distributed launcher."),
        advice=("If the job uses DeepSpeed ZeRO-3 (zero_stage 3): start it through the distributed launcher "
                "(`deepspeed`, `torchrun` or `accelerate launch`; llamafactory-cli on one GPU needs FORCE_TORCHRUN=1) or "
                "drop the ZeRO-3 config on a single GPU, and pass every model that runs forward through "
                "deepspeed.initialize / accelerator.prepare, or load the frozen ones outside zero.Init "
                "(accelerate's `zero3_init_context_manager(enable=False)`), or use ZeRO stage 2; without DeepSpeed, "
                "the embedding's weight was replaced by a 1-D tensor: check the checkpoint loaded into it."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/arcee-ai/DistillKit/issues/3", "https://github.com/hiyouga/LlamaFactory/issues/4557",
                 "https://github.com/huggingface/accelerate/issues/3170", ACCELERATE_DEEPSPEED),
        checked="2026-11-26",
        examples=("nccl/distillkit-3-zero3-teacher-weight-must-be-2d.txt",
                  "nccl/llamafactory-4557-zero3-single-card-weight-2d.txt"),
    ),
    Signature(
        code="nccl.deepspeed-no-sync-zero-partitioning",
        cause_id="package-version-conflict",
        kinds=("any",),
        # deepspeed/runtime/engine.py no_sync(); titles re-typed as "no sync ... gradientpartitioning ... ZeRo"
        patterns=(r"no[_ ]sync context manager is incompatible with gradient ?partitioning logic of ZeRO stage "
                  r"(?P<stage>\d)",),
        severity="fail",
        cause=("DeepSpeed 0.16.0 or later refuses no_sync() under ZeRO stage {stage}, and the training loop (the "
               "transformers Trainer or accelerate's accumulate()) enters it between gradient-accumulation steps."),
        advice=("Install a DeepSpeed that still accepts it, `pip install deepspeed==0.15.4`, or upgrade transformers "
                "and accelerate to releases that skip no_sync under ZeRO-2/3 (transformers PR #35157) when you need a "
                "newer DeepSpeed; until then gradient_accumulation_steps=1 avoids the call."),
        action="configure",
        rules_out=("the GPUs", "NCCL", "the driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/6793", "https://github.com/kongds/E5-V/issues/23",
                 "https://github.com/hiyouga/LlamaFactory/issues/6194",
                 "https://github.com/huggingface/transformers/pull/35157",
                 "https://github.com/huggingface/accelerate/issues/3481"),
        checked="2026-11-26",
        examples=("nccl/e5-v-23-deepspeed-016-no-sync-zero2.txt", "nccl/llamafactory-6194-no-sync-zero3-deepspeed-0160.txt"),
    ),
    Signature(
        code="nccl.megatron-world-size-not-divisible",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # megatron-core: "world_size (1) is not divisible by 2"; Megatron-LM's mpu: "world size (2) is not divisible by
        # tensor model parallel size (4) times pipeline model parallel size (1)"; NeMo's expert groups: "decoder
        # world_size (4) is not divisible by expert_tensor_model_pipeline_parallel size (8)"
        patterns=(r"world_size \((?P<world>\d{1,6})\) is not divisible by (?P<product>\d{1,6})\b",
                  r"world[_ ]size \((?P<world>\d{1,6})\) is not divisible by [\w ]{1,80}?parallel[_ ]size "
                  r"\((?P<product>\d{1,6})\)"),
        severity="fail",
        cause=("Megatron was started with {world} process(es), which cannot be split into model-parallel groups of "
               "{product} (tensor x pipeline x context or expert parallel size): the job has fewer processes than the "
               "parallelism asks for, or the sizes do not divide the GPUs."),
        advice=("Start one process per GPU, as many as the parallel sizes need (`torchrun --nproc_per_node=<GPUs>`, "
                "`srun --ntasks-per-node=<GPUs>`, NeMo's executor devices / num_nodes; `nvidia-smi -L` and "
                "CUDA_VISIBLE_DEVICES show the GPUs the job can use), or lower tensor_model_parallel_size / "
                "pipeline_model_parallel_size (and context / expert parallel size) so their product divides the world "
                "size."),
        action="configure",
        rules_out=("the driver", "NCCL", "the network"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA-NeMo/Speech/issues/11480",
                 "https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/546",
                 "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/parallel_state.py"),
        checked="2026-11-26",
        examples=("nccl/nemo-11480-megatron-world-size-one-process.txt",),
    ),
    Signature(
        code="nccl.deepspeed-ignores-visible-devices",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        patterns=(r"Detected CUDA_VISIBLE_DEVICES=(?P<devices>[^\s]{1,300}) but ignoring it because one or several of "
                  r"--include/--exclude/--num_gpus/--num_nodes",),
        severity="warn",
        cause=("The deepspeed launcher ignored CUDA_VISIBLE_DEVICES={devices} because it was also given "
               "--include/--exclude/--num_gpus/--num_nodes (by you or by accelerate / a training script), so the job "
               "runs on the GPUs the launcher numbers from 0, not the ones you chose."),
        advice=("Choose the GPUs the launcher's way: `deepspeed --include localhost:<GPU indices> train.py ...` (here "
                "{devices}, as indices; without --num_gpus), or drop --num_gpus/--include/--exclude so a single-node launch keeps CUDA_VISIBLE_DEVICES; "
                "under `accelerate launch` with DeepSpeed, upgrade accelerate to 0.13.0 or later, which passes the "
                "selection on."),
        action="configure",
        rules_out=("the driver", "a GPU fault"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/accelerate/issues/663", "https://github.com/deepspeedai/DeepSpeed/issues/2980",
                 "https://github.com/deepspeedai/DeepSpeed/pull/960", "https://www.deepspeed.ai/getting-started/"),
        checked="2026-11-26",
        examples=("nccl/accelerate-663-visible-devices-ignored-by-deepspeed.txt",),
    ),
    Signature(
        code="nccl.fsdp-quantized-integer-weights",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch.distributed.fsdp _flat_param.py's check on the tensors it is asked to flatten
        patterns=(r"Cannot flatten integer dtype tensors",),
        severity="fail",
        cause=("FSDP was asked to shard a model whose weights bitsandbytes stores as integers (8-bit LLM.int8, or 4-bit "
               "without bnb_4bit_quant_storage), and FSDP can only flatten floating-point parameters."),
        advice=("For QLoRA under FSDP load the model in 4-bit with the storage in the compute dtype: "
                "`BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_storage=torch.bfloat16, "
                "bnb_4bit_compute_dtype=torch.bfloat16)` and torch_dtype=torch.bfloat16, on bitsandbytes 0.43+, "
                "transformers 4.39+, accelerate 0.28+ and peft 0.10+ (PEFT's run_peft_qlora_fsdp example; axolotl's "
                "adapter: qlora); a load_in_8bit model cannot be sharded by FSDP: use 4-bit, DeepSpeed, or no "
                "quantization."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/meta-llama/llama-cookbook/issues/240",
                 "https://github.com/axolotl-ai-cloud/axolotl/issues/2250", "https://github.com/huggingface/peft/issues/1432",
                 "https://github.com/hiyouga/LlamaFactory/issues/2934",
                 "https://huggingface.co/docs/peft/accelerate/fsdp"),
        checked="2026-11-26",
        examples=("nccl/llama-cookbook-240-fsdp-cannot-flatten-integer-dtype.txt",
                  "nccl/axolotl-2250-fsdp-lora-8bit-cannot-flatten.txt"),
    ),
    Signature(
        code="nccl.fsdp-mixed-dtype-parameters",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch.distributed.fsdp: _flat_param.py ("Must flatten tensors with uniform dtype but got X and Y") and
        # torch 1.13-2.0's flat_param.py ("FlatParameter requires uniform dtype but got X and Y")
        patterns=(r"Must flatten tensors with uniform dtype but got (?P<first>torch\.\w{4,14}) and "
                  r"(?P<second>torch\.\w{4,14})",
                  r"FlatParameter requires uniform dtype but got (?P<first>torch\.\w{4,14}) and "
                  r"(?P<second>torch\.\w{4,14})"),
        severity="fail",
        cause=("FSDP flattens each wrapped module's parameters into one tensor of one dtype, and this model holds "
               "{first} and {second} parameters side by side: LoRA adapters or norms kept in float32 beside a 16-bit "
               "base, or a quantization storage dtype other than the model's."),
        advice=("Give every parameter FSDP wraps one dtype: load the model with torch_dtype equal to the training dtype "
                "(and, for QLoRA, bnb_4bit_quant_storage the same), cast the LoRA adapters to it (peft's "
                "autocast_adapter_dtype=False, or model.to(torch.bfloat16) before wrapping), and leave the compute "
                "dtype to FSDP's mixed precision (accelerate's mixed_precision with fsdp_use_orig_params: true); where "
                "a trainer's own FSDP recipe mixes them (LLaMA-Factory, axolotl), update it."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/h2oai/h2o-llmstudio/issues/98", "https://github.com/hiyouga/LlamaFactory/issues/3853",
                 "https://github.com/axolotl-ai-cloud/axolotl/issues/1482", "https://github.com/huggingface/trl/issues/1723"),
        checked="2026-11-26",
        examples=("nccl/h2o-llmstudio-98-fsdp-lora-flatparameter-uniform-dtype.txt",
                  "nccl/llamafactory-3853-fsdp-qlora-bf16-and-fp16-flatten.txt"),
    ),
    Signature(
        code="nccl.fsdp-mixed-requires-grad",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch 1.13-2.0: "`FlatParameter` requires uniform `requires_grad`"; torch 2.1+: "Must flatten tensors with
        # uniform `requires_grad` when `use_orig_params=False`" (backticks dropped in many pastes)
        patterns=(r"`?FlatParameter`? requires uniform `?requires_grad",
                  r"Must flatten tensors with uniform `?requires_grad`? when `?use_orig_params=False"),
        severity="fail",
        cause=("An FSDP unit holds frozen and trainable parameters together (LoRA or other PEFT adapters beside frozen "
               "base weights), which FSDP cannot flatten into one parameter unless it keeps the original ones "
               "(use_orig_params=True)."),
        advice=("Build FSDP with use_orig_params=True (torch 2.1 or later; accelerate: `fsdp_use_orig_params: true`, "
                "the Trainer's fsdp_config `use_orig_params`), or wrap the trainable LoRA modules in FSDP units of their "
                "own (PEFT's fsdp_auto_wrap_policy, torchtune's LoRA recipe), which also keeps gradient memory to the "
                "adapters; on torch 2.0 or older upgrade first."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/ByteDance-Seed/Bagel/issues/120", "https://github.com/ByteDance-Seed/Bagel/issues/85",
                 "https://github.com/pytorch/pytorch/issues/91167", "https://github.com/pytorch/pytorch/pull/98221",
                 "https://pytorch.org/docs/stable/fsdp.html"),
        checked="2026-11-26",
        examples=("nccl/bagel-120-lora-fsdp-uniform-requires-grad.txt", "nccl/bagel-85-lora-use-orig-params-true.txt"),
    ),
    Signature(
        code="nccl.fsdp-current-device-not-set",
        cause_id="distributed-misuse",
        kinds=("any",),
        # _init_utils.py: "Inconsistent compute device and `device_id` on rank 1: cuda:0 vs cuda:1" (pasted with the
        # backticks turned into quotes or dropped)
        patterns=(r"[Ii]nconsistent compute device and ?[`'\"]?device_id ?[`'\"]? on rank",),
        severity="fail",
        cause=("A rank's current CUDA device is not its own GPU (every process still on cuda:0), and FSDP needs each "
               "process's current device to be the GPU of its rank."),
        advice=("In each process call `torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))` before building and "
                "wrapping the model (or wrap inside `with torch.cuda.device(local_rank):`) and pass "
                "device_id=torch.cuda.current_device(); use LOCAL_RANK, not the global RANK, on multi-node runs; where a "
                "training script does this for you, update it."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/112658", "https://github.com/h2oai/h2ogpt/issues/671",
                 "https://github.com/pytorch/pytorch/issues/91661", "https://github.com/huggingface/accelerate/issues/2963"),
        checked="2026-11-26",
        examples=("nccl/pytorch-112658-fsdp-needs-current-device.txt", "nccl/h2ogpt-671-fsdp-inconsistent-compute-device.txt"),
    ),
    Signature(
        code="nccl.ddp-models-differ-across-ranks",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch/distributed/utils.py _verify_param_shape_across_processes (c10d's verify_params_across_processes)
        patterns=(r"DDP expects same model across all ranks, but Rank (?P<rank>\d{1,6}) has (?P<count>\d{1,9}) params, "
                  r"while rank (?P<other>\d{1,6}) has inconsistent (?P<other_count>\d{1,9}) params",),
        severity="fail",
        cause=("The ranks handed DDP different models: rank {rank} has {count} parameters to synchronize and rank "
               "{other} has {other_count}, so the processes did not build, freeze or wrap the model the same way."),
        advice=("Make every rank build the identical model before DDP wraps it: look for code that runs on rank 0 "
                "only (loading weights or adapters, resizing embeddings, freezing layers), adapters or requires_grad "
                "set differently per rank (0 params: nothing on that rank requires grad), a model wrapped in DDP "
                "twice (a library or accelerate.prepare already wraps it: pass the plain model), and different "
                "checkpoints or configs on the nodes."),
        action="configure",
        rules_out=("the driver", "NCCL", "the network"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pomonam/kronfluence/issues/41", "https://github.com/huggingface/accelerate/issues/1481",
                 "https://github.com/pytorch/pytorch/issues/102438"),
        checked="2026-11-26",
        examples=("nccl/kronfluence-41-ddp-wrapped-twice-inconsistent-params.txt",),
    ),
    Signature(
        code="nccl.deepspeed-batch-size-product",
        cause_id="distributed-misuse",
        kinds=("any",),
        # deepspeed/runtime/config.py _batch_assertion; before DeepSpeed PR #1734 the world size was glued to the text
        # ("world_size2 != 1 * 1 * 1"), and narrow terminals wrap it over two lines
        patterns=(r"train_batch_size is not\s{1,3}equal to micro_batch_per_gpu \* gradient_acc_step \* world_?size ?"
                  r"(?P<train>\d{1,7}) != (?P<micro>\d{1,6}) \*\s{1,3}(?P<accumulation>\d{1,6}) \* (?P<world>\d{1,6})",),
        severity="fail",
        cause=("DeepSpeed's batch sizes do not multiply out: train_batch_size {train} is not micro batch {micro} x "
               "gradient accumulation {accumulation} x world size {world}, the number of processes it counted."),
        advice=("Under the HF Trainer or accelerate set train_batch_size, train_micro_batch_size_per_gpu and "
                "gradient_accumulation_steps to \"auto\" in the DeepSpeed config so they follow the launch; otherwise "
                "make train_batch_size = micro batch x accumulation x number of GPUs. If the world size shown ({world}) "
                "is smaller than the GPUs you meant to use, the job was not started as one process per GPU: launch it "
                "with `deepspeed`, `torchrun --nproc_per_node` or `accelerate launch`, not plain python."),
        action="configure",
        rules_out=("the driver", "NCCL", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/6914", "https://github.com/bigcode-project/starcoder/issues/41",
                 "https://github.com/deepspeedai/DeepSpeed/issues/3228",
                 "https://huggingface.co/docs/transformers/main/en/deepspeed"),
        checked="2026-11-26",
        examples=("nccl/deepspeed-6914-train-batch-size-world-size-mismatch.txt",
                  "nccl/starcoder-41-deepspeed-batch-world-size-1.txt"),
    ),
)
