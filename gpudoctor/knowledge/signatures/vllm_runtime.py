"""vLLM's installation and runtime: a missing or mismatched compiled extension, an engine placed where Ray has no GPU,
the custom all-reduce failing, kernels this GPU cannot run (rows of the vllm area).

Written blind for issue 25 (third round), from vLLM's own messages (vllm/_custom_ops.py, vllm/config.py,
vllm/model_executor/models/registry.py, vllm/executor/ray_utils.py, csrc/custom_all_reduce.cuh) and Triton's
OutOfResources; each row's sources name the threads that settled what they mean.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.model-inspection-failed",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        patterns=(
            # registry.py runs `python -m vllm.model_executor.models.registry` to inspect a model class; when that
            # subprocess fails, the architecture is reported as failed, whatever the import that broke
            r"Model architectures \[(?P<architectures>[^\]\n]{1,200})\] failed to be inspected",
            r"Error in inspecting model architecture '(?P<architectures>[\w.]{1,80})'",
        ),
        severity="fail",
        cause=("vLLM's subprocess that imports its model classes failed, so it could not inspect {architectures}: an "
               "import breaks in this Python environment (a package that does not match vLLM), not the model or the GPU."),
        advice=("Run `python -m vllm.model_executor.models.registry` to see the import that fails (the traceback after "
                "\"Error in inspecting model architecture\"), then reinstall vLLM in a fresh virtual environment "
                "(`pip install vllm`) so the torch and transformers it pins come with it."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/dhcode-cpp/X-R1/issues/6", "https://github.com/vllm-project/vllm/issues/22376",
                 "https://github.com/vllm-project/vllm/issues/13216"),
        checked="2026-11-26",
        examples=("vllm/xr1-6-qwen2-failed-to-be-inspected.txt",),
    ),
    Signature(
        code="vllm.ray-node-without-gpu",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            r"Current node has no GPU available\. current_node_resource=",
            r"Ray does not allocate any GPUs on the driver node",
        ),
        severity="fail",
        cause=("vLLM runs under Ray on a node where Ray has no unreserved GPU for it (placement groups already hold the "
               "GPUs, or the node joined Ray without them), so the engine cannot start."),
        advice=("Make the GPUs free on the Ray node vLLM runs on: `ray status` lists each node's GPUs and their use; do "
                "not reserve them twice (data-parallel replicas times tensor-parallel size must fit the GPUs), start each "
                "node with its GPUs (`ray start --num-gpus=N`) and launch vLLM on a GPU node (VLLM_HOST_IP set to that "
                "node's Ray address). Under Ray Serve or Ray LLM the replica that starts vLLM needs a GPU of its own: "
                "give the deployment `ray_actor_options={\"num_gpus\": 1}` and placement-group bundles holding each "
                "vLLM worker's GPU (STRICT_PACK), as the Ray Serve vLLM example does."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/EleutherAI/lm-evaluation-harness/issues/2410",
                 "https://github.com/ray-project/ray/issues/51242",
                 "https://github.com/vllm-project/vllm/issues/13093", "https://github.com/vllm-project/vllm/issues/7815"),
        checked="2026-11-26",
        examples=("vllm/lmeval-2410-ray-current-node-no-gpu.txt",
                  "vllm/ray-51242-serve-vllm-no-cuda-gpus-driver-node-analysis.txt"),
    ),
    Signature(
        code="vllm.custom-allreduce-cuda-error",
        refines=("cuda.illegal-address",),
        refines_within=None,
        cause_id="vllm-custom-allreduce-p2p",
        kinds=("any",),
        # CUDACHECK in csrc/custom_all_reduce.cuh ("Failed: Cuda error FILE:LINE 'MESSAGE'"); a lack of peer access has
        # its own row (vllm.custom-allreduce-peer-access)
        patterns=(r"custom_all_reduce\.cuh:(?P<line>\d+) '(?!peer access is not supported)(?P<error>[^'\n]{1,100})'",),
        severity="fail",
        cause=("vLLM's custom all-reduce, which shares buffers between the GPUs through CUDA IPC, failed with "
               "'{error}'; NCCL's all-reduce does not depend on it."),
        advice=("Turn vLLM's custom all-reduce off (`--disable-custom-all-reduce`, or disable_custom_all_reduce=True) so "
                "NCCL does the all-reduce."),
        action="configure",
        rules_out=("a model fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/benchflow-ai/posttrainarena/pull/46", "https://github.com/vllm-project/vllm/issues/5613",
                 "https://github.com/vllm-project/vllm/issues/9046"),
        checked="2026-11-26",
        examples=("vllm/posttrainarena-46-custom-allreduce-invalid-argument.txt",),
    ),
    Signature(
        code="vllm.cuda12-driver-symbol-missing",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cuTensorMapEncode* are CUDA 12.0 driver API functions (Hopper's TMA); a binary built for CUDA 12 that links
        # them directly cannot load against an older libcuda.
        patterns=(r"undefined symbol: (?P<symbol>cuTensorMapEncode(?:Tiled|Im2col))\b",),
        severity="fail",
        cause=("A library built for CUDA 12 needs the driver function {symbol}, which the installed NVIDIA driver "
               "(older than CUDA 12) lacks."),
        advice=("Update the NVIDIA driver to one that supports CUDA 12 (R525 or newer; `nvidia-smi` shows the newest CUDA "
                "the driver supports), or install builds of vLLM and PyTorch made for the CUDA version the driver "
                "supports."),
        action="configure",
        rules_out=("a model fault",),
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/vllm-project/vllm/issues/11623", "https://github.com/tile-ai/tilelang/issues/182",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-11623-c-undefined-cutensormapencodetiled.txt",),
    ),
    Signature(
        code="vllm.triton-shared-memory-exceeded",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # triton.runtime.errors.OutOfResources when a kernel's configuration needs more shared memory per block than
        # the GPU has (Turing: 64 KiB; consumer Ampere and Ada: 99 KiB; A100: 163 KiB; H100: 227 KiB)
        patterns=(r"out of resource: shared memory, Required: (?P<required>\d+), Hardware limit: (?P<limit>\d+)",),
        severity="fail",
        cause=("A Triton kernel needs {required} bytes of shared memory per block and this GPU offers {limit}: the GPU "
               "is too small for that kernel's configuration."),
        advice=("Run it on a GPU with more shared memory per block (Ampere or newer data-centre GPUs: A100, H100), or "
                "choose a backend or model configuration that does not use that Triton kernel on this GPU."),
        action="configure",
        rules_out=("a driver fault", "a lack of GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/FlashML-org/FreeToken/issues/246", "https://github.com/vllm-project/vllm/issues/36802",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#features-and-technical-specifications"),
        checked="2026-11-26",
        examples=("vllm/freetoken-246-triton-shared-memory-rtx2080ti.txt",),
    ),
    Signature(
        code="vllm.compiled-extension-missing",
        cause_id="vllm-extension-missing",
        kinds=("any",),
        patterns=(
            # vllm/_custom_ops.py's warning, and the import itself
            r"Failed to import from vllm\._C with ModuleNotFoundError",
            r"No module named '?vllm\._C'?",
            # 2023's layout: the compiled ops were modules of the package itself
            r"cannot import name '(?P<name>\w+)' from (?:partially initialized module )?'vllm'",
        ),
        severity="fail",
        cause=("The vllm package Python imports has no compiled extension (vllm._C): a vLLM source folder in the "
               "working directory shadows the installed package, or vLLM was installed without building it (native "
               "Windows, a failed build)."),
        advice=("Run vLLM from outside its source folder (`python -c \"import vllm; print(vllm.__file__)\"` must point "
                "into site-packages), build a checkout with `pip install -e .`, or install the prebuilt wheel on Linux or "
                "WSL2 with `pip install vllm`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/hiyouga/LlamaFactory/issues/5767", "https://github.com/vllm-project/vllm/issues/1367",
                 "https://github.com/vllm-project/vllm/issues/1814"),
        checked="2026-11-26",
        # native Windows' missing vllm._C (llamafactory-5767) is vllm.extension-missing-on-windows' example
        examples=("vllm/vllm-1367-source-tree-shadows-install.txt",),
    ),
    Signature(
        code="vllm.quantization-method-unknown",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # config.py's _verify_quantization (later pydantic's "Value error, Unknown quantization method: …")
        patterns=(r"Unknown quantization method: (?P<method>[\w-]{0,40})\. Must be one of",),
        severity="fail",
        cause="This vLLM release does not know the quantization method '{method}' the checkpoint (or --quantization) names.",
        advice=("Upgrade vLLM to a release that supports it (`pip install -U vllm`, or a newer vllm/vllm-openai image), "
                "or serve a checkpoint in one of the quantization formats this release lists."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/1919", "https://github.com/unslothai/unsloth/issues/482"),
        checked="2026-11-26",
        examples=("vllm/vllm-1919-unknown-quantization-gptq-old-vllm.txt",),
    ),
    Signature(
        code="vllm.quantized-weight-not-divisible-by-tp",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # awq.py / gptq.py create_weights when a GPU's slice cuts through a quantization group
            r"The (?:input|output) size is not aligned with the quantized weight shape",
            # the Marlin kernels' own check (marlin_utils.py), whose message names the ways out
            r"Weight (?P<dim>input|output)_size_per_partition = (?P<size>\d+) is not divisible by\s{1,2}"
            r"min_thread_(?:k|n) = (?P<block>\d+)",
        ),
        severity="fail",
        cause=("The quantized checkpoint's layers do not split evenly over this many GPUs: each GPU's slice must hold "
               "whole quantization groups (and whole kernel blocks), and with this tensor-parallel size it does not."),
        advice=("Use a tensor-parallel size whose slices hold whole groups (a smaller --tensor-parallel-size, putting the "
                "other GPUs to work with --pipeline-parallel-size), or run the checkpoint with the plain kernel "
                "(--quantization awq or gptq instead of the Marlin one) as vLLM's message suggests."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/2699", "https://github.com/vllm-project/vllm/issues/13640",
                 "https://github.com/vllm-project/vllm/issues/9913"),
        checked="2026-11-26",
        examples=("vllm/vllm-2699-quantized-input-size-not-aligned.txt", "vllm/vllm-13640-marlin-min-thread-k-awq-tp2.txt"),
    ),
    Signature(
        code="vllm.triton-libcuda-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # triton/common/build.py's libcuda_dirs(): it wants an unversioned libcuda.so in a directory ldconfig knows
        patterns=(r"AssertionError: libcuda\.so cannot found", r"Please create a symlink of libcuda\.so to any of the file"),
        severity="fail",
        cause=("Triton (used by vLLM's kernels) looks for the driver's library as an unversioned libcuda.so and does not "
               "find it: only libcuda.so.1 is there, or the loader cache does not list it."),
        advice=("Let Triton find the driver's library under the name it wants: create the link it asks for next to "
                "libcuda.so.1 (e.g. `sudo ln -s /lib64/libcuda.so.1 /lib64/libcuda.so`, then `sudo ldconfig`), or point "
                "TRITON_LIBCUDA_PATH at the directory that holds libcuda.so.1; in a container, run it with the GPUs "
                "(`--gpus all`) so the driver's libraries are mounted."),
        action="configure",
        rules_out=("a fault of the model",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/4455", "https://github.com/vllm-project/vllm/issues/3808",
                 "https://github.com/triton-lang/triton/issues/2110"),
        checked="2026-11-26",
        examples=("vllm/vllm-4455-triton-asks-libcuda-symlink.txt",),
    ),
    Signature(
        code="vllm.gloo-connect-failed",
        cause_id="nccl-network-config",
        kinds=("any",),
        # torch's Gloo process group, which vLLM builds beside NCCL for its CPU-side messages across nodes
        patterns=(r"Gloo connectFullMesh failed\b",),
        severity="fail",
        cause=("The processes on different nodes (vLLM's workers, or a torch.distributed job's ranks) could not "
               "connect through Gloo: it bound to an interface (or the loopback address) the other nodes cannot reach."),
        advice=("Tell Gloo and NCCL which interface reaches the other nodes: set GLOO_SOCKET_IFNAME and NCCL_SOCKET_IFNAME "
                "(e.g. `export GLOO_SOCKET_IFNAME=eth0 NCCL_SOCKET_IFNAME=eth0`) in every node's environment before "
                "the launcher (`ray start` and vLLM, torchrun), make each host name resolve to that interface's "
                "address, and check the nodes reach each other on it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/5094", "https://github.com/vllm-project/vllm/issues/7074",
                 "https://github.com/gpustack/gpustack/issues/2125",
                 "https://docs.vllm.ai/en/latest/usage/troubleshooting.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-5094-ray-gloo-connectfullmesh.txt", "vllm/vllm-7074-gloo-loopback-fallback-two-nodes.txt",
                  "vllm/awsdoeks-50-gloo-fullmesh-refused-127.txt"),
    ),
    Signature(
        code="vllm.request-longer-than-model-len",
        cause_id="none",
        kinds=("any",),
        patterns=(
            # the engine's input check, and the OpenAI-compatible server's answer to a too long request
            r"The decoder prompt \(length (?P<length>\d+)\) is longer than the maximum model length of (?P<max_len>\d+)",
            r"This model's maximum context length is (?P<max_len>\d+) tokens\. However, you requested (?P<length>\d+) tokens",
        ),
        severity="info",
        cause=("A request of {length} tokens was longer than the {max_len} the server accepts (its max_model_len); the "
               "server rejected that request and is otherwise fine."),
        advice=("Keep requests within the model length: send shorter inputs (truncate prompts, or make a client's chunks "
                "shorter, counting tokens; images count too), or start vLLM with a larger --max-model-len if the model "
                "and the KV cache allow it."),
        action="configure",
        rules_out=("a GPU, driver or memory fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/nvidia-cosmos/cosmos-rl/issues/403", "https://github.com/vllm-project/vllm/issues/19798",
                 "https://github.com/vllm-project/vllm/issues/20409"),
        checked="2026-11-26",
        examples=("vllm/cosmos-rl-403-vllm-rejects-long-sample.txt", "vllm/vllm-19798-embedding-input-over-context.txt"),
    ),
    Signature(
        code="vllm.xformers-no-soft-capping",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # vllm/attention/backends/xformers.py before vllm-project/vllm#11252: the fallback backend of GPUs that cannot
        # run FlashAttention refused Gemma 2's logit soft-capping
        patterns=(r"XFormers does not support attention logits soft capping",),
        severity="fail",
        cause=("vLLM fell back to its XFormers attention backend (FlashAttention needs an Ampere or newer GPU), and this "
               "release's XFormers backend cannot apply the model's attention logit soft-capping (Gemma 2)."),
        advice=("Upgrade vLLM (`pip install -U vllm`): later releases let the XFormers backend run Gemma 2; or run the "
                "model on an Ampere or newer GPU, where vLLM uses FlashAttention, which soft-caps."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/Marker-Inc-Korea/AutoRAG/issues/696", "https://github.com/vllm-project/vllm/issues/9922",
                 "https://github.com/vllm-project/vllm/pull/11252"),
        checked="2026-11-26",
        examples=("vllm/autorag-696-xformers-no-logits-soft-capping.txt",),
    ),
    Signature(
        code="vllm.nccl-library-not-loaded",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # vllm/distributed/device_communicators/pynccl_wrapper.py (0.4 on; every wording names VLLM_NCCL_SO_PATH,
            # the prefilter's word), and what followed in 0.4.0 and 0.4.1
            r"Failed to load NCCL library from (?P<library>[^\s,]{1,200})[^\n]{0,600}?VLLM_NCCL_SO_PATH",
            r"name 'ncclGetVersion' is not defined",
        ),
        # with one GPU vLLM goes on without it (the message says "expected if you are not running on NVIDIA/AMD GPUs")
        severity="warn",
        cause=("vLLM's own NCCL wrapper could not load libnccl: no usable NCCL library is where it looks, so "
               "communication between GPUs (tensor parallelism) cannot start."),
        advice=("Give vLLM a libnccl.so.2 it can load: install the NCCL that PyTorch uses (`pip install "
                "nvidia-nccl-cu12`) or point VLLM_NCCL_SO_PATH at an existing one (`find / -name 'libnccl.so*'`), in "
                "the environment every worker runs in."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/rh-aiservices-bu/llm-on-openshift/issues/57",
                 "https://github.com/vllm-project/vllm/issues/4257", "https://github.com/vllm-project/vllm/issues/4077"),
        checked="2026-11-26",
        examples=("vllm/llm-on-openshift-57-image-without-libnccl.txt",),
    ),
    Signature(
        code="vllm.model-needs-trust-remote-code",
        cause_id="vllm-model-unsupported",
        kinds=("any",),
        # transformers' resolve_trust_remote_code, reached through vLLM's config and tokenizer loading (both wordings)
        patterns=(
            r"contains custom code which must be executed to correctly load the model",
            r"requires you to execute the configuration file in that repo on your local machine",
        ),
        severity="fail",
        cause="The model ships its own code for its configuration or tokenizer, which is only run when it is allowed.",
        advice=("If you trust the model's code, allow it: `vllm serve MODEL --trust-remote-code` (trust_remote_code=True "
                "in Python, and in every tool that loads the model's tokenizer or processor too)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/vllm-project/vllm/issues/9531", "https://github.com/vllm-project/vllm/issues/6215",
                 "https://huggingface.co/docs/transformers/main/en/custom_models"),
        checked="2026-11-26",
        examples=("vllm/vllm-9531-internvl2-needs-trust-remote-code.txt",),
    ),
    Signature(
        code="vllm.hf-gated-model",
        # the HTTP status line and the Hub's reason beside it (vllm_r15a.py) become this row's evidence
        refines=("vllm.hf-download-refused",), refines_within=None,
        cause_id="hf-gated-repo-no-access",  # TAXONOMY's id for it, no false alarm: the run fails (w39f)
        kinds=("any",),
        # huggingface_hub's GatedRepoError, and transformers' OSError around it
        patterns=(r"You are trying to access a gated repo", r"Cannot access gated repo for url"),
        severity="info",
        cause=("Hugging Face refused the model's files: it is a gated model and the token this process uses has no "
               "granted access (or there is no token); the GPUs are not involved."),
        advice=("Request access on the model's Hugging Face page, then give the process that downloads a token with that "
                "access: `huggingface-cli login` as the user that runs it, or HF_TOKEN in its environment "
                "(`-e HF_TOKEN=…` for a container)."),
        action="configure",
        rules_out=("a GPU, driver or memory fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/skypilot-org/skypilot/issues/2634",
                 "https://github.com/tenstorrent/tt-inference-server/issues/37",
                 "https://huggingface.co/docs/hub/models-gated"),
        checked="2026-11-26",
        examples=("vllm/skypilot-2634-gated-repo-llama2.txt",),
    ),
    Signature(
        code="vllm.triton-kernel-image-invalid",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # Triton loading a kernel it compiled with the ptxas it ships (vLLM's fused MoE and attention kernels)
        patterns=(r"Triton Error \[CUDA\]: device kernel image is invalid",),
        severity="fail",
        cause=("The driver cannot load the kernels Triton compiled: Triton's bundled ptxas targets a newer CUDA than "
               "this NVIDIA driver supports."),
        advice=("Update the NVIDIA driver to one that supports the CUDA version of Triton's bundled ptxas (CUDA 12 needs "
                "R525 or newer; `nvidia-smi` shows what the driver supports), or point TRITON_PTXAS_PATH at the ptxas of "
                "a CUDA toolkit this driver supports (e.g. /usr/local/cuda-11.8/bin/ptxas), or, where a newer Triton was "
                "installed over the one torch pins, go back to that one (`pip install --force-reinstall torch==` the "
                "installed version reinstalls the Triton it requires)."),
        action="configure",
        rules_out=("a fault of the model",),
        never_suggest=("reinstall triton from source",),
        sources=("https://github.com/triton-lang/triton/issues/2971", "https://github.com/vllm-project/vllm/issues/5713",
                 "https://github.com/pytorch/pytorch/issues/119054", "https://github.com/triton-lang/triton/issues/3001"),
        checked="2026-11-26",
        examples=("vllm/triton-2971-kernel-image-invalid-driver-470.txt",),
    ),
)
