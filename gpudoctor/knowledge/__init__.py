"""What gpudoctor knows of the world, as data with its sources and the date it was last checked.

signatures/ is the catalogue of failure signatures (an error line -> its cause and the next step), one
module per area; matcher.py finds them in any text; log_lines.py turns text as people paste it into
the lines the signatures were written for. Beside them, the tables of facts the checks judge by:
driver_support.py (driver branches, CUDA per driver), xid_catalog.py (Xid meanings),
ollama_versions.py (which Ollama release reads what), performance.py (what a healthy link
measures), nvlink_models.py (how many NVLinks each GPU has). Nothing here touches the machine, and nothing compiles a
regex before some text is read.
"""
