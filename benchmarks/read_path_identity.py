"""Does a change to the read path keep retrieval identical? The default recipe's LoCoMo evidence
recall on a few conversations and a digest of every question's fused list and channel lists.

    python benchmarks/read_path_identity.py --work out/ident                 # builds, then reads
    PYTHONPATH=OTHER_TREE python benchmarks/read_path_identity.py --work out/ident   # same files

The databases are built once under ``--work`` (``memlab.bench.perf_retrieval.build_locomo``, the
phrase-rule consolidator for speed, the configured embedder) and reused, so two trees read the
same files; ``engine.run`` never reinforces. Equal digests: the same ranking for every question.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from memlab.bench import perf_retrieval as pr
from memlab.bench.metrics import recall_at_k
from memlab.compose import build_embedder
from memlab.config import MemoryConfig
from memlab.retrieval import engine

DATA = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "locomo" / "locomo8.json"


def rules_config() -> MemoryConfig:
    return MemoryConfig().replace(
        retrieval={"reinforce_on_access": False}, consolidation={"consolidator": "rules"}
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--work", type=Path, default=Path("out/read_path_identity"))
    ap.add_argument("--conversations", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=1,
                    help="ask each question this many times and digest the last (a memoised read)")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    pr._config = rules_config  # the build's and the reads' config
    embedder = build_embedder(MemoryConfig())
    convs = pr.build_locomo(str(args.data), args.work, embedder, limit_convs=args.conversations)
    fused_digest, lists_digest = hashlib.sha256(), hashlib.sha256()
    recall: dict[int, list[float]] = {5: [], 10: [], 50: []}
    for conv in convs:
        m = pr._open(conv, embedder)
        try:
            for qn in conv.questions:
                for _ in range(max(1, args.repeat)):
                    trace = engine.run(m.retriever, qn.text, limit=50)
                fused = [f.id for f in trace.fused]
                fused_digest.update(json.dumps([fused, [round(f.score, 12) for f in trace.fused]]).encode())
                lists_digest.update(json.dumps(sorted(trace.channels.items())).encode())
                turns = [conv.turn_of[i] for i in fused if i in conv.turn_of]
                for k in recall:
                    recall[k].append(recall_at_k(turns, qn.evidence, k))
        finally:
            m.close()
    n = len(recall[10])
    figures = "  ".join(f"R@{k} {100 * sum(v) / n:.2f}" for k, v in recall.items())
    print(f"{len(convs)} conversations, {n} questions, default recipe: {figures}")
    print(f"fused digest {fused_digest.hexdigest()[:16]}  channel lists digest {lists_digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
