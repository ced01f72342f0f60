"""Issue 25 (helper w52d): GKE's driver mount that the image does not look in, and a pod's /dev/shm that fills up.

- On GKE the NVIDIA driver is installed on the node (by GKE's installer) and GKE's device plugin mounts it into every
  container that asks for nvidia.com/gpu at /usr/local/nvidia (bin/nvidia-smi, lib64/libcuda.so.1,
  lib64/libnvidia-ml.so.1). The NVIDIA container runtime is not involved, so nothing adds that directory to the image's
  PATH or to its loader's search path: NVIDIA's CUDA images set LD_LIBRARY_PATH and PATH to it, but an image built
  FROM python, debian or a distroless base, an entrypoint that overwrites LD_LIBRARY_PATH, or a loader cache that does
  not list it, finds no libcuda.so.1 and no nvidia-smi. PyTorch then says "Found no NVIDIA driver on your system",
  vLLM finds no platform, an entrypoint's nvidia-smi check fails, although /dev/nvidia0 is there and the driver works
  (scvi-tools#3799, keras-team/kinetic#269, text-embeddings-inference#877, text-generation-inference#1711). People
  describe it in those words ("GKE injects /usr/local/nvidia but not on LD_LIBRARY_PATH"); the row reads the
  description, and its matches take the place of the generic "no driver / no GPU" lines of the same paste.
- A container's /dev/shm is the runtime's 64 MB tmpfs (Docker's --shm-size default, and every Kubernetes pod's unless
  a memory-backed emptyDir is mounted there): a program that writes more than that into it gets ENOSPC, "No space left
  on device", while the node's disks are nearly empty (SREGym#823, a pod in CrashLoopBackOff). NCCL's own words for
  it are read in nccl.py, PyTorch's DataLoader's in frameworks_shared_memory.py; this row reads the system's and
  Python's words for a write into /dev/shm that found it full.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_GKE_GPU_DOCS = "https://cloud.google.com/kubernetes-engine/docs/how-to/gpus"

# The generic lines a GKE pod whose image does not look in /usr/local/nvidia prints: PyTorch's "no NVIDIA driver", CUDA's
# "no device", vLLM's missing platform, the loaders' "libcuda.so: cannot open", and a person's "torch.cuda.is_available()
# is False".
_NO_DRIVER_SEEN = ("kernel.driver-not-loaded", "cuda.no-device",
                   "cuda.torch-no-gpus-visible", "vllm.no-gpu-platform", "frameworks.torch-cuda-unavailable-described",
                   "cuda.libcuda-unversioned")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gke-driver-mount-off-loader-path-described",
        cause_id="cuda-library-missing",
        kinds=("any",),
        described=True,
        refines=_NO_DRIVER_SEEN,
        refines_within=None,
        # A person's account: GKE (GCP, Container-Optimized OS) mounts or injects the driver at /usr/local/nvidia and
        # the image's LD_LIBRARY_PATH / PATH / ldconfig cache does not include it; or "GKE ... does not use the
        # nvidia-container-runtime" beside a missing libcuda.
        patterns=(
            r"\b(?P<platform>GKE|GCP|Google Kubernetes Engine|Container-Optimized OS|Cloud Run|Vertex AI)\b[^\n]{0,160}?"
            r"(?P<mount>/usr/local/nvidia(?:/lib64|/bin)?)\b[^\n]{0,200}?"
            r"(?:LD_LIBRARY_PATH|\bPATH\b|ldconfig|ld cache|ld\.so\.cache|library path|loader)",
            r"\b(?P<platform>GKE)\b[^\n]{0,80}?(?:does not|doesn't|do not|don't|not) use the nvidia-container-runtime",
        ),
        severity="warn",
        cause=("The description says the container runs on {platform}, where the platform (GKE's device plugin, not the "
               "NVIDIA container runtime) mounts the node's driver at /usr/local/nvidia, and the image does not look there: "
               "/usr/local/nvidia/lib64 is not on LD_LIBRARY_PATH or in the loader's cache (nor /usr/local/nvidia/bin on "
               "PATH), so libcuda.so.1 and nvidia-smi are not found and CUDA reports no driver or no GPU, although the "
               "GPU is allocated and the driver works."),
        advice=("Make the image look in GKE's driver mount: set `ENV LD_LIBRARY_PATH=/usr/local/nvidia/lib64:"
                "$LD_LIBRARY_PATH` and `ENV PATH=/usr/local/nvidia/bin:$PATH` in the Dockerfile (or the same "
                "variables in the pod spec's env; or in the entrypoint `echo /usr/local/nvidia/lib64 > "
                "/etc/ld.so.conf.d/gke-nvidia.conf && ldconfig`), or build the image FROM an nvidia/cuda base, which "
                "sets them; keep an entrypoint from overwriting LD_LIBRARY_PATH. Check in the pod with `ls "
                "/usr/local/nvidia/lib64/libcuda.so.1` and `/usr/local/nvidia/bin/nvidia-smi`. Do not install a driver "
                "in the image: the node's driver is the one the pod must use."),
        action="configure",
        rules_out=("the node's driver", "the GPU allocation"),
        never_suggest=("install the driver inside the container", "reinstall the driver", "update the driver"),
        sources=("https://github.com/scverse/scvi-tools/pull/3799", "https://github.com/keras-team/kinetic/issues/269",
                 "https://github.com/huggingface/text-embeddings-inference/pull/877",
                 "https://github.com/huggingface/text-generation-inference/issues/1711", _GKE_GPU_DOCS),
        checked=CHECKED,
        examples=("containers/scvitools-3799-gke-no-nvidia-driver-ld-library-path.txt",
                  "containers/kinetic-269-gke-usr-local-nvidia-not-on-ld-library-path.txt",
                  "containers/tei-877-gke-nvidia-smi-not-found-usr-local-nvidia.txt",
                  "containers/tgi-1711-gke-libcuda-ld-cache-prose.txt"),
    ),
    Signature(
        code="containers.dev-shm-write-no-space",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # A write into /dev/shm refused with ENOSPC, in the words of coreutils and shells ("dd: error writing
        # '/dev/shm/x': No space left on device", "tee: /dev/shm/x: No space left on device", "bash: /dev/shm/x: ...")
        # and of Python ("OSError: [Errno 28] No space left on device: '/dev/shm/x'"). NCCL's own lines ("failed to
        # extend /dev/shm/nccl-X to N bytes, error: No space left on device") are nccl.py's.
        patterns=(
            r"['\"`‘]?(?P<path>/dev/shm/[^\s'\"`’:,]{1,120})['\"`’]?: No space left on device",
            r"No space left on device:? ['\"](?P<path>/dev/shm/[^'\"\n]{1,120})['\"]",
        ),
        severity="fail",
        cause=("A write into {path} failed with \"No space left on device\": /dev/shm is a RAM-backed tmpfs of its own, "
               "in a container the runtime's 64 MB default (Docker without --shm-size, every Kubernetes pod without a "
               "memory-backed emptyDir at /dev/shm), and the program needs more; the disks are not what is full."),
        advice=("Give the container a larger /dev/shm: `docker run --shm-size=8g ...` or `--ipc=host` (Compose: "
                "`shm_size: \"8gb\"` or `ipc: host`); in Kubernetes mount a memory-backed emptyDir there (`volumes: - "
                "name: dshm, emptyDir: {medium: Memory, sizeLimit: 8Gi}` and a volumeMount of dshm at /dev/shm), whose "
                "size counts against the pod's memory limit. Check with `df -h /dev/shm` inside. On a bare host, where "
                "/dev/shm is half the RAM, look for stale files in it (`ls -la /dev/shm`) left by crashed processes and "
                "remove them."),
        action="configure",
        rules_out=("the node's disks", "ephemeral storage"),
        never_suggest=("free disk space", "increase the disk size"),
        sources=("https://github.com/SREGym/SREGym/issues/823",
                 "https://kubernetes.io/docs/concepts/storage/volumes/#emptydir",
                 "https://docs.docker.com/reference/cli/docker/container/run/#shm-size"),
        checked=CHECKED,
        examples=("containers/sregym-823-pod-dev-shm-64m-enospc.txt",),
    ),
)
