"""Episode windows: each episode also indexed with its session neighbours (migration 3's tables).

``window_fts_pair``: the previous episode's stem + the episode's; ``window_fts_window``: two
before + the episode + one after (rowid = the episode's id). "Previous" follows the temporal edge
into the episode; "after" the temporal edges out of it (each appended, as the migration-3
trigger did). Migration 4 dropped the triggers that kept these rows on every insert; ingest now
builds them in Python (``memlab.ingest.EpisodeWriter``) and writes them once per transaction,
with the same text. Deleting an episode still drops its rows (trigger ``window_fts_ad``).

Code that writes episodes and temporal edges itself (bulk loaders, benchmarks) calls
``chain_rows`` + ``insert_rows`` for plain chains, or ``rebuild`` afterwards: nothing else
writes these rows now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

PAIR = "window_fts_pair"
WINDOW = "window_fts_window"

# the stem of the episode linked into ``?`` (the trigger's lookup, LIMIT 1 included)
PREV_STEM = (
    "SELECT p.stem FROM edges e JOIN nodes p ON p.id = e.src "
    "WHERE e.dst = ? AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1"
)
# an episode's window row gains its successor
APPEND = "UPDATE window_fts_window SET stem = stem || ' ' || ? WHERE rowid = ?"
# a row for an episode still present (one deleted later in the same transaction gets none)
_INSERT = "INSERT INTO {table}(rowid, stem) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM nodes WHERE id = ?1)"


def prefix_previous(con: Any, episode_id: int, text: str) -> str:
    """``text`` after the stem of the episode linked into ``episode_id``, when one is. Read from
    the database each time, as the trigger did: a cached stem would outlive that episode's
    deletion (its edge goes with it)."""
    row = con.execute(PREV_STEM, (episode_id,)).fetchone()
    return text if row is None else f"{row[0]} {text}"


def insert_rows(con: Any, pairs: Iterable[tuple[int, str]], windows: Iterable[tuple[int, str]]) -> None:
    """Insert (episode id, text) rows into both tables."""
    con.executemany(_INSERT.format(table=PAIR), pairs)
    con.executemany(_INSERT.format(table=WINDOW), windows)


def chain_rows(chain: Sequence[tuple[int, str]]) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The pair and window rows of one session's episodes, ``(id, stem)`` in temporal-edge order,
    for episodes that have no other temporal edges."""
    pairs: list[tuple[int, str]] = []
    windows: list[tuple[int, str]] = []
    stems = [s for _, s in chain]
    for i, (nid, stem) in enumerate(chain):
        pairs.append((nid, f"{stems[i - 1]} {stem}" if i else stem))
        windows.append((nid, " ".join(stems[max(0, i - 2) : i + 2])))
    return pairs, windows


_BACKFILL_PAIR = """
INSERT INTO window_fts_pair(rowid, stem)
SELECT n.id, coalesce((SELECT p.stem || ' ' FROM edges e JOIN nodes p ON p.id = e.src
                       WHERE e.dst = n.id AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1), '') || n.stem
FROM nodes n WHERE n.type = 'episodic' AND {where}"""
_BACKFILL_WINDOW = """
INSERT INTO window_fts_window(rowid, stem)
SELECT n.id,
       coalesce((SELECT pp.stem || ' ' FROM edges e JOIN edges e2 ON e2.dst = e.src AND e2.type = 'temporal'
                 JOIN nodes pp ON pp.id = e2.src
                 WHERE e.dst = n.id AND e.type = 'temporal' AND pp.type = 'episodic' LIMIT 1), '')
       || coalesce((SELECT p.stem || ' ' FROM edges e JOIN nodes p ON p.id = e.src
                    WHERE e.dst = n.id AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1), '')
       || n.stem
       || coalesce((SELECT group_concat(' ' || x.stem, '') FROM (
                    SELECT x.stem FROM edges e JOIN nodes x ON x.id = e.dst
                    WHERE e.src = n.id AND e.type = 'temporal' AND x.type = 'episodic' ORDER BY e.id) x), '')
FROM nodes n WHERE n.type = 'episodic' AND {where}"""


def rebuild(con: Any, node_ids: Sequence[int] | None = None) -> None:
    """Recompute the window rows of ``node_ids`` and of the episodes whose windows reach them
    (every episode when None) from the nodes and temporal edges: for code that wrote episodes
    and edges directly (bulk loaders), in the same transaction."""
    if node_ids is None:
        con.execute(f"DELETE FROM {PAIR}")
        con.execute(f"DELETE FROM {WINDOW}")
        where = "1"
    else:
        _collect_neighbourhood(con, node_ids)
        con.execute(f"DELETE FROM {PAIR} WHERE rowid IN (SELECT id FROM temp._window_ids)")
        con.execute(f"DELETE FROM {WINDOW} WHERE rowid IN (SELECT id FROM temp._window_ids)")
        where = "n.id IN (SELECT id FROM temp._window_ids)"
    con.execute(_BACKFILL_PAIR.format(where=where))
    con.execute(_BACKFILL_WINDOW.format(where=where))


def _collect_neighbourhood(con: Any, node_ids: Sequence[int]) -> None:
    """``temp._window_ids``: ``node_ids`` and every episode whose row names one of them (a
    window reaches two back and one ahead, so: two steps forward, then one back)."""
    con.execute("CREATE TEMP TABLE IF NOT EXISTS _window_ids (id INTEGER PRIMARY KEY)")
    con.execute("DELETE FROM temp._window_ids")
    con.executemany("INSERT OR IGNORE INTO temp._window_ids VALUES (?)", [(int(i),) for i in node_ids])
    forward = (
        "INSERT OR IGNORE INTO temp._window_ids SELECT e.dst FROM edges e "
        "WHERE e.type = 'temporal' AND e.src IN (SELECT id FROM temp._window_ids)"
    )
    con.execute(forward)
    con.execute(forward)
    con.execute(
        "INSERT OR IGNORE INTO temp._window_ids SELECT e.src FROM edges e "
        "WHERE e.type = 'temporal' AND e.dst IN (SELECT id FROM temp._window_ids)"
    )
