"""Issue 25 (helper w46c): vLLM's all-reduce through PyTorch symmetric memory.

From vLLM 0.11.0 tensor parallelism on Hopper and Blackwell GPUs also sets up an all-reduce on PyTorch symmetric
memory (vllm/distributed/device_communicators/symm_mem.py: SymmMemCommunicator, switched by
VLLM_ALLREDUCE_USE_SYMM_MEM, on by default in 0.11.0, off after vllm#26925, on again by 0.18); its buffers are shared between
the GPUs through the driver's virtual-memory and multicast calls, and PyTorch reports a failing driver call as "CUDA
driver error: <description>" (c10/cuda/driver_api.h, C10_CUDA_DRIVER_CHECK). Where the GPUs or the way they are exposed
do not allow that sharing (no NVLink between them, a subset of an NVSwitch board's GPUs made visible, a container or
fabric without multicast), `torch_symm_mem.rendezvous` fails at start-up with "invalid device ordinal", "invalid
argument" or "system not yet initialized" (vllm#26525, #25937, #26922, pytorch#174030), or the engine hangs in it
(vllm#38550). The GPU and the driver are fine, and the GPU index is right: switching the symmetric-memory path off
(VLLM_ALLREDUCE_USE_SYMM_MEM=0) keeps tensor parallelism on custom all-reduce and NCCL. TAXONOMY files it under
vllm-custom-allreduce-p2p: an all-reduce path of vLLM's own that fails for the GPUs' interconnect, fixed by turning it off.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_SYMM_MEM_ADVICE = (
    "Turn vLLM's symmetric-memory all-reduce off: start the server (or the Python process that creates LLM) with "
    "`VLLM_ALLREDUCE_USE_SYMM_MEM=0` (and leave VLLM_USE_NCCL_SYMM_MEM unset or 0), e.g. `VLLM_ALLREDUCE_USE_SYMM_MEM=0 "
    "vllm serve <model> --tensor-parallel-size N`, or `-e VLLM_ALLREDUCE_USE_SYMM_MEM=0` for the container (its default changed between releases: set it "
    "explicitly). Tensor parallelism keeps working through vLLM's custom all-reduce and NCCL. "
    "Symmetric memory needs all GPUs of the group on one NVLink/NVSwitch fabric and all of them visible to the process; "
    "PCIe-only GPUs, part of an NVSwitch board's GPUs, or a container without the fabric's devices make it fail. In "
    "your own PyTorch code, call torch.distributed._symmetric_memory only on such GPUs.")

# The serving stacks' optional GPU libraries, by import name (checked 2026-11-28 against each project's install docs and
# PyPI): what installs each one into the environment the engine runs in.
SERVING_MODULE_SOURCES: tuple[tuple[str, str], ...] = (
    ("deep_gemm", "DeepGEMM (FP8 GEMM kernels vLLM and SGLang use on Hopper and Blackwell) is built from source: vLLM ships "
                  "`tools/install_deepgemm.sh` (run it in the same environment, or use the vllm/vllm-openai image, which "
                  "carries it); SGLang's sgl-kernel wheel brings its own. Without it, set VLLM_USE_DEEP_GEMM=0 so vLLM "
                  "takes its other FP8 kernels"),
    ("deep_ep", "DeepEP (expert-parallel all-to-all) is built from source against NVSHMEM: vLLM's "
                "`tools/ep_kernels/install_python_libraries.sh` builds DeepEP and pplx-kernels, SGLang's docs give the same "
                "steps; without it choose another all-to-all backend (vLLM `--all2all-backend` / VLLM_ALL2ALL_BACKEND "
                "allgather_reducescatter or naive, SGLang without `--moe-a2a-backend deepep`)"),
    ("pplx_kernels", "pplx-kernels (expert-parallel all-to-all) is built by vLLM's "
                     "`tools/ep_kernels/install_python_libraries.sh`; without it choose another all-to-all backend "
                     "(`--all2all-backend` / VLLM_ALL2ALL_BACKEND)"),
    ("nixl", "NIXL ships wheels: `pip install nixl` (for a given CUDA major the nixl-cu12 or nixl-cu13 wheel) in the "
             "engine's environment; the vllm/vllm-openai image already carries it"),
    ("rixl", "RIXL (NIXL for ROCm) is not on PyPI: build it from ROCm/RIXL in the image, or use another KV connector"),
    ("nvshmem", "NVSHMEM's Python bindings come from nvshmem4py: `pip install nvshmem4py-cu12 nvidia-nvshmem-cu12` (the "
                "-cu13 packages for CUDA 13), with the NVSHMEM libraries they install on LD_LIBRARY_PATH"),
    ("sgl_kernel", "sgl-kernel is SGLang's kernel package: install the version its sglang release pins (`pip install "
                   "\"sglang[all]\"`, or `pip install sgl-kernel==<pinned>`; for CUDA 12.8+ and Blackwell the +cu128/+cu129 "
                   "wheel from SGLang's whl releases)"),
    ("flashinfer", "FlashInfer installs as `pip install flashinfer-python` (its version matching the engine's pin; the "
                   "flashinfer-cubin and flashinfer-jit-cache packages for prebuilt kernels)"),
    ("mooncake", "Mooncake's transfer engine installs as `pip install mooncake-transfer-engine` (the +cuda variant for "
                 "GPU memory); it needs the RDMA user libraries of the host"),
    ("lmcache", "LMCache installs as `pip install lmcache` in the engine's environment, at a release made for the installed "
                "vLLM"),
    ("mpi4py", "mpi4py needs an MPI: install Open MPI's development files (`sudo apt install libopenmpi-dev` or the "
               "distribution's openmpi package) and then `pip install mpi4py`; the TensorRT-LLM containers carry both"),
    ("tensorrt_llm", "TensorRT-LLM installs from NVIDIA's index (`pip install tensorrt_llm --extra-index-url "
                     "https://pypi.nvidia.com`, needing the matching torch and MPI) or runs in its NGC container "
                     "(nvcr.io/nvidia/tensorrt-llm/release)"),
    ("torch_memory_saver", "torch_memory_saver installs as `pip install torch_memory_saver` (SGLang's memory release "
                           "for RL rollouts)"),
    ("cupy", "CuPy installs as the wheel for the CUDA major in use: `pip install cupy-cuda12x` (or cupy-cuda13x); the "
             "bare `cupy` package builds from source"),
)
_MODULE_DEFAULT = "install the package that provides it into the same environment as the serving engine"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.symm-mem-allreduce-failed",
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        patterns=(
            # the traceback's frames: vLLM's communicator and PyTorch's rendezvous call
            r"device_communicators/symm_mem\.py\"?, line \d{1,5}",
            r"self\.symm_mem_comm = SymmMemCommunicator\(",
            r"\btorch_symm_mem\.rendezvous\(",
            r"\b_SymmetricMemory\.rendezvous\(",
            # PyTorch's driver-API check with an ordinal CUDA itself accepted: the symmetric-memory allocator's
            # multicast and mapping calls (vllm#26525, pytorch#174030), not a device index the program chose
            r"CUDA driver error: invalid device ordinal",
        ),
        # the failing driver call's own line ("RuntimeError: CUDA driver error: system not yet initialized") sits a few
        # lines below the rendezvous frame; its generic readings (a wrong index, Fabric Manager down) are evidence here
        refines=("cuda.invalid-device-ordinal", "cuda.system-not-ready"),
        refines_within=12,
        severity="fail",
        cause=("vLLM's all-reduce on PyTorch symmetric memory (VLLM_ALLREDUCE_USE_SYMM_MEM, on by default in vLLM "
               "0.11.0) could not share its buffers between the GPUs: the driver refused the symmetric-memory "
               "rendezvous (\"CUDA driver error: ...\"), as it does where the GPUs are not all on one NVLink/NVSwitch "
               "fabric or only part of them are visible. The GPU index, the GPUs and the driver are fine."),
        advice=_SYMM_MEM_ADVICE,
        action="configure",
        rules_out=("a wrong GPU index", "the driver install", "the GPUs"),
        never_suggest=("reinstall the driver", "change the device index", "--tensor-parallel-size 1"),
        versions=("vllm>=0.11.0",),
        sources=("https://github.com/vllm-project/vllm/issues/26525", "https://github.com/vllm-project/vllm/issues/26922",
                 "https://github.com/vllm-project/vllm/pull/26925", "https://github.com/vllm-project/vllm/issues/25937",
                 "https://github.com/vllm-project/vllm-omni/issues/241",
                 "https://github.com/pytorch/pytorch/issues/174030"),
        checked=CHECKED,
        examples=("vllm/vllm-26525-v011-symm-mem-allreduce-tp2-invalid-device-ordinal.txt",
                  "vllm/vllmomni-241-symm-mem-rendezvous-system-not-yet-initialized.txt"),
    ),
    # A pasted "Cannot re-initialize CUDA in forked subprocess" without the worker's prefix (a person's paste of the last
    # line, a wrapper's log) in a text that runs vLLM: its workers are what forked (vllm.worker-forked-after-cuda reads
    # the prefixed line itself).
    Signature(
        code="vllm.forked-workers-cuda-initialised",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        contexts=("vllm",),
        refines=("frameworks.cuda-in-forked-subprocess",),
        patterns=(r"Cannot re-initialize CUDA in forked subprocess",),
        severity="fail",
        cause=("vLLM forked its GPU worker processes (tensor parallelism starts one per GPU, by fork unless told "
               "otherwise) after CUDA had already been initialised in the parent process, and a forked child cannot "
               "use CUDA."),
        advice=("Make vLLM spawn its workers: `export VLLM_WORKER_MULTIPROC_METHOD=spawn` before starting the server or "
                "the script, keep the code that creates the LLM under `if __name__ == \"__main__\":`, and do not touch "
                "torch.cuda (is_available, device_count, .cuda()) before creating it; "
                "torch.multiprocessing.set_start_method in the script does not change how vLLM starts its workers. A "
                "framework around vLLM (Xinference, FastChat, a trainer) that forks it may need its own release with "
                "that fixed."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/6152", "https://github.com/vllm-project/vllm/issues/7151",
                 "https://docs.vllm.ai/en/latest/design/multiprocessing.html"),
        checked=CHECKED,
        examples=("vllm/vllm-6152-tp2-cannot-reinitialize-cuda-forked-spawn.txt",),
    ),
    Signature(
        code="vllm.serving-optional-module-missing",
        cause_id="python-package-missing",
        kinds=("any",),
        lookups=(("module", "module_source", SERVING_MODULE_SOURCES, _MODULE_DEFAULT),),
        patterns=(
            # the import of an optional GPU library a serving engine, its KV connector or its expert-parallel backend
            # asks for at run time: "ModuleNotFoundError: No module named 'nixl'", "... 'deep_gemm'", "... 'nvshmem'"
            r"No module named [\"'](?P<module>deep_gemm|deep_ep|pplx_kernels|nixl|rixl|nvshmem|sgl_kernel|flashinfer|"
            r"mooncake|lmcache|mpi4py|tensorrt_llm|torch_memory_saver|cupy)(?=[\"'.])",
            # vLLM's own words when DeepGEMM is missing or too old for its FP8 kernels
            r"Please install or update the `(?P<module>deep_gemm)`",
        ),
        severity="fail",
        cause=("The serving stack imports {module}, one of its optional GPU libraries (kernels, a KV-cache connector, an "
               "expert-parallel or transfer backend), and it is not installed in the environment the engine runs in: "
               "pip's default install of vLLM, SGLang or a framework around them does not bring it."),
        advice=("Install it where the engine runs: {module_source}. Then start the engine again from that environment "
                "(or from the image that carries it)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/LMCache/LMCache/issues/477", "https://github.com/ai-dynamo/nixl",
                 "https://github.com/vllm-project/vllm/issues/41849",
                 "https://docs.vllm.ai/en/latest/serving/expert_parallel_deployment.html",
                 "https://pypi.org/project/nvshmem4py-cu12/"),
        checked=CHECKED,
        examples=("vllm/lmcache-477-nixl-connector-no-module-named-nixl.txt",),
    ),
    # A person's account of the same path hanging or failing ("The hang occurs in ... _symmetric_memory.rendezvous",
    # "symmetric memory + NCCL deadlock", "hangs in SymmMemCommunicator"): the generic tensor-parallel hang rows would
    # send them to NCCL_P2P_DISABLE, which does not turn it off.
    Signature(
        code="vllm.symm-mem-allreduce-described",
        described=True,
        refines=("vllm.tensor-parallel-hangs-described", "nccl.multi-gpu-hang-described"), refines_within=None,
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        patterns=(
            r"\b_symmetric_memory\.rendezvous\b",
            r"\b(?:[Ss]ymmetric[ -][Mm]emory|symm_mem|SymmMemCommunicator)\b[^\n]{0,80}?\b(?:hangs?|hanging|hung|deadlocks?|"
            r"deadlocked|stuck|fails?|failed|crash(?:es|ed)?)\b",
            r"\b(?:hangs?|hanging|hung|deadlocks?|deadlocked|stuck|fails?|failed|crash(?:es|ed)?)\b[^\n]{0,80}?\b(?:in|at|during|"
            r"on) (?:the )?(?:[Ss]ymmetric[ -][Mm]emory|symm_mem|SymmMemCommunicator)\b",
        ),
        severity="warn",
        cause=("The description points at vLLM's all-reduce on PyTorch symmetric memory (VLLM_ALLREDUCE_USE_SYMM_MEM): "
               "its rendezvous hangs or fails where the GPUs of the group are not all on one NVLink/NVSwitch fabric "
               "and visible to the process (part of an NVSwitch board's GPUs, PCIe GPUs)."),
        advice=_SYMM_MEM_ADVICE,
        action="configure",
        rules_out=("the GPUs",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        versions=("vllm>=0.11.0",),
        sources=("https://github.com/vllm-project/vllm/issues/38550", "https://github.com/vllm-project/vllm/pull/26925"),
        checked=CHECKED,
        examples=("vllm/vllm-38550-b200-tp2-visible-subset-symm-mem-rendezvous-hang.txt",),
    ),
)
