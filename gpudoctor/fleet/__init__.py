"""Running on many nodes: outputs that cluster tools read (Prometheus, node-problem-detector,
Nagios exit codes, Node Feature Discovery labels) and `gpudoctor merge`, which reads the JSON
reports of many nodes into one view. Everything here reads report documents (the JSON of
report/report.schema.json), never the host."""
