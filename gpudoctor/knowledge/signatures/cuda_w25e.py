"""Issue 25 (helper w25e): CUDA libraries missing on an NVIDIA Jetson.

On a Jetson the CUDA, cuDNN and TensorRT libraries are not pip or CUDA-toolkit downloads: they come with the board's
JetPack release (the nvidia-jetpack apt meta-package: nvidia-cuda, nvidia-cudnn8, nvidia-tensorrt), and each JetPack
carries one version of each (JetPack 4.4: CUDA 10.2; 5.x: CUDA 11.4; 6.x: CUDA 12.2 and later). A program, wheel or
image built for another JetPack asks for another soname (libcudart.so.10.0 on JetPack 4.4's CUDA 10.2) and the loader
finds none; a board flashed without the JetPack components has none at all; and in a container on JetPack 4 (L4T R32)
the libraries are mounted from the host only by the NVIDIA runtime (`--runtime nvidia`). The generic readings
(cuda.runtime-library-missing and its kin: install the CUDA toolkit or nvidia-*-cu wheels) do not fit there.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

JETPACK_DOCS = "https://docs.nvidia.com/jetson/jetpack/install-setup/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.jetson-jetpack-library-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The loader's "cannot open shared object file" for a CUDA, cuDNN or TensorRT library, in a text that shows
        # a Jetson (gpudoctor/knowledge/contexts.py).
        # The generic rows' own patterns (cuda.runtime-library-missing, cuda.extension-built-for-other-cuda,
        # cuda.cudnn-so-not-found), read here in the jetson context.
        patterns=(
            r"(?<!dlerror: )(?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|cudnn|nvrtc|"
            r"nvrtc-builtins|nvJitLink|nvinfer|nvinfer_plugin|nvonnxparser|nvparsers)(?:_\w{1,20})?\.so\.\d{1,3}"
            r"[.\d]{0,8}):? cannot open shared object file",
            r"(?:ImportError|OSError): (?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|"
            r"nvrtc|nvJitLink|nvToolsExt)\.so\.(?P<major>\d{1,2})[.\d]{0,8}): cannot open shared object file",
            r"(?:ImportError|OSError): \[[^\]\n]{1,80}\] (?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|"
            r"cusparse|cusolver|nvrtc|nvJitLink|nvToolsExt)\.so\.(?P<major>\d{1,2})[.\d]{0,8}): cannot open "
            r"shared object file",
            r"(?<!dlerror: )(?<!\. Error: )(?<!handle=0 error: )(?P<library>libcudnn(?:_\w{1,30})?\.so\."
            r"(?P<major>\d{1,2})[.\d]{0,8}): cannot open shared object file",
        ),
        contexts=("jetson",),
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "cuda.extension-built-for-other-cuda", "cuda.cudnn-so-not-found"),
        severity="fail",
        cause=("On this Jetson the loader finds no {library}: the CUDA, cuDNN and TensorRT libraries come from the "
               "board's JetPack release, which lacks them or carries another version than the program was built for."),
        advice=("Check the board's release (`cat /etc/nv_tegra_release`: L4T R32 is JetPack 4, R35 JetPack 5, R36 "
                "JetPack 6; `apt show nvidia-jetpack`) and what it carries (`ls /usr/local/cuda/lib64`). If the library "
                "is absent, install the JetPack components: `sudo apt install nvidia-jetpack` (or its parts: nvidia-cuda, "
                "nvidia-cudnn8 or nvidia-cudnn, nvidia-tensorrt). If another version is installed, the program, wheel or image was "
                "built for another JetPack: use or rebuild one for this JetPack (NVIDIA's Jetson wheels for this "
                "JetPack, a jetson-containers or l4t image whose rNN.N tag matches the L4T release), or flash the "
                "JetPack it was built for; the CUDA toolkit and nvidia-*-cu wheels of x86 and server ARM do not run "
                "here. In a container on JetPack 4 (L4T R32) start it with `--runtime nvidia`, which mounts the host's "
                "CUDA, cuDNN and TensorRT into it."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("update the driver", "reinstall the driver", "install the CUDA toolkit from developer.nvidia.com"),
        sources=("https://github.com/opendatacam/opendatacam/issues/214",
                 "https://github.com/dusty-nv/jetson-containers/issues/222", JETPACK_DOCS),
        checked="2026-11-27",
        examples=("cuda/opendatacam-214-jetpack44-darknet-libcudart-10-0.txt",),
    ),
)
