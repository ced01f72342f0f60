"""Issue 25 (helper w23c): notebook services that ran out of the VM's RAM, and a build without the GPU's kernels as
people name it.

Colab restarts the runtime when the VM's RAM (12-13 GB on the standard runtime, less than many models need while
loading) is exhausted: "Your session crashed after using all available RAM"; Kaggle says "Your notebook tried to
allocate more memory than is available. It has restarted." Both are host memory, not GPU memory: a high-RAM runtime,
or loading less at once, is the way out; people also describe it in their own words.

Kaggle's default image moved to a cu128 PyTorch without Pascal kernels (sm_60), so its P100 accelerator allocates but
every CUDA operation fails; people and maintainers name it "no sm_60 kernels".

Serverless and shared runtimes: AWS Lambda has no GPU at all, so torch inside a function finds no driver (its JSON
error response around torch's message says where it ran); a Hugging Face ZeroGPU Space gives a GPU only inside
@spaces.GPU functions, run in a forked worker, and refuses CUDA initialised in the main process.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

COLAB_FAQ = "https://research.google.com/colaboratory/faq.html"
PYTORCH_LOCAL = "https://pytorch.org/get-started/locally/"
ZEROGPU_DOCS = "https://huggingface.co/docs/hub/spaces-zerogpu"

_RAM_ADVICE = ("The notebook's VM ran out of system RAM (not GPU memory): switch to a high-RAM runtime (Colab: Runtime > "
               "Change runtime type > High-RAM; a larger Kaggle or cloud machine), or hold less in host memory at once: "
               "load the model in half precision with low_cpu_mem_usage / device_map so weights go straight to the GPU, "
               "read the data in smaller batches or stream it from disk, and free large objects (`del x; "
               "gc.collect()`) before the next step.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.notebook-vm-out-of-ram",
        cause_id="host-memory-oom",
        kinds=("any",),
        # Colab's banner when the kernel is killed for RAM, and Kaggle's notice when its notebook kernel is.
        patterns=(r"session crashed after using all available RAM",
                  r"notebook tried to allocate more memory than is available\. It has restarted"),
        severity="fail",
        cause="The notebook's VM ran out of system RAM and the service restarted the runtime; GPU memory is not what ran out.",
        advice=_RAM_ADVICE,
        action="configure",
        rules_out=("a GPU memory shortage", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kingoflolz/mesh-transformer-jax/issues/120",
                 "https://github.com/googlecolab/colabtools/issues/4851", COLAB_FAQ),
        checked="2026-11-27",
        examples=("frameworks/meshtransformerjax-120-colab-tpu-session-out-of-ram.txt",),
    ),
    Signature(
        code="frameworks.notebook-ram-exhausted-described",
        cause_id="host-memory-oom",
        kinds=("any",),
        # A person's words: "the notebook consumed all available RAM, leading to a session crash".
        patterns=(r"\b(?:consumed|consumes|exhausted|exhausts|used up|uses up|filled) all (?:the )?available (?:system )?RAM\b",),
        severity="warn",
        cause="The description says the program used up the machine's RAM (host memory, not GPU memory) before it crashed.",
        advice=_RAM_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/googlecolab/colabtools/issues/4851",),
        checked="2026-11-27",
        examples=("frameworks/colabtools-4851-ram-exhaustion-session-crash.txt",),
        described=True,
    ),
    Signature(
        code="frameworks.colab-runtime-without-gpu-described",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # A person's words: "the default tensorflow and torch on Colab do not appear to be able to use GPU", "when I
        # run GPU in colab, it shows false". Colab's answer to most such reports: the runtime type is not GPU.
        patterns=(r"\b(?:on|in) (?:Google )?Colab\b[^.]{0,60}\b(?:not|n't|unable)\b[^.]{0,40}\b(?:use|using|see|find|"
                  r"detect|access)(?: the| a)? GPU\b",
                  r"\bin (?:Google )?colab\b,? (?:it )?(?:shows|returns|gives|says|prints) false\b"),
        severity="warn",
        cause=("The description says the frameworks in a Colab notebook see no GPU: most often the notebook runs on a "
               "runtime without one (the runtime type is CPU, or no GPU could be assigned)."),
        advice=("Switch the notebook to a GPU runtime (Runtime > Change runtime type > Hardware accelerator: a GPU), "
                "rerun the cells and check with `!nvidia-smi`; if a GPU runtime still says False, Runtime > Factory "
                "reset runtime for a clean VM and keep Colab's preinstalled torch/TensorFlow instead of installing a "
                "build for another CUDA."),
        action="configure",
        rules_out=("a broken GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/googlecolab/colabtools/issues/930", "https://github.com/googlecolab/colabtools/issues/482",
                 "https://github.com/googlecolab/colabtools/issues/1773"),
        checked="2026-11-27",
        examples=("frameworks/colabtools-930-colab-runtime-not-gpu.txt",),
        described=True,
    ),
    Signature(
        code="frameworks.torch-build-lacks-gpu-arch-described",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # A person's or maintainer's words: "default image's torch (cu128) has no sm_60 kernels".
        patterns=(r"\b(?:has|have|had|ships|with) no (?:(?:Pascal|Maxwell|Kepler|Volta) \()?(?P<arch>sm_\d{2,3}a?)\)? "
                  r"(?:kernels?|kernel images?|cubins?)\b",),
        severity="warn",
        cause=("The description says the installed build has no kernels for this GPU's architecture ({arch}): a "
               "build for other GPUs only (PyTorch's cu128 and later wheels dropped Pascal sm_60/sm_61 and Maxwell; "
               "older ones lack Blackwell)."),
        advice=("Run on a GPU the build has kernels for (on Kaggle the T4 or L4 accelerator instead of the P100), or "
                "install a build that carries {arch} (Pascal sm_60/sm_61: a PyTorch cu126 or older wheel, `pip install "
                "torch --index-url https://download.pytorch.org/whl/cu126`; Blackwell sm_100/sm_120: cu128 or newer); "
                "`python -c \"import torch; "
                "print(torch.cuda.get_arch_list())\"` lists what the installed one has."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Kaggle/kaggle-cli/issues/1151", "https://github.com/Kaggle/kaggle-cli/pull/1156",
                 PYTORCH_LOCAL),
        checked="2026-11-27",
        examples=("cuda/kagglecli-1151-nvidiateslap100-no-kernel-image.txt",),
        described=True,
    ),
    Signature(
        code="frameworks.aws-lambda-cuda-without-gpu",
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=3,
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # AWS Lambda's error response ({"errorMessage": ..., "errorType": ..., "stackTrace": [...]}) around torch's
        # CUDA checks: Lambda functions have no GPU, so torch finds no driver or no device.
        patterns=(r"nvidia\.com/Download/index\.aspx\\?\", \\?\"errorType\\?\": \\?\"AssertionError\\?\", \\?\"stackTrace",
                  r"\"errorMessage\": \"(?:No CUDA GPUs are available|Found no NVIDIA driver on your system[^\"]{0,120})\", "
                  r"\"errorType\""),
        severity="fail",
        cause="The code asks for CUDA inside an AWS Lambda function, and Lambda offers no GPU, so torch finds no driver.",
        advice=("Run the model on the CPU in Lambda (map_location='cpu', no .to('cuda'); pick the device with "
                "torch.cuda.is_available()), or serve GPU inference from a service with GPUs (a SageMaker endpoint, "
                "an EC2 GPU instance, ECS or EKS on GPU nodes)."),
        action="configure",
        rules_out=("a missing or broken NVIDIA driver install",),
        never_suggest=("reinstall the driver", "install the NVIDIA driver"),
        sources=("https://github.com/aws-samples/aws-lambda-docker-serverless-inference/issues/7",),
        checked="2026-11-27",
        examples=("frameworks/awslambdainference-7-aws-lambda-no-gpu.txt",),
    ),
    Signature(
        code="frameworks.zerogpu-cuda-in-main-process",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        # The `spaces` package on a Hugging Face ZeroGPU Space emulates CUDA in the main process and forks a worker
        # with a real GPU for each @spaces.GPU call; anything that initialises CUDA in the main process raises this.
        patterns=(r"CUDA must not be initialized in the main process on Spaces with Stateless GPU",),
        severity="fail",
        cause=("On a ZeroGPU Space the GPU exists only inside functions decorated with @spaces.GPU (run in a forked "
               "worker), and code in the main process initialised CUDA, which ZeroGPU forbids."),
        advice=("Find the call in the stack trace and move it inside a @spaces.GPU function (torch.cuda queries, "
                "device counts, a library that touches CUDA at import or start-up); `import spaces` before torch so "
                "`.to('cuda')` at module level is emulated; serve GPU work through the Gradio app's own functions "
                "(not a separate FastAPI server), or run the Space on dedicated GPU hardware instead of ZeroGPU."),
        action="configure",
        rules_out=("the NVIDIA driver", "a broken GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/lenML/Speech-AI-Forge/issues/143", "https://github.com/huggingface/hub-docs/pull/2368",
                 ZEROGPU_DOCS),
        checked="2026-11-27",
        examples=("frameworks/speechaiforge-143-zerogpu-fastapi-cuda-main-process.txt",),
    ),
    Signature(
        code="frameworks.hosted-notebook-runtime-without-gpu",
        contexts=("hosted-notebook",),
        # In a Colab or Kaggle notebook, torch's driver check, CUDA's device count and nvidia-smi failing mean the
        # runtime has no GPU (a CPU runtime, or the accelerator left off), not a driver to install.
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.nvidia-smi-missing"),
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        patterns=("Found no NVIDIA driver on your system", "RuntimeError: No CUDA GPUs are available",
                  "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
                  "\\bnvidia-smi: command not found"),
        severity="fail",
        cause=("The notebook runs on a hosted runtime without a GPU (Colab's CPU runtime, a Kaggle session with the "
               "accelerator off), so CUDA finds no NVIDIA driver or device there; the driver is the service's to "
               "provide, and the computer you browse from plays no part."),
        advice=("Switch the notebook to a GPU runtime and run the cells again: Colab, Runtime > Change runtime type > "
                "Hardware accelerator: a GPU (T4); Kaggle, Settings > Accelerator: GPU T4 x2 or P100 (phone-verified "
                "account). Check with `!nvidia-smi`; if no GPU can be assigned (usage limits, no backend free), run on the "
                "CPU (the app's CPU option) or try later. Do not install an NVIDIA driver in the notebook."),
        action="configure",
        rules_out=("a missing driver install", "the local computer's GPU"),
        never_suggest=("install the driver", "reinstall the driver", "update the driver"),
        sources=("https://github.com/lllyasviel/Fooocus/issues/1583", "https://github.com/lllyasviel/Fooocus/issues/2472",
                 "https://github.com/googlecolab/colabtools/issues/4876", COLAB_FAQ),
        checked="2026-11-27",
        examples=("frameworks/fooocus-1583-colab-cpu-runtime-found-no-driver.txt",
                  "frameworks/fooocus-2472-colab-link-found-no-nvidia-driver.txt"),
    ),
)
