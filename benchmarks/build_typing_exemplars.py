"""Build memlab/lang/data/typing_exemplars.json: attribute-typing signatures learned from labelled examples.

    .venv/bin/python benchmarks/build_typing_exemplars.py [--min-count 3] [--purity 0.9]

Every example of every pattern file (``patterns/*.json``) and every row of the tuned statement
splits (never a held-out split: ``test``, ``test*``, ``*17``) is parsed and read by the generic
clause reader (``open_clauses.readings``). Where a reading's argument gives a gold fact's value for
the reading's subject, in a reading that holds now (not past, planned, asked or negated), its signature (language, predicate lemma, preposition, argument class) votes
for the fact's attribute. A signature that voted at least --min-count times, for one attribute at
least --purity of the time, is written out; the typing table's own rows come first at run time.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from memlab.bench import regression as R
from memlab.bench import statements as S
from memlab.knowledge.extract import attribute_typing as ty
from memlab.knowledge.extract import engine
from memlab.knowledge.extract.clauses import Reader, parse_many, quoted_ranges
from memlab.knowledge.extract.open_clauses import holds, readings

OUT = Path(__file__).resolve().parents[1] / "memlab" / "lang" / "data" / "typing_exemplars.json"
GENERAL = ("thing", "name")  # classes too wide to type by


def labelled() -> list[tuple[str, str, list[tuple[str, str, str]]]]:
    """(text, lang, gold facts) of the pattern examples and the tuned statement rows."""
    out = []
    for p in engine.patterns():
        for text, facts in p.examples:
            if "{" not in p.attribute:
                out.append((text, "ru" if any("а" <= c <= "я" for c in text.lower()) else "en", [tuple(f) for f in facts]))
    for split in R.splits().values():
        for r in split.statements:
            out.append((r["text"], r["lang"], [(f["subject"], f["attribute"], f["value"]) for f in r["facts"]]))
    return out  # type: ignore[return-value]


def votes(rows: list[tuple[str, str, list[tuple[str, str, str]]]]) -> dict[tuple[str, str, str, str], Counter[str]]:
    out: dict[tuple[str, str, str, str], Counter[str]] = defaultdict(Counter)
    for lang in ("en", "ru"):
        mine = [r for r in rows if r[1] == lang]
        for (text, _, gold), sents in zip(mine, parse_many([r[0] for r in mine], lang), strict=True):
            quoted = quoted_ranges(text)
            for sent in sents:
                reader = Reader(sent, quoted, {})
                for rd in readings(reader):
                    if not holds(reader, rd, "state"):
                        continue  # a past change or a plan says nothing about a reading now
                    for case, arg in rd.args:
                        for cls in ty.classes(reader, arg) - set(GENERAL):
                            value = ty.value(reader, arg, cls)
                            for g in gold:
                                if g[1].startswith("pet_") or "{" in g[1]:
                                    continue
                                if S._subject(g[0]) == S._subject(rd.subject) and S._value(value) == S._value(g[2]):
                                    out[(lang, rd.pred.lemma, case, cls)][g[1]] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--purity", type=float, default=0.9)
    args = ap.parse_args(argv)
    kept: list[dict[str, Any]] = []
    for (lang, pred, case, cls), c in sorted(votes(labelled()).items()):
        key, n = c.most_common(1)[0]
        if n >= args.min_count and n / sum(c.values()) >= args.purity:
            kept.append({"lang": lang, "pred": pred, "case": case, "object": cls, "key": key, "votes": n})
    about = (
        "Attribute-typing signatures learned from labelled examples (benchmarks/build_typing_exemplars.py: the "
        "examples of every pattern file and the tuned statement splits, never a held-out split): a reading of the "
        "generic clause reader whose (language, predicate lemma, preposition, argument class) is a row here gets the "
        "row's key when no row of attribute_typing.json typed it. Rebuild after adding patterns or labelled rows."
    )
    lines = ["{", f' "_about": {json.dumps(about)},', ' "rows": [']
    lines.append(",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in kept))
    lines += [" ]", "}"]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(kept)} signatures -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
