"""Engines on this machine: finding, installing and launching them, their processes, the
addon, the one-time import, session folders and the index of named sessions."""
