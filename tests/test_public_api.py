"""The public surface: what `import memlab` offers, typed calls, times, the composition root."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

import memlab
from memlab import ConsolidationReport, InvalidTime, MaintenanceReport, Memory, MemoryConfig, SimulatedClock
from memlab.compose import ConfigError, build_parts
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.decay import NoDecay
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC).timestamp()


def test_all_is_pinned() -> None:
    assert sorted(memlab.__all__) == sorted(
        [
            "Clock",
            "ConfigError",
            "ConsolidationReport",
            "CorruptMemory",
            "DatabaseError",
            "Edge",
            "EmbedderMismatchError",
            "Entity",
            "Hit",
            "InvalidMessage",
            "InvalidTime",
            "MaintenanceReport",
            "Memory",
            "MemoryConfig",
            "MemoryStats",
            "Node",
            "Parts",
            "ReadOnlyMemory",
            "Session",
            "SimulatedClock",
            "SystemClock",
            "WriteFailed",
            "build_parts",
        ]
    )
    for name in memlab.__all__:
        assert getattr(memlab, name) is not None


def _mem(tmp_path: Path, cfg: MemoryConfig | None = None, **kw: object) -> Memory:
    cfg = cfg or MemoryConfig().replace(consolidation={"auto": False})
    return Memory.open(tmp_path / "m.db", cfg, clock=SimulatedClock(T0 + 86400), embedder=HashingEmbedder(32), **kw)


@pytest.mark.parametrize(
    "at",
    [
        T0,
        int(T0),
        datetime(2024, 5, 1, 9, 0, tzinfo=UTC),
        datetime(2024, 5, 1, 9, 0),  # naive = UTC
        datetime(2024, 5, 1, 11, 0, tzinfo=timezone(timedelta(hours=2))),
        "2024-05-01T09:00:00Z",
        "2024-05-01T11:00:00+02:00",
        "2024-05-01 09:00",
    ],
)
def test_ingest_at_accepts_datetimes_iso_and_epoch(tmp_path: Path, at: object) -> None:
    with _mem(tmp_path) as m:
        node_id = m.ingest("I keep bees on the roof", session_id="s", at=at, wait=True)  # type: ignore[arg-type]
        assert m.store.nodes([node_id])[0].event_time == T0


@pytest.mark.parametrize("bad", ["yesterday", float("nan"), float("inf"), 1e13, object(), True])
def test_bad_times_are_clear_errors_and_nothing_is_written(tmp_path: Path, bad: object) -> None:
    with _mem(tmp_path) as m:
        with pytest.raises(InvalidTime):
            m.ingest("I keep bees", session_id="s", at=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidTime):
            m.search("bees", as_of=bad)  # type: ignore[arg-type]
        m.flush()
        assert m.store.counts()["nodes_total"] == 0


def test_search_sees_a_message_ingested_just_before(tmp_path: Path) -> None:
    with _mem(tmp_path) as m:
        m.ingest("The heron came back to the pond", session_id="s", at=T0)  # fire-and-forget
        hits = m.search("heron pond")
        assert isinstance(hits, list) and hits and "heron" in hits[0].node.content
        assert isinstance(m.context("heron"), str)


def test_as_of_string_and_datetime_agree(tmp_path: Path) -> None:
    with _mem(tmp_path) as m:
        m.ingest("The heron came back to the pond", session_id="s", at=T0)
        before = m.search("heron", as_of="2024-04-01")
        after = m.search("heron", as_of=datetime(2024, 6, 1))
        assert before == [] and len(after) == 1
        assert m.context("heron", as_of="2024-04-01") == ""


@pytest.mark.parametrize("limit", [0, -1, 10**9, 2.5])
def test_limit_out_of_range_is_an_error(tmp_path: Path, limit: object) -> None:
    with _mem(tmp_path) as m:
        with pytest.raises(ValueError, match="limit"):
            m.search("x", limit=limit)  # type: ignore[arg-type]


def test_reports_are_typed_and_serialisable(tmp_path: Path) -> None:
    with _mem(tmp_path) as m:
        m.ingest("I moved to Vilnius.", session_id="a", at=T0)
        m.end_session()
        r = m.consolidate()
        assert isinstance(r, ConsolidationReport) and r.consolidator == "nlp"
        assert r["consolidated"] == r.consolidated == ["a"]
        json.dumps(r.to_dict())
        mr = m.maintain()
        assert isinstance(mr, MaintenanceReport) and "decay" in mr.steps
        json.dumps(mr.to_dict())


def test_reembed_on_open_is_the_public_way_in(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory.open(db, embedder=HashingEmbedder(16)) as m:
        m.ingest("first", session_id="s", at=T0)
        m.ingest("second", session_id="s", at=T0 + 1)
    with pytest.raises(memlab.EmbedderMismatchError, match="reembed=True"):
        Memory.open(db, embedder=HashingEmbedder(32))
    with Memory.open(db, embedder=HashingEmbedder(32), reembed=True) as m:
        m.flush()
        assert m.store.counts()["vectors"] == 2
        assert m.store.get_meta("embedder_dim") == "32"


# -- the composition root and the two config bugs it fixes -----------------------------------------


def test_llm_consolidator_from_config_alone_uses_the_server(tmp_path: Path) -> None:
    """Before: consolidator = "llm" in MemoryConfig silently ran the rules from Python."""
    reply = {"facts": [{"content": "User keeps bees.", "type": "semantic", "source_ids": [1], "confidence": 0.9}]}
    with OpenAICompatServer(embed_dim=16) as srv:
        srv.script(*[ScriptedReply(content=json.dumps(reply))] * 4)
        cfg = MemoryConfig().replace(
            consolidation={"consolidator": "llm", "auto": False, "base_url": srv.base_url, "model": "m"}
        )
        with _mem(tmp_path, cfg) as m:
            m.ingest("I keep bees on the roof", session_id="s", at=T0)
            m.end_session()
            r = m.consolidate()
            assert r.consolidator == "llm" and r.llm_calls >= 1 and srv.chat_calls >= 1
            assert [n.content for n in m.store.find_nodes(types=["semantic"])] == ["User keeps bees."]


def test_llm_without_a_server_is_a_clear_error(tmp_path: Path) -> None:
    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm"})
    with pytest.raises(ConfigError, match="MEMLAB_LLM_BASE_URL"):
        build_parts(cfg, env={})
    parts = build_parts(cfg, env={"MEMLAB_LLM_BASE_URL": "http://127.0.0.1:9/v1", "MEMLAB_LLM_MODEL": "m"})
    assert parts.consolidator_name == "llm" and parts.chat.base_url == "http://127.0.0.1:9/v1"


def test_decay_policy_none_is_respected_by_the_context(tmp_path: Path) -> None:
    """Before: the context always applied Ebbinghaus decay, whatever decay.policy said."""
    cfg = MemoryConfig().replace(decay={"policy": "none"}, consolidation={"auto": False})
    with _mem(tmp_path, cfg) as m:
        assert isinstance(m.parts.decay, NoDecay)
        m.ingest("I moved to Vilnius.", session_id="a", at=T0)
        m.end_session()
        m.consolidate()
        m.clock.advance(400 * 86400)  # type: ignore[attr-defined]
        text = m.context("Where do I live?")
        assert "Vilnius" in text and "confidence 0.80" in text  # the extractor's confidence, undecayed


def test_rrf_k_none_means_the_recipes_own_k(tmp_path: Path) -> None:
    assert MemoryConfig().retrieval.rrf_k is None
    from memlab.retrieval.recipes import get_recipe

    assert build_parts(MemoryConfig(), env={}, embedder=None).recipe.rrf_k == get_recipe("hybrid").rrf_k
    cfg = MemoryConfig().replace(retrieval={"rrf_k": 60})
    assert build_parts(cfg, env={}, embedder=None).recipe.rrf_k == 60
    assert MemoryConfig.from_toml(cfg.to_toml()) == cfg and MemoryConfig.from_toml(MemoryConfig().to_toml()) == MemoryConfig()


def test_parts_are_overridable(tmp_path: Path) -> None:
    with _mem(tmp_path, decay=NoDecay()) as m:
        assert isinstance(m.parts.decay, NoDecay) and isinstance(m.embedder, HashingEmbedder)
    with pytest.raises(TypeError, match="unknown part"):
        build_parts(MemoryConfig(), env={}, embeder=None)


def test_stats_is_a_typed_report(tmp_path: Path) -> None:
    import json

    with _mem(tmp_path) as m:
        m.ingest("I live in Lisbon.", session_id="s1", wait=True)
        s = m.stats()
        assert isinstance(s, memlab.MemoryStats)
        assert s.nodes_total == s["nodes_total"] == 1 and s.nodes["episodic"] == 1
        assert s.writer is not None and s.writer["committed"] >= 1
        assert json.loads(json.dumps(s.to_dict()))["layers"]["fts5"] is True


def test_the_vector_index_is_built_by_the_composition_root(tmp_path: Path) -> None:
    from memlab.compose import build_index
    from memlab.store.vectors import NumpyVectorIndex, SqliteVecIndex

    cfg = MemoryConfig()
    assert isinstance(build_index(cfg, 64, can_load_extensions=False), NumpyVectorIndex)
    vec = cfg.replace(store={"vector_backend": "sqlite-vec"})
    assert isinstance(build_index(vec, 64, can_load_extensions=True), SqliteVecIndex)
    with pytest.raises(RuntimeError, match="load extensions"):
        build_index(vec, 64, can_load_extensions=False)
    with _mem(tmp_path) as m:  # the facade holds what the root built
        assert isinstance(m.index, NumpyVectorIndex)
