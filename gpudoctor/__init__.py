"""gpudoctor: finds why a multi-GPU NVIDIA machine does not work together, and fixes what it safely can."""

__version__ = "0.1.0"
