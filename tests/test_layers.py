"""The layers keep to their places: every import in the package is read from the source.

- ``scorekeeper.rules`` (the engine) imports nothing of the app and no web, database, form or
  PDF library (``tests/rules/test_purity.py`` checks the same at run time).
- ``scorekeeper.services`` import no views and no forms.
- ``scorekeeper.views`` import no models: they reach the database through the services.
- ``scorekeeper.api`` (the JSON API) is a sibling of the views: no models, no database
  library, no views and no forms; the services import nothing of it, and the views nothing of
  it either.
- ``scorekeeper.errorhandlers`` (every error answered, pages and API alike) imports neither
  the views nor the API: the API hands it its problem.

Imports are found with ``ast`` in every module on disk (``importgraph``: a new module is
covered too), those inside functions included; an import under ``if TYPE_CHECKING:`` is for
annotations only and is not counted.
"""

from __future__ import annotations

import pytest
from importgraph import PACKAGE, imports_of, module_name, modules, within

LIBRARIES = ("flask", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms", "weasyprint")

KNOWN: dict[str, str] = {}
"""Views that still import models, and why; once the import is gone the test passes (XPASS)."""


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


@pytest.mark.parametrize("path", modules("views"), ids=lambda p: module_name(p))
def test_the_views_import_nothing_of_the_api(path):
    found = imports_of(path)
    wrong = sorted(n for n in found if within(n, "scorekeeper.api"))
    assert wrong == [], f"{module_name(path)} imports {wrong}: the API is a sibling of the views"


def test_the_error_handlers_import_neither_the_views_nor_the_api():
    found = imports_of(PACKAGE / "errorhandlers.py")
    wrong = sorted(
        n for n in found if within(n, "scorekeeper.views") or within(n, "scorekeeper.api")
    )
    assert wrong == [], f"scorekeeper.errorhandlers imports {wrong}"


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
