"""Issue 25, w54c: nvidia/cuda tags that NVIDIA deleted, told in a person's words.

NVIDIA deletes nvidia/cuda tags some months after their CUDA release leaves support (every CUDA 9 and 10 tag, the
x.y.0 tags of CUDA 11.0-11.7 beside the later patch release, the short 10.2-base / 11.0-base forms, `latest`), so a
guide, Dockerfile or CI job that worked for years stops pulling. The registry's own answer is read by
containers.cuda-image-tag-missing (containers_w29c.py); people who do not paste it say that the tag "is no longer
present", that "NVIDIA removed some of their images", that "all CUDA 10 images were removed". The fix is a tag that is
still published, never the host's driver or container toolkit.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_SUPPORTED_TAGS = "https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/supported-tags.md"
_SUPPORT_POLICY = "https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/support-policy.md"

# an nvidia/cuda tag as people write it: 10.2-base, 11.2.2-devel-ubuntu20.04, 10.0-cudnn7-devel-ubuntu16.04
_CUDA_TAG = r"(?:nvidia/cuda:)?(?P<tag>\d{1,2}\.\d(?:\.\d{1,3})?-[\w.-]{1,60})"
_GONE = (r"(?:no longer (?:present|available|published|listed|hosted|exists?|on (?:Docker ?Hub|the registry|NGC))|"
         r"(?:been )?(?:removed|deleted|taken down|purged))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cuda-image-tag-removed-described",
        described=True,
        cause_id="cuda-image-tag-missing",
        kinds=("any",),
        patterns=(
            # "Image tag `10.2-base` is no longer present in the image registry"
            r"\b(?:[Ii]mage |[Bb]ase image |CUDA image )?[Tt]ags? [`'\"]?" + _CUDA_TAG + r"[`'\"]? (?:is|are|was|were|has|"
            r"have) " + _GONE,
            # "nvidia/cuda:11.0-base has been removed from Docker Hub"
            r"\bnvidia/cuda:(?P<image_tag>[\w.-]{1,80})[`'\"]? (?:image |tag )?(?:is|are|was|were|has|have|got|seems to "
            r"(?:be|have been)) " + _GONE,
            # "It appears nvidia removed some of their images", "NVIDIA has deleted the old CUDA tags"
            r"\b(?:NVIDIA|[Nn]vidia|nVidia) (?:has |have |had )?(?:removed|deleted|dropped|purged|took down|taken down) "
            r"(?:some of |all of |most of )?(?:their |its |the |all |these )?(?:old |older )?(?:CUDA |cuda |[Dd]ocker |base )?"
            r"(?:images|image tags|tags|containers)\b",
            # "It seems all CUDA 10 images were removed", "the CUDA 11.2.1 tags have been deleted"
            r"\bCUDA ?\d{1,2}(?:\.\d{1,2})?(?:\.\d{1,3})?(?: base| devel| runtime| docker| container)? (?:images|image tags|tags) "
            r"(?:were|have been|got|are|seem to have been|seem to be) (?:removed|deleted|gone|taken down)\b",
        ),
        severity="warn",
        cause=("The description says an nvidia/cuda image or tag the command or Dockerfile names is gone from the "
               "registry: NVIDIA deletes the tags of CUDA releases past its support policy (and the short or x.y.0 "
               "forms beside a later patch release), so the pull fails before any GPU is used."),
        advice=("Replace the tag (in the command, the Dockerfile's FROM, the CI file) with an nvidia/cuda tag that is "
                "still published, with the full x.y.z CUDA version, flavour and OS (e.g. 11.8.0-base-ubuntu22.04, "
                "12.4.1-runtime-ubuntu22.04): check it in the supported-tags list or on Docker Hub, and with "
                "`docker manifest inspect nvidia/cuda:<tag>`. A deleted tag does not come back: move to a supported CUDA "
                "release no newer than the host's `nvidia-smi` 'CUDA Version', or use a copy kept in your own registry. "
                "Nothing on the host (its NVIDIA packages, the container toolkit) needs to change."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=(_SUPPORTED_TAGS, _SUPPORT_POLICY, "https://github.com/docker/docs/pull/18898",
                 "https://github.com/iterative/cml/pull/1405"),
        checked=CHECKED,
        examples=("containers/dockerdocs-18898-cuda-10-2-base-tag-no-longer-present-prose.txt",
                  "containers/cml-1405-nvidia-removed-cuda-11-2-1-images-prose.txt"),
    ),
)
