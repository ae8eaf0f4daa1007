#!/usr/bin/env bash
# Installs everything AgentBridge needs on a fresh Debian-like machine:
#   - the Python package with its test extras,
#   - Godot 4.6 into a private cached prefix (skipped when GODOT_BIN names an engine), with
#     the CPU renderer and Xvfb so games can also run rendering, for screenshots,
#   - Mono, to compile and test the Unity package where no Unity editor can run.
# Safe to run again: every step is cached or idempotent.
set -euo pipefail
cd "$(dirname "$0")"

echo "== Python package"
python3 -m pip install --quiet --disable-pip-version-check -e ".[dev]"

echo "== Godot engine"
if [ -n "${GODOT_BIN:-}" ]; then
  echo "using GODOT_BIN=$GODOT_BIN"
else
  python3 -m agent_client.cli install-godot --render
fi

echo "== Mono (for checking the Unity package)"
if command -v mcs >/dev/null && command -v mono >/dev/null && command -v nunit-console >/dev/null; then
  echo "already installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get -qq update
  apt-get -qq install -y --no-install-recommends mono-mcs mono-runtime \
    libmono-system-core4.0-cil libnewtonsoft-json-cil-dev libnunit-cil-dev nunit-console >/dev/null
  echo "installed"
else
  echo "skipped: install mono-mcs and mono-runtime to check the Unity package"
fi
