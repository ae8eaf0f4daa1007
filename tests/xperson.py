"""A person at a virtual display: an Xvfb server of its own and the X server's own keyboard
and mouse events (xdotool) to a game's window. Used by the record and codegen tests and by
bench/bench_replay.py; without Xvfb or xdotool, ``available()`` says so."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager


def available() -> str:
    """Why a person cannot be simulated here, or "" when one can."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        return f"{' and '.join(missing)} not installed (install.sh installs them)"
    return ""


@contextmanager
def display(number: int = 0) -> Iterator[str]:
    """A fresh Xvfb server, set as $DISPLAY while the block runs."""
    number = number or 100 + os.getpid() % 400
    name = f":{number}"
    server = subprocess.Popen(
        ["Xvfb", name, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = name
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.monotonic() < deadline:
            time.sleep(0.02)
        yield name
    finally:
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
        server.terminate()
        server.wait(5)


def xdotool(*args: str) -> str:
    return subprocess.run(
        ["xdotool", *args], check=True, capture_output=True, text=True, timeout=30
    ).stdout


def window_of(pid: int) -> str:
    """The visible window of a process (waiting for it to appear)."""
    return xdotool("search", "--sync", "--onlyvisible", "--pid", str(pid)).split()[0]


def window_named(title: str) -> str:
    """The visible window whose title holds ``title`` (waiting for it to appear)."""
    return xdotool("search", "--sync", "--onlyvisible", "--name", title).split()[0]


def click(window: str, x: int, y: int) -> None:
    """Moves the pointer to a point of the window and clicks the left button."""
    xdotool("mousemove", "--window", window, str(x), str(y))
    time.sleep(0.05)
    xdotool("click", "1")
    time.sleep(0.15)


def type_text(text: str) -> None:
    xdotool("type", "--delay", "60", text)
    time.sleep(0.15)
