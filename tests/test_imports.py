"""The module graph of memlab: no import cycles, and the layers below the facade never import it.

Every import counts: module level, inside functions and under ``TYPE_CHECKING``. The layers
import downward only (lang < store < retrieval < knowledge < facade), and the imports written
inside functions are counted and capped.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "memlab"
LOWER_LAYERS = ("memlab.store", "memlab.retrieval", "memlab.knowledge")
# what the storage layer may build on: nothing that itself runs searches, consolidation or the facade
BELOW_STORE = ("memlab.store", "memlab.clock", "memlab.config", "memlab.types", "memlab.retry", "memlab.lang")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """Every memlab module ``path`` imports, wherever the import statement sits."""
    name = module_name(path)
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = resolve(name, is_package, node)
            # `from memlab.pkg import mod` imports memlab.pkg.mod when that is a module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target.startswith("memlab") and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported_modules(p, modules) for p in paths}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm; returns the components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def describe(graph: dict[str, set[str]], component: list[str]) -> str:
    members = set(component)
    edges = [f"    {a} -> {b}" for a in component for b in sorted(graph[a] & members)]
    return "  cycle among " + ", ".join(component) + "\n" + "\n".join(edges)


def test_the_parser_sees_imports_inside_functions_and_type_checking() -> None:
    graph = import_graph()
    assert "memlab.knowledge.consolidation" in graph["memlab.memory"]  # inside Memory.consolidate
    assert "memlab.memory" in graph["memlab.viz.export"]  # under TYPE_CHECKING
    assert "memlab.store.writer" in graph["memlab.store.store"]  # module level


def test_no_import_cycles() -> None:
    graph = import_graph()
    cycles = strongly_connected(graph)
    assert not cycles, "import cycles:\n" + "\n".join(describe(graph, c) for c in cycles)


def test_lower_layers_never_import_the_facade() -> None:
    graph = import_graph()
    offenders = sorted(
        m for m, targets in graph.items() if m.startswith(LOWER_LAYERS) and "memlab.memory" in targets
    )
    assert not offenders, f"these modules import memlab.memory: {offenders}"


def test_the_store_imports_only_what_lies_below_it() -> None:
    graph = import_graph()
    upward = sorted(
        f"{m} -> {t}"
        for m, targets in graph.items()
        if m.startswith("memlab.store")
        for t in targets
        if not t.startswith(BELOW_STORE)
    )
    assert not upward, f"the store imports from layers above it: {upward}"


def test_tarjan_finds_a_planted_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]


def test_the_code_cites_nothing_outside_this_repository() -> None:
    # the design notes a comment might cite (DESIGN.md) live outside the project: a reader of
    # the code cannot open them, so the reason has to be written where it is needed
    offenders = sorted(
        str(p.relative_to(PACKAGE.parent))
        for p in PACKAGE.rglob("*.py")
        if "DESIGN.md" in p.read_text("utf-8")
    )
    assert not offenders, f"these modules cite DESIGN.md, which is not in this repository: {offenders}"


def test_open_and_search_do_not_import_the_rule_patterns(tmp_path: Path) -> None:
    """Compiling the rule consolidator's patterns was 0.1-0.2 s of every open: a process that
    opens and searches never imports them; the first consolidation does."""
    import subprocess
    import sys

    code = f"""
import sys
from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.embed.hashing import HashingEmbedder
cfg = MemoryConfig().replace(consolidation={{"consolidator": "rules", "auto": False}})
m = Memory.open({str(tmp_path / "m.db")!r}, cfg, embedder=HashingEmbedder(32))
m.ingest("I live in Vilnius.", session_id="s1", wait=True)
m.search("where do I live")
before = "memlab.knowledge.rules" in sys.modules
m.end_session(); m.flush(); r = m.consolidate()
print(before, "memlab.knowledge.rules" in sys.modules, r.facts_created)
m.close()
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split()[:2] == ["False", "True"], out.stdout + out.stderr
    assert int(out.stdout.split()[2]) >= 1


def crossing(graph: dict[str, set[str]], source: str, allowed: Callable[[str], bool]) -> list[str]:
    """``module -> target`` for each import of a module under ``source`` that ``allowed`` refuses."""
    return sorted(f"{m} -> {t}" for m, targets in graph.items() if m.startswith(source) for t in targets if not allowed(t))


def test_the_language_helpers_import_no_other_layer() -> None:
    """memlab.lang sits below the store, retrieval and knowledge: it may import only itself."""
    upward = crossing(import_graph(), "memlab.lang", lambda t: t.startswith("memlab.lang"))
    assert not upward, f"memlab.lang imports from other layers: {upward}"


# the layers, lowest first: a module may import its own layer and those below it, never above
LAYERS = ("memlab.lang", "memlab.store", "memlab.retrieval", "memlab.knowledge")
# what sits on top of the layers: the facade, the composition root and their users
FACADE = ("memlab.memory", "memlab.compose", "memlab.tools", "memlab.mcp", "memlab.cli", "memlab.bench", "memlab.viz")
# memlab imports written inside function bodies: hidden from a reader of the module's head, so
# they are counted (counting helps the layer tests nothing: they see every import); lower it
# when you hoist one, never raise it
INNER_IMPORTS_CAP = 161  # 174 at bf67302; cli.py keeps its imports lazy so `memlab --version` starts fast, and bench/suite.py its optional readers and loaders


def _rank(module: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return i
    if module.startswith(FACADE):
        return len(LAYERS)
    return None


def test_the_layers_import_only_downward() -> None:
    """lang < store < retrieval < knowledge < facade, every import counted (inside functions and
    under TYPE_CHECKING too)."""
    graph = import_graph()
    upward = sorted(
        f"{m} -> {t}"
        for m, targets in graph.items()
        if (rm := _rank(m)) is not None and rm < len(LAYERS)
        for t in targets
        if (rt := _rank(t)) is not None and rt > rm
    )
    assert not upward, f"imports from a higher layer: {upward}"


def test_retrieval_imports_nothing_of_knowledge() -> None:
    """Retrieval takes word lists and value forms from memlab.lang, never from knowledge (nor its extractor)."""
    offenders = crossing(import_graph(), "memlab.retrieval", lambda t: not t.startswith("memlab.knowledge"))
    assert not offenders, offenders


def inner_imports() -> list[str]:
    """``module:line`` of each memlab import statement inside a function body."""
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)

        def visit(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                    if isinstance(child, ast.ImportFrom):
                        ours = child.level > 0 or (child.module or "").startswith("memlab")
                    else:
                        ours = any(a.name.startswith("memlab") for a in child.names)
                    if ours:
                        found.append(f"{name}:{child.lineno}")  # noqa: B023 - used at once
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_imports_inside_functions_are_capped() -> None:
    found = inner_imports()
    print(f"memlab imports inside functions: {len(found)} (cap {INNER_IMPORTS_CAP})")
    assert len(found) <= INNER_IMPORTS_CAP, (
        f"{len(found)} memlab imports inside functions (cap {INNER_IMPORTS_CAP}): hoist the new one to "
        "the module head, or say in a comment why it must stay lazy (an optional extra, a slow import)"
    )


def test_the_layer_rank_sees_the_packages() -> None:
    assert _rank("memlab.lang.text") == 0 and _rank("memlab.knowledge.extract.nlp") == 3
    assert _rank("memlab.memory") == 4 and _rank("memlab.types") is None
