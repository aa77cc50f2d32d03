"""Playing a table: starting it, the play page, a move's way from the post to the stored
log (load, judge, store, answer), undo, play again, the live updates every phone polls,
the odds on screen, dice read from a photo, a seat chosen, and the help pages."""
