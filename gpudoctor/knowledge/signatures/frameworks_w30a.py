"""Frameworks area, an ONNX Runtime build without the CUDA execution provider (issue #25, w30a).

ONNX Runtime's C API answers "CUDA execution provider is not enabled in this build." (TensorRT's the same way) when the
library the program loaded was compiled without that provider: the CPU package of a binding (PyPI onnxruntime, NuGet
Microsoft.ML.OnnxRuntime or Microsoft.ML.OnnxRuntimeGenAI), a third-party static library built for the CPU, or the Rust
ort crate's downloaded binaries where they carry no CUDA (every target but x86_64 Linux and Windows, or the `cuda`
feature missing from the build that chose the binaries). Every binding prints the same sentence, wrapped in its own
error type (ort::execution_providers, OnnxRuntimeGenAIException, OnnxRuntimeException, Ort::Exception)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ORT_EPS = "https://ort.pyke.io/perf/execution-providers"
ORT_BUILD_EPS = "https://onnxruntime.ai/docs/build/eps.html#cuda"
ORT_INSTALL = "https://onnxruntime.ai/docs/install/"

# Which ort (pykeio/ort) download-strategy binaries carry the CUDA and TensorRT providers, by target. Source: ort's
# execution-provider page (ORT_EPS) and its maintainer in pykeio/ort#479 (aarch64 needs a source build). Checked
# 2026-11-27, ort 2.0.0-rc.10 (ONNX Runtime 1.22).
ORT_PREBUILT_CUDA: tuple[tuple[str, str], ...] = (
    ("x86_64-unknown-linux-gnu", "CUDA and TensorRT binaries, chosen when the `cuda`/`tensorrt` feature is on"),
    ("x86_64-pc-windows-msvc", "CUDA and TensorRT binaries, chosen when the `cuda`/`tensorrt` feature is on"),
    ("aarch64 Linux (Jetson, Grace)", "none: build ONNX Runtime with --use_cuda and link it (ORT_LIB_LOCATION)"),
    ("macOS, other targets", "none"),
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.onnxruntime-provider-not-in-build",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # onnxruntime/core/session/provider_registration.cc (and the provider stubs of a build without it): the
        # provider was asked for through the C API of a library compiled without it. Seen from Rust ort ("An error
        # occurred when attempting to register `CUDAExecutionProvider`: ..."; "GenericFailure, msg: ..."), C# / NuGet
        # (OnnxRuntimeGenAIException, "[ErrorCode:Fail] ..."), C++ and static third-party builds alike.
        patterns=(r"(?P<provider>CUDA|TensorRT|cuDNN|NV TensorRT RTX) execution provider is not enabled in this build",),
        severity="fail",
        cause=("The ONNX Runtime library this program loaded was built without the {provider} execution provider "
               "(the CPU package of its binding, a CPU-only static library, or prebuilt binaries that carry no "
               "{provider} for this platform), so asking for it fails and the session runs on the CPU or not at all."),
        advice=("Load an ONNX Runtime built with {provider}: Python `pip uninstall -y onnxruntime` then `pip install "
                "onnxruntime-gpu`; C#/NuGet reference Microsoft.ML.OnnxRuntime.Gpu (GenAI: "
                "Microsoft.ML.OnnxRuntimeGenAI.Cuda) instead of the CPU package; Rust ort: enable the `cuda` feature "
                "and `cargo clean` so the CUDA binaries are downloaded (x86_64 Linux/Windows only); on Jetson/aarch64 or "
                "with a CPU-only static library build ONNX Runtime from source with `--use_cuda` (and `--build_shared_lib`) and point "
                "ort at it with ORT_LIB_LOCATION (or the load-dynamic feature and ORT_DYLIB_PATH). Then check that the "
                "available providers list {provider}ExecutionProvider; the driver is not at fault."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=tuple(f"ort prebuilt {target}: {carries}" for target, carries in ORT_PREBUILT_CUDA),
        sources=("https://github.com/pykeio/ort/issues/479", "https://github.com/microsoft/onnxruntime-genai/issues/1191",
                 "https://github.com/Lyrcaxis/KokoroSharp/issues/18", "https://github.com/asus4/onnxruntime-unity/issues/17",
                 "https://github.com/pykeio/ort/issues/281", "https://github.com/microsoft/onnxruntime/issues/13542",
                 ORT_EPS, ORT_BUILD_EPS, ORT_INSTALL),
        checked="2026-11-27",
        examples=("frameworks/ort-479-cuda-ep-not-enabled-jetson.txt",
                  "frameworks/ortgenai-1191-csharp-cuda-ep-not-enabled.txt",
                  "frameworks/kokorosharp-18-nuget-cpu-package-cuda-ep-not-enabled.txt",
                  "frameworks/onnxruntime-unity-17-cuda-ep-not-enabled-cpu-package.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-own-library-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # ONNX Runtime's own shared libraries, not CUDA's: the provider bridge (libonnxruntime_providers_shared.so,
        # provider_bridge_ort.cc's Ensure) that the CUDA and TensorRT providers need, and libonnxruntime.so itself for
        # a program linked against it dynamically (ort's cuda/tensorrt features link it so). They ship beside
        # libonnxruntime (Python wheel, NuGet runtimes/, release tarball's lib/, ort's copy into target/), and the loader
        # finds them only there or on its search path. A CUDA library named after "with error:" is
        # frameworks.onnxruntime-gpu-cuda-major-mismatch's and the cuDNN rows'.
        patterns=(r"Failed to load library (?:\./)?(?P<library>libonnxruntime_providers_shared\.so) with error: "
                  r"[^\n]{0,80}cannot open shared object file",
                  r"error while loading shared libraries: (?P<library>libonnxruntime\.so(?:\.[\d.]{1,12})?): "
                  r"cannot open shared object file"),
        severity="fail",
        cause=("The dynamic loader cannot find ONNX Runtime's own library {library}: the program was linked or "
               "installed without it where the loader looks (beside libonnxruntime, the program's rpath or "
               "LD_LIBRARY_PATH), so ONNX Runtime (or its CUDA/TensorRT provider) cannot start; CUDA is not at fault."),
        advice=("Put ONNX Runtime's libraries where the loader finds them: keep libonnxruntime.so, "
                "libonnxruntime_providers_shared.so and libonnxruntime_providers_cuda.so together in one directory. "
                "Rust ort: follow its dynamic-linking setup, an rpath of $ORIGIN for the binary (`rustflags = "
                "[\"-Clink-args=-Wl,-rpath,\\$ORIGIN\"]` in .cargo/config.toml) with the copied libraries beside it, or the "
                "load-dynamic feature with ORT_DYLIB_PATH; C/C++ with the release tarball: add its lib/ to the rpath "
                "or LD_LIBRARY_PATH; Python or NuGet: reinstall onnxruntime-gpu / Microsoft.ML.OnnxRuntime.Gpu so the "
                "package's files are complete (`ls $(python -c \"import onnxruntime,os;print(os.path.dirname("
                "onnxruntime.__file__))\")/capi`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/pykeio/ort/issues/429", "https://github.com/pykeio/ort/issues/196",
                 "https://ort.pyke.io/setup/linking#dynamic-linking", ORT_BUILD_EPS),
        checked="2026-11-27",
        examples=("frameworks/ort-429-providers-shared-not-found-rpath.txt",
                  "frameworks/pykeio-ort-196-binary-cannot-load-libonnxruntime.txt"),
    ),
)
