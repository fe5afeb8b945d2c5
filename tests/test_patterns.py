"""Every construction of memlab/knowledge/extract/patterns/*.json, tested alone by its own data:
each example, read by the whole extractor, gives its facts and the pattern is what gave them; no
non-example gives a fact of the pattern. The loader names the file and the id of a bad entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.engine import PatternError, load, parse_entry

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

PATTERNS = load()
EXAMPLES = [(p.id, text, facts) for p in PATTERNS for text, facts in p.examples]
NON_EXAMPLES = [(p.id, text) for p in PATTERNS for text in p.non_examples]


def _read(text: str) -> tuple[set[tuple[str, str, str]], dict[str, set[tuple[str, str, str]]]]:
    """The extractor's triples for ``text`` and, by pattern id, the triples each pattern proposed."""
    from memlab.knowledge.extract import engine
    from memlab.knowledge.extract.clauses import read_with_readers
    from memlab.knowledge.extract.nlp import parse

    (facts, _), readers = read_with_readers(text, parse(text))
    by_pattern: dict[str, set[tuple[str, str, str]]] = {}
    for reader in readers:
        for pid, f in engine.explain(reader):
            by_pattern.setdefault(pid, set()).add((f.subject, f.attribute, f.value))
    return {(f.subject, f.attribute, f.value) for f in facts}, by_pattern


@pytest.mark.parametrize(("pid", "text", "facts"), EXAMPLES, ids=[f"{p}:{t[:30]}" for p, t, _ in EXAMPLES])
def test_each_example_gives_its_facts_by_its_pattern(pid: str, text: str, facts: tuple[tuple[str, str, str], ...]) -> None:
    out, by_pattern = _read(text)
    for fact in facts:
        assert fact in out, (text, out)
        assert fact in by_pattern.get(pid, set()), (pid, text, by_pattern)


@pytest.mark.parametrize(("pid", "text"), NON_EXAMPLES, ids=[f"{p}:{t[:30]}" for p, t in NON_EXAMPLES])
def test_no_non_example_gives_a_fact_of_its_pattern(pid: str, text: str) -> None:
    out, by_pattern = _read(text)
    assert not out & by_pattern.get(pid, set()), (pid, text, out)


def test_ids_are_unique_and_priorities_declared() -> None:
    assert len({p.id for p in PATTERNS}) == len(PATTERNS)
    assert all(isinstance(p.priority, int) for p in PATTERNS)


GOOD = {
    "id": "x", "lang": "en", "attribute": "a", "priority": 1, "examples": [{"text": "t", "facts": [["speaker", "a", "v"]]}],
    "pattern": [{"RIGHT_ID": "value", "RIGHT_ATTRS": {"LEMMA": "v"}}],
}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"priority": "high"}, "priority"),
        ({"lang": "fr"}, "lang"),
        ({"pattern": [{"RIGHT_ID": "verb"}]}, "value"),
        ({"examples": []}, "examples"),
        ({"checks": ["psychic"]}, "checks"),
        ({"pattern": [{"RIGHT_ID": "value", "RIGHT_ATTRS": {"LEMMA": {"IN": ["@NO_SUCH_LIST"]}}}]}, "NO_SUCH_LIST"),
        ({"colour": "red"}, "unknown keys"),
    ],
)
def test_a_bad_entry_names_its_file_and_id(change: dict[str, object], says: str) -> None:
    with pytest.raises(PatternError, match=rf"^f\.json: pattern 'x': .*{says}"):
        parse_entry({**GOOD, **change}, "f.json")


def test_a_file_without_its_header_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps({"patterns": [GOOD]}))
    with pytest.raises(PatternError, match="bad.json"):
        load(tmp_path)
    (tmp_path / "bad.json").write_text(json.dumps({"about": "two of one id", "patterns": [GOOD, GOOD]}))
    with pytest.raises(PatternError, match="already used"):
        load(tmp_path)


@pytest.mark.parametrize(
    ("text", "lang"), [("My neighbour Ines keeps bees in Lyon.", "en"), ("Соседка Инес держит пчёл в Лионе.", "ru")]
)
def test_a_parsed_sentence_becomes_one_spacy_doc_in_either_language(text: str, lang: str) -> None:
    from memlab.knowledge.extract.nlp import as_doc, parse

    sent = parse(text, lang)[0]
    doc = as_doc(sent)
    assert doc is as_doc(sent)  # built once per sentence
    assert doc.text.rstrip() == sent.text.rstrip()
    assert [t.lemma_ for t in doc] == [t.lemma for t in sent.toks]
    assert [t.head.i for t in doc] == [t.head for t in sent.toks]
    assert [t.dep_ for t in doc] == [t.dep for t in sent.toks]
    assert sent.spans and [(e.start, e.end, e.label_) for e in doc.ents] == [(a, b, label) for a, b, label, _ in sent.spans]
    verb = next(t for t in doc if t.pos_ == "VERB")
    assert verb.morph.get("Tense") == ["Pres"]
