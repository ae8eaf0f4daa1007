extends RefCounted
## Which lines of the game's scripts ran: `coverage` answers the counters of a game launched
## with `--agent-coverage` (coverage.gd; docs/COVERAGE.md). Every bridge has the command, so a
## client learns from the answer, not from a missing command, that nothing is counted.

const CommandError := preload("../command_error.gd")
const Services := preload("../services.gd")

var _coverage: RefCounted  # coverage.gd, or null: the game was launched without coverage


func _init(services: Services) -> void:
	_coverage = services.coverage


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("coverage", _coverage_counts, {},
		"The game's line and branch counters since launch, per script (launched with "
		+ "coverage).", "bridge")


func _coverage_counts(_args: Dictionary) -> Variant:
	if _coverage == null:
		return CommandError.unsupported(
			"This game was launched without coverage (--agent-coverage): nothing is counted.")
	return _coverage.call("counts")
