"""Fuzz: hostile and malformed request lines from a seeded generator, written straight into a
game's command file. Every line must be answered or refused (one response line each), and the
game must still answer afterwards. Then one 50 MB line, and how long the request after it
waits. Prints numbers; asserts nothing.

Run: python bench/fuzz.py [--lines 10000] [--seed 7] [--big-mb 50]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402

FIXTURE = REPO / "tests" / "fixture_game"
COMMANDS = [
    "hello",
    "get_tree",
    "get_node",
    "get_property",
    "set_property",
    "call_method",
    "click",
    "press",
    "fill",
    "snapshot",
    "wait",
    "select",
    "set_value",
    "input",
    "change_scene",
    "cancel",
    "step_until",
    "nope",
    "",
]
PATHS = [
    "/root/Conformance/PlayButton",
    "/root/Conformance",
    "/root/AgentBridge",
    "/root/..",
    "res://../x",
    "/root/Conformance/Volume",
    "",
    "e1",
    "@e999999",
]


def junk_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([0, -1, 2**63, 1e308, -1e308, 3.5])
    if kind == 1:
        return rng.choice(["", "x" * rng.randrange(1, 2000), "\u202e", "🎮", "\\n", "NaN"])
    if kind == 2:
        return rng.choice([True, False, None])
    if kind == 3:
        return rng.choice(PATHS)
    if kind in (4, 5):
        return rng.randrange(-5, 100000)
    if kind == 6:
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {
        rng.choice(["path", "ref", "x", "y", "value", "frames", "id", "_x"]): junk_value(
            rng, depth + 1
        )
        for _ in range(rng.randrange(4))
    }


def request_line(rng: random.Random, number: int) -> bytes:
    args = {
        rng.choice(
            [
                "path",
                "ref",
                "value",
                "property",
                "frames",
                "x",
                "y",
                "option",
                "timeout_ms",
                "method",
                "args",
            ]
        ): junk_value(rng)
        for _ in range(rng.randrange(4))
    }
    if rng.random() < 0.3:
        args["timeout_ms"] = rng.randrange(0, 50)  # keep waits short
    return orjson.dumps({"id": number, "cmd": rng.choice(COMMANDS), "args": args})


def broken_line(rng: random.Random, number: int) -> bytes:
    good = request_line(rng, number)
    makers: list[Callable[[], bytes]] = [
        lambda: good[: rng.randrange(1, len(good))],  # cut short
        lambda: good[:5] + b"\x00" + good[5:],  # a NUL byte
        lambda: good[:-2] + b"\xff\xfe" + good[-2:],  # not UTF-8
        lambda: bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 80))).replace(
            b"\n", b" "
        ),
        lambda: b"[" * 2000 + b"]" * 2000,  # too deep
        lambda: b'{"id": %d, "cmd": "hello", "args": [1]}' % number,  # args not an object
        lambda: b'{"id": {"x": 1}, "cmd": "hello"}',  # id of a wrong type
        lambda: b'{"id": %d, "cmd": 5}' % number,
        lambda: b"null",
    ]
    return rng.choice(makers)()


def blank(line: bytes) -> bool:
    """Whether the bridge reads the line as empty (and answers nothing): readable text of
    nothing but spaces and control characters."""
    if b"\x00" in line:
        return False
    try:
        text = line.decode()
    except UnicodeDecodeError:
        return False
    return all(ord(character) <= 32 for character in text)


def response_count(folder: Path) -> int:
    return sum(path.read_bytes().count(b"\n") for path in folder.glob("resp*.jsonl"))


def wait_for_count(folder: Path, wanted: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    count = response_count(folder)
    while count < wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        count = response_count(folder)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--big-mb", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with AgentClient.launch(FIXTURE, timeout=60, install=True) as game:
        folder = game.session_dir
        assert folder is not None
        transport = game.connection.transport
        before = response_count(folder)
        lines = [
            (broken_line if rng.random() < 0.5 else request_line)(rng, 100000 + i)
            for i in range(args.lines)
        ]
        start = time.perf_counter()
        for chunk_start in range(0, len(lines), 200):
            transport.send(b"\n".join(lines[chunk_start : chunk_start + 200]) + b"\n")
        counted = [line for line in lines if not blank(line)]
        got = wait_for_count(folder, before + len(counted), 600) - before
        took = time.perf_counter() - start
        refused = sum(
            1
            for path in folder.glob("resp*.jsonl")
            for line in path.read_bytes().splitlines()
            if b'"ok":false' in line
        )
        alive = game.hello()["protocol"] == "agentbridge/1"
        print(
            f"fuzz: {len(counted):,} lines (seed {args.seed}): {got:,} answered or refused "
            f"({refused:,} refusals) in {took:.1f} s; engine alive: {alive}"
        )
        big = b'{"id": 1, "cmd": "hello", "args": {"x": "' + b"a" * (args.big_mb << 20) + b'"}}\n'
        start = time.perf_counter()
        transport.send(big)
        after = game.request(
            "get_property", {"path": "/root/Conformance/Title", "property": "text"}, timeout=120
        )
        waited = time.perf_counter() - start
        print(
            f"a {args.big_mb} MB line, then a request: answered in {waited * 1000:.0f} ms "
            f"(value {after['value']!r}); engine alive: {game.hello()['protocol'] != ''}"
        )
        print(
            orjson.dumps(
                {
                    "bench": "fuzz",
                    "lines": len(counted),
                    "answered": got,
                    "refused": refused,
                    "seconds": round(took, 2),
                    "alive": alive,
                    "after_big_line_ms": round(waited * 1000),
                }
            ).decode()
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
