"""Tokens, stems and FTS5 query building, checked against a real FTS5 table."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlab.lang.text import (
    STOPWORDS_EN,
    STOPWORDS_RU,
    fts_query,
    query_terms,
    stem_text,
    stem_word,
    tokenize,
)
from memlab.retrieval.tokens import ApproxTokenCounter, TokenCounter

ROWS = [
    "Alice moved to Вильнюс last spring",
    "Bob lives in Berlin with his cat",
    "Мы обсуждали деплой в пятницу",
    "The deploy failed because the migration locked the table",
    "I love running in the park",
]

NASTY = [
    "",
    " ",
    '"',
    '""',
    "'",
    "*",
    "^",
    ":",
    "-",
    "()",
    "(",
    ")",
    "AND",
    "OR",
    "NOT",
    "NEAR",
    "NEAR(a b, 3)",
    "a AND OR NOT b",
    'title: "x" *',
    "col:^foo* -bar",
    "{a b}: c",
    "\x00",
    "a\x00b",
    "\ud800",
    "\udfff lone surrogate",
    "\u200b\u200d",
    "🙂🙂🙂",
    "O'Reilly's",
    "-- drop table t; --",
    "🙂 why 😀 when?",
    "ＢＥＲＬＩＮ",
    "ｆｉ ﬁ ligature",
    "İstanbul",
    "ß straße",
    "x" * 5000,
    "word " * 200,
]


@pytest.fixture(scope="module")
def fts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("fts") / "fts.db"
    con = sqlite3.connect(path)
    # same tokenizer options as the store's nodes_fts
    con.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(content, stem, tokenize='unicode61 remove_diacritics 2')"
    )
    con.executemany(
        "INSERT INTO docs(rowid, content, stem) VALUES (?, ?, ?)",
        [(i, text, stem_text(text)) for i, text in enumerate(ROWS, start=1)],
    )
    con.commit()
    yield con
    con.close()


def _search(con: sqlite3.Connection, query: str) -> list[int]:
    expr = fts_query(query)
    if expr is None:
        return []
    rows = con.execute("SELECT rowid FROM docs WHERE docs.stem MATCH ? ORDER BY rank", (expr,))
    return [r[0] for r in rows]


def test_tokenize_lowercases_and_keeps_cyrillic() -> None:
    assert tokenize("Привет, МИР! Hello_World 42") == ["привет", "мир", "hello", "world", "42"]


def test_tokenize_drops_nul_and_surrogates() -> None:
    assert tokenize("ab\x00cd \ud800ef") == ["ab", "cd", "ef"]


def test_stem_word_picks_language_by_script() -> None:
    assert stem_word("living") == stem_word("lives") == "live"
    assert stem_word("вильнюсе") == stem_word("вильнюс")
    assert stem_word("2024") == "2024"


def test_stem_text_is_encodable_for_any_input() -> None:
    for text in NASTY:
        out = stem_text(text)
        out.encode("utf-8")  # lone surrogates would raise here
        assert "\x00" not in out


def test_stem_text_handles_one_megabyte() -> None:
    text = ("слово word " * 100_000)[:1_000_000]
    out = stem_text(text)
    assert out.split()[:2] == ["слов", "word"]


def test_fts_query_quotes_terms_and_drops_operators() -> None:
    assert fts_query('Why did "Bob" NEAR(move) to Berlin* ^x: -y') == '"bob" OR "near" OR "move" OR "berlin"'


def test_fts_query_none_when_only_stopwords() -> None:
    assert fts_query("why did you do that?") is None
    assert fts_query("а что это было?") is None
    assert fts_query("") is None


def test_query_terms_deduplicate_stems_and_cap() -> None:
    assert query_terms("move moved moving Moves") == ["move"]
    assert len(query_terms(" ".join(f"w{i}" for i in range(100)), max_terms=7)) == 7


def test_stopword_lists_are_lowercase_and_substantial() -> None:
    assert len(STOPWORDS_EN) > 100 and len(STOPWORDS_RU) > 100
    assert all(w == w.lower() for w in STOPWORDS_EN | STOPWORDS_RU)


@pytest.mark.parametrize(
    ("query", "row"),
    [("Вильнюсе", 1), ("living", 2), ("moved", 1), ("пятница", 3), ("fails", 4), ("runs", 5)],
)
def test_morphology_matches(fts: sqlite3.Connection, query: str, row: int) -> None:
    assert row in _search(fts, query)


def test_question_matches_with_or_semantics(fts: sqlite3.Connection) -> None:
    # AND semantics would need every word in one row and match nothing.
    assert _search(fts, "Why did the deploy fail after the migration?")[0] == 4


@pytest.mark.parametrize("text", NASTY)
def test_nasty_queries_never_raise(fts: sqlite3.Connection, text: str) -> None:
    assert isinstance(_search(fts, text), list)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200) | st.text(st.characters(exclude_categories=()), max_size=50))
def test_any_text_is_a_valid_match_expression(fts: sqlite3.Connection, text: str) -> None:
    expr = fts_query(text)
    if expr is not None:
        fts.execute("SELECT count(*) FROM docs WHERE docs MATCH ?", (expr,)).fetchone()
        fts.execute("SELECT count(*) FROM docs WHERE docs.stem MATCH ?", (expr,)).fetchone()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_stem_text_can_be_indexed(fts: sqlite3.Connection, text: str) -> None:
    fts.execute("INSERT INTO docs(content, stem) VALUES (?, ?)", (text, stem_text(text)))
    fts.rollback()


# --- token counting for context budgets ----------------------------------------------------


def test_approx_token_counter_rough_scale() -> None:
    counter = ApproxTokenCounter()
    assert isinstance(counter, TokenCounter)
    assert counter.count("") == 0 and counter.count("   ") == 0
    assert counter.count("🙂") >= 1
    # "The quick brown fox jumps over the lazy dog." is 10 tokens in cl100k
    assert 8 <= counter.count("The quick brown fox jumps over the lazy dog.") <= 13


def test_approx_token_counter_charges_cyrillic_more() -> None:
    counter = ApproxTokenCounter()
    en = counter.count("We moved to Vilnius last spring with the whole family")
    ru = counter.count("Мы переехали в Вильнюс прошлой весной всей семьёй")
    assert ru > en


def test_approx_token_counter_grows_with_text() -> None:
    counter = ApproxTokenCounter()
    one = counter.count("memory graph " * 10)
    assert counter.count("memory graph " * 100) > 9 * one
