"""``doctor``: the invariants AgentBridge promises, checked on a person's own game, with the
node, the field and the likely cause of every difference (docs/COMPATIBILITY.md)."""

from agent_client.doctor.examine import DEFAULT_FRAMES, examine
from agent_client.doctor.report import INVARIANTS, NodeDifference, Report, Verdict

__all__ = ["DEFAULT_FRAMES", "INVARIANTS", "NodeDifference", "Report", "Verdict", "examine"]
