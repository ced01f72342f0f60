"""Serving engines' launch: what vLLM under Ray and TensorRT-LLM need from the cluster and the system around them.

Written blind for issue 25 (seventh round). vLLM's Ray executor (vllm/executor/ray_utils.py, later
vllm/v1/executor/ray_utils.py) asks Ray for one GPU bundle per worker (tensor-parallel size times pipeline-parallel
size) and, when the cluster does not hold that many free GPUs, logs "Waiting for creating a placement group of specs"
with a growing count of seconds until its timeout ("Cannot provide a placement group of ... within N seconds"); newer
releases warn up front when the tensor-parallel size exceeds the GPUs Ray counts. TensorRT-LLM imports mpi4py, and
prebuilt packages built with MPI load its shared library; without the MPI runtime the import stops at the loader.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

RAY_DISTRIBUTED = "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"

LAUNCH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.ray-placement-group-unsatisfied",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # the wait loop (every 10, 30, 70, 150 ... seconds) and its timeout, V0 and V1
            r"Waiting for creating a placement group of specs for \d+ seconds",
            r"Cannot provide a placement group of placement_group_specs",
            # 0.11 and later: the up-front check against ray.cluster_resources()
            r"Tensor parallel size \((?P<tp>\d{1,4})\) exceeds available GPUs \((?P<gpus>\d{1,4})\)",
        ),
        severity="fail",
        cause=("vLLM is waiting for Ray to give it one GPU per worker (tensor-parallel size times pipeline-parallel "
               "size), and the Ray cluster does not hold that many free GPUs: a node has not joined or joined without "
               "its GPUs, or other placement groups hold them."),
        advice=("Run `ray status` on the head node and compare its GPU total with --tensor-parallel-size times "
                "--pipeline-parallel-size: start each node's Ray with its GPUs (`ray start --head --num-gpus N`, "
                "`ray start --address=HEAD:6379 --num-gpus N`, every worker pod Ready), set VLLM_HOST_IP to the "
                "address Ray uses on each node, stop what holds the GPUs, or lower --tensor-parallel-size to the GPUs "
                "Ray counts."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/gpustack/gpustack/issues/5509", "https://github.com/ray-project/kuberay/issues/3414",
                 "https://github.com/gpustack/gpustack/issues/4028", "https://github.com/vllm-project/aibrix/issues/927",
                 "https://github.com/vllm-project/vllm/pull/11138", RAY_DISTRIBUTED),
        checked="2026-11-26",
        examples=("vllm/gpustack-5509-placement-group-waiting-gpu-as-tpu.txt",
                  "vllm/kuberay-3414-placement-group-waiting-worker-not-ready.txt",
                  "vllm/gpustack-4028-tp-exceeds-ray-gpus-warning.txt"),
    ),
    Signature(
        code="vllm.mpi-library-missing",
        cause_id="system-library-missing",
        kinds=("any",),
        # libmpi.so.40 and libmpi_cxx.so.40 are Open MPI 3/4's sonames, libmpi.so.12 MPICH's; mpi4py (which
        # TensorRT-LLM imports at start) and packages built with MPI support load them at import.
        patterns=(r"(?P<library>libmpi(?:_cxx)?\.so[.0-9]{0,12}): cannot open shared object file",),
        severity="fail",
        cause=("The MPI library {library}, which mpi4py (imported by TensorRT-LLM) or a package built with MPI support "
               "loads, is not installed or not on the loader's path."),
        advice=("Install the MPI runtime: `sudo apt-get install -y libopenmpi-dev openmpi-bin` (what TensorRT-LLM's "
                "pip install needs; libmpi.so.12 is MPICH's: `sudo apt-get install -y libmpich-dev`), or, where it is "
                "installed outside the loader's path (NVIDIA's images: /usr/local/mpi/lib or /opt/hpcx/ompi/lib; "
                "Fedora: /usr/lib64/openmpi/lib), add that directory to LD_LIBRARY_PATH. Reinstalling the Python "
                "package does not bring it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/167", "https://github.com/torchsmoke/Python3-Wheels/issues/5",
                 "https://nvidia.github.io/TensorRT-LLM/installation/linux.html"),
        checked="2026-11-26",
        examples=("vllm/tensorrtllm-167-mpi4py-libmpi-so-12-missing.txt",
                  "vllm/torchsmoke-5-libmpi-cxx-so-40-import-torch.txt"),
    ),
)
