"""Judging what someone pasted (`gpudoctor read`): recognise each output, turn it into the answers
the probes would have recorded, and let the same probes and checks judge a partial host.

text.py cleans the paste; kinds.py is the table of outputs it knows; nvidia_smi.py, ollama.py,
wsl.py, linux.py and collect_env.py turn each into recorded answers; reading.py assembles the
host; verdicts.py marks what the paste cannot settle; command.py is the command. The markdown
report and the anonymiser, which `check`, `fix` and `snapshot` use too, live in gpudoctor/report/.
"""
