"""NVML and the CUDA runtime and driver API: what libcuda, libcudart and NVML report, in any program."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature, cuda_r15a as _LLM, cuda_s16c as _S16C
from gpudoctor.knowledge.signatures.cuda_compat import SIGNATURES as COMPAT_ROWS
from gpudoctor.knowledge.signatures.cuda_discovery import SIGNATURES as DISCOVERY_ROWS
from gpudoctor.knowledge.signatures.cuda_fabric import SIGNATURES as FABRIC_ROWS
from gpudoctor.knowledge.signatures.cuda_hosts import SIGNATURES as HOST_ROWS
from gpudoctor.knowledge.signatures.cuda_installers import SIGNATURES as INSTALLER_ROWS
from gpudoctor.knowledge.signatures.cuda_kernels import SIGNATURES as KERNEL_FAULT_ROWS
from gpudoctor.knowledge.signatures.cuda_libraries import SIGNATURES as LIBRARY_ROWS
from gpudoctor.knowledge.signatures.cuda_meta_packages import SIGNATURES as META_PACKAGE_ROWS
from gpudoctor.knowledge.signatures.cuda_multi_gpu import SIGNATURES as MULTI_GPU_ROWS
from gpudoctor.knowledge.signatures.cuda_p15k import SIGNATURES as DESCRIBED_ROWS
from gpudoctor.knowledge.signatures.cuda_packages import SIGNATURES as PACKAGE_ROWS
from gpudoctor.knowledge.signatures.cuda_runtime_faults import SIGNATURES as RUNTIME_FAULT_ROWS
from gpudoctor.knowledge.signatures.cuda_tools import SIGNATURES as TOOL_ROWS
from gpudoctor.knowledge.signatures.cuda_video import SIGNATURES as VIDEO_ROWS
from gpudoctor.knowledge.driver_support import PTX_DRIVERS
from gpudoctor.knowledge.signatures.cuda_driver_advice import DRIVER_INSUFFICIENT_ADVICE


SIGNATURES: tuple[Signature, ...] = ()

# -- Rows written from the training corpus (cuda area) -----------------------------------------------------
RUNTIME_ERRORS = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"
DRIVER_ERRORS = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"
COMPATIBILITY = "https://docs.nvidia.com/deploy/cuda-compatibility/"
PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"

SIGNATURES += (
    Signature(
        code="cuda.driver-insufficient",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cudaErrorInsufficientDriver (35): the runtime's own words, printed by every CUDA program.
        patterns=(r"CUDA driver version is insufficient for CUDA runtime version", r"cudaErrorInsufficientDriver", r"CUDA_ERROR_INSUFFICIENT_DRIVER", r"cudaGetDeviceCount returned 35\b"),
        severity="fail",
        cause="The NVIDIA driver is older than the CUDA runtime the program was built with.",
        advice=DRIVER_INSUFFICIENT_ADVICE,  # with the driver floor of each CUDA family (cuda_driver_advice.py)
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("downgrade the driver", "set CUDA_VISIBLE_DEVICES", "install the CPU build of PyTorch"),
        sources=("https://github.com/uzh-rpg/rpg_open_remode/issues/9", "https://github.com/BobLiu20/YOLOv3_PyTorch/issues/12",
                 COMPATIBILITY),
        checked="2026-11-25",
        examples=("cuda/rpgopenremode-9-cudagetdevicecount-insufficient.txt", "cuda/yolov3pytorch-12-cuda-runtime-error-35.txt"),
    ),
    Signature(
        code="cuda.torch-driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # PyTorch's check of cudaDriverGetVersion (found: 1000 * major + 10 * minor); titles quote it without the number.
        patterns=(r"The NVIDIA driver on your system is too old(?: \(found version (?P<found>\d{4,6})\))?",),
        severity="fail",
        cause="The NVIDIA driver supports an older CUDA than the one this PyTorch was built for (PyTorch's found "
              "version, where shown, is 1000 x major + 10 x minor); PyTorch falls back to the CPU or stops.",
        advice=("Update the NVIDIA driver to a newer release that supports the CUDA of your PyTorch "
                "(`python -c \"import torch; print(torch.version.cuda)\"`; CUDA 12.x needs R525 or newer, R535 is a "
                "common choice), or install a PyTorch build compiled for the CUDA your driver supports (pip's cuNNN index; in a "
                "conda environment `conda install pytorch pytorch-cuda=11.8 -c pytorch -c nvidia`, or cudatoolkit=N for old builds)."),
        action="configure", never_suggest=("set CUDA_VISIBLE_DEVICES", "install the CPU build of PyTorch", "reinstall the CUDA toolkit"),
        sources=("https://github.com/wuhuikai/FastFCN/issues/37", "https://github.com/ultralytics/yolov5/issues/2389",
                 "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65", COMPATIBILITY),
        checked="2026-11-25",
        examples=("cuda/fastfcn-37-assertion-driver-too-old-9000.txt", "cuda/yolov5-2389-driver-too-old-falls-back-cpu.txt",
                  "cuda/yuan2-65-container-cuda121-driver-11000.txt"),
    ),
    Signature(
        code="cuda.forward-compat-unsupported",
        cause_id="cuda-compat-mismatch",
        kinds=("any",),
        # Error 804, CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: the cuda-compat libcuda loaded on a GPU it does not
        # serve (forward compatibility is for data-center GPUs only).
        # (Error 803 is cuda.driver-combination-unsupported's: as often an update without reboot as a cuda-compat.)
        patterns=(r"forward compatibility was attempted on non supported HW",
                  r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", r"cudaErrorCompatNotSupportedOnDevice", r"cudaGetDeviceCount returned 804\b"),
        severity="fail",
        cause="The program's CUDA is newer than the host driver, and CUDA's forward-compatibility library (cuda-compat) "
              "cannot bridge the gap here: it serves only data-center GPUs, and only with a matching kernel module.",
        advice=("Compare the host's `nvidia-smi` \"CUDA Version\" (top right: the newest CUDA the driver supports) with "
                "the image's or the program's CUDA, then update the host NVIDIA driver to a release that supports that "
                "CUDA natively (the 550 branch or newer for CUDA 12.4, R570 for 12.8; Windows and WSL: the Windows "
                "driver from nvidia.com) and reboot (an update without a reboot gives the same error), or run an older "
                "image built for the CUDA your driver supports (on a GeForce or RTX card no compat package bridges it: "
                "forward compatibility serves data-center GPUs); a compat libcuda on LD_LIBRARY_PATH that does not fit "
                "this driver must go."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("add --ipc=host", "raise --shm-size", "change tensor-parallel-size", "reinstall the CUDA toolkit"),
        sources=("https://github.com/vllm-project/vllm/issues/4940", "https://github.com/oobabooga/textgen/issues/4407",
                 "https://github.com/Haidra-Org/horde-worker-reGen/issues/349", COMPATIBILITY, DRIVER_ERRORS),
        checked="2026-11-27",
        examples=("containers/vllm-4940-error804-old-host-driver.txt", "cuda/oobabooga-4407-docker-image-error-804.txt",
                  "cuda/horde-349-regen-image-error-804-host-cuda.txt"),
    ),
    Signature(
        code="cuda.ecc-error",
        cause_id="gpu-memory-error",
        kinds=("any",),
        patterns=(
            r"uncorrectable ECC error encountered", r"cudaErrorECCUncorrectable", r"CUDA_ERROR_ECC_UNCORRECTABLE",
            # The same failure as the kernel logs it: Xid 48 (double-bit ECC), 63/64 (row remap or page retirement
            # recorded / failed), 92 (high single-bit rate), 94/95 (contained / uncontained ECC error).
            r"\bXid \(PCI:[0-9a-fA-F:.]{7,16}\): (?:48|63|64|92|94|95|140)\b",  # 140: unrecovered ECC
        ),
        severity="fail",
        cause="The GPU's memory reported an ECC error (uncorrectable, or a row remap or page retirement): a "
              "hardware fault of that GPU, not of the program.",
        advice=("Drain the node and check the GPU's memory: `nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT` and the "
                "kernel log for Xid 48/63/64/94/95; reset the GPU (`sudo nvidia-smi -r -i N`) or reboot so pending "
                "row remaps take effect, and have the admins replace the GPU if uncorrectable errors persist."),
        action="reset-gpu",
        rules_out=("the training code",),
        never_suggest=("set CUDA_LAUNCH_BLOCKING", "reinstall PyTorch", "reduce the batch size"),
        sources=("https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
                 "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"),
        checked="2026-11-25",
        examples=("cuda/jadehpc-194-uncorrectable-ecc-node.txt",),
    ),
    Signature(
        code="cuda.torch-capability-not-compatible",  # the warning's next lines list the build's archs: one finding
        refines=("frameworks.torch-arch-list-lacks-gpu",), refines_within=3, cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"with CUDA capability sm_(?P<capability>\d{2,3}) is not compatible with the current PyTorch "
                  r"installation",),
        severity="fail",
        cause="This PyTorch build has no kernels for the GPU's compute capability sm_{capability}.",
        advice=("Install a PyTorch build that includes sm_{capability}: for RTX 50-series / Blackwell (sm_120) a build "
                "for CUDA 12.8 or newer (`pip install torch --index-url https://download.pytorch.org/whl/cu128`), for an "
                "older GPU one that still lists it (cu126); `torch.cuda.get_arch_list()` shows what a build holds."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("update the NVIDIA driver", "set CUDA_LAUNCH_BLOCKING", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/Hellod035/LeggedLab/issues/26", "https://github.com/pytorch/pytorch/issues/167244",
                 PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("cuda/leggedlab-26-sm120-warning.txt", "cuda/allinone-35-sm120-torch25-cu121.txt",
                  "cuda/pytorch-167244-sm120-nightly-cu124.txt"),
    ),
    Signature(
        code="cuda.no-kernel-image",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cudaErrorNoKernelImageForDevice (209) / CUDA_ERROR_NO_BINARY_FOR_GPU, as CUDA's runtime words it: PyTorch
        # raises it, ggml prints it.
        patterns=(r"no kernel image is available for execution on the device", r"cudaErrorNoKernelImageForDevice",
                  # a wrapper's exception (Emgu CV's), a pattern of its own: the context rows that refine this one
                  # (ollama_environments.py, vllm_engines.py and others) quote the lower-case one within theirs
                  r"No kernel image is available for execution on the device",
                  r"CUDA_ERROR_NO_BINARY_FOR_GPU",
                  # The same gap at compile time: a CUDA toolchain too old to know the GPU (ptxas, NVRTC in Triton).
                  r"Value 'sm_\d{2,3}a?' is not defined for option 'gpu-name'",
                  r"invalid value for --gpu-architecture \(-arch\)"),
        severity="fail",
        cause="The program was built without CUDA kernels for this GPU's compute capability.",
        advice=("Install a build that has kernels for this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap --format=csv`; `torch.cuda.get_arch_list()`): RTX 50 and B200 (12.0, "
                "10.0) need a cu128+ PyTorch wheel (torch 2.7 or newer), GB10 (DGX Spark, 12.1) and Jetson Thor (11.0) on aarch64 the cu130 one (`--index-url https://download.pytorch.org/whl/cu130`); Maxwell, Pascal and Volta (GTX 9xx/10xx, Titan V, V100: 5.0-7.0) the cu126 one (`pip install torch --index-url "
                "https://download.pytorch.org/whl/cu126`, or the cu118 wheels of a release that has them), as 2.8+ cu128/cu130 wheels dropped them; rebuild an extension from source (a docker build too) with TORCH_CUDA_ARCH_LIST set to it (8.6 "
                "RTX 30, 8.9 RTX 40, 12.0 RTX 50); llama.cpp, whisper.cpp or another ggml program built from source: rebuild in a fresh build folder with -DCMAKE_CUDA_ARCHITECTURES naming it "
                "(86, 89, 120: nvcc 12.8+) or native; Ollama or a packaged llama.cpp: a release built for this GPU; LM Studio: switch its llama.cpp runtime (Ctrl+Shift+R: CUDA 12 or Vulkan) to "
                "one built for it; a sparse-convolution package (spconv and its cumm, in 3D and point-cloud apps): the spconv-cuXYZ wheel with this GPU's kernels or cumm and spconv built for it; Kaggle's image: a T4 or L4, not the P100; vLLM (wheels and images for 7.0 and newer) on Pascal: an older vLLM image or a Pascal build (pascal-pkgs-ci); "
                "any other prebuilt program or package (a release archive, a NuGet or conda package, a simulator or miner): the release whose notes list this GPU's "
                "architecture (a newer one for a new GPU, the last one before the project dropped an old GPU), or a build from source for it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/pytorch/pytorch/issues/167244", "https://github.com/mir-aidj/all-in-one/issues/35",
                 "https://github.com/Kaggle/kaggle-cli/issues/1151", "https://github.com/emgucv/emgucv/issues/349", RUNTIME_ERRORS),
        checked="2026-11-27",
        examples=("cuda/allinone-35-sm120-torch25-cu121.txt", "cuda/pytorch-167244-sm120-nightly-cu124.txt",
                  "cuda/openral-167-thor-sm110-cu128-no-kernel-image.txt", "cuda/emgucv-349-no-kernel-image-maxwell-430.txt"),
    ),
    Signature(
        code="cuda.torch-gpu-too-old",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"PyTorch no longer supports this GPU because it is too old",),
        severity="fail",
        cause="The GPU's compute capability is below the oldest this PyTorch build has kernels for.",
        advice=("Use a PyTorch build that still supports this compute capability: for 5.0-7.0 (GTX 9xx/10xx, V100) the cu126 wheels (`pip install "
                "torch --index-url https://download.pytorch.org/whl/cu126`), for older GPUs an older PyTorch release or a build from source: Kepler (3.5, 3.7: K40, K80, GTX 780, TITAN Black) "
                "ends with CUDA 11.x, so a cu118 or cu117 build whose `torch.cuda.get_arch_list()` still lists sm_37 (torch 2.0.x cu118) "
                "for a K80, a source build with TORCH_CUDA_ARCH_LIST=3.5 for 3.5; Fermi (2.x) ends with CUDA 8 and has no PyTorch "
                "wheel. Or move to a newer GPU; nothing installed beside this PyTorch build adds kernels to it."),
        action="configure",
        never_suggest=("update the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/16712", "https://developer.nvidia.com/cuda-gpus"),
        checked="2026-11-25",
        examples=("cuda/pytorch-16712-gpu-too-old-cc21.txt",),
    ),
    Signature(
        code="cuda.illegal-address",
        cause_id="cuda-illegal-address",
        kinds=("any",),
        # cudaErrorIllegalAddress (700; 77 in CUDA 9 and older) / CUDA_ERROR_ILLEGAL_ADDRESS.
        patterns=(r"an illegal memory access was encountered", r"cudaErrorIllegalAddress", r"CUDA_ERROR_ILLEGAL_ADDRESS", r"\[700\] Call to cu\w{2,40} results in"),  # numba
        severity="fail",
        cause="A GPU kernel accessed memory it does not own; the CUDA context is lost.",
        advice=("Rerun with CUDA_LAUNCH_BLOCKING=1 so the error points at the kernel that faults; it is usually a bug "
                "(an out-of-range index, a race, missing synchronisation) in the program or an extension it uses. Where the "
                "faulting kernel is a library's (an inference engine such as vLLM or llama.cpp, a quantization or "
                "attention kernel, an extension), update that library to its newest release first: such faults are "
                "mostly bugs of one release, fixed in a later one. If it only appears with several GPUs under nn.DataParallel, move to DistributedDataParallel (DDP), and "
                "test peer-to-peer with NCCL_P2P_DISABLE=1."),
        action="restart-application",
        rules_out=("the driver install",),
        never_suggest=("reinstall the driver", "replace the GPU", "check the power supply"),
        sources=("https://github.com/facebookresearch/maskrcnn-benchmark/issues/499",
                 "https://github.com/facebookresearch/pytorch3d/issues/267", RUNTIME_ERRORS),
        checked="2026-11-25",
        examples=("cuda/maskrcnnbenchmark-499-illegal-address-race.txt", "cuda/pytorch3d-267-illegal-address-dataparallel.txt"),
    ),
    Signature(
        code="cuda.unknown-error",
        cause_id="cuda-unknown-error",
        kinds=("any",),
        # cudaErrorUnknown (999; 30 in CUDA 9 and older) at initialisation: most often nvidia_uvm wedged after suspend.
        patterns=(
            r"CUDA_ERROR_UNKNOWN", r"cudaErrorUnknown", r"cudaGetDeviceCount returned (?:30|999)\b",
            r"CUDA unknown error - this may be due to an incorrectly set up environment",
            r"cuda runtime error \((?:30|999)\) ?: unknown error", r"THCudaCheck FAIL [^\n]{0,200}error=(?:30|999) : unknown error",  # torch<1.5
            r"cudaRuntimeGetVersion\(\) failed with error #(?:30|999)\b", r"\bcuInit failed: unknown\b",  # Caffe; PyCUDA
            r"CUDA (?:driver )?[Ee]rror: unknown error", r"\bError 999: unknown error", r"Cuda failure:? '?unknown error",
            r"CUDA failed with error unknown error", r"(?:CUDA|GPUassert|CUDA failure): unknown error\b",  # CTranslate2; MXNet's, gpuErrchk's
            r"\b(?:cuInit|cudaGetDeviceCount|cuDeviceGetCount)\b[^\n]{0,40}?(?:: unknown error|UNKNOWN ERROR \(999\))", r"cudaSuccess \((?:30|999) vs\. 0\)\s{1,3}unknown error", r"\[999\] Call to cu\w{2,40} results in",
        ),
        severity="fail", cause="CUDA failed to initialise with an unknown error (999) while the GPU is present: typically the "
              "unified-memory module is wedged after suspend/resume, or the GPU needs a reset.",
        advice=("Reload the CUDA unified-memory module: stop the programs using the GPU, then "
                "`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm` (the usual fix after suspend/resume), or reboot; if "
                "/dev/nvidia-uvm is missing (`ls -l /dev/nvidia*`), create it with `sudo nvidia-modprobe -u -c=0` (at boot on a headless "
                "server); if it persists after a reboot, look in `sudo dmesg` for Xid errors."),
        action="reload-driver", never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES", "reinstall the CUDA toolkit"),
        sources=("https://github.com/mumax/3/issues/167", "https://github.com/NVlabs/nvbio-gpl/issues/7",
                 "https://github.com/CMU-Perceptual-Computing-Lab/caffe_rtpose/issues/38", RUNTIME_ERRORS,
                 "https://github.com/OpenNMT/CTranslate2/blob/master/src/cuda/utils.h", "https://github.com/SYSTRAN/faster-whisper/issues/708", "https://github.com/NVIDIA/DIGITS/issues/799",
                 "https://github.com/NVIDIA/DIGITS/issues/1621"), checked="2026-11-26",
        examples=("cuda/mumax-167-cuda-error-unknown-after-suspend.txt", "cuda/tensorrt-3110-cuda-failure-unknown-error-reboot.txt",
                  "cuda/caffertpose-38-cudasuccess-30-unknown-error-uvm.txt", "cuda/digits-799-caffe-30-vs-0-unknown-error-uvm.txt",
                  "cuda/digits-1621-caffe-30-unknown-error-after-suspend.txt", "cuda/centernet-933-cuda-runtime-error-30-colon-reload-uvm.txt"),
    ),
    Signature(
        code="cuda.libnvidia-ml-unversioned",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="nvml-init-failed",
        kinds=("any",),
        patterns=(r"libnvidia-ml\.so: cannot open shared object file",),
        severity="fail",
        cause="The program loads the unversioned libnvidia-ml.so, which only development packages provide; the "
              "driver installs libnvidia-ml.so.1.",
        advice=("Point the program at libnvidia-ml.so.1, or create the missing link in the folder that holds it "
                "(`ldconfig -p | grep libnvidia-ml`, then `sudo ln -s libnvidia-ml.so.1 libnvidia-ml.so` there)."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/WickedLukas/nvidia-tuner/issues/5",),
        checked="2026-11-25",
        examples=("cuda/nvidiatuner-5-libnvidia-ml-so-unversioned-missing.txt",),
    ),
    Signature(
        code="cuda.nvidia-smi-no-libnvidia-ml",
        cause_id="nvml-init-failed",
        kinds=("any",),
        patterns=(r"NVIDIA-SMI couldn't find libnvidia-ml\.so library in your system",),
        severity="fail",
        cause="nvidia-smi found no NVML library (libnvidia-ml.so.1) where the loader looks.",
        advice=("In a container, the toolkit mounted the library but the loader cache does not list it: run "
                "`ldconfig` in the container, and check the `ldconfig` setting in "
                "/etc/nvidia-container-runtime/config.toml on the host. On a host, find the library (`ldconfig -p | grep "
                "libnvidia-ml`, `find / -name 'libnvidia-ml.so*'`): where the driver was installed into a directory of "
                "its own (a cluster's driver package, a runfile with a prefix), add that directory to the loader's path "
                "(a file in /etc/ld.so.conf.d, then `ldconfig`, or LD_LIBRARY_PATH) and its bin to PATH; where it is "
                "nowhere, the driver's user-space libraries are missing: install them at the loaded module's version."),
        action="configure",
        never_suggest=("reinstall the host driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1163",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"),
        checked="2026-11-25",
        examples=("containers/nvidiadocker-1163-nvidia-smi-ldconfig-in-container.txt",),
    ),
    Signature(
        code="cuda.invalid-device-ordinal",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # cudaErrorInvalidDevice (101; 10 in CUDA 9 and older) / CUDA_ERROR_INVALID_DEVICE.
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b",
                  # The same mistake one layer down: `--gpus device=N` or compose device_ids naming a GPU the host lacks.
                  r"nvidia-container-cli: device error: (?P<device>[\w-]{1,64}): unknown device"),
        severity="fail",
        cause="The program asked for a GPU index that does not exist among the GPUs it can see.",
        advice=("Count the visible GPUs (`nvidia-smi -L`; CUDA_VISIBLE_DEVICES renumbers them from 0) and use an index "
                "below that count (e.g. cuda:0, or `--gpus device=0` and compose device_ids for a container); with torchrun or torch.distributed.launch, make --nproc_per_node "
                "equal to the number of GPUs in CUDA_VISIBLE_DEVICES; with `accelerate launch`, make num_processes (the --num_processes flag, or "
                "the accelerate config that `accelerate config` writes) equal to that number: on one GPU, num_processes 1 without --multi_gpu."),
        action="configure", rules_out=("the driver",), never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/wenwenyu/PICK-pytorch/issues/14",
                 "https://github.com/LuyaooChen/uninformed-students-pytorch/issues/3", RUNTIME_ERRORS),
        checked="2026-11-25",
        # Under a distributed launcher, cuda.invalid-ordinal-more-ranks-than-gpus reads the line (PICK-pytorch#14).
        examples=("cuda/uninformedstudents-3-invalid-ordinal-cuda1.txt",),
    ),
    Signature(
        code="cuda.visible-devices-hides-all",
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.init-not-initialized"), refines_within=None,
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # Naming no GPU: $0, -1, "", Slurm's NoDevFiles, "all" (NVIDIA_VISIBLE_DEVICES's word; CUDA takes indices or UUIDs).
        patterns=(r"CUDA_VISIBLE_DEVICES=(?P<value>\$0|\"\"|''|NoDevFiles|-1|all)(?:\s|`|$)",
                  r"CUDA_VISIBLE_DEVICES\"\] ?= ?(?P<value>\"\"|\"-1\")", r"CUDA_VISIBLE_DEVICES'\] ?= ?(?P<value>''|'-1')"),
        severity="warn",
        cause="CUDA_VISIBLE_DEVICES is set to {value}, which names no GPU, so CUDA sees none.",
        advice=("Set CUDA_VISIBLE_DEVICES to the indices of the GPUs to use, as `nvidia-smi -L` numbers them (`CUDA_VISIBLE_"
                "DEVICES=0`), or unset it (`all` is NVIDIA_VISIBLE_DEVICES's value, not CUDA's); under a scheduler, request a GPU."),
        action="configure",
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/endernewton/tf-faster-rcnn/issues/38", "https://github.com/JuliaGPU/CUDA.jl/issues/1336",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-26",
        examples=("cuda/tffasterrcnn-38-visible-devices-typo.txt", "cuda/cudajl-1336-flux-visible-devices-empty-init-error.txt"),
    ),
    Signature(
        code="cuda.out-of-memory",
        refines=("nccl.remote-error",), refines_within=None,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # PyTorch, both forms: "Tried to allocate 22.00 MiB. GPU 0 has a total capacity of ..." (2.1+) and
            # "Tried to allocate 36.00 MiB (GPU 0; 10.76 GiB total capacity; ...". The lookahead splits "memory." off
            # the literal so that the prefilter keys on "allocate": healthy logs hold "memory." by the thousand.
            r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. | \()GPU (?P<gpu>\d+)",
            # the same message where the pasted line ends before the GPU's index (w40b), or right after the size (w46b)
            r"CUDA out of memory(?=\.)\. Tried to allocate (?P<requested>[\d.]+ [KMGT]iB)(?:\. GPU(?! ?\d)|\.?\s{0,3}$)",
            r"(?:Runtime|OutOfMemory)Error: CUDA out of memory\b(?!\. Tried)",  # keyed on "Error:", not on an O or R pass
            r"显存不足", r"显存不够", r"显存溢出", r"显存爆炸",  # the message cut, or told in Chinese (one prefilter pass: 显)
            r"CUDA (?:driver )?[Ee]rror: out of memory",  # PyTorch's driver check; Darknet's check_error prints "CUDA Error: " + cudaGetErrorString
            r"cuda runtime error \(2\) : out of memory", r"THCudaCheck FAIL [^\n]{0,200}error=2 : out of memory",  # old torch
            r"CUDA_ERROR_OUT_OF_MEMORY",
            r"OOM when allocating tensor with shape", r"Out of memory error on GPU \d{1,2}\. Cannot allocate",  # TensorFlow; PaddlePaddle
            r"Cuda failure 'out of memory'", r"cudaErrorCudartUnloading:? CUDA: out of memory", r"GPUassert: out of memory",  # NCCL; MXNet
            r"cudaErrorMemoryAllocation", r"cudaSuccess \(2 vs\. 0\)\s{1,3}out of memory",  # Caffe's CHECK
            r"System is out of GPU (?:and shared host )?memory", r"CUDA error at cuCtxCreate: Out of memory",  # Blender Cycles
            r"out of memory to allocate \d{1,20} bytes \(total ", r"Out of memory allocating [\d,]{1,20} bytes \(allocated ",  # CuPy
            r"CUDA failed with error out of memory", r"Gpu API call \(out of memory\)", r"\(-217(?::Gpu API call)?\) out of memory\b",  # CTranslate2; OpenCV 2-3, 4
        ),
        severity="fail",
        cause="The GPU ran out of memory for what the program asked.",
        advice=("See who holds the GPU memory (`nvidia-smi`): stop other processes using it, or pick a free GPU. If "
                "this process holds it, reduce the batch size (or the model, sequence length, image size or resolution: "
                "a model larger than the card's VRAM needs a bigger GPU; the 'shared GPU memory' Windows shows is system RAM, not VRAM; one request far beyond the card, tens of GiB or more, is one input too large: resize or crop the image, slice long audio or video into shorter clips, about 10-15 s for speech and voice models), use mixed "
                "precision or gradient checkpointing, offload weights to the CPU (ComfyUI --lowvram or --novram, diffusers enable_model_cpu_offload(), a trainer's text-encoder offload or block swap), or shard the model over more GPUs (FSDP, DeepSpeed ZeRO: each GPU's memory is its own). A trainer (kohya_ss, OneTrainer, diffusers or trl scripts) fits with its own settings: a LoRA instead of a full fine-tune or DreamBooth, gradient checkpointing, cached text encoder outputs and latents, an 8-bit optimizer, batch 1 at a lower resolution. With much reserved but "
                "unallocated memory, PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True reduces fragmentation. If it fails "
                "only after many iterations, the program keeps allocating: release GPU buffers it no longer uses (OpenCV's "
                "GpuMat.release(), del and torch.cuda.empty_cache()). " + _LLM.LLM_OUT_OF_MEMORY_ADVICE),
        action="configure", rules_out=("the driver",), never_suggest=("reinstall the driver", "update the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/pytorch/pytorch/issues/16417", "https://github.com/phamquiluan/ResidualMaskingNetwork/issues/15",
                 "https://github.com/pjreddie/darknet/issues/304", "https://github.com/leggedrobotics/darknet_ros/issues/239",
                 "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf", "https://github.com/bytedeco/javacv/issues/1788",
                 "https://docs.blender.org/manual/en/latest/render/cycles/gpu_rendering.html", _LLM.LLM_OUT_OF_MEMORY_SOURCE, "https://github.com/Fannovel16/comfy_controlnet_preprocessors/issues/50"),
        checked="2026-11-26", examples=("cuda/pytorch-16417-oom-batch-size.txt", "cuda/residualmasking-15-oom-other-process.txt",
                  "cuda/spacenet-3-cupy-out-of-memory-to-allocate.txt", "cuda/rstarcnn-25-caffe-check-failed-2-out-of-memory.txt",
                  "cuda/darknet-304-cuda-error-out-of-memory-other-process.txt", "cuda/darknetros-239-cuda-error-out-of-memory.txt",
                  "cuda/javacv-1788-gpumat-loop-out-of-memory.txt", _LLM.LLM_OUT_OF_MEMORY_EXAMPLE, "frameworks/comfycnpreprocessors-50-huge-image-219gib-allocation.txt"),
    ),
    Signature(
        code="cuda.no-device", cause_id="cuda-no-device", kinds=("any",),
        # cudaErrorNoDevice (100) / CUDA_ERROR_NO_DEVICE.
        patterns=(r"no CUDA-capable device is detected", r"cudaErrorNoDevice", r"CUDA_ERROR_NO_DEVICE",
                  r"RuntimeError: No CUDA GPUs are available", r"[Ff]ailed call to cuInit: UNKNOWN ERROR \(100\)",  # PyTorch's; XLA's 100
                  r"cudaGetDeviceCount returned (?:38|100)\b"),
        severity="fail",
        cause="CUDA found no GPU it can use.",
        advice=("Check the layers in order: `nvidia-smi` must list the GPU (if it does not, the driver is the problem; "
                "fix it first); an empty or wrong CUDA_VISIBLE_DEVICES hides every GPU (`echo \"$CUDA_VISIBLE_DEVICES\"`); "
                "under WSL 2 a Linux libcuda installed inside the distribution hides the GPU (remove it so "
                "/usr/lib/wsl/lib/libcuda.so.1 is used)."),
        action="configure",
        never_suggest=("set CUDA_LAUNCH_BLOCKING",),
        sources=("https://github.com/NVIDIA/cuda-samples/issues/34", RUNTIME_ERRORS),
        checked="2026-11-25",
        examples=("cuda/cudasamples-34-code100-no-device.txt",),
    ),
    Signature(
        code="cuda.libcuda-unversioned",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuda-python's dlopen, the loader's own line, and the loaders that search libcuda by name themselves: Rust's
        # cudarc (0.11: "Unable to find cuda lib under the names [\"cuda\", \"nvcuda\"]"; 0.12 and later: "Unable to
        # dynamically load the \"cuda\" shared library - searched for library names: [...]") and Taichi's CUDADriver
        # (cuda_driver.cpp load_lib: "libcuda.so lib not found.", after which it falls back to the CPU). w39d
        patterns=(r"Failed to dlopen libcuda\.so\b", r"libcuda\.so: cannot open shared object file",
                  r"\bUnable to find cuda lib under the names\b",
                  r"\bUnable to dynamically load the \\?\"cuda\\?\" shared library\b",
                  r"\blibcuda\.so lib not found\b",  # then Taichi's fallback, alone in older releases (w40c; a libcuda too old: cuda_w38b)
                  r"\bArch=\[<Arch\.cuda: \d{1,2}>\] is not supported, falling back to CPU\b"),
        severity="fail",
        cause="The program loads the driver's libcuda by name and the loader did not find it on its path: plain "
              "libcuda.so, which only a development link provides (the driver installs libcuda.so.1), or a folder the "
              "loader is not told about (/usr/lib/wsl/lib under WSL 2).",
        advice=("Under WSL 2, libcuda lives in /usr/lib/wsl/lib, which the loader only knows through ldconfig: "
                "`export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`. Elsewhere, check that the driver's "
                "libcuda.so.1 is there (`ldconfig -p | grep libcuda`; none: install the driver) and add its folder to "
                "LD_LIBRARY_PATH, or link libcuda.so to libcuda.so.1 in that folder and run `sudo ldconfig`."),
        action="configure", never_suggest=("install a Linux NVIDIA driver in WSL",),
        sources=("https://github.com/NVIDIA/cuda-python/issues/17", "https://docs.nvidia.com/cuda/wsl-user-guide/index.html",
                 "https://github.com/tracel-ai/burn/issues/2209", "https://github.com/taichi-dev/taichi-nerfs/issues/94",
                 "https://github.com/Genesis-Embodied-AI/genesis-world/issues/352", "https://github.com/taichi-dev/taichi/issues/2537"),
        checked="2026-11-27",
        examples=("wsl/cudapython-17-dlopen-libcuda-wsl.txt", "cuda/burn-2209-cudarc-cannot-load-libcuda.txt",
                  "cuda/taichinerfs-94-libcuda-so-lib-not-found.txt", "wsl/genesis-352-wsl2-taichi-libcuda-not-found-arch-cuda-cpu.txt"),
    ),
)

# -- More CUDA runtime failures (libraries, toolchains, compute modes, kernels) --------------------------------
# The loader's line for a missing CUDA library (cuda.runtime-library-missing); containers_w33a.py narrows it.
RUNTIME_LIBRARY_MISSING = (r"(?<!dlerror: )(?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|cudnn|"
                           r"nvrtc|nvrtc-builtins|nvJitLink|nvinfer|nvinfer_plugin|nvonnxparser|nvparsers)(?:_\w{1,20})?"
                           r"\.so\.\d{1,3}[.\d]{0,8}):? cannot open shared object file")

SIGNATURES += (
    Signature(
        code="cuda.runtime-library-missing",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The dynamic loader's words for a CUDA library of a given major version that is nowhere on its path. The
        # lookbehind leaves out TensorFlow's "dlerror: ..." warnings, which it prints on machines without a GPU too. The
        # colon after the name is optional: people retype the message in prose without it (LocalAI#923).
        patterns=(RUNTIME_LIBRARY_MISSING,
                  # NVRTC's own words when its builtins library (same CUDA version as libnvrtc) is missing.
                  r"nvrtc: error: failed to open (?P<library>libnvrtc-builtins\.so\.\d{1,3}[.\d]{0,8})\.(?= )"),
        severity="fail",
        cause="The program was built against {library}, and the loader finds no such file: that CUDA version's "
              "library is not installed, or not where the loader looks.",
        advice=("Install the CUDA libraries of the version in the name, {library} (the CUDA toolkit or runtime of that "
                "version: a newer toolkit does not provide an older soname; cuDNN for libcudnn, TensorRT for "
                "libnvinfer/libnvonnxparser, or the matching nvidia-*-cu1x pip packages), or install the build of the "
                "program made for the CUDA you have (a CUDA 13 image or toolkit holds only .so.13 files, so a program "
                "built for CUDA 12 needs its CUDA 13 build); if the file "
                "exists (`ldconfig -p | grep` it, or `find / -name` it, e.g. in a conda environment's lib folder), add "
                "its folder to LD_LIBRARY_PATH or to ldconfig."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver", "reboot"),
        sources=("https://github.com/PaddlePaddle/PaddleOCR/issues/9049",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#environment-setup",
                 "https://github.com/jkjung-avt/tensorrt_demos/issues/517", "https://github.com/onnx/onnx-tensorrt/issues/257"),
        checked="2026-11-26",
        examples=("cuda/xttsfinetune-31-libcudnn-ops-infer-8-missing.txt",
                  "cuda/tensorrtdemos-517-import-libnvinfer-8.txt", "cuda/onnxtensorrt-257-onnx2trt-libnvinfer-so6.txt"),
    ),
    Signature(
        code="cuda.ptx-toolchain-too-new",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cudaErrorUnsupportedPtxVersion (222) / CUDA_ERROR_UNSUPPORTED_PTX_VERSION: PTX from a newer CUDA than the
        # driver's JIT compiler knows.
        patterns=(r"the provided PTX was compiled with an unsupported toolchain", r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
                  r"cudaErrorUnsupportedPtxVersion", r"[Aa] (?:PTX|ptx) JIT compilation failed",  # 218, what older drivers say
                  r"CUDA_ERROR_INVALID_PTX\b|cudaErrorInvalidPtx\b"),  # 218's names
        severity="fail",
        cause="The program's GPU code was compiled (to PTX) by a newer CUDA than the installed NVIDIA driver supports, "
              "so the driver cannot load it.",
        advice=("Update the NVIDIA driver to a release that supports the CUDA the program was built with (`nvidia-smi` "
                "shows the newest CUDA the driver supports; each minor release's PTX needs that release's driver: "
                + PTX_DRIVERS + "), or rebuild or install the program for the CUDA your driver supports (a conda "
                "package that pulled a newer CUDA: pin it, `cuda-version` or for older packages `cudatoolkit`, e.g. "
                "`conda install <package> cudatoolkit=11.6`); in a container the PTX is the image's, so use an image tag built for the CUDA version the host driver "
                "supports, or update the host driver."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("set CUDA_VISIBLE_DEVICES", "reinstall PyTorch"),
        sources=("https://github.com/ComputationalRadiationPhysics/cuda_memtest/issues/31",
                 "https://github.com/chelsea0x3b/llama-dfdx/issues/6", RUNTIME_ERRORS, COMPATIBILITY),
        checked="2026-11-25",
        examples=("cuda/cudamemtest-31-ptx-unsupported-toolchain-460.txt",
                  "cuda/llamadfdx-6-unsupported-ptx-version-driver-525.txt", "cuda/gpuburn-101-ptx-jit-failed-kepler-470.txt"),
    ),
    Signature(
        code="cuda.devices-busy-or-unavailable",
        cause_id="compute-mode-exclusive",
        kinds=("any",),
        # cudaErrorDevicesUnavailable (46) / CUDA_ERROR_DEVICE_UNAVAILABLE: no GPU would give this process a context,
        # which is what Exclusive_Process (or Prohibited) compute mode does when another process holds the GPU.
        patterns=(r"all CUDA-capable devices are busy or unavailable", r"CUDA-capable device\(s\) is/are busy or unavailable",
                  r"cudaErrorDevicesUnavailable", r"CUDA_ERROR_DEVICE_UNAVAILABLE", r"cudaGetDeviceCount returned 46\b"),
        severity="fail",
        cause="CUDA could not create a context on any GPU it sees: most often the GPU is reserved for one process "
              "(Exclusive_Process) and another holds it; an unlicensed vGPU, a GPU left needing a reset, or under "
              "WSL 2 the Windows side refuse contexts the same way.",
        # The step that tells those causes apart, not one cause's fix as if it were certain (the rows in context,
        # gpudoctor/knowledge/signatures/refinements.py, and kernel.gpu-reset-required name the others).
        advice=("Tell the causes apart first: `nvidia-smi -q | grep -i \"compute mode\"` and the processes nvidia-smi lists. "
                "Exclusive_Process with another process on the GPU: use a free GPU, stop that process, or on a cluster request "
                "it from the scheduler (an administrator shares it again with `sudo nvidia-smi -i N -c DEFAULT`). Compute mode "
                "Default and no other process: the driver install is broken or half-updated: reboot, and if it persists do a clean "
                "reinstall of the NVIDIA driver (purge the old packages first; on Windows the installer's clean install). An Xid "
                "in `sudo dmesg | grep -i xid` means a GPU reset (`sudo nvidia-smi -r -i N`) or reboot; a vGPU guest must say "
                "Licensed in `nvidia-smi -q`; under WSL 2, update Windows and its NVIDIA driver."),
        action="configure", rules_out=("a missing driver",),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/DIGITS/issues/2005", "https://github.com/tensorflow/tensorflow/issues/526",
                 "https://github.com/pytorch/pytorch/issues/3871", "https://github.com/pytorch/pytorch/issues/58824",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-modes", RUNTIME_ERRORS),
        checked="2026-11-26",
        examples=("cuda/pytorch-3871-two-processes-one-gpu-busy.txt", "cuda/pytorch-58824-busy-fixed-by-driver-update.txt"),
    ),
    Signature(
        code="cuda.invalid-device-function",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cudaErrorInvalidDeviceFunction (98; 8 in CUDA 9 and older): no kernel in the binary can run on this GPU.
        patterns=(r"invalid device function", r"cudaErrorInvalidDeviceFunction"),
        severity="fail",
        cause="The program's CUDA kernels were not compiled for this GPU's compute capability, so a launch found no "
              "kernel to run.",
        advice=("Install a build compiled for this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap "
                "--format=csv`): a release or legacy package that still lists it, or build from source with it in "
                "the architecture list (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES or nvcc -arch=sm_XY); an "
                "extension compiled on another machine must be rebuilt for this one."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/peterjc123/pytorch-scripts/issues/18", "https://github.com/pytorch/pytorch/issues/1557",
                 RUNTIME_ERRORS),
        checked="2026-11-25",
        examples=("cuda/pytorchscripts-18-gtx860m-invalid-device-function.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.driver-combination-unsupported",
        cause_id="cuda-compat-mismatch",
        kinds=("any",),
        # cudaErrorSystemDriverMismatch (803): the libcuda found is not the one of the loaded kernel driver (a
        # cuda-compat package on the library path, two driver installs, or an update without reboot).
        patterns=(r"unsupported display driver / cuda driver combination", r"cudaErrorSystemDriverMismatch",
                  r"CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", r"cudaGetDeviceCount returned 803\b"),
        severity="fail",
        cause="CUDA refused to start (error 803): the libcuda the program loaded does not belong to the kernel driver "
              "that is running.",
        advice=("Make libcuda and the loaded driver one version: compare `cat /proc/driver/nvidia/version` with the "
                "libcuda.so.1 in use (`ldconfig -p | grep libcuda`), remove a CUDA forward-compatibility (compat) "
                "package or its LD_LIBRARY_PATH entry, or install one current NVIDIA driver and reboot."),
        action="configure",
        never_suggest=("run on the CPU",),
        sources=("https://github.com/easydiffusion/easydiffusion/issues/379",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-25",
        examples=("cuda/easydiffusion-379-error-803-needs-recent-driver.txt",),
    ),
    Signature(
        code="cuda.device-side-assert",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorAssert (710): an assert() inside a kernel failed, most often PyTorch's index checks.
        patterns=(r"device-side assert(?:ion)? triggered", r"cudaErrorAssert\b|CUDA_ERROR_ASSERT\b"),
        severity="fail",
        cause="An assertion inside a CUDA kernel failed (typically an index or class label out of range in the "
              "program's data); the GPU and driver are not at fault.",
        advice=("Rerun with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) to see the operation whose assertion failed, usually "
                "an index, token id or label outside its tensor's range, and fix the data or model size; restart the "
                "process, since its CUDA context cannot recover."),
        action="restart-application",
        rules_out=("the driver", "the GPU hardware"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "reseat"),
        sources=("https://github.com/QwenLM/Qwen3/issues/368", "https://github.com/pytorch/pytorch/issues/17425"),
        checked="2026-11-25",
        examples=("cuda/qwen3-368-device-side-assert-triggered.txt",),
    ),
    Signature(
        code="cuda.init-not-initialized", cause_id="cuda-init-failed", kinds=("any",),
        # cuInit's CUDA_ERROR_NOT_INITIALIZED (3; cudaErrorInitializationError in the runtime) while the driver is
        # loaded: reported with the open modules on recent kernels (UVM's HMM), and after a wedged uvm module.
        patterns=(r"cuInit\b[^\n]{0,80}CUDA_ERROR_NOT_INITIALIZED", r"cudaErrorInitializationError",
                  r"CUDA driver initialization failed, you might not have a CUDA gpu",  # PyTorch 1.x, error 3
                  r"cudaGetDeviceCount returned 3\b", r"initialization error \(code 3, ERROR_NOT_INITIALIZED\)",  # deviceQuery; CUDA.jl
                  # Caffe's CHECK, Darknet's check_error, the gpuErrchk macro, numba, OpenCV: a C++ program's own CUDA call
                  r"cudaSuccess \(3 vs\. 0\)\s{1,3}initialization error", r"(?:CUDA Error|GPUassert): initialization error\b",
                  r"results in CUDA_ERROR_NOT_INITIALIZED", r"\(-217(?::Gpu API call)?\) initialization error\b",
                  r"NumCudaDevices\(\) that might have already set an error\? Error 3: initialization error",  # torch's warning
                  r"Failed to allocate device vector [A-C] \(error code initialization error\)"),  # vectorAdd
        severity="fail",
        cause="cuInit failed with CUDA_ERROR_NOT_INITIALIZED although the driver is installed, so no CUDA program can "
              "start.",
        advice=("Check `sudo dmesg | grep -i nvrm` for the driver's own error, then reload the uvm module (`sudo rmmod "
                "nvidia_uvm && sudo modprobe nvidia_uvm`); if cuInit still fails (open kernel modules on a recent "
                "kernel), add `options nvidia_uvm uvm_disable_hmm=1` to /etc/modprobe.d/uvm.conf and reboot."),
        action="reload-driver",
        never_suggest=("reinstall CUDA", "run on the CPU"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/797", "https://github.com/ollama/ollama/issues/11593"),
        checked="2026-11-26", examples=("cuda/ogkm-797-cuda-error-not-initialized-uvm-hmm.txt",),
    ),
)
SIGNATURES += MULTI_GPU_ROWS + LIBRARY_ROWS + KERNEL_FAULT_ROWS + COMPAT_ROWS + TOOL_ROWS + RUNTIME_FAULT_ROWS + INSTALLER_ROWS
SIGNATURES += FABRIC_ROWS + DISCOVERY_ROWS + PACKAGE_ROWS + VIDEO_ROWS + META_PACKAGE_ROWS + HOST_ROWS + DESCRIBED_ROWS + _S16C.SIGNATURES
