"""The rules engine is pure: importing it loads no web, database, form or PDF library.

Each check runs in a fresh interpreter (``python -c``) so that nothing the test session has
already imported (Flask for the app tests, say) can hide an import.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "scorekeeper" / "rules"
FORBIDDEN = ("flask", "flask_sqlalchemy", "sqlalchemy", "wtforms", "weasyprint", "flask_wtf")

# Import every module of scorekeeper/rules (found on disk, so a new module is covered too)
# and print the forbidden libraries that got loaded, as JSON.
IMPORT_ALL = """
import importlib, json, pkgutil, sys
{prelude}
import scorekeeper.rules as rules
names = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "scorekeeper.rules."))
for name in names:
    importlib.import_module(name)
print(json.dumps({{
    "modules": names,
    "loaded": [m for m in {forbidden!r} if m in sys.modules],
}}))
"""

# To judge the engine alone, whatever the parent package ``scorekeeper`` (the web app) may
# import, the parent is stood in by an empty module whose path is the real folder:
# ``scorekeeper.rules`` then imports exactly what its own modules import. The second test
# goes through the real package, as ``import scorekeeper.rules`` does anywhere.
STUB_PARENT = """
import types
parent = types.ModuleType("scorekeeper")
parent.__path__ = [{path!r}]
sys.modules["scorekeeper"] = parent
"""


def _run(prelude: str) -> dict:
    code = IMPORT_ALL.format(prelude=prelude, forbidden=FORBIDDEN)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_rules_module_imports_without_web_database_or_pdf_libraries():
    report = _run(STUB_PARENT.format(path=str(ROOT / "scorekeeper")))
    expected = sorted(
        ".".join(("scorekeeper", *p.relative_to(RULES.parent).with_suffix("").parts[:-1]))
        if p.stem == "__init__"
        else ".".join(("scorekeeper", *p.relative_to(RULES.parent).with_suffix("").parts))
        for p in RULES.rglob("*.py")
        if p.parent != RULES or p.stem != "__init__"
    )
    assert report["modules"] == expected
    assert report["loaded"] == []


def test_importing_the_rules_through_the_real_package_loads_no_web_library():
    report = _run("")
    assert report["loaded"] == []


# A pytest session of tests/rules alone, in a fresh interpreter, collecting only (running the
# tests would take half a minute): it imports the suite's conftest (tests/conftest.py, which
# imports the app only in its fixtures) and every test module there, then prints what got
# loaded of the web stack, as JSON.
WEB_STACK = (*FORBIDDEN, "werkzeug", "jinja2", "alembic", "flask_migrate")
RULES_TESTS_SESSION = """
import json, sys
import pytest

class Loaded:
    def pytest_sessionfinish(self, session):
        tops = {{name.partition(".")[0] for name in sys.modules}}
        self.report = {{
            "collected": session.testscollected,
            "conftests": sorted(
                getattr(plugin, "__file__", "")
                for plugin in session.config.pluginmanager.get_plugins()
                if getattr(plugin, "__name__", "").endswith("conftest")
            ),
            "engine": "scorekeeper.rules" in sys.modules,
            "loaded": sorted(t for t in tops if t in {web!r} or t.startswith("flask")),
        }}

loaded = Loaded()
status = pytest.main(
    ["tests/rules", "-qq", "--co", "-p", "no:cacheprovider", "-p", "no:xdist"],
    plugins=[loaded],
)
print(json.dumps({{"status": int(status), **loaded.report}}))
"""


def test_a_session_of_the_rules_tests_loads_nothing_of_flask():
    done = subprocess.run(
        [sys.executable, "-c", RULES_TESTS_SESSION.format(web=WEB_STACK)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["status"] == 0, done.stdout
    assert report["collected"] > 0
    assert str(ROOT / "tests" / "conftest.py") in report["conftests"]
    assert report["engine"]
    assert report["loaded"] == []
