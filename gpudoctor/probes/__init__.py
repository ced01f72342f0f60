"""Probes: the only code that asks the host anything. Each turns raw answers into frozen facts.

A probe is a function `(host, facts) -> fact`, registered in the entry-point group
`gpudoctor.probes` under the fact's name; `facts.get(name)` gives it other facts it builds on.
Probes never judge: they say what is there, and checks decide whether that is good.
"""
