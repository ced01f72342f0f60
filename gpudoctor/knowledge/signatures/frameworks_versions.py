"""Frameworks whose builds want one exact, older CUDA: what their loaders print when that version is absent.

frameworks_imports.py adds these rows (and frameworks_others.py's and frameworks_providers.py's) to its IMPORTS_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TF_SOURCE_TABLE = "https://www.tensorflow.org/install/source#gpu"  # TensorFlow release -> CUDA and cuDNN it was built for

VERSION_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tf-wants-older-cuda",
        cause_id="cuda-library-missing",  # as the corpus's independent labels file a framework's failed library load
        kinds=("any",),
        # dso_loader.cc names the runtime by the CUDA version it was built for: cudart64_100.dll and
        # libcudart.so.10.0 are CUDA 10.0, cudart64_101.dll 10.1; TensorFlow 2.4 and later ask for cudart64_110.dll
        # (any 11.x), which the generic row reads. Only the 7.x-10.x runtimes: a TensorFlow 1.x-2.3 release.
        patterns=(r"Could not load dynamic library '(?P<library>cudart64_(?P<version>[7-9]\d|10\d)\.dll)'",
                  r"Could not load dynamic library '(?P<library>libcudart\.so\.(?P<version>[7-9]\.\d|10\.\d))'",
                  # TensorFlow 1.5-1.12's own check on Windows (self_check.py) before it loads anything
                  r"Could not find '(?P<library>cudart64_(?P<version>[7-9]\d|10\d)\.dll)'\. TensorFlow requires"),
        severity="warn",  # also printed by CPU-only hosts, where it is harmless
        cause=("This TensorFlow release was built for one older CUDA, whose runtime {library} it cannot find: "
               "a newer CUDA does not stand in for it, so TensorFlow runs without the GPU."),
        advice=("Install exactly the CUDA version the file name encodes (cudart64_100.dll and libcudart.so.10.0 are "
                "CUDA 10.0, cudart64_101.dll and libcudart.so.10.1 are CUDA 10.1, libcudart.so.9.0 is CUDA 9.0) with "
                "the cuDNN that TensorFlow release lists at tensorflow.org/install/source#gpu, e.g. "
                "`conda install cudatoolkit=10.0 cudnn=7.6`, and put its bin (Windows PATH) or lib64 "
                "(LD_LIBRARY_PATH) folder on the path; or install a TensorFlow release built for the CUDA you have."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "download the dll"),
        sources=("https://github.com/tensorflow/tensorflow/issues/25807",
                 "https://github.com/orpatashnik/StyleCLIP/issues/20", "https://github.com/deepfakes/faceswap-playground/issues/136",
                 TF_SOURCE_TABLE),
        checked="2026-11-26",
        examples=("frameworks/tf-25807-tf20-wants-cudart64-100.txt", "frameworks/styleclip-20-tf-wants-cuda10-libs.txt",
                  "frameworks/faceswap-playground-136-tf-wants-cudart64-90.txt",
                  # NUMA notices beside it, which the generic row it refines takes as noise (w49b)
                  "frameworks/tensorflow-35866-tf21-libcudart-10-1-numa-lines.txt"),
        refines=("cuda.shared-library-not-loadable", "frameworks.tf-cuda-libraries-missing",),
    ),
    Signature(
        code="frameworks.transformers-internal-helper-missing",
        cause_id="package-version-conflict",
        kinds=("any",),
        # A library, app or model's remote code importing a helper from inside transformers (transformers.utils,
        # modeling_utils, ...) that this release removed or has not yet added. Capitalised names from the top level
        # are model classes (frameworks.transformers-lacks-model-class).
        patterns=(r"cannot import name '(?P<name>[a-z_]\w{0,80})' from 'transformers\.(?P<module>[\w.]{1,80})'",),
        severity="fail",
        cause=("The code importing {name} from transformers.{module} was written for another transformers release: "
               "this one removed that helper, or does not have it yet."),
        advice=("Bring transformers and the importing code to matching releases: update the package whose file imports "
                "it (the traceback's line above, e.g. `pip install -U llamafactory peft`, or the model's remote code), "
                "or pin transformers to the version its requirements name (`pip install \"transformers==4.34.1\"`, for "
                "example); if the helper is newer than your transformers, `pip install -U transformers`."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/huggingface/transformers/issues/27319",
                 "https://github.com/hiyouga/LlamaFactory/issues/7424"),
        checked="2026-11-26",
        examples=("frameworks/transformers-27319-remote-code-imports-removed-helper.txt",
                  "frameworks/llamafactory-7424-shard-checkpoint-removed.txt"),
    ),
)

from gpudoctor.knowledge.signatures.frameworks_others import OTHER_FRAMEWORK_SIGNATURES  # noqa: E402 (the rows above first)

VERSION_SIGNATURES += OTHER_FRAMEWORK_SIGNATURES

from gpudoctor.knowledge.signatures.frameworks_providers import PROVIDER_SIGNATURES  # noqa: E402

VERSION_SIGNATURES += PROVIDER_SIGNATURES

from gpudoctor.knowledge.signatures.frameworks_field import FIELD_SIGNATURES  # noqa: E402

VERSION_SIGNATURES += FIELD_SIGNATURES
