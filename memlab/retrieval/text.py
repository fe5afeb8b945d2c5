"""Moved to ``memlab.text`` (the store needs it, and the store sits below retrieval).

Kept so existing imports keep working; new code imports ``memlab.text``.
"""

from memlab.text import (
    MAX_STEM_CHARS,
    QUERY_FILLER,
    STOPWORDS,
    STOPWORDS_EN,
    STOPWORDS_RU,
    fts_query,
    is_stopword,
    normalize,
    query_terms,
    stem_text,
    stem_word,
    tokenize,
)

__all__ = [
    "MAX_STEM_CHARS",
    "QUERY_FILLER",
    "STOPWORDS",
    "STOPWORDS_EN",
    "STOPWORDS_RU",
    "fts_query",
    "is_stopword",
    "normalize",
    "query_terms",
    "stem_text",
    "stem_word",
    "tokenize",
]
