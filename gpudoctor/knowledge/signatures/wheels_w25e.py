"""Issue 25 (helper w25e): faiss-gpu, a PyPI package that stopped before today's Pythons.

pip's "Could not find a version that satisfies the requirement faiss-gpu (from versions: none)" reads like any
missing wheel (wheels.no-distribution-for-platform), but the step is faiss's own: the faiss-gpu project on PyPI ended
with 1.7.2, whose wheels cover Linux x86_64 and CPython 3.6 to 3.10 only, so Colab (Python 3.11 and later), current
Linux distributions, Windows and macOS find none. The maintained GPU wheels are other packages (FAISS_GPU_WHEELS),
and faiss' own channel is conda.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# Which faiss GPU build installs where (package, CUDA it links, platforms and Pythons), checked on 2026-11-27 against
# the PyPI project pages and faiss' INSTALL.md.
FAISS_GPU_WHEELS = (
    ("faiss-gpu", "CUDA 11 (bundled)", "Linux x86_64, CPython 3.6-3.10; last release 1.7.2", "https://pypi.org/project/faiss-gpu/"),
    ("faiss-gpu-cu12", "CUDA 12 (nvidia-* wheels)", "Linux x86_64, current CPython", "https://pypi.org/project/faiss-gpu-cu12/"),
    ("faiss-gpu-cu11", "CUDA 11.8 (nvidia-* wheels)", "Linux x86_64, current CPython", "https://pypi.org/project/faiss-gpu-cu11/"),
    ("faiss-gpu (conda, pytorch channel)", "CUDA 11/12", "Linux x86_64", "https://github.com/facebookresearch/faiss/blob/main/INSTALL.md"),
    ("faiss-cpu", "none", "Linux, Windows, macOS, current CPython", "https://pypi.org/project/faiss-cpu/"),
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.faiss-gpu-no-wheel",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # pip's refusal naming faiss-gpu (or faiss_gpu==1.7.2 from a requirements file), and uv's resolver for it.
        patterns=(r"requirement faiss[-_]gpu(?:[=<>~!]=?[\w.*]{1,20})? \(from versions: none\)",
                  r"all versions of faiss[-_]gpu have no wheels with a matching"),
        refines=("wheels.no-distribution-for-platform",),
        severity="fail",
        cause=("pip finds no faiss-gpu for this Python: the faiss-gpu package on PyPI ended with 1.7.2, whose wheels "
               "cover Linux x86_64 with Python 3.6 to 3.10 only (not Colab's or a current distribution's Python, "
               "Windows or macOS)."),
        advice=("Install a maintained faiss build instead of faiss-gpu (and change it in requirements files): on Linux "
                "with a GPU `pip install faiss-gpu-cu12` (CUDA 12; faiss-gpu-cu11 for CUDA 11), which is what works on "
                "Colab; or faiss from conda (`conda install -c pytorch -c nvidia faiss-gpu`); or `pip install "
                "faiss-cpu` where the GPU is not needed or on Windows and macOS. Keeping faiss-gpu==1.7.2 needs a "
                "Python 3.10 (or older) environment on Linux."),
        action="configure",
        rules_out=("the driver", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/googlecolab/colabtools/issues/5348", "https://github.com/AutoSurveys/AutoSurvey/issues/3",
                 "https://github.com/faiss-wheels/faiss-wheels/issues/89", *(row[3] for row in FAISS_GPU_WHEELS)),
        checked="2026-11-27",
        examples=("wheels/colabtools-5348-faiss-gpu-no-wheel-colab.txt", "wheels/autosurvey-3-faiss-gpu-m2-mac-use-faiss-cpu.txt",
                  "wheels/autosurvey-31-faiss-gpu-172-needs-python310.txt", "wheels/faisswheels-89-faiss-gpu-arch-python311.txt"),
    ),
)
