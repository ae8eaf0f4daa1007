extends Control
## The clinic: Heal asks the pharmacy for a potion, Fire sends a spark across the screen, and
## the beacon glows in the corner.

const Pharmacy := preload("res://scripts/pharmacy.gd")
const Planted := preload("res://scripts/planted.gd")
const Spark := preload("res://scripts/spark.gd")
## How long a crowded waiting room takes to simulate each frame (the slow_frame bug).
const CROWD_USEC := 20000

var healed: int = 0
var strength: int = 0
var landed: int = 0
var _pharmacy := Pharmacy.new()


func _ready() -> void:
	$HealButton.pressed.connect(_on_heal_pressed)
	$FireButton.pressed.connect(_on_fire_pressed)
	$NameEdit.grab_focus()


func _process(_delta: float) -> void:
	if Planted.has("slow_frame"):
		_simulate_crowd()


func _on_heal_pressed() -> void:
	healed += 1
	$HealedLabel.text = "Healed: %d" % healed
	strength = _pharmacy.dispense($NameEdit.text)


func _on_fire_pressed() -> void:
	var spark: Node2D = Spark.new()
	spark.position = Vector2(140, 200)
	spark.landed.connect(_on_spark_landed.bind(spark))
	add_child(spark)


func _on_spark_landed(spark: Node2D) -> void:
	landed += 1
	$SparksLabel.text = "Sparks landed: %d" % landed
	remove_child(spark)
	if not Planted.has("orphans"):  # the orphans bug: the spark is never freed
		spark.queue_free()


## The slow_frame bug: a busy loop standing in for an expensive per-frame computation.
func _simulate_crowd() -> void:
	var until := Time.get_ticks_usec() + CROWD_USEC
	while Time.get_ticks_usec() < until:
		pass
