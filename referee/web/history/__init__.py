"""Past tables: the history list and filters, a table's story move by move with its score
chart, CSV, import and export, and the printable PDFs (rule sheets, scorepads, filled
scoresheets)."""
