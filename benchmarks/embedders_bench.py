"""Throughput and single-query latency of the offline embedders on synthetic sentences.

    .venv/bin/python benchmarks/embedders_bench.py [--n 2000] [--queries 200]

Rows: hashing, WordLlama 64/128/256, MiniLM int8 (padding per batch, the default) and MiniLM
with every text padded to 128 tokens (what the shipped tokenizer.json does), with 1 and 2
onnxruntime threads. "load" is the first call on one text (model load included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from memlab.embed.base import Embedder
from memlab.embed.hashing import HashingEmbedder
from memlab.embed.minilm import MiniLMEmbedder
from memlab.embed.wordllama import WordLlamaEmbedder

_SUBJECTS = ["Alice", "Bob", "my manager", "the new intern", "our team", "Maria", "the landlord", "my sister"]
_VERBS = [
    "moved to",
    "talked about",
    "forgot",
    "booked a trip to",
    "complained about",
    "fixed",
    "loves",
    "visited",
]
_OBJECTS = [
    "Berlin",
    "the quarterly budget",
    "the broken dishwasher",
    "a Python migration script",
    "the dentist appointment",
    "a vegetarian restaurant downtown",
    "the release of version two",
    "her old university",
]
_TAILS = [
    "",
    " last week",
    " yesterday evening",
    " because the deadline moved",
    " before the meeting",
    " again",
]


def synthetic_sentences(n: int, seed: int = 7) -> list[str]:
    """Deterministic chat-like sentences (about 6-14 words)."""
    rng = random.Random(seed)
    return [
        f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}{rng.choice(_TAILS)}."
        for _ in range(n)
    ]


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _embed_call(emb: Embedder, texts: Sequence[str]) -> Callable[[], object]:
    return lambda: emb.embed_batch(texts)


def measure(emb: Embedder, texts: Sequence[str], queries: Sequence[str], batch: int) -> dict[str, float]:
    load = _timed(_embed_call(emb, ["warm up"]))
    chunks = [texts[i : i + batch] for i in range(0, len(texts), batch)]
    total = sum(_timed(_embed_call(emb, chunk)) for chunk in chunks)
    lat = sorted(_timed(_embed_call(emb, [q])) * 1000 for q in queries)
    return {
        "load_s": load,
        "per_s": len(texts) / total,
        "p50_ms": statistics.median(lat),
        "p95_ms": lat[int(0.95 * (len(lat) - 1))],
    }


def candidates() -> list[tuple[str, Embedder]]:
    return [
        ("hashing-256", HashingEmbedder(256)),
        ("wordllama-64", WordLlamaEmbedder(64)),
        ("wordllama-128", WordLlamaEmbedder(128)),
        ("wordllama-256", WordLlamaEmbedder(256)),
        ("minilm (pad per batch, 1 thr)", MiniLMEmbedder(threads=1)),
        ("minilm (pad per batch, 2 thr)", MiniLMEmbedder(threads=2)),
        ("minilm (pad to 128, 1 thr)", MiniLMEmbedder(threads=1, pad_to=128)),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args(argv)
    texts = synthetic_sentences(args.n)
    queries = synthetic_sentences(args.queries, seed=11)
    print(f"{args.n} sentences, batch {args.batch}, {args.queries} single queries")
    print(f"{'embedder':32} {'load s':>7} {'sent/s':>9} {'p50 ms':>8} {'p95 ms':>8}")
    for label, emb in candidates():
        r = measure(emb, texts, queries, args.batch)
        print(f"{label:32} {r['load_s']:7.2f} {r['per_s']:9.0f} {r['p50_ms']:8.2f} {r['p95_ms']:8.2f}")


if __name__ == "__main__":
    main()
