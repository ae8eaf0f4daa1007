"""The ``agent-bridge`` command line: one command per step against a game that stays running.

    agent-bridge start PROJECT          agent-bridge snapshot -i
    agent-bridge click @e3              agent-bridge wait --event symmetry_found
    agent-bridge stop

Every invocation prints its result on stdout and exits 0, or prints one ``error CODE: ...``
line on stderr and exits 1 (2 for a usage error). See docs/CLI.md. Modules load lazily so a
call stays fast: a new process per command is the normal case.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from agent_client.cli import grammar

# subcommand -> (module, function); functions of cli.commands take (args, client).
SESSION_FREE = {
    "start": ("agent_client.cli.sessions", "start"),
    "sessions": ("agent_client.cli.sessions", "sessions"),
    "stop": ("agent_client.cli.sessions", "stop"),
    "install": ("agent_client.cli.project", "install_command"),
    "doctor": ("agent_client.cli.doctor", "doctor_command"),
    "mcp": ("agent_client.cli.front_ends", "mcp_command"),
    "trace": ("agent_client.cli.trace", "trace_command"),
    "report": ("agent_client.cli.front_ends", "report_command"),
    "coverage": ("agent_client.cli.coverage", "coverage_command"),
    "record": ("agent_client.cli.replay", "record_command"),
    "replay": ("agent_client.cli.replay", "replay_command"),
    "codegen": ("agent_client.cli.replay", "codegen_command"),
}
# The subcommands that drive a running game: the bridge's commands (cli/grammar.py, each with its
# handler in cli/commands.py) and ``call``, any command by name.
ON_GAME = [*grammar.top_names(), "call"]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["install-godot"]:
        from agent_client.engine import godot_install

        return godot_install.main(argv[1:])
    from agent_client.cli.parser import DEFAULT_TIMEOUT, build_parser, named_command

    only = named_command(argv, [*SESSION_FREE, *ON_GAME])
    args = build_parser(only).parse_args(argv)
    for name, default in (("session", None), ("json", False), ("timeout", DEFAULT_TIMEOUT)):
        if not hasattr(args, name):
            setattr(args, name, default)
    verb = getattr(args, "verb", None)
    if verb is not None and verb.deprecated:
        sys.stderr.write(
            f"deprecated: agent-bridge {verb.name} is now agent-bridge {verb.deprecated}\n"
        )
    try:
        return _run(args)
    except KeyboardInterrupt:
        sys.stderr.write("error INTERRUPTED: stopped by the user\n")
        return 130
    except Exception as error:  # one readable line, whatever went wrong
        from agent_client.cli.output import error_lines
        from agent_client.wire.errors import AgentBridgeError

        if not isinstance(error, (AgentBridgeError, OSError)):
            raise
        sys.stderr.write("".join(line + "\n" for line in error_lines(error)))
        return 1


def _run(args: Any) -> int:
    import importlib

    if args.command in SESSION_FREE:
        module, function = SESSION_FREE[args.command]
        handler: Callable[[Any], int] = getattr(importlib.import_module(module), function)
        return handler(args)
    from agent_client.cli import commands
    from agent_client.cli.attach import attach
    from agent_client.engine.sessions import session_dir

    folder = session_dir(args.session)
    # Event commands read the responses since the last event reported; the rest read only
    # their own answer.
    client = attach(folder, args.timeout + 5, read_from=commands.history_start(args, folder))
    try:
        name = args.verb.handler if args.command != "call" else "call"
        result: int = getattr(commands, name)(args, client)
        return result
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
