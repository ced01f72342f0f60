"""Issue 25, wave 36 (w36b): programs built without their CUDA part, read from the build's and the program's own lines.

A CMake project whose CUDA support is optional (darknet, xmr-stak, CCMpred, many C++ tools) checks for nvcc with
`check_language(CUDA)` ("-- Looking for a CUDA compiler - NOTFOUND") or with the old FindCUDA module ("Could NOT find
CUDA (missing: ... CUDA_NVCC_EXECUTABLE ...)"). Those lines alone are no failure (a configure without CUDA prints
them and goes on); where the project then stops with its own CMake Error naming its CUDA option, this module's row
reads that error. CMake's enable_language(CUDA) error is ollama.llama-cpp-build-no-nvcc's. A distutils or make build
whose nvcc path does not exist, or is made from a CUDA_HOME holding a colon list or quotes, has rows here too.

Sunshine (the game streamer) built without CUDA (SUNSHINE_ENABLE_CUDA off, or nvcc not found when it was configured)
keeps ffmpeg's h264_nvenc but puts its software frame converter in front of it, which fails on the captured GPU frame
("Couldn't scale frame: Invalid argument"), and falls back to libx264.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
CMAKE_CHECK_LANGUAGE = "https://cmake.org/cmake/help/latest/module/CheckLanguage.html"
SUNSHINE_BUILD = "https://docs.lizardbyte.dev/projects/sunshine/latest/md_docs_2building.html"

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "downgrade the driver")
# nvcc's path as a build prints it, when it is a Unix path holding a colon: CUDA_HOME set like PATH
# (`export CUDA_HOME=$CUDA_HOME:/usr/local/cuda`), so "$CUDA_HOME/bin/nvcc" is ":/usr/local/cuda/bin/nvcc" or
# "/usr/local/cuda:/usr/local/cuda-9.0/bin/nvcc". A Windows drive ("C:/") starts with a letter and is not read.
_COLON_NVCC = r"(?P<path>:?/[^\s'\":]{1,120}:/[^\s'\"]{0,200}?/bin/nvcc|:/[^\s'\"]{1,200}?/bin/nvcc)"
_NOT_COLON = r"(?!:?/[^\s'\":]{1,120}:/)(?!:/)"

SIGNATURES = (
    Signature(
        code="wheels.nvcc-path-missing",
        # wheels.nvcc-not-found (wheels.py) reads the same cause from pip's and torch's own lines; where both are in one
        # paste, this row's line names the path that is missing, and its advice is the fuller one.
        refines=("wheels.nvcc-not-found",), refines_within=10,
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            # distutils' and setuptools' spawn when the compiler it runs for a .cu file does not exist (setup.py
            # build_ext of a CUDA extension, pip building one): the path is CUDA_HOME's bin/nvcc, or plain "nvcc" on PATH
            r"unable to execute [\"']{0,2}" + _NOT_COLON + r"(?P<path>[^\s\"'][^\"\n]{0,200}?\bnvcc(?:\.exe)?|nvcc)[\"']{0,2}: "
            r"No such file or directory",
            r"error: command [\"']{0,2}" + _NOT_COLON + r"(?P<path>[^\s\"'][^\"\n]{0,200}?\bnvcc(?:\.exe)?|nvcc)[\"']{0,2} "
            r"failed: No such file or directory",
            # make (and the shell it runs) when a Makefile's $(CUDA_PATH)/bin/nvcc or plain nvcc is not there
            r"make(?:\[\d{1,3}\])?: (?P<path>[^\s:'\"]{0,200}\bnvcc): (?:Command not found|No such file or "
            r"directory)",
            r"/bin/sh: (?:\d{1,4}: )?(?P<path>[^\s:'\"]{0,200}/nvcc): No such file or directory",
            # the locate_cuda() helper many Cython/CUDA setup.py files copy (py-faster-rcnn's)
            r"The (?P<path>nvcc) binary could not be located in your \$PATH",
        ),
        severity="fail",
        cause=("The extension build tried to run nvcc ({path}) and it does not exist there: the CUDA toolkit is not "
               "installed, or CUDA_HOME / PATH in the shell that builds do not point at it."),
        advice=("Install the CUDA toolkit of torch's CUDA version (the driver has no nvcc; conda: `conda install -c nvidia "
                "cuda-toolkit` with CUDA_HOME=$CONDA_PREFIX; Docker: a -devel image), set CUDA_HOME to its root and put "
                "its bin on PATH in the shell that builds (`export CUDA_HOME=/usr/local/cuda PATH=/usr/local/cuda/bin:$PATH`; "
                "sudo resets PATH, so build without sudo or with `sudo env PATH=$PATH ...`; Windows: the toolkit's bin on "
                "Path and CUDA_PATH set; a Makefile's CUDA_PATH must name the toolkit that is there: Ubuntu's "
                "nvidia-cuda-toolkit puts nvcc in /usr/bin, so `make CUDA_PATH=/usr`, or install NVIDIA's toolkit "
                "packages, which use /usr/local/cuda), check that `$CUDA_HOME/bin/nvcc -V` runs, then rebuild."),
        action="configure",
        rules_out=("a driver fault: the build never reached the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/cudamat/cudamat/issues/36",
                 "https://github.com/NVIDIA/cuda-samples/issues/127",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked=CHECKED,
        examples=("wheels/cudamat-36-unable-to-execute-nvcc.txt",
                  "wheels/cuda-samples-127-make-nvcc-command-not-found.txt"),
    ),
    Signature(
        code="wheels.cuda-home-quoted",
        refines=("wheels.nvcc-path-missing",),
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # "'/usr/local/cuda'/bin/nvcc": CUDA_HOME's value itself holds quotes (quoted twice in a script or an
        # environment file), so the path joined from it cannot exist, whether or not the toolkit is installed.
        patterns=(r"unable to execute \"(?P<path>'[^'\"\n]{1,200}'/bin/nvcc)\": No such file or directory",
                  r"error: command \"(?P<path>'[^'\"\n]{1,200}'/bin/nvcc)\" failed\b"),
        severity="fail",
        cause=("The build looked for nvcc at {path}, a path made from a CUDA_HOME whose value holds quote characters "
               "(quoted twice where it was set), which cannot exist."),
        advice=("Set CUDA_HOME to the toolkit's root without quotes inside its value (`export CUDA_HOME=/usr/local/cuda`; "
                "fix the line in ~/.bashrc, the environment file or the script that sets it), open a new shell, check "
                "that `echo $CUDA_HOME` prints no quotes and `$CUDA_HOME/bin/nvcc -V` runs (install the toolkit if it "
                "does not), keep $CUDA_HOME/bin on PATH, then rebuild."),
        action="configure",
        rules_out=("a driver fault: the build never reached the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/MVIG-SJTU/AlphaPose/issues/765",),
        checked=CHECKED,
        examples=("wheels/alphapose-765-nvcc-unable-to-execute-quoted-home.txt",),
    ),
    Signature(
        code="wheels.cuda-home-colon-list",
        refines=("wheels.nvcc-not-found",),
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            r"unable to execute [\"']{0,2}" + _COLON_NVCC + r"[\"']{0,2}: No such file or directory",
            r"error: command [\"']{0,2}" + _COLON_NVCC + r"[\"']{0,2} failed\b",
            # torch.utils.cpp_extension's subprocess (FileNotFoundError), and /bin/sh running it
            r"No such file or directory: '" + _COLON_NVCC + r"'",
            r"/bin/sh: (?:\d{1,4}: )?" + _COLON_NVCC + r": (?:not found|No such file or directory)",
            r"make(?:\[\d{1,3}\])?: " + _COLON_NVCC + r": (?:Command not found|No such file or directory)",
        ),
        severity="fail",
        cause=("The build looked for nvcc at {path}, a path made from a CUDA_HOME that holds a colon-separated list (set "
               "like PATH, `export CUDA_HOME=$CUDA_HOME:/usr/local/cuda`), which cannot exist."),
        advice=("Set CUDA_HOME to the one toolkit root, not a list: `export CUDA_HOME=/usr/local/cuda` (or the "
                "/usr/local/cuda-X.Y matching torch's CUDA), fixing the line in ~/.bashrc or ~/.zshrc that appends to it; "
                "open a new shell, check `echo $CUDA_HOME` and `$CUDA_HOME/bin/nvcc -V`, keep $CUDA_HOME/bin on PATH, then "
                "rebuild."),
        action="configure",
        rules_out=("a driver fault: the build never reached the GPU", "a missing CUDA toolkit, when nvcc runs by itself"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/NVIDIA/apex/issues/368", "https://github.com/MhLiao/DB/issues/21",
                 "https://github.com/chengdazhi/Deformable-Convolution-V2-PyTorch/issues/86"),
        checked=CHECKED,
        examples=("wheels/mhliaodb-21-cuda-home-colon-list-nvcc.txt", "wheels/apex-368-cuda-home-appended-colon.txt",
                  "wheels/dcnv2-86-bin-sh-colon-cuda-home-nvcc.txt"),
    ),
    Signature(
        code="wheels.cmake-cuda-compiler-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # The project's own CMake Error after its CUDA check failed, naming the option that builds without CUDA ("CUDA
        # not found, please build explicitly with -DENABLE_CUDA=OFF", "CUDA NOT found: use `-DCUDA_ENABLE=OFF`"). The
        # check's own lines ("Looking for a CUDA compiler - NOTFOUND", FindCUDA's "Could NOT find CUDA") are no
        # failure: a configure whose CUDA part is optional prints them and goes on. CMake's enable_language(CUDA)
        # error ("No CMAKE_CUDA_COMPILER could be found") is ollama.llama-cpp-build-no-nvcc's.
        patterns=(r"\bCUDA (?:not|NOT) found\b[^\n]{0,60}?-D(?P<option>\w{0,40}CUDA\w{0,40})=OFF\b",),
        severity="fail",
        cause=("CMake found no working CUDA compiler (nvcc missing, not on the configuring shell's PATH, or failing its "
               "test compile) while the project's CUDA option -D{option} was on, so configuring stopped."),
        advice=("To build without GPU support, reconfigure with -D{option}=OFF. To build with it, install the CUDA toolkit "
                "and make nvcc visible to CMake: its bin folder on PATH (`export PATH=/usr/local/cuda/bin:$PATH`) or "
                "`CUDACXX=/usr/local/cuda/bin/nvcc` (`-DCMAKE_CUDA_COMPILER=...`), and check that `nvcc --version` runs "
                "(where CUDACXX already names an installed nvcc, CMakeFiles/CMakeError.log or CMakeConfigureLog.yaml says "
                "why its test compile failed: on Windows, install the toolkit after Visual Studio so its integration is "
                "there); then reconfigure in a clean build folder (delete CMakeCache.txt)."),
        action="configure",
        rules_out=("a driver fault: the build never reached the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/AlexeyAB/darknet/issues/8350", "https://github.com/fireice-uk/xmr-stak/issues/1429",
                 CMAKE_CHECK_LANGUAGE, "https://cmake.org/cmake/help/latest/module/FindCUDA.html"),
        checked=CHECKED,
        examples=("wheels/darknet-8350-cmake-cuda-compiler-notfound.txt",
                  "wheels/xmrstak-1429-cmake-findcuda-missing-nvcc.txt"),
    ),
    Signature(
        code="wheels.sunshine-built-without-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # Sunshine's software converter (avcodec_software_encode_device_t::convert, sws_scale) failing on a captured
        # frame: in front of h264_nvenc it runs only where the CUDA encode paths were compiled out (SUNSHINE_BUILD_CUDA
        # undefined), and Sunshine then reports "Encoder [nvenc] failed" and picks libx264.
        # Info, not a failure: the same line comes from the VAAPI (AMD, Intel) path, which this row cannot tell apart
        # on its own line; the NVENC reading holds where "Encoder [nvenc] failed" follows it.
        patterns=(r"Couldn't scale frame: (?P<why>Invalid argument)",),
        severity="info",
        cause=("Sunshine converted the captured frame in software and the conversion failed ({why}); where the encoder "
               "it fed was NVENC (\"Encoder [nvenc] failed\" follows), this Sunshine was built without CUDA "
               "(SUNSHINE_ENABLE_CUDA off, or nvcc not found when it was configured), so NVENC fails and it streams "
               "with the software encoder."),
        advice=("Use a Sunshine built with CUDA: LizardByte's own release packages, or on Arch the sunshine-bin package; "
                "when building it yourself, install the CUDA toolkit, have nvcc on PATH in the shell that configures it "
                "(Arch: `export PATH=/opt/cuda/bin:$PATH`, not set for fish or zsh), configure with "
                "-DSUNSHINE_ENABLE_CUDA=ON and check the log has no 'Looking for a CUDA compiler - NOTFOUND'; on NixOS "
                "use `pkgs.sunshine.override { cudaSupport = true; }`. Meanwhile `capture = kms` in sunshine.conf "
                "avoids the failing converter on Wayland."),
        action="configure",
        rules_out=("a driver fault: ffmpeg's NVENC initialised",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/omacom/omarchy/issues/9048", "https://github.com/olafkfreund/nixos_config/pull/1632",
                 "https://github.com/NixOS/nixpkgs/issues/559144", "https://github.com/LizardByte/Sunshine/issues/1240",
                 SUNSHINE_BUILD),
        checked=CHECKED,
        examples=("wheels/omarchy-9048-sunshine-without-cuda-scale-frame.txt",
                  "wheels/nixosconfig-1632-sunshine-cuda-compiled-out.txt"),
    ),
)
