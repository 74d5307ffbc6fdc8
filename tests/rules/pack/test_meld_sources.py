"""Meld rules from our seed documents (RULES 2.10), each an option off in every preset.

Every figure is worked out by hand from the seed text quoted beside it and the single-deck
table of RULES 2.1: run 150, royal marriage 40, marriage 20, pinochle 40 (double 300 with the
bonus), aces / kings / queens / jacks around 100 / 80 / 60 / 40 (1000 / 800 / 600 / 400).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import MeldError, OptionError
from scorekeeper.rules.game.options import OPTION_SPECS, Options
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.meld import (
    check_meld_number,
    format_claims,
    meld_from_cards,
    meld_from_claims,
    meld_points,
    parse_claims,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
BROOKLYN = Options.preset("brooklyn")  # no double bonus, 350, 80
BISON = Options.preset("bison")  # the double bonus on every meld

RUN_H = "AH TH KH QH JH"
ROUNDHOUSE_PLAIN = "KS QS KD QD KC QC"  # with the run's K Q of hearts: K and Q of every suit


def _refused(data: dict) -> OptionError:
    """The refusal of options ``data``."""
    with pytest.raises(OptionError) as caught:
        Options.from_dict(data)
    return caught.value


def _both(hand: str, trump: Suit | None, options: Options) -> int:
    """The meld of ``hand`` by the breakdown, held equal to the fast figure."""
    cards = Hand.parse(hand)
    total = meld_from_cards(cards, trump, options).total
    assert meld_points(cards, trump, options) == total
    return total


# -- 1. a double trump marriage of 400 (Wikipedia, seed 003) -------------------------------
# seed 003_d91946574d289cc1.txt: "'Trump marriage' - king and queen of trump suit - 40 or 4
# points, 80 or 8 for double. In some variations, a double marriage in trump is worth 400".


@pytest.mark.parametrize(
    ("hand", "double_trump_marriage", "total"),
    [
        pytest.param("KH KH QH QH", 80, 80, id="two royal marriages 2 x 40 = 80"),
        pytest.param("KH KH QH QH", 240, 240, id="St Joseph 240"),
        pytest.param("KH KH QH QH", 400, 400, id="Wikipedia 400"),
        pytest.param("AH TH KH KH QH QH JH", 80, 190, id="run 150 + royal marriage 40 = 190"),
        pytest.param("AH TH KH KH QH QH JH", 240, 390, id="run 150 + 240 sharing K Q = 390"),
        pytest.param("AH TH KH KH QH QH JH", 400, 550, id="run 150 + 400 sharing K Q = 550"),
        pytest.param("KH KH QH", 400, 40, id="one K short: a royal marriage 40"),
        pytest.param("KS KS QS QS", 400, 40, id="not trump: two marriages 2 x 20 = 40"),
    ],
)
def test_a_double_trump_marriage_may_be_worth_400(hand, double_trump_marriage, total):
    options = replace(BROOKLYN, double_trump_marriage=double_trump_marriage)
    assert _both(hand, H, options) == total


@pytest.mark.parametrize(
    ("claims", "total"),
    [
        pytest.param("double royal marriage", 400, id="K K Q Q of trump: 400"),
        pytest.param("run, double royal marriage", 550, id="run 150 + 400 = 550"),
    ],
)
def test_a_named_double_trump_marriage_is_400_beside_a_run_too(claims, total):
    options = replace(BROOKLYN, double_trump_marriage=400)
    assert meld_from_claims(parse_claims(claims), H, options).total == total
    check_meld_number(total, options)


def test_the_400_is_refused_with_a_double_deck():
    assert _refused({"system": "double-deck", "double_trump_marriage": 400}).rule == (
        "Double trump marriage 400 is a single deck's custom: set Double trump marriage back "
        "to 80, or Deck to Single deck (48 cards)."
    )


# -- 2. a run with an extra king or queen (the four-player blog, seed 004) -----------------
# seed 004_21fc22b69d668bef.txt: "Run and double marriage J-Q-Q-K-K-10-A of trump 23 points";
# "Run and single marriage J-Q-Q-K-10-A or J-Q-K-K-10-A all of trump 19 points"; "Run
# J-Q-K-10-A of trump 15 points" (written without the trailing zero: 230, 190, 150).

RUN_EXTRAS = replace(BROOKLYN, run_extras=True)


@pytest.mark.parametrize(
    ("hand", "off", "on"),
    [
        pytest.param(RUN_H, 150, 150, id="run alone 150 either way"),
        pytest.param("AH TH KH KH QH JH", 150, 190, id="spare K: 150, or 150 + 40 = 190"),
        pytest.param("AH TH KH QH QH JH", 150, 190, id="spare Q: 150, or 150 + 40 = 190"),
        pytest.param("AH TH KH KH QH QH JH", 190, 230, id="spare K and Q: 190, or 150 + 80"),
        pytest.param("KH KH QH", 40, 40, id="no run: a royal marriage 40 either way"),
        pytest.param(
            "AH AH TH TH KH KH QH QH JH JH", 300, 300, id="double run: no spare card, 2 x 150"
        ),
        pytest.param(
            "AH TH KH KH QH JH 9H", 160, 200, id="spare K and a dix: 150 + 10, or 150 + 40 + 10"
        ),
    ],
)
def test_a_spare_trump_king_or_queen_beside_a_run_adds_40(hand, off, on):
    assert _both(hand, H, BROOKLYN) == off
    assert _both(hand, H, RUN_EXTRAS) == on


@pytest.mark.parametrize(
    ("hand", "roundhouse_with_run", "total"),
    [
        pytest.param(
            f"{RUN_H} {ROUNDHOUSE_PLAIN}", 350, 350,
            id="run and roundhouse share K Q: 150 + 80 + 60 + 3 x 20 = 350",
        ),
        pytest.param(
            f"{RUN_H} {ROUNDHOUSE_PLAIN}", 390, 390,
            id="390: the roundhouse's trump marriage beside the run, 350 + 40",
        ),
        pytest.param(
            f"{RUN_H} KH {ROUNDHOUSE_PLAIN}", 350, 390,
            id="spare K: 350 + 40 = 390",
        ),
        pytest.param(
            f"{RUN_H} KH {ROUNDHOUSE_PLAIN}", 390, 390,
            id="390 and a spare K: the spare's 40 counts the trump marriage, not twice",
        ),
        pytest.param(
            f"{RUN_H} KH QH {ROUNDHOUSE_PLAIN}", 390, 430,
            id="spare K and Q: 150 + 80 + 80 + 60 + 3 x 20 = 430",
        ),
    ],
)  # fmt: skip
def test_run_extras_beside_a_roundhouse(hand, roundhouse_with_run, total):
    options = replace(RUN_EXTRAS, roundhouse_with_run=roundhouse_with_run)
    assert _both(hand, H, options) == total


@pytest.mark.parametrize(
    ("claims", "total"),
    [
        pytest.param("run, extra king", 190, id="run 150 + extra K 40"),
        pytest.param("run, extra queen", 190, id="run 150 + extra Q 40"),
        pytest.param("run, extra king, extra queen", 230, id="run 150 + 40 + 40"),
        pytest.param("run, royal marriage", 190, id="a royal marriage may still be named"),
    ],
)
def test_extra_kings_and_queens_are_named_beside_a_run(claims, total):
    parsed = parse_claims(claims)
    assert format_claims(parsed) == claims  # stored and read back unchanged
    score = meld_from_claims(parsed, H, RUN_EXTRAS)
    assert score.total == total
    check_meld_number(total, RUN_EXTRAS)


def test_the_breakdown_names_the_extra_king_and_queen():
    score = meld_from_cards(Hand.parse("AH TH KH KH QH QH JH"), H, RUN_EXTRAS)
    assert str(score) == "run 150, extra king 40, extra queen 40 = 230"


@pytest.mark.parametrize(
    ("claims", "options", "rule"),
    [
        pytest.param(
            "run, extra king", BROOKLYN,
            "An extra king or queen scores only under the house rule 'Run with extra K or Q'.",
            id="without the option",
        ),
        pytest.param(
            "extra queen", RUN_EXTRAS,
            "An extra king or queen counts beside a single run: name the run.",
            id="without a run",
        ),
        pytest.param(
            "run, extra king, extra king", RUN_EXTRAS,
            "These melds need 3 copies of K♥, but the deck has only two (a card serves only "
            "one meld of each class).",
            id="a third king of trump",
        ),
    ],
)  # fmt: skip
def test_extra_kings_and_queens_that_cannot_be_are_refused(claims, options, rule):
    with pytest.raises(MeldError) as caught:
        meld_from_claims(parse_claims(claims), H, options)
    assert caught.value.rule == rule


@pytest.mark.parametrize(
    ("data", "name", "rule"),
    [
        pytest.param(
            {"system": "brooklyn", "run_extras": True, "double_trump_marriage": 240},
            "run_extras",
            "'Run with extra K or Q' and 'Double trump marriage' clash: both price a run's "
            "spare trump K and Q: 230 beside the run, or the double marriage sharing the run's "
            "K and Q (390).",
            id="with St Joseph's 240",
        ),
        pytest.param(
            {"system": "brooklyn", "run_extras": True, "double_trump_marriage": 400},
            "run_extras",
            "'Run with extra K or Q' and 'Double trump marriage' clash: both price a run's "
            "spare trump K and Q: 230 beside the run, or the double marriage sharing the run's "
            "K and Q (550).",
            id="with Wikipedia's 400",
        ),
        pytest.param(
            {"system": "double-deck", "run_extras": True},
            "run_extras",
            "Run with extra K or Q On is a single deck's custom: set Run with extra K or Q back "
            "to Off, or Deck to Single deck (48 cards).",
            id="with a double deck",
        ),
    ],
)
def test_run_extras_refuse_the_options_pricing_the_same_cards(data, name, rule):
    refusal = _refused(data)
    assert refusal.where.option == name
    assert refusal.rule == rule


# -- 3. the double meld bonus meld by meld (Bison, seed 001) -------------------------------
# seed 001_4a0caaf70a615e09.txt: "Some play with no special score for some or all of the
# double melds, so that for example a double rope may be worth only 300."

DOUBLE_RUN_AND_ACES = "AH AH TH TH KH KH QH QH JH JH AS AD AC"


def _bonus(*melds: str) -> Options:
    return replace(BISON, double_bonus_melds=melds)


@pytest.mark.parametrize(
    ("hand", "trump", "options", "total"),
    [
        pytest.param(
            DOUBLE_RUN_AND_ACES, H, BISON, 1600, id="every meld: double run 1500 + aces 100"
        ),
        pytest.param(
            DOUBLE_RUN_AND_ACES, H, _bonus("pinochle", "aces", "kings", "queens", "jacks"), 400,
            id="not the run: 2 x 150 + aces 100 = 400",
        ),
        pytest.param(DOUBLE_RUN_AND_ACES, H, _bonus("run"), 1600, id="the run only: 1500 + 100"),
        pytest.param("QS QS JD JD", H, _bonus("run"), 80, id="double pinochle 2 x 40 = 80"),
        pytest.param("QS QS JD JD", H, _bonus("pinochle"), 300, id="double pinochle 300"),
        pytest.param(
            "AS AS AH AH AD AD AC AC", C, _bonus("run"), 200, id="eight aces 2 x 100 = 200"
        ),
        pytest.param(
            "KS KS KH KH KD KD KC KC", None, _bonus("aces"), 160,
            id="eight kings, no trump, kings not listed: 2 x 80 = 160",
        ),
        pytest.param(
            "KS KS KH KH KD KD KC KC", None, _bonus("kings"), 800,
            id="eight kings, no trump, kings listed: 800",
        ),
        pytest.param(
            "JS JS JH JH JD JD JC JC QS QS", S, _bonus("jacks"), 400 + 80,
            id="jacks listed 400, pinochles not: 2 x 40 = 80",
        ),
    ],
)  # fmt: skip
def test_the_double_bonus_is_chosen_meld_by_meld(hand, trump, options, total):
    assert _both(hand, trump, options) == total


def test_without_the_bonus_the_list_changes_nothing_and_is_refused_when_changed():
    # a stored false still means no bonus at all
    off = Options.from_dict({"system": "bison", "double_meld_bonus": False})
    assert _both(DOUBLE_RUN_AND_ACES, H, off) == 400  # 2 x 150 + 100
    assert _refused(
        {"system": "bison", "double_meld_bonus": False, "double_bonus_melds": "run"}
    ).rule == (
        "'Doubles with the bonus' and 'Double meld bonus' clash: the melds listed score their "
        "big double only when the bonus is on."
    )


def test_the_bonus_with_no_meld_listed_is_refused():
    assert _refused({"system": "bison", "double_bonus_melds": "none"}).rule == (
        "'Doubles with the bonus' and 'Double meld bonus' clash: with no meld listed the bonus "
        "changes nothing: turn it off instead."
    )


def test_a_stored_true_still_means_every_double():
    # a session stored before the list existed has only the switch
    on = Options.from_dict({"system": "brooklyn", "double_meld_bonus": True})
    assert on.double_bonus_melds == ("run", "pinochle", "aces", "kings", "queens", "jacks")
    assert _both(DOUBLE_RUN_AND_ACES, H, on) == 1600


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        pytest.param("run, pinochle", "run, pinochle", id="text"),
        pytest.param(["Jacks", "run"], "run, jacks", id="a list, in the table's order"),
        pytest.param("aces aces", "aces", id="named twice"),
    ],
)
def test_the_list_of_doubles_round_trips_through_plain_data(raw, stored):
    options = Options.from_dict({"system": "bison", "double_bonus_melds": raw})
    data = options.to_dict()
    assert data["double_bonus_melds"] == stored
    assert Options.from_dict(data) == options
    spec = OPTION_SPECS["double_bonus_melds"]
    assert spec.parse(spec.format(options.double_bonus_melds)) == options.double_bonus_melds


def test_a_meld_the_list_does_not_know_is_refused():
    assert _refused({"system": "bison", "double_bonus_melds": "run, marriage"}).rule == (
        "Doubles with the bonus: 'marriage' is not one of run, pinochle, aces, kings, queens, "
        "jacks."
    )


@pytest.mark.parametrize(
    ("melds", "total"),
    [
        pytest.param(("run",), 1500, id="listed: 1500"),
        pytest.param(("pinochle",), 300, id="not listed: 2 x 150 = 300"),
    ],
)
def test_a_named_double_run_scores_as_the_list_says(melds, total):
    options = _bonus(*melds)
    assert meld_from_claims(parse_claims("double run"), H, options).total == total
    check_meld_number(total, options)


# -- 4. a double marriage in a plain suit (Bison, seed 001) --------------------------------
# seed 001_4a0caaf70a615e09.txt: "some add special scores for double marriages" (no figure:
# the table types its own; 300 here is a table's choice).

DOUBLE_MARRIAGE_300 = replace(BISON, double_marriage_value=300)


@pytest.mark.parametrize(
    ("hand", "trump", "total"),
    [
        pytest.param("KH KH QH QH", S, 300, id="K K Q Q of hearts, spades trump: 300"),
        pytest.param("KH QH", S, 20, id="a single marriage stays 20"),
        pytest.param("KH KH QH", S, 20, id="one K short: a marriage 20"),
        pytest.param("KH KH QH QH KD KD QD QD", S, 600, id="two suits: 300 + 300"),
        pytest.param("KS KS QS QS", S, 80, id="in trump: two royal marriages 80"),
        pytest.param("KH KH QH QH", None, 300, id="no trump: hearts is a plain suit, 300"),
    ],
)
def test_a_plain_double_marriage_scores_the_tables_figure(hand, trump, total):
    assert _both(hand, trump, DOUBLE_MARRIAGE_300) == total


def test_a_named_double_marriage_scores_the_tables_figure():
    claims = parse_claims("double marriage H, pinochle")
    assert meld_from_claims(claims, S, DOUBLE_MARRIAGE_300).total == 340  # 300 + 40
    check_meld_number(340, DOUBLE_MARRIAGE_300)


def test_the_double_marriage_figure_is_typed_at_the_tables_scale():
    options = Options.from_dict(
        {"system": "partnership", "scale": 10, "double_marriage_value": "300"}
    )
    assert options.double_marriage_value == 300
    spec = OPTION_SPECS["double_marriage_value"]
    assert spec.format(300, scale=10) == "30"
    assert spec.parse("30", scale=10) == 300


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        pytest.param(
            {"system": "bison", "double_marriage_value": 30},
            "Double marriage in a plain suit is 0 (two marriages) or at least 40, a multiple "
            "of 10.",
            id="below two marriages",
        ),
        pytest.param(
            {"system": "bison", "double_marriage_value": 305},
            "Double marriage in a plain suit is 0 (two marriages) or at least 40, a multiple "
            "of 10.",
            id="not a multiple of 10",
        ),
        pytest.param(
            {"system": "double-deck", "double_marriage_value": 300},
            "Double marriage in a plain suit 30 is a single deck's custom: set Double marriage "
            "in a plain suit back to Two marriages, or Deck to Single deck (48 cards).",
            id="a double deck, written at its scale 10",
        ),
    ],
)
def test_a_double_marriage_figure_that_cannot_be_is_refused(data, rule):
    assert _refused(data).rule == rule


def test_every_preset_leaves_the_source_rules_off():
    for system in ("brooklyn", "hoyle", "bison", "partnership", "two-handed", "double-deck"):
        options = Options.preset(system)
        assert options.double_marriage_value == 0
        assert options.run_extras is False
        assert options.double_trump_marriage == 80
        assert options.double_bonus_melds == (
            "run", "pinochle", "aces", "kings", "queens", "jacks",
        )  # fmt: skip
