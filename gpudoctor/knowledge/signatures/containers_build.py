"""What building an image (or any CUDA extension where no GPU is visible) fails on: the build asks a GPU it cannot
see (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CPP_EXTENSION_SOURCE = "https://github.com/pytorch/pytorch/blob/main/torch/utils/cpp_extension.py"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.extension-build-no-gpu-arch",
        cause_id="gpu-at-build-time",
        kinds=("any",),
        # torch.utils.cpp_extension._get_cuda_arch_flags: with TORCH_CUDA_ARCH_LIST unset it compiles for the
        # architectures of the visible GPUs, and with none visible (a docker build step, a CPU-only build machine) its
        # empty list fails on the line that adds PTX to the last one. The source line is what the traceback prints.
        patterns=(r"arch_list\[-1\] \+= ['\"]\+PTX['\"]",),
        severity="fail",
        cause="A PyTorch CUDA extension was compiled where no GPU is visible (a `docker build` step, a machine or CI "
              "runner without a GPU) and TORCH_CUDA_ARCH_LIST was not set, so PyTorch found no GPU architecture to "
              "compile for.",
        advice=("Name the GPU architectures to compile for instead of asking the GPU: set TORCH_CUDA_ARCH_LIST before "
                "the build (in a Dockerfile `ENV TORCH_CUDA_ARCH_LIST=\"7.5;8.0;8.6;8.9+PTX\"`, or pass it with "
                "`--build-arg`; on a shell `export TORCH_CUDA_ARCH_LIST=8.6` for an RTX 30, 8.9 for an RTX 40), then "
                "build again. If this machine does have a GPU, PyTorch does not see it: check `nvidia-smi` and "
                "`python -c \"import torch; print(torch.cuda.is_available())\"` first."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/hirotomusiker/CLRerNet/issues/4", "https://github.com/mlcommons/training/issues/690",
                 "https://github.com/pytorch/pytorch/issues/28955", CPP_EXTENSION_SOURCE),
        checked="2026-11-26",
        examples=("containers/clrernet-4-build-arch-list-ptx-indexerror.txt",
                  "containers/mlcommons-690-docker-build-arch-list-index-error.txt"),
    ),
    Signature(
        code="containers.build-step-sees-no-gpu",
        cause_id="gpu-at-build-time",
        kinds=("any",),
        # The generic no-GPU answers (PyTorch's, CUDA's, deviceQuery's, nvidia-smi's, the shell's, the loader's), in a
        # text that shows an image build (the docker-build context: the legacy builder's "Step 5/9 : RUN" output has
        # no prefix on the step's lines, so containers.gpu-needed-at-build's prefixed patterns cannot tell them from a
        # host's): there they are the build step's, which has no GPU, not a broken driver.
        patterns=(r"Found no NVIDIA driver on your system", r"RuntimeError: No CUDA GPUs are available",
                  r"no CUDA-capable device is detected", r"CUDA_ERROR_NO_DEVICE", r"cudaErrorNoDevice",
                  r"CUDA driver version is insufficient for CUDA runtime version", r"cudaErrorInsufficientDriver",
                  r"Torch is not able to use GPU; add --skip-torch-cuda-test",
                  r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
                  r"\bnvidia-smi: command not found", r"/bin/sh: (?:\d{1,4}: )?nvidia-smi: not found",
                  r"(?<!dlerror: )(?<!load library failed: )libcuda\.so\.1: cannot open shared object file"),
        contexts=("docker-build",),
        refines=("cuda.driver-insufficient", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded", "kernel.nvidia-smi-missing",
                 "frameworks.app-finds-torch-without-cuda", "cuda.libcuda-so1-missing"),
        severity="fail",
        cause="A step of the image build needs the GPU, but `docker build` RUN steps have no GPU: the NVIDIA runtime "
              "injects the driver's libraries and tools only into running containers, so the step finds no driver "
              "(the host's driver is not the problem).",
        advice=("Take GPU checks and GPU work out of the Dockerfile's RUN steps: build CUDA code without a GPU by naming "
                "the architectures (TORCH_CUDA_ARCH_LIST=\"8.6;8.9+PTX\", CMAKE_CUDA_ARCHITECTURES), and load models or "
                "run `nvidia-smi` when the container starts with `docker run --gpus all <image>` (or in the entrypoint); "
                "where a build step truly needs the GPU, build with the legacy builder (`DOCKER_BUILDKIT=0 docker build "
                ".`) after making nvidia Docker's default runtime (\"default-runtime\": \"nvidia\" in "
                "/etc/docker/daemon.json, then `sudo systemctl restart docker`)."),
        action="configure",
        rules_out=("the host's driver", "the container toolkit"),
        never_suggest=("reinstall the driver", "install the driver inside the container", "install nvidia-smi in the image"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/221",
                 "https://github.com/NVIDIA/nvidia-container-runtime/issues/153",
                 "https://github.com/yuh-zha/AlignScore/issues/19"),
        checked="2026-11-26",
        examples=("containers/alignscore-19-found-no-driver-during-docker-build.txt",),
    ),
)
