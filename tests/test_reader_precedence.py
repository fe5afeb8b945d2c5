"""The sentence readers' precedence is a declared table: each policy does what it says, alone."""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.clauses import Reader
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.precedence import ARBITRATE, FIRST, NEW, UNSEEN, Step, arbitrate, check_table
from memlab.knowledge.extract.sentence import Sentences


def _f(subject: str, attribute: str, value: str) -> Extracted:
    return Extracted(subject, attribute, value, "concept", "")


class _Fake:
    """Readers by name, each giving fixed facts; ``calls`` records which ran."""

    def __init__(self, **gives: list[Extracted]) -> None:
        self.gives, self.calls = gives, []  # type: ignore[var-annotated]

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        def read(found: list[Extracted] | None = None) -> Iterator[Extracted]:
            self.calls.append(name)
            yield from self.gives[name]

        return read


def test_the_table_is_in_priority_order_and_names_real_readers() -> None:
    check_table(Sentences.READERS)
    for step in Sentences.READERS:
        if isinstance(step.read, str):
            method = getattr(Reader, step.read)
            assert method is not getattr(ReaderParts, step.read, None), f"{step.read} is only a stub"


def test_first_wins_and_later_members_do_not_run() -> None:
    fake = _Fake(a=[], b=[_f(SPEAKER, "city", "Oslo")], c=[_f(SPEAKER, "city", "Bergen")])
    got = arbitrate(fake, [Step(1, "a", FIRST), Step(2, "b", FIRST), Step(3, "c", FIRST)])
    assert got == [_f(SPEAKER, "city", "Oslo")] and fake.calls == ["a", "b"]


def test_unseen_fills_only_new_subject_attribute_pairs() -> None:
    fake = _Fake(a=[_f(SPEAKER, "city", "Oslo")], b=[_f(SPEAKER, "city", "Bergen"), _f("Ana", "city", "Bergen")])
    got = arbitrate(fake, [Step(1, "a"), Step(2, "b", UNSEEN)])
    assert got == [_f(SPEAKER, "city", "Oslo"), _f("Ana", "city", "Bergen")]


def test_new_keeps_only_triples_not_found_whatever_the_case() -> None:
    fake = _Fake(a=[_f(SPEAKER, "diet", "Vegan")], b=[_f(SPEAKER, "diet", "vegan"), _f(SPEAKER, "diet", "keto")])
    got = arbitrate(fake, [Step(1, "a"), Step(2, "b", NEW)])
    assert got == [_f(SPEAKER, "diet", "Vegan"), _f(SPEAKER, "diet", "keto")]


def test_unless_skips_the_reader_and_speaker_narrows_whose_facts_count() -> None:
    fake = _Fake(a=[_f("Ana", "job_title", "nurse")], b=[_f(SPEAKER, "job_title", "chef")], c=[_f(SPEAKER, "job_title", "cook")])
    steps = [Step(1, "a"), Step(2, "b", unless=("job_title",), speaker=True), Step(3, "c", unless=("job_title",))]
    assert arbitrate(fake, steps) == [_f("Ana", "job_title", "nurse"), _f(SPEAKER, "job_title", "chef")]
    assert fake.calls == ["a", "b"]


def test_once_keeps_a_prefix_family_to_its_first_reader() -> None:
    fake = _Fake(a=[_f(SPEAKER, "pet_dog", "Rex")], b=[_f(SPEAKER, "pet_cat", "Sima"), _f(SPEAKER, "spouse", "Kostya")])
    got = arbitrate(fake, [Step(1, "a"), Step(2, "b", UNSEEN, once="pet_")])
    assert got == [_f(SPEAKER, "pet_dog", "Rex"), _f(SPEAKER, "spouse", "Kostya")]


def test_an_arbitration_replaces_what_was_found() -> None:
    class Rule(_Fake):
        def drop_cities(self, found: list[Extracted]) -> list[Extracted]:
            return [f for f in found if f.attribute != "city"]

    fake = Rule(a=[_f(SPEAKER, "city", "Oslo"), _f(SPEAKER, "diet", "vegan")])
    assert arbitrate(fake, [Step(1, "a"), Step(2, "drop_cities", ARBITRATE)]) == [_f(SPEAKER, "diet", "vegan")]


def test_a_function_step_is_called_with_the_reader_and_what_it_sees() -> None:
    def echo(reader: object, found: list[Extracted]) -> list[Extracted]:
        return [_f(SPEAKER, "seen", str(len(found)))]

    fake = _Fake(a=[_f(SPEAKER, "city", "Oslo")])
    assert arbitrate(fake, [Step(1, "a"), Step(2, echo, sees=True)])[-1] == _f(SPEAKER, "seen", "1")
