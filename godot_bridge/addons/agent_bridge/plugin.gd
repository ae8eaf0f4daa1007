@tool
extends EditorPlugin
## Registers the AgentBridge autoload when the plugin is enabled in the editor, and the export
## plugin that leaves the bridge out of release exports.

const AUTOLOAD_NAME := "AgentBridge"
const AUTOLOAD_PATH := "res://addons/agent_bridge/agent_bridge.gd"
const ExportPlugin := preload("export_plugin.gd")

var _export_plugin: EditorExportPlugin


func _enter_tree() -> void:
	_export_plugin = ExportPlugin.new()
	add_export_plugin(_export_plugin)


func _exit_tree() -> void:
	remove_export_plugin(_export_plugin)


func _enable_plugin() -> void:
	add_autoload_singleton(AUTOLOAD_NAME, AUTOLOAD_PATH)


func _disable_plugin() -> void:
	remove_autoload_singleton(AUTOLOAD_NAME)
