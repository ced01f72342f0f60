"""Issue 25 (helper w39a): Open MPI's notice that it found no libcuda, on a node without NVIDIA GPUs.

An Open MPI built with CUDA support (--with-cuda: conda-forge's, EasyBuild's, a site's build for a mixed cluster) looks
for the driver's libcuda.so.1 on every node it runs on. On a CPU-only node there is none, and Open MPI says so and runs
on with CUDA-aware support off: 1.x-4.x print a help block ("The library attempted to open the following supporting
CUDA libraries, but each of them failed.  CUDA-aware support is disabled." and the loader's lines, then "--mca
mpi_cuda_support 0" or, from PR #5188, "--mca opal_warn_on_missing_libcuda 0 to suppress this message"); 5.x, with its
CUDA components built as loadable modules, prints one "mca_base_component_repository_open: unable to open
mca_accelerator_cuda: libcuda.so.1: ... (ignored)" per component. The maintainers call it benign (ompi#4405, which
added the knob; EasyBuild's and conda-forge's builds silence it by default). The loader's libcuda.so.1 lines read as a
missing driver or container runtime (cuda.libcuda-so1-missing); beside Open MPI's words they are this notice.
"Error string: ...libcuda.so.1: undefined symbol ... CUDA-aware support is disabled" is another message (a libcuda that
is there but too old), not read here.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.openmpi-no-libcuda-on-cpu-node-notice",
        cause_id="none",
        kinds=("any",),
        patterns=(
            # opal/mca/common/cuda's help-mpi-common-cuda.txt, "dlopen failed" (1.x-4.x): the line above the loader's
            r"but each of them failed\. {1,2}CUDA-aware support is disabled\.",
            # ...and the line below them, either knob
            r"--mca (?:mpi_cuda_support|opal_warn_on_missing_libcuda) 0 to suppress this message",
            # 5.x: a CUDA component the MCA base could not load, skipped
            r"mca_base_component_repository_open: unable to open mca_\w{1,40}: libcuda\.so\.1: cannot open shared "
            r"object file: No such file or directory \(ignored\)",
        ),
        # the loader's libcuda.so.1 lines sit between the help block's first and last lines
        refines=("cuda.libcuda-so1-missing", "cuda.shared-library-not-loadable"), refines_within=8,
        severity="info",
        cause=("Open MPI, built with CUDA support, could not load libcuda.so.1 (the NVIDIA driver's library) on this "
               "node and runs on with CUDA-aware support off: on a node without NVIDIA GPUs that is expected, not a "
               "fault."),
        advice=("On a CPU-only node nothing needs fixing; to silence it there, set the MCA parameter "
                "opal_warn_on_missing_libcuda to 0 (`export OMPI_MCA_opal_warn_on_missing_libcuda=0`, or `--mca "
                "opal_warn_on_missing_libcuda 0`; Open MPI 5's \"(ignored)\" lines: mca_base_component_show_load_errors "
                "0), or mpi_cuda_support 0 where CUDA-aware MPI is never wanted. Only on a GPU node where CUDA-aware MPI "
                "is wanted does it matter: there `nvidia-smi` must work and `ldconfig -p | grep libcuda.so.1` must list "
                "the driver's library (in a container, start it with the GPUs: `--gpus all`); a libcuda that is there "
                "but fails to load (the loader's line names another error than \"cannot open shared object file\") "
                "is that driver's fault, not Open MPI's."),
        action="none",
        rules_out=("a missing NVIDIA driver on a node without GPUs", "the MPI installation"),
        never_suggest=("install the NVIDIA driver", "reinstall CUDA"),
        versions=("Open MPI 1.x-4.x: the help block; opal_warn_on_missing_libcuda from 3.1.x/4.0 (PR #5188)",
                  "Open MPI 5.x: one '(ignored)' line per CUDA component"),
        sources=("https://github.com/easybuilders/easybuild-easyconfigs/pull/15589",
                 "https://github.com/open-mpi/ompi/pull/5188", "https://github.com/open-mpi/ompi/issues/12279",
                 "https://github.com/conda-forge/openmpi-feedstock/pull/134"),
        checked="2026-11-27",
        examples=("cuda/easybuild-15589-openmpi-missing-libcuda-warning-cpu-nodes.txt",
                  "cuda/ompi-12279-v5-cuda-components-ignored-on-cpu-node.txt"),
    ),
)
