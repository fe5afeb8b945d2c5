"""`memlab ...` — the command line. The only module that reads the environment."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from memlab.config import MemoryConfig


def _config(args: argparse.Namespace) -> MemoryConfig:
    cfg = MemoryConfig.load(args.config) if getattr(args, "config", None) else MemoryConfig()
    if getattr(args, "embedder", None):
        cfg = cfg.replace(embedder={"name": args.embedder})
    if getattr(args, "dim", None):
        cfg = cfg.replace(embedder={"dim": args.dim})
    return cfg


def _open(args: argparse.Namespace, **kwargs: Any) -> Any:
    from memlab.embed.factory import build_embedder
    from memlab.memory import Memory

    cfg = _config(args)
    embedder = build_embedder(cfg.embedder, api_key=os.environ.get(cfg.embedder.api_key_env))
    chat = None
    if cfg.consolidation.consolidator == "llm":
        from memlab.llm.client import OpenAICompatChat

        c = cfg.consolidation
        chat = OpenAICompatChat(
            c.base_url,
            c.model,
            api_key=os.environ.get(c.api_key_env) or "none",
            timeout_s=c.timeout_s,
            retries=c.retries,
        )
    return Memory.open(args.db, cfg, embedder=embedder, chat=chat, **kwargs)


def cmd_ingest(args: argparse.Namespace) -> int:
    """Ingest a file: JSONL ({"text", "session_id"?, "role"?, "time"?: ISO or epoch}) or plain text lines."""
    from memlab.clock import from_iso

    n = 0
    with _open(args) as mem:
        for lineno, line in enumerate(Path(args.file).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            if args.file.endswith(".jsonl"):
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as exc:
                    print(f"{args.file}:{lineno}: skipped, not JSON ({exc})", file=sys.stderr)
                    continue
                t = rec.get("time")
                at = from_iso(t) if isinstance(t, str) else t
                mem.ingest(
                    rec["text"],
                    session_id=rec.get("session_id", args.session),
                    role=rec.get("role", "user"),
                    at=at,
                )
            else:
                mem.ingest(line, session_id=args.session)
            n += 1
        mem.end_session()
        mem.flush()
    print(f"ingested {n} messages into {args.db}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(json.dumps(mem.stats(), indent=2, ensure_ascii=False, default=str))
    return 0


def cmd_reembed(args: argparse.Namespace) -> int:
    from memlab.embed.factory import build_embedder
    from memlab.memory import Memory

    cfg = _config(args)
    embedder = build_embedder(cfg.embedder, api_key=os.environ.get(cfg.embedder.api_key_env))
    mem = Memory(args.db, cfg, embedder=None).start()  # open without the embedder check
    mem.close()
    mem = Memory(args.db, cfg, embedder=None).start()
    mem.embedder = embedder
    try:
        mem._start_vectors()
        n = mem.reembed()
    finally:
        mem.close()
    print(f"re-embedded {n} nodes with {embedder.name if embedder else None}")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from memlab.clock import from_iso
    from memlab.retrieval.engine import format_hits

    as_of = from_iso(args.as_of) if args.as_of else None
    with _open(args) as mem:
        hits = mem.search(
            args.query, limit=args.limit, recipe=args.recipe, as_of=as_of, include_history=args.history
        )
        if args.json:
            print(
                json.dumps(
                    [
                        {
                            "id": h.node.id,
                            "score": h.score,
                            "ranks": h.ranks,
                            "type": h.node.type,
                            "content": h.node.content,
                        }
                        for h in hits
                    ],
                    ensure_ascii=False,
                    indent=2,
                )
            )
        else:
            print(format_hits(hits))
    return 0


def cmd_context(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(mem.context(args.prompt) or "(no relevant memory)")
    return 0


def cmd_consolidate(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(json.dumps(mem.consolidate(args.session), indent=2, default=str, ensure_ascii=False))
    return 0


def cmd_maintain(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(json.dumps(mem.maintain(), indent=2, default=str, ensure_ascii=False))
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    from memlab.mcp import serve

    with _open(args) as mem:
        serve(mem)
    return 0


def cmd_viz(args: argparse.Namespace) -> int:
    from memlab.clock import from_iso
    from memlab.viz.export import export_memory
    from memlab.viz.graph import VizUnavailable

    try:
        with _open(args) as mem:
            path = export_memory(mem, args.output, as_of=from_iso(args.as_of) if args.as_of else None,
                                 limit=args.limit)
    except VizUnavailable as exc:
        print(f"memlab: error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from memlab.bench.suite import main as bench_main

    return bench_main(args.suite, out_dir=args.out, quick=args.quick)


def cmd_perf(args: argparse.Namespace) -> int:
    import importlib

    module = importlib.import_module(f"memlab.bench.perf_{args.which}")
    return int(module.main(args.rest) or 0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="memlab", description="Graph long-term memory for LLM agents on one SQLite file"
    )
    sub = p.add_subparsers(dest="command", required=True)

    def db_cmd(name: str, fn: Any, help: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help)
        sp.add_argument("db", help="path to the memlab SQLite file")
        sp.add_argument("--config", help="MemoryConfig TOML file")
        sp.add_argument("--embedder", help="hashing | wordllama | minilm | openai | openai-compatible | none")
        sp.add_argument("--dim", type=int, help="embedding dimension (Matryoshka truncation)")
        sp.set_defaults(func=fn)
        return sp

    sp = db_cmd("ingest", cmd_ingest, "ingest a JSONL or text file")
    sp.add_argument("file")
    sp.add_argument("--session", default=None)
    db_cmd("stats", cmd_stats, "counts, sizes and live layers")
    db_cmd("reembed", cmd_reembed, "drop all vectors and embed again with --embedder/--dim")
    sp = db_cmd("search", cmd_search, "hybrid search with per-channel ranks")
    sp.add_argument("query")
    sp.add_argument("--limit", type=int, default=None)
    sp.add_argument("--recipe", default=None)
    sp.add_argument("--as-of", default=None, help="ISO date: answer from what memory held then")
    sp.add_argument("--history", action="store_true", help="include superseded facts")
    sp.add_argument("--json", action="store_true")
    sp = db_cmd("context", cmd_context, "the token-budgeted context for a prompt")
    sp.add_argument("prompt")
    sp = db_cmd("consolidate", cmd_consolidate, "consolidate pending sessions (or one)")
    sp.add_argument("--session", default=None)
    db_cmd("maintain", cmd_maintain, "consolidate, decay, archive, enrich, infer causal edges")
    db_cmd("mcp", cmd_mcp, "serve the agent tools over MCP (stdio)")
    sp = db_cmd("viz", cmd_viz, "export an offline interactive graph (HTML)")
    sp.add_argument("-o", "--output", default="graph.html")
    sp.add_argument("--limit", type=int, default=None, help="only the N most recent nodes")
    sp.add_argument("--as-of", default=None)
    sp = sub.add_parser("bench", help="run a benchmark suite (default: benchmarks/default.toml)")
    sp.add_argument("suite", nargs="?", default=None)
    sp.add_argument("--out", default=None)
    sp.add_argument("--quick", action="store_true", help="smaller sizes, for CI")
    sp.set_defaults(func=cmd_bench)
    sp = sub.add_parser("perf", help="micro-benchmarks: core | retrieval | knowledge")
    sp.add_argument("which", choices=["core", "retrieval", "knowledge"])
    sp.add_argument("rest", nargs=argparse.REMAINDER)
    sp.set_defaults(func=cmd_perf)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from memlab.ingest import InvalidMessage
    from memlab.store.connect import DatabaseError

    try:
        return int(args.func(args) or 0)
    except (DatabaseError, InvalidMessage, ValueError, FileNotFoundError) as exc:
        print(f"memlab: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
