"""A person at a desktop: an Xvfb server of its own, optionally with a window manager
(evilwm, a small one from the distribution), and the X server's own keyboard and mouse events
(xdotool) to a game's window. The window is focused and closed the way the desktop does it:
under the window manager by the manager itself (it focuses the window the pointer enters, and
closes the current window with its Ctrl+Alt+Escape by sending WM_DELETE_WINDOW); without one,
focus is set directly and WM_DELETE_WINDOW sent directly, as a manager would.

Used by the record, replay and codegen tests and by bench/bench_replay.py. ``available()`` and
``window_manager_available()`` say what is missing; ``AGENT_BRIDGE_REQUIRE_DESKTOP=1`` (CI)
makes a missing tool a failure instead of a skip (``require()``)."""

from __future__ import annotations

import ctypes
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

WINDOW_MANAGER = "evilwm"
REQUIRE = "AGENT_BRIDGE_REQUIRE_DESKTOP"
_CLIENT_MESSAGE = 33  # X.h ClientMessage


def available() -> str:
    """Why a person cannot be simulated here, or "" when one can."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        return f"{' and '.join(missing)} not installed (install.sh installs them)"
    return ""


def window_manager_available() -> str:
    """Why no window manager can run here, or "" when one can."""
    if shutil.which(WINDOW_MANAGER) is None:
        return (
            f"{WINDOW_MANAGER} (the tests' window manager) not installed (install.sh installs it)"
        )
    return ""


def require(*, window_manager: bool = False) -> None:
    """Skips the calling test when a tool it needs is missing, or fails it when
    AGENT_BRIDGE_REQUIRE_DESKTOP=1 (CI) requires the desktop tests.

    Raises:
        pytest.fail.Exception: a tool is missing and the desktop tests are required.
        pytest.skip.Exception: a tool is missing.
    """
    import pytest

    why = available() or (window_manager_available() if window_manager else "")
    if not why:
        return
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{why}, and {REQUIRE}=1 requires the desktop tests.")
    pytest.skip(why)


class Desktop:
    """An X display, with or without a window manager.

    Attributes:
        name: The display (``:123``), set as $DISPLAY while it runs.
        window_manager: The manager's program, or "" when windows are unmanaged.
    """

    def __init__(self, name: str, window_manager: str, connection: _Connection) -> None:
        self.name = name
        self.window_manager = window_manager
        self._connection = connection

    def focus(self, window: str) -> None:
        """Gives the window the keyboard: under the manager, the pointer enters it (evilwm
        focuses what the pointer is over); without one, the focus is set directly."""
        if self.window_manager:
            xdotool("mousemove", "--window", window, "5", "5")
        else:
            xdotool("windowfocus", "--sync", window)
        time.sleep(0.1)

    def close(self, window: str) -> None:
        """Closes the window as its close button does: the manager's own close (Ctrl+Alt+Escape
        on the focused window), or WM_DELETE_WINDOW sent to it as a manager sends it."""
        if self.window_manager:
            self.focus(window)
            xdotool("key", "ctrl+alt+Escape")
        else:
            self._connection.send_delete_window(int(window))


@contextmanager
def display(*, window_manager: bool = False) -> Iterator[Desktop]:
    """A fresh Xvfb server on a display number it finds free (other tests and other people's
    servers may run on this machine), set as $DISPLAY while the block runs; with
    ``window_manager``, evilwm manages its windows (from its own empty home: no user's
    settings)."""
    ready, told = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(told), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(told,),
    )
    os.close(told)
    with os.fdopen(ready) as answer:
        number = answer.readline().strip()  # written once the server accepts clients
    if not number:
        server.wait(5)
        raise RuntimeError(f"Xvfb did not start (exit code {server.returncode})")
    name = f":{number}"
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = name
    manager: subprocess.Popen[bytes] | None = None
    connection: _Connection | None = None
    try:
        connection = _Connection(name)
        with tempfile.TemporaryDirectory(prefix="wm-home-") as home:
            if window_manager:
                manager = subprocess.Popen(
                    # The server's built-in font: Xvfb has no font files here.
                    [WINDOW_MANAGER, "-fn", "fixed"],
                    env={**os.environ, "HOME": home},
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                _wait_for(connection.managed, f"{WINDOW_MANAGER} to manage the display")
            yield Desktop(name, WINDOW_MANAGER if window_manager else "", connection)
    finally:
        if manager is not None:
            manager.terminate()
            manager.wait(5)
        if connection is not None:
            connection.close()
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
        server.terminate()
        server.wait(5)


def _wait_for(ready: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 10
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.02)


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


def press_key(key: str) -> None:
    """Presses and lets go of a key (an X keysym name: ``Return``, ``Escape``)."""
    xdotool("key", key)
    time.sleep(0.15)


def play_with_keys(window: str, keys: list[str], seconds: float, seed: int = 1) -> None:
    """A person at the keyboard, the pointer over the window: random keys held for a random
    while, for ``seconds``."""
    xdotool("mousemove", "--window", window, "200", "200")
    chooser = random.Random(seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        key = chooser.choice(keys)
        xdotool("keydown", key)
        time.sleep(chooser.uniform(0.05, 0.4))
        xdotool("keyup", key)


class _ClientMessageData(ctypes.Union):
    _fields_ = [("l", ctypes.c_long * 5)]


class _ClientMessage(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", _ClientMessageData),
    ]


class _Event(ctypes.Union):
    _fields_ = [("client", _ClientMessage), ("pad", ctypes.c_long * 24)]


class _Connection:
    """A connection to the X server, kept while the display runs, as a desktop session keeps
    one: the window-manager protocol's atoms exist before any game starts (Godot looks
    WM_DELETE_WINDOW up only if it exists, so on a bare server nobody made, its window would
    ignore the close), and the server does not reset between two games."""

    def __init__(self, display_name: str) -> None:
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XInternAtom.restype = ctypes.c_ulong
        x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x11.XSendEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_long,
            ctypes.POINTER(_Event),
        ]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetWindowProperty.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_ulong,
            ctypes.c_long,
            ctypes.c_long,
            ctypes.c_int,
            ctypes.c_ulong,
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_void_p),
        ]
        x11.XFree.argtypes = [ctypes.c_void_p]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self._x11 = x11
        self._display = x11.XOpenDisplay(display_name.encode())
        if not self._display:
            raise RuntimeError(f"cannot open the X display {display_name}")
        self._protocols = x11.XInternAtom(self._display, b"WM_PROTOCOLS", 0)
        self._delete = x11.XInternAtom(self._display, b"WM_DELETE_WINDOW", 0)
        x11.XFlush(self._display)

    def send_delete_window(self, window: int) -> None:
        """Sends WM_DELETE_WINDOW to a window, as a window manager does when its close
        button is pressed (xdotool has no command for it)."""
        event = _Event()
        event.client.type = _CLIENT_MESSAGE
        event.client.window = window
        event.client.message_type = self._protocols
        event.client.format = 32
        event.client.data.l[0] = self._delete
        event.client.data.l[1] = 0  # CurrentTime
        if not self._x11.XSendEvent(self._display, window, 0, 0, ctypes.byref(event)):
            raise RuntimeError(f"cannot send WM_DELETE_WINDOW to window {window}")
        self._x11.XFlush(self._display)

    def managed(self) -> bool:
        """Whether a window manager announced itself on the root window (EWMH's
        _NET_SUPPORTING_WM_CHECK)."""
        check = self._x11.XInternAtom(self._display, b"_NET_SUPPORTING_WM_CHECK", 0)
        kind, count, after = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_ulong()
        size, value = ctypes.c_int(), ctypes.c_void_p()
        root = self._x11.XDefaultRootWindow(self._display)
        returned = [kind, size, count, after, value]
        self._x11.XGetWindowProperty(
            self._display, root, check, 0, 1, 0, 0, *[ctypes.byref(out) for out in returned]
        )
        if value:
            self._x11.XFree(value)
        return count.value > 0

    def close(self) -> None:
        self._x11.XCloseDisplay(self._display)
