extends RefCounted
## How nodes appear in the snapshot and in get_tree: role (ARIA names), accessible name, state
## attributes, whether a player can act on them, whether they are a game entity (shown with
## its screen position) and whether a player could notice them at all. The tables are
## documented in docs/SNAPSHOT.md.

const Items := preload("items.gd")
const World := preload("world.gd")

## Checked in order: the first class a node is an instance of gives its role.
const ROLE_BY_CLASS := [
	["CheckBox", "checkbox"], ["CheckButton", "checkbox"], ["OptionButton", "combobox"],
	["BaseButton", "button"],
	["LineEdit", "textbox"], ["TextEdit", "textbox"], ["SpinBox", "spinbutton"],
	["Slider", "slider"], ["ScrollBar", "scrollbar"], ["ProgressBar", "progressbar"],
	["TextureProgressBar", "progressbar"], ["ItemList", "listbox"], ["Tree", "tree"],
	["TabBar", "tablist"], ["TabContainer", "tablist"], ["PopupMenu", "menu"],
	["MenuBar", "menubar"], ["ColorPicker", "colorpicker"],
	["AcceptDialog", "dialog"], ["Popup", "dialog"], ["Window", "dialog"],
	["RichTextLabel", "text"], ["Label", "text"], ["Label3D", "text"],
	["TextureRect", "img"], ["Sprite2D", "img"], ["Sprite3D", "img"], ["AnimatedSprite2D", "img"],
	["AnimatedSprite3D", "img"], ["Panel", "group"], ["PanelContainer", "group"],
	["Container", "generic"], ["CanvasLayer", "region"],
]
## Nodes a player can neither see nor act on: left out of the snapshot (with what is under
## them) unless it is asked for `all`.
const UNSEEN_CLASSES := [
	"Timer", "AudioStreamPlayer", "AudioStreamPlayer2D", "AudioStreamPlayer3D",
	"CollisionShape2D", "CollisionShape3D", "CollisionPolygon2D", "CollisionPolygon3D",
	"Marker2D", "Marker3D", "Path2D", "Path3D", "PathFollow2D", "PathFollow3D",
	"RayCast2D", "RayCast3D", "ShapeCast2D", "ShapeCast3D",
	"NavigationAgent2D", "NavigationAgent3D", "NavigationRegion2D", "NavigationRegion3D",
	"NavigationObstacle2D", "NavigationObstacle3D", "NavigationLink2D", "NavigationLink3D",
	"AnimationMixer", "WorldEnvironment", "Camera2D", "Camera3D", "Light2D", "Light3D",
	"LightOccluder2D", "VisibleOnScreenNotifier2D", "VisibleOnScreenNotifier3D",
	"RemoteTransform2D", "RemoteTransform3D", "HTTPRequest", "ResourcePreloader",
	"MultiplayerSpawner", "MultiplayerSynchronizer", "CanvasModulate", "Listener2D",
	"Listener3D", "ReflectionProbe", "VoxelGI", "LightmapGI", "FogVolume",
]
## Where a class shows its text (kind_of(node).text).
enum {TEXT_NONE, TEXT_LABEL, TEXT_BUTTON, TEXT_RICH, TEXT_LINK, TEXT_TITLE, TEXT_LABEL_3D,
	TEXT_MESH}
## Buttons that use toggle mode for their popup, not as a checked state.
const POPUP_BUTTONS := ["OptionButton", "MenuButton", "ColorPickerButton"]
## Label names that make it a heading.
const HEADING_HINTS := ["title", "heading", "header"]

## Whether each viewport picks physics objects, as the game set it (the pointer takes over
## picking in agent mode and records the game's setting here).
static var picking_by_viewport: Dictionary = {}
## What all nodes of one engine class share (worked out once per class: walking the tables
## costs ~80 class checks, and a game has few engine classes).
static var _kinds: Dictionary = {}
static var _methods_by_script: Dictionary = {}


## The facts of the node's engine class: {"role", "unseen", "control", "label",
## "always_interactive", "collision", "spatial", "popup_button", "toggle", "editable",
## "named_by_title", "has_value", "quiet_name", "text" (a TEXT_* number), "items", "visual"
## (a sprite or mesh)}.
static func kind_of(node: Node) -> Dictionary:
	var engine_class := node.get_class()
	var kind: Variant = _kinds.get(engine_class)
	if kind == null:
		kind = _make_kind(node)
		_kinds[engine_class] = kind
	return kind


static func _make_kind(node: Node) -> Dictionary:
	var role := "generic"
	for pair: Array in ROLE_BY_CLASS:
		if node.is_class(pair[0]):
			role = pair[1]
			break
	var unseen := false
	for name: String in UNSEEN_CLASSES:
		unseen = unseen or node.is_class(name)
	var popup_button := false
	for name: String in POPUP_BUTTONS:
		popup_button = popup_button or node.is_class(name)
	return {
		"role": role, "unseen": unseen, "control": node is Control, "label": node is Label,
		"always_interactive": node is BaseButton or node is LineEdit or node is TextEdit
			or node is Slider or node is SpinBox or node is ItemList or node is TabBar
			or node is Tree or node is TabContainer or node is ColorPicker,
		"collision": node is CollisionObject2D or node is CollisionObject3D,
		"spatial": node is Node2D or node is Node3D,
		"popup_button": popup_button, "toggle": node is BaseButton and not popup_button,
		"editable": node is LineEdit or node is TextEdit or node is SpinBox or node is Slider,
		"named_by_title": node is TextureRect,
		"has_value": node is OptionButton or node is ColorPickerButton or node is ColorPicker
			or node is LineEdit or node is TextEdit or (node is Range and not node is ScrollBar),
		"quiet_name": node is Label or node is RichTextLabel,
		"text": _text_source(node),
		"items": Items.has_items(node),
		"visual": World.is_visual(node),
	}


## Where a node of this class shows its text (visible_text), as a TEXT_* number.
static func _text_source(node: Node) -> int:
	if node is Label:
		return TEXT_LABEL
	if node is Button and not node is OptionButton:
		return TEXT_BUTTON
	if node is RichTextLabel:
		return TEXT_RICH
	if node is LinkButton:
		return TEXT_LINK
	if node is Window:
		return TEXT_TITLE
	if node is Label3D:
		return TEXT_LABEL_3D
	if node is MeshInstance3D:
		return TEXT_MESH
	return TEXT_NONE


static func role_of(node: Node) -> String:
	return role_with(node, kind_of(node))


## role_of, with the node's class facts worked out already.
static func role_with(node: Node, kind: Dictionary) -> String:
	if kind.label and _looks_like_heading(node):
		return "heading"
	if kind.role == "dialog" and node == node.get_tree().root:
		return "application"
	return kind.role


## Whether a player could notice the node at all (Timers, sounds, collision shapes, markers,
## cameras and the like cannot).
static func is_unseen(node: Node) -> bool:
	return kind_of(node).unseen


static func _looks_like_heading(label: Label) -> bool:
	var lowered := String(label.name).to_lower()
	for hint: String in HEADING_HINTS:
		if lowered.contains(hint):
			return true
	return false


## The accessible name: visible text, else the accessibility name, tooltip or placeholder,
## else, for what a player acts on and for game entities, the node's name made readable.
## Text fields and option buttons are never named by their content (that is their value);
## an empty label has no name.
static func name_of(node: Node) -> String:
	var kind := kind_of(node)
	return name_with(node, kind, interactive_with(node, kind), entity_with(node, kind))


## name_of, with the facts the caller worked out already.
static func name_with(node: Node, kind: Dictionary, interactive: bool, entity: bool) -> String:
	var text := visible_text_with(node, kind)
	if text != "":
		return text
	if kind.control:
		var control: Control = node
		if control.accessibility_name != "":
			return control.accessibility_name
		if control.tooltip_text != "":
			return control.tooltip_text
		if node is LineEdit or node is TextEdit:
			var placeholder: String = node.placeholder_text
			if placeholder != "":
				return placeholder
		if kind.quiet_name:
			return ""
	if interactive or entity or kind.named_by_title:
		return _title(node, interactive)
	return ""


## The text a node shows, by type (a dynamic property lookup on every node would be slow).
static func visible_text(node: Node) -> String:
	return visible_text_with(node, kind_of(node))


static func visible_text_with(node: Node, kind: Dictionary) -> String:
	match kind.text:
		TEXT_LABEL:
			return (node as Label).text
		TEXT_BUTTON:
			return (node as Button).text
		TEXT_RICH:
			return (node as RichTextLabel).get_parsed_text()
		TEXT_LINK:
			return (node as LinkButton).text
		TEXT_TITLE:
			return (node as Window).title
		TEXT_LABEL_3D:
			return (node as Label3D).text
		TEXT_MESH:
			var mesh := (node as MeshInstance3D).mesh as TextMesh
			return mesh.text if mesh != null else ""
	return ""


## The node's name made readable ("PlayButton" -> "Play Button"). Names the engine made up
## for a node added at run time ("@RigidBody2D@23") give way to its scene or script file
## ("mob.tscn" -> "Mob"); a name that only repeats the class ("TextureRect") gives "".
static func node_title(node: Node) -> String:
	return _title(node, is_interactive(node))


static func _title(node: Node, interactive: bool) -> String:
	var raw := String(node.name)
	if raw.begins_with("@"):
		var source := node.scene_file_path
		if source == "" and node.get_script() != null:
			source = (node.get_script() as Script).resource_path
		raw = source.get_file().get_basename() if source != "" else raw.get_slice("@", 1)
	if not interactive and _names_the_class(raw, node.get_class()):
		return ""
	return readable(raw)


## Whether a node name only repeats its class: "TextureRect", "Sprite2D2", and the names older
## engines gave ("MeshInstance3" for a MeshInstance3D).
static func _names_the_class(raw: String, engine_class: String) -> bool:
	var bare := raw.rstrip("0123456789")
	return bare == engine_class or (engine_class.ends_with("D") and bare == engine_class.left(-2))


## "PlayButton" -> "Play Button", "Crystal_0" -> "Crystal 0", "mob" -> "Mob".
static func readable(node_name: String) -> String:
	var spaced := node_name.replace("_", " ")
	var out := ""
	for i in spaced.length():
		var c := spaced[i]
		var dimension := c == "D" and spaced[i - 1] in ["2", "3"]  # Camera2D, World3D
		if i > 0 and c == c.to_upper() and c != c.to_lower() and spaced[i - 1] != " " \
				and spaced[i - 1] == spaced[i - 1].to_lower() and not dimension:
			out += " "
		out += c
	out = out.strip_edges()
	return out.left(1).to_upper() + out.substr(1)


## State attributes in the documented order: disabled, checked, expanded, value, then where
## an entity or 3D text is on screen (at=, offscreen=, behind) and, for entities, pos= and
## vel=.
static func attrs_of(node: Node) -> Array:
	return attrs_with(node, kind_of(node), is_entity(node))


## attrs_of, with the facts the caller worked out already.
static func attrs_with(node: Node, kind: Dictionary, entity: bool) -> Array:
	var attrs: Array = []
	if kind.toggle:
		var button: BaseButton = node
		if button.disabled:
			attrs.append("disabled")
		if button.toggle_mode:
			attrs.append("checked=%s" % button.button_pressed)
	elif kind.popup_button:
		if (node as BaseButton).disabled:
			attrs.append("disabled")
		attrs.append("expanded=%s" % _popup_open(node as BaseButton))
	elif kind.editable and not node.editable:
		attrs.append("disabled")
	if kind.has_value:
		var value: Variant = value_of(node)
		if value != null:
			attrs.append("value=%s" % value)
	if entity or node is Label3D:
		attrs.append_array(World.place_attrs(node))
	if entity:
		attrs.append_array(World.motion_attrs(node))
	return attrs


## What the node holds, as the snapshot writes it (quoted text, a number, a color), or null.
static func value_of(node: Node) -> Variant:
	if node is OptionButton:
		var option: OptionButton = node
		return _quoted(option.get_item_text(option.selected)) if option.selected >= 0 else null
	if node is ColorPickerButton:
		return "#" + (node as ColorPickerButton).color.to_html(false)
	if node is ColorPicker:
		return "#" + (node as ColorPicker).color.to_html(false)
	if node is LineEdit or node is TextEdit:
		return _quoted(node.text)
	if node is Range and not node is ScrollBar:
		return _number((node as Range).value)
	return null


static func _number(value: float) -> String:
	return str(int(value)) if value == floorf(value) and absf(value) < 1.0e15 else str(value)


## Whether a button's popup is showing (read from its children: ColorPickerButton.get_popup
## would create one).
static func _popup_open(button: BaseButton) -> bool:
	for child: Node in button.get_children(true):
		if child is Window and (child as Window).visible:
			return true
	return false


static func _quoted(text: String) -> String:
	var flat := text.replace("\n", "\\n")
	if flat.length() > 60:
		flat = flat.left(59) + "…"
	return "\"%s\"" % flat.replace("\"", "\\\"")


## Whether the node is drawn: hidden nodes (and everything under them) are left out.
static func is_shown(node: Node) -> bool:
	if node is CanvasItem:
		return (node as CanvasItem).visible
	if node is Node3D:
		return (node as Node3D).visible
	if node is CanvasLayer:
		return (node as CanvasLayer).visible
	if node is Window:
		return (node as Window).visible
	return true


## Controls people use, plus game nodes that take pointer input: physics objects that are
## pickable and listened to, and nodes whose script handles _input_event or _gui_input.
static func is_interactive(node: Node) -> bool:
	return interactive_with(node, kind_of(node))


static func interactive_with(node: Node, kind: Dictionary) -> bool:
	if kind.always_interactive:
		return true
	if kind.collision:
		return is_pickable(node)
	return node.get_script() != null and script_defines(node, "_gui_input")


## A physics object the pointer reaches: pickable in a viewport that picks, and handled by the
## game (its script's _input_event, or something connected to its input or mouse signals).
static func is_pickable(object: Node) -> bool:
	var pickable: bool = object.input_pickable if object is CollisionObject2D \
		else (object as CollisionObject3D).input_ray_pickable
	var viewport := object.get_viewport()
	if not pickable or not picking_by_viewport.get(viewport.get_instance_id(),
			viewport.physics_object_picking):
		return false
	if script_defines(object, "_input_event") or script_defines(object, "_mouse_enter"):
		return true
	for signal_name: StringName in [&"input_event", &"mouse_entered", &"mouse_exited"]:
		if _has_game_connection(object, signal_name):
			return true
	return false


static func _has_game_connection(object: Object, signal_name: StringName) -> bool:
	for connection: Dictionary in object.get_signal_connection_list(signal_name):
		var target: Object = (connection.callable as Callable).get_object()
		if target != null and not target is RefCounted:
			return true
	return false


## A game entity: a physics body or area, or a 2D/3D node with a script of its own. The
## snapshot names it and gives its screen position.
static func is_entity(node: Node) -> bool:
	return entity_with(node, kind_of(node))


static func entity_with(node: Node, kind: Dictionary) -> bool:
	return kind.collision or (kind.spatial and node.get_script() != null)


## entity_with, and also a sprite or mesh with a name of its own that is not part of another
## entity (`in_entity`: an ancestor is one); never the current scene's root (the level).
static func entity_in(node: Node, kind: Dictionary, in_entity: bool) -> bool:
	if node == node.get_tree().current_scene:
		return false
	return entity_with(node, kind) or (kind.visual and not in_entity
		and _title(node, false) != "")


## Whether an entity is one an agent looks for, and so gets a ref: a body, an area, a sprite
## or a mesh, with a name or a script. (A plain 2D or 3D node with a script is an entity, with
## its place, but often a helper that draws or holds others: no ref of its own.)
static func looked_for(node: Node, kind: Dictionary, name: String) -> bool:
	return (kind.collision or kind.visual) and (name != "" or node.get_script() != null)


## Whether the node's script (or a script it extends) defines `method` itself.
## (Script.has_method asks about the Script resource, not about the functions it defines.)
static func script_defines(node: Object, method: String) -> bool:
	var script: Script = node.get_script()
	if script == null:
		return false
	if not _methods_by_script.has(script):
		var names := {}
		for info: Dictionary in script.get_script_method_list():
			names[info.name] = true
		_methods_by_script[script] = names
	return _methods_by_script[script].has(method)


## A game's own node carries its script class, so an agent knows what it is.
static func script_hint(node: Node) -> String:
	var script: Script = node.get_script()
	if script == null or node is BaseButton or node is LineEdit or node is TextEdit:
		return ""
	var global_name := String(script.get_global_name())
	return global_name if global_name != "" else script.resource_path.get_file().get_basename()
