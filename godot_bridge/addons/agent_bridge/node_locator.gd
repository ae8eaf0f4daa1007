extends RefCounted
## Finds the node a request names, by absolute `path` (as get_tree reports it) or by a snapshot
## `ref`; failures are CommandErrors with a sentence, never a silent fallback.

const CommandError := preload("command_error.gd")

## Argument schema entries for commands that act on one node.
const TARGET_SCHEMA := {
	"path": {"type": "string", "optional": true,
		"description": "absolute node path, as get_tree reports it"},
	"ref": {"type": "string", "optional": true,
		"description": "a ref from the latest snapshot, \"e3\" or \"@e3\""},
}

var _root: Node
## Resolves refs; set by the snapshot module. Callable(ref: String) -> Node or CommandError.
var ref_resolver: Callable


func _init(root: Node) -> void:
	_root = root


## Returns the Node, or a CommandError.
func find(args: Dictionary) -> Variant:
	var has_path := args.has("path")
	var has_ref := args.has("ref")
	if has_path == has_ref:
		return CommandError.invalid_args("Name the node with exactly one of 'path' or 'ref'.")
	if has_ref:
		if not ref_resolver.is_valid():
			return CommandError.stale_ref(
				"Ref '%s' is unknown: take a snapshot first." % args.ref)
		return ref_resolver.call(args.ref)
	return find_path(args.path)


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
