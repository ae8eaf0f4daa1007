extends Control
## A potion shop: the player types a name and presses Play; Buy asks in a ConfirmationDialog
## (OK buys one potion, Buy two buys two, Cancel buys nothing) and the purchases are listed.
## Leave quits the game (a game that ends itself).

const PRICE := 5

var gold: int = 20
var potions: int = 0


func _ready() -> void:
	$Play.pressed.connect(_on_play)
	$Buy.pressed.connect(func() -> void: $BuyDialog.popup_centered())
	$Leave.pressed.connect(func() -> void: get_tree().quit())
	$BuyDialog.add_button("Buy two", true, "two")
	$BuyDialog.confirmed.connect(_buy.bind(1))
	$BuyDialog.custom_action.connect(_on_custom_action)


func _on_play() -> void:
	$Status.text = "Shopping as %s" % $Name.text
	$Buy.disabled = false


func _on_custom_action(action: StringName) -> void:
	if action == &"two":
		$BuyDialog.hide()
		_buy(2)


func _buy(count: int) -> void:
	@warning_ignore("integer_division")
	count = mini(count, gold / PRICE)
	gold -= count * PRICE
	potions += count
	$Gold.text = "Gold: %d" % gold
	$Purchases.text = "%s bought %d potion%s" % [$Name.text, potions, "" if potions == 1 else "s"]
