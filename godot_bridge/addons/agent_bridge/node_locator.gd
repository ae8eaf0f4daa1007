extends RefCounted
## Finds what a request names: a node by absolute `path` (as get_tree reports it), or a node or
## item by a snapshot `ref`. Failures are CommandErrors with a sentence, never a silent
## fallback.

const CommandError := preload("command_error.gd")
const Items := preload("items.gd")
const Refs := preload("refs.gd")

## Argument schema entries for commands that act on one node.
const TARGET_SCHEMA := {
	"path": {"type": "string", "optional": true,
		"description": "absolute node path, as get_tree reports it"},
	"ref": {"type": "string", "optional": true,
		"description": "a ref from a snapshot, \"e3\" or \"@e3\""},
}

var _root: Node
var _refs: Refs


func _init(root: Node, refs: Refs) -> void:
	_root = root
	_refs = refs


## The node `path` or `ref` names, or a CommandError (an item's ref is refused: the command
## wants a node).
func find(args: Dictionary) -> Variant:
	var target: Variant = find_target(args)
	if target is CommandError:
		return target
	if target.item != null:
		return CommandError.invalid_args("%s names an item ('%s') of %s, not a node: click, "
			% [args.ref, Items.text_of(target.node, target.item), target.node.get_path()]
			+ "hover or select it, or name the node itself.")
	return target.node


## {"node": Node, "item": the item (items.gd) or null}, or a CommandError. A ref whose node
## or item is gone is STALE_REF.
func find_target(args: Dictionary) -> Variant:
	var has_path := args.has("path")
	var has_ref := args.has("ref")
	if has_path == has_ref:
		return CommandError.invalid_args("Name the node with exactly one of 'path' or 'ref'.")
	if has_path:
		var node: Variant = find_path(args.path)
		return node if node is CommandError else {"node": node, "item": null}
	var resolved: Variant = _refs.resolve(args.ref)
	if resolved is CommandError:
		return resolved
	if resolved.item == null:
		return {"node": resolved.node, "item": null}
	var found: Variant = Items.find(resolved.node, resolved.item)
	if found == null:
		_refs.forget_item(resolved.ref)
		return CommandError.stale_ref("Ref %s named an item of %s that is gone: take a new "
			% [resolved.ref, resolved.node.get_path()] + "snapshot.")
	return {"node": resolved.node, "item": found}


func find_path(path: String) -> Variant:
	if not path.begins_with("/root"):
		return CommandError.invalid_args(
			"'%s' is not an absolute node path: paths start with /root, as get_tree shows."
			% path)
	var node := _root.get_node_or_null(NodePath(path))
	if node == null:
		return CommandError.not_found("No node at %s%s." % [path, _nearest_hint(path)])
	return node


## Names the deepest existing ancestor, so a typo is easy to spot.
func _nearest_hint(path: String) -> String:
	var parts := path.split("/", false)
	while parts.size() > 1:
		parts.remove_at(parts.size() - 1)
		var ancestor := _root.get_node_or_null(NodePath("/" + "/".join(parts)))
		if ancestor != null:
			var names: Array = []
			for child: Node in ancestor.get_children():
				names.append(String(child.name))
				if names.size() == 12:
					break
			return " (%s has children: %s)" % ["/" + "/".join(parts), ", ".join(names)]
	return ""


static func with_target(schema: Dictionary) -> Dictionary:
	var merged := TARGET_SCHEMA.duplicate(true)
	merged.merge(schema)
	return merged
