"""The durations file and the split of a suite into shards.

    durations = load_durations(".agent-durations.json")     # {} when there is none
    shard = parse_shard("2/4")                              # Shard(index=2, total=4)
    mine = assign(nodeids, durations, shard.total)[shard.index - 1]

The file is one JSON object: pytest node id -> seconds the test took (setup, call and
teardown), the format pytest-split's ``.test_durations`` also has. The split is the longest
processing time rule: tests from the longest down (ties by node id) each go to the shard with
the least time so far (ties: fewer tests, then the lower number). It depends only on the node
ids and the durations, never on the order tests were collected in, so every machine computes
the same split. A test the file does not know weighs the mean of those it knows; with no file
every test weighs the same and the tests go round-robin in node id order.
"""

from __future__ import annotations

import heapq
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import orjson

from agent_client.wire.errors import ResultsError

__all__ = [
    "DURATIONS_FILE",
    "Shard",
    "assign",
    "load_durations",
    "parse_shard",
    "save_durations",
]

DURATIONS_FILE = ".agent-durations.json"
SHARD_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (from 1) of ``total``."""

    index: int
    total: int

    def __str__(self) -> str:
        return f"{self.index}/{self.total}"


def parse_shard(spec: str) -> Shard:
    """``"2/4"`` -> ``Shard(2, 4)``.

    Raises:
        ResultsError: (``BAD_SHARD``) not two whole numbers K/N with 1 <= K <= N.
    """
    found = SHARD_SPEC.fullmatch(spec)
    if found is None:
        raise ResultsError(
            "BAD_SHARD",
            f"A shard is K/N, two whole numbers such as 2/4 (shard 2 of 4), not {spec!r}.",
        )
    index, total = int(found.group(1)), int(found.group(2))
    if total < 1 or not 1 <= index <= total:
        raise ResultsError(
            "BAD_SHARD",
            f"Shard {index}/{total} does not exist: K/N needs 1 <= K <= N "
            f"(shards are numbered from 1), not {spec.strip()!r}.",
        )
    return Shard(index, total)


def assign(nodeids: Sequence[str], durations: Mapping[str, float], total: int) -> list[list[str]]:
    """Split ``nodeids`` into ``total`` shards of about the same time.

    Args:
        nodeids: the collected tests; each shard keeps them in this order.
        durations: seconds per node id from an earlier run (may know other tests too).
        total: how many shards.

    Returns:
        ``total`` lists of node ids; together they hold every test once.
    """
    known = [durations[nodeid] for nodeid in nodeids if nodeid in durations]
    default = sum(known) / len(known) if known else 1.0
    weight = {nodeid: float(durations.get(nodeid, default)) for nodeid in nodeids}
    # (time so far, tests so far, shard number): the least of these takes the next test.
    loads = [(0.0, 0, number) for number in range(total)]
    shard_of: dict[str, int] = {}
    for nodeid in sorted(weight, key=lambda nodeid: (-weight[nodeid], nodeid)):
        time, count, number = heapq.heappop(loads)
        shard_of[nodeid] = number
        heapq.heappush(loads, (time + weight[nodeid], count + 1, number))
    shards: list[list[str]] = [[] for _ in range(total)]
    for nodeid in nodeids:
        shards[shard_of[nodeid]].append(nodeid)
    return shards


def load_durations(path: str | os.PathLike[str]) -> dict[str, float]:
    """The durations in ``path``, or ``{}`` when there is no such file.

    Raises:
        ResultsError: (``BAD_DURATIONS``) the file is not a JSON object of node id -> seconds.
    """
    source = Path(path)
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise ResultsError(
            "BAD_DURATIONS", f"Cannot read the durations file {source}: {error}."
        ) from None
    fix = "write it again with --agent-store-durations or `agent-bridge report merge --durations`"
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise ResultsError(
            "BAD_DURATIONS", f"{source} is not a durations file: it is not JSON ({error}); {fix}."
        ) from None
    if not isinstance(data, dict):
        raise ResultsError(
            "BAD_DURATIONS",
            f"{source} is not a durations file: it holds a JSON {type(data).__name__}, not an "
            f"object of test id -> seconds; {fix}.",
        )
    for nodeid, seconds in data.items():
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
            raise ResultsError(
                "BAD_DURATIONS",
                f"{source} is not a durations file: {nodeid!r} has {seconds!r}, not a number of "
                f"seconds; {fix}.",
            )
    return {nodeid: float(seconds) for nodeid, seconds in data.items()}


def save_durations(
    path: str | os.PathLike[str], measured: Mapping[str, float], *, keep: bool = True
) -> Path:
    """Write ``measured`` into the durations file at ``path`` (sorted, to the millisecond).

    Args:
        path: the file.
        measured: seconds per node id.
        keep: keep the entries of tests ``measured`` does not hold (another shard's).

    Returns:
        The path written.
    """
    target = Path(path)
    durations = {**(load_durations(target) if keep else {}), **measured}
    text = orjson.dumps(
        {nodeid: round(durations[nodeid], 3) for nodeid in sorted(durations)},
        option=orjson.OPT_INDENT_2,
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(text + b"\n")
    partial.replace(target)
    return target
