class_name Keyring
extends RefCounted
## The symmetries of one level and which of them the player has found so far.
##
## Symmetries are named "e" (the identity), then "s1", "s2", ... in lexicographic order of
## their mappings, so names are stable for a given level file.

## Every symmetry of the level, in lexicographic order.
var symmetries: Array[Array] = []
## names[i] is the name of symmetries[i].
var names: Array[String] = []

var _index_by_key: Dictionary = {}
var _index_by_name: Dictionary = {}
var _found: Array[int] = []


func _init(group: Array[Array] = []) -> void:
	symmetries = group
	for i: int in symmetries.size():
		var sym_name: String = "e" if i == 0 else "s%d" % i
		names.append(sym_name)
		_index_by_key[SymmetryFinder.key_of(symmetries[i])] = i
		_index_by_name[sym_name] = i


## The name of [param mapping] if it is a symmetry, otherwise "".
func identify(mapping: Array) -> String:
	var index: int = _index_by_key.get(SymmetryFinder.key_of(mapping), -1)
	return "" if index < 0 else names[index]


func is_found(sym_id: String) -> bool:
	return _index_by_name.has(sym_id) and _found.has(_index_by_name[sym_id])


## Adds a symmetry to the keyring. Returns false if it was unknown or already there.
func add_found(sym_id: String) -> bool:
	if not _index_by_name.has(sym_id) or is_found(sym_id):
		return false
	_found.append(_index_by_name[sym_id])
	return true


func mapping_of(sym_id: String) -> Array:
	return symmetries[_index_by_name[sym_id]].duplicate()


## Names of the found symmetries, in the order they were found.
func found_ids() -> Array[String]:
	var result: Array[String] = []
	for index: int in _found:
		result.append(names[index])
	return result


func found_count() -> int:
	return _found.size()


func total() -> int:
	return symmetries.size()


func is_complete() -> bool:
	return total() > 0 and found_count() == total()


## The name of "do [param first], then [param second]".
func product_name(first: String, second: String) -> String:
	return identify(SymmetryFinder.compose(mapping_of(first), mapping_of(second)))


## Public summary used by the game state.
func to_dict() -> Dictionary:
	var found: Array[Dictionary] = []
	for sym_id: String in found_ids():
		found.append({"id": sym_id, "mapping": mapping_of(sym_id)})
	return {
		"found": found,
		"found_count": found_count(),
		"total": total(),
		"complete": is_complete(),
	}
