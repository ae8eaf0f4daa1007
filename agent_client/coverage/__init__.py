"""Line and branch coverage of a game's GDScript (docs/COVERAGE.md).

    with AgentClient.launch("my_game", coverage=True) as game:
        ...                                        # play
    data = game.coverage()                         # the counts, kept as the game ended
    print(data.summary())
    data.write_lcov("coverage.lcov")
    data.write_html("coverage-html")

The launcher instruments the project's scripts into the session folder (:func:`prepare`);
the bridge swaps them in before the game's first line runs and counts; :func:`read` turns a
session's counts into :class:`CoverageData`, which merges (:func:`combine`) and reports.
"""

from agent_client.coverage.counts import DecisionCounts, ScriptCoverage
from agent_client.coverage.data import DATA_SUFFIX, CoverageData, combine
from agent_client.coverage.instrument import Instrumented, instrument_source
from agent_client.coverage.session import Prepared, prepare, read

__all__ = [
    "DATA_SUFFIX",
    "CoverageData",
    "DecisionCounts",
    "Instrumented",
    "Prepared",
    "ScriptCoverage",
    "combine",
    "instrument_source",
    "prepare",
    "read",
]
