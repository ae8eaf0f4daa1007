extends Node
## A node the lab adds at run time: its signal must be captured like any other.

signal pinged(index: int)
