"""The shard spec, the split (balanced, deterministic, round-robin without durations) and the
durations file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from agent_client.results.durations import (
    Shard,
    assign,
    load_durations,
    parse_shard,
    save_durations,
)
from agent_client.wire.errors import ResultsError

TESTS = [f"tests/test_{number // 10}.py::test_{number:02d}" for number in range(30)]


@pytest.mark.parametrize(
    "spec, shard", [("2/4", Shard(2, 4)), (" 1 / 1 ", Shard(1, 1)), ("12/12", Shard(12, 12))]
)
def test_a_shard_is_k_of_n(spec: str, shard: Shard) -> None:
    assert parse_shard(spec) == shard
    assert str(parse_shard(spec)) == f"{shard.index}/{shard.total}"


@pytest.mark.parametrize(
    "spec, says",
    [
        ("0/4", "Shard 0/4 does not exist: K/N needs 1 <= K <= N"),
        ("5/4", "Shard 5/4 does not exist"),
        ("1/0", "Shard 1/0 does not exist"),
        ("x/y", "two whole numbers such as 2/4 (shard 2 of 4), not 'x/y'"),
        ("-1/4", "not '-1/4'"),
        ("4", "not '4'"),
        ("", "not ''"),
        ("1/2/3", "not '1/2/3'"),
    ],
)
def test_a_bad_shard_spec_says_what_a_shard_is(spec: str, says: str) -> None:
    with pytest.raises(ResultsError) as raised:
        parse_shard(spec)
    assert raised.value.code == "BAD_SHARD"
    assert says in str(raised.value)


@pytest.mark.parametrize("total", [1, 3, 4, 7])
def test_every_test_is_in_exactly_one_shard(total: int) -> None:
    shards = assign(TESTS, {TESTS[0]: 5.0, TESTS[1]: 0.2}, total)
    assert len(shards) == total
    flat = [nodeid for shard in shards for nodeid in shard]
    assert sorted(flat) == sorted(TESTS) and len(flat) == len(set(flat))


def test_without_durations_the_tests_go_round_robin_in_node_id_order() -> None:
    shuffled = random.Random(3).sample(TESTS, len(TESTS))
    shards = assign(shuffled, {}, 4)
    for number, shard in enumerate(shards):
        assert set(shard) == set(sorted(TESTS)[number::4])
        # Each shard keeps the order the tests came in.
        assert shard == [nodeid for nodeid in shuffled if nodeid in shard]


def test_the_split_is_the_same_whatever_order_the_tests_came_in() -> None:
    durations = {nodeid: (number % 7) * 0.3 for number, nodeid in enumerate(TESTS)}
    first = [set(shard) for shard in assign(TESTS, durations, 4)]
    for seed in range(5):
        shuffled = random.Random(seed).sample(TESTS, len(TESTS))
        assert [set(shard) for shard in assign(shuffled, durations, 4)] == first


def test_durations_balance_the_shards() -> None:
    # One long test and ten short ones: round-robin would put the long one with five short.
    tests = ["t::long", *(f"t::short_{number}" for number in range(10))]
    durations = {"t::long": 10.0, **{f"t::short_{number}": 1.0 for number in range(10)}}
    shards = assign(tests, durations, 2)
    assert sorted(map(len, shards)) == [1, 10]
    assert ["t::long"] in shards
    # With spread-out durations, the shards end within the longest test of each other.
    durations = {nodeid: 0.1 + (number * 37 % 11) / 3 for number, nodeid in enumerate(TESTS)}
    loads = [sum(durations[nodeid] for nodeid in shard) for shard in assign(TESTS, durations, 4)]
    assert max(loads) - min(loads) <= max(durations.values())


def test_a_test_without_a_duration_weighs_the_mean_of_the_known() -> None:
    # Known: 4 s and 2 s (mean 3 s); the new test is put where 3 s fits best.
    shards = assign(["a", "b", "new"], {"a": 4.0, "b": 2.0, "gone": 100.0}, 2)
    assert shards == [["a"], ["b", "new"]]


def test_tests_that_took_no_time_are_still_spread() -> None:
    shards = assign(TESTS[:8], dict.fromkeys(TESTS[:8], 0.0), 4)
    assert [len(shard) for shard in shards] == [2, 2, 2, 2]


def test_more_shards_than_tests_leaves_some_empty() -> None:
    assert [len(shard) for shard in assign(TESTS[:2], {}, 4)] == [1, 1, 0, 0]


def test_durations_are_saved_sorted_to_the_millisecond_and_other_entries_are_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sub" / ".agent-durations.json"
    assert load_durations(path) == {}  # no file yet
    save_durations(path, {"b::two": 2.00049, "a::one": 1.0})
    save_durations(path, {"c::three": 3.0, "a::one": 1.5})
    assert load_durations(path) == {"a::one": 1.5, "b::two": 2.0, "c::three": 3.0}
    assert path.read_text().index("a::one") < path.read_text().index("b::two")
    save_durations(path, {"d::four": 4.0}, keep=False)
    assert load_durations(path) == {"d::four": 4.0}


@pytest.mark.parametrize(
    "content, says",
    [
        ("{not json", "it is not JSON"),
        ('["a", 1]', "it holds a JSON list, not an object of test id -> seconds"),
        ('{"a::b": "fast"}', "'a::b' has 'fast', not a number of seconds"),
        ('{"a::b": -1}', "'a::b' has -1"),
        ('{"a::b": true}', "'a::b' has True"),
    ],
)
def test_a_damaged_durations_file_is_refused_with_the_fix(
    tmp_path: Path, content: str, says: str
) -> None:
    path = tmp_path / ".agent-durations.json"
    path.write_text(content)
    with pytest.raises(ResultsError) as raised:
        load_durations(path)
    assert raised.value.code == "BAD_DURATIONS"
    assert says in str(raised.value) and "--agent-store-durations" in str(raised.value)
