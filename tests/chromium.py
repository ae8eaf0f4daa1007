"""The Chromium the trace viewer's browser tests and bench/bench_trace_view.py drive: the
distribution's binary (``apt-get install -y chromium``) or the one ``AGENT_BRIDGE_CHROMIUM``
names, started headless with nothing reaching the network."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
]


def chromium_path() -> str | None:
    """The Chromium binary to drive, or None when there is none."""
    named = os.environ.get("AGENT_BRIDGE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")
