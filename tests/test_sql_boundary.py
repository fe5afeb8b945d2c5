"""SQL lives in ``memlab/store/``: a ratchet on the SQL string literals written anywhere else.

A literal counts when its text (an f-string's constant parts) starts with a statement keyword:
SELECT, INSERT INTO, UPDATE .. SET, DELETE FROM, CREATE TABLE/INDEX/..., WITH RECURSIVE.
Fragments such as a WHERE clause kept in a constant are not counted. No file outside ``store/``
holds one: add a named Store method, a typed read/write in a ``store/*_rows.py`` module, or a
builder in ``memlab/store/queries.py`` instead.

Run as a script to print the per-file counts: ``python tests/test_sql_boundary.py [-v]``.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "memlab"
SQL_START = re.compile(
    r"^\s*(SELECT\b|INSERT (OR \w+ )?INTO\b|UPDATE \w+ SET\b|DELETE FROM\b"
    r"|CREATE (TABLE|INDEX|UNIQUE INDEX|VIRTUAL TABLE|TRIGGER|VIEW)\b|WITH RECURSIVE\b|REPLACE INTO\b)"
)

# file (relative to memlab/) -> the most SQL literals it may hold, each with its reason. Empty:
# every statement outside the store moved into a named Store method or a builder (issue 37).
BUDGET: dict[str, int] = {}


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def sql_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each SQL string literal in one file (an f-string counts once)."""
    return sql_in_source(path.read_text(encoding="utf-8"))


def sql_in_source(source: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        text = _text(node)
        if text is not None:
            if SQL_START.match(text):
                found.append((getattr(node, "lineno", 0), text))
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def sql_counts() -> Counter[str]:
    """SQL literals per file outside ``memlab/store/``."""
    counts: Counter[str] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "store":
            continue
        n = len(sql_literals(path))
        if n:
            counts[rel.as_posix()] = n
    return counts


def test_sql_stays_in_the_store() -> None:
    counts = sql_counts()
    over = {f: (n, BUDGET.get(f, 0)) for f, n in counts.items() if n > BUDGET.get(f, 0)}
    assert not over, (
        "SQL string literals outside memlab/store/ (file: found, allowed); move them into a named "
        f"Store method or a builder in memlab/store/queries.py: {over}"
    )


def test_the_budget_lists_real_files() -> None:
    assert not [f for f in BUDGET if not (PACKAGE / f).exists()]


def test_the_counter_sees_sql() -> None:
    source = 'x = "SELECT 1"\ny = f"UPDATE nodes SET a = {v}"\nz = "select me"\nw = "With whom?"'
    assert sql_in_source(source) == [(1, "SELECT 1"), (2, "UPDATE nodes SET a = {}")]


if __name__ == "__main__":
    counts = sql_counts()
    for rel, n in sorted(counts.items()):
        print(f"{n:4d} {rel}  (budget {BUDGET.get(rel, 0)})")
        if "-v" in sys.argv:
            for line, text in sql_literals(PACKAGE / rel):
                print(f"       {line}: {' '.join(text.split())[:90]}")
    print(f"{sum(counts.values()):4d} total in {len(counts)} files (budget {sum(BUDGET.values())})")
