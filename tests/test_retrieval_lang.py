"""The RU/EN evaluation data and harness: a parallel dialogue whose evidence points at real turns,
and recall measured through the product's search path (hashing embedder: fast, deterministic)."""

from __future__ import annotations

from pathlib import Path

from memlab.bench import lang_eval
from memlab.embed.hashing import HashingEmbedder


def test_dialogue_is_parallel_and_evidence_exists() -> None:
    ru, en = lang_eval.dialogue("ru"), lang_eval.dialogue("en")
    assert [t.id for t in ru.turns] == [t.id for t in en.turns]
    assert len(ru.questions) == len(en.questions) >= 25
    ids = {t.id for t in ru.turns}
    assert all(q.evidence and set(q.evidence) <= ids for q in ru.questions)
    assert ru.turns[0].speaker == "Анна" and en.turns[0].speaker == "Anna"


def test_recall_through_the_product(tmp_path: Path) -> None:
    got = lang_eval.recall(lang_eval.dialogue("ru"), tmp_path, HashingEmbedder(64), "fts_only")
    assert set(got) == set(lang_eval.LANG_KS)
    assert 30.0 < got[10] <= 100.0 and got[1] <= got[3] <= got[5] <= got[10]
