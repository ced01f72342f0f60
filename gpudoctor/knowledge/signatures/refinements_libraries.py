"""Generic lines read for what they name, where that changes the next step: a "library not found" line naming the NVIDIA
driver's own libcuda.so.1, which no CUDA toolkit, pip or conda package ships (the driver's library must be made visible,
not CUDA's installed), and Ollama's runner exit naming Windows' C++ exception code (a driver too old for the release).
Joined into refinements.SIGNATURES; codes keep the area of their cause."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.tf-driver-libcuda-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # TensorFlow's dso_loader (2.x: "Could not load dynamic library", 1.14: "Could not dlopen library", 1.x before:
        # "Couldn't open CUDA library") when the library it opens is the driver's libcuda.so.1.
        patterns=(r"Could not (?:load dynamic|dlopen) library 'libcuda\.so\.1'; dlerror: ",
                  r"Couldn't open CUDA library libcuda\.so\.1\b"),
        refines=("frameworks.tf-cuda-libraries-missing",), refines_within=0,
        severity="warn",
        cause="TensorFlow could not load libcuda.so.1, the NVIDIA driver's own library (no CUDA toolkit or pip package "
              "ships it), so it runs without the GPU: no NVIDIA driver is visible to this program.",
        advice=("Make the NVIDIA driver's libcuda.so.1 visible: `nvidia-smi` must work here first (no driver: install "
                "it); in a container start it with the GPUs (`docker run --gpus all`); with Nix on a host that is not "
                "NixOS run the program through nixGL (on NixOS: /run/opengl-driver/lib); otherwise add the folder that "
                "holds the driver's libcuda.so.1 (`ldconfig -p | grep libcuda`) to LD_LIBRARY_PATH. On a machine "
                "without an NVIDIA GPU the warning is harmless."),
        action="configure",
        rules_out=("TensorFlow's CUDA libraries",),
        never_suggest=("tensorflow[and-cuda]", "install the CUDA toolkit", "install cudnn"),
        sources=("https://github.com/NixOS/nixpkgs/issues/127329", "https://github.com/tensorflow/tensorflow/issues/10642",
                 "https://www.tensorflow.org/install/pip#linux"),
        checked="2026-11-26",
        examples=("frameworks/nixpkgs-127329-tf-nix-libcuda-so1-not-found.txt",),
    ),
    Signature(
        code="ollama.runner-cpp-exception-driver-old",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # Windows' NTSTATUS for an unhandled C++ exception (0xe06d7363, "msc" in ASCII), as Ollama reports the runner's
        # exit: at start-up, after an Ollama update, it is the CUDA backend failing on a driver older than it needs.
        patterns=(r"exit status 0xe06d7363\b",),
        refines=("ollama.runner-terminated",), refines_within=0,
        severity="fail",
        cause="Ollama's runner died on an unhandled C++ exception (Windows' 0xe06d7363) while starting: most often the "
              "NVIDIA driver is older than this Ollama release's CUDA build needs (new releases drop old drivers).",
        advice=("Update the NVIDIA driver first (nvidia.com's current Game Ready or Studio driver; `nvidia-smi` shows the "
                "Driver Version), then start the model again; if the driver is current, update Ollama, and send the "
                "server log (%LOCALAPPDATA%\\Ollama\\server.log) to Ollama's tracker if it still fails."),
        action="configure",
        rules_out=("the model file",),
        never_suggest=("re-pull the model", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/16645",
                 "https://learn.microsoft.com/en-us/troubleshoot/developer/visualstudio/cpp/libraries/c-exception-handling"),
        checked="2026-11-26",
        examples=("ollama/ollama-16645-windows-0xe06d7363-driver-too-old.txt",),
    ),
)
