"""What the bridge's commands answer (their ``data``), as typed dicts: the answers of the
client's and the locators' methods. docs/PROTOCOL.md is the contract; keys a bridge adds only
sometimes (an engine's extra, an option's) are in the ``total=False`` part of each shape.

The client imports these for its annotations only, so a one-shot process pays nothing for them.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

# --- shared pieces ------------------------------------------------------------------------------


class Point(TypedDict):
    """A position in the root viewport's (screen) coordinates."""

    x: float
    y: float


class Rect(TypedDict):
    x: float
    y: float
    w: float
    h: float


class WorldPoint(TypedDict, total=False):
    """A world position: ``x``, ``y``, and ``z`` in 3D."""

    x: float
    y: float
    z: float


class Changes(TypedDict):
    """The top-most nodes an action added to and removed from the tree (50 listed at most)."""

    added: list[str]
    added_count: int
    removed: list[str]
    removed_count: int


class SnapshotRef(TypedDict, total=False):
    """What a snapshot ref names: a node, or an item a control draws (``item``)."""

    role: str
    name: str
    path: str
    item: Any


class SnapshotAnswer(TypedDict, total=False):
    """``snapshot``: the text with refs, or ``unchanged`` while the tree is still at ``since``."""

    text: str
    refs: dict[str, SnapshotRef]
    snapshot: int
    tree_version: int
    unchanged: bool


class ActionAnswer(TypedDict, total=False):
    """What every action answers besides its own keys: the nodes it added and removed, and the
    snapshot of the new state when it was asked for (``snapshot=True``)."""

    changes: Changes
    target_rect: Rect
    snapshot: SnapshotAnswer


class SnapshotOptions(TypedDict, total=False):
    """What an action's ``snapshot`` option may ask for instead of ``True``: the snapshot's own
    parameters."""

    interactive: bool
    compact: bool
    all: bool
    max_depth: int
    root: str
    since: int


# --- reading the game ---------------------------------------------------------------------------


class TimeInfo(TypedDict, total=False):
    """How the game's time runs: the clock (``hello``'s ``time``, ``pause``, ``resume``)."""

    mode: Literal["lockstep", "realtime"]
    fps: int
    seed: int
    held: bool
    frame: int
    physics_frame: int
    time_scale: float
    fixed_delta: bool | None
    game_paused: bool


class CommandInfo(TypedDict, total=False):
    """A command in ``hello``: its name and source; with ``schemas``, what it is and takes."""

    name: str
    source: Literal["bridge", "game"]
    description: str
    args_schema: dict[str, Any]


class UserData(TypedDict, total=False):
    """Where the game's user:// is and whether it is the launch's own (docs/PROTOCOL.md, 1)."""

    path: str
    isolated: bool
    kept: list[str]
    expected: str


class HelloAnswer(TypedDict, total=False):
    protocol: str
    engine: str
    engine_version: str
    game: str
    agent_mode: bool
    frame: int
    time: TimeInfo
    commands: list[CommandInfo]
    controls: list[str]
    user_data: UserData


# A node as ``get_tree`` serializes it (docs/PROTOCOL.md, "Node shape"); per type, only the
# keys that apply. Written the functional way: ``class`` (the engine class, when ``type`` is a
# script's class_name) is a Python keyword.
TreeNode = TypedDict(
    "TreeNode",
    {
        "name": str,
        "type": str,
        "class": str,
        "path": str,
        "children": list["TreeNode"],
        "truncated": bool,
        "internal": bool,
        "visible": bool,
        "role": str,
        "label": str,
        "script": str,
        "groups": list[str],
        "props": dict[str, Any],
        "actions": list[str],
        "rect": Rect,
        "position": WorldPoint,
        "global_position": WorldPoint,
        "screen": Point,
        "title": str,
        "layer": int,
        "text": str,
        "placeholder": str,
        "editable": bool,
        "disabled": bool,
        "toggle_mode": bool,
        "button_pressed": bool,
        "value": Any,
        "min": float,
        "max": float,
        "step": float,
        "items": list[Any],
        "selected": Any,
        "playing": bool,
        "current_animation": str,
    },
    total=False,
)


class TreeAnswer(TypedDict):
    """``get_tree``: the tree below ``root`` and how many nodes it holds."""

    tree: TreeNode
    count: int


class NodeDetail(TypedDict):
    """``get_node``: the node without its children, their names, and its properties' types."""

    node: TreeNode
    children: list[str]
    properties: dict[str, str]


class PropertyAnswer(TypedDict):
    """``get_property`` and ``set_property``: the value in its wire form and the engine type."""

    value: Any
    type: str


class SettingAnswer(TypedDict):
    """``get_setting``: a project setting's value in its wire form, its engine type, and whether
    it differs from the value the game launched with (a setting the game added: ``True``)."""

    name: str
    value: Any
    type: str
    changed: bool


class MethodAnswer(TypedDict):
    result: Any


class SignalConnection(TypedDict):
    target: str
    method: str


class SignalInfo(TypedDict):
    name: str
    args: list[str]
    connections: list[SignalConnection]


class SignalsAnswer(TypedDict):
    signals: list[SignalInfo]


class EventsAnswer(TypedDict):
    """``get_events``: the events it drained (the client keeps them in its event log)."""

    events: list[dict[str, Any]]
    dropped: int


class Control(TypedDict):
    """An input action of the game: what it is bound to, and the ``input`` arguments that play
    each binding."""

    action: str
    bindings: list[str]
    inputs: list[dict[str, Any]]


class PossibleAction(TypedDict):
    """Something that can be done now: the command (``press``, ``fill``) and its node."""

    path: str
    action: str
    name: str


class ListActionsAnswer(TypedDict, total=False):
    actions: list[PossibleAction]
    controls: list[Control]
    commands: list[str]


# --- acting -------------------------------------------------------------------------------------


class PressAnswer(ActionAnswer, total=False):
    pressed: str
    toggled: bool


class FillAnswer(ActionAnswer, total=False):
    path: str
    text: str


class ClickAnswer(ActionAnswer, total=False):
    """``click`` and ``hover``: the node (or the point) and where the pointer went."""

    target: str
    position: Point
    item: Any
    item_text: str


class DragEnd(TypedDict, total=False):
    target: str
    position: Point


# ``from`` is a Python keyword: the shapes holding it are written the functional way.
DragAnswer = TypedDict(
    "DragAnswer",
    {
        "from": DragEnd,
        "to": DragEnd,
        "changes": Changes,
        "target_rect": Rect,
        "snapshot": SnapshotAnswer,
    },
    total=False,
)


class Selected(TypedDict):
    item: Any
    text: str


class SelectAnswer(ActionAnswer, total=False):
    target: str
    selected: Selected


class SetValueAnswer(ActionAnswer, total=False):
    """``set_value``: the value now held; ``clamped`` (and for ranges ``asked``, ``min``,
    ``max``, ``step``) when the number was out of range."""

    target: str
    value: Any
    clamped: bool
    asked: float
    min: float
    max: float
    step: float


class InputAnswer(ActionAnswer, total=False):
    """``input``: what was sent (``event``: the engine's text of it) and the game's input
    actions it plays."""

    event: str
    actions: list[str]
    action: str
    key: str
    pressed: bool
    joy_button: int
    joy_axis: int
    device: int
    button: str
    text: str
    wheel: int


# --- time ---------------------------------------------------------------------------------------


class WaitAnswer(TypedDict):
    frames_waited: int


class StepAnswer(TimeInfo, total=False):
    stepped: int
    physics_ticks: int


class StepUntilAnswer(TimeInfo, total=False):
    met: bool
    frames: int


class HoldAnswer(TypedDict, total=False):
    held: str
    frames: int
    frame: int


class SequenceAnswer(TypedDict, total=False):
    frames: int
    entries: int
    frame: int


class TimeScaleAnswer(TypedDict):
    time_scale: float


class CancelAnswer(TypedDict):
    cancelled: int | str


class DigestAnswer(TypedDict, total=False):
    digest: str
    count: int
    frame: int
    root: str
    by_node: dict[str, str]
    state: dict[str, dict[str, Any]]


class ResetAnswer(TypedDict, total=False):
    """``reset_game``: the fresh game's scene, what was made again and set back, at frame 0."""

    scene: str
    autoloads: list[str]
    statics: int
    settings_restored: int
    inputs_released: int
    orphans_freed: int
    nodes_removed: int
    frame: int


class QuitAnswer(TypedDict):
    quitting: bool


class SceneAnswer(TypedDict):
    scene: str
    root: str


# --- the game world -----------------------------------------------------------------------------


# A game entity ``nearby`` lists: its ref, where it is and where it is on screen (``class``: the
# engine class, when ``type`` is a script's).
Entity = TypedDict(
    "Entity",
    {
        "ref": str,
        "path": str,
        "role": str,
        "name": str,
        "class": str,
        "distance": float,
        "direction": WorldPoint,
        "pos": WorldPoint,
        "velocity": WorldPoint,
        "at": Point,
        "offscreen": str,
        "behind": bool,
    },
    total=False,
)


class NearbyAnswer(TypedDict):
    origin: WorldPoint
    count: int
    entities: list[Entity]


class RayHit(TypedDict, total=False):
    ref: str
    path: str
    role: str
    name: str


# ``raycast``: where the ray went and, on a hit, what it hit and where.
RaycastAnswer = TypedDict(
    "RaycastAnswer",
    {
        "from": WorldPoint,
        "to": WorldPoint,
        "hit": bool,
        "node": RayHit,
        "position": WorldPoint,
        "normal": WorldPoint,
        "distance": float,
        "reached": bool,
    },
    total=False,
)


# --- health and pictures ------------------------------------------------------------------------


class Orphan(TypedDict, total=False):
    id: int
    name: str
    type: str
    path: str
    script: str
    top: bool


class MetricsAnswer(TypedDict, total=False):
    frame: int
    nodes: int
    orphan_nodes: int
    objects: int
    resources: int
    static_memory: int
    static_memory_max: int
    fps: float
    process_ms: float
    physics_ms: float
    orphans: list[Orphan]


class MeasureAnswer(TypedDict, total=False):
    frames: int
    process_ms: list[float]
    physics_ms: list[float]
    rendering: bool
    draw_calls: list[int]


class MeasureStartAnswer(TypedDict):
    started: bool
    frame: int


class UncountedScript(TypedDict):
    path: str
    reason: str


class CoverageAnswer(TypedDict):
    """The raw counters (read with agent_client.coverage.session.read into CoverageData)."""

    scripts: dict[str, list[int]]  # res:// path -> its counters, in its probes' order
    failed: list[UncountedScript]  # the scripts that run uncounted, with why


class ScreenshotAnswer(TypedDict, total=False):
    path: str
    width: int
    height: int
    bytes: int
    format: Literal["png", "rgba"]


class RecordStopAnswer(TypedDict, total=False):
    path: str
    frames: int
    lines: int
    inputs: int
    requests: int
    bytes: int
    frame: int
    digest: str


class RecordStartAnswer(TypedDict):
    """``record_start``: the replay file being written in the session's artifacts."""

    path: str
    frame: int
    checkpoint_every: int


class ReplayChunkAnswer(TypedDict, total=False):
    """``replay``: how a chunk of a replay file played (agent_client.replay.play reads it)."""

    frame: int
    checks: int
    mismatches: int
    inputs: int
    requests: int
    divergence: dict[str, Any] | None
    failures: list[dict[str, Any]]
    ended: dict[str, Any] | None
    stopped: bool
