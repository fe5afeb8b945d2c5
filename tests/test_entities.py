"""Entity resolution through the alias table and vectors; merges; LLM enrichment."""

from __future__ import annotations

from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge import entities as ent
from memlab.knowledge.consolidation import consolidate
from memlab.llm.client import ScriptedChat
from memlab.memory import Memory
from memlab.types import EntityMention

T0 = 1_700_000_000.0


def resolve(
    mem: Memory, name: str, etype: str = "place", aliases: tuple[str, ...] = (), vec=None
) -> ent.Resolved:  # noqa: ANN001
    return mem.store.writer.call(
        lambda con: ent.resolve(con, EntityMention(name, etype, None, aliases), T0, vec)
    )


def test_aliases_case_diacritics_and_russian_endings(mem: Memory) -> None:
    first = resolve(mem, "Вильнюс")
    assert first.created
    assert resolve(mem, "вильнюсе") == ent.Resolved(first.entity_id, False)
    emile = resolve(mem, "Émile", "person")
    assert resolve(mem, "EMILE", "person").entity_id == emile.entity_id
    aliases = mem.store.entity(first.entity_id).aliases
    assert aliases == ("Вильнюс",)  # one row per normalised form


def test_same_name_other_type_is_another_entity_but_concept_upgrades(mem: Memory) -> None:
    place = resolve(mem, "Jordan", "place")
    person = resolve(mem, "Jordan", "person")
    assert place.entity_id != person.entity_id
    concept = resolve(mem, "Atlas", "concept")
    project = resolve(mem, "Atlas", "project")
    assert project.entity_id == concept.entity_id and mem.store.entity(concept.entity_id).type == "project"


def test_vector_resolution(mem: Memory) -> None:
    emb = HashingEmbedder(64)
    first = resolve(mem, "New York City")
    ent.embed_entities(mem.knowledge, [first.entity_id])
    vec = emb.embed_batch(["New York City"])[0]
    again = resolve(mem, "NYC", vec=vec)  # no alias matches; the vector does
    assert again == ent.Resolved(first.entity_id, False)
    assert "NYC" in mem.store.entity(first.entity_id).aliases


def test_merge_entities_moves_links_counts_and_aliases(mem: Memory, clock) -> None:  # noqa: ANN001
    mem.ingest("I work at Acme Corp.", session_id="a", at=T0)
    mem.ingest("I met Bob at Acme Inc yesterday.", session_id="b", at=T0 + 100)
    mem.end_session()
    consolidate(mem.knowledge)
    rows = dict(mem.store.execute_read("SELECT canonical_name, id FROM entities"))
    keep, drop = rows["Acme Corp"], rows["Acme Inc"]
    before = mem.store.entity(keep).mention_count + mem.store.entity(drop).mention_count
    r = ent.merge_entities(mem.knowledge, keep, drop)
    assert r["kept"] == keep and not r["already_merged"]
    e = mem.store.entity(keep)
    assert e.mention_count == before and "Acme Inc" in e.aliases
    assert mem.store.entity(drop).merged_into == keep
    assert ent.lookup(mem.knowledge, "acme inc") == keep
    assert (
        mem.store.execute_read("SELECT count(*) FROM node_entities WHERE entity_id = ?", (drop,))[0][0] == 0
    )
    assert ent.merge_entities(mem.knowledge, keep, drop)["already_merged"]


def test_mention_counts_and_episode_links(mem: Memory) -> None:
    for i, text in enumerate(["I live in Vilnius.", "Vilnius is cold today.", "Nothing here."]):
        mem.ingest(text, session_id="s", at=T0 + i)
    mem.end_session()
    consolidate(mem.knowledge)
    eid = ent.lookup(mem.knowledge, "Vilnius")
    assert mem.store.entity(eid).mention_count == 2
    linked = mem.store.execute_read(
        "SELECT n.content FROM node_entities ne JOIN nodes n ON n.id = ne.node_id WHERE ne.entity_id = ? "
        "AND n.type = 'episodic' ORDER BY n.id",
        (eid,),
    )
    assert [r[0] for r in linked] == ["I live in Vilnius.", "Vilnius is cold today."]


def _popular(mem: Memory) -> int:
    for i in range(3):
        mem.ingest(f"I live in Vilnius. Day {i}.", session_id=f"s{i}", at=T0 + i * 3600)
    mem.end_session()
    consolidate(mem.knowledge)
    return ent.lookup(mem.knowledge, "Vilnius")


def test_enrichment_without_llm_is_skipped_and_reported(mem: Memory) -> None:
    eid = _popular(mem)
    r = ent.enrich_entities(mem.knowledge)
    assert r["skipped"] == 1 and r["summarized"] == 0 and "no LLM" in r["reason"]
    assert mem.store.entity(eid).summary is None


def test_enrichment_with_llm_summarises_and_reembeds(mem: Memory) -> None:
    eid = _popular(mem)
    before = mem.store.execute_read("SELECT vec FROM entity_vectors WHERE entity_id = ?", (eid,))[0][0]
    mem.chat = ScriptedChat([{"summary": "Capital of Lithuania; where the user lives."}])
    r = ent.enrich_entities(mem.knowledge)
    assert r["summarized"] == 1
    assert mem.store.entity(eid).summary == "Capital of Lithuania; where the user lives."
    after = mem.store.execute_read("SELECT vec FROM entity_vectors WHERE entity_id = ?", (eid,))[0][0]
    assert after != before
    assert ent.enrich_entities(mem.knowledge)["candidates"] == 0  # done once


def test_enrichment_failure_is_counted_not_raised(mem: Memory) -> None:
    eid = _popular(mem)
    mem.chat = ScriptedChat([RuntimeError("server down")])
    r = ent.enrich_entities(mem.knowledge)
    assert r["failed"] == 1 and mem.store.entity(eid).summary is None
