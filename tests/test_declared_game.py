"""A game declared only here plays an evening through the engine, the pages and the API.

The game: **six players in three teams of two on the 80-card double deck, game to 400**
(``three-pairs``), with bidding and pagat's "Minimum 20 to score" contract of the double-deck
presets (RULES 6.3). It is new: no preset seats ``6/2`` (RULES 1.3's table lists it with no
preset; ``six-handed`` is ``6/3``, two teams of three) and none plays to 400 (the double-deck
presets play to 500). Validation accepts it: a double deck seats ``4/2``, ``6/2``, ``6/3``,
``8/2`` and ``8/4`` (``rules/game/validation.py`` ``DOUBLE_DECK_SHAPES``), and a shape with
teams belongs to a game scored by sides. Three-handed cutthroat on the double deck, the first
idea, is refused there: a double deck does not seat ``3``.

The game is a ``Game`` value registered by a module fixture and unregistered after; nothing in
the package names it. The package is imported (an app built) before the game is declared, as
in any process that declares a game once started, and the apps the tests use are built after.

One evening of six hands, worked by hand from RULES 6.2 and 6.3 below, is played three times:
replayed by ``scorekeeper.rules``, entered through the hand form (the session page, the
history, the CSV and the report checked), and posted through ``/api/v1``; each must give the
same running scores. The new-session form offers and starts it, and the API's document lists it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from webhelpers import (
    classes,
    dispose,
    figures,
    migrated_app,
    new_session,
    page_text,
    parse,
    save_hand,
    shown_value,
    text_of,
)

from scorekeeper.rules.evening.games import Ending
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.choices import AllPass, CardValues
from scorekeeper.rules.game.contract import MeldSave
from scorekeeper.rules.game.ladder import Rung
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.game.variant import GAMES, POINTS_BY_SIDES, Game, register, unregister
from scorekeeper.rules.hand.hands import HandInput, MeldNumber
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.tricks import TrickShares

THREE_PAIRS = Game(
    "three-pairs",
    "Six-handed in three pairs (double deck, to 400)",
    POINTS_BY_SIDES,
    dict(
        deck=Deck.DOUBLE,
        shape=Shape(6, 2),  # seats 1 4, 2 5, 3 6 partners (RULES 1.3)
        trump_needs_meld=True,
        meld_minimum=200,  # 20 as written: meld under it is not on the board
        meld_saved_by=MeldSave.POINTS,
        meld_save_points=200,  # 20 in tricks saves the meld; under it a team scores nothing
        bidders_save_meld=True,
        card_values=CardValues.COUNTERS,
        scale=10,  # written as tables write the double deck: 50 a hand in tricks
        min_bid=500,
        bid_rungs=(Rung(600, 50),),  # 50 to 59 by ones, from 60 in fives
        all_pass=AllPass.THROW_IN,
        target=4000,  # 400 as written
    ),
)

PLAYERS = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay")  # clockwise; Ann deals first
AD, BE, CF = "Ann & Dee", "Bob & Eve", "Cal & Fay"  # seats 1 4, 2 5, 3 6
HEADS = {AD: "Ann", BE: "Bob", CF: "Cal"}  # each team's tricks are entered under its first seat
TEAMS = {AD: Team(("Ann", "Dee")), BE: Team(("Bob", "Eve")), CF: Team(("Cal", "Fay"))}

# The evening, every figure as the table writes it (scale 10: a counter 1, 50 a hand in tricks,
# the meld of RULES 2.9 without its trailing zero). The contract (RULES 6.3, "Minimum 20 to
# score"): a team's meld under 20 is not on the board; a team under 20 in tricks scores nothing
# at all for the hand; the bidders' meld counts toward the bid only when saved; a made bid adds
# meld and tricks, a set one subtracts the bid and loses the meld; a concession costs the bid
# and each other team scores its meld on the board (surrender `meld`). Game to 400: a team past
# it alone wins (RULES 6.2).
HANDS: list[dict] = [
    # 1. Ann deals; Bob bids 60 in hearts. Meld Bob 25 (run 15, aces around 10) + Eve 10 (aces
    #    around) = 35; Ann 12 (aces 10, a marriage 2) + Dee 6 (queens around) = 18; Cal 20 (aces
    #    10, kings 8, a marriage 2) + Fay 4 (a pinochle) = 24. Tricks B&E 26, A&D 14, C&F 10.
    #    B&E: 35 + 26 = 61 >= 60, made: +61. A&D took 14 < 20: 0. C&F took 10 < 20: 0.
    #    Running: A&D 0, B&E 61, C&F 0.
    dict(
        declarer="Bob", bid=60, trump="H",
        meld={"Bob": 25, "Eve": 10, "Ann": 12, "Dee": 6, "Cal": 20, "Fay": 4},
        takes={AD: 14, BE: 26, CF: 10},
        running={AD: 0, BE: 61, CF: 0},
    ),
    # 2. Bob deals; Cal bids 55 in spades. Meld Cal 30 (double pinochle) + Fay 15 (a run) = 45;
    #    Ann 20 + Dee 8 (kings around) = 28; Bob 10 + Eve 4 = 14. Tricks C&F 22, A&D 20, B&E 8.
    #    C&F: 45 + 22 = 67 >= 55, made: +67. A&D: 28 on the board, 20 in tricks saves it:
    #    28 + 20 = +48. B&E took 8 < 20: 0.
    #    Running: A&D 0 + 48 = 48, B&E 61, C&F 0 + 67 = 67.
    dict(
        declarer="Cal", bid=55, trump="S",
        meld={"Cal": 30, "Fay": 15, "Ann": 20, "Dee": 8, "Bob": 10, "Eve": 4},
        takes={AD: 20, BE: 8, CF: 22},
        running={AD: 48, BE: 61, CF: 67},
    ),
    # 3. Cal deals; Dee bids 70 in diamonds. Meld Dee 30 + Ann 14 (aces 10, a pinochle 4) = 44;
    #    Bob 22 (aces 10, kings 8, a pinochle 4) + Eve 0 = 22; Cal 10 + Fay 10 = 20. Tricks A&D
    #    21, B&E 19, C&F 10. A&D: 44 + 21 = 65 < 70, set: -70 (the meld lost). B&E took 19 < 20:
    #    0. C&F took 10 < 20: 0 (their 20 would have been on the board).
    #    Running: A&D 48 - 70 = -22, B&E 61, C&F 67.
    dict(
        declarer="Dee", bid=70, trump="D",
        meld={"Dee": 30, "Ann": 14, "Bob": 22, "Cal": 10, "Fay": 10},
        takes={AD: 21, BE: 19, CF: 10},
        running={AD: -22, BE: 61, CF: 67},
    ),
    # 4. Dee deals; Eve bids 65 in clubs and gives up before play. B&E (meld Eve 8 + Bob 10 =
    #    18): -65. A&D meld Ann 20 + Dee 10 = 30, on the board: +30. C&F meld Cal 12 + Fay 0 =
    #    12 < 20, not on the board: 0.
    #    Running: A&D -22 + 30 = 8, B&E 61 - 65 = -4, C&F 67.
    dict(
        declarer="Eve", bid=65, trump="C", outcome="conceded",
        meld={"Eve": 8, "Bob": 10, "Ann": 20, "Dee": 10, "Cal": 12},
        takes=None,
        running={AD: 8, BE: -4, CF: 67},
    ),
    # 5. Eve deals; Fay bids 150 in hearts. Meld Fay 160 (a double run 150, aces around 10) +
    #    Cal 40 (double jacks around) = 200; Ann 20 + Dee 0 = 20; Bob 16 (kings 8, a royal
    #    marriage 4, a pinochle 4) + Eve 0 = 16. Tricks C&F 30, A&D 20, B&E 0. C&F: 200 + 30 =
    #    230 >= 150, made: +230. A&D: 20 is on the board (20 is not under 20) and 20 in tricks
    #    saves it: 20 + 20 = +40. B&E took no trick point: 0.
    #    Running: A&D 8 + 40 = 48, B&E -4, C&F 67 + 230 = 297.
    dict(
        declarer="Fay", bid=150, trump="H",
        meld={"Fay": 160, "Cal": 40, "Ann": 20, "Bob": 16},
        takes={AD: 20, BE: 0, CF: 30},
        running={AD: 48, BE: -4, CF: 297},
    ),
    # 6. Fay deals; Ann bids 60 in spades. Meld Ann 25 + Dee 20 = 45; Cal 100 (double aces
    #    around) + Fay 10 = 110; Bob 12 + Eve 0 = 12. Tricks A&D 25, C&F 25, B&E 0. A&D: 45 + 25
    #    = 70 >= 60, made: +70. C&F: 110 + 25 = +135. B&E: 0.
    #    Running: A&D 48 + 70 = 118, B&E -4, C&F 297 + 135 = 432: C&F alone past 400, and win
    #    game 1 with 432 (A&D 118, B&E -4). The deal passes left to Ann for game 2 (RULES 8,
    #    decision 10), and game 2 starts at 0 each.
    dict(
        declarer="Ann", bid=60, trump="S",
        meld={"Ann": 25, "Dee": 20, "Cal": 100, "Fay": 10, "Bob": 12},
        takes={AD: 25, BE: 0, CF: 25},
        running={AD: 118, BE: -4, CF: 432},
    ),
]  # fmt: skip
FINAL = {AD: 118, BE: -4, CF: 432}
WINNER = CF
DEALERS = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


@pytest.fixture(scope="module")
def three_pairs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Game]:
    """The game registered for this module's tests, forgotten after them.

    An app is built and put away first, so that the whole package has been imported before
    the game is declared, as in any process that declares a game once it has started (and as
    in the whole suite, where other tests built apps before this module): what the package
    read of the games at import is then what a declared game meets.
    """
    dispose(migrated_app(tmp_path_factory.mktemp("before-the-game")))
    game = register(THREE_PAIRS)
    try:
        yield game
    finally:
        unregister(game)


# == the engine ================================================================================


def engine_hand(hand: dict) -> HandInput:
    """A hand of ``HANDS`` in the engine's terms: full points, ten times the table's figures."""
    meld = tuple((player, MeldNumber(10 * figure)) for player, figure in hand["meld"].items())
    takes = hand["takes"]
    tricks = (
        None
        if takes is None
        else TrickShares(tuple((HEADS[team], 10 * points) for team, points in takes.items()))
    )
    return HandInput(
        Outcome(hand["outcome"]) if "outcome" in hand else None,
        hand["declarer"],
        10 * hand["bid"],
        Suit.parse(hand["trump"]),
        meld,
        tricks,
    )


def test_the_registered_game_has_its_preset(three_pairs):
    assert GAMES["three-pairs"] is three_pairs
    assert Game.parse("Three-Pairs") is three_pairs
    options = Options.preset(three_pairs)
    assert options.system is three_pairs
    assert options.shape == Shape(6, 2) and options.deck is Deck.DOUBLE
    assert options.to_table(options.target) == 400
    assert three_pairs.player_range == (6, 6)


def test_the_engine_replays_the_evening(three_pairs):
    options = Options.preset(three_pairs)
    state = replay(SessionSetup(options, PLAYERS, "Ann"), [engine_hand(h) for h in HANDS])
    assert [record.dealer for record in state.hands] == DEALERS
    for number, (record, hand) in enumerate(zip(state.hands, HANDS, strict=True), 1):
        running = {team: record.balance(TEAMS[team]) // 10 for team in TEAMS}
        assert running == hand["running"], f"hand {number}"
    (game,) = state.games
    assert (game.first_hand, game.last_hand) == (1, 6)
    assert game.winner == TEAMS[WINNER]
    assert game.reason.ending is Ending.REACHED
    assert {team: game.score(TEAMS[team]) // 10 for team in TEAMS} == FINAL
    assert state.game == 2
    assert {team: state.balance(TEAMS[team]) for team in TEAMS} == {AD: 0, BE: 0, CF: 0}
    assert state.next_hand.dealer == "Ann"


# == the pages =================================================================================


@pytest.fixture
def app(three_pairs: Game, tmp_path: Path) -> Iterator[Flask]:
    """The app built once the game is registered (whatever it reads of the games at start)."""
    app = migrated_app(tmp_path)
    yield app
    dispose(app)


def form_hand(hand: dict) -> dict:
    """A hand of ``HANDS`` as ``webhelpers.save_hand`` takes it: names and written figures."""
    fields = {key: hand[key] for key in ("declarer", "bid", "trump", "outcome") if key in hand}
    fields["meld"] = {player: str(figure) for player, figure in hand["meld"].items()}
    if hand["takes"] is not None:
        fields["takes"] = {HEADS[team]: points for team, points in hand["takes"].items()}
    return fields


def running_totals(page) -> dict[int, dict[str, int]]:
    """The history page's running totals: hand number -> team -> total, as the page shows."""
    found = {}
    for li in parse(page).iter("li"):
        if "history-hand" not in classes(li):
            continue
        table = li.find("table")
        teams = [text_of(th) for th in table.iter("th")]
        running = next(tr for tr in table.iter("tr") if "running" in classes(tr))
        totals = [signed(text_of(td)) for td in running.iter("td")]
        found[int(li.get("id").removeprefix("hand-"))] = dict(zip(teams, totals, strict=True))
    return found


def signed(text: str) -> int:
    """A figure as the pages write it (``+61``, ``−4`` with a real minus, ``0``)."""
    return int(text.replace("\u2212", "-").replace("+", ""))


def game_over_banner(page) -> tuple[str, list[str]]:
    """The game-over banner's title and each final score as written."""
    banner = next(s for s in parse(page).iter("section") if "game-over" in classes(s))
    scores = [text_of(li) for ul in banner.iter("ul") if "final-scores" in classes(ul) for li in ul]
    return text_of(next(banner.iter("p"))), scores


def test_the_new_session_form_offers_the_game(client):
    page = client.get("/sessions/new")
    assert page.status_code == 200
    offered = {
        button.get("value"): text_of(button)
        for button in parse(page).iter("button")
        if button.get("name") == "choose"
    }
    assert offered["system:three-pairs"] == THREE_PAIRS.label
    # its own form: the preset filled in as the table writes it (game to 400, three pairs)
    page = client.get("/sessions/new?system=three-pairs")
    assert shown_value(page, "system") == "three-pairs"
    assert shown_value(page, "target") == "400"
    assert shown_value(page, "shape") == "6/2"


def test_the_new_session_form_starts_the_game(client):
    sid = new_session(client, "three-pairs", PLAYERS)
    page = client.get(f"/s/{sid}")
    assert THREE_PAIRS.label in page_text(page)
    assert figures(page) == {AD: 0, BE: 0, CF: 0}
    assert "Hand 1 \u00b7 game 1 Ann deals. Bob bids first." in page_text(page)


def test_the_pages_play_the_evening(client):
    sid = new_session(client, "three-pairs", PLAYERS)
    page = client.get(f"/s/{sid}")
    assert THREE_PAIRS.label in page_text(page)
    assert figures(page) == {AD: 0, BE: 0, CF: 0}
    for number, hand in enumerate(HANDS[:-1], 1):
        page = save_hand(client, sid, **form_hand(hand))
        assert figures(page) == hand["running"], f"hand {number}"
    # hand 6 ends game 1: the board starts again at 0, the banner keeps the final scores
    page = save_hand(client, sid, **form_hand(HANDS[-1]))
    assert figures(page) == {AD: 0, BE: 0, CF: 0}
    title, scores = game_over_banner(page)
    assert title == f"\u2605 Game 1 goes to {WINNER}"
    assert scores == [f"{AD} +118", f"{BE} \u22124", f"\u2605 {CF} +432"]
    assert "Cal & Fay reached 400 first, with 432. Ann deals game 2." in page_text(page)
    assert "Hand 7 \u00b7 game 2 Ann deals." in page_text(page)

    history = client.get(f"/s/{sid}/history")
    assert history.status_code == 200
    assert running_totals(history) == {n: h["running"] for n, h in enumerate(HANDS, 1)}

    response = client.get(f"/s/{sid}/hands.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [line["hand"] for line in lines] == ["1", "2", "3", "4", "5", "6"]
    assert [line["dealer"] for line in lines] == DEALERS
    assert [line["declarer"] for line in lines] == [h["declarer"] for h in HANDS]
    assert [int(line["bid"]) for line in lines] == [h["bid"] for h in HANDS]
    assert [{team: int(line[f"{team} total"]) for team in TEAMS} for line in lines] == [
        h["running"] for h in HANDS
    ]

    report = client.get(f"/s/{sid}/print")
    assert report.status_code == 200
    text = page_text(report)
    assert f"Preset: {THREE_PAIRS.label}." in text
    assert "Teams: Ann & Dee against Bob & Eve against Cal & Fay." in text
    assert "Game 1: hands 1 to 6 Won by Cal & Fay." in text


# == the API ===================================================================================


def api_hand(hand: dict, ids: dict[str, int]) -> dict:
    """A hand of ``HANDS`` as ``POST /api/v1/sessions/{id}/hands`` takes it (docs/api.md)."""
    body = {
        "declarer_id": ids[hand["declarer"]],
        "bid": hand["bid"],
        "trump": hand["trump"],
        "melds": [
            {"player_id": ids[player], "mode": "number", "text": str(figure)}
            for player, figure in hand["meld"].items()
        ],
    }
    if "outcome" in hand:
        body["outcome"] = hand["outcome"]
    if hand["takes"] is not None:  # three teams: each team's under its first seat's id
        body["takes"] = [
            {"player_id": ids[HEADS[team]], "taken": points}
            for team, points in hand["takes"].items()
        ]
    return body


def rows(standings: dict) -> dict[str, int]:
    """The standings' figures by holder name."""
    return {row["holder"]["name"]: row["figure"] for row in standings["rows"]}


def test_the_api_lists_the_game_while_registered(client):
    presets = client.get("/api/v1/presets")
    assert presets.status_code == 200
    (preset,) = [p for p in presets.get_json()["presets"] if p["system"] == "three-pairs"]
    assert preset["label"] == THREE_PAIRS.label
    assert preset["players"] == {"min": 6, "max": 6}
    assert preset["partnership"] and preset["cumulative"] and not preset["chip_game"]
    assert preset["hand_size"] == 13  # 80 cards among six, two over (RULES 1.3)
    assert preset["options"]["shape"] == "6/2"
    assert preset["options"]["target"] == 4000  # full points: 400 as written
    options = {o["name"]: o for o in client.get("/api/v1/options").get_json()["options"]}
    assert "three-pairs" in options["shape"]["systems"]
    assert options["shape"]["defaults"]["three-pairs"] == "6/2"
    assert "three-pairs" in options["meld_minimum"]["systems"]  # a team game's contract
    assert "three-pairs" not in options["stake"]["systems"]  # a chip game's option


def test_the_api_document_names_the_game(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert "three-pairs" in document["components"]["schemas"]["GameSystem"]["enum"]


def test_the_api_plays_the_evening(client):
    made = client.post(
        "/api/v1/sessions",
        json={"system": "three-pairs", "players": list(PLAYERS), "first_dealer_seat": 0},
    )
    assert made.status_code == 201, made.get_json()
    session = made.get_json()
    assert (session["system"], session["options"]["shape"]) == ("three-pairs", "6/2")
    sid = session["id"]
    ids = {player["name"]: player["id"] for player in session["players"]}
    assert rows(session["standings"]) == {AD: 0, BE: 0, CF: 0}
    for number, hand in enumerate(HANDS, 1):
        answer = client.post(f"/api/v1/sessions/{sid}/hands", json=api_hand(hand, ids))
        assert answer.status_code == 201, answer.get_json()
        saved = answer.get_json()
        assert saved["hand"]["number"] == number
        assert saved["hand"]["dealer"]["name"] == DEALERS[number - 1]
        totals = {c["holder"]["name"]: c["total"] for c in saved["hand"]["result"]["changes"]}
        assert totals == hand["running"], f"hand {number}"
        if number < len(HANDS):
            assert rows(saved["standings"]) == hand["running"], f"hand {number}"

    standings = client.get(f"/api/v1/sessions/{sid}/standings")
    assert standings.status_code == 200
    board = standings.get_json()
    assert (board["unit"], board["scale"]) == ("points", 10)
    assert rows(board) == {AD: 0, BE: 0, CF: 0}  # game 2 starts at 0
    (game,) = board["games"]
    assert (game["number"], game["first_hand"], game["last_hand"]) == (1, 1, 6)
    assert game["winner"]["name"] == WINNER
    assert {s["holder"]["name"]: s["points"] for s in game["scores"]} == FINAL
    after = board["next_hand"]  # the deal passes left into game 2 (RULES 8, decision 10)
    assert (after["number"], after["game"], after["target"]) == (7, 2, 400)
    assert after["dealer"]["name"] == "Ann"
    listed = client.get(f"/api/v1/sessions/{sid}/hands").get_json()
    assert [h["number"] for h in listed["hands"]] == [1, 2, 3, 4, 5, 6]


def test_the_api_refuses_the_game_once_unregistered(client, three_pairs):
    unregister(three_pairs)
    try:
        presets = client.get("/api/v1/presets").get_json()["presets"]
        assert "three-pairs" not in {p["system"] for p in presets}
        refused = client.post(
            "/api/v1/sessions", json={"system": "three-pairs", "players": list(PLAYERS)}
        )
        assert refused.status_code == 422
        assert [e["field"] for e in refused.get_json()["errors"]] == ["system"]
    finally:
        register(three_pairs)
    assert GAMES["three-pairs"] is three_pairs
