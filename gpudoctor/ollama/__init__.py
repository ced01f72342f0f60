"""The Ollama wing's reading of the server: pure functions over what the `ollama` probe recorded.

slog.py      Go's slog fields, the `server config` env map, Ollama's sizes
messages.py  every kind of Ollama log line, recognised in one place (failures through the signature catalogue)
load.py      how the last model load was placed
log.py       the server log as facts (ServerLog), read once
server.py    one model of the server: its version, the GPUs it sees and why others are left out, how it placed
             the last model, its failed loads; the ollama.* checks are small functions over it
"""
