"""Writes docs/COMPATIBILITY.md's table from expectations.json and the corpus:
``python -m tests.agent.corpus.write_table``."""

from __future__ import annotations

from tests.agent.corpus.compatibility import (
    COMPATIBILITY,
    TABLE_END,
    TABLE_START,
    corpus_games,
    expectations,
    table,
)


def main() -> None:
    text = COMPATIBILITY.read_text(encoding="utf-8")
    before, rest = text.split(TABLE_START, 1)
    after = rest.split(TABLE_END, 1)[1]
    made = table(corpus_games(), expectations())
    COMPATIBILITY.write_text(f"{before}{TABLE_START}\n{made}\n{TABLE_END}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
