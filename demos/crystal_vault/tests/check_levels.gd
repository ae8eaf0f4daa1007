extends SceneTree
## Loads every level and checks its symmetry group.
##
## Run: godot --headless --path demos/crystal_vault -s res://tests/check_levels.gd
## Prints one line per level (id, crystal count, group order) and exits with code 1 on any
## failure. The group found by backtracking is compared with a brute-force search over every
## permutation, checked to be a group, and compared with the order each level is designed for.

## The group order each level is designed to have.
const EXPECTED_ORDERS: Dictionary = {
	"act1_level01": 3,
	"act1_level02": 2,
	"act1_level03": 6,
	"act1_level04": 4,
	"act1_level05": 8,
	"act2_level01": 6,
	"act2_level02": 12,
	"act2_level03": 18,
	"act2_level04": 8,
	"act2_level05": 16,
	"act3_level01": 4,
	"act3_level02": 48,
}
const MIN_LEVELS: int = 8

var _failures: Array[String] = []


func _initialize() -> void:
	var catalog: LevelCatalog = LevelCatalog.new()
	if not catalog.load_all():
		for problem: String in catalog.errors:
			_fail(problem)
	_check_catalog(catalog)
	for level: LevelData in catalog.levels:
		_check_level(level)
	if _failures.is_empty():
		print("OK: %d levels checked." % catalog.levels.size())
		quit(0)
	else:
		for failure: String in _failures:
			printerr("FAIL: ", failure)
		quit(1)


func _check_catalog(catalog: LevelCatalog) -> void:
	if catalog.levels.size() < MIN_LEVELS:
		_fail("only %d levels; at least %d are expected" % [catalog.levels.size(), MIN_LEVELS])
	var acts: Dictionary = {}
	for level: LevelData in catalog.levels:
		acts[level.act] = true
	if acts.size() < 2:
		_fail("the levels should span at least two acts")
	var listed: Dictionary = {}
	for level: LevelData in catalog.levels:
		listed[level.id + ".json"] = true
	for file_name: String in DirAccess.get_files_at(LevelCatalog.LEVELS_DIR):
		if file_name.ends_with(".json") and file_name != "index.json" \
				and not listed.has(file_name):
			_fail("%s is not listed in index.json (or its id does not match its name)" % file_name)


func _check_level(level: LevelData) -> void:
	var count: int = level.crystal_count()
	var group: Array[Array] = SymmetryFinder.find_automorphisms(level)
	print("%-14s crystals=%d  order=%-3d %s" % [level.id, count, group.size(), level.title])
	var problem: String = SymmetryFinder.check_group(group, count)
	if not problem.is_empty():
		_fail("%s: not a group: %s" % [level.id, problem])
	if group.is_empty() or group[0] != SymmetryFinder.identity(count):
		_fail("%s: the identity is not the first symmetry" % level.id)
	var brute: Array[Array] = _brute_force(level)
	if brute != group:
		_fail("%s: backtracking found %d symmetries, brute force %d" % [
			level.id, group.size(), brute.size()])
	var expected: int = EXPECTED_ORDERS.get(level.id, -1)
	if expected < 0:
		_fail("%s: no expected group order recorded in this test" % level.id)
	elif expected != group.size():
		_fail("%s: group order %d, expected %d" % [level.id, group.size(), expected])
	var keyring: Keyring = Keyring.new(group)
	if keyring.names.is_empty() or keyring.names[0] != "e":
		_fail("%s: the identity should be named \"e\"" % level.id)
	for mapping: Array in group:
		if keyring.identify(mapping).is_empty():
			_fail("%s: %s has no name" % [level.id, mapping])


## Every permutation (in lexicographic order) that passes the direct symmetry test.
func _brute_force(level: LevelData) -> Array[Array]:
	var result: Array[Array] = []
	var permutation: Array = SymmetryFinder.identity(level.crystal_count())
	while true:
		if SymmetryFinder.is_automorphism(level, permutation):
			result.append(permutation.duplicate())
		if not _next_permutation(permutation):
			break
	return result


## Advances [param items] to the next permutation in lexicographic order; false at the last.
static func _next_permutation(items: Array) -> bool:
	var i: int = items.size() - 2
	while i >= 0 and items[i] >= items[i + 1]:
		i -= 1
	if i < 0:
		return false
	var j: int = items.size() - 1
	while items[j] <= items[i]:
		j -= 1
	var swap: Variant = items[i]
	items[i] = items[j]
	items[j] = swap
	var left: int = i + 1
	var right: int = items.size() - 1
	while left < right:
		swap = items[left]
		items[left] = items[right]
		items[right] = swap
		left += 1
		right -= 1
	return true


func _fail(message: String) -> void:
	_failures.append(message)
