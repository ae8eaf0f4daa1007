@tool
extends EditorPlugin
## Registers the AgentBridge autoload when the plugin is enabled in the editor.

const AUTOLOAD_NAME := "AgentBridge"
const AUTOLOAD_PATH := "res://addons/agent_bridge/agent_bridge.gd"


func _enable_plugin() -> void:
	add_autoload_singleton(AUTOLOAD_NAME, AUTOLOAD_PATH)


func _disable_plugin() -> void:
	remove_autoload_singleton(AUTOLOAD_NAME)
