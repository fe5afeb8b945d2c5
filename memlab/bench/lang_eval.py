"""Russian retrieval beside English on the same content, through the product's search path.

Two sources, each in both languages:

- ``benchmarks/data/ru_dialogue.json``: a LoCoMo-style conversation written for memlab, every
  turn and question in Russian and English, evidence turn ids per question;
- the synthetic generator with ``lang_mix`` 1.0 (all Russian) and 0.0 (all English), same seed.

Each is ingested into its own database (one turn = one episode) and every question with
evidence is searched with ``engine.run``; recall@k as in LoCoMo (share of evidence turns in the
top k).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.datasets.locomo import parse_locomo_date
from memlab.datasets.schema import Dataset, Question, Turn, guess_intent
from memlab.memory import Memory
from memlab.retrieval import engine
from memlab.retrieval.recipes import Recipe

DIALOGUE = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "ru_dialogue.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
LANG_KS: tuple[int, ...] = (1, 3, 5, 10)


def dialogue(lang: str, path: Path = DIALOGUE) -> Dataset:
    """The written conversation in ``lang`` ("ru" or "en") as a Dataset."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    col = {"ru": 0, "en": 1}[lang]
    names = {"a": raw["speaker_a"][col], "b": raw["speaker_b"][col]}
    turns: list[Turn] = []
    for n, session in enumerate(raw["sessions"], start=1):
        start = parse_locomo_date(session["date"])
        for i, (who, ru, en) in enumerate(session["turns"], start=1):
            text = ru if lang == "ru" else en
            role = "user" if who == "a" else "assistant"
            turns.append(Turn(f"D{n}:{i}", f"{raw['sample_id']}:S{n}", names[who], role, text, start + i * 10.0, lang))
    when = turns[-1].time + 3600.0
    questions = tuple(
        Question(
            id=f"{raw['sample_id']}:q{i}",
            text=q[lang],
            time=when,
            evidence=tuple(q["evidence"]),
            intent=guess_intent(q[lang]),
            category=CATEGORIES.get(int(q["category"]), str(q["category"])),
            lang=lang,
        )
        for i, q in enumerate(raw["qa"])
    )
    return Dataset(name=f"dialogue-{lang}", turns=tuple(turns), questions=questions, meta={"lang": lang})


def synthetic(lang: str, seed: int = 0, personas: int = 3, days: float = 120.0) -> Dataset:
    """The synthetic suite entirely in ``lang`` (lang_mix 1.0 for "ru", 0.0 for "en")."""
    from memlab.datasets.synthetic import generate

    data = generate(seed=seed, personas=personas, days=days, lang_mix=1.0 if lang == "ru" else 0.0)
    return Dataset(name=f"synthetic-{lang}", turns=data.turns, questions=data.questions, meta={"lang": lang})


def recall(
    data: Dataset, work: Path, embedder: Any, recipe: Recipe | str | None = None, ks: Sequence[int] = LANG_KS
) -> dict[int, float]:
    """Mean recall@k (percent) over the questions with evidence, through ``engine.run``."""
    from memlab.bench.metrics import recall_at_k

    cfg = MemoryConfig().replace(retrieval={"reinforce_on_access": False}, consolidation={"auto": False})
    db = work / f"{data.name}-{embedder.name if embedder is not None else 'none'}.db"
    scores: dict[int, list[float]] = {k: [] for k in ks}
    with Memory(db, cfg, clock=SimulatedClock(data.turns[0].time), embedder=embedder) as m:
        turn_of: dict[int, str] = {}
        for t in data.turns:
            node = m.ingest(
                f"{t.speaker}: {t.text}", session_id=t.session_id, role=t.role, at=t.time, speaker=t.speaker or None,
                wait=True,
            )
            turn_of[int(node or 0)] = t.id
        m.flush()
        for q in data.questions:
            if not q.evidence:
                continue
            fused = engine.run(m.retriever, q.text, limit=max(ks), recipe=recipe).fused
            ranked = [turn_of[f.id] for f in fused if f.id in turn_of]
            for k in ks:
                scores[k].append(recall_at_k(ranked, q.evidence, k))
    return {k: 100 * statistics.fmean(v) for k, v in scores.items() if v}


def lang_rows(work: Path, embedders: Sequence[Any], recipe: Recipe | str | None = None) -> list[list[Any]]:
    """One row per (source, language, embedder): recall@1/3/5/10."""
    rows: list[list[Any]] = []
    for name, make in (("dialogue", dialogue), ("synthetic", synthetic)):
        for emb in embedders:
            for lang in ("en", "ru"):
                data = make(lang)
                got = recall(data, work, emb, recipe)
                n = sum(1 for q in data.questions if q.evidence)
                rows.append([name, lang, emb.name if emb is not None else "none", n, *(got[k] for k in LANG_KS)])
    return rows
