#!/usr/bin/env bash
# Installs everything AgentBridge needs on a fresh Debian-like machine (Debian 12, Ubuntu 24.04),
# where the system Python is "externally managed" and pip must not touch it:
#   - a virtual environment in .venv (python3-venv comes from apt when it is missing and this
#     user may install packages), holding the Python package with its test and check extras,
#   - Godot 4.6 into a private cached prefix (skipped when GODOT_BIN names an engine), with
#     the CPU renderer and Xvfb so games can also run rendering, for screenshots,
#   - Mono, to compile and test the Unity package where no Unity editor can run,
#   - xdotool and evilwm (a person at a desktop, with and without a window manager, for the
#     record and codegen tests) and Chromium (the trace viewer's browser tests).
# Safe to run again: every step is cached or idempotent. PYTHON picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")"

PYTHON="${PYTHON:-python3}"
VENV=.venv

# Runs a command as root: directly when we are root, through sudo when that needs no password.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo -n "$@"
  else
    return 1
  fi
}

apt_install() {
  command -v apt-get >/dev/null || return 1
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq update &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq install -y --no-install-recommends "$@" >/dev/null
}

# A tool the tests can do without (they are skipped, naming it): its Debian package of the
# same name, when it is missing and may be installed.
optional_tool() {
  if command -v "$1" >/dev/null; then
    echo "already installed"
  elif apt_install "$1"; then
    echo "installed"
  else
    echo "skipped: install $1 to run $2"
  fi
}

echo "== Python environment ($VENV)"
if ! command -v "$PYTHON" >/dev/null; then
  echo "no $PYTHON: install Python 3.10 or newer (apt-get install python3)" >&2
  exit 1
fi
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' || {
  echo "$("$PYTHON" --version) is too old: AgentBridge needs Python 3.10 or newer" >&2
  exit 1
}
if [ ! -x "$VENV/bin/python" ]; then
  rm -rf "$VENV"  # a half-made environment from an earlier failed attempt
  if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
    rm -rf "$VENV"
    echo "python venv is missing: installing python3-venv"
    if ! apt_install python3-venv; then
      echo "cannot create $VENV: install python3-venv (as root: apt-get install python3-venv)" >&2
      exit 1
    fi
    "$PYTHON" -m venv "$VENV"
  fi
fi
# compat: the checkout goes on sys.path through a .pth line instead of an import hook that
# costs every command-line call about 10 ms of start-up.
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -e ".[dev]" --config-settings editable_mode=compat
echo "$("$VENV/bin/python" --version) in $VENV"

echo "== Godot engine"
if [ -n "${GODOT_BIN:-}" ]; then
  echo "using GODOT_BIN=$GODOT_BIN"
else
  "$VENV/bin/python" -m agent_client.cli install-godot --render
fi

echo "== Mono (for checking the Unity package)"
if command -v mcs >/dev/null && command -v mono >/dev/null && command -v nunit-console >/dev/null; then
  echo "already installed"
elif apt_install mono-mcs mono-runtime libmono-system-core4.0-cil libnewtonsoft-json-cil-dev \
  libnunit-cil-dev nunit-console; then
  echo "installed"
else
  echo "skipped: install mono-mcs and mono-runtime to check the Unity package"
fi

echo "== xdotool (a person at a virtual display, for the record and codegen tests)"
optional_tool xdotool "the record and codegen tests"

echo "== evilwm (a small window manager: the record and codegen tests run under one too)"
optional_tool evilwm "the record and codegen tests under a window manager"

echo "== lcov (genhtml, a standard reader of the lcov files the coverage reports write)"
if command -v genhtml >/dev/null; then
  echo "already installed"
elif apt_install lcov; then
  echo "installed"
else
  echo "skipped: install lcov to check the coverage reports with genhtml"
fi

echo "== Chromium (for the trace viewer's browser tests)"
if command -v chromium >/dev/null || [ -n "${AGENT_BRIDGE_CHROMIUM:-}" ]; then
  echo "already installed"
elif apt_install chromium; then
  echo "installed"
else
  echo "skipped: install chromium (or set AGENT_BRIDGE_CHROMIUM) to run the viewer's browser tests"
fi
