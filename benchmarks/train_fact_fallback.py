"""Train the offline extractor's learned fallback (memlab.knowledge.extract.learned) on the labelled
dev statements, and measure it leave-one-dev-set-out (memlab issue 10).

    PYTHONPATH=. .venv/bin/python benchmarks/train_fact_fallback.py            # LOO table + final model
    PYTHONPATH=. .venv/bin/python benchmarks/train_fact_fallback.py --no-save  # the table only

Data: statements.jsonl rows with split == "dev", statements_dev2 / dev4 / dev5.jsonl (never the
test split). Each candidate value mention (learned.candidates) of a sentence the modality checks
let through is one example, labelled with the attribute a gold fact of subject "speaker" gives that
value (statements.same), else NONE. Model: per language, a multinomial logistic regression over
hashed features, full-batch Adam with L2, fixed iterations and zero initialisation (deterministic).

Protocol: for each dev file H, train on the other three; the threshold is chosen inside those three
only (an inner leave-one-out gives out-of-fold probabilities on each of them; the threshold is the
one that adds the most correct facts while the training folds' precision, rules + fallback, stays
within 0.5 point of the rules alone); then rules alone vs rules + fallback on H, per language.
The final model trains on all four files, its threshold chosen the same way over the four.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memlab.bench import statements as S
from memlab.knowledge.extract import learned as L
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.clauses import read_with_readers
from memlab.knowledge.extract.nlp import parse_many

FILES: tuple[str, ...] = ("dev", "dev2", "dev4", "dev5")  # --files overrides
THRESHOLDS = tuple(round(x, 2) for x in np.arange(0.30, 0.99, 0.02))
MAX_DROP = 0.005  # precision may fall this much on the training folds
L2 = 1e-3
STEPS = 300
LR = 0.05
ALL_CANDIDATES = False  # --all-candidates: train on the vetoed mentions too
FACTORED = False  # --factored: a binary fact head times the attribute given a fact
MIN_PAIR = 2  # a (candidate kind, attribute) pair seen this often in training may be proposed


def load_rows() -> dict[str, list[dict[str, Any]]]:
    folder = S.DEFAULT_PATH.parent
    return {
        "dev": S.load(split="dev"),
        **{f: S.load(folder / f"statements_{f}.jsonl") for f in FILES[1:]},
    }


class Message:
    """One labelled message: its rules facts, its readers and its candidate examples."""

    def __init__(self, row: dict[str, Any], file: str, sents: list[Any]) -> None:
        self.row, self.file, self.lang = row, file, row["lang"]
        (facts, _), readers = read_with_readers(row["text"], sents)
        self.rules: list[Extracted] = facts
        self.readers = readers
        self.gold = [(f["subject"], f["attribute"], f["value"]) for f in row["facts"]]
        self.examples: list[tuple[list[int], str, str]] = []
        for r in readers:
            if L.sentence_vetoed(r) and not ALL_CANDIDATES:
                continue
            for c in L.candidates(r):
                if L.vetoed(r, c) and not ALL_CANDIDATES:
                    continue
                label = next(
                    (g[1] for g in self.gold if g[0] == SPEAKER and S.same((SPEAKER, g[1], c.value), g)), L.NONE
                )
                y = S._attribute(label) if label != L.NONE else label
                self.examples.append((L.hashed(L.features(r, c)), y, c.kind))


def messages(cache: str | None) -> list[Message]:
    rows = load_rows()
    parsed: dict[str, list[Any]] = {}
    if cache and Path(cache).exists():
        parsed = pickle.loads(Path(cache).read_bytes())
    missing = [(f, r) for f, rs in rows.items() for r in rs if r["id"] not in parsed]
    for lang in ("en", "ru"):
        todo = [r for _, r in missing if r["lang"] == lang]
        for r, sents in zip(todo, parse_many([r["text"] for r in todo], lang), strict=True):
            parsed[r["id"]] = sents
    if cache and missing:
        Path(cache).write_bytes(pickle.dumps(parsed))
    return [Message(r, f, parsed[r["id"]]) for f, rs in rows.items() for r in rs]


def _fit(rows_idx: np.ndarray, cols: np.ndarray, y: np.ndarray, n_feats: int) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression, full-batch Adam with L2, from zero (deterministic)."""
    n, k = y.shape
    w = np.zeros((n_feats, k))
    b = np.zeros(k)
    mw, vw, mb, vb = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    for step in range(1, STEPS + 1):
        logits = np.zeros((n, k)) + b
        np.add.at(logits, rows_idx, w[cols])
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        d = (p - y) / n
        gw = np.zeros_like(w)
        np.add.at(gw, cols, d[rows_idx])
        gw += L2 * w
        gb = d.sum(axis=0)
        for g, m_, v_, x in ((gw, mw, vw, w), (gb, mb, vb, b)):
            m_ *= 0.9
            m_ += 0.1 * g
            v_ *= 0.999
            v_ += 0.001 * g * g
            x -= LR * (m_ / (1 - 0.9**step)) / (np.sqrt(v_ / (1 - 0.999**step)) + 1e-8)
    return w, b


def train(msgs: Sequence[Message], lang: str) -> dict[str, Any]:
    """A softmax regression over the hashed features of ``msgs``' examples in ``lang`` (with
    FACTORED: a binary fact / NONE head times the attribute given a fact, trained on the facts)."""
    examples = [e[:2] for m in msgs if m.lang == lang for e in m.examples]
    pairs = Counter(f"{e[2]}|{e[1]}" for m in msgs if m.lang == lang for e in m.examples if e[1] != L.NONE)
    classes = [L.NONE, *sorted({y for _, y in examples} - {L.NONE})]
    keys = sorted({h for hs, _ in examples for h in hs})
    col = {h: i for i, h in enumerate(keys)}

    def design(exs: Sequence[tuple[list[int], str]]) -> tuple[np.ndarray, np.ndarray]:
        r = np.concatenate([np.full(len(hs), n) for n, (hs, _) in enumerate(exs)])
        c = np.concatenate([[col[h] for h in hs] for hs, _ in exs]).astype(np.int64)
        return r, c

    allowed = {k for k, n in pairs.items() if n >= MIN_PAIR}
    if not FACTORED:
        rows_idx, cols = design(examples)
        y = np.zeros((len(examples), len(classes)))
        y[np.arange(len(examples)), [classes.index(c) for _, c in examples]] = 1.0
        w, b = _fit(rows_idx, cols, y, len(keys))
        return {"classes": classes, "rows": col, "w": w.astype(np.float32), "b": b.astype(np.float32),
                "threshold": 1.0, "allowed": allowed}  # fmt: skip
    rows_idx, cols = design(examples)
    y = np.zeros((len(examples), 2))
    y[np.arange(len(examples)), [int(c != L.NONE) for _, c in examples]] = 1.0
    wf, bf = _fit(rows_idx, cols, y, len(keys))
    pos = [e for e in examples if e[1] != L.NONE]
    rows_idx, cols = design(pos)
    y = np.zeros((len(pos), len(classes)))
    y[np.arange(len(pos)), [classes.index(c) for _, c in pos]] = 1.0
    w, b = _fit(rows_idx, cols, y, len(keys))
    b[0] = -30.0  # NONE is the binary head's
    return {"classes": classes, "rows": col, "w": w.astype(np.float32), "b": b.astype(np.float32),
            "fact_w": wf.astype(np.float32), "fact_b": bf.astype(np.float32), "threshold": 1.0, "allowed": allowed}


def model(msgs: Sequence[Message]) -> L.Model:
    return L.Model({lang: train(msgs, lang) for lang in ("en", "ru")})


def proposals(msgs: Sequence[Message], m: L.Model) -> dict[str, list[tuple[Extracted, float]]]:
    return {x.row["id"]: L.proposals(x.readers, x.rules, m) for x in msgs}


def scored(msgs: Sequence[Message], props: dict[str, list[tuple[Extracted, float]]] | None, t: float) -> dict[str, S.Score]:
    """Rules (+ the proposals at or above ``t``) scored as statements.score scores an extractor."""
    preds = {}
    for x in msgs:
        facts = list(x.rules) + ([f for f, p in props[x.row["id"]] if p >= t] if props is not None else [])
        preds[x.row["id"]] = [(f.subject, f.attribute, f.value) for f in facts]
    by_text = {(x.row["text"], x.lang, x.row.get("speaker", "user")): preds[x.row["id"]] for x in msgs}
    return S.score(lambda text, lang, speaker: by_text[(text, lang, speaker)], [x.row for x in msgs])


def pick_threshold(msgs: Sequence[Message], files: Sequence[str], lang: str) -> tuple[float, dict[str, Any]]:
    """Inner leave-one-out over ``files``: out-of-fold proposals on each, then the threshold that
    adds the most correct facts with the pooled precision within MAX_DROP of the rules alone."""
    oof: dict[str, list[tuple[Extracted, float]]] = {}
    for f in files:
        inner = model([x for x in msgs if x.file != f and x.file in files])
        oof.update(proposals([x for x in msgs if x.file == f and x.lang == lang], inner))
    mine = [x for x in msgs if x.file in files and x.lang == lang]
    base = scored(mine, None, 1.0)[lang]
    best, info = 1.01, {"found": base.found, "precision": base.precision}
    for t in THRESHOLDS:
        s = scored(mine, oof, t)[lang]
        if s.precision >= base.precision - MAX_DROP and s.found > info["found"]:
            best, info = t, {"found": s.found, "precision": s.precision}
    return best, {"base_found": base.found, "base_precision": base.precision, **info}


def fold(msgs: Sequence[Message], held: str) -> dict[str, Any]:
    files = [f for f in FILES if f != held]
    m = model([x for x in msgs if x.file in files])
    out: dict[str, Any] = {}
    for lang in ("en", "ru"):
        t, info = pick_threshold(msgs, files, lang)
        test = [x for x in msgs if x.file == held and x.lang == lang]
        props = proposals(test, m)
        out[lang] = {"threshold": t, "train": info, "rules": scored(test, None, 1.0)[lang], "both": scored(test, props, t)[lang]}
    return out


def main() -> None:
    global ALL_CANDIDATES, FACTORED, L2, FILES
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="out/tmp/fallback_parses.pkl", help="pickled parses")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--no-loo", action="store_true")
    ap.add_argument("--out", default=str(L.MODEL_PATH))
    ap.add_argument("--loose", action="store_true", help="only the rules' sentence vetoes (no sentence-wide stop words)")
    ap.add_argument("--all-candidates", action="store_true", help="train on vetoed mentions too")
    ap.add_argument("--factored", action="store_true", help="binary fact head x attribute given a fact")
    ap.add_argument("--l2", type=float, default=L2)
    ap.add_argument("--files", default=",".join(FILES), help="the dev files to train on, comma-separated (never test)")
    args = ap.parse_args()
    FILES = tuple(args.files.split(","))
    if "test" in FILES:
        raise SystemExit("the test split is never trained on")
    L2 = args.l2
    L.STRICT, ALL_CANDIDATES, FACTORED = not args.loose, args.all_candidates, args.factored
    t0 = time.perf_counter()
    Path(args.cache).parent.mkdir(parents=True, exist_ok=True)
    msgs = messages(args.cache)
    n_ex = sum(len(x.examples) for x in msgs)
    n_pos = sum(e[1] != L.NONE for x in msgs for e in x.examples)
    print(f"{len(msgs)} messages, {n_ex} candidate examples ({n_pos} labelled with an attribute), {time.perf_counter() - t0:.0f} s")
    if not args.no_loo:
        print("\n| held out | lang | threshold | rules P | rules R | +fallback P | +fallback R | dP | dR | added ok/wrong |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        gains: dict[str, list[tuple[float, float]]] = {"en": [], "ru": []}
        for held in FILES:
            res = fold(msgs, held)
            for lang, r in res.items():
                a, b = r["rules"], r["both"]
                dp, dr = 100 * (b.precision - a.precision), 100 * (b.recall - a.recall)
                gains[lang].append((dp, dr))
                print(f"| {held} | {lang} | {r['threshold']:.2f} | {100 * a.precision:.1f} | {100 * a.recall:.1f} | "
                      f"{100 * b.precision:.1f} | {100 * b.recall:.1f} | {dp:+.1f} | {dr:+.1f} | "
                      f"{b.correct - a.correct}/{(b.predicted - a.predicted) - (b.correct - a.correct)} |")
                sys.stdout.flush()
        for lang, g in gains.items():
            print(f"mean {lang}: dP {np.mean([x[0] for x in g]):+.2f}, dR {np.mean([x[1] for x in g]):+.2f}")
    if args.no_save:
        return
    final = model(msgs)
    for lang in ("en", "ru"):
        t, info = pick_threshold(msgs, FILES, lang)
        final.langs[lang]["threshold"] = t
        print(f"final {lang}: threshold {t:.2f} (out-of-fold on all four: {info})")
    final.save(args.out)
    print(f"saved {args.out} ({Path(args.out).stat().st_size / 1e6:.2f} MB), {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
