"""Traces: the recorder a client writes ``trace.zip`` with, and the offline HTML viewer."""
