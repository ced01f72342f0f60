"""How PyTorch and TensorFlow were installed and launched: what they print when the set-up, not the GPU, is wrong.

A TensorFlow without CUDA on native Windows, a spawned worker that re-runs a script without its main guard, ranks
that run different collectives, nn.DataParallel around a model left on another device. frameworks.py adds them to
its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_PY = ("traceback", "other", "docker", "kubectl", "journal", "powershell")
TF_WINDOWS = "https://www.tensorflow.org/install/pip#windows-native"

SETUP_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tf-built-without-cuda",
        cause_id="tensorflow-windows-native",
        kinds=("any",),
        # tf.test.is_built_with_cuda() printed False (people also write "is_build_with_cuda"), and pip resolving
        # tensorflow-intel, the package behind TensorFlow 2.11-2.15 on Windows, which has no CUDA build.
        patterns=(r"is_buil[dt]_with_cuda\(\)\)? {0,3}#? {0,3}[Ff]alse\b",
                  r"[Bb]uilt with CUDA\?{0,2}:? {0,3}False\b",
                  r"\btensorflow-intel(?:==| {1,30})(?P<version>2\.\d{1,2}\.\d{1,2})\b"),
        severity="fail",
        cause=("This TensorFlow was built without CUDA, so it lists no GPU: since 2.11 TensorFlow has no CUDA build for "
               "native Windows (tensorflow-intel), and tensorflow-cpu has none anywhere."),
        advice=("Run TensorFlow with the GPU inside WSL2 (`wsl --install`, then in Linux `pip install "
                "\"tensorflow[and-cuda]\"`), or on native Windows pin TensorFlow 2.10 (`pip install \"tensorflow<2.11\"` "
                "with CUDA 11.2 and cuDNN 8.1); on Linux install tensorflow, not tensorflow-cpu."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/issues/60156",
                 "https://github.com/tensorflow/tensorflow/issues/68236", TF_WINDOWS),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-68236-win-tf216-built-with-cuda-false-b.txt",
                  "frameworks/tf-60156-windows-native-211-no-gpu.txt"),
    ),
    Signature(
        code="frameworks.tf-lists-no-gpu",
        cause_id="tensorflow-windows-native",
        kinds=("any",),
        # No error line at all: the TensorFlow guide's own check printing no GPU. On Linux the loader's "Cannot dlopen
        # some GPU libraries" lines say why (frameworks.tf-cuda-libraries-missing takes this row's place there); the
        # usual case with nothing else printed is TensorFlow 2.11+ on native Windows, which has no CUDA build.
        patterns=(r"\bNum GPUs Available:? {0,3}0\b",
                  r"\bis_gpu_available\(\)\)?[^\n]{0,60}\bFalse\b",
                  r"^\W{0,3}\[PhysicalDevice\(name='/physical_device:CPU:0', device_type='CPU'\)\]\W{0,3}$",
                  # w39d: the popular check scripts' output: `print("GPU is", "available" if gpu else "NOT AVAILABLE")`
                  # (jeffheaton's t81_558 course)
                  r"\bGPU is NOT AVAILABLE\b"),
        severity="fail",
        cause=("TensorFlow lists no GPU: TensorFlow 2.11 and newer have no CUDA build for native Windows "
               "(tensorflow-intel), so there it never sees one, whatever CUDA and cuDNN are installed."),
        advice=("Check `python -c \"import tensorflow as tf; print(tf.__version__, tf.test.is_built_with_cuda())\"`: on "
                "native Windows with 2.11 or newer (False), run TensorFlow in WSL2 (`wsl --install`, then in Linux `pip "
                "install \"tensorflow[and-cuda]\"`) or pin TensorFlow 2.10 (`pip install \"tensorflow<2.11\"` with CUDA "
                "11.2 and cuDNN 8.1); on Linux, `pip install \"tensorflow[and-cuda]\"` and read the \"Could not load "
                "dynamic library\" lines TensorFlow prints at start-up."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit, on native Windows"),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        # (w39d: tensorflow#60241 and #64536 left this list: their threads are held-out corpus files)
        sources=("https://github.com/tensorflow/tensorflow/issues/61691", TF_WINDOWS,
                 "https://github.com/jeffheaton/t81_558_deep_learning/issues/97"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-61691-windows-tf-2-13-gpu-list-empty.txt",),
    ),
    Signature(
        code="frameworks.spawn-without-main-guard",
        cause_id="multiprocessing-main-guard",
        kinds=_PY,
        # multiprocessing/spawn.py, _check_not_importing_main; a child's traceback re-running the script shows
        # spawn's _fixup_main_from_path.
        patterns=(r"An attempt has been made to start a new process before the",
                  r"in _fixup_main_from_path\b"),
        severity="fail",
        cause=("Worker processes are started by spawn (always on Windows), so each one re-imports the main script, and "
               "the script starts its DataLoader workers or training from top-level code without a main guard."),
        advice=("Put the script's top-level code under `if __name__ == '__main__':` (call main() from there), or set "
                "the DataLoader's num_workers=0."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall PyTorch"),
        sources=("https://docs.python.org/3/library/multiprocessing.html#the-spawn-and-forkserver-start-methods",
                 "https://pytorch.org/docs/stable/notes/windows.html#multiprocessing-error-without-if-clause-protection"),
        checked="2026-11-26",
        examples=("frameworks/jointcwsparser-2-spawn-bootstrapping-num-workers.txt",
                  "frameworks/pytorch-chatbot-2-windows-dataloader-bootstrapping-a.txt"),
    ),
    Signature(
        code="frameworks.collectives-differ-across-ranks",
        cause_id="distributed-misuse",
        kinds=_PY,
        # c10d's ProcessGroupWrapper (TORCH_DISTRIBUTED_DEBUG=DETAIL) compares each collective's fingerprint.
        patterns=(r"Detected mismatch between collectives on ranks\. Rank (?P<rank>\d{1,5}) is running "
                  r"(?:inconsistent )?collective",),
        severity="fail",
        cause=("The ranks called different collectives (another operation, order or tensor shape) at the same step: a "
               "code path of the program runs differently on rank {rank} than on the others."),
        advice=("Make every rank call the same collectives in the same order with the same shapes: find the branch "
                "that differs between ranks (work done only on rank 0, per-rank metric keys, a batch that skips a "
                "module) and make all ranks take part the same way."),
        action="configure",
        rules_out=("a network or NCCL transport fault",),
        never_suggest=("reinstall the driver", "update the driver", "NCCL_P2P_DISABLE", "raise the timeout"),
        sources=("https://pytorch.org/docs/stable/distributed.html#debugging-torch-distributed-applications",
                 "https://github.com/Lightning-AI/pytorch-lightning/issues/19106"),
        checked="2026-11-26",
        examples=("frameworks/lightning-19106-log-dict-keys-differ-collective-mismatch-b.txt",
                  "frameworks/ms-swift-9443-collective-mismatch-allreduce-shapes.txt"),
    ),
    Signature(
        code="frameworks.dataparallel-module-on-other-device",
        cause_id="distributed-misuse",
        kinds=_PY,
        # torch/nn/parallel/data_parallel.py, forward: every parameter must sit on device_ids[0].
        patterns=(r"module must have its parameters and buffers on device (?P<first>cuda:\d{1,3}) ?\(device_ids\[0\]\) ?"
                  r"but found one of them on device ?: ?(?P<found>[\w:]{1,12})",),
        severity="fail",
        cause=("nn.DataParallel needs the model on its first device ({first}, device_ids[0]) before it replicates it, "
               "and part of the model is on {found}."),
        advice=("Move the model to DataParallel's first device before wrapping it (`model.to('cuda:0')`, or pass "
                "device_ids starting with the GPU that holds it), then wrap it in nn.DataParallel."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall PyTorch"),
        sources=("https://pytorch.org/docs/stable/generated/torch.nn.DataParallel.html",
                 "https://github.com/d2l-ai/d2l-en/pull/2461"),
        checked="2026-11-26",
        examples=("frameworks/d2l-2461-dataparallel-model-left-on-cpu-a.txt",),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.tf-cuda-runtime-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # tsl/cuda/cudart_stub.cc: the CUDA runtime TensorFlow was built for could not be loaded; the wording says
        # "drivers" but the library it looks for is libcudart of TensorFlow's CUDA version.
        # (the same words without the source prefix where a log formatter or a person dropped it)
        patterns=(r"cudart_stub\.cc:\d{1,4}\] Could not find cuda drivers on your machine",
                  r"^\W{0,4}Could not find cuda drivers on your machine, GPU will not be used"),
        severity="warn",
        refines=("frameworks.tf-lists-no-gpu",), refines_within=None,  # why its GPU list is empty, on Linux
        cause=("TensorFlow could not load the CUDA runtime of the CUDA version it was built for, so it will not use the "
               "GPU: its CUDA libraries are not installed, or only another CUDA version is."),
        advice=("Give TensorFlow its own CUDA libraries: `pip install \"tensorflow[and-cuda]\"` (2.14 or newer installs "
                "them as nvidia-* packages); for an older TensorFlow install the CUDA and cuDNN of its tested build "
                "table (11.8 and 8.6 for 2.12-2.13). On a machine without an NVIDIA GPU this line is expected."),
        action="configure",
        rules_out=("a driver fault, when nvidia-smi works",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/66750",
                 "https://www.tensorflow.org/install/source#gpu", "https://www.tensorflow.org/install/pip"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-66750-tf213-cuda124-cudart-stub-no-drivers.txt",
                  "frameworks/tensorflow-61689-tf213-cuda120-could-not-find-cuda-drivers.txt"),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.bf16-training-needs-ampere",
        cause_id="cuda-arch-unsupported",
        kinds=_PY,
        # transformers' TrainingArguments.__post_init__ checks bf16 and tf32 against the GPU's compute capability.
        patterns=(r"Your setup doesn't support bf16/gpu\.",
                  r"--tf32 requires Ampere or a newer GPU arch"),
        severity="fail",
        cause=("The training asks for bf16 (or TF32), which transformers allows only on Ampere or newer GPUs (compute "
               "capability 8.0); this GPU is older (V100, T4, RTX 20, P100)."),
        advice=("Train in fp16 on this GPU: set bf16=False and fp16=True (`--bf16 False --fp16 True`, and tf32=False), "
                "also in an accelerate or DeepSpeed config that sets bf16; or use an Ampere or newer GPU."),
        action="configure",
        rules_out=("a driver fault", "a PyTorch or CUDA too old, when torch is 1.10 or newer"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "upgrade torch"),
        sources=("https://github.com/lm-sys/FastChat/issues/1191", "https://github.com/OptimalScale/LMFlow/issues/88",
                 "https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments.bf16"),
        checked="2026-11-26",
        examples=("frameworks/dolly-11-v100-bf16-training-args-a.txt", "frameworks/lmflow-88-2080ti-bf16-use-fp16.txt",
                  "frameworks/fastchat-1191-v100-bf16-then-tf32.txt"),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.torch-loads-older-cuda-runtime",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # The dynamic loader resolved torch's versioned CUDA symbol in another copy of the library (an older toolkit
        # on LD_LIBRARY_PATH or in ld.so.conf) than the one torch was built with and ships.
        patterns=(r"torch/lib/libtorch\w{0,12}\.so: undefined symbol: (?P<symbol>\w{3,80}), version "
                  r"(?P<library>lib(?:cudart|cublas|cublasLt|cusparse|cufft|curand|cusolver|nvrtc|cupti)\.so\.\d{1,2})",),
        severity="fail",
        cause=("PyTorch's own library needs {symbol} from {library}, and the copy the loader found is an older one of "
               "another CUDA toolkit (on LD_LIBRARY_PATH or in ld.so.conf) than the one torch was built with and ships."),
        advice=("Let torch load the CUDA libraries it ships: take the other toolkit's lib64 out of LD_LIBRARY_PATH "
                "(`unset LD_LIBRARY_PATH` and retry, then fix the shell profile or module that sets it) or out of "
                "/etc/ld.so.conf.d; or install the torch build for the CUDA you keep there."),
        action="configure",
        rules_out=("a driver fault", "a broken torch download"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/openai/CLIP/issues/358", "https://github.com/Layne-Huang/PMDM/issues/5",
                 "https://github.com/pytorch/pytorch/issues/15048"),
        checked="2026-11-26",
        examples=("frameworks/clip-358-libtorch-cuda-undefined-symbol-libcudart-11-a.txt",
                  "frameworks/pmdm-5-libtorch-cuda-cudalaunchkernelexc-libcudart.txt"),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.triton-no-windows-wheel",
        cause_id="triton-missing",
        kinds=("pip", "other", "powershell", "traceback", "build"),
        # PyPI's triton has wheels for Linux only; on Windows pip finds no version at all.
        patterns=(r"requirement triton(?:[=<>~!]=?[\w.]{1,20})?(?: \(from [\w.\[\], -]{1,60}\))? \(from versions: none\)",),
        severity="fail",
        cause=("torch.compile's inductor needs Triton, and Triton publishes no Windows wheels (pip finds none on "
               "Windows, nor for an unsupported Python or platform)."),
        advice=("On native Windows run without torch.compile (turn the program's compile option off, or "
                "TORCHDYNAMO_DISABLE=1), or install the community Windows build that matches torch: `pip install -U "
                "triton-windows` (its README pairs versions with torch); on Linux the CUDA torch wheels bring triton."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/90768", "https://github.com/woct0rdho/triton-windows",
                 "https://github.com/KlingAIResearch/LivePortrait/issues/124"),
        checked="2026-11-26",
        examples=("frameworks/liveportrait-124-windows-triton-no-wheel.txt",
                  "wheels/kernl-149-triton-dev-pin-from-package-windows.txt"),
        refines=("wheels.no-distribution-for-platform",),
    ),
    Signature(
        code="frameworks.triton-other-release-than-torch",
        cause_id="package-version-conflict",
        kinds=_PY,
        # Triton 3 removed triton.common and moved triton_key; inductor of another torch release imports them.
        patterns=(r"No module named '?triton\. ?common\b",
                  r"cannot import name 'triton_key' from 'triton\.compiler\.compiler'"),
        severity="fail",
        cause=("The installed Triton is not the release this torch's inductor was written for (torch 2.3 and older "
               "need Triton 2.x; Triton 3 removed triton.common), so torch.compile fails on import."),
        advice=("Make torch and triton a matching pair: reinstall the triton that torch pins (`pip install --force-"
                "reinstall torch` from its CUDA index brings it), or upgrade torch to a release made for the Triton "
                "you have; on Windows pick the triton-windows version its README pairs with torch."),
        action="configure",
        rules_out=("a driver fault", "a GPU too old for Triton"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/woct0rdho/triton-windows/issues/89", "https://github.com/woct0rdho/triton-windows/issues/4",
                 "https://github.com/pytorch/pytorch/issues/129639"),
        checked="2026-11-26",
        examples=("frameworks/triton-windows-89-triton-common-torch-23-triton-3.txt",
                  "frameworks/triton-windows-4-torch-231-triton-300-no-triton-common.txt"),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.accelerate-missing-for-device-map",
        cause_id="python-package-missing",
        kinds=_PY,
        # transformers' modeling_utils: device_map and low_cpu_mem_usage load through accelerate, which must import.
        patterns=(r"(?:`low_cpu_mem_usage=True` or a `device_map`|`device_map` or `low_cpu_mem_usage=True`) requires "
                  r"Accelerate",
                  # transformers 4.50 and later: "Using a `device_map`, `tp_plan`, ... requires `accelerate`"
                  r"Using a `device_map`(?:, | or )`tp_plan`[^\n]{0,90}? requires `accelerate`",
                  # diffusers' pipeline_utils: CPU offload goes through accelerate's hooks (w44b)
                  r"`enable_(?:model|sequential)(?:_cpu)?_offload` requires `accelerate v[\d.]{3,12}` or higher"),
        severity="fail",
        cause=("transformers (device_map, low_cpu_mem_usage) or diffusers (enable_model_cpu_offload, "
               "enable_sequential_cpu_offload) loads or offloads the model through accelerate, and no usable "
               "accelerate is importable in this environment: not installed, older than transformers needs, or "
               "installed into another Python than the one running."),
        advice=("Install or upgrade accelerate into the Python that runs the program (`python -m pip install -U "
                "\"accelerate>=0.26.0\"`; for ComfyUI portable `python_embeded\\python.exe -m pip install -U "
                "accelerate`), then restart the process or notebook kernel; `python -c \"import accelerate\"` shows "
                "an import error if one remains."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/QwenLM/Qwen3/issues/173", "https://github.com/googlecolab/colabtools/issues/4136",
                 "https://github.com/ZHO-ZHO-ZHO/ComfyUI-I2VGenXL/issues/2",
                 "https://huggingface.co/docs/accelerate/basic_tutorials/install"),
        checked="2026-11-26",
        examples=("frameworks/qwen-173-accelerate-0203-too-old-for-device-map.txt",
                  "frameworks/colabtools-4136-device-map-requires-accelerate.txt",
                  "frameworks/comfyui-i2vgenxl-2-cpu-offload-needs-accelerate.txt"),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.tf-kernels-jit-from-ptx",
        refines=("cuda.invalid-resource-handle",),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # tensorflow/core/common_runtime/gpu/gpu_device.cc: no SASS for this compute capability in the build.
        patterns=(r"TensorFlow was not built with CUDA kernel binaries compatible with compute capability "
                  r"(?P<capability>\d{1,2}\.\d)",),
        severity="warn",
        cause=("This TensorFlow build has no kernels compiled for compute capability {capability}, so the driver "
               "JIT-compiles them from PTX at start: slow (up to 30 minutes) or, on GPUs newer than the build, failing."),
        advice=("Use a TensorFlow build that includes this compute capability (a newer release, NVIDIA's NGC "
                "container, or JetPack's wheel on a Jetson); meanwhile let the JIT finish once and keep its result "
                "with a larger cache (`export CUDA_CACHE_MAXSIZE=4294967296`)."),
        action="configure",
        rules_out=("a driver fault", "a hang, when the start is only slow"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/autorope/donkeycar/issues/1124", "https://github.com/tensorflow/tensorflow/issues/60739",
                 "https://developer.nvidia.com/blog/cuda-pro-tip-understand-fat-binaries-jit-caching/"),
        checked="2026-11-26",
        examples=("frameworks/donkeycar-1124-jetson-nano-tf29-cc53-ptx.txt",),
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.cudnn-cannot-load-nvrtc",
        cause_id="cuda-library-missing",  # as the corpus's independent labels file a framework's failed library load
        kinds=("any",),
        # cuDNN 8's runtime-compiled kernels dlopen "libnvrtc.so" by that name; PyTorch's pip wheels ship NVRTC under a
        # hashed name (torch/lib/libnvrtc-<hash>.so.11.2) or in nvidia-cuda-nvrtc, so cuDNN itself is there.
        patterns=(r"Could not load library (?P<library>libcudnn\w{0,30}\.so[\d.]{0,8})\. Error: libnvrtc\.so: cannot open",),
        severity="fail",
        cause=("cuDNN ({library}) is installed but cannot load NVRTC by the name libnvrtc.so, which the PyTorch wheel "
               "ships only under a hashed or versioned file name, so cuDNN's convolutions fail."),
        advice=("Give cuDNN a libnvrtc.so: upgrade PyTorch's wheel (`pip install -U torch --index-url "
                "https://download.pytorch.org/whl/cu118`; 2.0.0's cu118 wheel had this), or link the bundled one: "
                "`cd $(python -c 'import torch, os; print(os.path.dirname(torch.__file__))')/lib && ln -s "
                "libnvrtc-*.so.11.2 libnvrtc.so`; a conda env can `conda install -c conda-forge cudnn`."),
        action="configure",
        rules_out=("a missing cuDNN", "a driver fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/facefusion/facefusion-docker/issues/9", "https://github.com/facefusion/facefusion-docker/issues/8",
                 "https://github.com/v-iashin/Synchformer/issues/9"),
        checked="2026-11-26",
        examples=("frameworks/facefusion-docker-9-cudnn-cnn-infer-libnvrtc-symlink.txt",
                  "frameworks/facefusion-docker-8-cudnn-cnn-infer-nvrtc-torch-upgrade-a.txt"),
        refines=("cuda.shared-library-not-loadable",
                 "frameworks.cudnn-library-missing",),  # the same line; cuDNN is there, NVRTC's name is not
    ),
)

SETUP_SIGNATURES += (
    Signature(
        code="frameworks.tf-dnn-library-not-found",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # TensorFlow's and XLA's answer when the cuDNN it loaded is not one it can use (older than built for, another
        # major); the line before it, when pasted, says which ("Loaded runtime CuDNN library: ...").
        patterns=(r"DNN library is not found\.", r"Fail to find the dnn implementation\."),
        severity="fail",
        cause=("TensorFlow (or XLA) could not use the cuDNN it loaded: another version than the one it was built "
               "with, usually an older cuDNN from the system or LD_LIBRARY_PATH shadowing the right one."),
        advice=("Make TensorFlow load the cuDNN it was built with: remove other cuDNN copies from LD_LIBRARY_PATH (PATH "
                "on Windows) and install the version of TensorFlow's tested build table (`pip install "
                "\"tensorflow[and-cuda]\"` brings the matching nvidia-cudnn for 2.14 and newer)."),
        action="configure",
        rules_out=("a driver fault", "a model or code bug"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/apapiu/guided-diffusion-keras/issues/8", "https://github.com/gnobitab/RectifiedFlow/issues/6",
                 "https://www.tensorflow.org/install/source#gpu"),
        checked="2026-11-26",
        examples=("frameworks/guided-diffusion-keras-8-dnn-library-not-found-other-cudnn.txt",
                  "frameworks/rectifiedflow-6-fail-to-find-dnn-implementation-cudnn-805.txt"),
    ),
)

from gpudoctor.knowledge.signatures.frameworks_apps import APPS_SIGNATURES  # noqa: E402 (the rows above first)
from gpudoctor.knowledge.signatures.frameworks_breadth import BREADTH_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.frameworks_imports import IMPORTS_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.frameworks_native import NATIVE_SIGNATURES  # noqa: E402
from gpudoctor.knowledge.signatures.frameworks_tools import TOOLS_SIGNATURES  # noqa: E402

SETUP_SIGNATURES += BREADTH_SIGNATURES + APPS_SIGNATURES + TOOLS_SIGNATURES + IMPORTS_SIGNATURES + NATIVE_SIGNATURES
