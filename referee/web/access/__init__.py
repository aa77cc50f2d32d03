"""Who may change what at a table: the table's link and the house PIN (``rights``), the
seats phones claim and the seating a page is rendered for (``seats``), and how another
phone joins (``joining``: QR code and join code)."""
