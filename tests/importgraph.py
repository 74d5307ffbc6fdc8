"""Who imports whom in the package, read from the source with ``ast`` (for ``test_layers.py``
and ``test_import_cycles.py``).

Every module on disk is read (a new module is covered too), the imports inside functions
included; an import under ``if TYPE_CHECKING:`` is for annotations only and is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"


def module_name(path: Path) -> str:
    """``scorekeeper.views.hands`` for ``scorekeeper/views/hands.py``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(subpackage: str | None = None) -> list[Path]:
    """Every module of ``scorekeeper.<subpackage>`` (of the whole package without one), found
    on disk."""
    return sorted((PACKAGE / subpackage if subpackage else PACKAGE).rglob("*.py"))


def within(name: str, prefix: str) -> bool:
    """True when module ``name`` is ``prefix`` or inside it."""
    return name == prefix or name.startswith(prefix + ".")


def _type_checking_only(node: ast.AST) -> set[int]:
    """Ids of the statements under ``if TYPE_CHECKING:`` blocks."""
    out: set[int] = set()
    for block in ast.walk(node):
        test = getattr(block, "test", None)
        if isinstance(block, ast.If) and (
            (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
        ):
            out.update(id(inner) for stmt in block.body for inner in ast.walk(stmt))
    return out


def import_statements(path: Path) -> list[tuple[str, list[str]]]:
    """Each import of ``path`` as (the module named, absolute; the names taken from it, empty
    for ``import a.b``), but those under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    skip = _type_checking_only(tree)
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            parent = ".".join([*base, *([node.module] if node.module else [])])
            found.append((parent, [alias.name for alias in node.names]))
    return found


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute; ``from a import b`` counts as ``a`` and ``a.b``."""
    found: set[str] = set()
    for parent, names in import_statements(path):
        found.add(parent)
        found.update(f"{parent}.{name}" for name in names)
    return found


def module_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports: ``from a import
    b`` is an import of ``a.b`` when that is a module, else of ``a``; importing a package
    imports its ``__init__`` only (not its parents')."""
    paths = {module_name(path): path for path in modules()}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        edges: set[str] = set()
        for parent, names in import_statements(path):
            if not names:
                edges.add(parent)
            for taken in names:
                edges.add(f"{parent}.{taken}" if f"{parent}.{taken}" in paths else parent)
        graph[name] = {edge for edge in edges if edge in paths and edge != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` of more than one module (each an import
    circle), each sorted, in the order of their first module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)
