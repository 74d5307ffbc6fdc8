"""The line the app says for a hand reads back to the same hand (issue 29's round trip), in
every registered game: ``say_hand`` and ``read_hand`` are a pair.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.game.variant import GAMES
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld, Reading, say_hand


def hands_of(game: str) -> list[Reading]:
    """Hands of every shape the game's form takes, from the game's options and seats."""
    at = table(game)
    asks, options = at.asks, at.options
    ids = [seat.id for seat in at.seats]
    heads = [team[0] for team in at.teams]
    if asks.meld_each:
        meld = tuple(Meld(pid, 20 * (i + 1)) for i, pid in enumerate(ids))
    else:
        meld = (Meld(None, 60),)
    if asks.takes_each:
        played = {"takes": tuple((pid, 5 + i) for i, pid in enumerate(ids))}
        if asks.last_trick_apart:  # without a bid the takes hold the last trick (RULES 6.4)
            played["last_trick"] = ids[-1]
    elif asks.takes_by_team:
        played = {"takes": tuple((head, 10 + i) for i, head in enumerate(heads))}
    else:
        played = {"tricks": options.to_table(150)}
    hands = [Reading(outcome=Outcome.MISDEAL), Reading(trump=Suit.DIAMONDS, melds=meld, **played)]
    if asks.bid:
        bid = options.to_table(options.min_bid)
        hands += [
            Reading(declarer=ids[1], bid=bid, trump=Suit.SPADES, outcome=o)
            for o in sorted(asks.outcomes, key=lambda o: o.value)
            if o not in (Outcome.MISDEAL, Outcome.ALL_PASS)
        ]
        hands.append(
            Reading(declarer=ids[0], bid=bid, trump=Suit.CLUBS, outcome=Outcome.MADE, melds=meld,
                    **played)
        )  # fmt: skip
    if Outcome.ALL_PASS in asks.outcomes:
        hands.append(Reading(outcome=Outcome.ALL_PASS))
    if asks.side_meld:
        hands.append(Reading(trump=Suit.HEARTS, melds=tuple(Meld(h, 30, True) for h in heads)))
    return hands


CASES = [(game, hand) for game in GAMES for hand in hands_of(game)]


@pytest.mark.parametrize(
    ("game", "hand"), CASES, ids=[f"{game}-{i}" for i, (game, _) in enumerate(CASES)]
)
def test_the_apps_own_words_for_a_hand_read_back_to_the_same_hand(game, hand):
    at = table(game)
    line = say_hand(hand, at)
    back = read(line, at)
    assert back.ambiguous == () and back.unknown_words == (), line
    assert back.fields() == hand.fields(), line


def test_a_hand_is_said_in_the_tables_words():
    at = table("brooklyn")
    hand = Reading(declarer=2, bid=350, trump=Suit.SPADES, outcome=Outcome.MADE)
    assert say_hand(hand, at) == "made, Bob at 350, spades"


def test_names_that_are_words_read_back_to_the_same_hand():
    at = table("brooklyn", ("Made", "Bid", "Spades"))
    hand = Reading(declarer=1, bid=300, trump=Suit.SPADES, outcome=Outcome.MADE)
    assert read(say_hand(hand, at), at).fields() == hand.fields()


@pytest.mark.parametrize("game", ["two-handed", "cutthroat"])
def test_without_a_bid_the_last_trick_is_not_said_apart_from_the_takes(game):
    # each take holds the last trick (RULES 6.4): "last trick Ann" after takes of 5, 6...
    # (neither 250 nor 240) would read back as a question, so the app does not say it
    at = table(game)
    hand = Reading(takes=tuple((seat.id, 5) for seat in at.seats), last_trick=1)
    line = say_hand(hand, at)
    assert "last trick" not in line
    assert read(line, at).ambiguous == ()


def test_with_a_bid_the_last_trick_is_said_apart():
    at = table("bison")
    hand = Reading(takes=((1, 12), (2, 8), (3, 5)), last_trick=1)
    assert say_hand(hand, at).endswith(", last trick Ann")
