"""Issue 25, wave 36 (w36b): programs built without their CUDA part, read from the build's and the program's own lines.

A CMake project whose CUDA support is optional (Sunshine, darknet, CCMpred, many C++ tools) looks for nvcc with
`check_language(CUDA)` ("-- Looking for a CUDA compiler - NOTFOUND") or with the old FindCUDA module ("Could NOT find
CUDA (missing: ... CUDA_NVCC_EXECUTABLE ...)"): where nvcc is not on the configuring shell's PATH it either stops
(`enable_language(CUDA)`, a project's own "CUDA not found") or builds on without CUDA, and the program later finds no
GPU encoder or backend. The generic CUDAToolkit rows (wheels_pairs.py) read FindCUDAToolkit's line with llama.cpp's
advice; this one reads CMake's compiler check and the old module's line wherever they appear.

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
            r"make(?:\[\d{1,3}\])?: " + _NOT_COLON + r"(?P<path>[^\s:'\"]{0,200}\bnvcc): (?:Command not found|No such file or "
            r"directory)",
            r"/bin/sh: (?:\d{1,4}: )?" + _NOT_COLON + r"(?P<path>[^\s:'\"]{0,200}/nvcc): No such file or directory",
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
        sources=("https://github.com/cudamat/cudamat/issues/36", "https://github.com/MVIG-SJTU/AlphaPose/issues/765",
                 "https://github.com/NVIDIA/cuda-samples/issues/127",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked=CHECKED,
        examples=("wheels/cudamat-36-unable-to-execute-nvcc.txt",
                  "wheels/alphapose-765-nvcc-unable-to-execute-quoted-home.txt",
                  "wheels/cuda-samples-127-make-nvcc-command-not-found.txt"),
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
        patterns=(
            # CMake's CheckLanguage module (check_language(CUDA)), which optional-CUDA projects call before
            # enable_language(CUDA): the configuring shell has no nvcc on PATH and no CUDACXX / CMAKE_CUDA_COMPILER.
            r"Looking for a CUDA compiler - NOTFOUND",
            # the old FindCUDA module (find_package(CUDA)), when nvcc or the toolkit's root is among what it missed
            r"Could NOT find CUDA \(missing: [\w ]{0,200}?\bCUDA_(?:NVCC_EXECUTABLE|TOOLKIT_ROOT_DIR)\b",
        ),
        severity="warn",
        cause=("CMake found no CUDA compiler (nvcc) when it configured this build: the CUDA toolkit is not installed, "
               "or its bin folder is not on the configuring shell's PATH, so the build either stops or goes on without "
               "its CUDA part (a program built this way finds no GPU backend or NVENC encoder later)."),
        advice=("Install the CUDA toolkit and make nvcc visible to CMake before configuring: put its bin folder on PATH "
                "(`export PATH=/usr/local/cuda/bin:$PATH`; Arch's cuda package uses /opt/cuda/bin and adds it only for "
                "login bash shells, so fish or zsh users export it themselves) or set `CUDACXX=/usr/local/cuda/bin/nvcc` "
                "(`-DCMAKE_CUDA_COMPILER=...`; on Windows install the toolkit after Visual Studio so its integration is "
                "there), then reconfigure in a clean build folder (delete CMakeCache.txt) with the project's CUDA option "
                "on (-DGGML_CUDA=ON, -DENABLE_CUDA=ON, -DWITH_CUDA=ON, -DSUNSHINE_ENABLE_CUDA=ON). To build without "
                "GPU support instead, turn that CUDA option off (e.g. -DWITH_CUDA=OFF or -DENABLE_CUDA=OFF)."),
        action="configure",
        rules_out=("a driver fault: the build never reached the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/AlexeyAB/darknet/issues/8350", "https://github.com/soedinglab/CCMpred/issues/26",
                 "https://github.com/fireice-uk/xmr-stak/issues/1429",
                 CMAKE_CHECK_LANGUAGE, "https://cmake.org/cmake/help/latest/module/FindCUDA.html"),
        checked=CHECKED,
        examples=("wheels/darknet-8350-cmake-cuda-compiler-notfound.txt",
                  "wheels/ccmpred-26-cmake-cuda-compiler-notfound-no-toolkit.txt",
                  "wheels/xmrstak-1429-cmake-findcuda-missing-nvcc.txt"),
    ),
    Signature(
        code="wheels.sunshine-built-without-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # Sunshine's software converter (avcodec_software_encode_device_t::convert, sws_scale) failing on a captured
        # frame: in front of h264_nvenc it runs only where the CUDA encode paths were compiled out (SUNSHINE_BUILD_CUDA
        # undefined), and Sunshine then reports "Encoder [nvenc] failed" and picks libx264.
        patterns=(r"Couldn't scale frame: (?P<why>Invalid argument|[\w ]{1,60})",),
        severity="warn",
        cause=("Sunshine converted the captured frame in software before the NVENC encoder and the conversion failed "
               "({why}): this Sunshine was built without CUDA (SUNSHINE_ENABLE_CUDA off, or nvcc not found when it was "
               "configured), so NVENC fails and it streams with the software encoder."),
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
