"""CUDA, the machine itself: a paste whose other lines show that the machine has no NVIDIA GPU at all (an AMD or
Intel card, a Mac), where CUDA's and PyTorch's "no driver" and "no device" lines mean that, not a driver to fix
(rows of the cuda area, added to cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda_arch_builds import SIGNATURES as ARCH_BUILD_ROWS

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.no-nvidia-gpu-in-machine",
        # The symptoms an NVIDIA-less machine gives a CUDA program: PyTorch's "Found no NVIDIA driver" (the driver
        # rows), "No CUDA GPUs are available" and a CPU-only torch's "not compiled with CUDA". This row's line names a
        # GPU that is not NVIDIA's, so it says why, wherever in the paste the symptom is; nvidia-smi missing and Docker's
        # "could not select device driver" are the same absence.
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "frameworks.torch-cpu-build",
                 "kernel.nvidia-smi-missing", "containers.no-gpu-device-driver", "kernel.rm-init-adapter-failed",
                 "containers.cli-load-library-failed", "frameworks.jax-cpu-jaxlib"),
        refines_within=None,
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # Each pattern names a GPU a machine with an NVIDIA card rarely shows beside it: a discrete Radeon (not the
        # "Radeon(TM) Graphics", "Radeon 780M" or "Radeon 8060S" integrated GPUs of hybrid laptops), PyTorch's ROCm
        # build (its index or its "+rocm" version), an Intel Arc card, Apple silicon or macOS, or the person saying so.
        patterns=(
            r"(?P<gpu>Radeon(?:\(TM\))? (?:RX ?\d{3,4}|\d{3,4}(?![\dMSms])|Pro [A-Z]?\d{3,4}|VII\b|R[579] \d{3}|HD \d{4}))",
            r"(?:use|using|have|running|with|got) (?:an? )?(?P<gpu>AMD (?:GPU|card|graphics card|video card))",
            r"download\.pytorch\.org/whl/(?:nightly/)?(?P<gpu>rocm)\d",
            r"\btorch[ =:-]{1,30}\d+\.\d+(?:\.\d+)?\+(?P<gpu>rocm)\d",
            r"(?P<gpu>Intel(?:\(R\))? Arc(?:\(TM\))? [AB]\d{3}M?)", r"\[(?P<gpu>Arc [AB]\d{3}M?)\]",  # lspci: "DG2 [Arc A770]"
            r"(?P<gpu>Apple M[1-4](?: Pro| Max| Ultra)?)\b",
            r"\bOS: (?P<gpu>macOS \d{1,2}(?:\.\d{1,2})?)",  # PyTorch's collect_env on a Mac
            # an issue form's hardware list: "MacOS 12.5 M1 Pro chip", "MacBook Pro 2019"
            r"\b(?P<gpu>MacOS \d{1,2}(?:\.\d{1,2})?(?:\.\d{1,2})?,? (?:on |with )?(?:an? )?M[1-5](?: Pro| Max| Ultra)?)\b",
            r"\b(?P<gpu>macOS \d{1,2}(?:\.\d{1,2})?(?:\.\d{1,2})?,? (?:on |with )?(?:an? )?M[1-5](?: Pro| Max| Ultra)?)\b",
            r"\b(?P<gpu>Mac(?:Book|book)(?: Pro| Air)?,? \(?(?:20[12]\d|M[1-5])(?: Pro| Max)?)\b",
            # The person saying so: no NVIDIA card at all, or only the processor's integrated graphics (said, not read
            # from lspci: a hybrid laptop whose NVIDIA GPU is switched off shows only the Intel line there).
            r"(?P<gpu>don't have an? (?:dedicated |discrete )?(?:NVIDIA|[Nn]vidia) (?:GPU|graphics card|video card|card))"
            r"(?! driver)",
            r"(?P<gpu>doesn't have an? (?:dedicated |discrete )?(?:NVIDIA|[Nn]vidia) (?:GPU|graphics card|video card|card))"
            r"(?! driver)",
            r"(?:[Oo]nly|[Jj]ust) (?:have|has|got) (?:an? )?(?:integrated )?(?P<gpu>(?:Intel(?:\(R\))? (?:U?HD|Iris(?:\(R\))?"
            r"(?: Xe| Plus| Pro)?)|AMD Radeon(?:\(TM\))?) Graphics(?: \d{3,4})?)",
        ),
        severity="warn",
        cause="The paste shows a machine without an NVIDIA GPU (\"{gpu}\"): CUDA programs and the CUDA build of "
              "PyTorch look for an NVIDIA driver and GPU that this machine does not have, so no driver fix applies.",
        advice=("Confirm there is no NVIDIA GPU (`lspci | grep -i nvidia` prints nothing; on Windows, Device Manager's "
                "Display adapters). Then run the build for the GPU you have: for an AMD card the ROCm build of PyTorch "
                "(`pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/rocm6.3` on "
                "Linux, the app's AMD/ROCm or DirectML/ZLUDA option or image on Windows; in a container pass /dev/kfd "
                "and /dev/dri), for Intel Arc the XPU build, on a Mac the MPS device; otherwise run on the CPU "
                "(device 'cpu', no .cuda() calls, the app's --cpu flag), or use a machine with an NVIDIA GPU. A container "
                "started with `--gpus all`, `runtime: nvidia` or a compose `deploy.resources.reservations.devices` GPU "
                "entry cannot get a GPU here: remove that request or start the project's CPU variant (its CPU compose "
                "file, profile or setting, e.g. RUNTIME=cpu)."),
        action="configure",
        rules_out=("a missing or broken NVIDIA driver", "the CUDA toolkit"),
        never_suggest=("install the NVIDIA driver", "reinstall CUDA", "modprobe"),
        sources=("https://github.com/av/harbor/issues/173", "https://github.com/NVIDIA/k8s-device-plugin/issues/812",
                 "https://github.com/HAMM3REXTREME/ComfyUI-Installer/issues/6",
                 "https://pytorch.org/get-started/locally/",
                 "https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/35"),
        checked="2026-11-27",
        examples=("cuda/harbor-173-comfyui-amd-found-no-nvidia-driver.txt",
                  "cuda/k8sdp-812-amd-gpu-user-found-no-driver.txt",
                  "cuda/comfyinstaller-6-radeon-7900xt-no-nvidia-driver.txt",
                  "containers/sdwebuidocker-35-macos-m1-compose-nvidia-device.txt"),
    ),
)

# which PyTorch build a compute capability needs (cuda.py is at the house's line limit, so they join here)
SIGNATURES += ARCH_BUILD_ROWS
