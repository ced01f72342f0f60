"""Frameworks whose native part fails to load or start on the machine in front of them: TensorFlow's Windows DLL that
refuses to initialise (a missing Visual C++ runtime, a CPU without AVX), and the other native-library failures of the
frameworks people run beside PyTorch.

frameworks_setup.py adds these rows to its SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA", "install CUDA")

NATIVE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tf-windows-dll-init-failed",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Windows' ERROR_DLL_INIT_FAILED (1114) for TensorFlow's _pywrap_tensorflow_internal.pyd (TF 2.3 and later name
        # the module; TF 1.x-2.2 printed the bare "DLL load failed: ..." inside pywrap_tensorflow_internal's
        # swig_import_helper), and the newer loader's own "_pywrap_tensorflow_common.dll: INITIALIZATION FAILED". The
        # DLL loaded but its start-up code failed: the Visual C++ runtime it was built against is missing or older, or
        # the CPU lacks the AVX/AVX2 instructions the wheels are compiled with. "The specified module could not be
        # found" (a DLL missing, often CUDA's) is another failure, left to the rows that read it.
        patterns=(r"DLL load failed while importing _pywrap_tensorflow(?:_internal)?: A dynamic link library \(DLL\) "
                  r"initialization routine failed",
                  r"Failed to load _pywrap_tensorflow_common\.dll: INITIALIZATION FAILED",
                  r"DLL load failed: A dynamic link library \(DLL\) initialization routine failed"),
        severity="fail",
        cause=("TensorFlow's native library loaded on Windows but failed to initialise: most often the Microsoft Visual "
               "C++ Redistributable it needs is missing or outdated, otherwise the CPU lacks the AVX/AVX2 instructions "
               "the TensorFlow wheels are built with."),
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64, vc_redist.x64.exe from Microsoft's "
                "\"latest supported Visual C++ downloads\" page), open a new shell and import tensorflow again; if it "
                "still fails, check that the CPU supports AVX/AVX2 (`coreinfo -f` or the CPU's specification) and that "
                "Python is 64-bit (`python -c \"import struct; print(struct.calcsize('P')*8)\"`): on a CPU without AVX "
                "use an older or community build, or run TensorFlow in WSL2 or Docker on another machine."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/tensorflow/tensorflow/issues/119165",
                 "https://github.com/tensorflow/tensorflow/issues/39502",
                 "https://www.tensorflow.org/install/errors"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-119165-dll-init-failed-hint-avx.txt",),
    ),
    Signature(
        code="frameworks.dgl-cpu-build",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # dgl/src/runtime/c_runtime_api.cc (DeviceAPIManager): the installed libdgl has no CUDA device API. PyPI's plain
        # dgl (and dgl without a +cuXXX/-cuXXX suffix from conda's dglteam channel) is the CPU build; the CUDA builds
        # come from DGL's own wheel index. DGL before 0.9 named the device API "gpu", later ones "cuda".
        patterns=(r"Device API (?P<api>cuda|gpu) is not enabled\. Please install the cuda version of dgl",),
        severity="fail",
        cause=("The installed DGL is its CPU build (no CUDA device API), so moving a graph or a model of DGL to the "
               "GPU fails; a CPU dgl left beside a CUDA one gives the same error."),
        advice=("Uninstall every DGL package (`pip freeze | grep dgl`, then `pip uninstall dgl` until none is left) and "
                "install the DGL build for the CUDA of the installed PyTorch from DGL's wheel index, e.g. `pip install "
                "dgl -f https://data.dgl.ai/wheels/torch-2.4/cu124/repo.html` (dgl.ai's start page gives the line for "
                "each torch and CUDA pair; older releases: `pip install dgl-cu116 -f https://data.dgl.ai/wheels/"
                "repo.html`), then check `python -c \"import dgl; print(dgl.__version__)\"` shows a +cuXXX build."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/dmlc/dgl/issues/5427", "https://github.com/THUDM/GraphMAE/issues/9",
                 "https://github.com/dmlc/dgl/issues/3932", "https://www.dgl.ai/pages/start.html"),
        checked="2026-11-26",
        examples=("frameworks/dgl-5427-dgl-101-no-gpu-support.txt", "frameworks/graphmae-9-dgl-device-api-gpu-not-enabled.txt"),
    ),
    Signature(
        code="frameworks.hf-checkpoint-unreadable",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # transformers' modeling_utils.load_state_dict (diffusers' the same without "pytorch"): torch.load failed on the
        # file, and the message's TF 2.0 hint is a guess. What the threads find is a damaged or partial download, a Git
        # LFS pointer cloned without git-lfs, or a shard cut short by a full disk.
        patterns=(r"Unable to load weights from (?:the )?(?:pytorch |PyTorch )?checkpoint file\b",),
        severity="fail",
        cause=("transformers (or diffusers) could not read the checkpoint file it names: almost always a damaged or "
               "incomplete download (an interrupted transfer, a full disk, or a Git LFS pointer file cloned without "
               "git-lfs), not a TensorFlow checkpoint."),
        advice=("Download that file again: delete it (or the model's folder under ~/.cache/huggingface/hub, "
                "models--<org>--<name>) and reload, or `huggingface-cli download <repo> --force-download`; compare its "
                "size with the one on the Hub (a file of a few hundred bytes starting with \"version https://git-lfs\" "
                "is an LFS pointer: `git lfs install && git lfs pull`), and check the disk has room."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("set from_tf=True", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/lllyasviel/Fooocus/issues/379", "https://github.com/project-baize/baize-chatbot/issues/31",
                 "https://github.com/UKPLab/EasyNMT/issues/46",
                 "https://github.com/huggingface/transformers/blob/main/src/transformers/modeling_utils.py"),
        checked="2026-11-26",
        examples=("frameworks/fooocus-379-expansion-bin-corrupted-redownload.txt",
                  "frameworks/baize-chatbot-31-damaged-shard-redownload.txt"),
    ),
    Signature(
        code="frameworks.ctranslate2-without-cuda",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # CTranslate2's check when a model is loaded with device="cuda" (faster-whisper, WhisperX, the web UIs built on
        # them): the installed package has no CUDA backend. Its PyPI wheels carry CUDA only for Linux x86-64 and
        # Windows; the macOS and Linux aarch64 wheels, and some distribution or conda-forge builds, are CPU-only.
        patterns=(r"This CTranslate2 package was not compiled with CUDA support",),
        severity="fail",
        cause=("The program asked CTranslate2 for the GPU (device \"cuda\"), and the installed CTranslate2 has no CUDA "
               "support: on macOS or ARM Linux its packages are CPU-only (and a Mac has no NVIDIA GPU), elsewhere a "
               "CPU-only build was installed."),
        advice=("On a Mac or an ARM machine, run on the CPU: device=\"cpu\" (compute_type=\"int8\"), e.g. "
                "`WhisperModel(size, device=\"cpu\", compute_type=\"int8\")`. On Linux x86-64 or Windows with an NVIDIA "
                "GPU, install CTranslate2's PyPI wheel, which carries CUDA (`pip install --force-reinstall ctranslate2`), "
                "in place of a CPU-only distribution or conda build, then check `python -c \"import ctranslate2; "
                "print(ctranslate2.get_cuda_device_count())\"`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/SYSTRAN/faster-whisper/issues/307", "https://github.com/m-bain/whisperX/issues/575",
                 "https://github.com/fictions-ai/autocaption/issues/3", "https://opennmt.net/CTranslate2/installation.html"),
        checked="2026-11-26",
        examples=("frameworks/faster-whisper-307-ctranslate2-no-cuda-macbook.txt",
                  "frameworks/whisperx-575-ctranslate2-no-cuda-m1.txt"),
    ),
    Signature(
        code="frameworks.shared-tensor-write-failed",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # torch.multiprocessing's file-descriptor sharing (DataLoader workers handing batches back) creates each shared
        # tensor as /dev/shm/torch_<pid>_<n>[_<k>]; writing or mapping it fails when /dev/shm is full, which in a
        # container is Docker's 64 MB default. TH's old form ends " at .../THAllocator.c:NNN".
        patterns=(r"unable to write to file </torch_\d{1,10}_\d{1,12}[_\d]{0,9}>",
                  r"unable to mmap \d{1,14} bytes from file </torch_\d{1,10}_\d{1,12}[_\d]{0,9}>: Cannot allocate memory",
                  # PyTorch 2.x (ATen MapAllocator) reserves the file with posix_fallocate first and says so when it fails.
                  r"unable to allocate shared memory\(shm\) for file </torch_"),
        severity="fail",
        cause=("PyTorch could not put a tensor shared between processes (DataLoader workers) into /dev/shm: the shared "
               "memory is full, most often because a container got Docker's 64 MB default."),
        advice=("Give the processes more shared memory: run the container with `--shm-size=16g` (or `--ipc=host`; in "
                "Kubernetes mount an emptyDir with medium: Memory at /dev/shm), check it with `df -h /dev/shm`, or lower "
                "num_workers; outside a container, free or enlarge /dev/shm."),
        action="configure",
        rules_out=("a GPU or driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "reduce the batch size"),
        sources=("https://github.com/idiap/ESLAM/issues/20", "https://github.com/NVIDIA/flownet2-pytorch/issues/43",
                 "https://github.com/pytorch/pytorch#docker-image"),
        checked="2026-11-26",
        examples=("frameworks/eslam-20-shm-write-no-space-left-shm-size.txt",
                  "frameworks/flownet2-43-torch-shm-write-docker-ipc-host.txt"),
    ),
    Signature(
        code="frameworks.dataloader-open-files-limit",
        cause_id="open-files-limit",
        kinds=("any",),
        # torch.multiprocessing's default file_descriptor strategy sends each shared tensor back from a DataLoader worker
        # as a file descriptor; at the RLIMIT_NOFILE limit the descriptor is dropped from the socket message and Python's
        # multiprocessing says only "received 0 items of ancdata". PyTorch 1.5 and later catch it and say so
        # (torch/utils/data/dataloader.py: "Too many open files. Communication with the workers is no longer possible").
        patterns=(r"received 0 items of ancdata",
                  r"Too many open files\. Communication with the workers is no longer possible"),
        severity="fail",
        cause=("The DataLoader's workers pass batches back as file descriptors, and the process reached its limit of "
               "open files (`ulimit -n`, 1024 by default on many systems), so a batch could not be received."),
        advice=("Switch PyTorch to the file_system sharing strategy at the top of the script "
                "(`torch.multiprocessing.set_sharing_strategy('file_system')`), or raise the limit where the job starts "
                "(`ulimit -n 65535`, LimitNOFILE for a service, `--ulimit nofile=65535:65535` for a container); fewer "
                "workers, or returning numpy arrays instead of tensors, also keep it under the limit."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rusty1s/himp-gnn/issues/7", "https://github.com/DonsetPG/graph-physics/issues/22",
                 "https://github.com/pytorch/pytorch/issues/973", "https://github.com/pytorch/pytorch/pull/34768"),
        checked="2026-11-26",
        examples=("frameworks/himp-gnn-7-ancdata-sharing-strategy-file-system.txt",
                  "frameworks/graph-physics-22-ancdata-ulimit-1024-cluster.txt"),
    ),
    Signature(
        code="frameworks.triton-other-than-torch-expects",
        cause_id="package-version-conflict",
        kinds=("any",),
        # torch's inductor imports AttrsDescriptor from triton.compiler.compiler (torch 2.5 and older, Triton 3.1) or
        # triton.backends.compiler (torch 2.6, Triton 3.2); Triton 3.2 moved it and 3.3 removed it. Each torch release
        # pins the Triton it was tested with (its wheel's triton requirement); triton-windows publishes one per torch.
        patterns=(r"cannot import name 'AttrsDescriptor' from 'triton\.(?:compiler\.compiler|backends\.compiler)'",),
        severity="fail",
        cause=("The installed Triton is another release than the one this torch's compiler (inductor) was built for: "
               "Triton 3.2 moved AttrsDescriptor and 3.3 removed it, while torch 2.5 and 2.6 import it, so torch.compile "
               "fails."),
        advice=("Install the Triton that matches the installed torch: on Linux reinstall torch so that pip brings its "
                "pinned triton (`pip install --force-reinstall torch==<version> --index-url https://download.pytorch.org/"
                "whl/cu124`), or `pip install \"triton==<the version torch requires>\"` (`pip show torch` lists it); on "
                "Windows the triton-windows release paired with that torch (`pip install -U \"triton-windows<3.3\"` for "
                "torch 2.6, `\"triton-windows<3.2\"` for torch 2.5); or turn torch.compile off in the application."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/deepbeepmeep/Wan2GP/issues/1263", "https://github.com/woct0rdho/triton-windows",
                 "https://github.com/leomaxwell973/Triton-3.3.0-UPDATE_FROM_3.2.0_and_FIXED-Windows-Nvidia-Prebuilt/issues/2"),
        checked="2026-11-26",
        examples=("frameworks/wan2gp-1263-attrsdescriptor-wrong-triton.txt",),
    ),
    Signature(
        code="frameworks.onnxruntime-arena-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # onnxruntime/core/framework/bfc_arena.cc: the execution provider's arena (the CUDA one when the model runs on
        # the GPU) could not grow by the buffer a node asked for; ONNX Runtime's equivalent of "CUDA out of memory".
        patterns=(r"BFCArena::AllocateRawInternal[^\n]{0,160}Failed to allocate memory for requested buffer of size "
                  r"(?P<bytes>\d{1,20})",
                  # the CUDA provider's own calls (providers/cuda/cuda_call.cc: "CUDA failure N: <text> ; GPU=..."):
                  # cudaMalloc out of memory, and cuBLAS finding no memory for its handle or workspace
                  r"\bCUDA failure 2: out of memory\b",
                  r"\bCUBLAS failure 3: CUBLAS_STATUS_ALLOC_FAILED\b"),
        severity="fail",
        cause=("ONNX Runtime could not allocate the GPU memory a session or node asked for (from its memory arena, or "
               "from CUDA itself): the GPU (or, on the CPU provider, the host) has no room left for this model and "
               "input size."),
        advice=("Make the session fit: pass CUDA provider options `{'arena_extend_strategy': 'kSameAsRequested', "
                "'cudnn_conv_use_max_workspace': '0'}` (and `gpu_mem_limit` when several sessions share the GPU), lower "
                "the batch size or input size (image resolution, sequence length), and check `nvidia-smi` for other "
                "processes holding GPU memory; a buffer of absurd size points to a dynamic shape that needs a bound."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/16307", "https://github.com/microsoft/onnxruntime/issues/9939",
                 "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#configuration-options"),
        checked="2026-11-26",
        examples=("frameworks/onnxruntime-16307-bfcarena-oom-reducesum.txt",),
    ),
)
