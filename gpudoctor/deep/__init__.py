"""Active ("deep") GPU tests behind ``gpudoctor check --deep``.

Layout (standard library only, imported lazily on purpose):

* :mod:`gpudoctor.deep.cuda`     -- thin ctypes wrapper of the CUDA driver API (libcuda).
* :mod:`gpudoctor.deep.nccl`     -- thin ctypes wrapper of libnccl.
* :mod:`gpudoctor.deep.formulas` -- pure helpers (GB/s, bus bandwidth, pair enumeration).
* :mod:`gpudoctor.deep.worker`   -- the child program (``python -m gpudoctor.deep.worker``);
  its module docstring documents the JSON-lines protocol.
* :mod:`gpudoctor.deep.runner`   -- the parent side: reads the worker's run (the host starts it,
  gpudoctor/probes/deep.py asks for it) and forwards its progress.

These modules only MEASURE; judging numbers (pass/warn/fail) is done in checks/deep.py.
This ``__init__`` deliberately imports nothing so that the worker starts fast.
"""
