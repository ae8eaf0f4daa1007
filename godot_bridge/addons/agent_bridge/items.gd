extends RefCounted
## Items: the entries controls draw themselves rather than as child nodes (ItemList entries,
## TabBar and TabContainer tabs, PopupMenu entries, Tree rows). Each has a key that stays the
## same while the item lives (its text and which occurrence of that text it is, or a tree
## row's object id), a wire name (its index, or a tree row's path of texts), a role, state
## attributes and a rect. Rects of PopupMenu entries are not exposed by the engine; the
## pointer finds them (Pointer.popup_item_rect).

const SEPARATOR := "/"


static func has_items(node: Node) -> bool:
	return node is ItemList or node is TabBar or node is TabContainer or node is PopupMenu \
		or node is Tree


## The items a player sees, in drawing order, as snapshot entries without refs:
## [{"key", "item" (wire name), "role", "name", "attrs", "children"}]. Tree rows nest;
## collapsed rows hide their children; hidden tabs and rows and menu separators are left out.
static func entries(node: Node) -> Array:
	if node is Tree:
		var tree: Tree = node
		var root := tree.get_root()
		if root == null:
			return []
		if tree.hide_root:
			return _tree_entries(tree, root.get_children(), "")
		return _tree_entries(tree, [root], "")
	var listed: Array = []
	var seen := {}
	for index in _count(node):
		var text := _text_at(node, index)
		var key := "%s#%d" % [text, seen.get(text, 0)]
		seen[text] = seen.get(text, 0) + 1
		if _hidden_at(node, index):
			continue
		listed.append({"key": key, "item": index, "role": _role(node), "name": text,
			"attrs": _attrs_at(node, index), "children": []})
	return listed


## The item with this key now: {"index": i} or {"tree_item": TreeItem}, or null when gone.
static func find(node: Node, key: String) -> Variant:
	if node is Tree:
		var item := instance_from_id(int(key.trim_prefix("t"))) as TreeItem
		return {"tree_item": item} if item != null and item.get_tree() == node else null
	var hash_at := key.rfind("#")
	var text := key.left(hash_at)
	var occurrence := int(key.substr(hash_at + 1))
	for index in _count(node):
		if _text_at(node, index) == text:
			if occurrence == 0:
				return {"index": index}
			occurrence -= 1
	return null


## The item a `select` option names: its text (a tree row also by its path of texts, joined
## with "/"), or its index. Returns the found item, or an Array of the option names there
## are (for the NOT_FOUND sentence).
static func by_option(node: Node, option: Variant) -> Variant:
	var flat := _flat(node)
	if option is int or (option is float and option == floorf(option)):
		var at := int(option)
		return flat[at].found if at >= 0 and at < flat.size() else _names(flat)
	var wanted := str(option)
	for pass_index in 2:
		for row: Dictionary in flat:
			var names: Array = [row.name, row.path] if pass_index == 0 else []
			if pass_index == 1:
				names = [row.name.to_lower(), row.path.to_lower()]
			if names.has(wanted if pass_index == 0 else wanted.to_lower()):
				return row.found
	return _names(flat)


static func text_of(node: Node, found: Dictionary) -> String:
	if found.has("tree_item"):
		return _row_text(node as Tree, found.tree_item)
	return _text_at(node, found.index)


## The text of the entry at `index` (an OptionButton's option too), or "" when there is none.
static func text_at(node: Node, index: int) -> String:
	if node is OptionButton:
		var button: OptionButton = node
		return button.get_item_text(index) if index >= 0 and index < button.item_count else ""
	return _text_at(node, index) if index >= 0 and index < _count(node) else ""


## The item's wire name: its index, or a tree row's path of texts.
static func wire_name(node: Node, found: Dictionary) -> Variant:
	if found.has("tree_item"):
		return row_path(node as Tree, found.tree_item)
	return found.index


## Why a player could not choose the item, or "".
static func blocked(node: Node, found: Dictionary) -> String:
	var disabled := false
	if found.has("tree_item"):
		disabled = not (found.tree_item as TreeItem).is_selectable(0)
	elif node is ItemList:
		disabled = (node as ItemList).is_item_disabled(found.index)
	elif node is TabBar:
		disabled = (node as TabBar).is_tab_disabled(found.index)
	elif node is TabContainer:
		disabled = (node as TabContainer).is_tab_disabled(found.index)
	elif node is PopupMenu:
		disabled = (node as PopupMenu).is_item_disabled(found.index)
	if disabled:
		return "item '%s' of %s is disabled" % [text_of(node, found), node.get_path()]
	return ""


## Scrolls or unfolds so the item is drawn (as a player would before clicking it).
static func reveal(node: Node, found: Dictionary) -> void:
	if found.has("tree_item"):
		var item: TreeItem = found.tree_item
		var parent := item.get_parent()
		while parent != null:
			if parent.collapsed:
				parent.collapsed = false
			parent = parent.get_parent()
		(node as Tree).scroll_to_item(item)
	elif node is ItemList:
		var list: ItemList = node
		var rect := list.get_item_rect(found.index)
		var bar := list.get_v_scroll_bar()
		if rect.position.y < bar.value or rect.end.y > bar.value + list.size.y:
			bar.value = rect.position.y
	elif node is TabBar:
		(node as TabBar).ensure_tab_visible(found.index)
	elif node is TabContainer:
		(node as TabContainer).get_tab_bar().ensure_tab_visible(found.index)
	elif node is PopupMenu:
		(node as PopupMenu).scroll_to_item(found.index)


## The item's rect in root viewport coordinates, for controls whose items the engine can
## place (not PopupMenu), or an empty rect. `local_to_root` is Screen.local_rect_to_root.
static func rect(node: Node, found: Dictionary, local_to_root: Callable) -> Rect2:
	if found.has("tree_item"):
		var tree: Tree = node
		var area := tree.get_item_area_rect(found.tree_item)
		return local_to_root.call(tree, area)
	if node is ItemList:
		var list: ItemList = node
		var area := list.get_item_rect(found.index)
		area.position.y -= list.get_v_scroll_bar().value
		area.position.x -= list.get_h_scroll_bar().value
		return local_to_root.call(list, area)
	if node is TabBar:
		return local_to_root.call(node, (node as TabBar).get_tab_rect(found.index))
	if node is TabContainer:
		var bar := (node as TabContainer).get_tab_bar()
		return local_to_root.call(bar, bar.get_tab_rect(found.index))
	return Rect2()


# --- per control ------------------------------------------------------------------------------

static func _count(node: Node) -> int:
	if node is ItemList:
		return (node as ItemList).item_count
	if node is TabBar:
		return (node as TabBar).tab_count
	if node is TabContainer:
		return (node as TabContainer).get_tab_count()
	if node is PopupMenu:
		return (node as PopupMenu).item_count
	return 0


static func _text_at(node: Node, index: int) -> String:
	if node is ItemList:
		return (node as ItemList).get_item_text(index)
	if node is TabBar:
		return (node as TabBar).get_tab_title(index)
	if node is TabContainer:
		return (node as TabContainer).get_tab_title(index)
	if node is PopupMenu:
		return (node as PopupMenu).get_item_text(index)
	return ""


static func _hidden_at(node: Node, index: int) -> bool:
	if node is TabBar:
		return (node as TabBar).is_tab_hidden(index)
	if node is TabContainer:
		return (node as TabContainer).is_tab_hidden(index)
	if node is PopupMenu:
		return (node as PopupMenu).is_item_separator(index)
	return false


static func _role(node: Node) -> String:
	if node is TabBar or node is TabContainer:
		return "tab"
	if node is PopupMenu:
		return "option" if node.get_parent() is OptionButton else "menuitem"
	return "option"


static func _attrs_at(node: Node, index: int) -> Array:
	var attrs: Array = []
	if node is ItemList:
		var list: ItemList = node
		if list.is_item_disabled(index):
			attrs.append("disabled")
		if list.is_selected(index):
			attrs.append("selected")
	elif node is TabBar or node is TabContainer:
		if node.call("is_tab_disabled", index):
			attrs.append("disabled")
		if node.get("current_tab") == index:
			attrs.append("selected")
	elif node is PopupMenu:
		var menu: PopupMenu = node
		if menu.is_item_disabled(index):
			attrs.append("disabled")
		var owner_button := menu.get_parent() as OptionButton
		if owner_button != null:
			if owner_button.selected == index:
				attrs.append("selected")
		elif menu.is_item_checkable(index) or menu.is_item_radio_checkable(index):
			attrs.append("checked=%s" % menu.is_item_checked(index))
	return attrs


static func _tree_entries(tree: Tree, items: Array, parent_path: String) -> Array:
	var listed: Array = []
	for item: TreeItem in items:
		if not item.visible:
			continue
		var path := _joined(parent_path, _row_text(tree, item))
		var attrs: Array = []
		if not item.is_selectable(0):
			attrs.append("disabled")
		if item.is_selected(0):
			attrs.append("selected")
		var children: Array = []
		if item.get_child_count() > 0:
			attrs.append("expanded=%s" % (not item.collapsed))
			if not item.collapsed:
				children = _tree_entries(tree, item.get_children(), path)
		listed.append({"key": "t%d" % item.get_instance_id(), "item": path, "role": "treeitem",
			"name": _row_text(tree, item), "attrs": attrs, "children": children})
	return listed


## A tree row's text: its non-empty columns, joined.
static func _row_text(tree: Tree, item: TreeItem) -> String:
	var parts := PackedStringArray()
	for column in tree.columns:
		var text := item.get_text(column)
		if text != "":
			parts.append(text)
	return " | ".join(parts)


## A tree row's path of texts from the top ("Root/Child"), without a hidden root.
static func row_path(tree: Tree, item: TreeItem) -> String:
	var parts := PackedStringArray()
	var root := tree.get_root()
	while item != null and not (item == root and tree.hide_root):
		parts.insert(0, _row_text(tree, item))
		item = item.get_parent()
	return SEPARATOR.join(parts)


static func _joined(parent_path: String, text: String) -> String:
	return text if parent_path == "" else parent_path + SEPARATOR + text


## Every item a select option can name, in order: [{"name", "path", "found"}] (tree rows
## also under collapsed rows, since a player can unfold them).
static func _flat(node: Node) -> Array:
	var rows: Array = []
	if node is Tree:
		var tree: Tree = node
		var root := tree.get_root()
		if root != null:
			_flat_rows(tree, root.get_children() if tree.hide_root else [root], "", rows)
		return rows
	for index in _count(node):
		if _hidden_at(node, index):
			continue
		var text := _text_at(node, index)
		rows.append({"name": text, "path": text, "found": {"index": index}})
	return rows


static func _flat_rows(tree: Tree, items: Array, parent_path: String, rows: Array) -> void:
	for item: TreeItem in items:
		if not item.visible:
			continue
		var path := _joined(parent_path, _row_text(tree, item))
		rows.append({"name": _row_text(tree, item), "path": path, "found": {"tree_item": item}})
		_flat_rows(tree, item.get_children(), path, rows)


static func _names(rows: Array) -> Array:
	var names: Array = []
	for row: Dictionary in rows:
		names.append(row.path)
	return names
