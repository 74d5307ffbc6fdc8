"""No import circles: the modules of the package import one another in one direction only.

The graph is read from the source (``importgraph.module_graph``): a node per module, an edge
per import, those inside functions included (a circle put off until a function runs is
still a circle), those under ``if TYPE_CHECKING:`` not; ``from a import b`` is an import of
the module ``a.b`` when there is one, else of ``a``; importing a package imports its
``__init__`` only. A circle is a strongly connected component of more than one module.

Outside ``scorekeeper.rules`` there is none. A circle of the rules engine that is still to be
broken may be listed in ``KNOWN`` with its reason: while one is there, the rules' test is
expected to fail (XFAIL, naming each); a circle not listed fails it. Take an entry off once
its circle is gone, so that it cannot come back unseen.
"""

from __future__ import annotations

import pytest
from importgraph import cycles, module_graph, within

RULES = "scorekeeper.rules"

KNOWN: dict[frozenset[str], str] = {}
"""The import circles left inside the rules engine, and why each is there."""


def _circles() -> list[list[str]]:
    return cycles(module_graph())


def _in_the_rules(circle: list[str]) -> bool:
    return all(within(name, RULES) for name in circle)


def _said(circle: list[str] | frozenset[str]) -> str:
    return " <-> ".join(sorted(circle))


def test_the_graph_reads_each_import_as_the_module_it_names():
    graph = module_graph()

    assert "scorekeeper.cli" in graph["scorekeeper.factory"]  # inside a function
    assert "scorekeeper.errorhandlers" in graph["scorekeeper.factory"]  # from pkg import module
    assert "scorekeeper.api" in graph["scorekeeper.factory"]  # from pkg import module: __init__
    assert "scorekeeper" not in graph["scorekeeper.factory"]  # not the package of either
    # from module import name
    assert "scorekeeper.api.protocol.problems" in graph["scorekeeper.factory"]
    assert "scorekeeper.services.livestream.listen" in graph["scorekeeper.services.livestream.hub"]
    # ``from .sessions import LoadedSession`` under ``if TYPE_CHECKING:``
    assert "scorekeeper.services.sessions" not in graph["scorekeeper.services.replays"]


def test_the_finder_finds_a_circle_and_only_the_modules_in_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e", "d"}}

    assert cycles(graph) == [["a", "b", "c"]]


def test_no_module_outside_the_rules_engine_is_in_an_import_circle():
    outside = [_said(circle) for circle in _circles() if not _in_the_rules(circle)]

    assert outside == [], "import circles: move what both sides need into a lower module"


def test_the_rules_engine_has_no_import_circle_but_the_known_ones():
    found = {frozenset(circle) for circle in _circles() if _in_the_rules(circle)}
    unknown = sorted(_said(circle) for circle in found if circle not in KNOWN)

    assert unknown == [], "new import circles in the rules engine"
    if found:
        left = "; ".join(sorted(f"{_said(circle)} ({KNOWN[circle]})" for circle in found))
        pytest.xfail(f"import circles still to break in the rules engine: {left}")
