"""What gpudoctor knows of the world, as data with its sources and the date it was last checked.

signatures/ is the catalogue of failure signatures (an error line -> its cause and the next step), one
module per area; matcher.py finds them in any text; log_lines.py turns text as people paste it into
the lines the signatures were written for. Nothing here touches the machine, and nothing compiles a
regex before some text is read.
"""
