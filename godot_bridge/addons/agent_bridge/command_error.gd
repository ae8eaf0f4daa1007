extends RefCounted
## A failed command: a protocol error code and one human sentence.
## Handlers return one (made with AgentBridge.fail or the constructors below) instead of data.
## The codes are the protocol's fixed set (docs/PROTOCOL.md); the client maps each to one
## exception class.

const PARSE_ERROR := "PARSE_ERROR"
const INVALID_REQUEST := "INVALID_REQUEST"
const UNKNOWN_COMMAND := "UNKNOWN_COMMAND"
const INVALID_ARGS := "INVALID_ARGS"
const NOT_FOUND := "NOT_FOUND"
const STALE_REF := "STALE_REF"
const NOT_INTERACTABLE := "NOT_INTERACTABLE"
const TIMEOUT := "TIMEOUT"
const UNSUPPORTED := "UNSUPPORTED"
const INTERNAL := "INTERNAL"
const CANCELLED := "CANCELLED"
const CODES: Array[String] = [PARSE_ERROR, INVALID_REQUEST, UNKNOWN_COMMAND, INVALID_ARGS,
	NOT_FOUND, STALE_REF, NOT_INTERACTABLE, TIMEOUT, UNSUPPORTED, INTERNAL, CANCELLED]

var code: String
var message: String


func _init(p_code: String, p_message: String) -> void:
	code = p_code
	message = p_message


static func invalid_args(sentence: String) -> RefCounted:
	return new(INVALID_ARGS, sentence)


static func not_found(sentence: String) -> RefCounted:
	return new(NOT_FOUND, sentence)


static func stale_ref(sentence: String) -> RefCounted:
	return new(STALE_REF, sentence)


static func not_interactable(sentence: String) -> RefCounted:
	return new(NOT_INTERACTABLE, sentence)


static func timeout(sentence: String) -> RefCounted:
	return new(TIMEOUT, sentence)


static func unsupported(sentence: String) -> RefCounted:
	return new(UNSUPPORTED, sentence)


static func internal(sentence: String) -> RefCounted:
	return new(INTERNAL, sentence)
