"""Frameworks beside PyTorch, in their own words: MXNet built without CUDA, TensorFlow's device options set too late.

frameworks_versions.py adds these rows to its VERSION_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "reinstall CUDA")

OTHER_FRAMEWORK_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.mxnet-cpu-build",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # MXNet's storage and imperative layers when an array or operator is asked for on mx.gpu() in a build made with
        # USE_CUDA=0 (PyPI's plain `mxnet` is that build): "Compile with USE_CUDA=1 to enable GPU usage" (storage.cc,
        # 0.9-1.x), "GPU support is disabled. Compile MXNet with USE_CUDA=1 to enable GPU support." (imperative_utils.h,
        # 1.x) and the first releases' "Please compile with CUDA enabled" (storage.cc, 0.5).
        patterns=(r"Compile (?:MXNet )?with USE_CUDA=1 to enable GPU (?:usage|support)",
                  r"storage\.cc:\d{1,5}\]?: Please compile with CUDA enabled"),
        severity="fail",
        cause=("The MXNet installed was built without CUDA (PyPI's plain `mxnet` package, or a source build with "
               "USE_CUDA=0), so it cannot put anything on the GPU the program asks for."),
        advice=("Install MXNet's CUDA build for the CUDA you have instead of the CPU package, and keep only one MXNet "
                "package: `pip uninstall -y mxnet mxnet-cu112 && pip install mxnet-cu112` (the mxnet-cuXXX of your CUDA: "
                "mxnet-cu102, mxnet-cu110, mxnet-cu112 ...); if you build MXNet yourself, set USE_CUDA=1, "
                "USE_CUDA_PATH and USE_CUDNN=1 in config.mk, run `make clean` and build again, then reinstall its "
                "Python package."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/apache/mxnet/issues/3739", "https://github.com/apache/mxnet/issues/260",
                 "https://github.com/TuSimple/TuSimple-DUC/issues/10", "https://github.com/NVIDIA/mxnet_to_onnx/issues/3",
                 "https://github.com/apache/mxnet/issues/5134"),
        checked="2026-11-26",
        examples=("frameworks/mxnet-3739-quick-install-without-use-cuda.txt", "frameworks/mxnet-260-please-compile-with-cuda.txt",
                  "frameworks/tuSimple-duc-10-mxnet-compile-with-use-cuda.txt"),
    ),
    Signature(
        code="frameworks.tf-device-config-after-init",
        cause_id="framework-gpu-config-after-init",
        kinds=("any",),
        # tensorflow/python/eager/context.py refuses device options once its runtime started: set_memory_growth
        # ("Physical devices ..."), set_visible_devices ("Visible devices ...") and set_logical_device_configuration /
        # set_virtual_device_configuration ("Virtual devices ...").
        patterns=(r"(?P<what>Physical|Visible|Virtual) devices cannot be modified after being initialized",),
        severity="fail",
        cause=("TensorFlow had already initialised its GPUs (an earlier import or line created a tensor or model, or a "
               "notebook cell ran twice) when the program changed the device options, which TensorFlow accepts only "
               "before its runtime starts."),
        advice=("Set the device options (tf.config.experimental.set_memory_growth, set_visible_devices, "
                "set_logical_device_configuration) right after `import tensorflow`, before any import or code that "
                "creates tensors or models; in a notebook restart the kernel and run that cell first, once. Or set "
                "TF_FORCE_GPU_ALLOW_GROWTH=true in the environment instead of calling set_memory_growth."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/hunglc007/tensorflow-yolov4-tflite/issues/171", "https://github.com/tym-b/implicit-slam/issues/5",
                 "https://github.com/tensorflow/tensorflow/issues/25138", "https://github.com/neureal/neureal-ai-agent/issues/3",
                 "https://github.com/sillsdev/silnlp/issues/102", "https://www.tensorflow.org/guide/gpu"),
        checked="2026-11-26",
        examples=("frameworks/tf-yolov4-tflite-171-physical-devices-after-init.txt",
                  "frameworks/implicit-slam-5-virtual-devices-after-init.txt",
                  "frameworks/tensorflow-25138-virtual-devices-after-init.txt"),
    ),
    Signature(
        code="frameworks.triton-llvm-unknown-gpu-arch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # LLVM's NVPTX backend inside Triton when asked for an architecture it predates: Blackwell's sm_120 with Triton
        # before 3.3, sm_89 and sm_90 with the Triton 2.0 of early 2023. It says it ignores the processor; the
        # compile then fails ("LLVM ERROR: Cannot select", ptxas) or runs slow, hence warn.
        patterns=(r"'sm_(?P<arch>\d{2,3})a?' is not a recognized processor for this target",),
        severity="warn",
        cause=("The Triton installed (its bundled LLVM) is older than this GPU's architecture sm_{arch}, so the kernels "
               "torch.compile, SageAttention or a custom node build with it fail or fall back."),
        advice=("Install a Triton that knows sm_{arch} together with the torch it goes with: for Blackwell (sm_120) "
                "PyTorch 2.7 or newer from the cu128 index, which brings Triton 3.3 (`pip install -U torch torchvision "
                "--index-url https://download.pytorch.org/whl/cu128`), and on Windows `pip uninstall triton` then "
                "`pip install -U triton-windows` of the release paired with that torch; until then turn torch.compile "
                "or SageAttention off."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/lum3on/comfyui_HiDream-Sampler/issues/102", "https://github.com/woct0rdho/triton-windows/issues/93",
                 "https://github.com/woct0rdho/triton-windows/issues/59", "https://github.com/pytorch/pytorch/issues/95082"),
        checked="2026-11-26",
        examples=("frameworks/hidream-sampler-102-triton-sm120-not-recognized.txt",),
    ),
    Signature(
        code="frameworks.hf-library-helper-missing",
        cause_id="package-version-conflict",
        kinds=("any",),
        # A Hugging Face library importing a lowercase helper from a sibling library of another release: peft 0.5 asking
        # accelerate < 0.21 for is_npu_available, sentence-transformers asking transformers < 4.41 for
        # is_torch_npu_available, old code asking transformers for the removed is_torch_tpu_available. A dotted
        # transformers module is frameworks.transformers-internal-helper-missing; capitalised names are classes.
        patterns=(r"cannot import name '(?P<name>[a-z_]\w{0,80})' from '(?P<package>accelerate|diffusers|peft|trl|optimum)"
                  r"[\w.]{0,80}'",
                  r"cannot import name '(?P<name>[a-z_]\w{0,80})' from '(?P<package>transformers)'"),
        severity="fail",
        cause=("A package imports {name} from {package}, and the installed {package} release does not have it: the "
               "Hugging Face packages installed are from different releases (usually {package} older than the one "
               "importing it needs, sometimes newer, where the helper was removed)."),
        advice=("Bring the Hugging Face packages to matching releases: `pip install -U {package}` (usually together: "
                "`pip install -U accelerate peft transformers`), then restart the kernel or app; if {name} was removed "
                "from a newer {package}, instead pin {package} to the version the importing package's requirements name "
                "or upgrade that package. `pip show {package}` shows which copy Python loads."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/camenduru/text-generation-webui-colab/issues/24", "https://github.com/huggingface/peft/issues/860",
                 "https://github.com/huggingface/peft/pull/892", "https://github.com/huggingface/sentence-transformers/issues/3143",
                 "https://github.com/huggingface/transformers/issues/26744"),
        checked="2026-11-26",
        examples=("frameworks/camenduru-tgw-colab-24-peft-needs-newer-accelerate.txt",
                  "frameworks/peft-860-accelerate-lacks-is-npu-available.txt"),
    ),
    Signature(
        code="frameworks.amp-without-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # torch.cuda.amp's GradScaler and autocast switching themselves off because torch.cuda.is_available() is
        # False: a CPU-only torch, or no usable GPU. Runs go on, on the CPU, hence warn.
        patterns=(r"torch\.cuda\.amp\.GradScaler is enabled, but CUDA is not available\.",
                  r"User provided device_type of 'cuda', but CUDA is not available\. Disabling"),
        severity="warn",
        cause=("PyTorch sees no CUDA, so mixed precision turns itself off and the work runs on the CPU: most often the "
               "torch installed is the CPU-only build; otherwise the GPU or its driver is not usable here."),
        advice=("Check `python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\"`: "
                "if torch.version.cuda is None, install a CUDA build of torch (`pip uninstall -y torch` then `pip install "
                "torch --index-url https://download.pytorch.org/whl/cu121`, the cuXXX your driver supports); if it names "
                "a CUDA version, check that nvidia-smi works. On a machine without an NVIDIA GPU the warning is expected."),
        action="configure",
        rules_out=("a fault in the training code",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/lucidrains/deep-daze/issues/173", "https://github.com/lucidrains/deep-daze/issues/138",
                 "https://github.com/LuxImagingAI/DBSegment/issues/1"),
        checked="2026-11-26",
        examples=("frameworks/deep-daze-173-rtx2080ti-torch-version-cuda-none.txt",),
    ),
    Signature(
        code="frameworks.triton-windows-python-dev-files-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # triton-windows compiles its cuda_utils.c helper (with its bundled tcc, or MSVC's cl) against Python.h and
        # pythonXY.lib on first use; an embedded or standalone Python (ComfyUI's python_embeded, uv's, FramePack's)
        # ships neither. Its own warning, tcc's and the linker's wording, and the failed compile command.
        patterns=(r"windows_utils\.py:\d{1,5}: UserWarning: Failed to find Python libs",
                  r"error: include file 'Python\.h' not found",
                  r"LNK1104: cannot open file 'python3\d{1,2}\.lib'",
                  r"(?:tcc|cl)\.(?:exe|EXE)', '[^'\n]{1,300}cuda_utils\.c'"),
        severity="fail",
        cause=("Triton on Windows compiles a small C helper against Python's headers and import library on first use, "
               "and this Python (an embedded or standalone one, such as ComfyUI's python_embeded) has no include and "
               "libs folders, so the compile fails and torch.compile, SageAttention or the node using Triton stops."),
        advice=("Put the include and libs folders of the same Python version into that Python's folder (next to "
                "python.exe; `python_embeded\\python.exe --version` gives the version): copy them from a python.org "
                "install of that version, or use the python_3.x_include_libs.zip from triton-windows' releases, as its "
                "README's notes for ComfyUI with the embedded Python say; then clear the Triton cache "
                "(%USERPROFILE%\\.triton\\cache) and run test_triton.py again."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "apt install"),
        sources=("https://github.com/woct0rdho/triton-windows/issues/77", "https://github.com/Comfy-Org/ComfyUI/issues/8608",
                 "https://github.com/woct0rdho/triton-windows/issues/30", "https://github.com/woct0rdho/triton-windows/issues/83"),
        checked="2026-11-26",
        examples=("frameworks/triton-windows-77-uv-python-lacks-include-libs.txt",
                  "frameworks/comfyui-8608-triton-tcc-cuda-utils-embeded-python.txt"),
        refines=("wheels.python-headers-missing",),
        refines_within=None,
    ),
    Signature(
        code="frameworks.cudnn9-two-copies-mixed",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # cuDNN 9's loader between its sub-libraries (libcudnn.so.9 finding libcudnn_graph/_ops/_cnn and their symbols):
        # a sub-library from another cuDNN 9 release (the system's /usr/lib or /usr/local/cuda copy) lacking a symbol
        # the first one calls. cuDNN 8's wording, with ", version ...", is frameworks.cudnn-two-copies-mixed.
        patterns=(r"Could not load symbol (?P<symbol>cudnn\w{1,60})\. Error: [^\n]{0,300}(?P<library>libcudnn\w{0,30}\.so\.9)"
                  r"[\d.]{0,8}: undefined symbol",),
        severity="fail",
        cause=("Two cuDNN 9 copies are mixed: the {library} loaded (usually the system's, from /usr/lib or the CUDA "
               "toolkit's lib64) is from another cuDNN release than the one the program's own cuDNN (the nvidia-cudnn-cu12 "
               "wheel in the environment) expects, so {symbol} is missing."),
        advice=("Keep one cuDNN on the loader's path: put the environment's copy first (`export LD_LIBRARY_PATH=$(python "
                "-c \"import nvidia.cudnn, os; print(os.path.dirname(nvidia.cudnn.__file__))\")/lib:$LD_LIBRARY_PATH`) "
                "or remove the system copy (`apt-get remove libcudnn9-cuda-12`, or its folder from LD_LIBRARY_PATH); "
                "check which file loads with `ldconfig -p | grep libcudnn_graph`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/MahmoudAshraf97/whisper-diarization/issues/343", "https://github.com/opendatalab/MinerU/issues/2664",
                 "https://github.com/nanoporetech/dorado/issues/166"),
        checked="2026-11-26",
        examples=("frameworks/whisper-diarization-343-system-cudnn9-shadows-venv.txt",),
    ),
)
