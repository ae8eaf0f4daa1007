"""mkdocs hook: replaces ``<!-- cli-reference -->`` with the help of every ``agent-bridge``
command, taken from the argument parser itself, so the reference cannot drift from the code."""

from __future__ import annotations

import argparse
from typing import Any

MARKER = "<!-- cli-reference -->"


def on_page_markdown(markdown: str, **_kwargs: Any) -> str:
    if MARKER not in markdown:
        return markdown
    from agent_client.cli.parser import build_parser

    parser = build_parser()
    sections = [f"```text\n{parser.format_help()}```"]
    for name, sub in _subcommands(parser):
        sections.append(f"## {name}\n\n```text\n{sub.format_help()}```")
    return markdown.replace(MARKER, "\n\n".join(sections))


def _subcommands(
    parser: argparse.ArgumentParser, prefix: str = ""
) -> list[tuple[str, argparse.ArgumentParser]]:
    """Every listed subcommand (and those under it: ``get tree``); old spellings, which are
    not listed, are left out."""
    found = []
    for action in parser._actions:  # argparse keeps its subcommands here
        if isinstance(action, argparse._SubParsersAction):
            listed = {choice.dest for choice in action._choices_actions}
            for name, sub in action.choices.items():
                if name in listed and sub.add_help:
                    found.append((prefix + name, sub))
                    found += _subcommands(sub, prefix + name + " ")
    return found
