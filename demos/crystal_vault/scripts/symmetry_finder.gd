class_name SymmetryFinder
extends RefCounted
## Computes the symmetries (automorphism group) of a level's crystal graph.
##
## A mapping is an Array of ints: mapping[i] is the crystal that now sits where crystal i sat
## at the start. It is a symmetry when it keeps every crystal's color and every edge with its
## type and direction: edge (a, b, t) exists exactly when edge (mapping[a], mapping[b], t) does.


## Every symmetry of [param level], sorted in lexicographic order (the identity comes first).
static func find_automorphisms(level: LevelData) -> Array[Array]:
	var count: int = level.crystal_count()
	var links: PackedStringArray = _link_table(level)
	var found: Array[Array] = []
	var mapping: Array = []
	mapping.resize(count)
	var used: Array[bool] = []
	used.resize(count)
	used.fill(false)
	_extend(level, links, 0, mapping, used, found)
	return found


## True when [param mapping] is a permutation of the level's crystals that is a symmetry.
static func is_automorphism(level: LevelData, mapping: Array) -> bool:
	var count: int = level.crystal_count()
	if not is_permutation(mapping, count):
		return false
	var links: PackedStringArray = _link_table(level)
	for a: int in count:
		if level.colors[a] != level.colors[mapping[a]]:
			return false
		for b: int in count:
			if links[a * count + b] != links[mapping[a] * count + mapping[b]]:
				return false
	return true


## True when [param mapping] holds each of the ints 0 .. count - 1 exactly once.
static func is_permutation(mapping: Array, count: int) -> bool:
	if mapping.size() != count:
		return false
	var seen: Array[bool] = []
	seen.resize(count)
	seen.fill(false)
	for value: Variant in mapping:
		if not value is int or value < 0 or value >= count or seen[value]:
			return false
		seen[value] = true
	return true


static func identity(count: int) -> Array:
	var result: Array = []
	for i: int in count:
		result.append(i)
	return result


## The arrangement reached by doing [param first] and then [param second]:
## result[i] = first[second[i]].
static func compose(first: Array, second: Array) -> Array:
	var result: Array = []
	for i: int in second.size():
		result.append(first[second[i]])
	return result


static func inverse(mapping: Array) -> Array:
	var result: Array = []
	result.resize(mapping.size())
	for i: int in mapping.size():
		result[mapping[i]] = i
	return result


## Checks that [param group] is a group of permutations of [param count] items: it contains the
## identity, has no duplicates and is closed under composition and inverses.
## Returns "" when it is, otherwise a sentence naming the first problem.
static func check_group(group: Array[Array], count: int) -> String:
	var keys: Dictionary = {}
	for element: Array in group:
		if not is_permutation(element, count):
			return "%s is not a permutation of %d crystals" % [str(element), count]
		if keys.has(key_of(element)):
			return "%s appears twice" % str(element)
		keys[key_of(element)] = true
	if not keys.has(key_of(identity(count))):
		return "the identity is missing"
	for first: Array in group:
		if not keys.has(key_of(inverse(first))):
			return "the inverse of %s is missing" % str(first)
		for second: Array in group:
			var product: Array = compose(first, second)
			if not keys.has(key_of(product)):
				return "%s then %s gives %s, which is missing" % [first, second, product]
	return ""


## A compact text key for a mapping, usable in dictionaries.
static func key_of(mapping: Array) -> String:
	return ",".join(mapping.map(func(value: Variant) -> String: return str(value)))


## Backtracking search: assigns an image to crystal [param depth] and recurses, pruning as soon
## as a color or an edge between already assigned crystals disagrees.
static func _extend(
		level: LevelData,
		links: PackedStringArray,
		depth: int,
		mapping: Array,
		used: Array[bool],
		found: Array[Array]
) -> void:
	var count: int = level.crystal_count()
	if depth == count:
		found.append(mapping.duplicate())
		return
	for image: int in count:
		if used[image] or level.colors[image] != level.colors[depth]:
			continue
		var fits: bool = true
		for earlier: int in depth + 1:
			var target: int = image if earlier == depth else mapping[earlier]
			var forward: bool = links[depth * count + earlier] == links[image * count + target]
			var backward: bool = links[earlier * count + depth] == links[target * count + image]
			if not forward or not backward:
				fits = false
				break
		if not fits:
			continue
		mapping[depth] = image
		used[image] = true
		_extend(level, links, depth + 1, mapping, used, found)
		used[image] = false


## links[a * count + b] describes every edge leaving a towards b, as a sorted text, so two
## ordered pairs of crystals are joined the same way exactly when their texts are equal.
static func _link_table(level: LevelData) -> PackedStringArray:
	var count: int = level.crystal_count()
	var parts: Array[Array] = []
	parts.resize(count * count)
	for i: int in parts.size():
		parts[i] = []
	for edge: Dictionary in level.edges:
		var a: int = edge["from"]
		var b: int = edge["to"]
		var edge_type: String = edge["type"]
		if edge["directed"]:
			parts[a * count + b].append(edge_type + ">")
			parts[b * count + a].append(edge_type + "<")
		else:
			parts[a * count + b].append(edge_type + "-")
			parts[b * count + a].append(edge_type + "-")
	var links: PackedStringArray = PackedStringArray()
	links.resize(count * count)
	for i: int in parts.size():
		var labels: Array = parts[i]
		labels.sort()
		links[i] = "|".join(labels)
	return links
