"""Entities and facts memlab extracts from real conversations (LoCoMo), for reading by a person.

    .venv/bin/python benchmarks/locomo_entities.py [--path locomo8.json] [--sample 100] [--out FILE]

Each conversation is ingested as it happened (its speakers as ``speaker``, each session on its
date), one nightly ``maintain()`` after each session day, with the offline defaults. Prints the
entity counts by type, a seeded random sample of entities to judge by hand (are they real people,
places, organisations or things?), whether both speakers of every conversation are person
entities, and the facts. LoCoMo is CC BY-NC 4.0: it is read by path, nothing of it is committed
except what this prints about memlab's own output.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.datasets.locomo import load_locomo
from memlab.embed.hashing import HashingEmbedder

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "locomo" / "locomo8.json"
DAY = 86400.0


def replay(conv, folder: Path) -> tuple[list[tuple[str, str]], list[str], float]:
    """(entities as (name, type), facts, seconds) of one conversation."""
    clock = SimulatedClock(conv.turns[0].time)
    t0 = time.perf_counter()
    with Memory.open(folder / f"{conv.name}.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64)) as m:
        day = None
        for turn in conv.turns:
            today = int(turn.time // DAY)
            if day is not None and today != day:
                clock.set(max(clock.now(), (day + 1) * DAY))
                m.maintain()
            day = today
            clock.set(max(clock.now(), turn.time))
            m.ingest(turn.text, session_id=turn.session_id, speaker=turn.speaker or None, at=turn.time)
        clock.advance(DAY)
        m.maintain()
        rows = m.store.execute_read(
            "SELECT canonical_name, type FROM entities WHERE merged_into IS NULL ORDER BY id"
        )
        facts = [n.content for n in m.store.find_nodes(facts=True, current=True)]
    return [(str(a), str(b)) for a, b in rows], facts, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--path", default=str(DEFAULT))
    ap.add_argument("--sample", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=None, help="only the first N conversations")
    args = ap.parse_args(argv)
    if not Path(args.path).is_file():
        print(f"LoCoMo not found at {args.path}: skipped")
        return 0
    convs = load_locomo(args.path)[: args.limit]
    everything: list[tuple[str, str, str]] = []
    print("| conversation | turns | entities | facts | speakers are person entities | seconds |")
    print("|---|---:|---:|---:|---|---:|")
    all_facts: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for conv in convs:
            ents, facts, secs = replay(conv, Path(tmp))
            people = {n.casefold() for n, t in ents if t == "person"}
            speakers = conv.meta.get("speakers", [])
            ok = all(s.casefold() in people for s in speakers)
            print(f"| {conv.name} | {len(conv.turns)} | {len(ents)} | {len(facts)} | {'yes' if ok else 'NO'} {speakers} | {secs:.0f} |")
            everything += [(conv.name, n, t) for n, t in ents]
            all_facts[conv.name] = facts
    by_type: dict[str, int] = {}
    for _, _, t in everything:
        by_type[t] = by_type.get(t, 0) + 1
    print(f"\nEntities by type: {dict(sorted(by_type.items(), key=lambda kv: -kv[1]))}, {len(everything)} in all")
    sample = random.Random(args.seed).sample(everything, min(args.sample, len(everything)))
    print(f"\n## A random sample of {len(sample)} entities (seed {args.seed})\n")
    for conv, name, etype in sorted(sample):
        print(f"- {conv}: {name} ({etype})")
    print("\n## Facts\n")
    for conv, facts in all_facts.items():
        for f in facts:
            print(f"- {conv}: {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
