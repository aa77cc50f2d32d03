"""What the reader tells apart: the six values and the body colours, in the order of the
classifier's outputs: the eight of the games' palette, and "other" for a die of none of them
(marbled, gold, pink, clear)."""

from __future__ import annotations

VALUES = (1, 2, 3, 4, 5, 6)
# White stands for ivory and cream too: plain dice.
COLOURS = ("red", "yellow", "green", "blue", "orange", "purple", "black", "white")
OTHER = "other"
READ_COLOURS = (*COLOURS, OTHER)
NO_DIE = len(VALUES)  # the value output that says a crop shows no die (a shadow, the tray)
CROP = 32  # the classifier's input: a die's crop, this many pixels square
MARGIN = 0.1  # a crop shows this share of the die's side beyond each edge
