"""Names across alphabets: an English question finds a Russian turn that writes the name in
Cyrillic ("Kiwi" -> "Киви") and the other way round, through every text channel; spellings the
index does not hold are never added to the query."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.lang.text import cross_script_stems, name_words, other_script_forms, stem_word
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval import engine

T0 = 1_700_000_000.0
MANUAL = MemoryConfig().replace(consolidation={"auto": False}, retrieval={"reinforce_on_access": False})


def test_other_script_forms_both_ways() -> None:
    assert other_script_forms("kiwi")[0] == "киви"
    assert "симба" in other_script_forms("simba")
    assert "юлия" in other_script_forms("julia")
    assert "александр" in other_script_forms("alexander")
    assert "чарли" in other_script_forms("charlie")
    assert "julia" in other_script_forms("юлия")
    assert "alexander" in other_script_forms("александр") or "aleksandr" in other_script_forms("александр")
    assert other_script_forms("mark") == ["марк"] and other_script_forms("марк") == ["mark"]
    assert other_script_forms("123") == [] and other_script_forms("iphoneх") == []  # mixed: none
    assert all(len(other_script_forms(w)) <= 8 for w in ("shchyolkovo", "ekaterina", "юлияюлия"))


def test_name_words_are_the_capitalised_content_words() -> None:
    assert name_words("When did Anna adopt Kiwi?") == ["anna", "kiwi"]
    assert name_words("Когда Юлия переехала в Берлин?") == ["юлия", "берлин"]  # "Когда": a stop word
    assert name_words("What Is it") == []  # stop words, short words
    assert stem_word("киви") in cross_script_stems("When did Anna adopt Kiwi?")


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(tmp_path / "s.db", MANUAL, clock=SimulatedClock(T0), embedder=None) as m:
        texts = [
            "Анна: Мы завели питомца: попугай по кличке Киви.",
            "Анна: Погода ужасная, всю неделю дождь.",
            "Anna: The weather was awful all week.",
            "Julia: I moved to Berlin last spring.",
            "Марк: Утром приготовил блины.",
            "Mark: Read a book on the history of maps.",
            "Марк: Пробки сегодня были просто кошмар.",
            "Mark: Coffee machine at work broke again.",
        ]
        for i, t in enumerate(texts):
            m.ingest(t, session_id=f"s{i}", at=T0 + i * 10_000, wait=True)
        m.flush()
        yield m


def _ids(m: Memory, text: str) -> int:
    rows = m.store.execute_read("SELECT id FROM nodes WHERE content LIKE ?", (f"%{text}%",))
    return int(rows[0][0])


def test_search_terms_keep_only_forms_the_index_holds(mem: Memory) -> None:
    terms = ch.search_terms(mem.retriever, "When did Anna adopt Kiwi?")
    assert stem_word("киви") in terms and stem_word("анна") in terms
    assert not any(t.startswith("адопт") for t in terms)  # "adopt" spelled in Cyrillic: not indexed
    assert stem_word("julia") in ch.search_terms(mem.retriever, "Где живёт Юлия?")


@pytest.mark.parametrize("recipe", ["fts_only", "hybrid"])
def test_english_question_finds_the_cyrillic_name(mem: Memory, recipe: str) -> None:
    fused = engine.run(mem.retriever, "When did Anna adopt Kiwi?", limit=5, recipe=recipe).fused
    assert fused and fused[0].id == _ids(mem, "Киви")


def test_russian_question_finds_the_latin_name(mem: Memory) -> None:
    fused = engine.run(mem.retriever, "Куда переехала Юлия?", limit=5, recipe="fts_only").fused
    assert fused and fused[0].id == _ids(mem, "Berlin")
