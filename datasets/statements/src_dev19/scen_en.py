"""dev19 scen_en rows (to be written)."""
ROWS = []
