extends RefCounted
## How nodes appear in the snapshot: role (ARIA names), accessible name, state attributes and
## whether a player can act on them. The table is documented in docs/SNAPSHOT.md.

## Checked in order: the first class a node is an instance of gives its role.
const ROLE_BY_CLASS := [
	["CheckBox", "checkbox"], ["CheckButton", "checkbox"], ["OptionButton", "combobox"],
	["MenuButton", "button"], ["BaseButton", "button"],
	["LineEdit", "textbox"], ["TextEdit", "textbox"], ["SpinBox", "spinbutton"],
	["Slider", "slider"], ["ScrollBar", "generic"], ["ProgressBar", "generic"],
	["ItemList", "listbox"], ["Tree", "listbox"], ["TabBar", "tablist"],
	["TabContainer", "tablist"], ["PopupMenu", "menu"], ["MenuBar", "menu"],
	["AcceptDialog", "dialog"], ["Popup", "dialog"], ["Window", "dialog"],
	["RichTextLabel", "text"], ["Label", "text"],
	["TextureRect", "img"], ["Sprite2D", "img"], ["Sprite3D", "img"], ["AnimatedSprite2D", "img"],
	["Panel", "group"], ["PanelContainer", "group"], ["Container", "generic"],
	["CanvasLayer", "region"],
]
## Label names that make it a heading.
const HEADING_HINTS := ["title", "heading", "header"]


static var _role_by_engine_class: Dictionary = {}


static func role_of(node: Node) -> String:
	if node is Label and _looks_like_heading(node):
		return "heading"
	if node is Window and node == node.get_tree().root:
		return "application"
	# Walking the table costs ~30 class checks; a game has few engine classes, so cache them.
	var engine_class := node.get_class()
	if not _role_by_engine_class.has(engine_class):
		var role := "generic"
		for pair: Array in ROLE_BY_CLASS:
			if node.is_class(pair[0]):
				role = pair[1]
				break
		_role_by_engine_class[engine_class] = role
	return _role_by_engine_class[engine_class]


static func _looks_like_heading(label: Label) -> bool:
	var lowered := String(label.name).to_lower()
	for hint: String in HEADING_HINTS:
		if lowered.contains(hint):
			return true
	return false


## Visible text, else the accessibility name, tooltip or placeholder, else the node name made
## readable ("PlayButton" -> "Play Button"). Containers without text stay unnamed.
static func name_of(node: Node) -> String:
	var text := _visible_text(node)
	if text != "":
		return text
	if node is Control:
		var control: Control = node
		if control.accessibility_name != "":
			return control.accessibility_name
		if control.tooltip_text != "":
			return control.tooltip_text
		var placeholder: Variant = control.get("placeholder_text")
		if placeholder is String and placeholder != "":
			return placeholder
	if is_interactive(node) or node is Label or node is TextureRect:
		return readable(String(node.name))
	return ""


## The text a node shows, by type (a dynamic property lookup on every node would be slow).
static func _visible_text(node: Node) -> String:
	if node is Label:
		return (node as Label).text
	if node is Button:
		return (node as Button).text
	if node is RichTextLabel:
		return (node as RichTextLabel).get_parsed_text()
	if node is LinkButton:
		return (node as LinkButton).text
	if node is Window:
		return (node as Window).title
	return ""


## "PlayButton" -> "Play Button", "Crystal_0" -> "Crystal 0".
static func readable(node_name: String) -> String:
	var spaced := node_name.replace("_", " ")
	var out := ""
	for i in spaced.length():
		var c := spaced[i]
		if i > 0 and c == c.to_upper() and c != c.to_lower() and spaced[i - 1] != " " \
				and spaced[i - 1] == spaced[i - 1].to_lower():
			out += " "
		out += c
	return out.strip_edges()


## State attributes in the documented order: disabled, checked, selected, expanded, value.
static func attrs_of(node: Node) -> Array:
	var attrs: Array = []
	if node is BaseButton:
		var button: BaseButton = node
		if button.disabled:
			attrs.append("disabled")
		if button.toggle_mode:
			attrs.append("checked=%s" % button.button_pressed)
	elif (node is LineEdit or node is TextEdit) and not node.editable:
		attrs.append("disabled")
	if node is OptionButton:
		var option: OptionButton = node
		attrs.append("expanded=%s" % option.get_popup().visible)
		if option.selected >= 0:
			attrs.append("value=%s" % _quoted(option.get_item_text(option.selected)))
	elif node is LineEdit or node is TextEdit:
		attrs.append("value=%s" % _quoted(node.text))
	elif node is Range:
		attrs.append("value=%s" % str((node as Range).value))
	return attrs


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


## Controls people use, plus game nodes that take pointer input: pickable physics objects
## and nodes whose script handles _input_event or _gui_input.
static func is_interactive(node: Node) -> bool:
	if node is BaseButton or node is LineEdit or node is TextEdit or node is Range \
			or node is ItemList or node is TabBar or node is Tree:
		return not node is ScrollBar and not node is ProgressBar
	if node is CollisionObject2D:
		return (node as CollisionObject2D).input_pickable
	if node is CollisionObject3D:
		return (node as CollisionObject3D).input_ray_pickable
	return script_defines(node, "_input_event") or script_defines(node, "_gui_input")


static var _methods_by_script: Dictionary = {}


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


## A game's own interactive node carries its script class, so an agent knows what it is.
static func script_hint(node: Node) -> String:
	var script: Script = node.get_script()
	if script == null or node is BaseButton or node is LineEdit or node is TextEdit:
		return ""
	var global_name := String(script.get_global_name())
	return global_name if global_name != "" else script.resource_path.get_file().get_basename()


## Lists and tab bars show their items as option / tab entries under them.
static func add_items(node: Node, entry: Dictionary) -> void:
	if node is ItemList:
		var list: ItemList = node
		for i in list.item_count:
			var attrs: Array = ["selected"] if list.is_selected(i) else []
			entry.children.append({"role": "option", "name": list.get_item_text(i),
				"attrs": attrs, "ref": "", "children": []})
	elif node is TabBar:
		var tabs: TabBar = node
		for i in tabs.tab_count:
			var attrs: Array = ["selected"] if tabs.current_tab == i else []
			entry.children.append({"role": "tab", "name": tabs.get_tab_title(i),
				"attrs": attrs, "ref": "", "children": []})
