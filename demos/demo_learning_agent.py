"""Demo: an agent that was told nothing learns the controls of real games and plays them.

    python demos/demo_learning_agent.py [--corpus ../shared/corpus] [GAME ...]

For each game (default: squash_the_creeps, dodge_the_creeps, pong, copied to a temporary folder
with the bridge installed) it prints the snapshot's controls line, how many entities are on
screen, off it and behind the camera, what each action was seen to move and which way, and the
frames it took to reach a moving entity steering by `nearby`. The agent (learning_agent.py)
reads only `list_actions`, the snapshot and `nearby`.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from learning_agent import ChaseResult, LearningAgent, places  # noqa: E402

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402

CORPUS = HERE.parents[1] / "shared" / "corpus"
# How close counts as reaching (world units: pixels in 2D, units in 3D).
GAMES = {"squash_the_creeps": 2.5, "dodge_the_creeps": 60.0, "pong": 24.0}


class LockstepDriver:
    """The agent's hands and clock on a lockstep game (it stands still between requests):
    actions held, let go and tapped through ``input``, time moved by ``step``."""

    def __init__(self, game: AgentClient) -> None:
        self.game = game

    def hold(self, action: str) -> None:
        self.game.input(action=action, pressed=True)

    def release(self, action: str) -> None:
        self.game.input(action=action, pressed=False)

    def tap(self, action: str) -> None:
        self.game.input(action=action)

    def advance(self, frames: int) -> None:
        self.game.step(frames)


def play(project: Path, reach: float) -> tuple[LearningAgent, str, ChaseResult]:
    """Launches the game (lockstep, 60 frames a game second), learns its controls, chases;
    returns the agent, the snapshot the chase started from, and how the chase went."""
    with AgentClient.launch(project, timeout=30) as game:
        agent = LearningAgent(game, LockstepDriver(game))
        agent.learn()
        start = game.snapshot()["text"]
        return agent, start, agent.chase(reach=reach)


def report(name: str, agent: LearningAgent, start: str, result: ChaseResult) -> str:
    counts = places(start)
    most = {place: max(places(text)[place] for text in agent.seen) for place in counts}
    lines = [
        f"== {name}",
        start.splitlines()[0],
        "entities when the chase starts: "
        + ", ".join(f"{count} {place}" for place, count in counts.items())
        + "; the most at once: "
        + ", ".join(f"{count} {place}" for place, count in most.items()),
    ]
    for action, effect in agent.effects.items():
        moved = ",".join(f"{part:g}" for part in effect.moved)
        lines.append(f"  {action}: moves {effect.name} by {moved} in {agent.trial_frames} frames")
    how = "touched it" if result.touched else f"{result.distance:g} away"
    lines.append(
        f"{'reached' if result.reached else 'did not reach'} {result.target} with "
        f"{result.avatar} in {result.frames} frames ({how}); {agent.frames} frames in all"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="corpus game folders")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="where the games are")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        for name in options.games:
            project = Path(temp) / name
            shutil.copytree(options.corpus / name, project)
            install(project)
            agent, start, result = play(project, GAMES.get(name, 40.0))
            print(report(name, agent, start, result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
