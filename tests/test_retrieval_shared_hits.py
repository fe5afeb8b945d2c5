"""Within one search the text and vector channels share their hits (the search memo), rank inside
FTS before the node filters join, and stay exact when the filters drop most of the best rows."""

from __future__ import annotations

from pathlib import Path

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval import engine

T0 = 1_700_000_000.0
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


def _memory(tmp_path: Path) -> Memory:
    return Memory.open(tmp_path / "m.db", MANUAL, clock=SimulatedClock(T0), embedder=HashingEmbedder(64))


def test_filters_that_drop_the_best_rows_still_get_their_own_best(tmp_path: Path) -> None:
    with _memory(tmp_path) as m:
        for i in range(30):  # another user's turns match better (shorter) and come first
            m.ingest(f"red kite {i}", session_id=f"b{i // 5}", at=T0 + i, user_id="bob", wait=True)
        mine = [m.ingest(f"a red kite flew over the long grey hill {i}", session_id="a", at=T0 + 100 + i, wait=True)
                for i in range(3)]  # fmt: skip
        m.flush()
        qvec = m.embed_query("red kite")
        only_default = ch.Filters(user_id="default")
        assert set(ch.fts(m.retriever, "red kite", None, only_default, 2)) <= set(mine)
        assert len(ch.fts(m.retriever, "red kite", None, only_default, 2)) == 2
        assert set(ch.fts_window(m.retriever, "red kite", None, only_default, 3)) == set(mine)
        assert set(ch.vector(m.retriever, "red kite", qvec, only_default, 3)) == set(mine)


def test_a_channel_called_alone_does_not_keep_a_memo(tmp_path: Path) -> None:
    with _memory(tmp_path) as m:
        a = m.ingest("blue whale", session_id="s", at=T0, wait=True)
        m.flush()
        qvec = m.embed_query("blue whale")
        assert ch.vector(m.retriever, "blue whale", qvec, ch.Filters(), 5) == [a]
        b = m.ingest("blue whale again", session_id="s", at=T0 + 1, wait=True)
        m.flush()
        assert set(ch.vector(m.retriever, "blue whale", qvec, ch.Filters(), 5)) == {a, b}
        assert ch.search_memo(m.retriever) is None
        engine.run(m.retriever, "blue whale")
        assert ch.search_memo(m.retriever) is None  # dropped when the search ends


def test_a_named_speaker_boosts_their_own_turns(tmp_path: Path) -> None:
    with _memory(tmp_path) as m:
        ids = {}
        for i, (who, text) in enumerate(
            [("Anna", "my kite broke"), ("Mark", "kites are fun"), ("Anna", "a new kite then"), ("Mark", "sure")]
        ):
            ids[text] = m.ingest(text, session_id="s", at=T0 + i, speaker=who, wait=True)
        f = ch.Filters(user_id="default")
        assert set(ch.fts_speaker(m.retriever, "What did Anna do with the kite?", None, f, 10)) == {
            ids["my kite broke"], ids["a new kite then"]
        }
        assert ch.fts_speaker(m.retriever, "Who has a kite?", None, f, 10) == []  # nobody named
        assert ch.fts_speaker(m.retriever, "Did Anna or Mark fly a kite?", None, f, 10) == []  # everyone named


def test_feedback_terms_reach_a_turn_without_the_query_word(tmp_path: Path) -> None:
    with _memory(tmp_path) as m:
        a = m.ingest("I flew my kite", session_id="s1", at=T0, wait=True)
        m.ingest("on the windy hill", session_id="s1", at=T0 + 1, wait=True)
        c = m.ingest("back to the windy hill tomorrow", session_id="s2", at=T0 + 1000, wait=True)
        f = ch.Filters(user_id="default")
        assert ch.fts(m.retriever, "kite", None, f, 10) == [a]
        assert c in ch.fts_prf(m.retriever, "kite", None, f, 10)
