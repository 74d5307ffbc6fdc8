"""The session file's schema (services/exports/session_file.py): what it refuses and in which
words. Every refusal names where in the file and what is wrong, in the project's words, never
in pydantic's; a file of any shape is either read or refused, never a crash.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
import reportsessions as rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services.entries import MeldText
from scorekeeper.services.exports import imports
from scorekeeper.services.exports.imports import ImportRefused, read_session_file
from scorekeeper.services.tables import default_table

from .files import exported

PYDANTICS_WORDS = (
    "Input should", "Value error", "String should", "Field required", "Extra inputs",
    "[key]", "Unable to extract", "session_file_refused", "List should", "Dictionary should",
)  # fmt: skip


def refusal(data: dict | str) -> str:
    """What ``read_session_file`` says of ``data`` (a file's JSON data or its text)."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(ImportRefused) as caught:
        read_session_file(text)
    return caught.value.rule


def entry(data: dict, number: int = 1) -> dict:
    """The entry of event ``number`` (1 is the first)."""
    return data["events"][number - 1]["entry"]


def player_id(data: dict, name: str) -> int:
    return next(p["id"] for p in data["session"]["players"] if p["name"] == name)


@pytest.fixture
def brooklyn(ctx) -> dict:
    """Brooklyn: Bob makes 350 in spades, Cal is set at 300 in hearts (two events)."""
    return exported(rs.brooklyn())


@pytest.fixture
def bison(ctx) -> dict:
    """Bison: four hands, melds typed as cards, numbers and named melds, takes by player."""
    return exported(rs.bison())


@pytest.fixture
def hoyle_file(ctx) -> dict:
    """Hoyle: Bob makes 350 in spades with 190 meld (typed as a number) and 170 in tricks."""
    return exported(rs.hoyle())


# -- what the schema checks that the hand-written checks did not ------------------------------
# The same bounds and names as the API's HandBody: ids from 1, figures from 0 to 99999, trump
# S, H, D or C, the eight outcomes, meld text up to 300 characters. (The table is checked with
# KEPT's, below.)

NEWLY_REFUSED: list[tuple[str, Callable[[dict], object], str]] = [
    ("a player id of 0", lambda d: d["session"]["players"][1].update(id=0),
     "Player 2's id must be at least 1, not 0."),
    ("a negative bid", lambda d: entry(d).update(bid=-350),
     "Event 1: bid must be at least 0, not -350."),
    ("tricks past 99999", lambda d: entry(d).update(tricks=100_000),
     "Event 1: tricks must be at most 99999, not 100000."),
    ("a lower-case trump", lambda d: entry(d).update(trump="s"),
     'Event 1: trump must be S, H, D or C, not "s".'),
    ("an outcome not among the nine", lambda d: entry(d).update(outcome="won"),
     "Event 1: outcome must be made, set, played, conceded, forfeit, opponents-conceded, "
     'renege, all-pass or misdeal, not "won".'),
    ("a declarer id of 0", lambda d: entry(d).update(declarer=0),
     "Event 1: declarer must be at least 1, not 0."),
    ("a meld of 301 characters",
     lambda d: entry(d).update(melds={str(player_id(d, "Bob")): {"text": "9" * 301}}),
     "Event 1: the meld of player {Bob} must be at most 300 characters, not 301."),
    ("a hand without its entry", lambda d: d["events"][1].pop("entry"),
     "Event 2 has no entry."),
    ("an event without a kind", lambda d: d["events"][1].pop("kind"),
     "Event 2 has no kind; events are hands or leaves."),
    ("a player without an id", lambda d: d["session"]["players"][2].pop("id"),
     "Player 3 has no id."),
]  # fmt: skip


def test_a_negative_take_is_refused_naming_the_player(bison):
    cal = player_id(bison, "Cal")
    entry(bison, 2)["takes"][str(cal)] = -1
    assert refusal(bison) == f"Event 2: counters of player {cal} must be at least 0, not -1."


def test_half_a_surrogate_pair_in_a_name_is_refused_as_not_json(brooklyn):
    text = json.dumps(brooklyn).replace('"Cal"', '"\\ud800"')
    assert refusal(text).startswith("This is not a session file: it is not JSON (")


def test_a_meld_without_its_mode_reads_as_a_number_as_the_api_does(hoyle_file):
    bob = player_id(hoyle_file, "Bob")
    del entry(hoyle_file)["melds"][str(bob)]["mode"]
    parsed = read_session_file(json.dumps(hoyle_file))
    assert parsed.events[0][1].melds == {bob: MeldText("number", "190")}
    imported = imports.import_session(default_table(), json.dumps(hoyle_file))
    assert imported.note is None  # Bob's 190 meld gives the figures the file recorded


# -- the refusals the hand-written checks gave, in the same words ------------------------------

KEPT: list[tuple[str, Callable[[dict], object], str]] = [
    ("an object without a format", lambda d: d.clear() or d.update(x=1),
     'This is not a Scorekeeper session file (it has no "format": "scorekeeper-session"). '
     "Export one from a session's history page."),
    ("a version that is true", lambda d: d.update(version=True),
     "The file has no format version number."),
    ("a version of 0", lambda d: d.update(version=0),
     "The file has no format version number."),
    ("no session", lambda d: d.pop("session"), "The file has no session."),
    ("players that are not a list", lambda d: d["session"].update(players={"1": "Ann"}),
     "The file lists no players."),
    ("a player's id as text", lambda d: d["session"]["players"][0].update(id="1"),
     'Player 1\'s id must be a whole number, not "1".'),
    ("a player id twice", lambda d: d["session"]["players"][1].update(
        id=d["session"]["players"][0]["id"]),
     "Player id {Ann} is listed twice."),
    ("options for another game", lambda d: d["session"]["options"].update(system="hoyle"),
     "The options are for hoyle, the session for brooklyn."),
    ("options that are a list", lambda d: d["session"].update(options=[]),
     "The options must be an object, not a list."),
    ("no first dealer", lambda d: d["session"].update(first_dealer=None),
     "The file does not say who dealt first."),
    ("a date that is not one", lambda d: d["session"].update(created_at="last Friday"),
     "The session's date is not a date and time: 'last Friday'."),
    ("events that are not a list", lambda d: d.update(events={}),
     "The file has no list of events."),
    ("too many events", lambda d: d.update(events=d["events"] * 2501),
     "The file has more than 5000 events."),
    ("an event that is a number", lambda d: d["events"].append(7),
     "Event 3 must be an object, not 7."),
    ("a leave without its player", lambda d: d["events"].append({"kind": "leave"}),
     "Event 3 does not say who left."),
    ("a leave by a stranger", lambda d: d["events"].append({"kind": "leave", "player": 999}),
     "Event 3: the player leaving names player 999, who is not among the file's players."),
    ("a bid that is true", lambda d: entry(d).update(bid=True),
     "Event 1: bid must be a whole number, not true."),
    ("a bid with a decimal point", lambda d: entry(d).update(bid=350.0),
     "Event 1: bid must be a whole number, not 350.0."),
    ("a takeover that is not true or false", lambda d: entry(d).update(takeover="yes"),
     'Event 1: takeover must be true or false, not "yes".'),
    ("two fields this version does not know", lambda d: entry(d).update(zed=1, ace=2),
     "Event 1 has fields this version does not know: ace, zed."),
    ("takes keyed by a word", lambda d: entry(d).update(takes={"Bob": 12}),
     "Event 1: takes: 'Bob' is not a player id."),
    ("takes of a stranger", lambda d: entry(d).update(takes={"999": 12}),
     "Event 1: takes names player 999, who is not among the file's players."),
    ("a take that is text", lambda d: entry(d).update(takes={str(player_id(d, "Bob")): "12"}),
     'Event 1: counters of player {Bob} must be a whole number, not "12".'),
    ("a meld that is a number", lambda d: entry(d).update(melds={str(player_id(d, "Bob")): 190}),
     "Event 1: the meld of player {Bob} must be an object, not 190."),
    ("a meld typed some other way",
     lambda d: entry(d).update(melds={str(player_id(d, "Bob")): {"mode": "hum", "text": "1"}}),
     'Event 1: the meld of player {Bob} is entered by number, cards, claims or side, not "hum".'),
    ("a meld without its text",
     lambda d: entry(d).update(melds={str(player_id(d, "Bob")): {"mode": "number"}}),
     "Event 1: the meld of player {Bob} has no text."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=label) for label, change, message in NEWLY_REFUSED + KEPT],
)
def test_a_file_of_the_wrong_shape_is_refused_in_the_projects_words(brooklyn, change, message):
    ids = {p["name"]: p["id"] for p in brooklyn["session"]["players"]}
    change(brooklyn)
    assert refusal(brooklyn) == message.format(**ids)


# -- any shape at all --------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def places(data: object, path: tuple = ()) -> Iterator[tuple]:
    """Every place in ``data``: the keys and indexes leading to it."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from places(value, (*path, index))


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(choice=st.data())
def test_any_change_to_a_file_is_read_or_refused_in_the_projects_words(bison, choice):
    data = json.loads(json.dumps(bison))
    for _ in range(choice.draw(st.integers(1, 3), label="changes")):
        path = choice.draw(st.sampled_from(list(places(data))[1:]), label="place")
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if choice.draw(st.booleans(), label="remove") and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = choice.draw(JSON_VALUES, label="value")
    try:
        read_session_file(json.dumps(data))
    except ImportRefused as refused:
        words = refused.rule
        assert not any(raw in words for raw in PYDANTICS_WORDS), words
        assert words[:1].isupper() and words.endswith((".", ")")), words
