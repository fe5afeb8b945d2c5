"""SQL of maintenance: the decay pass over facts and the resumable run record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memlab.store import queries as q
from memlab.store.store import Store, row_to_node
from memlab.types import Node


def decaying_page(store: Store, after_id: int, limit: int) -> list[Node]:
    """Unarchived non-episodic nodes with id > ``after_id``, in id order: a keyset page."""
    rows = store.execute_read(
        f"SELECT {q.NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND archived_at IS NULL AND id > ? "
        "ORDER BY id LIMIT ?",
        (after_id, limit),
    )
    return [row_to_node(r) for r in rows]


def write_decay(con: Any, updates: Sequence[tuple[float, int]], archive: Sequence[tuple[float, int, float]]) -> int:
    """Store recomputed confidences (confidence, id); archive (now, id, last access seen) unless the
    node was read since (its ``last_accessed`` moved). Returns the number archived."""
    con.executemany("UPDATE nodes SET confidence = ? WHERE id = ?", updates)
    n = 0
    for row in archive:
        n += con.execute(
            "UPDATE nodes SET archived_at = ? WHERE id = ? AND archived_at IS NULL "
            "AND coalesce(last_accessed, -1.0) = ?",
            row,
        ).rowcount
    return n


def unfinished_run(store: Store) -> tuple[int, str | None] | None:
    """(id, report JSON) of the newest maintenance run that did not finish."""
    rows = store.execute_read(
        "SELECT id, report FROM maintenance_runs WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1"
    )
    return (int(rows[0][0]), rows[0][1]) if rows else None


def start_run(con: Any, now: float, report: str) -> int:
    cur = con.execute("INSERT INTO maintenance_runs(started_at, report) VALUES (?, ?)", (now, report))
    return int(cur.lastrowid)


def record_run(con: Any, run_id: int, step: str | None, report: str, finished: float | None) -> None:
    con.execute(
        "UPDATE maintenance_runs SET step = coalesce(?, step), report = ?, finished_at = ? WHERE id = ?",
        (step, report, finished, run_id),
    )
