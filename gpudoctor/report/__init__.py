"""Renderers of a Report: terminal (wrapped, coloured with click.style), JSON (versioned schema), JUnit XML."""
