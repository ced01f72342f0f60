"""Issue 25 (helper w40j): vLLM's start-up free-memory check on a unified-memory GPU (GB10 / DGX Spark, Jetson).

On the DGX Spark's GB10 (and Jetson Thor/Orin) the GPU has no memory of its own: CUDA's free figure
(torch.cuda.mem_get_info, cudaMemGetInfo) is the kernel's MemFree, so the Linux page cache that holds the model's weight
files after a download or an earlier load counts as used although the kernel would give it back. vLLM's v1 worker
then refuses gpu_memory_utilization at start-up ("Free memory on device ... on startup is less than desired GPU memory
utilization"), before any weight is loaded; restarting the container or the host does not help where the weights are
read into the cache again, and dropping the page cache right before the launch does (vllm#48140, DGX Spark known
issues). The generic row (vllm.free-memory-below-utilization: another process holds the GPU) reads vLLM's own line;
this row reads a person's words for the accounting behind it ("page cache counts as used", "MemFree instead of
MemAvailable"). A row reading vLLM's line where the text names a GB10 waits for a real paste of it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_SOURCES = ("https://github.com/vllm-project/vllm/issues/48140",
            "https://docs.nvidia.com/dgx/dgx-spark/known-issues.html#guidance-for-reporting-memory-resources-with-unified-memory-architecture")
_ADVICE = ("Free the page cache right before starting vLLM: `sync && echo 3 | sudo tee /proc/sys/vm/drop_caches` (in a "
           "compose or systemd start, as a step before the server starts, since a restart reads the weights into the "
           "cache again); stop other programs holding unified memory, and keep --gpu-memory-utilization below the share "
           "`free -g` shows available after that (0.8 to 0.85 on a 128 GB DGX Spark leaves the OS its part). Where "
           "the check still fails after dropping the cache, lower --gpu-memory-utilization, or set "
           "--kv-cache-memory-bytes so the KV cache no longer depends on the start-up figure.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.unified-memory-page-cache-counted-described",
        described=True,
        cause_id="vllm-kv-cache-memory",
        kinds=("any",),
        # Only where the text shows a unified-memory machine: on a discrete GPU the page cache is host memory, and
        # people write of it counting as used in host-memory threads too (rev40d)
        contexts=("dgx-spark", "jetson"),
        patterns=(
            # "reclaimable Linux page-cache ... counts as "used"", "the page cache is counted as used memory"
            r"\bpage[- ]cache\b[^\n]{0,160}?\b(?:counts?|counted|treated|seen|reported) as\b[^\n]{0,12}?\bused\b",
            # "returns `MemFree` from `/proc/meminfo`, not `MemAvailable`", "MemFree instead of MemAvailable"
            r"\bMemFree\b[^\n]{0,60}?\b(?:not|instead of|rather than)\b[^\n]{0,6}?\bMemAvailable\b",
        ),
        severity="warn",
        cause=("The description suggests a unified-memory GPU (GB10 / DGX Spark, Jetson) whose free memory, as CUDA "
               "reports it, is the kernel's MemFree: the page cache holding the model's files counts as used, so an "
               "engine's start-up memory check (vLLM's gpu_memory_utilization, SGLang's mem_fraction_static) or its KV "
               "cache sizing comes out short although the memory is reclaimable."),
        advice=_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=_SOURCES,
        checked="2026-11-28",
        examples=("vllm/vllm-48140-gb10-startup-free-memory-page-cache.txt",),
    ),
)
