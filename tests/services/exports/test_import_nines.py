"""The import of a session dealt from two packs with nines (RULES 2.11): a round trip keeps
meld typed as cards with four nines, and a file whose cards the 96 cards cannot hold is
refused, nothing saved."""

from __future__ import annotations

import json

import reportsessions as rs

from scorekeeper.services.exports import imports
from scorekeeper.services.exports.json_export import session_json
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table

from .files import exported
from .test_imports import _refused, entries_by_name, every_figure

SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
BOB = "KC KC QC QC 9C 9C 9C 9C"


def six_with_nines() -> int:
    """Six-handed (scale 10, 20 on the board and in tricks) from two packs with nines.

    Hand 1: Ann deals, Bob bids 60 in clubs. Bob lays down K K Q Q of clubs and four nines of
    clubs: double royal marriage 30 and four dix 4 x 1, 34; Dee names a run, 15; Bob, Dee and
    Fay take 28 in tricks: 34 + 15 + 28 = 77, made, +77. Ann, Cal and Eve meld 25 and take
    49 - 28 = 21: 25 + 21 = +46.
    """
    row = create_session(default_table(), {"system": "six-handed", "deck": "double-nines"}, SIX, 0)
    rs._add(row.id, declarer="Bob", bid=60, trump="C",
            melds={"Bob": ("cards", BOB), "Dee": ("claims", "run"), "Ann": ("number", "25")},
            tricks=28)  # fmt: skip
    return row.id


def test_a_round_trip_keeps_four_nines_laid_down_from_two_packs(ctx):
    original = six_with_nines()
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    assert imported.note is None
    entry = entries_by_name(imported.session_id)[0]
    assert entry["melds"]["Bob"] == {"mode": "cards", "text": BOB}
    figures = every_figure(imported.session_id)
    assert figures == every_figure(original)
    assert sorted(points for _, points in figures["balances"]) == [460, 770]


def test_a_file_laying_down_a_fifth_nine_is_refused(ctx):
    data = exported(six_with_nines())
    bob = next(p["id"] for p in data["session"]["players"] if p["name"] == "Bob")
    data["events"][0]["entry"]["melds"][str(bob)]["text"] = f"{BOB} 9C"
    assert "5 copies of 9C (9♣): a 96-card pack has only four." in _refused(json.dumps(data))
