"""More of what vLLM users hit: kernels the GPU is below, the API server's port, engine start-up.

Written blind for issue 25 (sixth wave of row writers). vLLM converts GPTQ and AWQ checkpoints to its Marlin
kernels where it judges the GPU able (vllm/model_executor/layers/quantization/utils/marlin_utils.py:
query_marlin_supported_quant_types returns no types below the kernels' minimum compute capability, and
verify_marlin_supported then raises "Marlin does not support weight_bits = ... Only types = [] are supported").
The OpenAI-compatible server is uvicorn, which prints "[Errno 98] error while attempting to bind on address"
when another process holds the port (uvicorn/server.py).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

BREADTH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.marlin-gpu-below-minimum",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # verify_marlin_supported's message: an empty list of types means the GPU is below Marlin's minimum
        patterns=(
            r"Marlin does not support weight_bits = (?P<type>\w{1,20})\. Only types = \[\] are supported "
            r"\(for group_size = (?P<group_size>-?\d{1,5}), min_capability = (?P<capability>\d{2,3})",
        ),
        severity="fail",
        cause=("vLLM chose its Marlin kernel for this quantized checkpoint, but the GPU (compute capability "
               "{capability}) is below what Marlin runs on, so Marlin offers no weight types here."),
        advice=("Run the checkpoint with the plain kernel that supports this GPU: pass `--quantization gptq` (or "
                "`--quantization awq` for an AWQ checkpoint; quantization=\"gptq\" in Python); or upgrade vLLM "
                "(0.5.4 picked Marlin on T4 and V100 by mistake, fixed in 0.5.5)."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("change gpu_memory_utilization",),
        sources=("https://github.com/vllm-project/vllm/issues/7240", "https://github.com/vllm-project/vllm/pull/7264",
                 "https://github.com/vllm-project/vllm/issues/8149", "https://github.com/xorbitsai/inference/issues/2350"),
        checked="2026-11-26",
        examples=("vllm/vllm-7240-marlin-uint4b8-no-types-t4.txt",),
    ),
    Signature(
        code="vllm.fp8-e4m3-needs-ada",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # Triton refusing FP8 E4M3 (its fp8e4nv) below compute capability 8.9, when vLLM's or SGLang's Triton kernels
        # (block-FP8 linear, fused MoE, an FP8 KV cache) or torch.compile run an FP8 checkpoint on Ampere or older
        patterns=(
            r"type fp8e4nv not supported in this architecture",
            r"fp8e4nv data type is not supported on CUDA arch < (?P<minimum>\d{2})",
        ),
        severity="fail",
        cause=("An FP8 (E4M3) checkpoint or FP8 KV cache reached a Triton kernel that needs FP8 arithmetic, which only "
               "Ada and Hopper GPUs (compute capability 8.9 and later) have; this GPU (Ampere or older) does not."),
        advice=("On this GPU run FP8 weights through vLLM's weight-only Marlin kernel instead: for an FP8 MoE model "
                "start vLLM with `--moe-backend marlin` (an older vLLM: upgrade it; SGLang: a release with Marlin FP8, "
                "or vLLM), drop `--kv-cache-dtype fp8` (use auto), or serve a BF16, AWQ or GPTQ checkpoint of the "
                "model."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("change gpu_memory_utilization",),
        sources=("https://github.com/vllm-project/vllm/issues/54318", "https://github.com/sgl-project/sglang/issues/7715",
                 "https://github.com/vllm-project/vllm/pull/5975", "https://github.com/vllm-project/vllm/issues/26431",
                 "https://github.com/vllm-project/vllm/issues/17764"),
        checked="2026-11-26",
        examples=("vllm/vllm-54318-fp8e4nv-a100-fused-moe-triton.txt", "vllm/sglang-7715-fp8-on-ampere-triton-dtype.txt"),
    ),
    Signature(
        code="vllm.trtllm-context-fmha-unsupported-arch",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # TensorRT-LLM's FusedMHARunnerV2 (kernels/contextFusedMultiHeadAttention/fmhaRunner.cpp) on a GPU it has no
        # fused-attention kernels for (sm70, sm75)
        patterns=(r"Assertion failed: Unsupported architecture \([^)\n]{0,300}fmhaRunner\.cpp:\d+\)",),
        severity="fail",
        cause=("TensorRT-LLM's fused context attention (context FMHA) has kernels only for Ampere (sm80) and newer "
               "GPUs, and the engine asks for it on an older one (V100, T4)."),
        advice=("Build the engine without context FMHA for this GPU: drop `--enable_context_fmha` (trtllm-build: "
                "`--context_fmha disable`) and rebuild, or build and run on an Ampere or newer GPU."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/320", "https://github.com/NVIDIA/TensorRT-LLM/issues/95",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/436"),
        checked="2026-11-26",
        examples=("vllm/trtllm-320-context-fmha-v100-unsupported-arch.txt",),
    ),
    Signature(
        code="vllm.v1-engine-refuses-feature",
        cause_id="vllm-v1-feature-unsupported",
        kinds=("any",),
        # vllm/engine/arg_utils.py's _raise_or_fallback when VLLM_USE_V1=1 was set explicitly (0.8 to 0.10)
        patterns=(r"VLLM_USE_V1=1 is not supported with (?P<feature>[^\n]{1,120})",),
        severity="fail",
        cause=("vLLM's V1 engine, the default from 0.8, does not support {feature} in this release, so it refused to "
               "start."),
        advice=("Run this configuration on the V0 engine: start vLLM with `VLLM_USE_V1=0` (releases 0.8 to 0.10, "
                "which still ship it; remove any VLLM_USE_V1=1 a wrapper such as Unsloth or Ray sets), or upgrade "
                "vLLM to a release whose V1 engine supports it."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/19461", "https://github.com/unslothai/unsloth/issues/2102",
                 "https://github.com/ray-project/ray/issues/54739", "https://github.com/vllm-project/vllm-ascend/issues/2169"),
        checked="2026-11-26",
        examples=("vllm/vllm-19461-v1-not-supported-device-type-cpu.txt",),
    ),
    Signature(
        code="vllm.sglang-gpu-memory-unbalanced",
        cause_id="gpu-shared-with-other-process",
        kinds=("any",),
        # SGLang's ModelRunner start-up check (python/sglang/srt/model_executor/model_runner.py): the least free memory
        # of the tensor-parallel GPUs below 90 % of this GPU's
        patterns=(r"The memory capacity is unbalanced\. Some GPUs may be occupied by other processes",),
        severity="fail",
        cause=("SGLang found much less free memory on some of its tensor-parallel GPUs than on the others: other "
               "processes hold memory there (or the GPUs differ in size), so it refused to start."),
        advice=("Free those GPUs before starting SGLang: `nvidia-smi` lists the processes holding their memory (an "
                "earlier server, a notebook); stop them, or pick GPUs with equal free memory with CUDA_VISIBLE_DEVICES. "
                "With GPUs of different sizes, upgrade SGLang (newer releases only warn)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/sgl-project/sglang/issues/1533", "https://github.com/sgl-project/sglang/issues/4233",
                 "https://github.com/sgl-project/sglang/pull/5426"),
        checked="2026-11-26",
        examples=("vllm/sglang-1533-memory-capacity-unbalanced.txt",),
    ),
    Signature(
        code="vllm.trtllm-custom-allreduce-peer-access",
        refines=("nccl.peer-access-unsupported", "vllm.custom-allreduce-peer-access"),
        refines_within=None,
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        # TensorRT-LLM's TLLM_CUDA_CHECK ('CUDA runtime error in CALL: MESSAGE (FILE:LINE)') around the CUDA IPC
        # workspace of its custom all-reduce (cpp/tensorrt_llm/runtime/ipcUtils.cpp), and 0.8's Python check
        # ("Can't enable access between nodes A and B") before the same workspace
        patterns=(
            r"\[TensorRT-LLM\]\[ERROR\] CUDA runtime error in [^\n]{0,240}?: peer access is not supported between these",
            r"Can't enable access between nodes (?P<a>\d{1,3}) and (?P<b>\d{1,3})",
        ),
        severity="fail",
        cause=("The TensorRT-LLM engine was built with the custom all-reduce, which shares buffers between the GPUs "
               "through CUDA IPC and needs peer access that these GPUs (GeForce cards, PCIe without P2P) do not offer."),
        advice=("Rebuild the engine without it: `trtllm-build ... --use_custom_all_reduce disable` (or "
                "use_custom_all_reduce=False in the build config), so NCCL does the all-reduce."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1498", "https://github.com/NVIDIA/TensorRT-LLM/issues/1034",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/1588", "https://github.com/NVIDIA/TensorRT-LLM/issues/1374"),
        checked="2026-11-26",
        examples=("vllm/trtllm-1498-custom-allreduce-ipc-peer-access.txt",),
    ),
    Signature(
        code="vllm.api-server-port-in-use",
        refines=("vllm.socket-address-in-use",), refines_within=None,
        cause_id="server-port-in-use",
        kinds=("any",),
        # uvicorn's startup (uvicorn/server.py) when the socket cannot be bound: errno 98 on Linux, 10048 on Windows
        patterns=(r"\[Errno (?:98|48|10048)\] error while attempting to bind on address "
                  r"\('?(?P<host>[^',\n]{0,60})'?, (?P<port>\d{1,5})\)",),
        severity="fail",
        cause=("The API server could not listen on port {port}: another process already holds it (an earlier vLLM or "
               "other server still running, or another service on that port)."),
        advice=("Find the process on that port (`ss -ltnp | grep :PORT` or `lsof -i :PORT`; on Windows "
                "`netstat -ano | findstr :PORT`) and stop it, often an earlier vLLM that did not exit, or start "
                "the server on another port (`vllm serve ... --port 8001`)."),
        action="configure",
        rules_out=("a GPU or driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("lower gpu_memory_utilization",),
        sources=("https://github.com/vllm-project/vllm/issues/8204", "https://github.com/vllm-project/vllm/issues/1141",
                 "https://github.com/vllm-project/vllm/issues/7514"),
        checked="2026-11-26",
        examples=("vllm/vllm-8204-api-server-port-held-by-worker.txt",),
    ),
    Signature(
        code="vllm.distributed-init-port-in-use",
        refines=("frameworks.rendezvous-port-in-use",),
        cause_id="server-port-in-use",
        kinds=("any",),
        patterns=(
            # torch's TCPStore refusing the init port, on a line a vLLM process prefixes (V1's worker and engine-core
            # processes, the multiproc executor's logger, an RL framework's vLLM server actor); before torch 2.2 the
            # message named no port
            r"(?:VllmWorker|EngineCore|Worker(?:_TP\d{1,3})? pid=|multiproc_executor\.py|multiproc_worker_utils\.py|"
            r"vLLMHttpServer)[^\n]{0,400}?failed to listen on any local network address\.(?: port: (?P<port>\d{1,5}),)?"
            r"[^\n]{0,120}?EADDRINUSE",
        ),
        severity="fail",
        cause=("vLLM could not bind the port its workers meet on (torch.distributed's init port): another process holds "
               "it, most often a second vLLM instance on this machine that started at the same time and picked the same "
               "free port, or a leftover process of an earlier run."),
        advice=("Give each vLLM instance its own port: a distinct VLLM_PORT per instance (and its own --port), and start "
                "the instances one after another rather than at once; stop any leftover vLLM process still holding the "
                "port (`ss -ltnp | grep :PORT`)."),
        action="configure",
        rules_out=("a GPU or driver fault", "an NCCL fault"),
        never_suggest=_NEVER_DRIVER + ("set NCCL_P2P_DISABLE",),
        sources=("https://github.com/verl-project/verl/issues/6677", "https://github.com/verl-project/verl/pull/7504",
                 "https://github.com/vllm-project/vllm/issues/39015", "https://github.com/vllm-project/vllm/issues/43206",
                 "https://github.com/vllm-project/vllm/issues/39762"),
        checked="2026-11-26",
        examples=("vllm/verl-6677-concurrent-vllm-instances-same-init-port.txt",),
    ),
    Signature(
        code="vllm.port-env-from-kubernetes-service",
        cause_id="vllm-port-env-from-kubernetes",
        kinds=("any",),
        patterns=(
            # vllm/envs.py's get_vllm_port since #18209 (2025), and the bare int() failure before it; a tcp:// value in
            # a *_PORT variable is what Kubernetes' service links inject (<SERVICE>_PORT=tcp://<cluster IP>:<port>)
            r"VLLM_PORT '(?P<value>tcp://[^'\s]{1,80})' appears to be a URI",
            r"invalid literal for int\(\) with base 10: '(?P<value>tcp://[\d.]{7,15}:\d{1,5})'",
        ),
        severity="fail",
        cause=("The environment holds VLLM_PORT={value}: Kubernetes injects <SERVICE>_PORT=tcp://IP:PORT for every "
               "Service in the namespace, and a Service named vllm sets VLLM_PORT, which vLLM reads as its own internal "
               "port number and cannot parse."),
        advice=("Rename the Kubernetes Service so it is not called vllm, or set `enableServiceLinks: false` in the pod "
                "spec; or set VLLM_PORT to a free port number in the container's env. The API port is --port, not "
                "VLLM_PORT."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/15613", "https://github.com/vllm-project/vllm/issues/34199",
                 "https://github.com/vllm-project/vllm/pull/18209",
                 "https://docs.vllm.ai/en/stable/serving/env_vars.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-15613-k3s-vllm-port-tcp-uri-int.txt", "vllm/vllm-34199-kubernetes-vllm-port-uri-error.txt"),
    ),
    Signature(
        code="vllm.socket-address-in-use",
        cause_id="server-port-in-use",
        kinds=("any",),
        patterns=(
            # Python's own bind failure, as any server prints it when it binds the socket itself (vLLM's API server
            # since 0.6 binds before uvicorn, waitress, Flask, Gradio): errno 98 on Linux, 48 on macOS, 10048 on Windows
            r"(?:OSError|socket\.error): \[Errno (?P<errno>98|48)\] Address already in use",
            r"\[(?:Errno|WinError) (?P<errno>10048)\] [Oo]nly one usage of each socket address",
            # pyzmq's bind failure: vLLM's engine, RPC and KV-transfer sockets, SGLang's scheduler sockets
            r"ZMQError: Address already in use \(addr='(?P<address>[^'\s]{1,80})'\)",
            # Triton Inference Server's own message for each of its ports (src/main.cc), and the gRPC core error it
            # and other gRPC servers print first (errno 98/48, Windows' WSAEADDRINUSE text)
            r"failed to start (?:HTTP|GRPC|Metrics|SageMaker|Vertex AI) service: Unavailable - Socket "
            r"'(?P<address>[^'\s]{1,80})' already in use",
            r"os_error\W{1,4}(?:Address already in use|Only one usage of each socket address)",
            # Rust's io::Error (text-generation-inference's router, text-embeddings-inference), shown or debug-printed
            r"Address already in use \(os error (?:98|48|10048)\)",
            r"kind: AddrInUse, message: \"Address already in use\"",
        ),
        severity="fail",
        cause=("A server process could not bind its socket because another process already holds that address and "
               "port: an earlier instance that has not exited, another service, or a second server instance (vLLM, "
               "SGLang, Triton, TGI) on this machine that picked the same port."),
        advice=("Find the process holding the port (`ss -ltnp | grep :PORT` or `lsof -i :PORT`; on Windows "
                "`netstat -ano | findstr :PORT`) and stop it, or start this server on other ports (`--port`; Triton's "
                "--http-port, --grpc-port and --metrics-port); when "
                "several vLLM instances share a machine, give each its own ports (a distinct --port and VLLM_PORT, "
                "and its own kv_port for disaggregated prefill) and start them one after another."),
        action="configure",
        rules_out=("a GPU or driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("lower gpu_memory_utilization", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/microsoft/JARVIS/issues/118", "https://github.com/vllm-project/vllm/issues/44061",
                 "https://github.com/triton-inference-server/pytriton/issues/1", "https://github.com/grpc/grpc/issues/16422",
                 "https://docs.python.org/3/library/errno.html#errno.EADDRINUSE"),
        checked="2026-11-26",
        examples=("vllm/jarvis-118-models-server-port-in-use.txt", "vllm/vllm-44061-disagg-prefill-zmq-same-port.txt",
                  "vllm/pytriton-1-triton-ports-already-in-use.txt"),
    ),
)
