"""The command line's project set-up: ``agent-bridge install PROJECT [--skills]``."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

from agent_client.cli.output import show
from agent_client.engine.addon import install
from agent_client.presentation.errors import UsageError


def install_command(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    try:
        done = install(project)
    except FileNotFoundError as error:
        raise UsageError("NOT_FOUND", str(error)) from None
    show(
        f"{'copied' if done.copied else 'kept'} {done.addon}; autoload "
        f"{'registered' if done.autoload_changed else 'already registered'} in "
        f"{project / 'project.godot'}"
    )
    if args.skills:
        for written in install_skills(project):
            show(f"wrote {written}")
    return 0


SKILL_FOLDER = Path(".claude") / "skills" / "agent-bridge"
AGENTS_START = "<!-- agent-bridge: start -->"
AGENTS_END = "<!-- agent-bridge: end -->"
AGENTS_SECTION = f"""{AGENTS_START}
## Playing the game (AgentBridge)

This game has the AgentBridge addon: run it headless and drive it a step at a time with
`agent-bridge start . --install`, `agent-bridge snapshot -i -c` (what a player can act on, each
with a ref such as `e3`), `agent-bridge click @e3` / `fill` / `select` / `key`, `agent-bridge get
events`, and `agent-bridge stop`. The whole loop, and what each error means, is in
`.claude/skills/agent-bridge/SKILL.md`.
{AGENTS_END}
"""


def install_skills(project: Path) -> list[Path]:
    """Write the Agent Skill and the AGENTS.md section (replacing an earlier one, keeping the
    rest of the file); returns the files written."""
    skill = project / SKILL_FOLDER / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text(
        resources.files("agent_client").joinpath("skills/SKILL.md").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    agents = project / "AGENTS.md"
    text = agents.read_text(encoding="utf-8") if agents.is_file() else ""
    if AGENTS_START in text and AGENTS_END in text:
        before, rest = text.split(AGENTS_START, 1)
        text = before + AGENTS_SECTION.rstrip("\n") + rest.split(AGENTS_END, 1)[1]
    else:
        text = text.rstrip("\n") + ("\n\n" if text.strip() else "") + AGENTS_SECTION
    agents.write_text(text, encoding="utf-8")
    return [skill, agents]
