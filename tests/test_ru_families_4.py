"""Russian extraction families, fourth round: a running count of weeks or years "в" a place or an
organisation ("вторая неделя в Иркутске", "восьмой год в «Аэрофлоте»"). Sentences written for
these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import extract

    return {(f.subject, f.attribute, f.value) for f in extract(text, "ru")}


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # an ordinal week counts a stay; a quoted organisation after "в"
        ("третья неделя в Казани, пока привыкаю", {("speaker", "city", "Казань")}, set()),
        ("Пятый год в «Ростелекоме» инженером связи.", {("speaker", "employer", "Ростелеком")}, set()),
        ("вторая неделя в «Озоне», коллеги отличные", {("speaker", "employer", "Озон")}, set()),
        # a plain count of weeks is a trip, not a home; a question or someone else's: nothing
        ("Две недели в Сочи, море тёплое.", set(), {("speaker", "city", "Сочи")}),
        ("Третья неделя в Казани?", set(), {("speaker", "city", "Казань")}),
        ("Брат третий год в «Магните».", set(), {("speaker", "employer", "Магнит")}),
    ],
)
def test_running_count(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got
