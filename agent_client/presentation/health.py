"""The engine's monitors as the command line and the MCP server show them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_client.client.metrics import describe_orphans

if TYPE_CHECKING:
    from agent_client.wire.answers import MetricsAnswer


def describe_metrics(metrics: MetricsAnswer) -> str:
    """A ``metrics`` answer as a few lines of text (the orphans too, when it lists them)."""
    mib = 1024 * 1024
    lines = [
        f"nodes {metrics.get('nodes')} (orphan nodes {metrics.get('orphan_nodes')}), "
        f"objects {metrics.get('objects')}, resources {metrics.get('resources')}",
        f"static memory {metrics.get('static_memory', 0) / mib:.1f} MiB "
        f"(peak {metrics.get('static_memory_max', 0) / mib:.1f} MiB)",
        f"fps {metrics.get('fps', 0):g}; the slowest frame of the last second: process "
        f"{metrics.get('process_ms', 0):.2f} ms, physics {metrics.get('physics_ms', 0):.2f} ms",
    ]
    if "orphans" in metrics:
        listed = describe_orphans(metrics["orphans"])
        lines.append("orphans:" + ("\n" + listed if listed else " none"))
    return "\n".join(lines)
