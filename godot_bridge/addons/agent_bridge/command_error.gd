extends RefCounted
## A failed command: a protocol error code and one human sentence.
## Handlers return one (made with AgentBridge.fail) instead of data.

var code: String
var message: String


func _init(p_code: String, p_message: String) -> void:
	code = p_code
	message = p_message
