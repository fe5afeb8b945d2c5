"""Named retrieval recipes: which channels run, how they are weighted, and how intent routes.

Recipes are constants (after graphiti's ``search_config_recipes``) so a benchmark record can
name the one it used. Channels:

- ``fts``: FTS5 BM25 over the stemmed shadow column; ``vector``: embedding similarity;
- ``causal`` / ``temporal``: graph walks along causal / temporal edges from seed hits;
- ``entity``: nodes linked to entities mentioned in the query;
- ``facts``: fact hits expanded fact -> derived_from -> episode (the key expansion that lets
  graph walks start from episodes).
- ``keyed``: the facts a question asks for by subject and attribute, looked up by key
  (``mark|city`` for "Where does Mark live now?"), in whatever words they are written.

Text channels come at three granularities (multi-granularity indexing): ``fts`` (the turn),
``fts_pair`` (the previous turn + the turn), ``fts_window`` (two before + the turn + one after),
``fts_session`` (sessions scored as a whole, turns re-ranked within them); ``vector_window`` is
the dense twin of ``fts_window``. ``fts_speaker``: the window hits spoken by a person the question
names; ``fts_prf``: turn FTS with the query expanded by terms of the best window hits
(pseudo-relevance feedback). ``vector_speaker`` and ``vector_session`` are the dense twins of
``fts_speaker`` (vector_window's hits of a named speaker) and ``fts_session`` (sessions ranked
by their best dense hits, then their turns, nearest first). HYBRID's weights and k were chosen by leave-one-conversation-out
on LoCoMo (see ``_WEIGHTS``). HYBRID_NO_GRAPH keeps the older two-channel setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from memlab.config import RetrievalConfig

CHANNELS: tuple[str, ...] = (
    "fts",
    "fts_pair",
    "fts_window",
    "fts_session",
    "fts_speaker",
    "fts_prf",
    "vector",
    "vector_window",
    "vector_speaker",
    "vector_session",
    "causal",
    "temporal",
    "entity",
    "facts",
    "keyed",
)
GRAPH_CHANNELS: frozenset[str] = frozenset({"causal", "temporal", "entity", "facts"})

# Which graph channels an intent turns on; fts and vector always run when the recipe has them.
INTENT_ROUTES: dict[str, tuple[str, ...]] = {
    "why": ("causal", "facts"),
    "when": ("temporal", "facts"),
    "who": ("entity", "facts"),
    "what": ("entity", "facts"),
    "general": ("facts",),
}


@dataclass(frozen=True)
class Recipe:
    name: str
    channels: tuple[str, ...]
    weights: dict[str, float]
    use_graph: bool
    rrf_k: int = 60
    routes: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(INTENT_ROUTES))
    pool: int = 0  # each channel's list length fed into fusion, at least (0: the config's candidate_pool)

    def channels_for(self, intent: str) -> tuple[str, ...]:
        """The channels to run for a query of this intent, in the recipe's channel order."""
        routed = set(self.routes.get(intent, ())) if self.use_graph else set()
        return tuple(c for c in self.channels if c not in GRAPH_CHANNELS or c in routed)

    def with_weights(self, overrides: Mapping[str, float]) -> Recipe:
        """A copy with some weights replaced (RetrievalConfig.weights); unknown channels fail."""
        unknown = sorted(set(overrides) - set(CHANNELS))
        if unknown:
            raise ValueError(f"unknown channel(s) {unknown} in weights; known: {list(CHANNELS)}")
        return replace(self, weights={**self.weights, **overrides})


# Chosen on LoCoMo (8 conversations, 1,584 questions) by `memlab perf retrieval` with the default
# wordllama embedder: the best mean of R@10 and R@50 on all eight conversations over the grid in
# memlab/bench/perf_retrieval.py, which leave-one-conversation-out (tuned on 7, scored on the 8th)
# chose in every fold (docs/decisions/retrieval-fusion-weights.md). The window channels carry
# most of the signal; fts_speaker and fts_prf add 1-2 points at every depth, the dense twins of
# fts_speaker and fts_session (vector_speaker, vector_session) another 0.7 at R@10 and R@50.
# temporal and entity keep 0.3 / 0.2 (the folds chose 0 / 0: within 0.1 on LoCoMo, whose entities
# are rule-extracted) so when/who/what questions still use them; causal and facts are not
# exercised offline and keep 0.5.
# A keyed fact is what the question asks for by subject and attribute, so it must outrank an
# episode every text channel agrees on (the text channels' weights add up to 34).
KEYED_WEIGHT = 40.0
_WEIGHTS: dict[str, float] = {
    "fts": 1.0,
    "fts_pair": 1.0,
    "fts_window": 8.0,
    "fts_session": 4.0,
    "fts_speaker": 4.0,
    "fts_prf": 4.0,
    "vector": 2.0,
    "vector_window": 2.0,
    "vector_speaker": 4.0,
    "vector_session": 4.0,
    "causal": 0.5,
    "temporal": 0.3,
    "entity": 0.2,
    "facts": 0.5,
    "keyed": KEYED_WEIGHT,
}
DEFAULT_POOL = 100  # each channel's list length: fusion of 100-long lists (R@50 needs depth)

HYBRID = Recipe("hybrid", CHANNELS, dict(_WEIGHTS), use_graph=True, rrf_k=10, pool=DEFAULT_POOL)
HYBRID_NO_GRAPH = Recipe("hybrid_no_graph", ("fts", "vector"), {"fts": 1.0, "vector": 0.2}, use_graph=False, rrf_k=10)
FTS_ONLY = Recipe("fts_only", ("fts",), {"fts": 1.0}, use_graph=False)
VECTOR_ONLY = Recipe("vector_only", ("vector",), {"vector": 1.0}, use_graph=False)

RECIPES: dict[str, Recipe] = {r.name: r for r in (HYBRID, HYBRID_NO_GRAPH, FTS_ONLY, VECTOR_ONLY)}


def get_recipe(name: str) -> Recipe:
    """Look a recipe up by name ("hybrid-no-graph" and "HYBRID_NO_GRAPH" work too)."""
    key = name.strip().lower().replace("-", "_")
    try:
        return RECIPES[key]
    except KeyError:
        raise ValueError(f"unknown retrieval recipe {name!r}; known: {sorted(RECIPES)}") from None


def configured(cfg: RetrievalConfig, name: str | None = None) -> Recipe:
    """The named recipe (default: the configured one) with the config's weights and k applied."""
    found = get_recipe(name or cfg.recipe)
    if cfg.weights:
        found = found.with_weights(cfg.weights)
    return found if cfg.rrf_k is None else replace(found, rrf_k=int(cfg.rrf_k))
