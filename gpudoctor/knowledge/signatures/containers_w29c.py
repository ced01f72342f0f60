"""Issue 25 (helper w29c): container images that cannot be pulled because the tag a command names is not published.

- An nvidia/cuda tag that does not exist. The registry answers before any GPU is touched: Docker's "manifest for
  nvidia/cuda:TAG not found: manifest unknown", podman's, buildah's and Apptainer's "reading manifest TAG in
  docker.io/nvidia/cuda: manifest unknown", containerd's (nerdctl, Kubernetes) "docker.io/nvidia/cuda:TAG: not found".
  The tag is wrong, not the driver or the toolkit: tags carry the full x.y.z CUDA version, a flavour and an OS, `latest`
  is no longer published, and NVIDIA deletes tags that leave its support policy. The same holds for NVIDIA's other
  framework images on NGC (nvcr.io/nvidia/pytorch, tensorflow, l4t-*), whose tags are release numbers, and for
  pytorch/pytorch's CUDA tags and other repositories named for CUDA (kaixhin/cuda-torch had no `latest`). The GPU
  operator's nvcr.io/nvidia/driver images are containers.operator-driver-image-missing's (containers_cluster.py).

- A runtime option written where the container's command goes. Everything after the image name is the container's
  command and its arguments, so `docker run IMAGE --gpus all`, `singularity exec image.sif --nv cmd`, or compose's
  `command: --gpus all` hand the option to the container instead of the runtime: runc says `exec: "--gpus": executable
  file not found`, crun (podman) "executable file `--gpus` not found", Singularity 2's shell "exec: --nv: not found",
  Apptainer 3+ `"--nv": executable file not found`, and a program in the image that parses flags (ollama's cobra CLI)
  "Error: unknown flag: --gpus". The same words from the docker client itself (no "Error: " prefix) mean a client
  older than 19.03: containers.docker-client-without-gpus (containers_runtime.py), which this row refines.

The tag naming below is dated knowledge: it changes with NVIDIA's releases.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_SUPPORTED_TAGS = "https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/supported-tags.md"
_SUPPORT_POLICY = "https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/support-policy.md"
_HUB_TAGS = "https://hub.docker.com/r/nvidia/cuda/tags"

# How nvidia/cuda tags are named, with the source and the day it was checked (CONTRIBUTING.md: dated knowledge is a
# table). Each row: (the rule, its source, checked).
CUDA_IMAGE_TAG_RULES: tuple[tuple[str, str, str], ...] = (
    ("tags name the full CUDA version x.y.z, a flavour (base, runtime, devel, optionally with cudnn) and an OS: "
     "12.4.1-cudnn-devel-ubuntu22.04; '11.8-...' without the patch number is not a tag", _SUPPORTED_TAGS, "2026-11-27"),
    ("the `latest` tag is no longer published (since early 2021); `docker pull nvidia/cuda` without a tag fails",
     "https://github.com/NVIDIA/nvidia-docker/issues/1454", "2026-11-27"),
    ("tags of CUDA releases past their support window are deleted from Docker Hub and NGC (all CUDA 10.x, early 11.x)",
     _SUPPORT_POLICY, "2026-11-27"),
    ("the x.y.0 tags of CUDA 11.0-11.7 were deleted when a later patch release was kept (11.6.0 -> 11.6.1, 11.7.0 -> "
     "11.7.1, 11.2.0 -> 11.2.2)", "https://github.com/kuielab/sdx23/issues/5", "2026-11-28"),
    ("cuDNN tags of CUDA 12 images say `cudnn` (cuDNN 9) where older ones said `cudnn8`", _SUPPORTED_TAGS, "2026-11-27"),
    ("Jetson (L4T) boards use nvcr.io/nvidia/l4t-* images tagged by L4T release, not nvidia/cuda's x86_64/sbsa tags",
     "https://catalog.ngc.nvidia.com/orgs/nvidia/containers/l4t-cuda", "2026-11-27"),
)

# The CUDA images people name by tag: nvidia/cuda (Docker Hub and nvcr.io), NGC's framework images, pytorch/pytorch's
# CUDA tags and other repositories named for CUDA (kaixhin/cuda-torch).
_IMAGE = (r"(?:[a-z0-9-]{1,40}\.[a-z0-9.-]{1,60}(?::\d{1,5})?/)?(?:library/)?"  # a registry: docker.io, nvcr.io, ghcr.io
          r"(?P<image>nvidia/(?:cuda(?:gl|-arm64)?|opengl|pytorch|tensorflow|tritonserver|l4t-[a-z0-9-]{1,30})|"
          r"pytorch/pytorch|[a-z0-9][\w.-]{0,40}/[\w.-]{0,40}cuda[\w.-]{0,40})")

# nvidia/cuda tags NVIDIA no longer publishes, by their shape (dated: checked 2026-11-28 against Docker Hub's tag list and
# the threads below): every CUDA 10.x and older tag; an x.y tag without the patch number (the naming before 2021, since
# deleted); the superseded x.y.0 tags of CUDA 11.0-11.7, whose later patch release (11.2.2, 11.6.1, 11.7.1) is the one
# kept. A line that names such a tag where a build failed to load it needs no registry answer to be read.
_DELETED_CUDA_TAG = (r"(?:(?:[1-9]|10)\.\d(?:\.\d{1,3})?-[\w.-]{1,80}|1[12]\.\d-[\w.-]{1,80}|"
                     r"11\.[0-7]\.0-[\w.-]{1,80})")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cuda-image-tag-missing",
        cause_id="cuda-image-tag-missing",
        kinds=("any",),
        # Docker (run, pull, build's FROM); podman, buildah and Apptainer/Singularity through containers/image;
        # containerd (nerdctl, ctr, a kubelet's ErrImagePull).
        patterns=(
            r"manifest for " + _IMAGE + r":(?P<tag>[\w.-]{1,100}) not found",
            r"reading manifest (?P<tag>[\w.-]{1,100}) in " + _IMAGE + r": manifest unknown",
            r"resolve reference \"[^\"]{1,200}\": " + _IMAGE + r":(?P<tag>[\w.-]{1,100}): not found",
            # BuildKit (docker build, compose build): "failed to solve: IMAGE:TAG: [failed to resolve source metadata
            # for docker.io/IMAGE:TAG:] docker.io/IMAGE:TAG: not found".
            r"failed to resolve source metadata for " + _IMAGE + r":(?P<tag>[\w.-]{1,100}): [\w./:-]{1,300}?: not found",
            r"failed to solve: " + _IMAGE + r":(?P<tag>[\w.-]{1,100}): [\w./:-]{1,300}?: not found",
            # BuildKit's step that failed to load a base image whose tag is one NVIDIA deleted, and the Dockerfile line
            # it marks (">>> FROM ..."), where the paste stops before the error's last words.
            r"(?:ERROR:? |> )\[internal\] load metadata for (?:docker\.io/)?(?P<image>nvidia/cuda):(?P<tag>"
            + _DELETED_CUDA_TAG + r")",
            r">>> FROM (?:docker\.io/)?(?P<image>nvidia/cuda):(?P<tag>" + _DELETED_CUDA_TAG + r")",
        ),
        severity="fail",
        cause="The registry does not publish the image tag {image}:{tag}, so the pull fails before any GPU is "
              "used: CUDA image tags carry the full x.y.z version, a flavour and an OS, `latest` is gone, and NVIDIA "
              "deletes tags of CUDA releases past its support policy.",
        advice=("Replace {image}:{tag} (in the command, the Dockerfile's FROM, the compose file) with a tag "
                "that exists: pick it from the tag list on Docker Hub (hub.docker.com/r/nvidia/cuda/tags) or NGC "
                "(catalog.ngc.nvidia.com) or the image's own repository page, for nvidia/cuda spelled like 12.4.1-cudnn-runtime-ubuntu22.04 (full x.y.z version, "
                "`cudnn` rather than `cudnn8` on CUDA 12), and check it with `docker manifest inspect "
                "nvidia/cuda:<tag>`. A deleted old CUDA tag does not come back: move to a supported CUDA release no newer "
                "than the 'CUDA Version' `nvidia-smi` prints on the host (often the next "
                "published patch release of the same minor version), or use a copy saved in your own registry. On Jetson use an "
                "nvcr.io/nvidia/l4t-* image tagged for your L4T release. Nothing on the host (its NVIDIA packages, the "
                "container toolkit) needs to change: a missing tag is a registry answer, not a GPU fault."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit", "the GPU"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure", "install cuda on the host"),
        sources=(_SUPPORTED_TAGS, _SUPPORT_POLICY, _HUB_TAGS,
                 "https://github.com/NVIDIA/nvidia-docker/issues/1454",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1768",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1735",
                 "https://github.com/agrimgupta92/metamorph/issues/3",
                 "https://github.com/NVIDIA/libnvidia-container/issues/181",
                 "https://github.com/romansavrulin/ffmpeg-cuda-docker/issues/3", "https://github.com/kuielab/sdx23/issues/5",
                 "https://github.com/isl-org/MiDaS/issues/281", "https://github.com/tdaudi/HashKitty/issues/18"),
        checked="2026-11-27",
        examples=("containers/nvidiadocker-1454-nvidia-cuda-latest-manifest.txt",
                  "containers/nvidiadocker-1768-podman-cuda10-tag-removed.txt",
                  "containers/nvidiadocker-1735-cuda-11-0-base-tag-removed.txt",
                  "containers/metamorph-3-cuda-tag-without-patch-version.txt",
                  "containers/libnvidiacontainer-181-cuda-11-0-base-eol-tag.txt",
                  "containers/ffmpegcudadocker-3-cuda-11-6-0-base-tag-missing.txt",
                  "containers/sdx23-5-cuda-11-7-0-cudnn8-runtime-tag-not-found.txt",
                  "containers/midas-281-cuda-10-2-cudnn7-runtime-tag-absent.txt",
                  "containers/hashkitty-18-load-metadata-cuda-11-2-0-devel-tag.txt"),
    ),
    Signature(
        code="containers.runtime-option-after-image",
        cause_id="runtime-option-after-image",
        kinds=("any",),
        patterns=(
            # runc (docker, containerd) and Apptainer/Singularity 3+ (Go): the option was exec'd as the command.
            r"\\{0,7}\"(?P<option>--(?:gpus|nv|nvccli|rocm|runtime|device)\b[^\"\\]{0,80})\\{0,7}\": executable file not found",
            # crun (podman's default runtime).
            r"executable file `(?P<option>--(?:gpus|nv|runtime|device)\b[^`]{0,80})` not found",
            # Singularity 2.x's action script (/.singularity.d/actions/exec).
            r"singularity\.d/actions/(?:exec|run|shell): (?:line )?\d{1,4}: exec: (?P<option>--?[a-z][\w=.,/-]{0,60}): not found",
            # A program in the image that parses flags (Go cobra, Go flag) got the option as its argument.
            r"\bError: unknown flag: (?P<option>--(?:gpus|runtime|device))\b",
            r"flag provided but not defined: (?P<option>-{1,2}(?:gpus|runtime))\b",
        ),
        severity="fail",
        cause="The option {option} was written after the image name (or in the container's command), so the container "
              "received it as its command or an argument instead of the runtime acting on it, and no GPU was set up.",
        advice=("Put {option} before the image name: everything after the image is the container's command. Write "
                "`docker run --gpus all [options] IMAGE [command]` (podman: `podman run --device nvidia.com/gpu=all "
                "[options] IMAGE`), `singularity exec --nv [-B ...] image.sif command` or `apptainer exec --nv ...`, and "
                "fix wrapper scripts (Slurm batch helpers, Makefiles) that append flags after the image. In docker compose "
                "request the GPU with a `deploy.resources.reservations.devices` entry (driver: nvidia, capabilities: "
                "[gpu]) or `gpus: all`, never in `command:`; in Kubernetes use `resources.limits: nvidia.com/gpu`, not "
                "the container's args. The driver, the toolkit and the Docker client need no change."),
        action="configure",
        refines=("containers.docker-client-without-gpus",),
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit", "the Docker client's version"),
        never_suggest=("reinstall the driver", "update the Docker client", "nvidia-ctk runtime configure"),
        sources=("https://apptainer.org/docs/user/latest/gpu.html", "https://docs.docker.com/reference/cli/docker/container/run/",
                 "https://github.com/apptainer/apptainer/issues/846", "https://github.com/mythrantic/ollama-docker/issues/1"),
        checked="2026-11-27",
        examples=("containers/ollamadocker-1-compose-command-gpus-flag.txt",),
    ),
)
