"""Issue 25, w53b: framework families that fresh threads showed the catalogue did not read.

Training apps (kohya_ss and sd-scripts, OneTrainer, ai-toolkit, FluxGym, diffusers' and trl's trainers, LLaMA-Factory
and the like) that run out of GPU memory: the helpers' answer is a setting of the trainer, not a bigger GPU
(kohya_ss#2991: gradient checkpointing, cache the text encoder outputs, fp8 base, block swap, and the Dreambooth tab
is a full fine-tune where the LoRA tab is what fits; trl#876: gradient_checkpointing=True since trl
0.7.2 no longer sets it; y-trainer#11: the trainer's gradient checkpointing flag). The allocator's own line is
cuda.out-of-memory's, whose advice names these settings for trainers; the row here reads the person's words.

Apps whose process the kernel kills for host RAM while loading or switching models (ComfyUI and its video wrappers,
A1111/Forge/reForge, InvokeAI, Easy Diffusion, Wan/HunyuanVideo/InfiniteTalk pipelines): the shell's "Killed", often in
a localised shell ("riga 24:", "Zeile 12:"), or only the person's "killed ... 32 GB RAM", "closes when it loads the
model". Windows' version of the same shortage (the paging file too small) shows as a loader that stops at "Loading
checkpoint shards" (FramePack#75, #427).

The launcher or config that runs one process where several GPUs were wanted (Lightning's gpus=1/devices=1 in a config
file, accelerate's num_processes: 1, DataParallel on one GPU): told in words ("uses only one of my 4 GPUs").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
KOHYA_FLUX_MEMORY = "https://github.com/kohya-ss/sd-scripts/blob/sd3/README.md#flux1-lora-training"
HF_GRADIENT_CHECKPOINTING = "https://huggingface.co/docs/transformers/perf_train_gpu_one#gradient-checkpointing"
LIGHTNING_GPU = "https://lightning.ai/docs/pytorch/stable/accelerators/gpu_basic.html"
ACCELERATE_LAUNCH = "https://huggingface.co/docs/accelerate/basic_tutorials/launch"

# what is trained (a LoRA, a DreamBooth checkpoint, a fine-tune), in English and Chinese
_TRAINED = (r"(?:\b(?:[Ll]o[Rr][Aa]s?|LORA|[Dd]ream[Bb]ooth|[Ff]ine-?tun\w{0,4}|[Ff]inetun\w{0,4})\b|微调|训练)")
# "... when training", "... while fine-tuning", "... when start training lora", "... making loras"
_WHEN_TRAINING = (r"\b(?:(?:when|while|during|in|for) (?:the |I |we )?(?:start |starting )?(?:training|fine-?tuning|"
                  r"finetuning)\b|(?:training|making|creating) (?:an? |my |some )?(?:[Ll]o[Rr][Aa]s?|LORA)\b)")

TRAINING_OOM_ADVICE = (
    "This is a training run: make the trainer need less memory rather than buying a GPU. Turn on gradient "
    "checkpointing (kohya_ss/sd-scripts `--gradient_checkpointing`, the GUI's \"Gradient checkpointing\" box; "
    "transformers/trl `gradient_checkpointing=True`; OneTrainer's gradient checkpointing option), cache the text "
    "encoder outputs and the latents (\"Cache text encoder outputs\", `--cache_text_encoder_outputs --cache_latents`), "
    "use batch size 1 with a lower resolution (512-768 for SD 1.5/SDXL tests), an 8-bit optimizer (AdamW8bit, "
    "Adafactor) and fp16/bf16 mixed precision; train a LoRA instead of a full fine-tune or DreamBooth checkpoint (in "
    "kohya_ss the LoRA tab, not the Dreambooth tab, whose options look alike), and for FLUX/large models use fp8 for "
    "the base model (`--fp8_base`) and block swap (`--blocks_to_swap`). Close other programs holding VRAM "
    "(`nvidia-smi` lists them).")

# the app ends by itself while it loads or switches a model: "shuts down when load diffusion model"
_QUITS = (r"\b(?:shuts? ?down|shutting down|closes|closed|exits|exited|quits|dies|died|terminates|terminated|"
          r"crash(?:es|ed)?)(?: itself| by itself| automatically| suddenly| without (?:an )?error)? (?:when|while|during|after) "
          r"(?:I )?(?:load|switch|chang)(?:e|ing|s)? (?:the |a |another |other |new |my )?(?:diffusion |SDXL |sdxl |FLUX |"
          r"flux |base )?")
_OUT_OF_RAM = r"\b[Oo]ut of (?:system |host |CPU |cpu )?(?:RAM|ram)\b[^\n]{0,20}?\b(?:when |while |after |on |by )?"

_NOT_SERVING = (r"^(?![^\n]{0,300}?(?:[Oo]llama|llama\.cpp|LM Studio|vLLM|vllm|SGLang|[Tt]ensor[ _-]?[Pp]arallel|"
                r"ComfyUI))")
_RUNS_ON = r"(?:utili[sz](?:es|ing)|using|uses|use|runs? on|running on|trains? on|training on)"
_ONE_GPU = (r"(?:one|1|a single|single|the first|GPU 0 of|1 out of|one out of|one of)(?: the| my)?(?: \d{1,2})? "
            r"(?:GPU|gpu|GPUs|gpus)\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.training-out-of-memory-described",
        described=True,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # "lora 微调4B的模型报OOM", "LoRA training ... CUDA OOM", "fine-tuning ... out of memory"
            _TRAINED + r"[^\n]{0,80}?(?<![A-Za-z])OOM(?![A-Za-z])",
            _TRAINED + r"[^\n]{0,80}?显存不足",
            # "OOM when training", "OOM when start training lora" (the allocator's own line is cuda.out-of-memory's)
            r"(?<![A-Za-z])OOM(?![A-Za-z])[^\n]{0,40}?" + _WHEN_TRAINING,
        ),
        severity="warn",
        cause=("The description says a training run (LoRA, DreamBooth or fine-tuning) ran out of GPU memory: the "
               "trainer's settings ask for more VRAM than the card has."),
        advice=TRAINING_OOM_ADVICE,
        action="configure",
        rules_out=("the driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "accelerate config"),
        sources=("https://github.com/yafo-ai/y-trainer/issues/11", KOHYA_FLUX_MEMORY, HF_GRADIENT_CHECKPOINTING),
        checked=CHECKED,
        examples=("frameworks/y-trainer-11-lora-oom-a100-40g-qwen3-4b.txt",),
    ),
    Signature(
        code="frameworks.app-killed-out-of-host-ram-described",
        described=True,
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # "killed why? 4090 vram 24gb, ram 32gb": killed, then the machine's RAM named (vram is not RAM: \b)
            r"\b[Kk]illed\b[^\n]{0,80}?\b(?:\d{1,4} ?[Gg][Bb]? (?:of )?)?(?:RAM|[Rr]am)\b",
            r"\b(?:RAM|[Rr]am)\b[^\n]{0,60}?\b(?:gets|got|was|is|being) [Kk]illed\b",
            # "ComfyUI shuts down when loading the diffusion model", "the UI closes itself while switching checkpoints"
            _QUITS + r"[Mm]odels?\b",
            _QUITS + r"[Cc]heckpoints?\b",
            # "not enough RAM to load the checkpoint", "insufficient system RAM"; "out of RAM when switching models"
            r"\b[Nn]ot enough (?:system |host |CPU |cpu )?(?:RAM|ram)\b(?! ?(?:disk|drive))",
            r"\b[Ii]nsufficient (?:system |host |CPU |cpu )?(?:RAM|ram)\b(?! ?(?:disk|drive))",
            _OUT_OF_RAM + r"switching (?:the |a |to |between )?(?:[\w.-]{1,40} )?(?:[Mm]odels?|[Cc]heckpoints?)\b",
            _OUT_OF_RAM + r"changing (?:the |a |to )?(?:[\w.-]{1,40} )?(?:[Mm]odels?|[Cc]heckpoints?)\b",
        ),
        severity="warn",
        cause=("The description says the app was killed, or closed by itself, while it loaded or switched a model, "
               "with the machine's RAM in question: loading a checkpoint (and keeping the previous one cached in RAM) "
               "needs more host memory than RAM and swap hold, so the kernel's OOM killer (or Windows' commit limit) "
               "ends it; the GPU's memory is not what ran out."),
        advice=("Give the process more host memory: add swap (`sudo fallocate -l 32G /swapfile && sudo chmod 600 "
                "/swapfile && sudo mkswap /swapfile && sudo swapon /swapfile`), or more RAM; under WSL raise memory= "
                "and swap= in %UserProfile%\\.wslconfig and `wsl --shutdown`; on Windows enlarge the paging file. Close "
                "other programs, keep fewer models cached in RAM (the app's model cache or offload setting: ComfyUI "
                "--cache-none or a wrapper's force_offload off, A1111's checkpoints-in-RAM 0, InvokeAI's RAM cache), "
                "or use a smaller/quantized model. `sudo dmesg -T | grep -i 'killed process'` confirms the kill."),
        action="configure",
        rules_out=("the GPU's memory", "the driver"),
        never_suggest=("reinstall the driver", "lower the resolution"),
        sources=("https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/20",
                 "https://github.com/Comfy-Org/ComfyUI/issues/7036",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/3304"),
        checked=CHECKED,
        examples=("frameworks/wanvideowrapper-20-killed-4090-32gb-ram-force-offload.txt",
                  "frameworks/comfyui-7036-autoshutdown-load-model-out-of-ram.txt"),
    ),
    Signature(
        code="frameworks.loading-checkpoint-shards-stops-described",
        described=True,
        cause_id="windows-pagefile-too-small",
        kinds=("any",),
        patterns=(
            # "Stuck at "Loading checkpoint shards"", "it stops at Loading checkpoint shards 50%", "closes at loading
            # checkpoint shards": the loader maps every shard into host memory, and on Windows the paging file caps it
            r"\b(?:[Ss]tuck|[Ss]tops?|[Ss]topped|[Ff]reez(?:es|ed)|[Hh]angs?|[Cc]loses?|[Cc]rash(?:es|ed)?|[Ee]xits?)\b"
            r"[^\n]{0,20}?\b(?:at|on|during|in|after|while)\s[^\n]{0,4}?[Ll]oading checkpoint shards\b",
        ),
        severity="warn",
        cause=("The description says the program stops while it loads a model's checkpoint shards: they are read into "
               "host memory, and on Windows a paging file too small for them (the commit limit) ends the process "
               "without an error; on Linux the same shortage of RAM and swap shows as \"Killed\"."),
        advice=("On Windows enlarge the paging file (System > Advanced system settings > Performance > Virtual memory: "
                "a custom size with a maximum of 40-50 GB on a drive with that much free space), then restart; on "
                "Linux add swap or RAM. Closing other programs and using a smaller or quantized model also lowers "
                "what loading needs."),
        action="configure",
        rules_out=("the GPU's memory", "the driver"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/lllyasviel/FramePack/issues/427",
                 "https://learn.microsoft.com/en-us/troubleshoot/windows-client/performance/how-to-determine-the-appropriate-page-file-size-for-64-bit-versions-of-windows"),
        checked=CHECKED,
        examples=("frameworks/framepack-427-loading-shards-stops-pagefile-40gb.txt",),
    ),
    Signature(
        code="frameworks.only-one-gpu-used-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "it is only utilizing 1 out of the 2 GPUs", "training only runs on one GPU although the machine has 8";
            # Ollama, llama.cpp and serving engines place a model by their own rules
            _NOT_SERVING + r"[^\n]{0,300}?\bonly " + _RUNS_ON + r" " + _ONE_GPU,
        ),
        severity="warn",
        cause=("The description says training runs on one GPU of several: the launch or config asks for one process or "
               "device (Lightning's gpus=1 / devices=1 in the trainer config, accelerate's num_processes: 1, a plain "
               "`python train.py` instead of a launcher, torchrun's --nproc_per_node 1); the GPUs are fine."),
        advice=("Ask for every GPU where the run is configured: Lightning `Trainer(accelerator=\"gpu\", devices=4)` (or "
                "`gpus=4` in old releases; check the YAML/Hydra trainer config, whose gpus: 1 or devices: 1 wins over "
                "other flags), accelerate `accelerate config` with multi-GPU and num_processes equal to the GPU count "
                "then `accelerate launch train.py` (`accelerate env` shows the config in use), plain PyTorch `torchrun "
                "--nproc_per_node=<GPUs> train.py` with DistributedDataParallel; `nvidia-smi` then shows one process "
                "per GPU."),
        action="configure",
        rules_out=("a driver or GPU fault", "NCCL"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/accelerate/issues/36", LIGHTNING_GPU, ACCELERATE_LAUNCH),
        checked=CHECKED,
        examples=("frameworks/accelerate-36-uses-1-of-2-gpus-num-processes.txt",),
    ),
    Signature(
        code="frameworks.dataparallel-device-ids-beyond-visible",
        cause_id="distributed-misuse",
        kinds=("any",),
        contexts=("data-parallel",),
        refines=("cuda.invalid-device-ordinal",),
        # cuda.invalid-device-ordinal's line where DataParallel scatters the batch: its device_ids come from the
        # project's GPU count (EfficientDet's num_gpus in projects/*.yml, a --gpus 0,1,2,3 default, a hard-coded list).
        patterns=(r"invalid device ordinal",),
        severity="fail",
        cause=("DataParallel was given more GPUs (device_ids) than this machine has: the project's config or "
               "defaults ask for several GPUs (num_gpus, gpus: [0, 1, 2, 3], device_ids=...), and scattering the batch "
               "to the GPU index that does not exist fails."),
        advice=("Set the project's GPU count to the GPUs the machine has (`num_gpus: 1` in its yml, `--gpus 0` or "
                "`--n_gpu 1` on the command line, `device_ids=[0]` where the script builds nn.DataParallel), or skip "
                "DataParallel on one GPU (`model.cuda()` alone); `nvidia-smi -L` lists the GPUs there are."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/zylo117/Yet-Another-EfficientDet-Pytorch/issues/216",
                 "https://pytorch.org/docs/stable/generated/torch.nn.DataParallel.html"),
        checked=CHECKED,
        examples=("frameworks/yet-another-efficientdet-216-num-gpus-invalid-ordinal.txt",),
    ),
)
