"""The deck: which cards a pack holds and how many each player gets."""

import pytest

from scorekeeper.rules.pack.cards import Card
from scorekeeper.rules.pack.deck import Deck


@pytest.mark.parametrize(
    ("deck", "size", "copies", "counters"),
    [
        pytest.param(Deck.SINGLE, 48, 2, 24, id="single-48-cards-24-counters"),
        pytest.param(Deck.DOUBLE, 80, 4, 48, id="double-80-cards-48-counters"),
    ],
)
def test_a_deck_counts_its_cards(deck: Deck, size: int, copies: int, counters: int) -> None:
    assert (deck.size, deck.copies, deck.counters) == (size, copies, counters)


@pytest.mark.parametrize(
    ("deck", "card", "held"),
    [
        pytest.param(Deck.SINGLE, "9S", True, id="single-holds-nines"),
        pytest.param(Deck.DOUBLE, "9S", False, id="double-has-no-nines"),
        pytest.param(Deck.DOUBLE, "JD", True, id="double-holds-jacks"),
    ],
)
def test_a_double_deck_has_no_nines(deck: Deck, card: str, held: bool) -> None:
    assert deck.holds(Card.parse(card)) is held


@pytest.mark.parametrize(
    ("deck", "dealt_in", "widow", "cards"),
    [
        pytest.param(Deck.SINGLE, 3, 3, 15, id="three-handed-15-and-a-widow-of-3"),
        pytest.param(Deck.SINGLE, 4, 0, 12, id="single-deck-four-12-each"),
        pytest.param(Deck.SINGLE, 2, 24, 12, id="two-handed-12-each-24-in-stock"),
        pytest.param(Deck.DOUBLE, 4, 0, 20, id="double-deck-four-20-each"),
        pytest.param(Deck.DOUBLE, 8, 0, 10, id="double-deck-eight-10-each"),
    ],
)
def test_each_player_holds_the_deck_shared_out(
    deck: Deck, dealt_in: int, widow: int, cards: int
) -> None:
    assert deck.hand_size(dealt_in, widow) == cards


@pytest.mark.parametrize(
    ("dealt_in", "cards"),
    [
        pytest.param(6, 16, id="six-players-16-each"),
        pytest.param(8, 12, id="eight-players-12-each-not-the-printed-16"),
    ],
)
def test_two_packs_with_nines_share_96_cards_out(dealt_in: int, cards: int) -> None:
    assert Deck.NINES.hand_size(dealt_in) == cards


def test_two_packs_with_nines_hold_every_card_four_times() -> None:
    # 4 suits x 6 ranks x 4 copies = 96; 4 x 3 x 4 = 48 aces, tens and kings; a nine too.
    deck = Deck.NINES
    assert (deck.size, deck.copies, deck.counters) == (96, 4, 48)
    assert deck.holds(Card.parse("9S"))
    assert (deck.value, deck.label) == ("double-nines", "Two packs with nines (96 cards)")


@pytest.mark.parametrize(
    ("deck", "last_trick", "total"),
    [
        pytest.param(Deck.SINGLE, 10, 250, id="single-240-and-10"),
        pytest.param(Deck.DOUBLE, 20, 500, id="double-48-counters-and-20"),
        pytest.param(Deck.NINES, 10, 490, id="nines-2-x-240-and-10"),
    ],
)
def test_a_deck_totals_its_trick_points(deck: Deck, last_trick: int, total: int) -> None:
    assert (deck.last_trick, deck.trick_points) == (last_trick, total)
