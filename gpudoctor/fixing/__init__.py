"""Fix planning and applying: the catalog of fix scripts, the plan for a report, running it."""
