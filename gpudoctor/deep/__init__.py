"""Active ("deep") GPU tests behind ``gpudoctor check --deep``.

Layout (standard library only, imported lazily on purpose):

* :mod:`gpudoctor.deep.cuda`     -- thin ctypes wrapper of the CUDA driver API (libcuda).
* :mod:`gpudoctor.deep.nccl`     -- thin ctypes wrapper of libnccl.
* :mod:`gpudoctor.deep.formulas` -- pure helpers (GB/s, bus bandwidth, pair enumeration).
* :mod:`gpudoctor.deep.cublas`   -- thin ctypes wrapper of cuBLAS (the stress test's products).
* :mod:`gpudoctor.deep.worker`   -- the child program (``python -m gpudoctor.deep.worker``);
  its module docstring documents the JSON-lines protocol, for every test.
* the tests it runs, one module each: :mod:`~gpudoctor.deep.p2p`, :mod:`~gpudoctor.deep.host_copies`,
  :mod:`~gpudoctor.deep.allreduce`, :mod:`~gpudoctor.deep.stress` (its loads in ``stress_load``, its
  watching in ``stress_watch``); what they share: :mod:`~gpudoctor.deep.session` (contexts, streams,
  freeing, reading back), :mod:`~gpudoctor.deep.emitter` (the JSON lines), :mod:`~gpudoctor.deep.options`
  (the command line), :mod:`~gpudoctor.deep.nvlink` (NVLink error counters).
* :mod:`gpudoctor.deep.runner`   -- the parent side: reads the worker's run (the host starts it,
  gpudoctor/probes/deep.py asks for it) and forwards its progress.

These modules only MEASURE; judging numbers (pass/warn/fail) is done in checks/deep.py and checks/stress.py.
This ``__init__`` deliberately imports nothing so that the worker starts fast.
"""
