"""Intent classifier benchmark: accuracy, confusion matrix, per-language accuracy and latency.

Run: ``.venv/bin/python benchmarks/intent_bench.py [--errors] [--cache-dir DIR]``.
Evaluates the keyword classifier and the embedding classifier (hashing embedder; WordLlama and
MiniLM when their modules import) at threshold 0 and the default 0.45, on
datasets/intent_queries.jsonl. Latency includes embedding the query.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from memlab.embed.base import Embedder
from memlab.retrieval.intent import (
    EmbeddingIntentClassifier,
    IntentClassifier,
    KeywordIntentClassifier,
    evaluate_intents,
)
from memlab.types import INTENTS

DATASET = Path(__file__).resolve().parent.parent / "datasets" / "intent_queries.jsonl"


def load_rows(path: Path = DATASET) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def embedders() -> Iterator[Embedder]:
    """Hashing always; WordLlama and MiniLM when their memlab modules import (both offline)."""
    from memlab.embed.hashing import HashingEmbedder

    yield HashingEmbedder(256)
    try:
        from memlab.embed.wordllama import WordLlamaEmbedder
    except ImportError as exc:
        print(f"(wordllama embedder not available: {exc})\n")
    else:
        yield WordLlamaEmbedder(256)
    try:
        from memlab.embed.minilm import MiniLMEmbedder
    except ImportError as exc:
        print(f"(minilm embedder not available: {exc})\n")
    else:
        yield MiniLMEmbedder()


def classifiers(cache_dir: Path | None) -> Iterator[tuple[str, IntentClassifier]]:
    yield "keyword", KeywordIntentClassifier()
    for embedder in embedders():
        for threshold in (0.0, 0.45):
            clf = EmbeddingIntentClassifier(embedder, threshold=threshold, cache_dir=cache_dir)
            yield f"embedding[{embedder.name}] threshold={threshold}", clf


def format_report(name: str, result: dict[str, Any], show_errors: bool) -> str:
    head = f"{'true/pred':>10} " + " ".join(f"{i:>8}" for i in INTENTS)
    lines = [
        f"== {name}: accuracy {result['accuracy']:.3f} (n={result['n']}), "
        f"{result['us_per_query']:.1f} µs/query",
        "   per language: "
        + ", ".join(f"{lang} {r['accuracy']:.3f} (n={r['n']})" for lang, r in result["per_lang"].items()),
        head,
    ]
    for true in INTENTS:
        cells = " ".join(f"{result['confusion'][true][p]:>8}" for p in INTENTS)
        lines.append(f"{true:>10} {cells}")
    if show_errors:
        lines += [f"   ✗ {e['intent']:>7} -> {e['predicted']:<7} {e['query']}" for e in result["errors"]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--errors", action="store_true", help="list misclassified queries")
    parser.add_argument("--cache-dir", type=Path, default=None, help="exemplar vector cache")
    args = parser.parse_args(argv)
    rows = load_rows()
    print(f"{len(rows)} labelled queries from {DATASET.name}\n")
    for name, clf in classifiers(args.cache_dir):
        clf.classify("warm-up")  # embeds the exemplars once, outside the timing
        print(format_report(name, evaluate_intents(clf, rows), args.errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
