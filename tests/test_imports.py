"""No import circles in ``parlour``: every module stands above all that it imports.

The graph is read from the source with ``ast``, not by importing it, and counts
every import: at the top of a module, inside a function (a late import hides a
circle from Python, not from a reader), and under ``TYPE_CHECKING`` (a type is
a dependency too).  An arrow runs to the module named: ``from a.b import c``
points at ``a.b.c`` where that is a module, else at ``a.b``.  The packages
Python runs on the way (``a``'s ``__init__``) are not arrows: a package's face
hands names on and is no part of the module that imports through it.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module under ``src/parlour``: dotted name -> (file, whether it is a package's ``__init__``)."""
    found = {}
    for path in sorted((SRC / "parlour").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


def import_graph() -> dict[str, dict[str, int]]:
    """Module -> {module it imports: the line of the first such import}, within ``parlour`` only."""
    known = modules()

    def nearest(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for module, (path, package) in known.items():
        here = module if package else module.rpartition(".")[0]
        arrows: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [nearest(alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else nearest(base)
                           for alias in node.names]
            for target in targets:
                if target is not None and target != module:
                    arrows.setdefault(target, node.lineno)
        graph[module] = arrows
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
    return found


def test_the_graph_is_read() -> None:
    graph = import_graph()
    assert "parlour.games.football_whist" in graph["parlour.games"]
    assert "parlour.engine.descriptor" in graph["parlour.games.football_whist.descriptor"]


def test_circles_are_found() -> None:
    assert circles({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}) == [["a", "b", "c"]]
    assert circles({"a": {"b": 1}, "b": {}}) == []


def test_no_import_circles() -> None:
    graph = import_graph()
    found = circles(graph)
    lines = []
    for part in found:
        lines.append(" <-> ".join(part))
        for module in part:
            for target, line in graph[module].items():
                if target in part:
                    path = modules()[module][0].relative_to(SRC.parent)
                    lines.append(f"    {module} -> {target} ({path}:{line})")
    assert not found, "modules that import each other in a circle:\n" + "\n".join(lines)
