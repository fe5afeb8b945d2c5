"""Raw bulk writes the benchmarks use to build large graphs fast, bypassing ingest: no FTS
windows, no sessions, no vectors unless asked. Each takes the writer's connection."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def episodes(con: Any, rows: Sequence[tuple[Any, ...]]) -> None:
    """(id, type, content, stem, event_time, created_at, valid_from, decay_rate, source_type,
    source_role, session_id) rows."""
    con.executemany(
        "INSERT INTO nodes(id, type, content, stem, event_time, created_at, valid_from, decay_rate, "
        "source_type, source_role, session_id) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )


def temporal(con: Any, rows: Sequence[tuple[Any, ...]]) -> None:
    """(src, dst, valid_from, created_at) temporal edges."""
    con.executemany("INSERT INTO edges(src, dst, type, valid_from, created_at) VALUES (?, ?, 'temporal', ?, ?)", rows)


def placeholders(con: Any, ids: Sequence[int]) -> None:
    """Empty episodes with these ids (a vector benchmark's rows)."""
    con.executemany(
        "INSERT INTO nodes(id, type, content, event_time, created_at, valid_from) VALUES (?, 'episodic', 'x', 0, 0, 0)",
        [(i,) for i in ids],
    )


def vectors(con: Any, rows: Sequence[tuple[int, bytes]], vec0: bool = False) -> None:
    """(node id, blob) rows into ``node_vectors``, or into the sqlite-vec table with ``vec0``."""
    if vec0:
        con.executemany("INSERT INTO vec_nodes(rowid, embedding) VALUES (?, ?)", rows)
    else:
        con.executemany("INSERT INTO node_vectors(node_id, vec) VALUES (?, ?)", rows)


def user_episodes(con: Any, rows: Sequence[tuple[Any, ...]]) -> None:
    """(content, event_time, created_at, valid_from, session_id) user episodes, ids assigned."""
    con.executemany(
        "INSERT INTO nodes(type, content, stem, event_time, created_at, valid_from, decay_rate, session_id, "
        "source_role) VALUES ('episodic', ?, '', ?, ?, ?, 0, ?, 'user')",
        rows,
    )


def temporal_untimed(con: Any, rows: Sequence[tuple[Any, ...]]) -> None:
    """(src, dst, created_at) temporal edges without a ``valid_from``."""
    con.executemany("INSERT INTO edges(src, dst, type, created_at) VALUES (?, ?, 'temporal', ?)", rows)


def facts(con: Any, rows: Sequence[tuple[Any, ...]]) -> None:
    """(content, event_time, created_at, valid_from, confidence, base_strength, decay_rate) semantic facts."""
    con.executemany(
        "INSERT INTO nodes(type, content, stem, event_time, created_at, valid_from, confidence, "
        "base_strength, decay_rate) VALUES ('semantic', ?, '', ?, ?, ?, ?, ?, ?)",
        rows,
    )
