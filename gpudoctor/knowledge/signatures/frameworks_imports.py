"""Frameworks and the libraries around them failing on an import of a GPU package that is not installed here: Triton
imported outright (unsloth, custom ComfyUI nodes, kernels written in Triton), where only torch.compile's inductor had
a row (frameworks.triton-missing).

frameworks_setup.py adds these rows to its SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")

IMPORTS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.triton-not-installed",
        cause_id="triton-missing",
        kinds=_PY,
        # The exception itself, not xformers' harmless "Error caught was: No module named 'triton'" notice (its own
        # info row, frameworks.xformers-without-triton), nor triton.common/triton.ops of another Triton release.
        # A warning, not a failure: xformers' own probe (_is_triton_available) logs this very traceback under its
        # harmless "A matching Triton is not available" notice, and only the paste's other lines tell the two apart.
        patterns=(r"ModuleNotFoundError: No module named '(?P<module>triton)'(?![\w.])",),
        severity="warn",
        cause=("A package imported here imports Triton, and no Triton is installed in this environment (PyTorch ships "
               "none for Windows; a CPU build of torch, or an install with --no-deps, brings none on Linux); where "
               "only xformers' optional-Triton notice shows this, nothing fails."),
        advice=("Install the Triton that matches the installed torch in the same environment: `pip install triton` on "
                "Linux (the version torch pins: `pip show torch` lists it), `pip install -U triton-windows` on native "
                "Windows (for ComfyUI portable, with its python_embeded\\python.exe -m pip); then import again."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/unslothai/unsloth/issues/964", "https://github.com/unslothai/unsloth/issues/210",
                 "https://github.com/woct0rdho/triton-windows"),
        checked="2026-11-26",
        examples=("frameworks/unsloth-964-colab-install-without-triton.txt",
                  "frameworks/unsloth-210-windows-import-triton-missing.txt"),
    ),
    Signature(
        code="frameworks.torch-vc-redist-missing",
        cause_id="cuda-library-missing",
        kinds=_PY,
        # torch/__init__.py on Windows, before it loads its DLLs, when vcruntime140.dll cannot be found.
        patterns=(r"Microsoft Visual C\+\+ Redistributable is not installed, this may lead to the DLL load failure",),
        severity="fail",
        cause=("Windows has no Microsoft Visual C++ Redistributable (x64) that PyTorch's DLLs need (torch checks for "
               "vcruntime140.dll before loading them), so importing torch fails or is about to."),
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64) from "
                "https://aka.ms/vs/17/release/vc_redist.x64.exe, open a new shell and import torch again; if it is "
                "installed and the warning stays, the Python in use (a conda or embedded one) does not see "
                "C:\\Windows\\System32's vcruntime140.dll: repair the redistributable or reinstall torch in a fresh "
                "environment."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/qllokirin/ATRI-plugin/issues/3", "https://github.com/pytorch/pytorch/issues/65214",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-26",
        examples=("frameworks/atri-plugin-3-torch-vc-redist-not-installed.txt",),
    ),
    Signature(
        code="frameworks.torch-load-weights-only-default",
        cause_id="package-version-conflict",
        kinds=_PY,
        # torch/_weights_only_unpickler.py: since PyTorch 2.6 torch.load defaults to weights_only=True, and a checkpoint
        # that pickles other objects (omegaconf configs, numpy scalars, argparse Namespaces) names the first one refused.
        patterns=(r"WeightsUnpickler error: Unsupported global: GLOBAL (?P<global>[\w.]{1,160}) was not an allowed global",
                  # torch/serialization.py _get_wo_message (2.6 and later), whatever the unpickler names after it
                  # ("Unsupported operand 118", a class, a persistent id): w40h
                  r"In PyTorch 2\.6, we changed the default value of the `?weights_only`? argument"),
        severity="fail",
        cause=("PyTorch 2.6 changed torch.load's default to weights_only=True, and this checkpoint holds objects "
               "beside its tensors (a pickled config, class or numpy value), so code written for older torch can no "
               "longer load it."),
        advice=("For a checkpoint from a trusted source, load it with `torch.load(path, weights_only=False)` (Lightning: "
                "the library release that passes it), or allowlist the named class with "
                "`torch.serialization.add_safe_globals([...])`; upgrading the app or library that calls torch.load (it "
                "may already do this), or keeping torch below 2.6 as the app pins it (e.g. `pip install torch==2.5.1 "
                "torchvision==0.20.1 torchaudio==2.5.1 --index-url https://download.pytorch.org/whl/cu124`), also "
                "works; `TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=1` restores the old default where the code does not set "
                "weights_only. Never do it for a file you do not trust."),
        action="configure",
        rules_out=("a driver or GPU fault", "a corrupt download"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/open-retina/open-retina/pull/186", "https://github.com/suno-ai/bark/pull/653",
                 "https://pytorch.org/docs/stable/notes/serialization.html#weights-only",
                 "https://github.com/tencent-ailab/SongGeneration/issues/63", "https://github.com/tyotakuki/ManchuOCR/issues/8"),
        checked="2026-11-26",
        examples=("frameworks/open-retina-186-weights-only-omegaconf-global.txt",
                  "frameworks/bark-653-torch26-numpy-scalar-not-allowed.txt",
                  "frameworks/songgen-63-weights-only-default-torch-26.txt",
                  "frameworks/manchuocr-8-torch-26-weights-only-operand-118.txt"),
    ),
    Signature(
        code="frameworks.device-map-offloads-to-disk",
        cause_id="cuda-oom",
        kinds=_PY,
        # transformers' from_pretrained when device_map ("auto") placed weights on "disk" and no offload_folder was given:
        # the model did not fit in the GPU memory (and the CPU RAM) accelerate found free.
        patterns=(r"The current .device_map. had weights offloaded to the disk",),
        severity="fail",
        cause=("The model does not fit in the GPU memory (and the CPU RAM) that was free, so device_map placed some "
               "weights on the disk, which needs an offload folder; as loaded it would run mostly off the GPU."),
        advice=("Make the model fit the GPU instead: load it in half precision (`torch_dtype=torch.float16`), 4-bit or "
                "8-bit quantized (bitsandbytes' load_in_4bit) or a smaller model, and free the GPU of other processes "
                "(`nvidia-smi`); check `torch.cuda.is_available()` too, since a CPU-only torch leaves no GPU to fill. "
                "Passing `offload_folder=\"offload\"` to from_pretrained only makes the slow disk offload work."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/shibing624/MedicalGPT/issues/335", "https://github.com/paperswithcode/galai/issues/57",
                 "https://huggingface.co/docs/accelerate/usage_guides/big_modeling"),
        checked="2026-11-26",
        examples=("frameworks/medicalgpt-335-disk-offload-gpu-memory-short.txt",
                  "frameworks/galai-57-device-map-disk-offload-ram-vram.txt"),
    ),
    Signature(
        code="frameworks.torchvision-image-extension-warning",
        cause_id="none",
        kinds=("any",),
        # torchvision/io/image.py warns at import when its image.so/.pyd (JPEG/PNG decoding) cannot load: common on
        # Windows, with vendor builds (ipex) and after an upgrade; everything but torchvision.io's decoding works.
        patterns=(r"UserWarning: Failed to load image Python extension\b",),
        severity="info",
        cause=("torchvision could not load its optional image-decoding extension; a warning at import, not a GPU or "
               "CUDA fault: only torchvision.io's image reading is affected."),
        advice=("Ignore it unless the program decodes images with torchvision.io: look elsewhere in the "
                "output for the real error. If torchvision.io is needed, install the torchvision release built for the "
                "installed torch."),
        action="none",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/intel/ipex-llm/issues/10262", "https://github.com/intel/AI-Playground/issues/85",
                 "https://github.com/pytorch/vision/pull/7150"),
        checked="2026-11-26",
        examples=("frameworks/ipex-llm-10262-torchvision-image-extension-warning.txt",
                  "frameworks/ai-playground-85-torchvision-image-pyd-harmless.txt"),
    ),
    Signature(
        code="frameworks.ddp-reentrant-checkpointing",
        cause_id="distributed-misuse",
        kinds=_PY,
        # torch/csrc/distributed/c10d/reducer.cpp: a parameter's gradient hook fired twice in one iteration, nearly
        # always gradient checkpointing's reentrant backward (transformers' gradient_checkpointing=True) under DDP.
        patterns=(r"Expected to mark a variable ready only once\.",
                  r"Parameter at index \d{1,6}(?: with name [\w.]{1,200})? has been marked as ready twice"),
        severity="fail",
        cause=("Under DistributedDataParallel a parameter's gradient was produced twice in one backward pass: gradient "
               "checkpointing in its reentrant form (the default of torch.utils.checkpoint and of transformers' "
               "gradient_checkpointing) re-runs layers, which plain DDP does not support; a program bug, not the GPUs."),
        advice=("Use non-reentrant checkpointing: `model.gradient_checkpointing_enable(gradient_checkpointing_kwargs="
                "{\"use_reentrant\": False})` (Trainer: `gradient_checkpointing_kwargs={\"use_reentrant\": False}`; "
                "torch: `checkpoint(..., use_reentrant=False)`), or wrap the model with "
                "`DistributedDataParallel(..., static_graph=True)`, or train with DeepSpeed ZeRO instead of plain DDP."),
        action="configure",
        rules_out=("a GPU, driver or NCCL fault",),
        never_suggest=("reinstall the driver", "update the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/modelscope/ms-swift/issues/3171", "https://github.com/lucidrains/DALLE2-pytorch/issues/225",
                 "https://github.com/huggingface/accelerate/issues/389"),
        checked="2026-11-26",
        examples=("frameworks/ms-swift-3171-grpo-ddp-reentrant-checkpointing.txt",
                  "frameworks/dalle2-pytorch-225-checkpointing-needs-static-graph.txt"),
    ),
    Signature(
        code="frameworks.zero3-with-device-map",
        cause_id="distributed-misuse",
        kinds=_PY,
        # transformers' from_pretrained when DeepSpeed ZeRO-3 is enabled (is_deepspeed_zero3_enabled) and the call asks
        # for its own placement: device_map, low_cpu_mem_usage, or load_in_8bit/4bit (which set device_map).
        patterns=(r"DeepSpeed Zero-3 is not compatible with (?:`low_cpu_mem_usage=True` or with )?passing a `device_map`",),
        severity="fail",
        cause=("The model is loaded with its own placement (device_map, low_cpu_mem_usage=True, or bitsandbytes "
               "quantization, which sets a device_map) while DeepSpeed ZeRO-3, which partitions and places the "
               "weights itself, is enabled, so transformers refuses to load it."),
        advice=("Under ZeRO-3 load the model without `device_map` and without `low_cpu_mem_usage=True` (and without "
                "load_in_8bit/load_in_4bit), letting DeepSpeed partition it; to keep device_map or QLoRA, train with "
                "ZeRO-2 (or DDP/FSDP) instead of ZeRO-3."),
        action="configure",
        rules_out=("a GPU, driver or NCCL fault",),
        never_suggest=("reinstall the driver", "update the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/locuslab/open-unlearning/issues/38", "https://github.com/OptimalScale/LMFlow/issues/686",
                 "https://github.com/huggingface/peft/issues/306"),
        checked="2026-11-26",
        examples=("frameworks/open-unlearning-38-zero3-with-device-map-thread.txt",
                  "frameworks/lmflow-686-zero3-low-cpu-mem-usage.txt"),
    ),
    Signature(
        code="frameworks.dataloader-worker-exited",
        cause_id="container-shm-too-small",
        kinds=_PY,
        # torch/utils/data/dataloader.py when a worker process vanished without an error of its own (a signal or a
        # non-zero exit): a warning, since the lines around it (bus error, Killed, WinError 1455) name the cause where
        # a paste has them; alone it is most often the container's 64 MB /dev/shm.
        patterns=(r"DataLoader worker \(pid\(s\) [\d, ]{1,120}\) exited unexpectedly",
                  r"DataLoader worker \(pid \d{1,9}\) exited unexpectedly with exit code \d{1,3}"),
        severity="warn",
        cause=("A DataLoader worker process died without reporting why: most often the shared memory the workers pass "
               "batches through ran out (a Docker container's 64 MB /dev/shm), else the host's RAM (the OOM killer) or, "
               "on Windows, worker start-up (a missing main guard, a small paging file)."),
        advice=("In a container give it shared memory: `docker run --shm-size=8g` (or `--ipc=host`; Kubernetes: an "
                "emptyDir with medium Memory at /dev/shm); check `dmesg` for the OOM killer if RAM is short; rerun "
                "with num_workers=0 to see the worker's own error, and lower num_workers or the batch size."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/facebookresearch/detectron2/issues/384",
                 "https://github.com/CSAILVision/semantic-segmentation-pytorch/issues/80",
                 "https://github.com/pytorch/pytorch/issues/28820"),
        checked="2026-11-26",
        examples=("frameworks/detectron2-384-docker-dataloader-worker-exited.txt",
                  "frameworks/semantic-segmentation-80-worker-exit-code-1-docker-shm.txt"),
    ),
)

from gpudoctor.knowledge.signatures.frameworks_diagnostics import DIAGNOSTICS_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.frameworks_versions import VERSION_SIGNATURES  # noqa: E402 (the rows above first)

IMPORTS_SIGNATURES += VERSION_SIGNATURES + DIAGNOSTICS_SIGNATURES
