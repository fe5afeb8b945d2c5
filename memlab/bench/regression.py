"""Row-by-row regression check of the offline extractor over every labelled split.

A snapshot records, per statement row, what the extractor predicted (each triple flagged right
or wrong by the statement scorer's ``same``) and which gold facts it found or missed, and per
update scenario whether it passed. Two snapshots compare split by split: P/R and scenarios
before -> after, and the rows that lost a right fact, gained a wrong one, or the scenarios that
stopped passing. A change is accepted only where no such row appears (or the note names it).

Held-out data (the ``test`` split of statements.jsonl / update_scenarios.jsonl, any split named
``test*`` or ``*17``) is left out unless asked for: it is scored once, at the end, by the lead.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memlab.bench import statements as S

FOLDER = S.DEFAULT_PATH.parent
# a statement row: {"lang", "pred": [[s, a, v, right]], "found": [[s, a, v]], "missed": [[s, a, v]]}
Record = dict[str, Any]
Snapshot = dict[str, Any]  # {"splits": {name: {"statements": {id: Record}, "scenarios": {id: bool}}}}


HELD_OUT_SETS: tuple[str, ...] = ()  # blind sets kept out of the gate until their report; dev19 is tuned on from round 6, test19 stays out as test*


def held_out(split: str) -> bool:
    """The lead's held-out splits: ``test`` and any ``test*`` (test17/18/19), and both halves of
    any blind set named in ``HELD_OUT_SETS`` (none now: dev19 is tuned on, test19 is held out)."""
    return split.startswith("test") or bool(HELD_OUT_SETS and split.endswith(HELD_OUT_SETS))


@dataclass
class Split:
    name: str
    statements: list[dict[str, Any]] = field(default_factory=list)
    scenarios: list[dict[str, Any]] = field(default_factory=list)


def splits(
    folder: Path = FOLDER, include_held_out: bool = False, only: Iterable[str] = ()
) -> dict[str, Split]:
    """Every split with statements or scenarios in ``folder``, by the rows' own ``split`` field
    (statements.jsonl and update_scenarios.jsonl hold two, dev and test; the others one each)."""
    out: dict[str, Split] = {}
    for kind, pattern in (("statements", "statements*.jsonl"), ("scenarios", "update_scenarios*.jsonl")):
        for path in sorted(folder.glob(pattern)):
            for row in S.load(path):
                split = out.setdefault(row["split"], Split(row["split"]))
                getattr(split, kind).append(row)
    wanted = set(only)
    return {
        name: out[name]
        for name in sorted(out, key=_split_order)
        if (include_held_out or not held_out(name)) and (not wanted or name in wanted)
    }


def _split_order(name: str) -> tuple[str, int]:
    m = re.fullmatch(r"(\D*)(\d*)", name)
    return (m.group(1), int(m.group(2) or 0)) if m else (name, 0)


def record(row: dict[str, Any], pred: Sequence[S.Triple]) -> Record:
    """One statement row as the scorer judges it (``S.score`` counts the same things)."""
    gold = [(f["subject"], f["attribute"], f["value"]) for f in row["facts"]]
    unique = list(dict.fromkeys((p[0], p[1], p[2]) for p in pred))
    found = [g for g in gold if any(S.same(p, g) for p in unique)]
    return {
        "lang": row["lang"],
        "pred": [[*p, any(S.same(p, g) for g in gold)] for p in unique],
        "found": [list(g) for g in found],
        "missed": [list(g) for g in gold if g not in found],
    }


def statement_records(rows: Sequence[dict[str, Any]], extractor: S.Extractor) -> dict[str, Record]:
    warm = getattr(extractor, "warm", None)
    if warm is not None:
        warm(rows)  # one batched parse per language
    return {r["id"]: record(r, extractor(r["text"], r["lang"], r.get("speaker", "user"))) for r in rows}


def scenario_results(scenarios: Sequence[dict[str, Any]], config: Any = None) -> dict[str, bool]:
    with tempfile.TemporaryDirectory(prefix="memlab-regression-") as workdir:
        return {s["id"]: bool(S.run_scenario(s, config, workdir)["ok"]) for s in scenarios}


def snapshot(
    chosen: dict[str, Split],
    extractor: S.Extractor | None = None,
    scenarios: bool = True,
    progress: Callable[[str], None] | None = None,
) -> Snapshot:
    """The extractor's rows and the scenarios' pass/fail, split by split."""
    extractor = extractor or S.OfflineExtractor()
    out: dict[str, Any] = {}
    for name, split in chosen.items():
        entry: dict[str, Any] = {"statements": statement_records(split.statements, extractor)}
        if scenarios:
            entry["scenarios"] = scenario_results(split.scenarios)
        out[name] = entry
        if progress:
            progress(name)
    return {"splits": out}


# -- comparing two snapshots -----------------------------------------------------------------------
@dataclass(frozen=True)
class Totals:
    predicted: int = 0
    correct: int = 0
    gold: int = 0
    found: int = 0

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 1.0


def totals(records: Iterable[Record]) -> Totals:
    rs = list(records)
    return Totals(
        predicted=sum(len(r["pred"]) for r in rs),
        correct=sum(1 for r in rs for p in r["pred"] if p[3]),
        gold=sum(len(r["found"]) + len(r["missed"]) for r in rs),
        found=sum(len(r["found"]) for r in rs),
    )


@dataclass
class Change:
    """A row that got worse: the right facts it lost and the wrong ones it gained."""

    id: str
    lost_right: list[tuple[str, ...]] = field(default_factory=list)
    gained_wrong: list[tuple[str, ...]] = field(default_factory=list)


@dataclass
class SplitDiff:
    name: str
    before: dict[str, Totals]  # per language and "all"
    after: dict[str, Totals]
    scenarios_before: tuple[int, int]  # (passed, of)
    scenarios_after: tuple[int, int]
    worse: list[Change] = field(default_factory=list)
    lost_scenarios: list[str] = field(default_factory=list)
    gained_scenarios: list[str] = field(default_factory=list)
    changed_rows: int = 0  # rows whose predictions differ at all
    unmatched: int = 0  # rows or scenarios present in one snapshot only

    def regressions(self, allow: frozenset[str] = frozenset()) -> list[str]:
        return [c.id for c in self.worse if c.id not in allow] + [
            s for s in self.lost_scenarios if s not in allow
        ]


def _by_lang(records: dict[str, Record]) -> dict[str, Totals]:
    langs = sorted({r["lang"] for r in records.values()})
    return {
        "all": totals(records.values()),
        **{lg: totals(r for r in records.values() if r["lang"] == lg) for lg in langs},
    }


def _row_change(rid: str, old: Record, new: Record) -> Change | None:
    found_before = {tuple(g) for g in old["found"]}
    lost = [tuple(g) for g in new["missed"] if tuple(g) in found_before]
    wrong_before = {tuple(p[:3]) for p in old["pred"] if not p[3]}
    gained = [tuple(p[:3]) for p in new["pred"] if not p[3] and tuple(p[:3]) not in wrong_before]
    return Change(rid, lost, gained) if lost or gained else None


def diff_split(name: str, old: dict[str, Any], new: dict[str, Any]) -> SplitDiff:
    rows_old, rows_new = old.get("statements", {}), new.get("statements", {})
    common = rows_old.keys() & rows_new.keys()
    both = "scenarios" in old and "scenarios" in new  # a run with --no-scenarios compares rows only
    sc_old, sc_new = (old["scenarios"], new["scenarios"]) if both else ({}, {})
    sc_common = sc_old.keys() & sc_new.keys()
    out = SplitDiff(
        name,
        _by_lang({k: rows_old[k] for k in common}),
        _by_lang({k: rows_new[k] for k in common}),
        (sum(sc_old[k] for k in sc_common), len(sc_common)),
        (sum(sc_new[k] for k in sc_common), len(sc_common)),
        unmatched=len(rows_old.keys() ^ rows_new.keys()) + len(sc_old.keys() ^ sc_new.keys()),
    )
    for rid in sorted(common):
        if rows_old[rid]["pred"] != rows_new[rid]["pred"]:
            out.changed_rows += 1
        change = _row_change(rid, rows_old[rid], rows_new[rid])
        if change:
            out.worse.append(change)
    out.lost_scenarios = sorted(k for k in sc_common if sc_old[k] and not sc_new[k])
    out.gained_scenarios = sorted(k for k in sc_common if sc_new[k] and not sc_old[k])
    return out


def compare(before: Snapshot, after: Snapshot) -> list[SplitDiff]:
    """One diff per split the two snapshots share (in ``after``'s order)."""
    old, new = before["splits"], after["splits"]
    return [diff_split(name, old[name], new[name]) for name in sorted(new, key=_split_order) if name in old]


def dumps(snap: Snapshot) -> str:
    """The snapshot as JSON with one line per row and scenario (small, and a diff shows the rows)."""

    def one(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False, sort_keys=True)

    out = ["{", f' "meta": {one(snap.get("meta", {}))},', ' "splits": {']
    names = sorted(snap["splits"], key=_split_order)
    for i, name in enumerate(names):
        entry = snap["splits"][name]
        out.append(f"  {one(name)}: {{")
        kinds = [k for k in ("statements", "scenarios") if k in entry]
        for j, kind in enumerate(kinds):
            items = sorted(entry[kind].items())
            out.append(f"   {one(kind)}: {{")
            out += [
                f"    {one(k)}: {one(v)}{',' if n < len(items) - 1 else ''}" for n, (k, v) in enumerate(items)
            ]
            out.append("   }" + ("," if j < len(kinds) - 1 else ""))
        out.append("  }" + ("," if i < len(names) - 1 else ""))
    out += [" }", "}"]
    return "\n".join(out) + "\n"


def _pr(t: Totals) -> str:
    return f"{100 * t.precision:.1f}/{100 * t.recall:.1f}"


def render(diffs: Sequence[SplitDiff], allow: frozenset[str] = frozenset()) -> str:
    """Markdown: the table per split and language, then every row or scenario that got worse."""
    lines = [
        "| split | lang | P/R before | P/R after | scenarios before | scenarios after | changed rows | worse rows |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for d in diffs:
        for lang in d.before:
            sc = lang == "all"
            sb = f"{d.scenarios_before[0]}/{d.scenarios_before[1]}" if sc else ""
            sa = f"{d.scenarios_after[0]}/{d.scenarios_after[1]}" if sc else ""
            worse = f"{len(d.worse)}" if sc else ""
            changed = f"{d.changed_rows}" if sc else ""
            lines.append(
                f"| {d.name} | {lang} | {_pr(d.before[lang])} | {_pr(d.after[lang])} | {sb} | {sa} | {changed} | {worse} |"
            )
    for d in diffs:
        if not (d.worse or d.lost_scenarios or d.gained_scenarios or d.unmatched):
            continue
        lines += ["", f"### {d.name}"]
        for c in d.worse:
            mark = " (allowed)" if c.id in allow else ""
            for t in c.lost_right:
                lines.append(f"- {c.id}{mark}: LOST right {_triple(t)}")
            for t in c.gained_wrong:
                lines.append(f"- {c.id}{mark}: GAINED wrong {_triple(t)}")
        for s in d.lost_scenarios:
            lines.append(f"- scenario {s}{' (allowed)' if s in allow else ''}: passed before, fails now")
        for s in d.gained_scenarios:
            lines.append(f"- scenario {s}: fails before, passes now")
        if d.unmatched:
            lines.append(f"- {d.unmatched} rows or scenarios in one snapshot only (not compared)")
    return "\n".join(lines)


def _triple(t: Sequence[str]) -> str:
    return "(" + ", ".join(repr(x) for x in t[:3]) + ")"
