"""Issue 25, w46b: framework families that fresh 2025-2026 threads showed the catalogue did not read.

Isaac Sim 5.1 on drivers newer than its validated branch. Isaac Sim 5.1 (Kit 107) is validated with the R580 driver
branch (580.65.06 on Linux, 580.88 on Windows). On R590, 595 and 610 drivers it reaches "app ready", finds the GPU, and a
few seconds later its RTX renderer crashes inside the scene database plugin: the crash reporter's frames name
rtx.scenedb.plugin.dll / librtx.scenedb.plugin.so (carbOnPluginStartup+0x...), beside libcarb.scenerenderer-rtx and
libomni.hydra.rtx, in GUI and often in headless runs, on Windows and Linux alike. Reinstalling Isaac Sim, conda or Docker
does not change it; the 580 branch (580.159.03 and other 580.x point releases included) or Isaac Sim 6.0, which supports
the newer branches, does (isaac-sim/IsaacSim#537: works again on 580; the HuRo project's preflight refuses 5.1 with a
driver of 590 or newer for the same reason). A scene-database line that is not a crash frame ("[rtx.scenedb.plugin]
Failed to create nrend renderer", the nrend renderer without Blackwell code) is another cause and is left alone.

TensorFlow's generated kernels on a GPU its build lacks. TensorFlow's MLIR-generated element-wise kernels (kernel_gen)
are loaded by tf_gpu_runtime_wrappers.cc with cuModuleLoadData; on a GPU whose compute capability the build has no cubin
for, and whose PTX the driver cannot turn into code for it, that fails with CUDA_ERROR_INVALID_PTX, then
cuModuleGetFunction and cuLaunchKernel with CUDA_ERROR_INVALID_HANDLE. The 2025-2026 threads are the pip wheels
(2.16-2.20) and the tensorflow/serving GPU images (built with CUDA 12.2) on Blackwell GPUs (compute capability 12.0):
the generic readings of those lines (a PTX toolchain newer than the driver, a program's invalid handle) send people to
the driver or to CUDA_VISIBLE_DEVICES, while the fix is a TensorFlow built for the GPU (NVIDIA's NGC container, or a
source build with CUDA 12.8+ and 12.0 in TF_CUDA_COMPUTE_CAPABILITIES).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

ISAAC_SIM_REQUIREMENTS = "https://docs.isaacsim.omniverse.nvidia.com/5.1.0/installation/requirements.html"
OMNIVERSE_DRIVERS = "https://docs.omniverse.nvidia.com/dev-guide/latest/common/technical-requirements.html"
TF_NGC = "https://docs.nvidia.com/deeplearning/frameworks/tensorflow-release-notes/index.html"
TF_SOURCE_GPU = "https://www.tensorflow.org/install/source#gpu"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.isaacsim-renderer-crash-newer-driver",
        cause_id="library-predates-driver",
        kinds=("any",),
        # Kit's crash reporter frames (carb.crashreporter-breakpad): "000: rtx.scenedb.plugin.dll!carbOnPluginStartup+0x252db"
        # on Windows, "004: librtx.scenedb.plugin.so!carbOnPluginStartup+0x3b4de" or "librtx.scenedb.plugin.so!std::vector<"
        # on Linux. The logger's own tag "[rtx.scenedb.plugin] ..." (no "!" frame) is not a crash frame.
        patterns=(r"\b(?:lib)?rtx\.scenedb\.plugin\.(?:dll|so)!(?:carbOnPluginStartup|std::|0x|\+0x)",),
        severity="fail",
        cause=("Isaac Sim's RTX renderer crashed at start inside its scene database plugin (rtx.scenedb.plugin): Isaac "
               "Sim 5.1 (Kit 107) crashes there on NVIDIA drivers newer than the 580 branch it is validated with "
               "(R590, 595, 610), a few seconds after \"app ready\", in GUI and often in headless runs; the GPU and "
               "the installation are fine."),
        advice=("Check the driver version (`nvidia-smi`); on 590 or newer, install the validated 580 branch: on Linux "
                "580.65.06 or a later 580.x (`sudo apt install nvidia-driver-580-open`, or the .run installer from "
                "NVIDIA's driver archive), on Windows 580.88 (or 581.42, the R580 production driver for Blackwell); "
                "or move to Isaac Sim 6.0, which runs on the newer drivers. Reinstalling Isaac Sim, its pip or conda "
                "environment or Docker image does not help."),
        action="configure",
        rules_out=("the GPU's health", "the Isaac Sim installation"),
        never_suggest=("reinstall Isaac Sim", "disable IOMMU"),
        versions=("Isaac Sim 5.1 (Kit 107): validated with R580; crashes on R590/595/610", "Isaac Sim 6.0 runs on R595"),
        sources=("https://github.com/isaac-sim/IsaacSim/issues/537", "https://github.com/3587jjh/HuRo/pull/2",
                 ISAAC_SIM_REQUIREMENTS, OMNIVERSE_DRIVERS),
        checked=CHECKED,
        examples=("frameworks/isaacsim-537-driver-595-scenedb-crash-works-580.txt",
                  "frameworks/huro-2-isaacsim51-driver-595-scenedb-segfault.txt"),
        # "after updating the NVIDIA driver to 595" reads as an update without a reboot; the crash frame says which
        refines=("kernel.driver-updated-without-reboot",), refines_within=None,
    ),
    Signature(
        code="frameworks.tensorflow-kernelgen-no-code-for-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc: the generated kernel's module, then its
        # function, for this GPU
        patterns=(r"tf_gpu_runtime_wrappers\.cc:\d{1,5}\] 'cuModule(?:LoadData|GetFunction)\([^\n]{0,80}\)' failed with "
                  r"'(?P<error>CUDA_ERROR_INVALID_PTX|CUDA_ERROR_INVALID_HANDLE|CUDA_ERROR_INVALID_IMAGE|"
                  r"CUDA_ERROR_NO_BINARY_FOR_GPU)'",),
        severity="fail",
        cause=("TensorFlow's generated GPU kernels cannot be loaded on this GPU ({error}): the TensorFlow build has no "
               "code for the GPU's compute capability and its PTX cannot be compiled for it. This is the pip wheels "
               "(2.16-2.20) and the tensorflow/serving GPU images (CUDA 12.2) on Blackwell GPUs (RTX 50, RTX PRO "
               "Blackwell; compute capability 12.0), whose builds stop at 9.0; the driver is not the problem."),
        advice=("Run a TensorFlow built for this GPU: NVIDIA's NGC TensorFlow container (nvcr.io/nvidia/tensorflow, "
                "25.02-tf2-py3 or later, built with CUDA 12.8+), or build TensorFlow (or tensorflow_model_server) from "
                "source with CUDA 12.8 or newer and 12.0 in TF_CUDA_COMPUTE_CAPABILITIES; a newer or older driver does "
                "not help, and `python -c \"import tensorflow as tf; print(tf.sysconfig.get_build_info())\"` shows the "
                "CUDA a build was made with."),
        action="configure",
        rules_out=("the driver", "the program's own multi-GPU code"),
        never_suggest=("update the driver", "reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        versions=("TensorFlow 2.16-2.20 pip wheels and tensorflow/serving 2.19 GPU images: no compute capability 12.0",),
        sources=("https://github.com/tensorflow/serving/issues/4112", TF_NGC, TF_SOURCE_GPU),
        checked=CHECKED,
        examples=("frameworks/tfserving-4112-rtx5090d-image-cuda122-invalid-ptx.txt",),
        # the same failure's other lines: the PTX the driver refused, the handles that then were never made
        refines=("cuda.ptx-toolchain-too-new", "cuda.invalid-resource-handle"), refines_within=None,
    ),
)
