"""The layers keep to their places: every import in the package is read from the source.

- ``scorekeeper.rules`` (the engine) imports nothing of the app and no web, database, form or
  PDF library (``tests/rules/test_purity.py`` checks the same at run time).
- ``scorekeeper.services`` import no views and no forms.
- ``scorekeeper.views`` import no models: they reach the database through the services.
- ``scorekeeper.api`` (the JSON API) is a sibling of the views: no models, no database
  library, no views and no forms; the services import nothing of it.

Imports are found with ``ast`` in every module on disk (a new module is covered too), those
inside functions included; an import under ``if TYPE_CHECKING:`` is for annotations only and
is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
LIBRARIES = ("flask", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms", "weasyprint")

KNOWN: dict[str, str] = {}
"""Views that still import models, and why; once the import is gone the test passes (XPASS)."""


def module_name(path: Path) -> str:
    """``scorekeeper.views.hands`` for ``scorekeeper/views/hands.py``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute; ``from a import b`` counts as ``a`` and ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    skip = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            parent = ".".join([*base, *([node.module] if node.module else [])])
            found.add(parent)
            found.update(f"{parent}.{alias.name}" for alias in node.names)
    return found


def modules(subpackage: str) -> list[Path]:
    """Every module of ``scorekeeper.<subpackage>``, found on disk."""
    return sorted((PACKAGE / subpackage).rglob("*.py"))


def within(name: str, prefix: str) -> bool:
    """True when module ``name`` is ``prefix`` or inside it."""
    return name == prefix or name.startswith(prefix + ".")


def test_the_module_finder_resolves_relative_imports():
    path = PACKAGE / "views" / "hands.py"
    found = imports_of(path)
    assert "scorekeeper.services.hands" in found  # from ..services import hands as ...
    assert "scorekeeper.views.loading" in found  # from .loading import ...


@pytest.mark.parametrize("path", modules("rules"), ids=lambda p: p.stem)
def test_the_rules_import_nothing_of_the_app_and_no_web_or_database_library(path):
    found = imports_of(path)
    app = sorted(
        n for n in found if within(n, "scorekeeper") and not within(n, "scorekeeper.rules")
    )
    libraries = sorted(n for n in found if any(within(n, lib) for lib in LIBRARIES))
    assert app == [], f"{module_name(path)} imports the app: {app}"
    assert libraries == [], f"{module_name(path)} imports {libraries}"


@pytest.mark.parametrize("path", modules("services"), ids=lambda p: module_name(p))
def test_the_services_import_no_views_no_forms_and_no_api(path):
    found = imports_of(path)
    wrong = sorted(
        n
        for n in found
        if any(within(n, f"scorekeeper.{part}") for part in ("views", "forms", "api"))
    )
    assert wrong == [], f"{module_name(path)} imports {wrong}"


def _view_params() -> list:
    out = []
    for path in modules("views"):
        reason = KNOWN.get(module_name(path))
        marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
        out.append(pytest.param(path, id=module_name(path), marks=marks))
    return out


@pytest.mark.parametrize("path", _view_params())
def test_the_views_import_no_models(path):
    found = imports_of(path)
    wrong = sorted(n for n in found if within(n, "scorekeeper.models"))
    assert wrong == [], f"{module_name(path)} imports {wrong}: use a service instead"


@pytest.mark.parametrize("path", modules("api"), ids=lambda p: module_name(p))
def test_the_api_imports_no_models_no_database_and_no_pages(path):
    found = imports_of(path)
    wrong = sorted(
        n
        for n in found
        if any(within(n, f"scorekeeper.{part}") for part in ("models", "views", "forms"))
        or any(within(n, lib) for lib in ("sqlalchemy", "flask_sqlalchemy", "flask_wtf", "wtforms"))
    )
    assert wrong == [], f"{module_name(path)} imports {wrong}: use a service instead"
