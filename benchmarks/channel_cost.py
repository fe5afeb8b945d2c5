"""What each channel of the default recipe costs a cold read: the read with the channel dropped
against the read with every channel, on one LoCoMo conversation (issue 39: a channel stays only
if it pays).

    python benchmarks/channel_cost.py                                # conv-26, single drops
    python benchmarks/channel_cost.py --cut fts_pair,vector --cut fts_pair,vector,entity
    python benchmarks/channel_cost.py --json out/channel_cost.json   # for retrieval_loo.py cut

Builds the conversation the way ``read_path_latency.py`` does (ingest, maintain, the phrase-rule
consolidator), opens it with the side effects off and the read memo off (every read computes
afresh, as the first read of a question after a write does), and asks each question
``search(limit=10)`` once per variant, the variants in rotating order, ``--repeats`` times: the
default recipe, the recipe with one channel dropped (each channel in turn), and each ``--cut``
(channels dropped together). A channel's cost is the mean over questions of (full read minus read
without it) in CPU time of the process (a shared machine's other work does not count; wall time
is printed beside it), each question's read the median of its repeats: what dropping it saves, shared work
included (``fts_session`` reads ``fts_window``'s hits, so dropping ``fts_window`` alone saves
little while ``fts_session`` stays). Each channel function's own time (the first caller of shared
work is charged it, as ``read_path_profile.py`` does) is measured in the full reads too.

The machine is shared: figures move with its load; the rotation spreads it over the variants.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread: CPU time is the read's own work

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import read_path_latency as rpl  # noqa: E402  (the same build as the latency benchmark)

from memlab.clock import SimulatedClock  # noqa: E402
from memlab.datasets.locomo import load_locomo  # noqa: E402
from memlab.retrieval import channels as ch  # noqa: E402
from memlab.retrieval.recipes import HYBRID, Recipe  # noqa: E402

FULL = "full"


def without(channels: tuple[str, ...], name: str) -> Recipe:
    """The default recipe with ``channels`` not run (their weights are then unused)."""
    return replace(HYBRID, name=name, channels=tuple(c for c in HYBRID.channels if c not in channels))


def variants(cuts: list[tuple[str, ...]], singles: bool = True, base: tuple[str, ...] = ()) -> dict[str, Recipe]:
    """The reference (the default recipe less ``base``), each channel of it dropped too, the cuts."""
    out = {FULL: without(base, FULL)}
    if singles:
        out |= {f"-{c}": without((*base, c), f"-{c}") for c in HYBRID.channels if c not in base}
    out |= {"cut:" + ",".join(cut): without(cut, "cut:" + ",".join(cut)) for cut in cuts}
    return out


class OwnTime:
    """Each channel function's own milliseconds in the reads it is switched on for."""

    def __init__(self) -> None:
        self.on = False
        self.ms: dict[str, list[float]] = {}
        self.read: dict[str, float] = {}

    def wrap(self) -> None:
        for name, fn in list(ch.CHANNEL_FUNCS.items()):
            ch.CHANNEL_FUNCS[name] = self._timed(name, fn)

    def _timed(self, name: str, fn: Any) -> Any:
        def run(*a: Any, **kw: Any) -> Any:
            if not self.on:
                return fn(*a, **kw)
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                self.read[name] = self.read.get(name, 0.0) + (time.perf_counter() - t0) * 1000

        return run

    def end_read(self) -> None:
        for name in ch.CHANNEL_FUNCS:
            self.ms.setdefault(name, []).append(self.read.get(name, 0.0))
        self.read = {}


Times = dict[str, list[list[float]]]  # variant -> per question -> one figure per repeat


def measure(conv: Any, recipes: dict[str, Recipe], repeats: int) -> tuple[Times, Times, OwnTime]:
    """CPU milliseconds of this process (what the read costs, whatever else the machine runs)
    and wall milliseconds of each read, per variant and question."""
    end = conv.turns[-1].time + 3600
    own = OwnTime()
    own.wrap()
    times: Times = {v: [[] for _ in conv.questions] for v in recipes}
    wall: Times = {v: [[] for _ in conv.questions] for v in recipes}
    names = list(recipes)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "full.db"
        rpl.build(db, conv.turns, end)
        with rpl.opened(db, "off", SimulatedClock(end)) as m:
            m.retriever.reuse_reads = False  # every read cold
            for r in recipes.values():
                m.search("warm up", limit=10, recipe=r)
            step = 0
            for _ in range(repeats):
                for qi, qn in enumerate(conv.questions):
                    step += 1
                    for v in names[step % len(names) :] + names[: step % len(names)]:
                        own.on = v == FULL
                        t0, c0 = time.perf_counter(), time.process_time()
                        m.search(qn.text, limit=10, recipe=recipes[v])
                        times[v][qi].append((time.process_time() - c0) * 1000)
                        wall[v][qi].append((time.perf_counter() - t0) * 1000)
                        if own.on:
                            own.end_read()
                            own.on = False
    return times, wall, own


def _saved(times: Times) -> dict[str, dict[str, float]]:
    med = {v: [statistics.median(t) for t in per_q] for v, per_q in times.items()}
    full = med[FULL]
    out = {}
    for v, vals in med.items():
        saved = [f - x for f, x in zip(full, vals, strict=True)]
        out[v] = {
            "mean_ms": statistics.fmean(vals),
            "saved_ms": statistics.fmean(saved),
            # spread of the per-question savings: the standard error of their mean
            "saved_se_ms": statistics.stdev(saved) / len(saved) ** 0.5 if len(saved) > 1 and v != FULL else 0.0,
        }
    return out


def summary(times: Times, wall: Times, own: OwnTime) -> dict[str, Any]:
    cpu, w = _saved(times), _saved(wall)
    variants = {v: r | {f"wall_{k}": x for k, x in w[v].items()} for v, r in cpu.items()}
    return {"full_ms": cpu[FULL]["mean_ms"], "full_wall_ms": w[FULL]["mean_ms"], "variants": variants,
            "own_ms": {c: statistics.fmean(v) for c, v in own.ms.items()}}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=rpl.DATA)
    ap.add_argument("--conversation", default="conv-26")
    ap.add_argument("--embedder", choices=("hashing", "default"), default="default",
                    help="default: the configured embedder (wordllama, what the LOO lists use); hashing: HashingEmbedder(64)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--cut", action="append", default=[], help="channels dropped together (comma list); repeatable")
    ap.add_argument("--no-singles", action="store_true", help="only the full recipe and the --cut variants")
    ap.add_argument("--base", default="", help="channels dropped from the reference too (comma list): single drops "
                    "then measure what each further channel saves after a first cut")  # fmt: skip
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    rpl.EMBEDDER["name"] = args.embedder
    cuts = [tuple(c for c in cut.split(",") if c) for cut in args.cut]
    base = tuple(c for c in args.base.split(",") if c)
    bad = sorted({c for cut in [*cuts, base] for c in cut} - set(HYBRID.channels))
    if bad:
        ap.error(f"unknown channel(s) {bad}")
    conv = next(d for d in load_locomo(args.data) if d.name.endswith(args.conversation))
    t0 = time.perf_counter()
    times, wall, own = measure(conv, variants(cuts, not args.no_singles, base), args.repeats)
    res = summary(times, wall, own)
    print(f"{conv.name}: {len(conv.turns)} turns, {len(conv.questions)} questions, embedder {args.embedder}, "
          f"side effects off, read memo off, search(limit=10), median of {args.repeats} per question; "
          f"{'reference less ' + ','.join(base) if base else 'full'} read mean {res['full_ms']:.2f} CPU ms, {res['full_wall_ms']:.2f} wall ms "
          f"({time.perf_counter() - t0:.0f} s)")  # fmt: skip
    print(f"  {'variant':40s} {'CPU ms':>8s} {'saved':>7s} {'± se':>6s} {'wall ms':>8s} {'saved':>7s} {'± se':>6s} "
          f"{'own wall ms':>11s}")  # fmt: skip
    for v, r in res["variants"].items():
        ownv = res["own_ms"].get(v[1:], None) if v.startswith("-") else None
        print(f"  {v:40s} {r['mean_ms']:8.2f} {r['saved_ms']:7.2f} {r['saved_se_ms']:6.2f} {r['wall_mean_ms']:8.2f} "
              f"{r['wall_saved_ms']:7.2f} {r['wall_saved_se_ms']:6.2f} {'' if ownv is None else f'{ownv:11.2f}'}")  # fmt: skip
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        settings = {"conversation": conv.name, "embedder": args.embedder, "repeats": args.repeats, "cuts": cuts, "base": base,
                    "read": "search(limit=10), side effects off, read memo off"}  # fmt: skip
        args.json.write_text(json.dumps({"settings": settings, "results": res}, indent=1), encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
