"""How the ranks find each other: the launcher's rendezvous port and the pod network in between (rows of the nccl
area, joined into nccl.SIGNATURES).

Written blind for issue 25 (round thirteen of the row writers). torch.distributed's ranks meet at a TCPStore that
rank 0 serves on MASTER_PORT (accelerate's main_process_port, DeepSpeed's --master_port); NCCL then opens its own
bootstrap and data sockets between the ranks on the interface NCCL_SOCKET_IFNAME names. A service mesh's sidecar
(Istio's Envoy) redirects a pod's TCP traffic through itself, which NCCL's long-lived raw sockets do not survive.
Serving engines then capture NCCL's all-reduce in CUDA graphs, which an NCCL built with CUDA < 11.3 refuses.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ACCELERATE_LAUNCH = "https://huggingface.co/docs/accelerate/package_reference/cli#accelerate-launch"
ISTIO_ANNOTATIONS = "https://istio.io/latest/docs/reference/config/annotations/"
NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.rendezvous-port-zero",
        cause_id="nccl-network-config",
        kinds=("any",),
        # accelerate's config or `accelerate env` dump ("main_process_port: 0"), its flag, DeepSpeed's launcher command
        # ("--master_port=0") or the environment: port 0 asks the OS for any free port, which only the process that
        # binds it learns, so ranks told "port 0" cannot connect to rank 0's store (DeepSpeed's init_distributed and
        # accelerate before its single-node auto-pick hang there).
        # (each wording spelled out, so that the prefilter keys on the "0" too: healthy launches print their port)
        patterns=(r"main_process_port: 0(?![\d.])", r"main_process_port': 0(?![\d.])",
                  r"main_process_port=0(?![\d.])", r"main_process_port 0(?![\d.])",
                  r"--master_port=0(?![\d.])", r"--master_port 0(?![\d.])",
                  r"\bMASTER_PORT=0(?![\d.])"),
        severity="warn",
        cause=("The launcher was given port 0 for the rendezvous (main_process_port / MASTER_PORT): only a recent "
               "accelerate on a single node replaces it with a free port itself; DeepSpeed's launcher, older accelerate "
               "and multi-node runs pass it on, an OS-chosen port the other ranks cannot know, so the start-up hangs."),
        advice=("Give the launcher a fixed free port instead of 0, the same on every node: `main_process_port: 29501` "
                "in the accelerate config (or `accelerate launch --main_process_port 29501`, `deepspeed --master_port "
                "29501`, MASTER_PORT=29501), a different one for each job sharing a machine; check it is free with "
                "`ss -ltn | grep 29501`, and that MASTER_ADDR is the main node's reachable address."),
        action="configure",
        rules_out=("an NCCL, driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/accelerate/issues/1785",
                 "https://github.com/huggingface/accelerate/issues/2955", ACCELERATE_LAUNCH),
        checked="2026-11-26",
        examples=("nccl/accelerate-1785-port-zero-config-hangs.txt",),
    ),
    Signature(
        code="nccl.istio-sidecar-intercepts",
        cause_id="nccl-network-config",
        kinds=("any",),
        # The sidecar's container names in `kubectl` output, its annotations in a pod spec, or the mesh named beside
        # a hang: NCCL prints nothing when its sockets stall behind Envoy, so the mesh is the evidence.
        patterns=(r"\bistio-(?:proxy|init)\b",
                  r"sidecar\.istio\.io/",
                  r"\b[Ii]stio (?:envoy|sidecar|proxy|injection)\b"),
        severity="warn",
        cause=("The GPU pods run behind a service mesh sidecar (Istio's Envoy), which redirects their TCP traffic "
               "through itself; NCCL's bootstrap and socket connections between the ranks stall there, so "
               "collectives hang at start-up."),
        advice=("Take NCCL's traffic out of the Istio sidecar: run the training or inference pods outside the mesh "
                "(pod annotation `sidecar.istio.io/inject: \"false\"`), or exclude the ranks' traffic from "
                "interception (`traffic.sidecar.istio.io/excludeOutboundIPRanges` with the pods' CIDR, and "
                "`excludeInboundPorts` for the rendezvous port), and set NCCL_SOCKET_IFNAME=eth0 on every pod (lo "
                "works only when all ranks share one pod)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl/issues/1638",
                 "https://github.com/NVIDIA/nccl-tests/issues/248", ISTIO_ANNOTATIONS, NCCL_ENV),
        checked="2026-11-26",
        examples=("nccl/nccl-1638-istio-envoy-nccl-tests-stuck.txt",),
    ),
    Signature(
        code="nccl.graph-capture-needs-cuda113-build",
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # src/misc/strongstream.cc (ncclCudaGetCapturingGraph): a collective issued inside CUDA graph capture (vLLM's,
        # lmdeploy's or SGLang's tensor-parallel graphs) from an NCCL compiled with CUDA < 11.3 or under a driver older
        # than R465; the pip nvidia-nccl-cu11 wheels are built with CUDA 11.0, so a cu11 stack hits it on any driver.
        patterns=(r"NCCL cannot be captured in a graph if either it wasn't built with CUDA runtime >= 11\.3",),
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        severity="fail",
        cause=("The NCCL library in use cannot take part in CUDA graph capture: it was built with a CUDA runtime older "
               "than 11.3 (the pip nvidia-nccl-cu11 wheels are built with CUDA 11.0), or the driver is older than R465, "
               "so the engine's tensor-parallel all-reduce fails while capturing its CUDA graphs."),
        advice=("Check the NCCL build (`python -c 'import torch; print(torch.cuda.nccl.version())'`, `pip list | grep "
                "nccl`): install an NCCL built with CUDA 11.3 or later, e.g. a cu12 PyTorch with its nvidia-nccl-cu12 "
                "wheel (or NCCL built for the image's CUDA), and make sure the driver is R465 or newer (`nvidia-smi`); "
                "until then start the engine without CUDA graphs (vLLM `--enforce-eager`)."),
        action="configure",
        rules_out=("a network or P2P fault",),
        never_suggest=("set NCCL_P2P_DISABLE", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/vllm-project/vllm/issues/3069", "https://github.com/vllm-project/vllm/issues/5679",
                 "https://github.com/InternLM/lmdeploy/pull/2433",
                 "https://github.com/NVIDIA/nccl/blob/master/src/misc/strongstream.cc"),
        checked="2026-11-26",
        examples=("nccl/vllm-3069-nccl-cuda110-not-capturable.txt", "nccl/lmdeploy-2433-nccl-cu11-graph-capture.txt"),
    ),
)
