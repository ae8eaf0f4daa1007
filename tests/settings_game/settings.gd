extends Control
## Settings: a tree of sections (Video's rows nested under it), a tree of map layers where
## several rows can be chosen, and an accent color picked on a ColorPickerButton (its popup
## offers preset swatches); the labels show the chosen section and the chosen color.

const PRESETS: Array[Color] = [Color("#e04040"), Color("#3399ff"), Color("#40c060")]


func _ready() -> void:
	var tree: Tree = $Sections
	var root := tree.create_item()
	for section: String in ["Audio", "Video", "Controls"]:
		var row := tree.create_item(root)
		row.set_text(0, section)
		if section == "Video":
			for child: String in ["Resolution", "Quality"]:
				tree.create_item(row).set_text(0, child)
	tree.item_selected.connect(_on_section)
	var layers: Tree = $Layers
	var layers_root := layers.create_item()
	for layer: String in ["Terrain", "Units", "Effects"]:
		layers.create_item(layers_root).set_text(0, layer)
	var accent: ColorPickerButton = $Accent
	var picker := accent.get_picker()
	# A palette: the swatches and the hex field, without the shape, the sliders and the sampler.
	picker.picker_shape = ColorPicker.SHAPE_NONE
	picker.sliders_visible = false
	picker.color_modes_visible = false
	picker.sampler_visible = false
	picker.can_add_swatches = false
	for preset: Color in PRESETS:
		picker.add_preset(preset)
	accent.color_changed.connect(_on_color)


func _on_section() -> void:
	$Section.text = "Section: %s" % ($Sections as Tree).get_selected().get_text(0)


func _on_color(color: Color) -> void:
	$Color.text = "Accent: #%s" % color.to_html(false)
