"""Issue 25 (helper w48c): serving engines' tensor parallelism and memory share, told in prose or in a traceback's frames.

Three families that fresh threads showed and no row read:

- A person (or a maintainer) saying the model's heads cannot be divided by the tensor-parallel size asked for, in their
  own words rather than the engine's: LMDeploy's maintainer on InternVL#566 "kv_head的数量是8，没办法被5整除" (8 KV
  heads cannot be divided by 5), "40 heads is not divisible by 3", "tp只能支持2的n次方吗". The engines' own lines are
  vllm.heads-not-divisible-by-tp's and vllm.model-not-divisible-by-parallel-size's; this row reads the description.
- A start-up traceback that fails inside an engine's custom all-reduce (vLLM's, SGLang's and FastDeploy's
  custom_all_reduce.py, where CustomAllreduce.__init__ maps the other ranks' buffers through CUDA IPC with
  create_shared_buffer): on GPUs without peer-to-peer (GeForce cards, PCIe pairs behind ACS) that is where it fails,
  whatever message the driver then gives (FastDeploy#4588 on two RTX 4090s). The fix is the engine's switch that turns
  the custom all-reduce off.
- A helper judging the engine's memory share too close to the whole GPU (LMDeploy's maintainer on lmdeploy#3280:
  "--cache-max-entry-count 0.99 有些极限了", the KV cache taking 99% of what the weights leave, so a request with three
  large images fails): the fix is a lower share, not more memory. Only the judgement is read, never the value alone
  (commands with --gpu-memory-utilization 0.95 are common where something else failed).

And NVIDIA Dynamo's control plane (etcd and NATS) missing at start-up: a new cause id, serving-control-plane-not-running.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.heads-not-divisible-by-tp-described",
        described=True,
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # "kv_head的数量是8，没办法被5整除", "注意力头数为 40，不能被 3 整除"
            # (one pattern per negation, so that each holds a plain literal of three characters for the prefilter)
            *(r"(?:kv_heads?|num_key_value_heads|num_attention_heads|heads?|头(?:数|的数量|数量)?)[^\n]{0,20}?\d{1,4}"
              r"[^\n]{0,12}?" + negation + r"\s?\d{1,3}\s?整除" for negation in ("没办法被", "无法被", "不能被")),
            # "40 heads is not divisible by 3", "the KV heads (8) are not divisible by tp=5"
            r"\b(?:attention heads?|kv[ _-]?heads?|KV[ _-]?heads?|key[ _-]value heads?|num_key_value_heads|"
            r"num_attention_heads|heads)\b[^\n]{0,40}?\b(?:is|are|isn'?t|aren'?t) (?:not )?(?:evenly )?"
            r"divisible by\b",
            # the question people ask first: "LMDeploy部署 tp只能支持2的n次方吗"
            r"\btp\s?只能(?:支持|是|用|设置?为?)?\s?2的n次方",
        ),
        severity="warn",
        cause=("The text says the model's attention (or KV) heads cannot be divided evenly by the tensor-parallel size "
               "asked for: tensor parallelism splits the heads among the GPUs, so the size must divide the head count "
               "(1, 2, 4 or 8 for 8 KV heads), not merely match the number of GPUs at hand."),
        advice=("Choose a tensor-parallel size that divides num_attention_heads and num_key_value_heads in the model's "
                "config.json (LMDeploy `--tp`, vLLM `--tensor-parallel-size`, SGLang `--tp`): e.g. 4 of the 5 GPUs, "
                "selected with CUDA_VISIBLE_DEVICES; to use the rest, run a second replica or add pipeline "
                "parallelism, which splits layers instead of heads."),
        action="configure",
        rules_out=("a GPU or driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/OpenGVLab/InternVL/issues/566",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked=CHECKED,
        examples=("vllm/internvl-566-lmdeploy-tp5-kv-heads-8-prose.txt",),
    ),
    Signature(
        code="vllm.custom-allreduce-init-frame",
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("traceback", "vllm-log", "docker", "any"),
        patterns=(
            # a start-up traceback's frame in the engine's custom all-reduce set-up: vLLM's and SGLang's
            # device_communicators/custom_all_reduce.py, FastDeploy's distributed/custom_all_reduce/custom_all_reduce.py
            r"custom_all_reduce\.py\", line \d{1,6}, in (?P<func>__init__|create_shared_buffer|_get_ipc_meta|"
            r"_gather_ipc_meta|register_buffer|register_graph_buffers)\b",
        ),
        severity="fail",
        cause=("The engine failed while setting up its custom all-reduce ({func}), which maps the other ranks' GPU "
               "buffers through CUDA IPC and needs peer-to-peer access between the GPUs; GPUs without it (GeForce "
               "cards such as the RTX 4090, PCIe pairs behind ACS or the IOMMU) fail there at start-up."),
        advice=("Turn the custom all-reduce off so NCCL does the all-reduce: vLLM `--disable-custom-all-reduce` "
                "(disable_custom_all_reduce=True in LLM(...)), SGLang `--disable-custom-all-reduce` (or "
                "`--enable-p2p-check`), FastDeploy its disable_custom_all_reduce option; `nvidia-smi topo -p2p r` shows which "
                "GPU pairs can reach each other peer to peer."),
        action="configure",
        rules_out=("GPU memory", "the model"),
        never_suggest=("reinstall the driver", "gpu_memory_utilization"),
        sources=("https://github.com/PaddlePaddle/FastDeploy/issues/4588",
                 "https://github.com/sgl-project/sglang/issues/4814",
                 "https://docs.vllm.ai/en/latest/serving/engine_args.html"),
        checked=CHECKED,
        examples=("vllm/fastdeploy-4588-two-4090-custom-allreduce-peer-access.txt",),
    ),
    Signature(
        code="vllm.kv-cache-share-too-high-described",
        described=True,
        cause_id="vllm-kv-cache-memory",
        kinds=("any",),
        patterns=(
            # a helper's "--cache-max-entry-count 0.99 有些极限了" (too extreme), "gpu_memory_utilization=0.99 is too high",
            # "--mem-fraction-static 0.97 leaves no room for activations": the engine's memory share named, then judged
            r"(?:cache[-_]max[-_]entry[-_]count|gpu[-_]memory[-_]utili[sz]ation|mem[-_]fraction[-_]static)`?\W{0,3}"
            r"(?:0?\.9[5-9]\d?|1(?:\.0)?)\b`?[^\n]{0,20}?(?:有些极限|太极限|太极端|太高了?|太大了?|过高|过大|"
            r"(?:is |was |seems )?(?:too|very) (?:high|aggressive|large|much)\b|leaves? (?:no|little|too little|almost no) "
            r"(?:room|memory|headroom))",
        ),
        severity="warn",
        cause=("The text says the serving engine's memory share is set too close to all of the GPU: LMDeploy's "
               "cache_max_entry_count (the share of the memory left after the weights that goes to the KV cache), "
               "vLLM's gpu_memory_utilization or SGLang's mem_fraction_static near 1 leave almost nothing for the "
               "activations of a long or image-heavy request, which then fails (an error or out of memory) although "
               "the model loaded."),
        advice=("Lower the share so the KV cache leaves room for computation: LMDeploy `--cache-max-entry-count 0.8` "
                "(its default; 0.5 or less beside a vision encoder or another model), vLLM `--gpu-memory-utilization "
                "0.9`, SGLang `--mem-fraction-static 0.85`; raise it again step by step, or add GPUs with --tp, if the "
                "KV cache then holds too few tokens."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/InternLM/lmdeploy/issues/3280",
                 "https://lmdeploy.readthedocs.io/en/latest/llm/pipeline.html"),
        checked=CHECKED,
        examples=("vllm/lmdeploy-3280-qwen25vl-cache-max-entry-count-099-error.txt",),
    ),
)

# NVIDIA Dynamo's distributed runtime registers every worker in etcd and queues work over NATS (JetStream); a process
# started where neither runs (`pip install ai-dynamo` then `dynamo run`, a bare-metal `dynamo serve`, a pod started before
# the etcd and NATS services are ready) stops at once. Dynamo's lib/runtime prints "Failed to connect to etcd server with
# config ClientOptions { etcd_url: [...] ... }" (transports/etcd.rs) or "Unable to create lease. Check etcd server status
# at URL" (storage/kv.rs); a NATS server without JetStream answers its stream calls with nats.js ServiceUnavailableError.
_CONTROL_PLANE_ADVICE = (
    "Start Dynamo's control plane before its workers: from the Dynamo repository `docker compose -f "
    "deploy/docker-compose.yml up -d` (etcd on :2379 and nats-server with JetStream on :4222), or run `etcd` and "
    "`nats-server -js` yourself; where they run elsewhere, set ETCD_ENDPOINTS and NATS_SERVER (e.g. "
    "nats://host:4222) for every Dynamo process; in Kubernetes let the pods wait for the etcd and NATS services "
    "(Dynamo's platform chart or init containers). `curl http://localhost:2379/health` shows etcd answering.")
SIGNATURES += (
    Signature(
        code="vllm.dynamo-etcd-unreachable",
        cause_id="serving-control-plane-not-running",
        kinds=("any",),
        patterns=(
            r"Failed to connect to etcd server with config (?:ClientOptions )?\{ ?etcd_url: \[\"?(?P<url>[^\]\"\s]{1,120})",
            r"Unable to create lease\. Check etcd server status at (?P<url>\S{1,120})",
        ),
        severity="fail",
        cause=("Dynamo's distributed runtime found no etcd server at {url}: etcd (and NATS) are its control plane, "
               "and a worker or frontend started before them, or pointed at the wrong address, stops at start-up."),
        advice=_CONTROL_PLANE_ADVICE,
        action="configure",
        rules_out=("the GPU", "the driver", "vLLM itself"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/ai-dynamo/dynamo/issues/1188", "https://github.com/ai-dynamo/dynamo/issues/851",
                 "https://github.com/ai-dynamo/dynamo/issues/1699"),
        checked=CHECKED,
        examples=("vllm/dynamo-1188-no-etcd-server-running.txt",),
    ),
    Signature(
        code="vllm.dynamo-control-plane-described",
        described=True,
        cause_id="serving-control-plane-not-running",
        kinds=("any",),
        patterns=(
            # "try restarting NATS and ETCD first", "start etcd and nats before dynamo serve", "nats and etcd are not running"
            r"\b(?:[Rr]estart|[Ss]tart|[Rr]un|[Ll]aunch|[Bb]ring up|[Ss]pin up)\w{0,3} (?:the )?(?:NATS|[Nn]ats)(?:-server)?"
            r"(?: server)? and (?:the )?(?:ETCD|[Ee]tcd)\b",
            r"\b(?:[Rr]estart|[Ss]tart|[Rr]un|[Ll]aunch|[Bb]ring up|[Ss]pin up)\w{0,3} (?:the )?(?:ETCD|[Ee]tcd)(?: server)? and "
            r"(?:the )?(?:NATS|[Nn]ats)\b",
            r"\b(?:NATS|[Nn]ats)(?:-server)? (?:and|or) (?:ETCD|[Ee]tcd)\b[^\n]{0,30}?\b(?:(?:is|are|was|were) not|(?:is|are)n't|"
            r"not) (?:running|started|up|reachable)",
        ),
        severity="warn",
        cause=("The text points at Dynamo's control plane: its workers and frontend need etcd and NATS (JetStream) "
               "running and reachable before they start, and a serving run without them fails or stalls."),
        advice=_CONTROL_PLANE_ADVICE,
        action="configure",
        rules_out=("the GPU", "the driver"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ai-dynamo/dynamo/issues/516",),
        checked=CHECKED,
        examples=("vllm/dynamo-516-disagg-restart-nats-etcd-compose-prose.txt",),
    ),
)
