"""Where the Unity bridge's files are, for the checks in this folder."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PACKAGE = REPO / "unity_bridge"
BUILD_SCRIPT = HERE / "build.sh"
