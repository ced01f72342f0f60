"""Issue 25 (helper w33a): sandboxes that pin the driver, and Jetson containers that got none of the host's CUDA.

- gVisor's GPU proxy. `runsc --nvproxy` (Docker's runsc runtime, GKE Sandbox, Modal, Ray's sandboxes and other hosts on
  gVisor) forwards the NVIDIA driver's ioctls only for the driver versions its release knows, which
  `runsc nvproxy list-supported-drivers` prints; on another driver, a patch release apart included, the sandbox dies
  while it boots. runsc's own debug log says "registering nvproxy driver: unsupported Nvidia driver version: X";
  containerd and Docker show only "cannot read client sync file: waiting for sandbox to start: EOF". The way out is a
  listed driver, a runsc release that lists this one, or, for a driver whose ABI matches a listed one,
  `--nvproxy-driver-version=<listed>` (newer releases: `--nvproxy-allow-unsupported-driver`). The gVisor maintainers'
  table of versions changes with each release, so the advice names the command that prints it, not a copy of it.
- Jetson containers on JetPack 4 (L4T R32, CUDA 10.2). There the CUDA, cuDNN and TensorRT libraries are not in the
  image: the NVIDIA runtime mounts the host's (the CSV lists in /etc/nvidia-container-runtime/host-files-for-container.d)
  into containers it starts. A `docker build` runs its RUN steps with Docker's default runtime, so a build that
  imports PyTorch needs `"default-runtime": "nvidia"` in /etc/docker/daemon.json; a `docker run` needs
  `--runtime nvidia`; and an image of another L4T release than the host's (an r32 image on JetPack 5) gets the
  host's other CUDA, without the .so.10 files it wants. The loader's "libcurand.so.10: cannot open shared object file"
  in a container or build is that, not a CUDA toolkit to install (cuda.jetson-jetpack-library-missing, which reads the
  same line on a Jetson's host, and cuda.runtime-library-missing elsewhere).
"""

from __future__ import annotations

import re

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda import RUNTIME_LIBRARY_MISSING
from gpudoctor.knowledge.signatures.cuda_w19b import SIGNATURES as _CUDA_W19B

GVISOR_GPU_DOCS = "https://gvisor.dev/docs/user_guide/gpu/"
JETSON_CONTAINERS = "https://github.com/dusty-nv/jetson-containers/blob/master/docs/setup.md"

# The CUDA 10.x sonames of JetPack 4 (L4T R32: CUDA 10.2): what PyTorch, TensorRT and OpenCV builds for it load. Not
# libcudart.so.10.0 or .10.1 (a program built for another CUDA, cuda.jetson-jetpack-library-missing's reading).
_JETPACK4_SONAMES = (*(f"lib{name}.so.10" for name in ("curand", "cublas", "cublasLt", "cufft", "cusparse", "cusolver")),
                     "libcudart.so.10.2", "libnvinfer.so.7", "libnvinfer.so.8", "libnvinfer_plugin.so.7",
                     "libnvinfer_plugin.so.8")
# The generic rows' patterns narrowed to those sonames: the generic pattern as it is, then, where it matched, a look
# back at the soname it read (a lookahead before it, tried from every position of a line over 120 characters, made
# the pattern 120 times slower; a lookbehind has a fixed width, so one per soname and separator).
_ONLY_JETPACK4 = "(?:" + "|".join(f"(?<={re.escape(soname)}{separator}cannot open shared object file)"
                                  for soname in _JETPACK4_SONAMES for separator in (": ", " ")) + ")"


def _only_jetpack4(pattern: str) -> str:
    return pattern + _ONLY_JETPACK4


_EXTENSION = next(row for row in _CUDA_W19B if row.code == "cuda.extension-built-for-other-cuda").patterns

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gvisor-nvproxy-driver-unsupported",
        cause_id="gvisor-nvproxy-driver-unsupported",
        kinds=("any",),
        # runsc's loader (pkg/sentry/devices/nvproxy): "FATAL ERROR: creating loader: registering filesystems:
        # registering nvproxy driver: unsupported Nvidia driver version: 535.161.08".
        patterns=(r"unsupported Nvidia driver version:? (?P<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)",),
        severity="fail",
        cause=("gVisor's GPU proxy (runsc --nvproxy) supports only the NVIDIA driver versions its release lists, and "
               "the host's driver {driver} is not one of them, so the sandbox aborts while it boots (containerd and "
               "Docker show only \"cannot read client sync file: waiting for sandbox to start: EOF\")."),
        advice=("Compare the host's driver (`nvidia-smi --query-gpu=driver_version --format=csv,noheader`) with "
                "`runsc nvproxy list-supported-drivers`, then either install a listed driver (usually the listed "
                "release of the same branch) or upgrade runsc to a release that lists yours. If the driver is "
                "ABI-identical to a listed one (a patch release the gVisor team has not qualified yet), start runsc "
                "with `--nvproxy-driver-version=<listed version>` (newer runsc: `--nvproxy-allow-unsupported-driver`), "
                "in the runtime's runtimeArgs in /etc/docker/daemon.json or in runsc.toml. On GKE Sandbox, use a "
                "node version and GPU driver version (default or latest) that GKE Sandbox supports."),
        action="configure",
        rules_out=("the GPU", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/google/gvisor/issues/10605", GVISOR_GPU_DOCS),
        checked="2026-11-27",
        examples=("containers/gvisor-10605-nvproxy-unsupported-driver-535-161-08.txt",),
    ),
    Signature(
        code="containers.gvisor-nvproxy-driver-unsupported-described",
        described=True,
        cause_id="gvisor-nvproxy-driver-unsupported",
        kinds=("any",),
        patterns=(
            # "it is not listed as a supported driver in runsc nvproxy", "is not supported by gVisor nvproxy"
            r"\b(?:not|isn't|wasn't) (?:listed|supported|recognized|recognised)\b[^\n]{0,60}?\b(?:runsc|gVisor'?s?|"
            r"gvisor'?s?) nvproxy\b",
            # "gVisor's nvproxy does not support the NVIDIA driver we run"
            r"\bnvproxy\b[^\n]{0,20}?\b(?:does not|doesn't|did not|didn't|cannot|can't) (?:support|recognize|recognise) "
            r"(?:the )?(?:NVIDIA |Nvidia |nvidia )?driver",
            # "Could you please add support for NVIDIA driver version 590.48.01 in nvproxy?"
            r"\b[Ss]upport (?:for )?(?:the )?(?:NVIDIA|Nvidia|nvidia) driver (?:version )?`?\d{3}\.\d{1,3}(?:\.\d{1,3})?`?"
            r" in (?:gVisor'?s? |runsc'?s? )?nvproxy\b",
        ),
        severity="warn",
        cause=("The description suggests gVisor's GPU proxy (runsc --nvproxy) does not list the host's NVIDIA driver "
               "version, so GPU sandboxes cannot start on it."),
        advice=("Compare the host's driver (`nvidia-smi --query-gpu=driver_version --format=csv,noheader`) with "
                "`runsc nvproxy list-supported-drivers`, then either install a listed driver or upgrade runsc to a "
                "release that lists yours; for a driver ABI-identical to a listed one, `--nvproxy-driver-version=<listed "
                "version>` (newer runsc: `--nvproxy-allow-unsupported-driver`). runsc's debug log (`--debug "
                "--debug-log=/tmp/runsc/`) shows \"unsupported Nvidia driver version\" when this is the cause."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/google/gvisor/issues/12642", GVISOR_GPU_DOCS),
        checked="2026-11-27",
        examples=("containers/gvisor-12642-nvproxy-driver-590-not-listed.txt",),
    ),
    Signature(
        code="containers.jetson-container-no-host-cuda",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # cuda.runtime-library-missing's and cuda.extension-built-for-other-cuda's patterns (the latter reads the
        # "OSError: lib...so.N" form and takes the former's match as evidence), narrowed to JetPack 4's CUDA 10.2
        # sonames, in a container or an image build (gpudoctor/knowledge/context_table.py).
        patterns=(_only_jetpack4(RUNTIME_LIBRARY_MISSING), *map(_only_jetpack4, _EXTENSION)),
        # In a container (the inner context, before the Jetson rows that read the same lines natively). An x86 image of
        # CUDA 10.x missing the same sonames would be read this way too: not yet told apart.
        contexts=("container", "docker-build"),
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "cuda.extension-built-for-other-cuda"),
        severity="fail",
        cause=("The container (or the image build's step) has no {library}: on a Jetson with JetPack 4 (L4T R32, "
               "CUDA 10.2) the CUDA, cuDNN and TensorRT libraries are not in the image but mounted from the host by "
               "the NVIDIA runtime, which did not start this container, or mounted another JetPack's CUDA than the "
               "image was built for."),
        advice=("For `docker build`, set `\"default-runtime\": \"nvidia\"` in /etc/docker/daemon.json (beside the "
                "nvidia entry of \"runtimes\"), `sudo systemctl restart docker` and build again: RUN steps use the default "
                "runtime. For `docker run`, add `--runtime nvidia`. If it is already there, check that the image's L4T "
                "tag (rNN.N, as in l4t-pytorch:r32.7.1) matches the host's `cat /etc/nv_tegra_release` (an r32 image "
                "does not run on JetPack 5 or 6), and that /etc/nvidia-container-runtime/host-files-for-container.d/ "
                "holds cuda.csv and its siblings (else reinstall nvidia-container-toolkit and the nvidia-container-csv "
                "packages from JetPack's apt repository)."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("update the driver", "reinstall the driver", "install the CUDA toolkit from developer.nvidia.com"),
        sources=("https://github.com/dusty-nv/jetson-containers/issues/121",
                 "https://github.com/dusty-nv/jetson-containers/issues/194", JETSON_CONTAINERS),
        checked="2026-11-27",
        examples=("containers/jetsoncontainers-121-build-ml-all-tx2-libcurand-runtime.txt",),
    ),
)
