"""The CUDA libraries and tools people install beside a framework: TensorRT engines, cuDNN, cuBLAS, CuPy, XLA (rows of
the cuda area, joined into cuda.py's tuple). Each reads the tool's own stable message; none is a fault of the driver,
so the advice is the tool's file, package or build, never the driver."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NO_DRIVER_CHANGE = ("reinstall the driver", "update the driver", "downgrade the driver")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.tensorrt-engine-other-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # TensorRT's runtime, deserialising a plan: "expecting" is this GPU's compute capability, "got" the one the
        # engine was built on. A serialised engine holds kernels chosen for one GPU model only.
        patterns=(r"engine plan file is generated on an incompatible device, expecting compute "
                  r"(?P<here>\d{1,2}\.\d{1,2}) got compute (?P<built>\d{1,2}\.\d{1,2})",),
        severity="fail",
        cause="The TensorRT engine (plan) file was built on a GPU of compute capability {built}, and this GPU is "
              "{here}: a serialised TensorRT engine runs only on the GPU model it was built on.",
        advice=("Rebuild the engine on this GPU from its ONNX model (`trtexec --onnx=model.onnx "
                "--saveEngine=model.engine`, or the program's own export step), or delete the cached .engine/.plan "
                "file so the program builds it again; with several GPU models in one machine, build one engine per "
                "model (CUDA_VISIBLE_DEVICES picks the GPU)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the TensorRT installation"),
        never_suggest=_NO_DRIVER_CHANGE + ("reinstall TensorRT",),
        sources=("https://github.com/NVIDIA/TensorRT/issues/564", "https://github.com/NVIDIA/TensorRT/issues/2176",
                 "https://github.com/run-llama/llama_index/issues/12318",
                 "https://docs.nvidia.com/deeplearning/tensorrt/latest/inference-library/advanced.html"),
        checked="2026-11-26",
        examples=("cuda/tensorrt-564-engine-compute-61-got-75.txt",
                  "cuda/llamaindex-12318-trt-engine-compute-80-vs-89.txt"),
    ),
    Signature(
        code="cuda.tensorrt-engine-other-version",
        cause_id="tensorrt-engine-version-mismatch",
        kinds=("any",),
        # Same deserialisation step: "expecting" is the TensorRT library loading the plan, "got" the one that wrote it.
        # Plans are not portable across TensorRT releases. TensorRT 7 and later say it with the serialisation format's
        # tag ("Serialization Error in verifyHeader: 0 (Version tag does not match. Note: Current Version: 96, Serialized
        # Engine Version: 97)", 8.4+: "Serialization (Serialization assertion ... failed.Version tag does not match.");
        # keyed on "TensorRT" and "Serialization", not on "engine", which healthy vLLM and TensorRT logs print often.
        patterns=(r"engine plan file is not compatible with this version of TensorRT",
                  r"Serialization[^\n]{0,160}Version tag does not match",
                  # TensorRT 7's reader meeting another release's plan (Triton 20.09 loading a plan of another TensorRT):
                  # "coreReadArchive.h(271) - Serialization Error in readExternal:0(Type mismatch)"
                  r"Serialization Error in readExternal: ?0 ?\(Type mismatch\)"),
        severity="fail",
        cause="The TensorRT engine (plan) file was serialised by another TensorRT release than the one loading it: an "
              "engine loads only in the TensorRT version that built it.",
        advice=("Rebuild (regenerate) the engine with the TensorRT installed here: delete the cached .engine/.plan "
                "file so the program builds it again, or run `trtexec --onnx=model.onnx --saveEngine=model.engine`; "
                "in containers, build the engine in the same image (same TensorRT) that serves it; where it was just built here, "
                "the builder and the loader found different TensorRT libraries (check LD_LIBRARY_PATH and the Python "
                "tensorrt package)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU model"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/NVIDIA/retinanet-examples/issues/314",
                 "https://github.com/SthPhoenix/InsightFace-REST/issues/84",
                 "https://github.com/dusty-nv/jetson-inference/issues/426", "https://github.com/NVIDIA/TensorRT/issues/2195",
                 "https://github.com/GeekAlexis/FastMOT/issues/127",
                 "https://github.com/triton-inference-server/server/issues/2307"),
        checked="2026-11-26",
        examples=("cuda/retinanet-314-trt-plan-version.txt", "cuda/insightfacerest-84-trt-expecting-823-got-821.txt",
                  "cuda/fastmot-127-trt-version-tag-96-97.txt", "cuda/tensorrt-2105-version-tag-jetson-docker.txt",
                  "cuda/tensorrt-2195-version-tag-ld-library-path.txt",
                  "vllm/triton-2307-trt-plan-readexternal-type-mismatch.txt"),
    ),
    Signature(
        code="cuda.cupy-multiple-packages",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # CuPy's own import-time check (cupy/_environment.py): more than one CuPy distribution (cupy, cupy-cuda11x,
        # cupy-cuda12x, cupy-cuda13x, a conda cupy) is installed, and they overwrite each other's files.
        patterns=(r"CuPy may not function correctly because multiple CuPy packages are installed",),
        severity="warn",
        cause="More than one CuPy package (for different CUDA versions, or pip's and conda's) is installed in this "
              "environment; they share one `cupy` folder, so the files that load may come from either.",
        advice=("Uninstall every CuPy package CuPy lists (`pip uninstall cupy-cuda12x cupy-cuda13x`, and `conda "
                "uninstall cupy` if conda installed one), then install only the one for the CUDA major version in "
                "use (e.g. `pip install cupy-cuda12x`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/gpustack/gpustack/issues/5459", "https://github.com/cupy/cupy/issues/3541",
                 "https://github.com/rapidsai-community/rapidsai-csp-utils/pull/138",
                 "https://docs.cupy.dev/en/stable/install.html"),
        checked="2026-11-26",
        examples=("cuda/gpustack-5459-cupy-cuda12x-cuda13x.txt", "cuda/rapidscsp-138-cupy-two-variants.txt"),
    ),
    Signature(
        code="cuda.runtime-headers-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # NVRTC's (and nvcc's front end's) words when a CUDA header a kernel includes is nowhere on its include path:
        # CuPy, Numba and other JIT users compile at run time and need the toolkit's include folder.
        patterns=(r"catastrophic error: cannot open source file \"(?P<header>(?:cuda_\w{1,24}|vector_\w{1,16}|"
                  r"crt/\w{1,24}|cuda|cuComplex|curand\w{0,16}|cublas\w{0,8}|cufft\w{0,4}|cusparse)\.hp{0,2})\"",),
        severity="fail",
        cause="A CUDA kernel compiled at run time (CuPy, Numba, NVRTC) includes {header}, and the CUDA headers are "
              "not where the compiler looks: the CUDA runtime headers of that version are not installed, or "
              "CUDA_PATH points elsewhere.",
        advice=("Install the CUDA runtime headers of the CUDA version in use: `pip install "
                "\"nvidia-cuda-runtime-cu12==12.4.*\"` (match the version to your CuPy/CUDA), or install the CUDA "
                "toolkit and set CUDA_PATH (CUDA_HOME) to it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/cupy/cupy/issues/8466", "https://github.com/cupy/cupy/issues/5202",
                 "https://docs.cupy.dev/en/stable/install.html"),
        checked="2026-11-26",
        examples=("cuda/cupy-8466-vector-types-h-nvidia-cuda-runtime.txt",),
    ),
    Signature(
        code="cuda.cublas-invalid-value-gemm",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # PyTorch's words when a cuBLAS GEMM call returns CUBLAS_STATUS_INVALID_VALUE. With valid shapes (PyTorch checks
        # them first) it is, in the threads, a cuBLAS other than the one PyTorch was built with: several CUDA versions on
        # the library path, a system CUDA ahead of the pip nvidia-cublas wheel, or a wheel of another CUDA.
        patterns=(r"CUBLAS_STATUS_INVALID_VALUE when calling `?(?P<call>cublas\w{4,40})\(",),
        severity="fail",
        cause="cuBLAS rejected PyTorch's {call} call as invalid: PyTorch is most likely running with a cuBLAS of another "
              "CUDA version than the one it was built for (several CUDA installs, LD_LIBRARY_PATH, a mismatched "
              "nvidia-cublas wheel).",
        advice=("Make PyTorch load the cuBLAS of its own CUDA version: compare `python -c \"import torch; "
                "print(torch.version.cuda)\"` with `pip list | grep nvidia-cublas`, remove other CUDA versions' lib "
                "folders from LD_LIBRARY_PATH, and reinstall PyTorch from the index of its CUDA version so its "
                "nvidia-* wheels match (`pip install --force-reinstall torch --index-url "
                "https://download.pytorch.org/whl/cu121`, with your cuXXX)."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=_NO_DRIVER_CHANGE + ("reseat the GPU",),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/205",
                 "https://github.com/huggingface/transformers/issues/21663", "https://github.com/pytorch/pytorch/issues/174949",
                 "https://github.com/hpcaitech/FastFold/issues/182"),
        checked="2026-11-26",
        examples=("cuda/bnb-205-gemmex-cublas-invalid-value-fp16.txt",),
    ),
    Signature(
        code="cuda.cmake-nvcc-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # CMake's own words when a project enables the CUDA language (CMakeDetermineCUDACompiler) or asks for the toolkit
        # (FindCUDAToolkit) and no nvcc is on PATH, in CUDAToolkit_ROOT or under /usr/local/cuda; llama.cpp with
        # GGML_CUDA=ON, llama-cpp-python's CMAKE_ARGS and other source builds print it.
        patterns=(r"\bFailed to find nvcc\.", r"Could not find nvcc, please set CUDAToolkit_ROOT",
                  r"Couldn't find CUDA library root"),
        severity="fail",
        cause="CMake found no CUDA compiler (nvcc) for this CUDA build: the CUDA toolkit is not installed, or not where "
              "CMake looks (PATH, CUDAToolkit_ROOT, /usr/local/cuda); the NVIDIA driver alone has no nvcc.",
        advice=("Install the CUDA toolkit (nvcc) of a version your driver supports, e.g. `sudo apt install "
                "cuda-toolkit-12-6` from NVIDIA's repository (or the distribution's nvidia-cuda-toolkit), then point "
                "CMake at it: `export PATH=/usr/local/cuda/bin:$PATH`, or pass "
                "`-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc` (`-DCUDAToolkit_ROOT=/usr/local/cuda`), and "
                "configure again from a clean build folder."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/gnina/gnina/issues/264", "https://github.com/abetlen/llama-cpp-python/issues/459",
                 "https://cmake.org/cmake/help/latest/module/FindCUDAToolkit.html"),
        checked="2026-11-26",
        examples=("cuda/gnina-264-cmake-failed-to-find-nvcc.txt",),
    ),
    Signature(
        code="cuda.cudnn-sublibrary-version-mismatch",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # cuDNN 9 is split into sublibraries (libcudnn_graph, _engines_*, _heuristic, _ops, _cnn, _adv) that check each
        # other's versions when loaded; CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH (cudnnStatus 4003 family) says they come
        # from different cuDNN releases: a pip wheel and a system or bundled cuDNN on one loader path.
        patterns=(r"CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",),
        severity="fail",
        cause="cuDNN's sublibraries were loaded from different cuDNN versions (a pip nvidia-cudnn wheel beside a system "
              "or application-bundled cuDNN, or an incomplete wheel), and cuDNN refuses to mix them.",
        advice=("Make every cuDNN library come from one cuDNN version: see where each loads from (`LD_DEBUG=libs python "
                "your_script.py 2>&1 | grep libcudnn`, or `ldconfig -p | grep libcudnn`), then uninstall or move the "
                "stray one off the loader path (unset LD_LIBRARY_PATH entries pointing at another cuDNN), or update "
                "the wheels together: `pip install -U nvidia-cudnn-cu12 nvidia-cuda-runtime-cu12` (cu13 for CUDA 13)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/mav-rik/facerestore_cf/issues/27", "https://github.com/koharu-rs/koharu/issues/694",
                 "https://github.com/pytorch/pytorch/issues/185512", "https://github.com/pytorch/pytorch/issues/188892"),
        checked="2026-11-26",
        examples=("cuda/facerestorecf-27-cropface-cudnn-sublibrary.txt", "cuda/koharu-694-system-cudnn-922-bundled-921.txt"),
    ),
    Signature(
        code="cuda.tensorrt-gpu-unsupported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # TensorRT's builder and runtime when the release has no kernels for this GPU's architecture: "Target GPU SM 120
        # is not supported by this TensorRT release." (8.6 and later) and "Unsupported SM" / "Unsupported SM: 0x601"
        # (trtSmToCask, 7.x to 10.x; 0x601 is SM 6.1). Either the GPU is newer than the release or older than it keeps.
        patterns=(r"Target GPU SM (?P<sm>\d{2,3}) is not supported by this TensorRT release",
                  r"Unsupported SM(?:\.|: 0x[0-9a-fA-F]{3,4}\b)"),
        severity="fail",
        cause="This TensorRT release has no kernels for this GPU's architecture: the GPU is newer than the release "
              "(Ampere before TensorRT 7.2, Ada before 8.5, Blackwell before 10.8) or older than it still supports "
              "(Kepler and Maxwell after 8.5, Pascal after 8.6, Volta after 10.4).",
        advice=("Use a TensorRT release that supports this GPU: for a new GPU upgrade TensorRT (and the CUDA it needs; "
                "RTX 50 / SM 120 needs TensorRT 10.8 or newer with CUDA 12.8, RTX 40 8.5 or newer), for an older GPU "
                "install an older TensorRT that still supports it (8.5 or 8.6 for Pascal, 10.4 for Volta, e.g. `pip "
                "install tensorrt==8.6.1`); `nvidia-smi --query-gpu=compute_cap --format=csv` shows the GPU's SM."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU hardware fault"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/NVIDIA/TensorRT/issues/2332", "https://github.com/NVIDIA/TensorRT/issues/3826",
                 "https://github.com/NVIDIA/TensorRT/issues/3589", "https://github.com/NVIDIA/TensorRT-LLM/issues/2400",
                 "https://github.com/DDTRobot/tita_rl_sim2sim2real/issues/7",
                 "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/support-matrix.html"),
        checked="2026-11-26",
        examples=("cuda/titarl-7-trt-target-gpu-sm120-unsupported.txt", "cuda/tensorrt-2332-unsupported-sm-a6000-trt7.txt",
                  "cuda/tensorrt-3826-unsupported-sm-0x601-trt10.txt"),
    ),
    Signature(
        code="cuda.xla-dnn-library-init-failed",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # XLA's words (JAX's CUDA plugin, TensorFlow with XLA) when cuDNN cannot be initialised: most often a cuDNN or
        # CUDA older than the one jaxlib was built for (XLA logs "Loaded runtime CuDNN library: X but source was compiled
        # with: Y" above it), less often no GPU memory left for cuDNN's handle (another process, preallocation).
        patterns=(r"DNN library initialization failed",),
        severity="fail",
        cause="XLA (JAX or TensorFlow) could not initialise cuDNN: the cuDNN or CUDA it found is not the one it was built "
              "for (usually older), or no GPU memory was left for cuDNN.",
        advice=("Read the lines above it: \"Loaded runtime CuDNN library: X but source was compiled with: Y\" means the "
                "cuDNN found is older than jaxlib needs. Install JAX with its own CUDA and cuDNN wheels in a fresh "
                "environment (`pip install -U \"jax[cuda12]\"`) and drop other CUDA/cuDNN folders from "
                "LD_LIBRARY_PATH; make sure the driver supports that CUDA (`nvidia-smi`); if instead the GPU is full, "
                "set XLA_PYTHON_CLIENT_PREALLOCATE=false or stop the other process."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/stat-ml/TTDE/issues/4", "https://github.com/jax-ml/jax/issues/16901",
                 "https://github.com/jax-ml/jax/issues/15361", "https://github.com/jthlab/phlash/issues/31",
                 "https://docs.jax.dev/en/latest/installation.html"),
        checked="2026-11-26",
        examples=("cuda/ttde-4-dnn-library-init-jax048-cuda11.txt",),
    ),
    Signature(
        code="cuda.tensorrt-engine-magic-tag",
        cause_id="tensorrt-engine-version-mismatch",
        kinds=("any",),
        # TensorRT 8+ reading a plan whose header it does not recognise at all: "Error Code 1: Serialization
        # (Serialization assertion magicTagRead == kMAGIC_TAG failed.Magic tag does not match)" (also "== magicTag",
        # and TensorRT 7's "verifyHeader: 0 (Magic tag does not match)"), then "Engine deserialization failed". The
        # plan was written by another TensorRT release or for another platform (an engine built on a PC loaded on a
        # Jetson), or the path is not a plan at all (the ONNX model, a truncated download or a Git LFS pointer).
        # TensorRT 10 words it "Trying to load an engine created with incompatible serialization version"; its bare
        # "plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed." is left alone (TensorRT's samples print and ignore it
        # while probing a weight-separated plan).
        patterns=(r"Serialization[^\n]{0,160}Magic tag does not match",
                  r"Trying to load an engine created with incompatible serialization version"),
        severity="fail",
        cause="TensorRT cannot read the engine file's header: it was serialised by another TensorRT release or on "
              "another platform (engines are not portable), or the file loaded is not a TensorRT engine at all.",
        advice=("Rebuild the engine here, with the TensorRT this program loads: convert the ONNX model on this "
                "machine (`trtexec --onnx=model.onnx --saveEngine=model.engine`, or delete the cached .engine/.plan "
                "so the program builds it again) instead of copying one built elsewhere, and check that the path "
                "given is the built engine, not the .onnx file or a partly downloaded one."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU model"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/open-mmlab/mmdeploy/issues/2639", "https://github.com/NVIDIA/TensorRT/issues/1596",
                 "https://github.com/lix19937/tensorrt-insight/issues/65"),
        checked="2026-11-26",
        examples=("cuda/mmdeploy-2639-trt-magic-tag-86-engine-on-82.txt",),
    ),
    Signature(
        code="cuda.numba-driver-library-wrong",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Numba's driver binding (numba/cuda/cudadrv/driver.py) opens the library NUMBA_CUDA_DRIVER (formerly
        # NUMBAPRO_CUDA_DRIVER) names, or the system's libcuda/nvcuda.dll, and looks up cuInit: "driver missing
        # function: cuInit. Requires CUDA 8.0 or above." The library it opened has no cuInit: nearly always the
        # variable names the CUDA runtime (libcudart.so, cudart64_*.dll) instead of the driver's libcuda.
        patterns=(r"driver missing function: cuInit\b",),
        severity="fail",
        cause="Numba opened a library without the CUDA driver API: NUMBA_CUDA_DRIVER / NUMBAPRO_CUDA_DRIVER names the "
              "CUDA runtime (libcudart) or another file instead of the driver's libcuda.",
        advice=("Unset NUMBA_CUDA_DRIVER and NUMBAPRO_CUDA_DRIVER so Numba finds the driver itself, or point it at the "
                "driver library: libcuda.so.1 (`ldconfig -p | grep libcuda`, e.g. /usr/lib/x86_64-linux-gnu/libcuda.so.1)"
                " on Linux, C:\\Windows\\System32\\nvcuda.dll on Windows, never libcudart; then `numba -s` lists the GPU."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver install"),
        never_suggest=_NO_DRIVER_CHANGE,
        sources=("https://github.com/numba/numba/issues/3963", "https://github.com/numba/numba/issues/2629",
                 "https://github.com/numba/numba/issues/4136"),
        checked="2026-11-26",
        examples=("cuda/numba-3963-driver-missing-cuinit-cudart-path.txt",
                  "cuda/numba-2629-cuinit-missing-numbapro-driver-cudart.txt"),
    ),
)
