"""One version number for the whole project: the Python package, the Godot addon and the
Unity package say the same."""

from __future__ import annotations

import configparser
import json
import re
from pathlib import Path

import agent_client

REPO = Path(__file__).resolve().parents[2]


def versions() -> dict[str, str]:
    pyproject = re.search(
        r'^version = "([^"]+)"', (REPO / "pyproject.toml").read_text(encoding="utf-8"), re.MULTILINE
    )
    assert pyproject is not None
    plugin = configparser.ConfigParser()
    plugin.read(REPO / "godot_bridge" / "addons" / "agent_bridge" / "plugin.cfg", encoding="utf-8")
    package = json.loads((REPO / "unity_bridge" / "package.json").read_text(encoding="utf-8"))
    return {
        "pyproject.toml": pyproject.group(1),
        "plugin.cfg": plugin["plugin"]["version"].strip('"'),
        "package.json": package["version"],
        "agent_client.__version__": agent_client.__version__,
    }


def test_every_part_has_the_same_version() -> None:
    found = versions()
    assert len(set(found.values())) == 1, found
    assert re.fullmatch(r"\d+\.\d+\.\d+", found["pyproject.toml"])
