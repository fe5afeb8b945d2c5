"""Query complexity: simple questions get a small, shallow, cheap retrieval; complex ones more.

A query is complex when it is long (``>= max_words`` words) or asks for aggregation
("list all...", "how many...", "сравни..."): those need many hits and deeper graph walks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memlab.config import RetrievalConfig
from memlab.lang.text import tokenize

_AGGREGATION = re.compile(
    r"\b(?:all|every|everything|each|list|enumerate|compare|comparison|summari[sz]e|summary|"
    r"overview|total|how\s+many|how\s+much|how\s+often|"
    r"вс[её]|всех|всем|всеми|каждый|каждого|каждом|перечисли\w*|список|сколько|сравни\w*|"
    r"итог\w*|обобщи\w*|как\s+часто)\b",
    re.IGNORECASE | re.UNICODE,
)


def is_complex(query: str, max_words: int = 10) -> bool:
    """True for queries of ``max_words`` words or more, or with an aggregation word."""
    return len(tokenize(query)) >= max_words or _AGGREGATION.search(query) is not None


@dataclass(frozen=True)
class QueryPlan:
    complex: bool
    limit: int
    depth: int
    budget_tokens: int

    @classmethod
    def for_complexity(cls, complex_: bool, config: RetrievalConfig) -> QueryPlan:
        if complex_:
            return cls(True, config.complex_limit, config.complex_depth, config.complex_budget_tokens)
        return cls(False, config.simple_limit, config.simple_depth, config.simple_budget_tokens)


def plan_query(query: str, config: RetrievalConfig | None = None) -> QueryPlan:
    """The retrieval plan for ``query`` under ``config`` (defaults when None)."""
    config = config or RetrievalConfig()
    return QueryPlan.for_complexity(is_complex(query, config.simple_max_words), config)
