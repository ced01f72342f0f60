"""The host boundary: the only code that asks the machine anything (see base.py)."""
