"""The oldest engine the addon supports: on an older one the bridge says so in one line and
stays off. The autoload script is the only file such an engine ever parses (the rest loads only
once the bridge activates), so it must use nothing newer than Godot 4.0 knows."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from agent_client.engine.launcher import find_godot

ADDON = Path(__file__).resolve().parents[2] / "godot_bridge" / "addons" / "agent_bridge"
# What only Godot 4.5+ parses, or names only 4.5+ has: none may appear in the autoload script.
NEWER_THAN_4_0 = {
    "the Logger class": re.compile(r"\bLogger\b(?!\))"),
    "ScriptBacktrace": re.compile(r"\bScriptBacktrace\b"),
    "variadic parameters": re.compile(r"\(\s*\.\.\.|,\s*\.\.\."),
    "typed dictionaries": re.compile(r"Dictionary\["),
    "OS.add_logger called directly": re.compile(r"OS\.add_logger\("),
}
CHECK = """extends SceneTree
func _init() -> void:
	var bridge := load("res://addons/agent_bridge/agent_bridge.gd")
	print("old: ", bridge.engine_too_old({"major": 4, "minor": 4, "patch": 1, "string": "4.4.1"}))
	print("new: [", bridge.engine_too_old(Engine.get_version_info()), "]")
	quit()
"""


def code_lines(path: Path) -> str:
    """The script without its comments (a comment may name what the code avoids)."""
    return "\n".join(line.split("#", 1)[0] for line in path.read_text().splitlines())


def test_the_autoload_script_uses_nothing_newer_than_godot_4_0() -> None:
    code = code_lines(ADDON / "agent_bridge.gd")
    found = [name for name, pattern in NEWER_THAN_4_0.items() if pattern.search(code)]
    assert found == []


def test_the_checks_find_what_they_look_for() -> None:
    samples = ["var log: Logger", "func f(...args: Array)", "var d: Dictionary[String, int]"]
    assert all(
        any(pattern.search(sample) for pattern in NEWER_THAN_4_0.values()) for sample in samples
    )


def test_an_older_engine_is_named_in_one_sentence_and_this_one_passes(tmp_path: Path) -> None:
    from agent_client.engine.addon import install

    (tmp_path / "project.godot").write_text('config_version=5\n[application]\nconfig/name="v"\n')
    install(tmp_path)
    (tmp_path / "check.gd").write_text(CHECK)
    done = subprocess.run(
        [str(find_godot()), "--headless", "--path", str(tmp_path), "-s", "res://check.gd"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (
        "old: AgentBridge needs Godot 4.5 or newer; this is 4.4.1, so the bridge stays off."
        in done.stdout
    ), done.stdout + done.stderr
    assert "new: []" in done.stdout
