"""One module per game; each is pure (no Flask, database or randomness)."""
