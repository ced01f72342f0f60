"""Issue 25 (helper w25b): TensorFlow naming the CUDA library it could not load.

TensorFlow's dso_loader names each CUDA library it tries and fails to open ("Could not load dynamic library
'libcudart.so.11.0'; dlerror: ..."), then sums them up as "Cannot dlopen some GPU libraries". Both are cuda-library-missing (the taxonomy's
framework-libs-missing, which the held-out sets' harvesters gave TensorFlow's library loads, merged into it); this row reads the
named line and takes the place of frameworks.tf-cuda-libraries-missing's match on that line only, its advice naming
the library; the summary stays that row's. The driver's own libcuda.so.1 and Windows' nvcuda.dll (no CUDA package ships them),
TensorRT's optional libnvinfer, the Windows DLLs (frameworks.tf-windows-cuda-dll-not-found) and the CUDA 7-10
runtimes of TensorFlow 1.x (frameworks.tf-wants-older-cuda) have rows of their own.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TF_PIP = "https://www.tensorflow.org/install/pip#linux"
TF_TESTED_BUILDS = "https://www.tensorflow.org/install/source#gpu"  # TensorFlow release -> CUDA and cuDNN it was built for

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tf-named-cuda-library-not-loaded",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # dso_loader.cc (TF 2.x "Could not load dynamic library", 1.14 "Could not dlopen library"); the name carries
        # the CUDA (libcudart.so.11.0, libcublas.so.12) or cuDNN (libcudnn.so.8) major this TensorFlow was built for.
        patterns=(r"Could not (?:load dynamic|dlopen) library '(?!libnvinfer|libcuda\.so|nvcuda\.dll|[\w.-]{1,40}\.dll'"
                  r"|libcudart\.so\.(?:[7-9]|10)\.)(?P<library>[^'\n]{1,80})'; dlerror: ",
                  # TensorFlow 0.x-1.x's dso_loader.cc: "Couldn't open CUDA library libcudnn.so.5. LD_LIBRARY_PATH: ..." (w39d)
                  r"Couldn't open CUDA library (?!libcuda\.so)(?P<library>lib\w{1,20}\.so[\d.]{0,10}?)\.? {1,2}"
                  r"LD_LIBRARY_PATH:"),
        refines=("frameworks.tf-cuda-libraries-missing",), refines_within=0,
        severity="warn",  # TensorFlow prints it on hosts without a GPU too, where it is harmless
        cause=("TensorFlow could not load {library}, a CUDA library of the version it was built for (the number in "
               "the name is its CUDA or cuDNN major), so it skips the GPU."),
        advice=("Provide {library} of exactly the CUDA (or cuDNN) major its name carries, the one this TensorFlow was "
                "built for (tensorflow.org/install/source#gpu lists each release's CUDA and cuDNN): for TensorFlow 2.14 "
                "and later `pip install \"tensorflow[and-cuda]\"` of the same release brings the nvidia-*-cu12 wheels; "
                "with conda install the matching cudatoolkit and cudnn (`conda install -c conda-forge cudatoolkit=11.2 "
                "cudnn=8.1` for 2.5-2.11); then put the folder that holds the file on LD_LIBRARY_PATH "
                "(`export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH`, or the pip package's nvidia/*/lib "
                "folders). A CUDA of another major does not stand in for it: otherwise install the TensorFlow release "
                "built for the CUDA you have. Where the dlerror names another file than the one asked for, that "
                "dependency (libnvJitLink.so.12, libcublasLt) is the one to install."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/56413", "https://github.com/orpatashnik/StyleCLIP/issues/20",
                 "https://github.com/tensorflow/tensorflow/issues/62",
                 TF_PIP, TF_TESTED_BUILDS),
        checked="2026-11-27",
        examples=("frameworks/tf-56413-libcudart-in-conda-not-found.txt", "frameworks/styleclip-20-tf-wants-cuda10-libs.txt",
                  "frameworks/tensorflow-62-couldnt-open-libcudnn-so-5.txt"),
    ),
)
