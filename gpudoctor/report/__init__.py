"""Renderers of a Report: terminal (rich or plain text), JSON (versioned schema), JUnit XML."""
