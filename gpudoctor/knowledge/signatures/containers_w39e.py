"""Issue 25 (helper w39e): two ways a GPU request dies in the engine before any NVIDIA code runs.

- Docker 28 and later resolve `docker run --gpus` (and a compose `deploy.resources.reservations.devices` entry) through
  their NVIDIA device driver only where the toolkit's hook is registered with the daemon; otherwise the daemon guesses
  the GPU vendor from CDI and the host's DRM devices. On an NVIDIA host whose daemon knows no NVIDIA runtime (the
  toolkit installed but `nvidia-ctk runtime configure` never run, Unraid's stock Docker, a hybrid laptop, nvidia_drm
  without modeset) the guess is AMD and the request fails "AMD CDI spec not found" (Docker 29 with its own wording
  "failed to discover GPU vendor from CDI: no known GPU vendor found" where it guesses nothing, which
  containers.no-gpu-device-driver reads). Registering the NVIDIA runtime, or asking for the CDI device by name, is the fix.
- A CDI spec written in a newer version of the CDI schema than the engine's CDI library knows: nvidia-container-toolkit
  1.19.1 writes v0.7.0 specs (fields such as additionalGids), 1.12's rc wrote hostPath for podman 4.2's v0.4.0 parser.
  The engine drops the whole spec ("failed to unmarshal CDI Spec ... unknown field") and every NVIDIA device is then
  "unresolvable"; the engine (podman, containerd, Docker) is upgraded, or the toolkit kept at the release before.

Also here: a GPU check written into the image build (a Dockerfile `RUN python -c "...cuda.is_available()"`, a setup.py
that asks for a GPU before compiling), described: `docker build` has no GPU, so it is always False there.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
TOOLKIT_CDI = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"
TOOLKIT_RELEASE_NOTES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/release-notes.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gpus-flag-cdi-vendor-misdetected",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # dockerd's answer to --gpus (or a compose GPU reservation) where it found no NVIDIA hook and guessed AMD from
        # the host's devices; Docker Desktop, the API and compose print it with or without the "docker:" prefix.
        patterns=(r"\bAMD CDI spec not found\b",),
        severity="fail",
        cause=("Docker handled the GPU request (--gpus or a compose GPU reservation) without an NVIDIA runtime: no NVIDIA "
               "container runtime hook is registered with this daemon, so Docker 28+ guessed the GPU vendor from CDI and "
               "the host's devices, took it for AMD and found no AMD CDI spec."),
        advice=("Register the NVIDIA runtime with this daemon and restart it: `sudo nvidia-ctk runtime configure "
                "--runtime=docker && sudo systemctl restart docker` (install nvidia-container-toolkit first if "
                "`nvidia-ctk` is missing); `docker info | grep -i runtimes` then lists nvidia and `--gpus all` works, or "
                "start the container with `--runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all` (Unraid: in the template's "
                "Extra Parameters, instead of --gpus all). Or request the GPU by its CDI name: generate the spec (`sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`) and use `--device nvidia.com/gpu=all` (compose: "
                "`devices: [\"nvidia.com/gpu=all\"]`). Nothing of AMD's needs installing."),
        action="configure",
        rules_out=("the NVIDIA driver", "an AMD GPU"),
        never_suggest=("reinstall the driver", "install the AMD container toolkit", "install ROCm"),
        versions=("docker>=28",),
        sources=("https://github.com/games-on-whales/wolf/issues/386", "https://github.com/moby/moby/issues/49824",
                 TOOLKIT_INSTALL, "https://docs.docker.com/reference/cli/docker/container/run/#cdi-devices"),
        checked="2026-11-27",
        examples=("containers/wolf-386-gpus-all-amd-cdi-spec-not-found.txt",),
    ),
    Signature(
        code="containers.cdi-spec-version-unsupported",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The CDI library's parse error (container-device-interface pkg/cdi), as podman --log-level=debug, containerd
        # and CRI-O log it: "failed to parse CDI Spec \"/etc/cdi/nvidia.yaml\": failed to unmarshal CDI Spec: error
        # unmarshaling JSON: while decoding JSON: json: unknown field \"additionalGids\"".
        patterns=(r"failed to (?:unmarshal|parse) CDI Spec[^\n]{0,240}?json: unknown field \\?\"(?P<field>\w{2,40})\\?\"",),
        severity="fail",
        cause=("The container engine cannot read the NVIDIA CDI spec: it holds the field \"{field}\" of a newer CDI "
               "schema than the engine's CDI library knows (nvidia-container-toolkit 1.19.1 and later write v0.7.0 "
               "specs), so the engine drops the spec and every nvidia.com/gpu device is unresolvable."),
        advice=("Upgrade the container engine to one that reads the spec's CDI version (podman 5.x, containerd 2.x or a "
                "current Docker; Ubuntu 24.04's podman 4.9.3 reads only up to v0.6.0), or keep nvidia-container-toolkit "
                "at a 1.18 release (`apt-cache madison nvidia-container-toolkit` lists them; the install guide's pinned "
                "install sets all four packages: `V=1.18.<n>-1; sudo apt-get install --allow-downgrades "
                "nvidia-container-toolkit=$V nvidia-container-toolkit-base=$V libnvidia-container-tools=$V "
                "libnvidia-container1=$V`, then `sudo apt-mark hold` them), then regenerate the spec (`sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, and remove stale copies in /var/run/cdi) and "
                "check `nvidia-ctk cdi list`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        versions=("nvidia-container-toolkit>=1.19.1",),
        refines=("containers.no-gpu-device-driver",),
        refines_within=None,
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/1865",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/38", TOOLKIT_RELEASE_NOTES, TOOLKIT_CDI),
        checked="2026-11-27",
        examples=("containers/ctk-1865-podman-493-cdi-spec-unknown-field-additionalgids.txt",),
    ),
    Signature(
        code="containers.gpu-check-in-image-build-described",
        cause_id="gpu-at-build-time",
        kinds=("any",),
        described=True,
        patterns=(
            # A Dockerfile instruction that asks for the GPU while the image builds (its output, False, follows it).
            r"^\s{0,8}RUN\s[^\n]{0,240}?cuda\.(?:is_available|device_count)\(\)",
            # "when building a docker image, `torch.cuda.is_available()` always shows False", "during docker build
            # torch.cuda.is_available() returns false"
            r"\b(?:docker build|docker-compose build|docker compose build|building (?:a |the |my |our )?(?:docker )?image|"
            r"during (?:the )?(?:docker |image )?build)\b[^\n]{0,80}?cuda\.is_available\(?\)?`?\s(?:always\s)?(?:shows?|"
            r"returns?|is|gives?|prints?)\s`?(?:False|false|FALSE)\b",
            # "torch.cuda.is_available always returns false ... during docker build" (the order reversed)
            r"cuda\.is_available\(?\)?`?[^\n]{0,60}?\b(?:False|false)\b[^\n]{0,60}?\b(?:during|in|at|while) (?:the )?"
            r"(?:docker[- ]?(?:compose )?build|build (?:stage|step|process|pass)|image build)",
        ),
        severity="warn",
        # (not every build is blind: the legacy builder, DOCKER_BUILDKIT=0, runs RUN steps with the daemon's default
        # runtime, so "default-runtime": "nvidia" in daemon.json gives them the GPU; BuildKit 0.20+ (buildx 0.22+, Docker
        # 27+ with CDI) gives one only to a step that asks for a CDI device, `RUN --device=nvidia.com/gpu=all`; see
        # docs.docker.com/build/building/cdi)
        cause=("The description shows a GPU check run while the image is built (a Dockerfile RUN step, a setup.py "
               "asking torch.cuda.is_available()): `docker build` (BuildKit) gives its steps no GPU and no driver, so the "
               "check is False there, whatever the host has."),
        advice=("Check for the GPU when the container runs, not while it builds: move the check to the entrypoint or "
                "to `docker run --gpus all <image> python -c \"import torch; print(torch.cuda.is_available())\"` (compose: "
                "a GPU reservation on the service, checked after `docker compose up`). To compile CUDA code during the "
                "build, a GPU is not needed: point the build at the CUDA toolkit (CUDA_HOME=/usr/local/cuda, FORCE_CUDA=1 "
                "where the project reads it) and name the target architectures (TORCH_CUDA_ARCH_LIST=\"8.0 8.6 8.9 "
                "9.0\"). Only if a step truly needs the GPU: request it as a CDI device in that step (`RUN "
                "--device=nvidia.com/gpu=all ...`, BuildKit 0.20+ with a CDI spec, Docker's \"CDI\" build guide), or use "
                "the legacy builder (`DOCKER_BUILDKIT=0 docker build`) with `\"default-runtime\": \"nvidia\"` in "
                "/etc/docker/daemon.json."),
        action="configure",
        rules_out=("the host's driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/pull/282", "https://github.com/ml-research/rational_activations/pull/15",
                 "https://github.com/NVIDIA/nvidia-docker/issues/225", "https://docs.docker.com/build/building/cdi/"),
        checked="2026-11-28",
        examples=("containers/vllm-282-docker-build-cuda-is-available-false.txt",),
    ),
)
