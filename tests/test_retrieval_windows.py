"""Episode windows: each episode indexed with its session neighbours (triggers on the temporal
edge), the migration's backfill of an existing database, and the window channels' filters."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.lang.text import stem_text
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.store.migrations import MIGRATIONS, _split

T0 = 1_700_000_000.0
MANUAL = MemoryConfig().replace(consolidation={"auto": False})
TEXTS = ["alpha apples", "beta bananas", "gamma grapes", "delta dates"]


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(tmp_path / "w.db", MANUAL, clock=SimulatedClock(T0), embedder=None) as m:
        yield m


def ingest(m: Memory, texts: list[str], session: str, start: float = T0) -> list[int]:
    return [int(m.ingest(t, session_id=session, at=start + i, wait=True) or 0) for i, t in enumerate(texts)]


def windows(m: Memory, table: str) -> dict[int, str]:
    return dict(m.store.execute_read(f"SELECT rowid, stem FROM {table} ORDER BY rowid"))


def test_windows_follow_the_session(mem: Memory) -> None:
    a, b, c, d = ingest(mem, TEXTS, "s1")
    (e,) = ingest(mem, ["epsilon eggs"], "s2", T0 + 10_000)
    s = {i: stem_text(t) for i, t in zip((a, b, c, d, e), [*TEXTS, "epsilon eggs"], strict=True)}
    assert windows(mem, "window_fts_pair") == {
        a: s[a], b: f"{s[a]} {s[b]}", c: f"{s[b]} {s[c]}", d: f"{s[c]} {s[d]}", e: s[e]
    }
    assert windows(mem, "window_fts_window") == {
        a: f"{s[a]} {s[b]}",
        b: f"{s[a]} {s[b]} {s[c]}",
        c: f"{s[a]} {s[b]} {s[c]} {s[d]}",
        d: f"{s[b]} {s[c]} {s[d]}",
        e: s[e],  # another session: no neighbours across sessions
    }


def test_window_channels_find_the_neighbour_and_respect_filters(mem: Memory) -> None:
    a, b, c, d = ingest(mem, TEXTS, "s1")
    assert ch.fts(mem.retriever, "bananas", None, ch.Filters(), 10) == [b]
    assert set(ch.fts_window(mem.retriever, "bananas", None, ch.Filters(), 10)) == {a, b, c, d}
    assert set(ch.fts_pair(mem.retriever, "bananas", None, ch.Filters(), 10)) == {b, c}
    assert ch.fts_pair(mem.retriever, "bananas", None, ch.Filters(since=T0 + 2), 10) == [c]
    assert ch.fts_window(mem.retriever, "bananas", None, ch.Filters(types=("semantic",)), 10) == []


def test_deleting_an_episode_drops_its_windows(mem: Memory) -> None:
    a, b = ingest(mem, TEXTS[:2], "s1")
    mem.store.writer.call(lambda con: con.execute("DELETE FROM nodes WHERE id = ?", (b,)))
    assert list(windows(mem, "window_fts_pair")) == [a]
    assert list(windows(mem, "window_fts_window")) == [a]


def test_migration_backfills_an_existing_database(tmp_path: Path) -> None:
    con = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    for stmt in _split(MIGRATIONS[0].sql):
        con.execute(stmt)
    ids = []
    for i, text in enumerate(TEXTS):
        cur = con.execute(
            "INSERT INTO nodes(type, content, stem, event_time, created_at, valid_from) VALUES ('episodic', ?, ?, ?, ?, ?)",
            (text, stem_text(text), T0 + i, T0, T0 + i),
        )
        ids.append(cur.lastrowid)
    for src, dst in zip(ids, ids[1:], strict=False):
        con.execute("INSERT INTO edges(src, dst, type, created_at) VALUES (?, ?, 'temporal', ?)", (src, dst, T0))
    for m in MIGRATIONS[1:]:  # users and speakers, then the episode windows
        for stmt in _split(m.sql):
            con.execute(stmt)
    s = [stem_text(t) for t in TEXTS]
    pair = dict(con.execute("SELECT rowid, stem FROM window_fts_pair"))
    wide = dict(con.execute("SELECT rowid, stem FROM window_fts_window"))
    assert pair[ids[0]] == s[0] and pair[ids[2]] == f"{s[1]} {s[2]}"
    assert wide[ids[2]] == " ".join(s) and wide[ids[0]] == f"{s[0]} {s[1]}"


def test_vector_window_scores_an_episode_with_its_neighbours(tmp_path: Path) -> None:
    from memlab.embed.hashing import HashingEmbedder

    with Memory.open(tmp_path / "v.db", MANUAL, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        a, b, c, d = ingest(m, ["red car", "blue sky", "red car again", "green tree"], "s1")
        m.flush()
        qvec = m.embed_query("red car")
        ranked = ch.vector_window(m.retriever, "red car", qvec, ch.Filters(), 10)
        assert set(ranked) == {a, b, c, d}
        assert ranked.index(b) < ranked.index(d)  # b sits between two red cars
        assert ch.vector_window(m.retriever, "red car", qvec, ch.Filters(until=T0 + 1), 10) == [a, b] or set(
            ch.vector_window(m.retriever, "red car", qvec, ch.Filters(until=T0 + 1), 10)
        ) == {a, b}


def test_wordllama_lite_loader_gives_the_package_vectors() -> None:
    import numpy as np

    from memlab.embed import wordllama as wl

    if wl._wheel_files() is None:
        pytest.skip("wordllama wheel files not found")
    texts = ["Caroline: I went to the support group", "Привет, Миша!", "", "word " * 3000]
    lite = wl._load_wordllama().embed(texts, batch_size=2)
    full = wl._load_wordllama_package().embed(texts, norm=False, batch_size=2)
    assert np.array_equal(lite, full)
