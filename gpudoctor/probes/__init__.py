"""Probes: the only code that asks the host anything. Each turns raw answers into frozen facts.

A probe is a function `(host, facts) -> fact` that declares its fact where it is written,
`@provides("gpus")` (gpudoctor/probing.py); the registry finds every module here, and
`facts.get(name)` gives a probe the other facts it builds on.
Probes never judge: they say what is there, and checks decide whether that is good.
"""
