"""The read path's cost with its side effects on and off, on one LoCoMo conversation.

    python benchmarks/read_path_latency.py                                  # conv-26, this tree
    PYTHONPATH=OTHER_TREE python benchmarks/read_path_latency.py            # same data, other code

Side effects are reinforcement on access (``retrieval.reinforce_on_access``) and in-session
consolidation (``consolidation.in_session``: a read first consolidates what the open
conversation said since the last read). Two scenarios, each with the side effects on, off, and
one at a time: every mode's memory is open in the same process and each read goes to each mode in
rotating order, so the load of a shared machine falls on all modes alike:

- ``closed``: the whole conversation ingested and maintained (every session consolidated), then
  each question asked: ``search(limit=10)``, then ``context``; and, side effects off, ``context``
  first, then ``search`` (``off, context first``: the context asked cold, which a tree that
  memoises the reads of a question between writes does not flatter).
- ``live``: every session but the last ingested and maintained, then the last one replayed a
  message at a time, each message followed by a search for the next one's text (an agent that
  reads before it answers): the in-session consolidation runs here.

The bound is the cost of the channels' own queries, measured per question in the same rotation:
one BM25 top-k over the turn index (the store's own query builder, k = the recipe's pool) plus
the query's embedding and one exact scan of the vector index (top-k). The last lines print the
default recipe's search and context p50 / p95 beside it and their ratios to it (targets: search
p95 <= 3x, context p95 <= 4x).

Prints p50 / p95 in milliseconds. Reads through the public API (the bound through the store's
query builder and the index), so it runs on older trees too.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.datasets.locomo import load_locomo
from memlab.embed.hashing import HashingEmbedder
from memlab.lang.text import query_terms
from memlab.memory import Memory
from memlab.store import queries as sq

DATA = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "locomo" / "locomo8.json"


# side effects on a read: (reinforce on access, in-session consolidation)
MODES: dict[str, tuple[bool, bool]] = {
    "on": (True, True),
    "off": (False, False),
    "reinforce only": (True, False),
    "in-session only": (False, True),
}


EMBEDDER = {"name": "hashing"}  # --embedder default: the configured one (wordllama)
DROP: set[str] = set()  # --drop: channels the reads leave out of the default recipe (a proposed cut)
POOL = 100  # the default recipe's list length per channel: the bound's k


# the closed scenario also asks context first, then search, side effects off: a context that
# follows a search of the same question may reuse its work (a tree that memoises reads), so the
# context figure of a context asked cold comes from here
CONTEXT_FIRST = "off, context first"


def config(mode: str) -> MemoryConfig:
    reinforce, in_session = MODES.get(mode, MODES["off"])
    return MemoryConfig().replace(
        retrieval={"reinforce_on_access": reinforce},
        consolidation={"consolidator": "rules", "auto": True, "in_session": in_session},
    )


def opened(db: Path, mode: str, clock: SimulatedClock, drop: bool = True) -> Memory:
    if EMBEDDER["name"] == "hashing":
        m = Memory.open(db, config(mode), clock=clock, embedder=HashingEmbedder(64))
    else:
        m = Memory.open(db, config(mode), clock=clock)
    if drop and DROP:  # the build stays the same file for every --drop
        r = m.retriever
        r.recipe = replace(r.recipe, channels=tuple(c for c in r.recipe.channels if c not in DROP))
    return m


def bound(m: Memory, question: str) -> float:
    """Milliseconds of the channels' own queries: BM25 top-k over the turns, and the query's
    embedding plus one exact vector scan (top-k)."""
    t0 = time.perf_counter()
    terms = query_terms(question)
    if terms:
        where, params = sq.node_filter(user_id="default")
        match = " OR ".join(f'"{t}"' for t in terms)
        m.store.execute_read(*sq.best_matches("nodes_fts", match, where, params, POOL))
    vec = m.embed_query(question)
    if vec is not None and m.index is not None:
        m.index.search(m.store.reader(), vec, POOL)
    return (time.perf_counter() - t0) * 1000


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ingest(m: Memory, turns: Any) -> None:
    for t in turns:
        m.ingest(t.text, session_id=t.session_id, at=t.time, speaker=t.speaker, role=t.role)
    m.flush()


def build(db: Path, turns: Any, at: float) -> None:
    with opened(db, "on", SimulatedClock(at), drop=False) as m:
        ingest(m, turns)
        m.maintain()


def closed_round(dbs: dict[str, Path], questions: Any, at: float) -> dict[str, list[float]]:
    """Every mode's memory open at once; each question asked of each in turn (the order rotates),
    so load on a shared machine falls on all modes alike."""
    out: dict[str, list[float]] = {}
    mems = {mode: opened(db, mode, SimulatedClock(at)) for mode, db in dbs.items()}
    try:
        for m in mems.values():
            m.search("warm up", limit=10)
        modes = [*mems, "bound"]
        for i, q in enumerate(questions):
            for mode in modes[i % len(modes) :] + modes[: i % len(modes)]:
                if mode == "bound":  # on the side-effect-free memory, in the same rotation
                    out.setdefault("closed bound", []).append(bound(mems["off"], q.text))
                    continue
                m = mems[mode]
                reads = [("search", partial(m.search, limit=10)), ("context", m.context)]
                for read, call in reads[::-1] if mode == CONTEXT_FIRST else reads:
                    t0 = time.perf_counter()
                    call(q.text)
                    out.setdefault(f"closed {read}, {mode}", []).append((time.perf_counter() - t0) * 1000)
    finally:
        for m in mems.values():
            m.close()
    return out


def live_round(dbs: dict[str, Path], turns: Any) -> dict[str, list[float]]:
    """The last session replayed into every mode's memory: each message, then a search for the
    next one's text, mode by mode in rotating order."""
    out: dict[str, list[float]] = {}
    clocks = {mode: SimulatedClock(turns[0].time) for mode in dbs}
    mems = {mode: opened(db, mode, clocks[mode]) for mode, db in dbs.items()}
    try:
        for m in mems.values():
            m.search("warm up", limit=10)
        modes = [*mems, "bound"]
        for i, (t, nxt) in enumerate(zip(turns, turns[1:], strict=False)):
            for mode in modes[i % len(modes) :] + modes[: i % len(modes)]:
                if mode == "bound":
                    out.setdefault("live bound", []).append(bound(mems["off"], nxt.text))
                    continue
                m, clock = mems[mode], clocks[mode]
                clock.set(max(clock.now(), t.time))
                m.ingest(t.text, session_id=t.session_id, at=t.time, speaker=t.speaker, role=t.role)
                t0 = time.perf_counter()
                m.search(nxt.text, limit=10)
                out.setdefault(f"live search, {mode}", []).append((time.perf_counter() - t0) * 1000)
    finally:
        for m in mems.values():
            m.close()
    return out


def line(name: str, values: list[float]) -> str:
    return f"{name:32s} p50 {pct(values, 50):7.2f}  p95 {pct(values, 95):7.2f}  mean {statistics.fmean(values):7.2f}  (n={len(values)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--conversation", default="conv-26")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--embedder", choices=("hashing", "default"), default="hashing",
                    help="hashing: HashingEmbedder(64), fast to build; default: the configured embedder")
    ap.add_argument("--drop", default="", help="channels left out of the default recipe (comma list): a proposed cut")
    args = ap.parse_args()
    EMBEDDER["name"] = args.embedder
    DROP.update(c for c in args.drop.split(",") if c)
    conv = next(d for d in load_locomo(args.data) if d.name.endswith(args.conversation))
    sessions = list(dict.fromkeys(t.session_id for t in conv.turns))
    last = [t for t in conv.turns if t.session_id == sessions[-1]]
    end = conv.turns[-1].time + 3600
    with tempfile.TemporaryDirectory() as tmp:
        full, head = Path(tmp) / "full.db", Path(tmp) / "head.db"
        build(full, conv.turns, end)
        build(head, [t for t in conv.turns if t.session_id != sessions[-1]], last[0].time)
        results: dict[str, list[float]] = {}
        for r in range(args.rounds):
            closed, live = {}, {}
            for mode in [*MODES, CONTEXT_FIRST]:
                closed[mode] = Path(tmp) / f"closed-{r}-{mode}.db"
                shutil.copy(full, closed[mode])  # reinforcement writes: every mode starts from the same file
                if mode in MODES:
                    live[mode] = Path(tmp) / f"live-{r}-{mode}.db"
                    shutil.copy(head, live[mode])
            for part in (closed_round(closed, conv.questions, end), live_round(live, last)):
                for name, values in part.items():
                    results.setdefault(name, []).extend(values)
    print(f"{conv.name}: {len(conv.turns)} turns, {len(conv.questions)} questions, last session {len(last)} turns"
          + (f"; channels dropped: {', '.join(sorted(DROP))}" if DROP else ""))  # fmt: skip
    for name in sorted(results):
        print(line(name, results[name]))
    print("default recipe against the bound (same run; ratio of p95s, targets: search <= 3x, context <= 4x):")
    for scenario, reads in (("closed", ("search", "context")), ("live", ("search",))):
        b = results[f"{scenario} bound"]
        for read in reads:
            for mode in ("on", "off", CONTEXT_FIRST) if read == "context" else ("on", "off"):
                v = results[f"{scenario} {read}, {mode}"]
                print(
                    f"  {scenario} {read:7s} side effects {mode:3s}{' (cold)' if mode == CONTEXT_FIRST else ''}: p50 {pct(v, 50):6.2f} p95 {pct(v, 95):6.2f} | "
                    f"bound p50 {pct(b, 50):5.2f} p95 {pct(b, 95):5.2f} | "
                    f"ratio p50 {pct(v, 50) / pct(b, 50):5.1f}x p95 {pct(v, 95) / pct(b, 95):5.1f}x"
                )


if __name__ == "__main__":
    main()
