"""Issue 25 (helper w44c): vLLM's Ray executor and Ray Compiled Graph's channels between workers.

With `--distributed-executor-backend ray` vLLM (V1, before its V2 Ray executor) drives the workers through Ray Compiled
Graph: scheduler outputs and pipeline-parallel activations travel between the Ray actors through compiled-graph
channels (ray/experimental/channel: torch_tensor_accelerator_channel.py, serialization_context.py). Those channels
break with some Ray releases and some traffic, after the model has loaded and usually at the first requests: the
tensors a message carries out of band go missing ("assert deserialized_tensor_placeholders ==
set(range(len(tensors)))", "AssertionError: ('placeholder', 0, 'out_of_band_tensors', [])" with multimodal inputs or
concurrent requests under PP, ray#61309, vllm#39900), the accelerator channel itself fails on some GPUs
("'_TorchTensorAcceleratorChannel' object has no attribute '_accelerator_group'" with PP=2 on V100s), or a channel
times out (RayChannelTimeoutError). The GPUs and NCCL are fine; what fixes it is leaving that path: vLLM's V2 Ray
executor (VLLM_USE_RAY_V2_EXECUTOR_BACKEND=1, no compiled graph; the old one is on its deprecation path), the
multiprocessing executor, tensor instead of pipeline parallelism, or the Ray release vLLM pins.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.ray-compiled-graph-channel-failed",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # ray/experimental/channel/torch_tensor_accelerator_channel.py
            r"assert deserialized_tensor_placeholders == set\(range\(len\(tensors\)\)\)",
            # ray/experimental/channel/serialization_context.py: "AssertionError: ('placeholder', 0, 'out_of_band_tensors', [])"
            r"\('placeholder', \d{1,6}, 'out_of_band_tensors', \[",
            # "AttributeError: '_TorchTensorAcceleratorChannel' object has no attribute '_accelerator_group'"
            r"'_TorchTensor(?:Accelerator|Nccl)Channel' object\b",
        ),
        severity="fail",
        cause=("vLLM's Ray executor moves data between its workers (pipeline stages, nodes) through Ray Compiled Graph "
               "channels, and one of them failed (tensors lost in deserialisation, a channel that cannot start on these "
               "GPUs, or a channel timeout): a fault of that path with this Ray and vLLM, not of the GPUs or NCCL."),
        advice=("Run vLLM without the compiled-graph path: on releases that have it set VLLM_USE_RAY_V2_EXECUTOR_BACKEND=1 "
                "(keeping --distributed-executor-backend ray), or use the multiprocessing executor "
                "(--distributed-executor-backend mp; across nodes with --nnodes/--node-rank where the release supports "
                "it); where pipeline parallelism over Ray fails, serve with tensor parallelism across the GPUs "
                "(--tensor-parallel-size N --pipeline-parallel-size 1); otherwise keep Ray at the version the installed "
                "vLLM pins and update vLLM (multimodal inputs under PP were fixed in vLLM by not sending them to the "
                "other PP ranks)."),
        action="configure",
        rules_out=("the GPUs", "NCCL", "the driver"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE", "gpu_memory_utilization"),
        sources=("https://github.com/ray-project/ray/issues/61309", "https://github.com/vllm-project/vllm/pull/35405",
                 "https://github.com/vllm-project/vllm/issues/35403",
                 "https://github.com/vllm-project/vllm/pull/13490",
                 "https://bestnetllc.co.jp/docs/resolving-the-issue-where-pipeline_parallel2-crashes-on-v100/"),
        checked=CHECKED,
        examples=("vllm/ray-61309-vlm-pp-compiled-dag-out-of-band-tensors-assert.txt",
                  "vllm/bestnet-v100-ray-pp2-torchtensoracceleratorchannel-attributeerror.txt"),
    ),
    # A channel timeout alone names no fault of its own: Ray raises it whenever the other end does not answer within
    # RAY_CGRAPH_get_timeout (300 s), also when a worker died of CUDA OOM or hangs in NCCL, so a warning that the
    # failure those workers' lines name (read beside it) outranks (rev44a).
    Signature(
        code="vllm.ray-compiled-graph-channel-timeout",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(r"\bRayChannelTimeoutError\b",),
        severity="warn",
        cause=("A Ray Compiled Graph channel between vLLM's Ray workers timed out: the compiled-graph path itself "
               "(large multimodal inputs between pipeline stages), or a worker on the other end that died or hangs "
               "(its own log shows CUDA out of memory, an NCCL error or a hang)."),
        advice=("Look at every Ray worker's log for the first error; if none failed, run vLLM without the compiled-graph "
                "path (VLLM_USE_RAY_V2_EXECUTOR_BACKEND=1 where the release has it, or --distributed-executor-backend mp), "
                "serve with tensor instead of pipeline parallelism, or update vLLM (multimodal inputs are no longer sent "
                "to the other PP ranks); a step that is only slow needs a longer RAY_CGRAPH_get_timeout."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/35403", "https://github.com/vllm-project/vllm/pull/35405"),
        checked="2026-11-28",
        examples=("vllm/vllm-35403-vlm-pp2-ray-compiled-dag-channel-timeout.txt",),
    ),
)
