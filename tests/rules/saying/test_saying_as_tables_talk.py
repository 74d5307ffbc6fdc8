"""Lines as tables say them, beyond one figure a word (issue 29): "they" and "she" said of the
players named before them, melds named one after another with their figures ("the dix, ten,
plus eighty kings, so ninety"), lists of players and figures, the auction said with names and
figures only, corrections put where the thing they correct was said. Every figure below is
worked out from RULES, cited beside it; players sit Ann, Bob, Cy... (ids 1, 2, 3...), partners
opposite (``sayingtables``).
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity, Meld


@pytest.mark.parametrize(
    ("game", "line", "tricks"),
    [
        # Cy and Ann are partners (RULES 6.1): "they" is their side, the side that bid
        pytest.param("partnership", "Cy won it at 290 in diamonds. Cy melded 150, Ann 40. "
                     "They took 110", 110, id="partnership-they"),
        # six-handed: Ann, Cy and Eve one team of three (RULES 6.1)
        pytest.param("six-handed", "Eve bid 56 in diamonds. Eve melded 18, Ann 10, Cy 6. "
                     "We took 24", 24, id="six-handed-we"),
        pytest.param("double-deck", "Dee 55 clubs; meld Dee 22, Bob 8; they took 30", 30,
                     id="double-deck-they"),
    ],
)  # fmt: skip
def test_they_and_we_are_the_side_of_the_partners_named_before(game, line, tricks):
    reading = read(line, table(game))
    assert reading.tricks == tricks
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "word"),
    [
        # Ann and Bob play on opposite sides: which side "they" are is not said
        pytest.param("partnership", "Ann bid 300, Bob 20 meld, they took 100", "they",
                     id="both-sides-named"),
        # one player named: the bidders or the others? (Brooklyn's three each for themselves)
        pytest.param("brooklyn", "Bob 350 spades made, we took 100", "we", id="one-named"),
    ],
)  # fmt: skip
def test_they_said_of_no_one_side_is_asked_about_never_filled(game, line, word):
    reading = read(line, table(game))
    assert [a.word for a in reading.ambiguous] == [word]
    assert reading.tricks is None and reading.takes == ()


def test_she_is_the_one_player_named_before_her():
    # RULES 6.4: in Bison every player melds; "she" follows Ann alone, so her meld is 150
    reading = read("Ann took the bid at 280, spades; she melded 150, Bob 20, Cy 80", table("bison"))
    assert reading.melds == (Meld(1, 150), Meld(2, 20), Meld(3, 80))
    assert reading.declarer == 1 and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        # RULES 2.1: the dix 10 and kings around 80, 90 together; "ten" and "ninety" are
        # those melds said as figures, never added again
        pytest.param("two-handed", "clubs, Ann had the dix, ten, plus eighty kings, so ninety",
                     (Meld(1, 90),), id="dix-then-kings"),
        # RULES 2.1: a run 150 and the dix 10 (160); sixty queens 60
        pytest.param("two-handed", "Clubs. Ann a run, 150, and the dix, Bob sixty queens",
                     (Meld(1, 160), Meld(2, 60)), id="run-then-dix"),
        # RULES 2.1: the dix 10, a marriage in clubs (not trump) 20, a pinochle 40: 70
        pytest.param("two-handed", "spades trump. Bob's meld: dix, marriage in clubs, pinochle. "
                     "Ann had the run.", (Meld(1, 150), Meld(2, 70)), id="players-meld-colon"),
        # RULES 2.1: a run 150 and sixty queens 60 make the 210 said first
        pytest.param("cutthroat", "spades. Cy two hundred ten, the run and sixty queens",
                     (Meld(3, 210),), id="figure-said-first"),
    ],
)  # fmt: skip
def test_melds_named_one_after_another_are_one_players_meld(game, line, melds):
    reading = read(line, table(game))
    assert reading.melds == melds
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("line", "asked"),
    [
        # RULES 2.1: the dix and kings around are 90, not the hundred said
        pytest.param("clubs, Ann had the dix, ten, plus eighty kings, so a hundred",
                     Ambiguity("ann had dix eighty kings / a hundred", ("90", "100")),
                     id="total-differs"),
        pytest.param("spades. Ann two hundred, the run and sixty queens",
                     Ambiguity("run sixty queens / two hundred", ("210", "200")),
                     id="figure-first-differs"),
    ],
)  # fmt: skip
def test_a_figure_that_differs_from_the_melds_named_with_it_is_asked_about(line, asked):
    reading = read(line, table("two-handed"))
    assert reading.melds == ()
    assert reading.ambiguous == (asked,)


def test_melds_said_with_no_are_melds_lacked_and_fill_nothing():
    # RULES 4.6: no marriage in trump, so the bid is given up; "no marriage" is no one's meld
    reading = read(
        "Ann took it for 55 but had no marriage, so she gave it up", table("double-deck")
    )
    assert (reading.declarer, reading.bid, reading.outcome) == (1, 55, Outcome.CONCEDED)
    assert reading.melds == () and reading.ambiguous == () and reading.unknown_words == ()


def test_melds_said_in_a_clause_naming_one_player_are_theirs():
    # RULES 2.7 and 2.9: a run is 150, written 15 in the double deck's tens
    reading = read("Cy bid 60 in spades with a run, made it", table("double-deck"))
    assert reading.melds == (Meld(3, 15),)
    assert (reading.declarer, reading.bid) == (3, 60)


def test_a_list_is_not_carried_on_to_players_whose_meld_is_said_and_is_one_fields():
    # RULES 2.1: Bob's run and dix 160, Ann's sixty queens 60; the list after the stop names
    # them again, so it is another field: every player's take (RULES 6.4: 91 + 50 + 70 + 39
    # is the deck's 250), Cy's and Dee's too, as the list's
    reading = read(
        "Diamonds. Bob a run and the dix, Ann sixty queens. Bob 91, Ann 50, Cy 70, Dee 39",
        table("cutthroat"),
    )
    assert reading.melds == (Meld(1, 60), Meld(2, 160))
    assert reading.takes == ((1, 50), (2, 91), (3, 70), (4, 39))
    assert reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "melds", "takes"),
    [
        # RULES 2.1: kings and queens around 80 + 60; forty jacks 40; Cy and Dee nothing each
        pytest.param("cutthroat", "Ann kings around and queens around, one forty. Bob forty "
                     "jacks. Cy and Dee nothing.",
                     (Meld(1, 140), Meld(2, 40), Meld(3, 0), Meld(4, 0)), (), id="nothing-each"),
        # no bid in two-handed: a figure before trump is no bid, so the list goes on past it
        pytest.param("two-handed", "Ann 110 in meld, Bob none, hearts. Ann took 200, Bob 50",
                     (Meld(1, 110), Meld(2, 0)), ((1, 200), (2, 50)), id="list-before-trump"),
        # RULES 3.1: every trick is 250, said again; Ann's nothing is her take, as Bob's
        pytest.param("two-handed", "Bob took every trick, 250, Ann nothing", (),
                     ((1, 0), (2, 250)), id="every-trick-then-nothing"),
        pytest.param("cutthroat", "tricks this hand Ann 120, Bob 44, Cy 66, Dee 20", (),
                     ((1, 120), (2, 44), (3, 66), (4, 20)), id="this-hand"),
        # RULES 6.4: Bison's counters, 24 in all, without the last trick
        pytest.param("bison", "Ann 280 spades. Ann had 9 counters and the last trick, Bob 8, "
                     "Cy 7", (), ((1, 9), (2, 8), (3, 7)), id="had-counters"),
    ],
)  # fmt: skip
def test_each_players_figures_said_in_a_list(game, line, melds, takes):
    reading = read(line, table(game))
    assert (reading.melds, reading.takes) == (melds, takes)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_without_a_bid_a_players_figure_is_their_meld_not_their_teams_tricks():
    # RULES 6.4: two packs with nines, no bid; the first seat's team's tricks (270) are said
    # as theirs; each player named with a figure is that player's meld
    reading = read(
        "Hearts. Ann 40, Cy 100, Eve 160. Bob 20, Dee 80, Fay 0. Ann, Cy and Eve took 270",
        table("six-two-packs"),
    )
    assert reading.melds == tuple(
        Meld(pid, figure) for pid, figure in ((1, 40), (2, 20), (3, 100), (4, 80), (5, 160), (6, 0))
    )
    assert reading.tricks == 270 and reading.ambiguous == ()


def test_every_trick_said_as_everything_is_the_decks_whole_trick_points():
    # RULES 3.5: two packs with nines hold 490 trick points
    reading = read(
        "Diamonds, Ann and Cy and Eve and Gus took everything, 490", table("eight-two-packs")
    )
    assert reading.tricks == 490 and reading.ambiguous == () and reading.unknown_words == ()


def test_a_card_named_is_no_figure():
    # "the nine of hearts" is a card: never a figure of 9
    reading = read("Bob 300 spades, Ann had the nine of hearts", table("brooklyn"))
    assert reading.melds == () and "the nine of hearts" in reading.unknown_words


def test_the_nine_turned_up_where_nobody_bids_is_the_dealers_dix_and_trump():
    # RULES 6.4: the card turned is trump, and a dix turned up scores 10 for the dealer
    reading = read("Ann turned up the nine of hearts, Bob 80 kings", table("two-handed"))
    assert reading.takes == () and reading.trump is Suit.HEARTS
    assert reading.melds == (Meld(1, 10), Meld(2, 80))


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid"),
    [
        # RULES 4.2: each bid tops the one before; Bob's 320 wins when Cy passes
        pytest.param("brooklyn", "Bob 300, Cy 310, Bob 320, Cy passes. Bob's in spades, made it",
                     2, 320, id="names-and-figures"),
        pytest.param("brooklyn-pot", "Three sixty by Bob in diamonds, made", 2, 360, id="by-bob"),
        pytest.param("hoyle", "Bob took the 300 in hearts, picked up the widow and conceded",
                     2, 300, id="took-the-bid"),
    ],
)  # fmt: skip
def test_the_bid_said_as_tables_say_it(game, line, declarer, bid):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid) == (declarer, bid)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_figures_said_in_turn_where_everyone_melds_are_no_auction_without_more():
    # partnership: two players' figures could be their meld; nothing says they bid
    reading = read("Bob 300, Cy 310", table("partnership"))
    assert reading.bid is None and reading.declarer is None
    assert {"300", "310"} <= {a.word for a in reading.ambiguous}


def test_a_correction_is_read_where_what_it_corrects_was_said():
    # "wait, sorry, 430" puts 430 where 410 was: Cy's bid, before hearts
    reading = read("Cy 410, hearts, made it. Wait, sorry, 430", table("brooklyn-pot"))
    assert (reading.declarer, reading.bid, reading.trump) == (3, 430, Suit.HEARTS)
    assert reading.outcome is Outcome.MADE and reading.unknown_words == ()


def test_partners_named_with_the_outcome_are_the_declarers_side():
    reading = read(
        "Ann bid 250, Bob 300, Ann 310, Bob passed. Hearts. Ann and Cy made it",
        table("partnership"),
    )
    assert (reading.declarer, reading.bid, reading.outcome) == (1, 310, Outcome.MADE)
    assert reading.ambiguous == ()


def test_a_misdeal_asks_nothing_about_who_dealt_to_whom():
    # RULES 4.4: a misdeal is entered with its outcome alone
    reading = read("misdeal, Ann gave Bob sixteen cards", table("brooklyn"))
    assert reading.outcome is Outcome.MISDEAL and reading.ambiguous == ()


def test_had_with_a_meld_word_is_the_players_meld():
    # Brooklyn enters the declarer's meld alone (RULES 2.5)
    reading = read(
        "Bob 290 in clubs, went set, he had 100 meld and took 180", table("brooklyn-pot")
    )
    assert reading.melds == (Meld(2, 100),)
    assert (reading.tricks, reading.outcome) == (180, Outcome.SET)
    assert reading.unknown_words == ()


def test_a_concession_said_of_the_other_two_is_the_opponents():
    # RULES 5.3: in Hoyle the opponents may concede to the declarer
    reading = read("Cy 360 in spades, and the other two just conceded it to him", table("hoyle"))
    assert reading.outcome is Outcome.OPPONENTS_CONCEDED
    assert (reading.declarer, reading.bid) == (3, 360) and reading.unknown_words == ()


def test_she_and_her_partner_are_their_side():
    # Dee and Bob are partners (RULES 6.1): their meld is the side's, entered under Bob's seat
    reading = read(
        "Dee bid 290 in spades, she and Bob had 200 meld, they took 100, made",
        table("partnership"),
    )
    assert reading.melds == (Meld(2, 200, side=True),)
    assert reading.tricks == 100 and reading.ambiguous == ()


def test_their_meld_is_the_side_of_the_one_player_named():
    reading = read(
        "Dee 250 hearts, set, their meld was 40 and they only took 180", table("partnership")
    )
    assert reading.melds == (Meld(2, 40, side=True),)
    assert reading.tricks == 180 and reading.ambiguous == ()


def test_an_auction_said_with_passes_between_is_won_by_its_last_bid():
    # RULES 4.2: Bob's 53 tops Cy's 51, and everyone else passed
    reading = read(
        "Bob 50, Cy 51, Dee pass, Eve pass, Fay pass, Ann pass, Bob 53, Cy pass. "
        "Bob diamonds, made.",
        table("six-handed"),
    )
    assert (reading.declarer, reading.bid, reading.trump) == (2, 53, Suit.DIAMONDS)
    assert reading.ambiguous == ()


def test_an_auction_that_runs_into_a_name_nobody_has_is_not_read():
    # Hoyle seats three: no Dee bid 320, so the figures are asked, never Cy's 310 the bid
    reading = read(
        "Bob 300, Cy 310, Dee 320, Bob 330, everybody passed. Bob clubs. Set.", table("hoyle")
    )
    assert reading.bid is None and reading.declarer is None


def test_a_figure_said_before_cards_counted_is_no_figure():
    # "nine aces" is no meld (RULES 2.1 counts aces around by fours): never Bob's 9
    reading = read("Spades. Bob, nine aces, one thousand", table("six-two-packs"))
    assert all(m.figure != 9 for m in reading.melds) and "nine" in reading.unknown_words


def test_eight_aces_are_aces_around_twice():
    # two packs: double aces around are 1000 (RULES 2.6), checked against the figure said
    reading = read("Spades. Bob, eight aces, one thousand", table("six-two-packs"))
    assert reading.melds == (Meld(2, 1000),) and reading.unknown_words == ()


def test_a_figure_said_after_melds_and_words_not_understood_is_checked_against_them():
    # RULES 2.11: a run is 150; the 230 said for it and "a wobble" (no meld) is asked, not
    # 150 kept
    reading = read("Hearts. Dee a run in hearts plus a wobble, two thirty.", table("six-two-packs"))
    assert reading.melds == ()
    assert reading.ambiguous == (Ambiguity("dee run in hearts / two thirty", ("150", "230")),)


def test_a_teams_tricks_said_with_a_name_alone_carry_on_from_a_team():
    # RULES 3.5: two packs with nines hold 490; Bob's side took 220, so Ann's 270
    reading = read("Clubs. Bob's team took 220, Ann's 270.", table("six-two-packs"))
    assert reading.tricks == 270 and reading.melds == () and reading.ambiguous == ()


def test_the_other_teams_bare_figure_is_asked_meld_or_tricks():
    reading = read("Spades. Bob's team 290.", table("eight-two-packs"))
    assert reading.melds == () and reading.tricks is None
    assert [a.word for a in reading.ambiguous] == ["290"]


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid", "outcome"),
    [
        pytest.param("brooklyn", "Bob bid 320, went hearts, made it", 2, 320, Outcome.MADE,
                     id="went-hearts"),
        pytest.param("six-handed", "Bob conceded his sixty in diamonds", 2, 60,
                     Outcome.CONCEDED, id="his-sixty"),
    ],
)  # fmt: skip
def test_words_around_the_bid_that_say_nothing_more(game, line, declarer, bid, outcome):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.outcome) == (declarer, bid, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_zip_is_nothing():
    # RULES 6.4: two-handed takes hold the last trick, 250 in all
    reading = read("Ann took 250, Bob zip", table("two-handed"))
    assert reading.takes == ((1, 250), (2, 0))


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid"),
    [
        pytest.param("brooklyn-pot", "Bob bid 270, no, 280. Diamonds. Made.", 2, 280,
                     id="no-between-pauses-corrects"),
        pytest.param("brooklyn", "300 to Bob in spades, made", 2, 300, id="to-bob"),
        # RULES 4.5: Hoyle's compulsory 300, forfeited: no meld of 300
        pytest.param("hoyle", "Bob had the forced 300 and forfeited it", 2, 300,
                     id="the-forced-300"),
        pytest.param("bison", "Cy was the bidder, 280, clubs, made", 3, 280, id="the-bidder"),
        pytest.param("brooklyn-pot", "Cy had to take it at 250, she went clubs and made it", 3,
                     250, id="had-to-take-it"),
    ],
)  # fmt: skip
def test_more_ways_the_bid_is_said(game, line, declarer, bid):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid) == (declarer, bid)
    assert reading.melds == () and reading.ambiguous == () and reading.unknown_words == ()


def test_a_meld_word_said_after_the_melds_named_is_read_with_them():
    # RULES 2.1: kings around 80, the declarer's meld in Brooklyn (RULES 2.5)
    reading = read("Bob 300 hearts, eighty kings for meld, made it", table("brooklyn"))
    assert reading.melds == (Meld(None, 80),) and reading.unknown_words == ()


def test_an_auction_after_a_bid_word_passes_over_the_players_who_passed():
    # RULES 4.2: Bob's 280 tops Cy's 270; Ann's pass does not end the auction said
    reading = read(
        "So Bob opens 260, Cy 270, Ann passes, Bob 280, Cy passes. Made.", table("brooklyn-pot")
    )
    assert (reading.declarer, reading.bid) == (2, 280) and reading.ambiguous == ()


def test_passes_said_of_nobody_are_everyone_passing():
    # RULES 6.1: in Bison a hand everyone passes is thrown in
    reading = read("Pass, pass, pass. Thrown in.", table("bison"))
    assert reading.outcome is Outcome.ALL_PASS and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        # RULES 2.1: queens around 60, Brooklyn's declarer's meld (RULES 2.5); with 180 in
        # tricks, 240 is short of the 300 bid: set
        pytest.param("brooklyn-pot",
                     "Three hundred, Bob, clubs. Queens around for sixty, 180 in tricks, set",
                     (Meld(None, 60),), id="queens-around-for-sixty"),
        # RULES 2.11: a run 150 in two packs with nines
        pytest.param("six-two-packs", "Diamonds. Cy 150 for the run, Eve 80.",
                     (Meld(3, 150), Meld(5, 80)), id="150-for-the-run"),
        # RULES 2.1: the nine of trump, the dix, 10
        pytest.param("two-handed", "Diamonds. Ann turned the nine, Bob 80 kings",
                     (Meld(1, 10), Meld(2, 80)), id="turned-the-nine"),
        # "hang on" corrects the 120 where it was said
        pytest.param("brooklyn", "Bob 280 hearts, lays down 120, hang on, 140, made",
                     (Meld(None, 140),), id="hang-on"),
    ],
)  # fmt: skip
def test_melds_said_for_their_figure(game, line, melds):
    reading = read(line, table(game))
    assert reading.melds == melds
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_figure_a_word_not_understood_says_of_a_team_is_not_the_bidders():
    # Bob and Dee are Cy's opponents: what they "scrounged" is never Cy's side's tricks
    reading = read(
        "Cy, 320, spades: Cy had the run, Ann a pinochle, and Bob and Dee only scrounged 70 in "
        "tricks",
        table("partnership"),
    )
    assert reading.tricks is None and "70" in reading.unknown_words


def test_what_the_opponents_managed_leaves_the_bidders_the_rest():
    # RULES 3.1: 250 trick points, nothing buried in partnership: Cy's side took 180
    reading = read(
        "Cy, 320, spades: Cy had the run, Ann a pinochle, and Bob and Dee only managed 70 in "
        "tricks",
        table("partnership"),
    )
    assert reading.tricks == 180


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid", "outcome"),
    [
        # 160 meld and 200 tricks are 360, short of 400: set (RULES 5.4)
        pytest.param("brooklyn", "Declarer Bob comma bid 400 comma trump clubs comma meld 160 "
                     "comma tricks 200 period set", 2, 400, Outcome.SET, id="a-dictated-form"),
        pytest.param("bison", "Ann played 300 in clubs and Cy reneged", 1, 300, Outcome.RENEGE,
                     id="played-300"),
        pytest.param("partnership", "Ann went to 400 in diamonds. Ann and Cy meld 190, tricks "
                     "180. Down.", 1, 400, Outcome.SET, id="down"),
        pytest.param("six-handed", "Dee took the bid at 80 in diamonds and folded it without "
                     "playing", 4, 80, Outcome.CONCEDED, id="folded-without-playing"),
        # RULES 4.2: Cy's 300 tops Bob's 290, and Bob is out
        pytest.param("bison", "Bob opened 250, Cy 270, Bob 290, Cy 300, Bob out. Cy in spades.",
                     3, 300, None, id="bob-out"),
    ],
)  # fmt: skip
def test_the_hand_said_in_the_words_of_other_tables(game, line, declarer, bid, outcome):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.outcome) == (declarer, bid, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.1: a run 150 and kings around 80 make the 230 said
        pytest.param("brooklyn-pot", "Bob: 410 in clubs. Meld: club run and kings around, 230. "
                     "Tricks: 190. Made", 230, id="meld-heading-club-run"),
        # RULES 2.1: a marriage in hearts (not trump) 20 and the dix 10
        pytest.param("hoyle", "Bob stuck at 300, named clubs, meld 30 - heart marriage and the "
                     "dix - took 200, set", 30, id="heart-marriage"),
    ],
)  # fmt: skip
def test_a_suit_said_of_a_meld_is_no_trump(game, line, meld):
    reading = read(line, table(game))
    assert reading.melds == (Meld(None, meld),)
    assert reading.trump is Suit.CLUBS
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "outcome"),
    [
        pytest.param("hoyle", "Misdeal, Cy got seventeen cards", Outcome.MISDEAL, id="misdeal"),
        pytest.param("eight-handed", "All eight passed, no bid", Outcome.ALL_PASS,
                     id="no-bid"),
    ],
)  # fmt: skip
def test_a_hand_nobody_played_asks_nothing_more(game, line, outcome):
    reading = read(line, table(game))
    assert reading.outcome is outcome
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_players_lot_is_their_team():
    reading = read("Spades. Ann's lot 280 in tricks.", table("eight-two-packs"))
    assert reading.tricks == 280 and reading.ambiguous == ()


def test_a_digit_said_before_a_tens_word_is_a_bid_said_short():
    reading = read("cy 3 twenty hearts set", table("brooklyn"))
    assert (reading.declarer, reading.bid, reading.outcome) == (3, 320, Outcome.SET)
    assert reading.ambiguous == ()


def test_the_two_others_named_as_conceding_is_the_opponents_concession():
    # RULES 5.3: in Hoyle the opponents may concede; Ann is the one left, the declarer
    reading = read("Ann 420 spades, Bob and Cy conceded it to her", table("hoyle"))
    assert (reading.declarer, reading.outcome) == (1, Outcome.OPPONENTS_CONCEDED)
    assert reading.ambiguous == ()


def test_cards_thrown_in_said_of_no_bid_is_asked():
    # RULES 4.3: a hand everyone passed is thrown in, as a concession is: which?
    reading = read("the cards were thrown in", table("eight-handed"))
    assert reading.outcome is None
    assert reading.ambiguous == (Ambiguity("thrown in", ("conceded", "all passed")),)


def test_the_compulsory_bid_given_up_before_the_widow_is_its_forfeit():
    # RULES 4.5, 5.3: Hoyle's compulsory 300, given up without looking at the widow
    reading = read(
        "Bob was stuck with the compulsory 300 and gave it up without even looking at the widow",
        table("hoyle"),
    )
    assert (reading.declarer, reading.bid, reading.outcome) == (2, 300, Outcome.FORFEIT)
    assert reading.unknown_words == ()


def test_a_figure_after_for_is_no_bid_where_nobody_bids():
    reading = read("Ann turned up the dix in clubs for 10", table("two-handed"))
    assert reading.bid is None


def test_every_teams_figure_adding_up_to_the_deck_is_their_tricks():
    # RULES 3.5: two packs with nines hold 490 = 300 + 190; Ann's side is entered (RULES 6.4)
    reading = read("Spades, Ann's team 300, Bob's 190", table("six-two-packs"))
    assert reading.tricks == 300 and reading.melds == () and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "melds", "takes"),
    [
        # RULES 6.4: takes 140 + 110 = 250
        pytest.param("two-handed", "Hearts turned. Ann melded 190 and Bob 150. Ann took 140, "
                     "Bob 110", (Meld(1, 190), Meld(2, 150)), ((1, 140), (2, 110)),
                     id="and-goes-on-a-list"),
        # RULES 2.1: kings around 80, forty jacks 40; takes 120 + 130 = 250
        pytest.param("cutthroat", "Clubs. Bob 80 kings, took 120. Dee 40 jacks, took 130. Ann "
                     "and Cy took nothing", (Meld(2, 80), Meld(4, 40)),
                     ((1, 0), (2, 120), (3, 0), (4, 130)), id="two-took-nothing"),
    ],
)  # fmt: skip
def test_figures_said_with_and_between_players(game, line, melds, takes):
    reading = read(line, table(game))
    assert (reading.melds, reading.takes) == (melds, takes)
    assert reading.ambiguous == ()


def test_not_liking_the_widow_is_when_the_hand_was_conceded():
    reading = read(
        "Bob bid 360 in hearts, had a look at the widow, didn't like it and conceded",
        table("brooklyn"),
    )
    assert reading.outcome is Outcome.CONCEDED and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid", "outcome"),
    [
        pytest.param("brooklyn", "And Bob takes it at three twenty, hearts are trump, and he "
                     "makes it!", 2, 320, Outcome.MADE, id="takes-it-at"),
        pytest.param("bison", "Cy wins the auction at 280, hearts are trump, and makes it!", 3,
                     280, Outcome.MADE, id="wins-the-auction-at"),
        pytest.param("double-deck", "Bob opens and holds at 65, spades trump, and Bob and Dee "
                     "make it!", 2, 65, Outcome.MADE, id="opens-and-holds-at"),
        pytest.param("six-handed", "Fay wins it at 60, hearts are trump, and Bob, Dee and Fay "
                     "bring it home!", 6, 60, Outcome.MADE, id="bring-it-home"),
        pytest.param("brooklyn-pot", "Bob, 330, spades, played and lost.", 2, 330, Outcome.SET,
                     id="played-and-lost"),
        pytest.param("bison", "cy 270 h conceded after meld", 3, 270, Outcome.CONCEDED,
                     id="after-meld"),
        pytest.param("six-handed", "Ann bid 50 in hearts comma nobody else bid comma then Ann Cy "
                     "and Eve conceded period", 1, 50, Outcome.CONCEDED, id="nobody-else-bid"),
    ],
)  # fmt: skip
def test_the_hand_told_as_it_happens(game, line, declarer, bid, outcome):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.outcome) == (declarer, bid, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("line", "melds", "tricks", "outcome"),
    [
        # eight-handed: Ann, Cy, Eve and Gus one team, its meld under Ann's seat (RULES 6.4)
        pytest.param("gus 60 c. gus team melded 35. took 26. made", (Meld(1, 35, side=True),),
                     26, Outcome.MADE, id="gus-team"),
        # 12 + 39 = 51, short of 60: down (RULES 6.1)
        pytest.param("Cy bids 60 in hearts, the team melds only 12, takes 39, and goes down!",
                     (Meld(1, 12, side=True),), 39, Outcome.SET, id="the-team"),
    ],
)  # fmt: skip
def test_the_declarers_team_said_without_a_name(line, melds, tricks, outcome):
    reading = read(line, table("eight-handed"))
    assert (reading.melds, reading.tricks, reading.outcome) == (melds, tricks, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_player_said_with_last_at_the_end_took_the_last_trick():
    # RULES 3.4: Bison's counters, 24 in all, and who took the last trick apart
    reading = read("ann 290 s made. counters ann 12 bob 8 cy 4, ann last", table("bison"))
    assert reading.last_trick == 1 and reading.takes == ((1, 12), (2, 8), (3, 4))
    assert reading.unknown_words == ()


def test_figures_said_before_a_tricks_list_are_each_players_meld():
    # RULES 6.4: 130 + 120 = 250, each take; the figures before them are meld
    reading = read("spades. ann 60 bob 20. tricks ann 130 bob 120", table("two-handed"))
    assert reading.melds == (Meld(1, 60), Meld(2, 20))
    assert reading.takes == ((1, 130), (2, 120)) and reading.ambiguous == ()


def test_the_other_teams_tricks_said_with_ours_agree():
    # RULES 3.5: 490 - 230 = 260, the tricks Ann's team is said to have taken
    reading = read(
        "Hearts turned up, Ann's team takes 260 in tricks, Hal's team 230", table("eight-two-packs")
    )
    assert reading.tricks == 260 and reading.melds == () and reading.ambiguous == ()


def test_melds_their_figure_and_the_total_said_with_the_tricks():
    # RULES 2.1: a royal marriage 40 and a marriage in hearts 20 are the 60 said; 60 + 215 is
    # the 275 said after, which reaches 270: made (RULES 5.4)
    reading = read(
        "Cy won the auction at 270, trump was diamonds, his meld was a royal marriage in "
        "diamonds and a marriage in hearts, 60, he took 215 in tricks, so 275, made",
        table("brooklyn-pot"),
    )
    assert reading.melds == (Meld(3, 60),)
    assert (reading.tricks, reading.outcome) == (215, Outcome.MADE)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_each_melds_figure_said_after_it_and_the_sides_total_said_again():
    # RULES 2.7, 2.9: a run 150 and a double pinochle 300, written 15 and 30: Ann's 45; Cy's
    # aces around 10; "we had 55" is their sum said again, and 79 the meld and tricks
    reading = read(
        "Ann won the bid at 75 with diamonds as trump; she melded a run in diamonds, 15, and a "
        "double pinochle, 30, Cy had aces around, 10, so we had 55, and we took 24 in tricks, "
        "79, so we made it",
        table("double-deck"),
    )
    assert reading.melds == (Meld(1, 45), Meld(3, 10))
    assert (reading.tricks, reading.outcome) == (24, Outcome.MADE)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_sides_total_that_differs_from_its_players_melds_is_asked():
    reading = read("Ann 75 diamonds; Ann meld 45, Cy 10, so we had 60", table("double-deck"))
    assert reading.melds == (Meld(1, 45), Meld(3, 10))
    assert reading.ambiguous == (Ambiguity("Ann & Cy 60", ("60", "55 as said each")),)


def test_a_correction_of_a_players_meld_said_with_had():
    # RULES 6.4: Bob's every trick is 250
    reading = read(
        "Bob melded 80, Ann 60, no, Ann had 70, and Bob took every trick, 250, Ann nothing",
        table("two-handed"),
    )
    assert reading.melds == (Meld(1, 70), Meld(2, 80))
    assert reading.takes == ((1, 0), (2, 250)) and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid", "outcome"),
    [
        pytest.param("brooklyn", "Bob won the bidding at 310, hearts, nobody went over him, "
                     "they're set", 2, 310, Outcome.SET, id="won-the-bidding-theyre-set"),
        pytest.param("partnership", "Ann bid 300 hearts, our team had 190, we're set", 1, 300,
                     Outcome.SET, id="our-team"),
    ],
)  # fmt: skip
def test_club_night_words(game, line, declarer, bid, outcome):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.outcome) == (declarer, bid, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "tricks"),
    [
        # RULES 3.3: the last trick is 10, added to the 200 in cards
        pytest.param("brooklyn", "Cy won the bid at 350 with spades trump, had a hundred aces "
                     "and the royal marriage, took 200 in cards plus the last trick, and made it",
                     210, id="plus-the-last-trick"),
        # RULES 3.2: 15 counters are 150, and the last trick 10
        pytest.param("partnership", "Bob took it at 350 in diamonds; Bob and Dee laid down 190 "
                     "between them and got 15 counters and the last trick. Made it", 160,
                     id="counters-and-the-last-trick"),
        # RULES 2.9, 3.5: a double deck's last trick is 20, written 2; 27 counters are 27
        pytest.param("double-deck", "Cy won it at 65, spades. Cy melded 29 and Ann 12, and we "
                     "took 27 counters plus the last trick. Made it", 29, id="double-deck"),
    ],
)  # fmt: skip
def test_the_last_trick_said_after_the_cards_is_added_to_them(game, line, tricks):
    reading = read(line, table(game))
    assert reading.tricks == tricks and reading.outcome is Outcome.MADE
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_take_said_with_the_last_trick_holds_it():
    # RULES 6.4: without a bid each take holds the last trick: 170 + 80 = 250
    reading = read("Clubs. Bob took 170 with the last trick, Ann 80", table("two-handed"))
    assert reading.takes == ((1, 80), (2, 170)) and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        # RULES 2.1, 2.2: without the double bonus double aces are twice 100; a run 150 and a
        # pinochle 40: 390, the declarer's meld (RULES 2.5)
        pytest.param("brooklyn-pot", "Ann took the bid at 450 with spades trump; her meld was "
                     "double aces, a run and a pinochle, and she took 70 in tricks",
                     (Meld(1, 390),), id="double-aces"),
        # dictation's "melted" and "pinnacle": aces around 100 and a pinochle 40
        pytest.param("two-handed", "Clubs, Ann melted aces around and a pinnacle, Bob a run, "
                     "tricks Ann 125 and Bob 125", (Meld(1, 140), Meld(2, 150)),
                     id="dictation-mishearings"),
    ],
)  # fmt: skip
def test_melds_said_as_tables_say_them(game, line, melds):
    reading = read(line, table(game))
    assert reading.melds == melds
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_melds_named_beside_a_word_not_understood_are_asked_never_taken_as_all():
    reading = read("Clubs, Ann had wobbly tens and a run", table("two-handed"))
    assert reading.melds == ()
    assert [a.could_be for a in reading.ambiguous] == [("150", "with 'tens'")]


def test_the_two_opponents_throwing_their_cards_in_concede_to_the_declarer():
    # RULES 5.3: Hoyle's opponents may concede; Cy laid down 230
    reading = read(
        "Cy bid 380 in hearts and laid down 230 in meld, and Ann and Bob threw their cards in "
        "and conceded the hand to him",
        table("hoyle"),
    )
    assert (reading.declarer, reading.outcome) == (3, Outcome.OPPONENTS_CONCEDED)
    assert reading.melds == (Meld(None, 230),) and reading.ambiguous == ()


def test_every_trick_said_to_a_team_is_their_tricks():
    # RULES 3.5: two packs with nines hold 490
    reading = read("Hearts, every trick to Ann's team.", table("eight-two-packs"))
    assert reading.tricks == 490 and reading.melds == () and reading.unknown_words == ()
