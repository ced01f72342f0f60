"""Issue 25, w52b: wheel and framework families fresh threads showed the catalogue did not read.

A torch pin whose +cuXYZ build PyTorch never published. Each torch release is built for two or three CUDA versions
only (2.0: cu117, cu118; 2.1-2.3: cu118, cu121; 2.4-2.5: cu118, cu121, cu124; 2.6: cu118, cu124, cu126; 2.7: cu118,
cu126, cu128; https://pytorch.org/get-started/previous-versions/): a requirements file that pins a release to a newer
CUDA than it was built for ("torch==2.0.1+cu121", GoodDrag#3) names a wheel no index has, so no --index-url helps;
the fix is a release that exists for that CUDA (or that release's own CUDA). The row reads pip's line for the pins
whose CUDA is newer than their release's newest, and gives way to nothing: on that line it is the specific reading of
wheels.torch-local-build-pin-without-index (an index not searched), which it refines.

A C++ runtime too old, told without the loader's full line: an issue's title ("version `GLIBCXX_3.4.32' not
found", NX-AI/xlstm#57; "Issue importing files: version `GLIBCXX_3.4.30' not found", michaellee1/CellSeg#62) or a
person's words ("the libstdc++.so.6 library searching for GLIBCXX_3.4.30", haddock3#653;
"a `libstdc++.so.6` error", "the host has GLIBCXX_3.4.30"). The fix is the one wheels.libstdcxx-too-old gives: a
newer libstdc++ in the environment, or the system's linked into it (YOUNG-bit/OpenGS-Fusion#1).

Wheels built for a newer glibc than the system's, in the person's words: pip finds no wheel ("CentOS 7 supports
manylinux2014 but not manylinux_2_24", ijl/orjson#193; "the wheels are for 2.35+" on Rocky 8, acquire-zarr#129; "many
require glibc 2.34", ppc64le/pyeco#106), labelled no-wheel-for-python as the harvesters label pip finding no wheel,
or a module that will not load ("`GLIBC_2.38` is not available", PrimeIntellect-ai/pccl#20: binary-needs-newer-glibc).
And pip's own refusal of a wheel tagged manylinux_2_24 or newer ("...-manylinux_2_31_x86_64.whl is not a supported
wheel on this platform" on Rocky 8, textgen#5006): it refines wheels.wheel-tag-not-this-platform, whose advice is
about Python tags and the torch/CUDA build, with the glibc check first and the Python tag named in its cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
PYTORCH_PREVIOUS = "https://pytorch.org/get-started/previous-versions/"
_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "install CUDA")

# The C++ runtime's fix, for every row of that cause here (the words helpers use: conda's libstdcxx-ng, the
# environment's lib first, or the system's newer library linked into the environment).
LIBSTDCXX_ADVICE = (
    "Make a new enough libstdc++ the one loaded. In a conda environment: `conda install -c conda-forge libstdcxx-ng` "
    "(newer conda: libstdcxx), then put the environment's lib first (`export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:"
    "$LD_LIBRARY_PATH`); where the environment's own copy is the older one and the system's has the version "
    "(`strings /usr/lib/x86_64-linux-gnu/libstdc++.so.6 | grep GLIBCXX`), link the system's into the environment "
    "(`ln -sf /usr/lib/x86_64-linux-gnu/libstdc++.so.6 $CONDA_PREFIX/lib/libstdc++.so.6`). Outside conda, upgrade "
    "the system's libstdc++6 (gcc runtime), or use a build of the module made for this system.")

GLIBC_ADVICE = (
    "Check the system's glibc with `ldd --version` (CentOS/RHEL 7: 2.17, RHEL 8: 2.28, Ubuntu 20.04: 2.31, 22.04: "
    "2.35) against the wheel's manylinux_2_NN tag or the GLIBC_2.NN it needs: install an older release that still "
    "published manylinux2014 (glibc 2.17) wheels (pin it, e.g. `pip install 'package<X.Y'`), build the package from "
    "source on this machine (`pip install --no-binary PACKAGE PACKAGE`, or clone it and follow its build "
    "instructions), or run it on a newer distribution (RHEL 9, Ubuntu 22.04) or in a container with a newer glibc. "
    "Renaming a wheel's tag does not make its compiled code run on the older glibc.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-cuda-pin-never-published",
        cause_id="pinned-dependency-unavailable",
        refines=("wheels.torch-local-build-pin-without-index",),
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # pip's two lines for a pin ("Could not find a version that satisfies the requirement torch==2.0.1+cu121",
        # "No matching distribution found for torch==2.0.1+cu121"), only for a release pinned to a CUDA it was never
        # built for: 1.x and 2.0 to cu12x, 2.1-2.3 to cu124 and later, 2.4-2.5 to cu126 and later, 2.6 to cu121 or
        # cu128 and later, 2.7 to cu121/cu124/cu129, 2.0-2.8 to cu13x; 2.1-2.7 to an 11.x but cu118, 2.8 and later to
        # any 11.x; and cu112, cu114, cu119, cu122, cu123, cu125, cu127, which no release had.
        patterns=(
            r"(?:satisfies the requirement|distribution found for) (?P<package>torch|torchvision|torchaudio) ?==(?P<pin>"
            r"(?:1\.\d{1,2}\.\d{1,2}|2\.0\.\d)\+cu12\d|1\.\d{1,2}\.\d{1,2}\+cu118|2\.[1-3]\.\d\+cu12[4-9]|2\.[45]\.\d\+cu12[6-9]|2\.6\.\d\+cu12[189]|"
            r"2\.7\.\d\+cu12[149]|2\.[0-8]\.\d\+cu13\d|"
            # older than the release's oldest: 2.1-2.7 kept cu118 alone of 11.x, 2.8 and later none
            r"2\.[1-7]\.\d\+cu11[0-7]|2\.(?:[89]|1\d)\.\d\+cu11\d|"
            # CUDA versions PyTorch never built any release for
            r"\d\.\d{1,2}\.\d{1,2}\+cu(?:11[249]|12[2357]))(?![\w.])",
        ),
        severity="fail",
        cause=("The pin {package}=={pin} names a build PyTorch never published: that release was not built for that "
               "CUDA, so no index (PyPI or download.pytorch.org) has it, whatever the GPU or driver."),
        advice=("Change the pin to a release that exists for that CUDA (torch 2.1 or later for cu121, 2.4 or later for "
                "cu124, 2.6 or later for cu126, 2.7 or later for cu128; with its matching torchvision/torchaudio, listed "
                "at https://pytorch.org/get-started/previous-versions/), or keep the release with a CUDA it was built "
                "for (2.0.1 with cu118; 2.1-2.7 with cu118 where CUDA 11 is needed), installed from that index: `pip install torch==VERSION+cuXYZ --index-url "
                "https://download.pytorch.org/whl/cuXYZ`."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/zewei-Zhang/GoodDrag/issues/3", PYTORCH_PREVIOUS),
        checked=CHECKED,
        examples=("wheels/gooddrag-3-torch-201-cu121-pin-not-found.txt",),
    ),
    Signature(
        code="wheels.glibcxx-version-not-found-bare",
        cause_id="libstdcxx-too-old",
        kinds=("any",),
        # The loader's words without the library's path before them, as an issue's title or a shortened quote gives
        # them ("Issue importing files: version `GLIBCXX_3.4.30' not found", "version `GLIBCXX_3.4.32' not found in
        # linux"). The loader's full line ("libstdc++.so.6: version `GLIBCXX_...' not found") is
        # wheels.libstdcxx-too-old's.
        patterns=(r"(?<!\.so\.6: )version [`'\u2018](?P<needed>GLIBCXX_3\.4\.\d{1,2})['\u2019] not found",),
        severity="fail",
        cause=("A compiled module needs {needed} from the C++ runtime, and the libstdc++.so.6 the loader found (the "
               "system's ahead of the environment's, or the environment's own older copy) lacks it."),
        advice=LIBSTDCXX_ADVICE,
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/michaellee1/CellSeg/issues/62", "https://github.com/NX-AI/xlstm/issues/57",
                 "https://github.com/YOUNG-bit/OpenGS-Fusion/issues/1"),
        checked=CHECKED,
        examples=("wheels/cellseg-62-glibcxx-3430-title-conda-gcc.txt", "wheels/xlstm-57-glibcxx-3432-not-found-title.txt"),
    ),
    Signature(
        code="wheels.libstdcxx-too-old-described",
        described=True,
        cause_id="libstdcxx-too-old",
        kinds=("any",),
        patterns=(
            # "the libstdc++.so.6 library searching for GLIBCXX_3.4.30", "Anaconda3 `libstdc++.so.6` error"
            r"libstdc\+\+\.so\.6`? (?:library (?:searching|looking) for GLIBCXX|error\b|is too old|lacks GLIBCXX)",
        ),
        severity="warn",
        cause=("The description points at the C++ runtime: a compiled module needs a newer libstdc++ (a GLIBCXX_3.4.x "
               "symbol version) than the libstdc++.so.6 the loader finds, usually the system's ahead of the "
               "environment's own or the environment's older copy."),
        advice=LIBSTDCXX_ADVICE,
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/haddocking/haddock3/pull/653", "https://github.com/YOUNG-bit/OpenGS-Fusion/issues/1"),
        checked=CHECKED,
        examples=("wheels/haddock3-653-libstdcxx-ng-in-env-prose.txt",),
    ),
    Signature(
        code="wheels.manylinux-glibc-too-new-described",
        described=True,
        cause_id="no-wheel-for-python",
        kinds=("any",),
        patterns=(
            # "CentOS 7 supports `manylinux2014`/`manylinux_2_17` but not `manylinux_2_24`"
            r"\bsupports? [^\n]{0,60}\bbut not `?manylinux_2_\d{2}\b",
            # "many require glibc 2.34 (too new)", "the wheels need glibc 2.28"
            r"\b(?:require|requires|required|need|needs|needed) glibc ?(?:>= ?)?2\.\d{2}\b",
            # "the wheels on PyPI don't work as they are built for `cp38-cp38-manylinux_2_24_x86_64`"
            r"\bbuilt (?:for|with|against|on) `?(?:cp\d{2,3}-cp\d{2,3}m?-)?manylinux_2_(?:2[4-9]|3\d)(?!\d)",
            # "we have glibc 2.28, but the wheels are for 2.35+"
            r"\bwheels? (?:are|is) (?:built )?for (?:glibc )?2\.\d{2}\b",
            # "unable to install any of the "manylinux" wheels"
            r"\b(?:unable to|cannot|can't|could not) install any of the \W{0,2}manylinux\W{0,2} wheels",
        ),
        severity="warn",
        cause=("The description says the published wheels need a newer glibc than this system has (a manylinux_2_NN "
               "tag above the system's glibc), so pip finds no wheel to install for this platform."),
        advice=GLIBC_ADVICE,
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/ijl/orjson/issues/193", "https://github.com/ppc64le/pyeco/issues/106",
                 "https://github.com/pypa/manylinux"),
        checked=CHECKED,
        examples=("wheels/orjson-193-centos7-manylinux-2-24-no-wheel.txt",
                  "wheels/pyeco-106-rhel84-glibc-228-power-torch-wheels.txt",
                  "wheels/watchfiles-130-cp38-manylinux-2-24-centos7-prose.txt",
                  "wheels/acquirezarr-129-rocky8-glibc-228-wheels-need-235.txt"),
    ),
    Signature(
        code="wheels.glibc-symbol-unavailable-described",
        described=True,
        cause_id="binary-needs-newer-glibc",
        kinds=("any",),
        # "`GLIBC_2.38` is not available", "GLIBC_2.34 not found on my system": the person's words, without the
        # loader's quotes (its own line, "version `GLIBC_2.28' not found (required by ...)", other rows read).
        patterns=(r"\bGLIBC_2\.\d{2}`? (?:is )?(?:not available|not present|missing|too new|unavailable)",),
        severity="warn",
        cause=("The description says a prebuilt module or program needs a glibc symbol version (GLIBC_2.NN) newer than "
               "this system's glibc, so it cannot load here."),
        advice=GLIBC_ADVICE,
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/PrimeIntellect-ai/pccl/issues/20",),
        checked=CHECKED,
        examples=("wheels/pccl-20-glibc-238-ubuntu-22-prose.txt",),
    ),
    Signature(
        code="wheels.manylinux-2-2x-wheel-refused",
        cause_id="no-wheel-for-python",
        refines=("wheels.wheel-tag-not-this-platform",),
        kinds=("pip", "other", "powershell", "docker", "build"),
        # pip's refusal of a wheel whose last platform tag needs glibc 2.24 or newer
        # ("<name>-cp310-cp310-manylinux_2_28_x86_64.whl is not a supported wheel on this platform"): on CentOS/RHEL 7 (glibc 2.17) and Ubuntu 18.04 (2.27) the glibc tag is what pip refuses.
        patterns=(r"[-.]manylinux_2_(?P<glibc>2[4-9]|3\d)_(?:x86_64|aarch64|ppc64le|s390x)\.whl is not a supported wheel on "
                  r"this platform",),
        severity="fail",
        cause=("pip refuses a wheel tagged manylinux_2_{glibc}: it needs glibc 2.{glibc} or newer, and an older system "
               "(CentOS/RHEL 7 has 2.17) cannot take it, so pip falls back to older releases or finds none; where "
               "`ldd --version` shows a newer glibc, the wheel's cpXY tag (another Python) is what differs."),
        advice=GLIBC_ADVICE,
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/oobabooga/textgen/issues/5006", "https://github.com/pypa/manylinux",
                 "https://peps.python.org/pep-0600/"),
        checked=CHECKED,
        examples=("wheels/textgen-5006-llama-cpp-manylinux-2-31-wheel-rocky8.txt",),
    ),
)
