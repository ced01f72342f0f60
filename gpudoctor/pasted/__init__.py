"""Judging what someone pasted (`gpudoctor read`): recognise each output, turn it into the answers
the probes would have recorded, and let the same probes and checks judge a partial host.

text.py cleans the paste; kinds.py is the table of outputs it knows; nvidia_smi.py, ollama.py,
wsl.py, linux.py and collect_env.py turn each into recorded answers; reading.py assembles the
host; verdicts.py marks what the paste cannot settle; command.py is the command; markdown.py and
anonymise.py make reports and snapshots fit to share.
"""
