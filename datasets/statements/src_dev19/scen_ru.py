"""dev19 scen_ru rows (to be written)."""
ROWS = []
