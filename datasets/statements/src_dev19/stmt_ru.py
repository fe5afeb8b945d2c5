"""dev19 stmt_ru rows (to be written)."""
ROWS = []
