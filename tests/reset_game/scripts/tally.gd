class_name Tally
extends RefCounted
## A static counter, as games keep one across scenes.

static var count: int = 3
static var names: Array[String] = ["first"]
