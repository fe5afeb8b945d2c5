"""English relatives introduced by name ("my sister Priya"): the name's relation is kept, a
question about "my sister" finds her facts, and a one-person relation ends when another person
takes it. The sentences are new wordings, not rows of the evaluation sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

DAY = 86400.0
T0 = 1_714_550_400.0  # 2024-05-01


def _facts_section(m: Memory, question: str) -> str:
    ctx = m.context(question)
    return ctx.split("\n\n")[0] if ctx.startswith("## Facts") else ""


def _live(tmp_path: Path, turns: list[tuple[int, str]]) -> tuple[Memory, SimulatedClock]:
    clock = SimulatedClock(T0)
    m = Memory.open(tmp_path / "m.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64))
    for day, text in turns:
        clock.set(max(clock.now(), T0 + day * DAY))
        m.ingest(text, session_id=f"day-{day}")
    clock.advance(DAY)
    m.maintain()
    return m, clock


def test_named_relatives_in_english() -> None:
    from memlab.knowledge.extract.kin import named_relatives
    from memlab.knowledge.extract.nlp import parse

    assert named_relatives(parse("my sister Priya teaches chemistry in Pune", "en")) == [("Priya", "sister")]
    assert named_relatives(parse("our son Theo just started school", "en")) == [("Theo", "son")]
    # someone else's relative, or no owner at all: not the speaker's
    assert named_relatives(parse("Anna's brother Kofi works at a bank", "en")) == []
    assert named_relatives(parse("his wife Mira runs a bakery", "en")) == []


def test_a_question_about_my_sister_finds_the_named_sister(tmp_path: Path) -> None:
    m, _ = _live(tmp_path, [(0, "my sister Priya lives in Pune, we talk every sunday"),
                            (12, "Priya moved to Goa last month, she loves the beach")])  # fmt: skip
    with m:
        facts = _facts_section(m, "Where does my sister live these days?")
        lines = [line for line in facts.splitlines() if "Goa" in line]
        assert lines and all("sister" in line for line in lines), facts
        assert "Pune" not in facts


def test_a_new_partner_ends_the_old_partners_relation(tmp_path: Path) -> None:
    """Once the user dates Elif, "Noor is User's girlfriend" is no current fact."""
    m, _ = _live(tmp_path, [(1, "my girlfriend Noor is obsessed with board games"),
                            (15, "Noor and I split up in the spring. I'm seeing Elif now")])  # fmt: skip
    with m:
        ctx = m.context("Any gift ideas for my girlfriend?")
        current = ctx.split("## History")[0]
        assert "Elif" in ctx.split("\n\n")[0]
        assert "Noor is User's girlfriend" not in current
