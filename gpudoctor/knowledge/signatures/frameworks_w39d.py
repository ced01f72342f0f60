"""Issue 25, w39d: a framework that sees no GPU, as people describe it (rows of the frameworks area).

- TensorFlow 2.11 and newer on native Windows: no CUDA build exists there (tensorflow-intel), so
  `tf.config.list_physical_devices('GPU')` is empty whatever CUDA and cuDNN are installed. People paste the check and say
  what it gave ("returns an empty list", "# [] is returned") or say that "tensorflow 2.16 can't use the GPU"; the generic
  output rows (frameworks.tf-lists-no-gpu, frameworks.tf-built-without-cuda) read the tool's own lines.
- ONNX Runtime's module without its classes ("module 'onnxruntime' has no attribute 'InferenceSession'"): onnxruntime
  and onnxruntime-gpu install the same `onnxruntime` folder, so uninstalling one of the two after both were installed
  removes files the other needs, and the package that is left imports as an empty namespace. The wrong variant of the
  wheel (its CPU build beside the GPU one, TAXONOMY's wheel-cuda-variant); the provider rows' "only the CPU provider is
  available" on another line of the same paste is its evidence.
- ONNX Runtime asked for its CUDA provider by a build that has none ("Specified provider 'CUDAExecutionProvider' is not
  in available provider names", "does not contain a subset of available providers"): onnxruntime-gpu lists the CUDA
  provider whether or not its libraries load (their failure is "Failed to create CUDAExecutionProvider",
  frameworks.onnxruntime-cuda-provider-failed), so a list without it is the CPU package's build (installed alone or
  beside onnxruntime-gpu, whose files it hides) or one built without --use_cuda: the wrong variant of the wheel.
- TensorFlow 1.x's Windows self-check (tensorflow_self_check.py, and self_check.py inside 1.5-1.12) naming the cuDNN DLL
  it could not load from %PATH% ("- Could not find cuDNN 6.", "Could not load 'cudnn64_5.dll'", "Could not find
  'cudnn64_7.dll'. TensorFlow requires ..."): cuDNN is a separate download, of the major the release was built for,
  whose bin folder must be on PATH. The CUDA runtime's own DLL is frameworks.tf-wants-older-cuda's.
- diffusers' (and the trainers built on it) "xformers is not available. Make sure it is installed correctly": the script
  turns on xformers' memory-efficient attention and `is_xformers_available()` found no xformers in this environment.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TF_WINDOWS = "https://www.tensorflow.org/install/pip#windows-native"
_TF_NEVER = ("reinstall the driver", "update the driver", "install CUDA")
_GPU = r"(?:GPUs?|gpus?|Gpus?)"
ORT_INSTALL = "https://onnxruntime.ai/docs/install/#python-installs"
# the rows that read "only the CPU execution provider is there" (frameworks_stack.py, frameworks_tools.py, frameworks_a15f.py)
_ORT_PROVIDER_ROWS = ("frameworks.onnxruntime-cuda-provider-failed", "frameworks.onnxruntime-session-cpu-only",
                      "frameworks.onnxruntime-provider-warning-wrapped", "frameworks.onnxruntime-cpu-build-answered")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tf-no-gpu-listed-described",
        described=True,
        cause_id="tensorflow-windows-native",
        kinds=("any",),
        patterns=(
            # "tf.config.list_physical_devices('GPU') # [] is returned", "tf$config$list_physical_devices('GPU') # But
            # this returns an empty list" (R's keras3), "I ran tf.config.list_physical_devices('GPU') ... The results
            # returned "0 GPUs available"".
            r"\blist_physical_devices\(\s?['\"]GPU['\"]\s?\)\)?[^\n]{0,120}?\b(?:returns?|returned|returning|gives?|gave|"
            r"shows?|showed|prints?|printed|outputs?|results?)\b[^\n]{0,40}?(?:\bempty\b|\[\]|\b0 GPUs?\b|\bnothing\b)",
            r"\blist_physical_devices\(\s?['\"]GPU['\"]\s?\)\)?\s{0,3}#\s{0,3}(?:\[\]|empty\b)",
            # "tensorflow==2.16 can't utilize the gpu", "TensorFlow 2.12.1 Not Recognizing GPU", "tensorflow 2.13 does
            # not detect my GPU": a release from 2.11 on, which has no native-Windows CUDA build.
            r"\b(?:tensorflow|Tensorflow|TensorFlow|TENSORFLOW)(?:-gpu)?\s?(?:==|=|-|\s)\s?v?2\.(?:1[1-9]|2\d)(?:\.\d{1,2})?\b[^\n]{0,40}?\b(?:[Cc]an(?:no|')?t|"
            r"[Dd]oes(?:n'?t| not)|[Nn]ot|[Uu]nable to|[Ff]ails? to|[Ww]on'?t)\s(?:\w{1,12}\s)?(?:utili[sz]e|[Uu]se|[Dd]etect|"
            r"[Rr]ecogni[sz]e|[Rr]ecogni[sz]ing|[Dd]etecting|[Ss]ee|[Ff]ind|[Aa]ccess|[Ss]upport)\w{0,3}\s(?:the\s|my\s|any\s|a\s)?"
            + _GPU + r"\b",
            # "No version 2.12.0 of the tensorflow-gpu was found", "I can not find the tensorflow-gpu version for CUDA
            # 12.1": tensorflow-gpu ended with 2.10 on Windows (2.11's package on PyPI is an empty stub).
            r"\b(?:[Nn]o (?:version|release|build)|[Cc]an ?(?:no|')?t find|[Cc]ould(?:n'?t| not) find)\b[^\n]{0,40}?"
            r"\btensorflow-gpu\b",
        ),
        severity="warn",
        cause=("The description suggests TensorFlow lists no GPU: TensorFlow 2.11 and newer have no CUDA build for native "
               "Windows (tensorflow-intel), so there it never sees one, whatever CUDA and cuDNN are installed."),
        advice=("Check `python -c \"import tensorflow as tf; print(tf.__version__, tf.test.is_built_with_cuda())\"`: on "
                "native Windows with 2.11 or newer (False), run TensorFlow in WSL2 (`wsl --install`, then in Linux `pip "
                "install \"tensorflow[and-cuda]\"`) or pin TensorFlow 2.10 (`pip install \"tensorflow<2.11\"` with CUDA "
                "11.2 and cuDNN 8.1, Python 3.10 or older); on Linux, `pip install \"tensorflow[and-cuda]\"` and read the "
                "\"Could not load dynamic library\" lines TensorFlow prints at start-up."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit, on native Windows"),
        never_suggest=_TF_NEVER,
        sources=("https://github.com/tensorflow/tensorflow/issues/60156", "https://github.com/tensorflow/tensorflow/issues/61691",
                 "https://github.com/tensorflow/tensorflow/issues/60650", TF_WINDOWS,
                 "https://github.com/tensorflow/docs/pull/2153"),
        checked="2026-11-27",
        examples=("frameworks/tf-60156-windows-native-211-no-gpu.txt",
                  "frameworks/tensorflow-61691-windows-tf-2-13-gpu-list-empty.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-module-emptied-by-other-package",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        refines=_ORT_PROVIDER_ROWS, refines_within=None,
        # Python's AttributeError on the package's own entry points (InferenceSession, SessionOptions,
        # get_available_providers, set_default_logger_severity) when `onnxruntime/__init__.py` is gone but the folder is
        # not: the other ONNX Runtime package's uninstall took it.
        patterns=(r"module 'onnxruntime' has no attribute '(?P<name>InferenceSession|SessionOptions|get_available_providers|"
                  r"set_default_logger_severity|get_device|RunOptions)'",),
        severity="fail",
        cause=("The installed onnxruntime module has lost its files ({name} is missing): onnxruntime and onnxruntime-gpu "
               "install into the same `onnxruntime` folder, so with both installed, uninstalling one removed what the "
               "other needs (and while both are there, the CPU package's files hide the CUDA provider)."),
        advice=("Remove both packages and install one: `pip uninstall -y onnxruntime onnxruntime-gpu`, then `pip install "
                "--force-reinstall onnxruntime-gpu` for the GPU (the release built for your CUDA and cuDNN), or plain "
                "`onnxruntime` for the CPU only; check `pip list | grep -i onnxruntime` shows one of them. Where a "
                "requirement (rembg, insightface, an app's installer) pulls the CPU package back in, install onnxruntime-gpu "
                "after it. If `python -c \"import onnxruntime; print(onnxruntime.__file__)\"` prints None or a path "
                "inside your project, a file or folder there named onnxruntime hides the package: rename it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "downgrade the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/3326", "https://github.com/Gourieff/comfyui-reactor-node/issues/236",
                 "https://github.com/ServiceNow/azimuth/pull/290", ORT_INSTALL),
        checked="2026-11-27",
        examples=("frameworks/ort-3326-cuda-provider-not-subset-of-cpu.txt",),
    ),
    Signature(
        code="frameworks.onnxruntime-cpu-build-answered",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # onnxruntime_inference_collection.py's UserWarning (1.9 and later) and set_providers()' ValueError before 1.9.
        patterns=(r"Specified provider 'CUDAExecutionProvider' is not in available provider names",
                  r"\['CUDAExecutionProvider'\] does not contain a subset of available providers",
                  # get_available_providers() of the CPU package (1.16 and later builds it with the Azure provider),
                  # printed where a GPU was expected: no CUDA provider to fail (w40c)
                  r"\[\s?'AzureExecutionProvider',\s?'CPUExecutionProvider'\s?\]"),
        severity="fail",
        cause=("The ONNX Runtime that answered has no CUDA execution provider at all, so the model runs on the CPU: it is "
               "the CPU package onnxruntime (installed alone, or beside onnxruntime-gpu and hiding it: both install the "
               "same `onnxruntime` folder), or a build made without CUDA."),
        advice=("Check `pip list | grep -i onnxruntime`, then keep one package: `pip uninstall -y onnxruntime "
                "onnxruntime-gpu` and `pip install onnxruntime-gpu` (the release built for your CUDA and cuDNN, ONNX "
                "Runtime's requirements table); where a requirement (rembg, insightface, an app's installer) pulls "
                "onnxruntime back in, install onnxruntime-gpu after it. Then `python -c \"import onnxruntime as o; "
                "print(o.get_available_providers())\"` lists CUDAExecutionProvider."),
        action="configure",
        rules_out=("a driver fault, when torch sees the GPU", "missing CUDA libraries (those make the provider fail, "
                   "not vanish)"),
        never_suggest=("reinstall the driver", "update the driver", "downgrade the driver"),
        sources=("https://github.com/Naozumi520/g2pW-Cantonese/issues/1", "https://github.com/microsoft/onnxruntime/issues/26996",
                 "https://github.com/microsoft/onnxruntime/issues/3326",
                 "https://github.com/s9roll7/animatediff-cli-prompt-travel/issues/206",
                 "https://github.com/yakhyo/uniface/issues/77", ORT_INSTALL),
        checked="2026-11-27",
        examples=("frameworks/g2pw-cantonese-1-requirements-cpu-onnxruntime.txt",
                  "frameworks/uniface-77-onnxruntime-azure-cpu-providers-only.txt"),
    ),
    Signature(
        code="frameworks.tf-windows-cudnn-dll-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(r"Could not (?:find|load) '(?P<library>cudnn64_\d{1,2}\.dll)'\. (?:TensorFlow requires|The GPU version of "
                  r"TensorFlow)",
                  r"^\W{0,4}- Could not find cuDNN(?: \d(?:\.\d)?)?\.\s{0,3}$",
                  r"The GPU version of TensorFlow requires that the correct cuDNN DLL be installed"),
        severity="fail",
        cause=("TensorFlow's GPU build on Windows found no cuDNN DLL of the major it was built for in a folder on %PATH%: "
               "cuDNN is a separate download from CUDA, and its folder is not on PATH (or another cuDNN major is)."),
        advice=("Download the cuDNN release your TensorFlow was built for (tensorflow.org/install/source_windows#gpu: "
                "1.2.1 and older cuDNN 5.1, cudnn64_5.dll; 1.3-1.4 cuDNN 6, cudnn64_6.dll; 1.5-2.3 cuDNN 7, cudnn64_7.dll; "
                "2.4-2.10 cuDNN 8, cudnn64_8.dll) for its CUDA version, and add the folder that holds the DLL (the "
                "archive's cuda\\bin, not its top folder) to PATH, or copy the DLL into the CUDA toolkit's bin folder; then "
                "open a new prompt. Do not rename another cuDNN major's DLL."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/13837", "https://github.com/tensorflow/tensorflow/issues/8385",
                 "https://github.com/tensorflow/tensorflow/issues/10033", "https://github.com/tensorflow/tensorflow/issues/17095",
                 "https://gist.github.com/mrry/ee5dbcfdd045fa48a27d56664411d41c",
                 "https://www.tensorflow.org/install/source_windows#gpu"),
        checked="2026-11-27",
        examples=("frameworks/tensorflow-13837-self-check-could-not-find-cudnn-6.txt",
                  "frameworks/tensorflow-8385-self-check-cudnn64-5-not-loaded.txt"),
    ),
    Signature(
        code="frameworks.xformers-not-installed-for-attention",
        cause_id="python-package-missing",
        kinds=("any",),
        # the ValueError of diffusers' example trainers (train_dreambooth.py, train_text_to_image.py, LoRA scripts) and
        # those that copy them (autotrain, sd_dreambooth_extension, Tune-A-Video) when --enable_xformers_memory_efficient_
        # attention is set and diffusers' is_xformers_available() finds no xformers package (the library's own
        # enable_xformers_memory_efficient_attention raises ModuleNotFoundError with another text)
        patterns=(r"\bxformers is not available\. Make sure it is installed correctly\b",),
        severity="fail",
        cause=("The script enables xformers' memory-efficient attention, but the Python environment it runs in has no "
               "xformers package, so it stops."),
        advice=("Install xformers into the environment that runs the script, the build made for its torch: `python -m pip "
                "install xformers` with the same index as torch (e.g. `--index-url https://download.pytorch.org/whl/cu128` "
                "for a cu128 torch; an older torch needs the xformers release built for it, as xformers 0.0.16 was "
                "for torch 1.13.1), then check `python -m xformers.info`. Or turn the option off "
                "(--enable_xformers_memory_efficient_attention, use_xformers, --xformers): torch 2's own SDPA attention "
                "needs no xformers."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/autotrain-advanced/issues/347",
                 "https://github.com/d8ahazard/sd_dreambooth_extension/issues/1201",
                 "https://github.com/facebookresearch/xformers#installing-xformers"),
        checked="2026-11-27",
        examples=("frameworks/autotrain-347-dreambooth-xformers-not-available.txt",),
    ),
)
