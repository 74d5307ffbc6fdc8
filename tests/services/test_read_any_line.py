"""Any line read at any table answers (issue 29): words of the table's talk, names, figures
and punctuation thrown together in any order are read, checked by the rules as far as they
go, and answered with what was understood, what is missing or in doubt, or the rule broken;
never an error. Drawn by hypothesis, 60 lines a preset.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.variant import GAMES
from scorekeeper.services import sessions
from scorekeeper.services.saying import LineRead, read_line
from scorekeeper.services.tables import default_table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
TALK = [
    "bid", "made", "made it", "set", "went set", "spades", "hearts", "clubs", "diamonds",
    "meld", "melded", "took", "tricks", "in tricks", "counters", "last trick", "last", "and",
    "no", "no wait", "sorry", "pass", "passed", "everybody passed", "conceded", "thrown in",
    "the other two", "they", "we", "she", "he", "his", "their", "our team", "Ann's team",
    "Bob's", "a run", "a pinochle", "the dix", "the nine", "a marriage in hearts",
    "eighty kings", "aces around", "for", "at", "by", "to", "misdeal", "reneged", "took it over",
    "forfeited", "without looking at the widow", "every trick", "everything", "nothing", "zip",
    "three", "fifty", "hundred", "three twenty", "a hundred and ten", "comma", "period", "the",
    "both", "each", "opens", "out", "had", "has", "so", "plus", "total", "team", "side",
]  # fmt: skip
WORD = st.one_of(
    st.sampled_from(TALK),
    st.sampled_from(NAMES),
    st.integers(0, 1600).map(str),
)
LINE = st.lists(
    st.tuples(WORD, st.sampled_from(["", "", "", ",", ".", ";", ":"])), min_size=1, max_size=14
).map(lambda said: " ".join(word + mark for word, mark in said))


@pytest.fixture(scope="module")
def app_module(tmp_path_factory):
    """The app, made once for this module's lines (reading saves nothing)."""
    from webhelpers import dispose, migrated_app

    app = migrated_app(tmp_path_factory.mktemp("any-line"))
    yield app
    dispose(app)


@pytest.fixture(scope="module")
def tables(app_module):
    """One session of each preset, its players as many as the preset seats: their ids."""
    with app_module.app_context():
        table = default_table()
        made = {}
        for key, game in GAMES.items():
            players = NAMES[: Options.preset(game).shape.players]
            made[key] = sessions.create_session(table, {"system": key}, players, 0)
        db.session.commit()
        return {key: row.id for key, row in made.items()}


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(line=LINE)
def test_any_line_is_read_and_answered_never_an_error(app_module, tables, game, line):
    with app_module.app_context():
        read = read_line(sessions.load_session(tables[game]), line)
    assert isinstance(read, LineRead)
    assert read.refused is None or read.refused.strip()
    if read.preview is not None:
        assert not (read.missing or read.ambiguous or read.refused)
