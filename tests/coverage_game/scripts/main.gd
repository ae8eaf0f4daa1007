extends Node
## The main scene: commands a test calls to choose which branches run.

const Spell := preload("res://scripts/spell.gd")

## How many times a main scene started: a reset sets it back, as any static variable.
static var starts := 0

var enemies: Array[Enemy] = []
var log_lines: Array[String] = []


class Tally:
	var total := 0

	func count(values: Array) -> int:
		for value: int in values:
			total += value
		return total

	static func twice(value: int) -> int:
		return value * 2


func _ready() -> void:
	starts += 1
	_settle()
	var bridge := get_node_or_null("/root/AgentBridge")
	if bridge == null: return
	bridge.register_command("spawn", _spawn, {"kind": {"type": "string"}}, "Spawn an enemy")
	bridge.register_command("cast", _cast, {"element": {"type": "string"}}, "Cast a spell")
	bridge.register_command("tally", _tally, {"values": {"type": "array"}}, "Add values up")
	bridge.register_command("crash", _crash, {}, "Call a method on nothing")
	bridge.register_command("churn", _churn, {"rounds": {"type": "integer"}},
		"Busy script work: loops, branches, calls (bench/bench_coverage.py times it)")


func _spawn(args: Dictionary) -> Dictionary:
	var enemy := Enemy.make(args.kind)
	enemies.append(enemy)
	return {"health": enemy.health, "dead": enemy.is_dead()}


func _cast(args: Dictionary) -> Dictionary:
	var hurt := Spell.damage(args.element, 3)
	var hits := enemies.filter(func(enemy: Enemy) -> bool: return enemy.health > 0)
	for enemy: Enemy in hits:
		enemy.health -= hurt
	Score.add(hurt)
	return {"hurt": hurt, "hit": hits.size()}


func _tally(args: Dictionary) -> Dictionary:
	var tally := Tally.new()
	var doubled: Array = (args.values as Array).map(func(value: int) -> int:
		return Tally.twice(value))
	return {"total": tally.count(doubled)}


func _settle() -> void:
	await get_tree().process_frame
	log_lines.append("settled")


func _crash(_args: Dictionary) -> Dictionary:
	var nothing: Object = null
	return {"value": nothing.get_instance_id()}


func _churn(args: Dictionary) -> Dictionary:
	var total := 0
	for step: int in args.rounds:
		total += _mix(step)
	return {"total": total}


func _mix(step: int) -> int:
	var value := step % 7
	if value > 3:
		value -= 2
	elif value == 0:
		value = 5
	match value % 3:
		0:
			return value * 2
		1:
			return value + 1
	return value


func started() -> int:
	return starts


func _exit_tree() -> void:
	log_lines.clear()
