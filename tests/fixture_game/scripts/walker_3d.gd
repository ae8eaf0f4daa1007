extends CharacterBody3D
## A 3D entity with a script: the snapshot names it and gives its screen position.
