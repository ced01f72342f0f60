"""Frameworks refusing the environment they were installed into: torch.compile on a Python newer than the installed
torch's Dynamo, TensorFlow's copy to a GPU with no memory left, JAX's CUDA plugin from another release than jaxlib.

frameworks_runtime.py adds these rows to its RUNTIME_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA")

ENVS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.dynamo-not-for-this-python",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # torch/__init__.py's compile() (and torch._dynamo's eval_frame) refuse an interpreter newer than the release
        # supports: Python 3.12 before torch 2.4, 3.13 before 2.6. Older releases printed "Python 3.N+ not yet
        # supported for torch.compile".
        patterns=(r"Dynamo is not supported on Python (?P<python>3\.\d{1,2})\+",
                  r"Python (?P<python>3\.\d{1,2})\+ not yet supported for torch\.compile"),
        severity="fail",
        cause=("The installed torch's torch.compile (Dynamo) does not support Python {python} and newer, and this "
               "program calls torch.compile under such an interpreter."),
        advice=("Upgrade torch to a release that compiles on this Python (torch 2.4 or later for Python 3.12, 2.6 or "
                "later for 3.13: `pip install -U torch --index-url https://download.pytorch.org/whl/cu124`), or "
                "create the environment with Python 3.11 or 3.10 (`conda create -n env python=3.11`, `uv venv --python "
                "3.11`) and install the requirements there."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/jianchang512/ChatTTS-ui/issues/36",
                 "https://github.com/jianchang512/ChatTTS-ui/issues/17",
                 "https://github.com/kyutai-labs/moshi/issues/156", "https://github.com/pytorch/pytorch/issues/120233",
                 "https://github.com/pytorch/pytorch/issues/144048"),
        checked="2026-11-26",
        examples=("frameworks/chattts-ui-36-dynamo-python312-linux.txt",
                  "frameworks/chattts-ui-17-dynamo-not-supported-py312.txt"),
    ),
    Signature(
        code="frameworks.tf-dst-tensor-not-initialized",
        cause_id="cuda-oom",
        kinds=("any",),
        # TensorFlow's copy of a host tensor to the GPU (_EagerConst, _Recv, GatherV2 in TF 1 graphs) fails when the
        # BFC allocator has no room for the destination; it reports the empty destination, not the out-of-memory.
        patterns=(r"Dst tensor is not initialized",),
        severity="fail",
        cause=("TensorFlow could not allocate GPU memory for a tensor it was copying to the GPU: the GPU is out of "
               "memory (TensorFlow words it as an uninitialised destination tensor)."),
        advice=("Make the work fit in GPU memory: lower the batch size, feed the data through tf.data in batches "
                "instead of whole arrays (model.fit on a large NumPy array copies it to the GPU at once), turn on "
                "memory growth (`tf.config.experimental.set_memory_growth(gpu, True)`), and check with `nvidia-smi` "
                "that no other process holds the GPU's memory."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/naturomics/CapsNet-Tensorflow/issues/39",
                 "https://github.com/tensorflow/tensorflow/issues/7025"),
        checked="2026-11-26",
        examples=("frameworks/capsnet-tensorflow-39-dst-tensor-batch-size.txt",
                  "frameworks/rams-13-tf-dst-tensor-not-initialized.txt"),
    ),
    Signature(
        code="frameworks.meta-tensor-offloaded-model-moved",
        cause_id="model-offloaded-to-meta",
        kinds=("any",),
        # torch.nn.Module.to() on a parameter that is only a meta-device placeholder: accelerate's device_map="auto"
        # (and low_cpu_mem_usage loading) keeps offloaded weights as meta tensors; newer torch adds "Please use
        # torch.nn.Module.to_empty() instead of torch.nn.Module.to() ...".
        patterns=(r"Cannot copy out of meta tensor; no data",
                  # accelerate's big_modeling guard on .to()/.cuda() of a model dispatched with offloaded modules
                  r"You can't move a model that has some modules offloaded to cpu or disk",
                  # accelerate 0.20-0.21's wording of the same refusal
                  r"You shouldn't move a model that is dispatched using accelerate hooks"),
        severity="fail",
        cause=("Part of the model was offloaded when it was loaded (device_map=\"auto\" found too little GPU memory, "
               "so those weights are meta-device placeholders kept on the CPU or disk), and the code then moves or "
               "runs the model as if it were whole."),
        advice=("Check where the weights went (`print(model.hf_device_map)`: entries 'cpu' or 'disk' are offloaded). "
                "Load the whole model onto one device instead (device_map={\"\": 0}, on a GPU with room, or a "
                "smaller or quantized model), and do not call .to()/.cuda() on a model loaded with device_map; where "
                "offloading is meant, use only code paths that support offload."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/vllm-project/llm-compressor/issues/1432",
                 "https://github.com/tloen/alpaca-lora/issues/368", "https://github.com/InternLM/xtuner/issues/273",
                 "https://github.com/01-ai/Yi/issues/302", "https://github.com/zhongpei/Comfyui_image2prompt/issues/19"),
        checked="2026-11-26",
        examples=("frameworks/llm-compressor-1432-awq-offload-meta-tensor.txt",
                  "frameworks/yi-302-deepspeed-moves-offloaded-34b.txt",
                  "frameworks/comfyui-image2prompt-19-internlm-offloaded-moved.txt",
                  "frameworks/evalplus-280-device-map-auto-model-to-offloaded.txt",
                  "frameworks/accelerate-2897-move-model-offloaded-to-disk.txt"),
    ),
    Signature(
        code="frameworks.keras3-legacy-optimizer",
        cause_id="package-version-conflict",
        kinds=("any",),
        # keras/optimizers/__init__.py (Keras 3) raises this from its keras.optimizers.legacy shim; TensorFlow 2.16 and
        # later install Keras 3 as tf.keras unless TF_USE_LEGACY_KERAS points tf.keras at the tf_keras package.
        patterns=(r"keras\.optimizers\.legacy`? is not supported in Keras 3",),
        severity="fail",
        cause=("The code uses Keras 2's legacy optimizers (tf.keras.optimizers.legacy), and this environment's Keras "
               "is Keras 3 (TensorFlow 2.16 and later install it by default), which has none."),
        advice=("Install Keras 2 beside it and point TensorFlow at it: `pip install tf_keras` (the release matching "
                "TensorFlow's version) and set `TF_USE_LEGACY_KERAS=1` before TensorFlow is imported; or pin "
                "`tensorflow<2.16`, or move the code to the Keras 3 optimizers."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/deepchem/deepchem/issues/3980", "https://github.com/deepchem/deepchem/pull/4234",
                 "https://keras.io/getting_started/#tensorflow--keras-2-backwards-compatibility"),
        checked="2026-11-26",
        examples=("frameworks/deepchem-3980-keras3-legacy-optimizers-tf-keras.txt",),
    ),
    Signature(
        code="frameworks.torch-host-memory-exhausted",
        cause_id="host-memory-oom",
        kinds=("any",),
        # c10/core/impl/alloc_cpu.cpp: PyTorch's CPU allocator got no memory from the system (on Windows, the commit
        # limit of RAM plus paging file; elsewhere RAM or a memory limit), usually while loading weights to the host.
        patterns=(r"DefaultCPUAllocator: (?:not enough memory|can't allocate memory)",),
        severity="fail",
        cause=("PyTorch ran out of host memory (RAM, plus the paging file on Windows) while allocating on the CPU, "
               "most often while loading or merging a model's weights; GPU memory is not what ran out."),
        advice=("Free or add host memory: on Windows, enlarge the paging file (virtual memory: system managed, or a "
                "larger size on a disk with free space); close other programs; add RAM; or load a smaller or half-"
                "precision model (the app's low-RAM options)."),
        action="configure",
        rules_out=("a GPU memory or driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/lllyasviel/Fooocus/issues/237",
                 "https://github.com/easydiffusion/easydiffusion/issues/289",
                 "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/5020"),
        checked="2026-11-26",
        examples=("frameworks/fooocus-237-cpu-allocator-virtual-memory.txt",
                  "frameworks/easydiffusion-289-cpu-allocator-not-enough-ram.txt"),
    ),
    Signature(
        code="frameworks.amp-unscale-fp16-gradients",
        refines=("frameworks.bf16-training-needs-ampere",),
        refines_within=None,
        cause_id="app-fault",
        kinds=("any",),
        # torch/amp/grad_scaler.py: fp16 mixed precision (GradScaler) needs float32 master weights; trainable
        # parameters that are themselves float16 (a model or LoRA cast to half, or re-cast by a validation pipeline)
        # give fp16 gradients, which it refuses to unscale.
        patterns=(r"Attempting to unscale FP16 gradients",),
        severity="fail",
        cause=("Training with fp16 mixed precision, but the trainable parameters themselves are float16, so the "
               "AMP gradient scaler refuses their fp16 gradients: a precision setting of the training script, not "
               "the GPU."),
        advice=("Keep the trainable parameters in float32 under fp16 mixed precision: load the model in float32 (or "
                "cast only the trainable/LoRA parameters, e.g. diffusers' `cast_training_params(model, "
                "dtype=torch.float32)`), update the training script or peft to a release with that fix, or train in "
                "bf16 on an Ampere or newer GPU."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/huggingface/diffusers/issues/6552",
                 "https://github.com/oobabooga/textgen/pull/5268",
                 "https://github.com/huggingface/peft/pull/1336"),
        checked="2026-11-26",
        examples=("frameworks/diffusers-6552-fp16-lora-params-unscale.txt",
                  "frameworks/textgen-5268-unscale-fp16-gradients-v100.txt"),
    ),
    Signature(
        code="frameworks.gptq-exllama-modules-off-gpu",
        cause_id="model-offloaded-to-meta",
        kinds=("any",),
        # optimum/gptq/quantizer.py post_init_model: the ExLlama(v2) kernels of a GPTQ model need every quantized
        # module on the GPU; a load without device placement, or a device_map that offloaded layers, leaves some on
        # the CPU or disk.
        patterns=(r"Found modules on cpu/disk\. Using Exllama (?:or Exllamav2 )?backend requires all the modules to "
                  r"be on GPU",),
        severity="fail",
        cause=("The GPTQ model's quantized modules are not all on the GPU (it was loaded without a device placement, "
               "or device_map offloaded layers to the CPU or disk for lack of VRAM), and its ExLlama kernels only "
               "run on the GPU."),
        advice=("Load the whole model onto the GPU: `device_map=\"cuda:0\"` (or \"auto\" where it fits) in "
                "from_pretrained; if it does not fit, use a smaller model or quantization, or turn the ExLlama backend "
                "off to allow offloading (`disable_exllama: true` in the quantization config, `use_exllama=False` in "
                "newer GPTQConfig), at a cost in speed."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/AutoGPTQ/AutoGPTQ/issues/406", "https://github.com/lm-sys/FastChat/issues/2459"),
        checked="2026-11-26",
        examples=("frameworks/autogptq-406-gptq-loaded-without-device-map.txt",
                  "frameworks/fastchat-2459-exllama-found-modules-on-cpu-disk.txt"),
    ),
)
