"""Players across tables: their figures and streaks, the dice check, and merging two names
into one (and splitting them back)."""
