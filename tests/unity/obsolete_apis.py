"""Finds Unity APIs in the package's C# that Unity marked obsolete (most as errors) in a version
the package supports (2021.3 to 6000.x), or that break a real project, outside the
version-guarded fallback that exists for the versions lacking the replacement.

The scan reads code only (comments and string literals are blanked) and follows ``#if SYMBOL`` /
``#if !SYMBOL`` / ``#else`` / ``#endif``: an API listed with a ``guard`` is allowed only where
that symbol is known to be undefined (the branch for the versions without the new API).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Banned:
    pattern: str
    why: str
    guard: str | None = None       # allowed where this define is known to be off
    allowed_in: tuple[str, ...] = ()  # file names where it is allowed (with the reason in `why`)


BANNED = [
    Banned(r"\bGetInstanceID\s*\(", "obsolete as an error on 6000.5 (use GetEntityId from 6000.2)",
           guard="AGENT_BRIDGE_ENTITY_ID"),
    Banned(r"\bInstanceIDToObject\s*\(", "obsolete on 6000.x with the move to EntityId",
           guard="AGENT_BRIDGE_ENTITY_ID"),
    Banned(r"\bFindObjectsOfType\b", "obsolete from 2023.1 (FindObjectsByType from 2021.3.18/2022.2)",
           guard="AGENT_BRIDGE_FIND_BY_TYPE"),
    Banned(r"\bFindObjectOfType\b", "obsolete from 2023.1 (FindFirstObjectByType / FindAnyObjectByType)",
           guard="AGENT_BRIDGE_FIND_BY_TYPE"),
    Banned(r"\bFindSceneObjectsOfType\b", "obsolete as an error"),
    Banned(r"\bApplication\s*\.\s*(LoadLevel\w*|loadedLevel\w*|levelCount)\b",
           "obsolete as an error (SceneManager replaces it)"),
    Banned(r"\bSceneManager\s*\.\s*UnloadScene\s*\(", "obsolete (UnloadSceneAsync)"),
    Banned(r"\bRegisterLogCallback\w*\b", "obsolete as an error (Application.logMessageReceived)"),
    Banned(r"\bplaymodeStateChanged\b", "obsolete as an error (playModeStateChanged)"),
    Banned(r"\b(hierarchyWindowChanged|projectWindowChanged)\b", "obsolete as an error"),
    Banned(r"\bPrefabUtility\s*\.\s*(GetPrefabParent|GetPrefabObject|GetPrefabType)\b",
           "obsolete as an error"),
    Banned(r"(?<!Array)\.\s*Resize\s*\(", "Texture2D.Resize is obsolete from 2021.2 (Reinitialize)"),
    Banned(r"\bnew\s+WWW\s*\(", "WWW is obsolete (UnityWebRequest)"),
    Banned(r"\b(GUIText|GUITexture)\b", "removed from the engine"),
    Banned(r"\bSetActiveRecursively\b", "obsolete as an error"),
    Banned(r"\bFindChild\s*\(", "Transform.FindChild is obsolete as an error (Find)"),
    Banned(r"\bScreen\s*\.\s*(lockCursor|showCursor)\b", "obsolete as an error (Cursor)"),
    Banned(r"\bPhysics\s*\.\s*autoSimulation\b", "obsolete from 2022.2 (simulationMode)"),
    Banned(r"\bUnityEngine\s*\.\s*Experimental\s*\.\s*UIElements\b", "removed (UnityEngine.UIElements)"),
    Banned(r"\bGetScriptingDefineSymbolsForGroup\b", "obsolete from 2023.1 (NamedBuildTarget)"),
    Banned(r"\blastSelectedGameObject\b", "EventSystem.lastSelectedGameObject is obsolete"),
    Banned(r"\bExecuteDefaultAction(AtTarget)?\s*\(", "UI Toolkit default actions are obsolete on 6000.0"),
    Banned(r"\bSystem\s*\.\s*Numerics\b",
           "not referenced under the .NET Framework API compatibility level"),
    Banned(r"\bWaitForEndOfFrame\b",
           "never comes in a batch-mode editor: only the windowed-player capture may wait for it",
           allowed_in=("ScreenCaptureService.cs",)),
]

_STRING = re.compile(r'@"(?:[^"]|"")*"|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_DIRECTIVE = re.compile(r"^\s*#\s*(if|elif|else|endif)\b\s*(.*)$")


def _code_only(text: str) -> str:
    text = _BLOCK_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    lines = []
    for line in text.split("\n"):
        line = _STRING.sub('""', line)
        lines.append(line.split("//", 1)[0])
    return "\n".join(lines)


def scan(text: str, file_name: str = "") -> list[tuple[int, str, str]]:
    """(line number, matched text, why) for every banned API used where it is not allowed."""
    hits = []
    stack: list[tuple[str, bool]] = []  # (symbol, known to be defined here)
    for number, line in enumerate(_code_only(text).split("\n"), start=1):
        directive = _DIRECTIVE.match(line)
        if directive:
            kind, condition = directive.groups()
            condition = condition.strip()
            if kind == "if":
                negated = condition.startswith("!")
                stack.append((condition.lstrip("!").strip(), not negated))
            elif kind == "else" and stack:
                symbol, defined = stack.pop()
                stack.append((symbol, not defined))
            elif kind == "elif" and stack:
                stack.pop()
                stack.append((condition, True))
            elif kind == "endif" and stack:
                stack.pop()
            continue
        for banned in BANNED:
            for match in re.finditer(banned.pattern, line):
                if banned.guard is not None and (banned.guard, False) in stack:
                    continue
                if file_name in banned.allowed_in:
                    continue
                hits.append((number, match.group(0), banned.why))
    return hits


def scan_package(package: Path) -> list[str]:
    """Every disallowed use in the package's C# files, as ``path:line: text (why)``."""
    found = []
    for path in sorted(package.rglob("*.cs")):
        for number, text, why in scan(path.read_text(encoding="utf-8"), path.name):
            found.append(f"{path.relative_to(package)}:{number}: {text} ({why})")
    return found
