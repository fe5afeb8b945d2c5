"""Every fact the offline extractor reads in unlabelled text, one message per line, for a person
to judge: the way wrong values are found in text nobody tuned on.

    .venv/bin/python benchmarks/inspect_facts.py FILE --lang en|ru [--locomo PATH]

FILE holds one message per line (``datasets/unlabelled/chat12_en.txt``); ``--locomo`` reads every
turn of the LoCoMo conversations instead (read by path; CC BY-NC 4.0). Prints the lines that give
facts, each with its facts, then how many lines and facts there were. Nothing is stored.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from memlab.knowledge.extract.clauses import analyze_many


def _locomo_turns(path: Path) -> list[str]:
    turns = []
    for conv in json.loads(path.read_text(encoding="utf-8")):
        for key, session in sorted(conv["conversation"].items()):
            if key.startswith("session_") and isinstance(session, list):
                turns += [f"{t['speaker']}: {t['text']}" for t in session]
    return turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--lang", choices=("en", "ru"), default="en")
    ap.add_argument("--locomo", type=Path, help="LoCoMo JSON: read its turns instead of FILE")
    args = ap.parse_args(argv)
    if args.locomo is None and args.file is None:
        ap.error("give FILE or --locomo PATH")
    if args.locomo is not None:
        labelled = _locomo_turns(args.locomo)
        lines = [t.split(": ", 1)[1] for t in labelled]
    else:
        labelled = lines = [s.strip() for s in args.file.read_text(encoding="utf-8").splitlines() if s.strip()]
    total = 0
    for n, (shown, (facts, _)) in enumerate(zip(labelled, analyze_many(lines, args.lang), strict=True), 1):
        if facts:
            total += len(facts)
            said = sorted((f.subject, f.attribute, f.value) for f in facts)
            print(f"{n} | {shown[:200]} -> {said}")
    print(f"lines {len(lines)} facts {total}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
