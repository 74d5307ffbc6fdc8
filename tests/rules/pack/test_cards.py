"""Cards and their notation (RULES section 1).

48 cards: two copies of A T K Q J 9 in each of S H D C. Notation: rank first, rank
``A T K Q J 9`` (also ``10``), suit ``S H D C`` (also ``♠ ♥ ♦ ♣``), case-insensitive; anything
else is a clear error naming the bad token. A hand never holds more than two copies of a card.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import (
    CardCopiesError,
    CardNotationError,
    HandSizeError,
    Part,
    RuleError,
    Where,
)
from scorekeeper.rules.pack.cards import DECK, Card, Hand, Rank, Suit, parse_cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

# -- one card --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "suit", "rank", "written"),
    [
        pytest.param("AS", S, Rank.ACE, "AS", id="AS is the ace of spades"),
        pytest.param("TD", D, Rank.TEN, "TD", id="TD is the ten of diamonds"),
        pytest.param("10D", D, Rank.TEN, "TD", id="10D is the ten of diamonds, written TD"),
        pytest.param("9♣", C, Rank.NINE, "9C", id="9♣ is the nine of clubs, written 9C"),
        pytest.param("KH", H, Rank.KING, "KH", id="KH is the king of hearts"),
        pytest.param("QS", S, Rank.QUEEN, "QS", id="QS is the queen of spades"),
        pytest.param("JD", D, Rank.JACK, "JD", id="JD is the jack of diamonds"),
        pytest.param("qs", S, Rank.QUEEN, "QS", id="lower case qs"),
        pytest.param("Jd", D, Rank.JACK, "JD", id="mixed case Jd"),
        pytest.param("td", D, Rank.TEN, "TD", id="lower case td"),
        pytest.param("10h", H, Rank.TEN, "TH", id="lower case 10h"),
        pytest.param("a♠", S, Rank.ACE, "AS", id="lower case rank with a symbol"),
        pytest.param("K♥", H, Rank.KING, "KH", id="heart symbol"),
        pytest.param("J♦", D, Rank.JACK, "JD", id="diamond symbol"),
        pytest.param("10♠", S, Rank.TEN, "TS", id="10 with the spade symbol"),
        pytest.param(" QC ", C, Rank.QUEEN, "QC", id="surrounding spaces are ignored"),
    ],
)
def test_card_notation_is_read_rank_first(token, suit, rank, written):
    card = Card.parse(token)
    assert card == Card(suit, rank)
    assert str(card) == written


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_reads_back_from_its_own_notation(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(str(card).lower()) == card


def test_the_deck_has_24_distinct_cards_in_two_copies():
    assert len(DECK) == 24
    assert len(set(DECK)) == 24
    # 24 distinct cards x 2 copies = 48 cards
    assert len(Hand((2,) * 24)) == 48


def test_card_symbol_writes_the_ten_as_10():
    assert Card(D, Rank.TEN).symbol == "10♦"
    assert Card(S, Rank.QUEEN).symbol == "Q♠"


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("XS", id="unknown rank X"),
        pytest.param("1D", id="1 is not a rank"),
        pytest.param("QZ", id="unknown suit Z"),
        pytest.param("Q", id="rank without a suit"),
        pytest.param("S", id="suit without a rank"),
        pytest.param("8H", id="no eights in a pinochle deck"),
        pytest.param("SA", id="suit first is not the notation"),
        pytest.param("11C", id="11 is not a rank"),
        pytest.param("QSS", id="trailing extra letter"),
        pytest.param("", id="empty token"),
    ],
)
def test_a_bad_card_token_is_refused_naming_the_token(token):
    with pytest.raises(CardNotationError) as caught:
        Card.parse(token)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, RuleError)
    assert error.where.part is Part.CARDS
    assert f"'{token}'" in str(error)
    assert "is not a card" in error.rule


def test_card_error_is_placed_where_it_was_read_for_with_the_token():
    with pytest.raises(CardNotationError) as caught:
        Card.parse("XS", Where(Part.MELD, "Ann"))
    assert caught.value.where == Where(Part.MELD, "Ann", card="XS")


def test_card_error_explains_the_notation():
    with pytest.raises(CardNotationError) as caught:
        Card.parse("QZ")
    message = str(caught.value)
    for hint in ("rank", "suit", "S H D C", "10"):
        assert hint in message


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        pytest.param("S", S, id="letter"),
        pytest.param("h", H, id="lower case letter"),
        pytest.param("♦", D, id="symbol"),
        pytest.param("clubs", C, id="name"),
        pytest.param("Spade", S, id="singular name"),
    ],
)
def test_trump_suit_is_read_from_letter_symbol_or_name(text, suit):
    assert Suit.parse(text) is suit


def test_an_unknown_trump_suit_is_refused_naming_it():
    with pytest.raises(CardNotationError) as caught:
        Suit.parse("Z")
    assert caught.value.where.part is Part.TRUMP
    assert "'Z'" in str(caught.value)


# -- several cards ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("AS TS KS", id="spaces"),
        pytest.param("AS,TS,KS", id="commas"),
        pytest.param("AS, TS, KS", id="comma and space"),
        pytest.param("AS;TS;KS", id="semicolons"),
        pytest.param("  AS\tTS\nKS  ", id="tabs, newlines, outer spaces"),
        pytest.param("AS,,TS  ,KS", id="repeated separators"),
        pytest.param("as 10s k♠", id="mixed notations"),
    ],
)
def test_parse_cards_accepts_spaces_commas_and_semicolons(text):
    assert parse_cards(text) == [Card(S, Rank.ACE), Card(S, Rank.TEN), Card(S, Rank.KING)]


def test_parse_cards_of_nothing_is_no_cards():
    assert parse_cards("") == []
    assert parse_cards("   ") == []


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(CardNotationError) as caught:
        parse_cards("AS TS XS 1D", Where(Part.MELD))
    assert caught.value.where == Where(Part.MELD, card="XS")
    assert "'XS'" in str(caught.value)
    assert "'1D'" not in str(caught.value)


# -- hands -----------------------------------------------------------------------------------


def test_hand_parse_counts_each_card():
    hand = Hand.parse("AS AS TD 10D 9♣ qs")
    assert len(hand) == 6
    assert hand.count(Card(S, Rank.ACE)) == 2
    assert hand.count(Card(D, Rank.TEN)) == 2
    assert hand.count(Card(C, Rank.NINE)) == 1
    assert hand.count(Card(S, Rank.QUEEN)) == 1
    assert hand.count(Card(H, Rank.KING)) == 0
    assert Card(C, Rank.NINE) in hand
    assert Card(H, Rank.KING) not in hand


def test_hand_writes_back_in_deck_order():
    # The order is S H D C, and A T K Q J 9 within a suit, whatever order the cards came in.
    hand = Hand.parse("9C QS AS JD 10H")
    assert str(hand) == "AS QS TH JD 9C"
    assert hand.symbols == "A♠ Q♠ 10♥ J♦ 9♣"
    assert Hand.parse(str(hand)) == hand


def test_two_copies_of_a_card_are_allowed():
    assert len(Hand.parse("QS QS JD JD")) == 4


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("AS AS AS", id="three aces of spades"),
        pytest.param("QS JD QS 10H QS", id="third copy among others"),
        pytest.param("td 10D TD", id="third copy in mixed notation"),
    ],
)
def test_a_third_copy_of_a_card_is_refused(text):
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse(text)
    assert caught.value.where.part is Part.CARDS
    message = str(caught.value)
    assert "3 copies" in message
    assert "two" in message


def test_copies_error_names_the_card_and_the_field():
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse("KH KH KH", where=Where(Part.MELD, "Bob"))
    assert caught.value.where == Where(Part.MELD, "Bob", card="KH")
    assert "KH" in str(caught.value)


def test_hand_from_counts_refuses_a_third_copy():
    with pytest.raises(CardCopiesError):
        Hand((3,) + (0,) * 23)


def test_hand_size_limit_is_refused_with_both_counts():
    sixteen = " ".join(["AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH"] * 2)
    assert len(Hand.parse(sixteen)) == 16
    with pytest.raises(HandSizeError) as caught:
        Hand.parse(sixteen, max_cards=15)
    assert caught.value.where.part is Part.CARDS
    assert "16 cards" in str(caught.value)
    assert "at most 15" in str(caught.value)


def test_a_full_hand_is_accepted_at_the_limit():
    fifteen = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH"
    assert len(Hand.parse(fifteen, max_cards=15)) == 15
    with pytest.raises(HandSizeError) as caught:
        Hand.parse(fifteen, max_cards=12, where=Where(Part.MELD, "Bob"))
    assert caught.value.where == Where(Part.MELD, "Bob")
    assert "15 cards" in str(caught.value)
    assert "at most 12" in str(caught.value)


def test_hand_parse_names_a_bad_token():
    with pytest.raises(CardNotationError) as caught:
        Hand.parse("AS QZ")
    assert "'QZ'" in str(caught.value)


def test_hand_addition_and_subset():
    small = Hand.parse("QS JD")
    big = Hand.parse("QS QS JD KH")
    assert small.issubset(big)
    assert not big.issubset(small)
    assert small + small == Hand.parse("QS QS JD JD")
    with pytest.raises(CardCopiesError):
        _ = big + small  # QS three times
