"""Lines as a hurried thumb types them or a phone's dictation writes them (issue 29): suits
misspelt, "too ninety", names with a letter doubled, corrections after a dash or between two
figures, counts said before melds and things, "the rest", a partner named by his partner, and
what is never taken for a figure it is not. Every figure is worked out from RULES, cited
beside it; players sit Ann, Bob, Cy... (ids 1, 2, 3...), partners opposite (``sayingtables``).
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld


@pytest.mark.parametrize(
    ("game", "line", "trump"),
    [
        pytest.param("brooklyn", "Bob 360 spaids made it", Suit.SPADES, id="vowels-changed"),
        pytest.param("brooklyn-pot", "cy 260 dimonds, set", Suit.DIAMONDS, id="letter-left-out"),
        pytest.param("partnership", "ann 260 hearst conceded", Suit.HEARTS, id="letters-swapped"),
        pytest.param("six-handed", "fay 80 hrts concede", Suit.HEARTS, id="no-vowels"),
        pytest.param("double-deck", "Dee 55 clbs made", Suit.CLUBS, id="clubs-no-vowels"),
    ],
)  # fmt: skip
def test_a_suit_misspelt_one_way_only_is_that_suit(game, line, trump):
    reading = read(line, table(game))
    assert reading.trump is trump
    assert reading.unknown_words == () and reading.ambiguous == ()


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Cy 300 hearts made, with room to spare", id="spare-is-no-spade"),
        pytest.param("Cy 300 hearts made, that hurts", id="hurts-is-no-hearts"),
    ],
)
def test_an_english_word_near_a_suit_is_no_suit(line):
    reading = read(line, table("brooklyn"))
    assert reading.trump is Suit.HEARTS
    assert reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "bid"),
    [
        # dictation's "too" and "for" for "two" and "four" before the rest of a figure
        pytest.param("partnership", "Dee bid too ninety in hearts and got set", 290,
                     id="too-ninety"),
        pytest.param("hoyle", "Ann for hundred spades, made", 400, id="for-hundred"),
        # "for fifty" stays the bid word: at a double deck a bid of 500 is said "fifty"
        pytest.param("double-deck", "Bob took it for fifty in clubs, made", 50,
                     id="for-fifty-is-a-bid-word"),
        # "no" between two figures corrects the first (RULES 6.3: 59 is on the ladder)
        pytest.param("double-deck", "Dee fifty eight no fifty nine in diamonds made it", 59,
                     id="no-between-figures"),
    ],
)  # fmt: skip
def test_figures_as_dictation_writes_them(game, line, bid):
    reading = read(line, table(game))
    assert reading.bid == bid
    assert reading.melds == () and reading.ambiguous == () and reading.unknown_words == ()


def test_a_name_with_a_letter_doubled_is_that_player():
    reading = read("So Hall took the bid at sixty-five in diamonds", table("eight-handed"))
    assert (reading.declarer, reading.bid, reading.trump) == (8, 65, Suit.DIAMONDS)


def test_initials_joined_are_the_players_they_start():
    # two packs with nines, six players: A/C/E (Ann, Cy, Eve) took 310 of the 490 (RULES 3.1)
    reading = read("A/C/E 310 tricks, B/D/F 180", table("six-two-packs"))
    assert reading.tricks == 310 and reading.melds == ()


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        # "d" is Dee's initial here, never diamonds; Bob & Dee are partners (RULES 1.3)
        pytest.param("bob 300 hts. b&d mld 140, took 170. made", "melds", (Meld(2, 140, True),),
                     id="b-and-d"),
        pytest.param("bob 300 hts. b&d mld 140, took 170. made", "trump", Suit.HEARTS,
                     id="hts-is-hearts-not-d"),
        # an initial that starts no one's name, joined: not understood, and no suit
        pytest.param("bob 300 spades. b/x mld 140", "trump", Suit.SPADES, id="b-and-x"),
    ],
)  # fmt: skip
def test_initials_are_players_never_suits(line, field, value):
    assert getattr(read(line, table("partnership")), field) == value


def test_a_correction_after_a_dash_corrects_each_player_said_again():
    # Bison's counters (RULES 6.4): 24 in all, 7 + 5 + 12
    line = "Cy 300 diamonds. counters Ann 6 Bob 5 Cy 13 -- no, Cy 12 and Ann 7. last trick Cy"
    reading = read(line, table("bison"))
    assert dict(reading.takes) == {1: 7, 2: 5, 3: 12}
    assert reading.melds == () and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "takes"),
    [
        # RULES 3.1: a single deck's trick points are 250; corrected to 180, Bob the other 70
        pytest.param("two-handed", "Ann 170 in cards, no 180, Bob the rest", {1: 180, 2: 70},
                     id="two-handed-corrected"),
        pytest.param("cutthroat", "Ann 100, Bob 70, Cy 40 in tricks, Dee got the rest",
                     {1: 100, 2: 70, 3: 40, 4: 40}, id="cutthroat-got-the-rest"),
    ],
)  # fmt: skip
def test_the_rest_is_what_the_others_takes_leave(game, line, takes):
    reading = read(line, table(game))
    assert dict(reading.takes) == takes
    assert reading.unknown_words == () and reading.ambiguous == ()


def test_the_rest_of_a_player_when_another_take_is_missing_is_not_read():
    reading = read("Ann took 100, Bob the rest", table("cutthroat"))
    assert dict(reading.takes) == {1: 100}
    assert "the rest" in reading.unknown_words


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.1: two common marriages are 20 each, in any suits but trump
        pytest.param("cutthroat", "Clubs. Ann had two marriages, forty", Meld(1, 40),
                     id="two-marriages"),
        # RULES 2.6: four pinochles from two packs, quadruple pinochle 1200
        pytest.param("eight-two-packs", "Dee put down four pinochles, 1200!", Meld(4, 1200),
                     id="four-pinochles"),
    ],
)  # fmt: skip
def test_a_count_before_a_melds_plural_counts_the_meld(game, line, meld):
    reading = read(line, table(game))
    assert reading.melds == (meld,)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_figure_before_a_word_not_understood_counts_it_never_a_meld():
    reading = read("Hearts. Ann 20 bucks, Bob 60 meld", table("cutthroat"))
    assert reading.melds == (Meld(2, 60),)
    assert "20" in reading.unknown_words


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        # eight players in two teams of four (RULES 6.1): Bob's four is Bob, Dee, Fay and Hal
        pytest.param("eight-two-packs", "Bob's four melded 210 total, Ann's four 90",
                     (Meld(1, 90, True), Meld(2, 210, True)), id="bobs-four"),
        # "him" said with Dee: of the players named before, Dee's partner (RULES 6.1)
        pytest.param("partnership", "Dee opened two fifty, Ann went two sixty, Bob jumped to "
                     "three hundred. He made hearts trump, him and Dee melded one eighty",
                     (Meld(2, 180, True),), id="him-and-his-partner"),
    ],
)  # fmt: skip
def test_a_team_said_by_one_of_its_players(game, line, melds):
    reading = read(line, table(game))
    assert tuple(sorted(reading.melds, key=lambda m: m.holder or 0)) == melds


@pytest.mark.parametrize(
    ("game", "declarer", "asked"),
    [
        pytest.param("partnership", 1, None, id="partnership-one-partner"),
        # six-handed: Cy's partners are Ann and Eve, so which one is asked
        pytest.param("six-handed", None, ("Ann", "Eve"), id="six-handed-asked"),
    ],
)
def test_a_players_partner_is_the_one_partner_or_asked(game, declarer, asked):
    reading = read("Cy's partner bid 60 in clubs and made it", table(game))
    assert reading.declarer == declarer
    if asked is not None:
        assert [a.could_be for a in reading.ambiguous] == [asked]


def test_an_auction_said_with_verbs_is_won_by_its_last_bid():
    line = "Dee opened two fifty, Ann went two sixty, Bob jumped to three hundred and everybody "
    line += "passed. He made hearts trump, took one fifty in tricks, made."
    reading = read(line, table("partnership"))
    assert (reading.declarer, reading.bid, reading.trump) == (2, 300, Suit.HEARTS)
    assert reading.outcome is Outcome.MADE and reading.tricks == 150


def test_a_higher_bid_left_not_understood_leaves_the_bid_asked():
    line = "Dee opened two fifty, Ann went two sixty, Bob fooled around three hundred"
    reading = read(line, table("partnership"))
    assert reading.bid is None
    assert ("250", "260", "300") in [a.could_be for a in reading.ambiguous]


def test_a_figure_above_a_bid_said_is_asked_bid_or_meld():
    # Brooklyn's takeover at 250 after an opening 300 (RULES 4.3): "three hundred" his bid
    line = "Bob's three hundred went round the table so he dumped it on Ann at two fifty"
    reading = read(line, table("brooklyn"))
    assert reading.melds == () and (reading.bid, reading.takeover) == (250, True)
    assert ("bid", "Bob's meld") in [a.could_be for a in reading.ambiguous]


@pytest.mark.parametrize(
    ("line", "melds", "tricks"),
    [
        # a meld hoped for is not shown
        pytest.param("Bob went 340 in diamonds, hoping the widow gave him the jack for a run. "
                     "It didn't, and he got set.", (), None, id="wished-for"),
        # "150 for the run": the run's figure (RULES 2.1: a run is 150), never the tricks too
        pytest.param("Cy bid 300 in spades, 150 for the run, made", (Meld(None, 150),), None,
                     id="figure-for-the-run"),
    ],
)  # fmt: skip
def test_a_meld_said_after_for(line, melds, tricks):
    reading = read(line, table("brooklyn-pot"))
    assert reading.melds == melds and reading.tricks == tricks


def test_a_figure_above_every_trick_point_is_never_tricks():
    # a single deck's trick points are 250 (RULES 3.1): "three ten" is no tricks figure
    reading = read("Cy 370 diamonds, meld 140, three ten, made", table("hoyle"))
    assert reading.tricks is None


def test_the_opponents_conceding_without_playing_a_card_is_their_concession():
    line = "Cy 350 hearts, and Ann and Bob conceded it to him without playing a card"
    reading = read(line, table("hoyle"))
    assert reading.outcome is Outcome.OPPONENTS_CONCEDED
    assert reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line"),
    [
        pytest.param("brooklyn", "Bob 360 spades mld 210 trks 160 made", id="brooklyn"),
    ],
)
def test_meld_and_tricks_typed_short(game, line):
    reading = read(line, table(game))
    assert reading.melds == (Meld(None, 210),) and reading.tricks == 160


@pytest.mark.parametrize(
    ("game", "line", "tricks"),
    [
        # RULES 3.1 and 3.5: a single deck's 250 trick points, a double deck's 50 written;
        # nothing buried counts for nobody, so the bidders took the rest
        pytest.param("brooklyn", "Bob 350 spades made, the others took 100", 150,
                     id="brooklyn-the-others"),
        pytest.param("partnership", "Bob 280 in clubs the other side took 90 made it", 160,
                     id="partnership-the-other-side"),
        pytest.param("double-deck", "Bob 60 spades, the other side took 22", 28,
                     id="double-deck-the-other-side"),
    ],
)  # fmt: skip
def test_what_the_declarers_opponents_took_leaves_the_bidders_the_rest(game, line, tricks):
    reading = read(line, table(game))
    assert reading.tricks == tricks
    assert reading.unknown_words == () and reading.ambiguous == ()


def test_what_the_others_took_with_no_declarer_said_fills_nothing():
    reading = read("the other side took 90", table("partnership"))
    assert reading.tricks is None and reading.unknown_words == ("the other side 90",)


@pytest.mark.parametrize(
    ("line", "outcome", "asked"),
    [
        # RULES 4.5 and 5.3: at the compulsory 300 giving up may be its forfeit or a concession
        pytest.param("Bob was stuck at 300 and gave it up", None, ("conceded", "forfeit"),
                     id="gave-it-up-asked"),
        pytest.param("Bob was stuck at 300 and conceded", Outcome.CONCEDED, None,
                     id="conceded-said"),
        pytest.param("Bob was stuck at 300 and gave it up without looking at the widow",
                     Outcome.FORFEIT, None, id="forfeit-said"),
        pytest.param("Bob bid 320 and gave it up", Outcome.CONCEDED, None,
                     id="above-the-compulsory"),
    ],
)  # fmt: skip
def test_giving_up_the_compulsory_bid(line, outcome, asked):
    reading = read(line, table("hoyle"))
    assert reading.outcome is outcome
    assert [a.could_be for a in reading.ambiguous] == ([asked] if asked else [])


def test_bete_alone_is_asked_single_or_double():
    # RULES 5.3: a single bete is a concession, a double bete a set
    reading = read("Cy bete on 330 in spades", table("brooklyn-pot"))
    assert reading.outcome is None and "bete" in reading.unknown_words


@pytest.mark.parametrize(
    ("line", "bid"),
    [
        # RULES 2.7, 4.1: the double deck's ladder written without the trailing zero
        pytest.param("Cy went six-fifty in hearts, and made it", 65, id="full-points"),
        pytest.param("Cy went 65 in hearts, made it", 65, id="as-written"),
    ],
)
def test_a_bid_said_in_full_points_is_written_as_the_table_writes_it(line, bid):
    assert read(line, table("double-deck")).bid == bid


def test_the_declarers_meld_said_twice_differently_is_asked():
    reading = read("Bob bid 320 clubs, Bob has 300, melded 100, made it", table("hoyle"))
    assert reading.melds == ()
    assert [set(a.could_be) for a in reading.ambiguous] == [{"100", "300"}]


def test_a_players_meld_said_again_after_named_melds_is_checked():
    # RULES 2.1: aces around are 100; "so Ann 110" differs, so her meld is asked
    line = "Spades. Ann a hundred aces, so Ann 110. Cy 40."
    reading = read(line, table("six-two-packs"))
    assert 1 not in [m.holder for m in reading.melds]
    assert ("100", "110") in [a.could_be for a in reading.ambiguous]


@pytest.mark.parametrize(
    ("line", "takes"),
    [
        pytest.param("meld ann 40 bob 0 cy 150 dee 60 / tricks 100 50 60 40",
                     {1: 100, 2: 50, 3: 60, 4: 40}, id="after-a-list-in-seat-order"),
        pytest.param("Hearts. trix 55 45 100 50 in that order", {1: 55, 2: 45, 3: 100, 4: 50},
                     id="in-that-order"),
    ],
)  # fmt: skip
def test_figures_said_in_seat_order(line, takes):
    reading = read(line, table("cutthroat"))
    assert dict(reading.takes) == takes
    assert reading.ambiguous == ()


def test_bare_figures_without_an_order_said_are_asked():
    reading = read("Hearts. trix 55 45 100 50", table("cutthroat"))
    assert reading.takes == ()


def test_a_player_said_doing_two_things_across_and():
    # cutthroat takes add to 250 with the last trick (RULES 6.4): 110 + 50 + 90 + 0
    line = "Clubs trump. Ann melded eighty kings and took 110 with the last trick, Bob melded "
    line += "40 and took 50, Cy melded 20 and took 90, Dee melded 60 and took nothing"
    reading = read(line, table("cutthroat"))
    assert dict(reading.takes) == {1: 110, 2: 50, 3: 90, 4: 0}
    assert reading.unknown_words == () and reading.ambiguous == ()


def test_a_figure_after_a_bare_figure_across_a_comma_stays_asked():
    reading = read("Clubs trump. Ann melded 80, Bob 40, took 110", table("cutthroat"))
    assert reading.takes == ()


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # two packs name no meld by its figure (RULES 2.6) but a table still says "a hundred
        # aces" for aces around, 100 (RULES 2.1)
        pytest.param("eight-two-packs", "Diamonds trump. Eve forty jacks", Meld(5, 40),
                     id="forty-jacks"),
        pytest.param("double-deck", "Bob 60 hearts, Bob a hundred aces, made", Meld(2, 10),
                     id="hundred-aces-written-10"),
    ],
)  # fmt: skip
def test_an_around_named_by_its_figure_at_two_packs(game, line, meld):
    assert meld in read(line, table(game)).melds


@pytest.mark.parametrize(
    ("game", "line", "outcome"),
    [
        pytest.param("cutthroat", "That's a miss deal, Cy has thirteen", Outcome.MISDEAL,
                     id="miss-deal"),
        pytest.param("hoyle", "cy 350 spades, ann and bob gave up lol",
                     Outcome.OPPONENTS_CONCEDED, id="lol-said-of-nothing"),
        pytest.param("partnership", "Nobody would open. All four passed", Outcome.ALL_PASS,
                     id="nobody-would-open"),
    ],
)  # fmt: skip
def test_more_words_for_how_a_hand_ended(game, line, outcome):
    reading = read(line, table(game))
    assert reading.outcome is outcome
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_name_with_an_e_added_is_that_player():
    reading = read("Faye 60 hearts, took 30, made", table("six-handed"))
    assert (reading.declarer, reading.bid) == (6, 60)


@pytest.mark.parametrize(
    ("game", "line", "bid"),
    [
        # the single deck's ladder starts at 250 or 300 (RULES 4.1): "for twenty" after a
        # bidder is dictation's "four twenty", "to ninety" its "two ninety"
        pytest.param("brooklyn", "bob for twenty in clubs, made it", 420, id="for-twenty"),
        pytest.param("brooklyn-pot", "Bob to ninety hearts, set", 290, id="to-ninety"),
        pytest.param("hoyle", "Ann went for 60 in clubs and made it", 460, id="went-for-60"),
        # at a double deck 60 is a bid as said (RULES 6.3)
        pytest.param("double-deck", "Ann went for 60 in clubs and made it", 60,
                     id="double-deck-for-60"),
    ],
)  # fmt: skip
def test_two_and_four_heard_as_to_and_for_before_a_bid(game, line, bid):
    assert read(line, table(game)).bid == bid


def test_for_after_a_meld_stays_the_melds_figure():
    reading = read("Cy 300 spades, Cy had a marriage for 20", table("brooklyn"))
    assert reading.melds == (Meld(3, 20),) and reading.bid == 300


def test_a_nine_turned_up_is_the_dix():
    # RULES 2.1: the dix is 10
    line = "Ann turned up a nine, and Ann's team took three hundred in tricks"
    reading = read(line, table("six-two-packs"))
    assert reading.melds == (Meld(1, 10),) and reading.tricks == 300


def test_a_whole_team_listed_with_commas_is_the_team():
    line = "Ann, Cy, Eve 180 meld; Bob, Dee, Fay 220 meld. Ann's lot took 300."
    reading = read(line, table("six-two-packs"))
    assert set(reading.melds) == {Meld(1, 180, True), Meld(2, 220, True)}
    assert reading.tricks == 300


@pytest.mark.parametrize(
    ("game", "line", "word", "choices"),
    [
        # RULES 4.5, 5.3: the compulsory 300 thrown in: forfeit or concession
        pytest.param("hoyle", "Bob 300, threw it in.", "threw it in", ("conceded", "forfeit"),
                     id="compulsory-thrown-in"),
        # Hoyle's opponents may concede (RULES 5.3): Bob the bidder, or one of Cy's opponents?
        pytest.param("hoyle", "cy 350 spades, bob gave up", "gave up",
                     ("conceded", "opponents conceded"), id="who-gave-up"),
        # RULES 3.1: 220 + 270 is every trick point of two packs: Ann's side's tricks or meld?
        pytest.param("six-two-packs", "Bob's side took two twenty so Ann's side had two seventy",
                     "ann's side had two seventy", ("meld", "tricks"), id="had-the-rest"),
    ],
)  # fmt: skip
def test_what_the_line_leaves_open_is_asked(game, line, word, choices):
    reading = read(line, table(game))
    assert (word, choices) in [(a.word, a.could_be) for a in reading.ambiguous]


@pytest.mark.parametrize(
    ("game", "line", "field", "value"),
    [
        pytest.param("bison", "Counters: Ann 10, Bob 9, Cy 5. Bob took the last one.",
                     "last_trick", 2, id="the-last-one"),
        pytest.param("six-two-packs", "Hearts. Tricks 330 for Ann's side, 160 for Bob's.",
                     "tricks", 330, id="tricks-for-a-side"),
        pytest.param("brooklyn-pot", "Bob 280 clubs set -- scratch that, he made it",
                     "outcome", Outcome.MADE, id="scratch-that-he-made-it"),
        pytest.param("hoyle", "A 360 C -- no H -- set", "trump", Suit.HEARTS,
                     id="no-before-a-suit"),
        pytest.param("bison", "cy reneged. bobs bid 300 H", "declarer", 2,
                     id="possessive-without-apostrophe"),
        pytest.param("eight-handed", "Eight passes. Throw it in.", "outcome", Outcome.ALL_PASS,
                     id="eight-passes"),
        pytest.param("brooklyn", "Cy 330 hearts, maid it", "outcome", Outcome.MADE,
                     id="maid-it"),
        pytest.param("brooklyn-pot", "Ann 310 hearts. Conceited.", "outcome", Outcome.CONCEDED,
                     id="conceited"),
        # a figure typed with a space after its hundreds
        pytest.param("brooklyn-pot", "bob 3 10 in spades, set", "bid", 310, id="3-10"),
        # RULES 2.1: a run 150 and a royal marriage 40 (cutthroat: nobody bids)
        pytest.param("cutthroat", "spades are trump. Cy 190 with a run and a royal marriage",
                     "melds", (Meld(3, 190),), id="figure-with-its-melds"),
        # RULES 3.1: two packs' 490 trick points, all Ann's team's
        pytest.param("six-two-packs", "Ann's team all four ninety, Bob's team got nothing.",
                     "melds", (), id="the-whole-deck-said-again"),
        pytest.param("double-deck", "Dee sixty-five in diamonds, Ann and Cy took 32 of the 50",
                     "tricks", 18, id="32-of-the-50"),
        pytest.param("brooklyn", "Ann 3:30 in cubs, went back", "outcome", Outcome.SET,
                     id="went-back"),
        pytest.param("brooklyn", "Ann 3:30 in cubs, went back", "trump", Suit.CLUBS,
                     id="cubs"),
        pytest.param("six-handed", "Bob fifty eight in dimes, made it", "trump", Suit.DIAMONDS,
                     id="dimes"),
        pytest.param("two-handed", "Clubs turned, that's a dix for Ann. Bob 320.", "melds",
                     (Meld(1, 10), Meld(2, 320)), id="a-dix-for-ann"),
        pytest.param("cutthroat", "Spades trump. Ann 80, Bob 60, Cy 0, Dee 40; took 100, 0, 80 "
                     "and 70.", "takes", ((1, 100), (2, 0), (3, 80), (4, 70)),
                     id="takes-in-seat-order-with-commas"),
        # two packs' 490 trick points (RULES 3.1): 300 and the others' 190 agree
        pytest.param("six-two-packs", "Ann's team took 300, the others 190", "tricks", 300,
                     id="the-others-without-a-bid"),
        pytest.param("brooklyn", "Bob bid three seventy in clubs, we held him to a hundred and "
                     "fifty in tricks", "tricks", 150, id="held-him-to"),
        pytest.param("bison", "Bob renegued on Cy's two eighty in hearts", "outcome",
                     Outcome.RENEGE, id="renegued"),
        pytest.param("hoyle", "Bob was stuck with the compulsory three hundred and chucked it "
                     "without even looking at the widow", "outcome", Outcome.FORFEIT,
                     id="chucked-without-looking"),
        pytest.param("eight-handed", "Cy bid 55 in hearts, ended up conceding", "outcome",
                     Outcome.CONCEDED, id="ended-up-conceding"),
        # RULES 2.1: Brooklyn's double pinochle is 80
        pytest.param("brooklyn-pot", "ann 300 spdes, dbl pinochle 80, 230 tricks, made",
                     "melds", (Meld(None, 80),), id="dbl-pinochle"),
        pytest.param("brooklyn", "Reading it back: Bob won the bid at three thirty, spades, "
                     "made. Everybody good?", "unknown_words", (), id="read-back"),
        # without a bid the tricks entered are the first seat's team's (RULES 6.4): Hal's team
        # took 145 of 490, Ann's 345
        pytest.param("eight-two-packs", "Hal's crowd took 145", "tricks", 345, id="crowd"),
        # RULES 4.2: bids typed one after another, each topping the last: Bob's 300 wins
        pytest.param("partnership", "bob bid 280 ann 290 bob 300 diamonds, he made it", "bid",
                     300, id="auction-typed-without-commas"),
        pytest.param("partnership", "dee 300 spades, bob n dee meld 150 took 170 made", "melds",
                     (Meld(2, 150, True),), id="n-for-and"),
        # RULES 3.1: the other two took 130 of 250, Ann 120
        pytest.param("brooklyn", "ann three twenty spades melt 60, other 2 took 130 so set",
                     "tricks", 120, id="other-2"),
        # RULES 3.5: the double deck's 50 written: 30 theirs, 20 the bidders'
        pytest.param("eight-handed", "bob 52 spades, other team took 30", "tricks", 20,
                     id="other-team"),
        pytest.param("brooklyn", "Sy, for twenty, spades, made it easy", "bid", 420,
                     id="sounded-name-then-for-twenty"),
        # RULES 2.6: from two packs a double royal marriage 300 and two dix 20
        pytest.param("eight-two-packs", "Cy laid down a double royal marriage in spades with two "
                     "dix", "melds", (Meld(3, 320),), id="double-royal-marriage-in-spades"),
        pytest.param("two-handed", "Ann turned up the dix, that's her ten. Bob had eighty kings.",
                     "melds", (Meld(1, 10), Meld(2, 80)), id="her-ten-said-again"),
        # RULES 6.4: without a bid the card turned is trump, a dix the dealer's 10
        pytest.param("six-two-packs", "ann turned up the 9 of spades, just that, 10 for her",
                     "trump", Suit.SPADES, id="the-9-of-spades-turned"),
        pytest.param("six-two-packs", "ann turned up the 9 of spades, just that, 10 for her",
                     "melds", (Meld(1, 10),), id="the-9-of-spades-her-dix"),
        pytest.param("bison", "Bob 300 clubs, counters Ann 6 Bob 14 Cy 4, last Bob, made",
                     "last_trick", 2, id="last-bob"),
        # RULES 6.4: cutthroat's takes add to 250
        pytest.param("cutthroat", "cy took 100 dee 50 bob 100 ann nothing", "takes",
                     ((1, 0), (2, 100), (3, 100), (4, 50)), id="takes-typed-without-commas"),
        pytest.param("two-handed", "ann meld 120 bob 80. ann took 160 bob 90", "takes",
                     ((1, 160), (2, 90)), id="two-lists-typed"),
        pytest.param("cutthroat", "ann n dee melded 40 each, dee took 90", "melds",
                     (Meld(1, 40), Meld(4, 40)), id="each"),
        pytest.param("hoyle", "bob stuck w the 300, forfeited w/o looking at the widow",
                     "outcome", Outcome.FORFEIT, id="w-slash-o"),
        pytest.param("six-two-packs", "anns team took every trick", "tricks", 490,
                     id="anns-team"),
        pytest.param("cutthroat", "trick pts ann 80 bob 60 cy 0 dee 110", "takes",
                     ((1, 80), (2, 60), (3, 0), (4, 110)), id="trick-pts"),
        pytest.param("partnership", "dee 250 hearts conceeded", "outcome", Outcome.CONCEDED,
                     id="conceeded"),
        pytest.param("six-handed", "all 6 passed", "outcome", Outcome.ALL_PASS,
                     id="all-6-passed"),
        pytest.param("six-two-packs", "Bob's team took 190 and Ann's the rest", "tricks", 300,
                     id="anns-the-rest"),
        pytest.param("two-handed", "ann 130 cards bob 120 cards. meld ann 40 bob 60", "takes",
                     ((1, 130), (2, 120)), id="points-in-cards"),
        pytest.param("eight-two-packs", "Team meld: Ann Cy Eve Gus 420; Bob Dee Fay Hal 90.",
                     "melds", (Meld(1, 420, True), Meld(2, 90, True)), id="team-meld-heading"),
        pytest.param("partnership", "ann 270 hrts made team meld 110 trx 160", "tricks", 160,
                     id="trx"),
        pytest.param("brooklyn-pot", "Bob bid three ten clubs, had eighty in meld, the other two "
                     "took 120 off him. Set.", "tricks", 130, id="off-him"),
        pytest.param("brooklyn", "Bob opened at 300 and got nothing but passes, so he made the "
                     "dealer eat it. Ann played two fifty in diamonds and went down.",
                     "takeover", True, id="made-the-dealer-eat-it"),
        pytest.param("brooklyn-pot", "Bob bid three hundred in clubs, but he put his cards down "
                     "and paid everybody without playing a trick.", "outcome", None,
                     id="cards-put-down-no-set"),
        pytest.param("brooklyn", "Bob 300 spades down", "outcome", Outcome.SET, id="down-set"),
        pytest.param("cutthroat", "Ann 40, Bob 60, Sy 20, D 80, that's everybody's meld.",
                     "trump", None, id="d-in-a-list-no-suit"),
        pytest.param("brooklyn", "Bob 300 D made", "trump", Suit.DIAMONDS, id="d-after-a-bid"),
        pytest.param("bison", "Cy had the double pinochle, three hundred, and Bob had his hundred "
                     "aces.", "melds", (Meld(2, 100), Meld(3, 300)), id="had-his-meld"),
        pytest.param("double-deck", "Dee fifty-eight... no, she went to sixty, diamonds.", "melds",
                     (), id="no-she-went-to-sixty"),
        # RULES 2.6: from two packs eight aces are aces around twice, 1000
        pytest.param("eight-two-packs", "Gus 8 aces", "melds", (Meld(7, 1000),),
                     id="8-aces"),
        pytest.param("partnership", "Bob opened three hundred, Dee bumped her partner to three "
                     "twenty in hearts, made it.", "bid", 320, id="bumped-to-a-bid"),
        pytest.param("partnership", "Bob, 260 in clubs. Ann and Cy took 90, so that leaves 160 "
                     "for Bob and Dee.", "unknown_words", (), id="that-leaves"),
        # RULES 3.1: two packs' 490: 262 and the other lot's 228
        pytest.param("six-two-packs", "Ann's side 262, the other lot 228.", "tricks", 262,
                     id="the-other-lot"),
        pytest.param("six-handed", "cy 90 spades surrendered", "outcome", Outcome.CONCEDED,
                     id="surrendered"),
        pytest.param("bison", "Cy reneged, bless his heart, on Ann's three hundred in spades.",
                     "trump", Suit.SPADES, id="bless-his-heart-no-hearts"),
        # the single deck's ladder starts at 300 in Brooklyn (RULES 4.1): four thirty
        pytest.param("brooklyn", "Anne bid for thirty spades, looked at the widow and conceded",
                     "bid", 430, id="bid-for-thirty"),
        pytest.param("hoyle", "Cy three fifty spades. Ann and Bob took one look at his meld and "
                     "conceded the hand to him", "outcome", Outcome.OPPONENTS_CONCEDED,
                     id="conceded-the-hand-to-him"),
        pytest.param("bison", "Bob revoked on his own bid. Three twenty, clubs.", "outcome",
                     Outcome.RENEGE, id="revoked"),
        pytest.param("eight-two-packs", "bad deal, cards showing, do it over", "outcome",
                     Outcome.MISDEAL, id="bad-deal"),
        pytest.param("hoyle", "Bob, 300, spayed. 100 aces for meld, took exactly 200. Made.",
                     "trump", Suit.SPADES, id="spayed"),
        pytest.param("two-handed", "cards: Ann 96, Bob 154 with the last", "takes",
                     ((1, 96), (2, 154)), id="with-the-last"),
        pytest.param("six-handed", "Faye 59 in diamonds, Faye's team took 23, made.", "tricks",
                     23, id="a-name-as-it-sounds-with-its-s"),
        # the single deck's ladder (RULES 4.1): "bed 4:20" is a bid of 420
        pytest.param("hoyle", "Cy bed 4:20 in spades and conceited after the widow", "bid",
                     420, id="bed-for-bid"),
        pytest.param("bison", "ann had the bid at 310 in clubs and after everybody melded she "
                     "conceded it", "unknown_words", (), id="had-the-bid-after-everybody-melded"),
        pytest.param("bison", "Ann took it at 350 in hearts and conceded once everyone had "
                     "melded", "outcome", Outcome.CONCEDED, id="once-everyone-had-melded"),
        # RULES 5.3: a single bete is the concession's stake
        pytest.param("bison", "Bob went up to 320 in diamonds, looked at the widow and took a "
                     "single bete.", "outcome", Outcome.CONCEDED, id="took-a-single-bete"),
        # RULES 2.1: the dix 10 and a run 150
        pytest.param("two-handed", "Ann turned up the deece for ten and later laid down a "
                     "rope, so 160 for her.", "melds", (Meld(1, 160),), id="later"),
        pytest.param("bison", "ann 260 spades made. She took last trick too", "last_trick", 1,
                     id="she-took-last-trick"),
        # RULES 2.6: jacks around twice from two packs, 400
        pytest.param("six-two-packs", "Hearts turned, Dee mailed eight jacks for 400", "melds",
                     (Meld(4, 400),), id="mailed-for-melded"),
        pytest.param("bison", "Bob had it at 290 in clubs and Ann renegged", "reneger", 1,
                     id="renegged"),
        # RULES 4.3: the opener made the dealer play it, at 250
        pytest.param("brooklyn", "bob opened 300, passed all around, he made ann (dealer) play "
                     "it at 250. diamnds. set", "declarer", 1, id="made-the-dealer-play-it"),
        pytest.param("brooklyn", "Bob opened 300, everybody passed, clubs, made", "bid", 300,
                     id="the-opening-passed-played-by-its-bidder"),
        # RULES 3.1: two packs' 490 is 270 and 220
        pytest.param("eight-two-packs", "spades. anns team 270, bobs 220", "tricks", 270,
                     id="teams-typed-without-apostrophes"),
        pytest.param("bison", "Ann three forty in hearts made it Ann had fifteen counters and "
                     "the last trick Bob six Cy three", "last_trick", 1,
                     id="and-the-last-trick-is-hers"),
        pytest.param("hoyle", "ann 320 diamonds, opps conceded it to her", "outcome",
                     Outcome.OPPONENTS_CONCEDED, id="opps"),
        pytest.param("cutthroat", "sp trump. tricks ann 62 bob 88 cy 44 dee 56", "trump",
                     Suit.SPADES, id="sp"),
        pytest.param("brooklyn", "Cy went three fifty in hearts, laid down one ninety, pulled in "
                     "a hundred seventy in the tricks, and he's home free", "outcome",
                     Outcome.MADE, id="home-free"),
        pytest.param("hoyle", "Cy, three ten, diamonds, went down the tubes", "outcome",
                     Outcome.SET, id="down-the-tubes"),
        pytest.param("double-deck", "Bob's bid, seventy-five in hearts, Bob and Dee forty in meld "
                     "and they grabbed thirty-eight in tricks", "tricks", 38, id="grabbed"),
        # Bison's counters each player's (RULES 6.4): 9 and 5 are no bid, so no declarer's
        pytest.param("bison", "Ann took 10, Bob 9, Cy 5", "takes", ((1, 10), (2, 9), (3, 5)),
                     id="a-take-carried-on-to-figures-that-are-no-bid"),
        # RULES 5.3: a bid given up falls short by nothing; by nine it was played and set
        pytest.param("eight-handed", "Fay 80 in clubs, bete by nine", "outcome", Outcome.SET,
                     id="bete-by-nine"),
        pytest.param("bison", "Ann 250 spades, she reneged", "reneger", 1, id="she-reneged"),
        pytest.param("partnership", "pass all around, Bob's deal", "outcome", Outcome.ALL_PASS,
                     id="pass-all-around"),
        pytest.param("brooklyn-pot", "Cards were bunched, we're redealing", "outcome",
                     Outcome.MISDEAL, id="bunched"),
        pytest.param("double-deck", "Dee gave it up before play, she'd bid 55.", "bid", 55,
                     id="shed-bid"),
        pytest.param("hoyle", "bob 300 clubs played it, set", "unknown_words", (),
                     id="played-it"),
        # RULES 4.5: the compulsory 300 given up before the widow is its forfeit
        pytest.param("hoyle", "Bob's stuck with the 300, tosses it without looking at the widow",
                     "outcome", Outcome.FORFEIT, id="tosses-it"),
        # RULES 6.4: the dix turned up is the dealer's 10, its suit named between
        pytest.param("eight-two-packs", "Ann turned up a nine of clubs ten for her and that's "
                     "trump", "melds", (Meld(1, 10),), id="the-nine-of-clubs-ten-for-her"),
        # RULES 3.1: two packs' 490, 330 and 160, said with no pause
        pytest.param("eight-two-packs", "Ann's team three thirty Bob's team one sixty", "tricks",
                     330, id="teams-figures-run-on"),
        # RULES 3.1: the single deck's 250, less the other two's 98
        pytest.param("brooklyn-pot", "Cy, three ten, spades. Ann and Bob took ninety-eight "
                     "between them. Made.", "tricks", 152, id="the-others-named"),
        pytest.param("brooklyn", "Bob opened at three hundred, the other two passed, and he "
                     "shoved it onto the dealer. Ann plays it at two fifty, spades. She went set.",
                     "declarer", 1, id="shoved-it-onto-the-dealer"),
        pytest.param("hoyle", "Bob forfeits his three hundred, never turned the widow over.",
                     "unknown_words", (), id="never-turned-the-widow-over"),
        pytest.param("hoyle", "Cy three sixty in hearts and the other two just threw their hands "
                     "in, conceded to him.", "outcome", Outcome.OPPONENTS_CONCEDED,
                     id="threw-their-hands-in"),
        pytest.param("hoyle", "Cy three fifty spades. Ann and Bob took one look at his meld and "
                     "conceded the hand to him", "tricks", None, id="took-one-look-is-no-1"),
        # RULES 3.1: two packs' 490 less the opponents' 22 written (a double deck's scale 10)
        pytest.param("eight-handed", "made - 70 hts - opps 22 trx - a/c/e/g mld 50 - ann",
                     "tricks", 28, id="opps-22-trx"),
        pytest.param("brooklyn", "Cy: Bob opened at 300, nobody came over him, so he made Ann take "
                     "it. Ann: two fifty, diamonds. Bob: she made it, barely", "declarer", 1,
                     id="made-ann-take-it"),
        pytest.param("partnership", "Cy: Ann bid 280 hearts, no wait, 290. Ann: 290, yes",
                     "unknown_words", (), id="the-bid-said-again"),
        # clubs said, "D" is Dee (Bob's partner), never a second trump
        pytest.param("double-deck", "60 clubs D. set. bob n D 18 tricks", "declarer", 4,
                     id="d-after-clubs-is-dee"),
        pytest.param("hoyle", "Cy went to three ninety in hearts, no wait, that's not right, it "
                     "was three eighty, and he made it.", "bid", 380, id="thats-not-right"),
        # RULES 3.1: 0 and the other team's 490 are the deck's 490
        pytest.param("six-two-packs", "ann's team 0 trx, lost their meld. b/d/f all 490",
                     "tricks", 0, id="the-other-teams-rest-said-again"),
        pytest.param("cutthroat", "dee 0 trx so her 80 mld's gone", "melds", (Meld(4, 80),),
                     id="mlds"),
        pytest.param("brooklyn-pot", "Bobby 340 spades, set", "declarer", 2, id="bobby"),
        pytest.param("bison", "evry1 passed, thrown in", "outcome", Outcome.ALL_PASS,
                     id="evry1"),
        pytest.param("hoyle", "cy 350 sp, ann n bob gave up b4 play", "outcome",
                     Outcome.OPPONENTS_CONCEDED, id="b4-play"),
        pytest.param("brooklyn", "bob 370 sp nvm 380. made", "bid", 380, id="nvm"),
        pytest.param("cutthroat", "clbs turned. mld bob run 150, cy marriage 20", "unknown_words",
                     (), id="mld-heading-named-melds"),
        pytest.param("brooklyn-pot", "270 dia ann, set, only 60 mld", "trump", Suit.DIAMONDS,
                     id="dia"),
        # RULES 3.1: 250 less the other side's 30 ("they" taken back for Ann and Cy)
        pytest.param("partnership", "Dee two sixty hearts, they only took 30. I mean Ann and Cy "
                     "took 30", "tricks", 220, id="i-mean-ann-and-cy"),
        pytest.param("partnership", "Dee two sixty hearts, they only took 30. I mean Ann and Cy "
                     "took 30", "declarer", 4, id="i-mean-ann-and-cy-not-the-declarer"),
        # RULES 4.4: a misdeal or everyone passing, either way nobody played: nothing entered
        pytest.param("partnership", "Cy's got eleven cards, Dee's got thirteen, nobody bid yet: "
                     "misdeal.", "declarer", None, id="unplayed-either-way"),
        # RULES 6.4: the last trick's 10 added in two-handed, 80 + 10
        pytest.param("two-handed", "tricks: ann 80 in cards + the last trick, bob 160", "takes",
                     ((1, 90), (2, 160)), id="plus-sign"),
        pytest.param("double-deck", "dee 5o spades made, side meld 22, 30 trix", "bid", 50,
                     id="an-o-for-a-nought"),
        pytest.param("double-deck", "dee 5o spades made, side meld 22, 30 trix", "melds",
                     (Meld(2, 22, True),), id="side-alone-is-the-bidders"),
        # Brooklyn's ladder (RULES 4.1): 300 and 330 are bids the auction outbid, or melds
        pytest.param("brooklyn", "Bob three hundred, Cy three thirty, Ann never bid, Bob three "
                     "fifty, Cy three sixty, Bob three seventy, Cy pass. Bob in cubs, made.",
                     "melds", (), id="outbid-bids-are-no-meld"),
        pytest.param("bison", "bison: Bob 300 hearts. counters Ann 5 Bob 12 Cy 7", "unknown_words",
                     (), id="the-games-name-said"),
        pytest.param("brooklyn", "ann 400 diamonds, peeked at the widow and gave it up",
                     "outcome", Outcome.CONCEDED, id="peeked-at-the-widow"),
        pytest.param("partnership", "Ann 250 spaces. Ann and Cy took 110", "trump", Suit.SPADES,
                     id="spaces-for-spades"),
        # the auction rising to Bob's 300 (RULES 4.2), the others out
        pytest.param("bison", "Bob opened two fifty, Cy two sixty, Ann two seventy, Bob three "
                     "hundred, everyone else out. Bob spades. Made.", "bid", 300,
                     id="everyone-else-out"),
        pytest.param("hoyle", "3 hundred and sixty by bob in spades, he conceded", "bid", 360,
                     id="3-hundred-and-sixty"),
        # the player said before "took" leads the list: never "125 Ann"
        pytest.param("cutthroat", "dee took 125 cy 125 ann and bob nothing", "takes",
                     ((4, 125),), id="dee-took-125-the-rest-asked-not-shifted"),
        # RULES 3.1: the last trick is in the side's 490 (two packs' 490 less 170)
        pytest.param("eight-two-packs", "Hal took the last trick and his side got 170 altogether",
                     "last_trick", None, id="the-last-trick-in-the-sides-tricks"),
        # RULES 5.3: made short by 20 is the double bete (set)
        pytest.param("hoyle", "Bob 3:10 in clubs came up 20 short", "outcome", Outcome.SET,
                     id="came-up-20-short"),
        # "held him to" is what the declarer took, whoever says it
        pytest.param("brooklyn-pot", "Si 290 spades, meld 160, the two of us held him to 140, he "
                     "made it", "tricks", 140, id="the-two-of-us-held-him-to"),
        pytest.param("brooklyn", "Table two, hand one: Bob, three fifty in spades, made it.",
                     "unknown_words", (), id="table-two-hand-one"),
        pytest.param("hoyle", "Bob was on the hook for 300 but he called spades, melded 160 and "
                     "took 150. Made it.", "bid", 300, id="on-the-hook-for"),
        # a dix of nobody where each melds: whose? every player's meld asked, none filled
        pytest.param("two-handed", "Clubs turned, the dix, so ten for Ann, then she melded a "
                     "royal marriage and a pinochle. Bob had a run.", "melds", (),
                     id="a-meld-of-nobody-asks-every-meld"),
        # each player's meld in the order said; the team's 45 is their sum (RULES 6.1)
        pytest.param("six-handed", "Fay bid 60 in clubs. Bob, Dee and Fay melded 15, 10 and 20, "
                     "and they took 35.", "melds", (Meld(2, 15), Meld(4, 10), Meld(6, 20)),
                     id="respectively"),
        pytest.param("two-handed", "Ann turned up the nine of hearts, ten for her, plus she melded "
                     "a penuckle, so fifty.", "melds", (Meld(1, 50),), id="penuckle"),
        pytest.param("brooklyn", "Bob opened at three hundred and nobody else said a word, so he "
                     "used his right to make Ann, who was dealing, play it at two fifty",
                     "declarer", 1, id="make-ann-who-was-dealing-play-it"),
        pytest.param("two-handed", "Ann's take in tricks was two hundred even, and Bob had the "
                     "other fifty.", "melds", (), id="had-the-other-fifty-is-no-meld"),
        pytest.param("partnership", "bob 250 hrts made meld bob & dee 110 tricks 150", "tricks",
                     150, id="a-cue-heads-the-figure-after-it"),
        pytest.param("eight-handed", "Gus fifty three spades, Ann Cy Eve and Gus melded twelve, "
                     "eight, six and four, took thirty", "melds",
                     (Meld(1, 12), Meld(3, 8), Meld(5, 6), Meld(7, 4)),
                     id="respectively-players-without-commas"),
        pytest.param("six-two-packs", "Spades. Bob had all four nines of spades, forty", "melds",
                     (), id="four-nines-counted-no-meld-of-4"),
        # RULES 6.4: the dix turned up, 10, and sixty queens: 70 for Ann, or asked
        pytest.param("two-handed", "Ann turned up the dix, which gives her ten, and she also "
                     "melded sixty queens.", "takes", (), id="gives-her-ten-is-no-take"),
        pytest.param("bison", "Cy bid to hundred and ninety in clubs, melted eighty kings, and "
                     "went set.", "bid", 290, id="to-hundred-and-ninety"),
        # Brooklyn with a pot: the dealer must take it at 250 (RULES 4.3)
        pytest.param("brooklyn-pot", "bob n cy passed, ann forced at 250 hearts, made", "bid",
                     250, id="forced-at"),
        pytest.param("bison", "Bob bid two hundred and seventy in hearts. He took twelve counters, "
                     "Ann took eight, and Cy took four along with the last trick.", "last_trick",
                     3, id="along-with-the-last-trick"),
        pytest.param("hoyle", "Bob took the bid at three hundred in spades and gave it up after "
                     "the widow; no, I beg your pardon, he played it out and was set.", "outcome",
                     Outcome.SET, id="i-beg-your-pardon"),
        pytest.param("partnership", "Dee two sixty in hearts. Bob and Dee melded one twenty, Ann "
                     "and Cy eighty. Bidders took one fifty. Made.", "tricks", 150,
                     id="bidders-took"),
        # RULES 4.5: the compulsory 300 given up before the widow is turned is its forfeit
        pytest.param("hoyle", "Bob stuck with the compulsory three hundred. Gave it up without "
                     "even turning the widow.", "outcome", Outcome.FORFEIT,
                     id="without-even-turning-the-widow"),
    ],
)  # fmt: skip
def test_a_line_reads_the_field_it_says_as_the_rules_make_it(game, line, field, value):
    # one field of each line, as typed in a hurry or dictated: read as the rules make it, or
    # (None) left for the table to say
    assert getattr(read(line, table(game)), field) == value


def test_the_team_said_alone_is_the_bidders_team():
    line = "Two fifty Bob hearts period team meld ninety period tricks two hundred period made"
    reading = read(line, table("partnership"))
    assert reading.melds == (Meld(2, 90, True),) and reading.tricks == 200


@pytest.mark.parametrize(
    ("game", "line", "declarer"),
    [
        pytest.param("hoyle", "Si three twenty clubs made it", 3, id="si"),
        pytest.param("brooklyn-pot", "Sigh bid 280 in clubs and got set", 3, id="sigh"),
        pytest.param("brooklyn", "Anne 300 spades, made", 1, id="anne"),
    ],
)
def test_a_name_spelt_as_it_sounds_is_that_player(game, line, declarer):
    assert read(line, table(game)).declarer == declarer


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.6: from two packs, aces around twice are 1000, three times 2000
        pytest.param("eight-two-packs", "Cy had eight aces, a thousand", Meld(3, 1000),
                     id="eight-aces"),
        pytest.param("six-two-packs", "Eve had twelve aces, two thousand", Meld(5, 2000),
                     id="twelve-aces"),
        # RULES 2.1: queens around 60, a pinochle 40 and jacks around 40
        pytest.param("cutthroat", "Spades. Cy queens, 60.", Meld(3, 60), id="queens"),
        pytest.param("cutthroat", "Spades. Bob pinochle and jacks, 80.", Meld(2, 80),
                     id="pinochle-and-jacks"),
    ],
)  # fmt: skip
def test_arounds_said_by_their_cards(game, line, meld):
    assert meld in read(line, table(game)).melds


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Diamonds. Cy had both kings and both queens of diamonds for 300",
                     id="both-kings"),
        pytest.param("Diamonds. Cy had 6 aces", id="six-aces"),
    ],
)  # fmt: skip
def test_cards_counted_that_are_no_around_are_no_meld(line):
    assert read(line, table("six-two-packs")).melds == ()


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        pytest.param("double-deck", "Declarer Ann, bid 100, trump clubs, Ann/Cy meld 62, made",
                     (Meld(1, 62, True),), id="slash-partners"),
        pytest.param("six-two-packs", "Team Bob, Dee, Fay: meld 140. Team Ann, Cy, Eve: meld 90.",
                     (Meld(1, 90, True), Meld(2, 140, True)), id="team-listed"),
    ],
)  # fmt: skip
def test_partners_said_with_a_slash_or_listed_after_team(game, line, melds):
    reading = read(line, table(game))
    assert tuple(sorted(reading.melds, key=lambda m: m.holder or 0)) == melds


def test_a_name_said_only_with_words_not_understood_is_no_declarer():
    reading = read("Ann flashed the bottom card", table("hoyle"))
    assert reading.declarer is None and "ann" in reading.unknown_words


def test_dealing_again_is_a_misdeal():
    line = "Ann flashed the bottom card, deal's no good, she's got to deal it again"
    assert read(line, table("hoyle")).outcome is Outcome.MISDEAL


def test_a_meld_typed_with_a_space_after_its_hundreds():
    line = "Sigh took it at 3:20 in harts, melded 1 20, took 210, made it"
    reading = read(line, table("brooklyn"))
    assert (reading.declarer, reading.bid, reading.trump) == (3, 320, Suit.HEARTS)
    assert reading.melds == (Meld(None, 120),) and reading.tricks == 210


def test_has_got_is_the_players_meld_never_what_they_took():
    reading = read(
        "Dee's got double aces, that's a thousand. Bob's got forty.", table("partnership")
    )
    assert set(reading.melds) == {Meld(4, 1000), Meld(2, 40)}
    assert reading.declarer is None and reading.tricks is None


def test_everything_except_a_figure_is_not_everything():
    reading = read("Bob took everything except 40, which Cy got", table("cutthroat"))
    assert reading.takes == ()


@pytest.mark.parametrize(
    "line",
    [
        "Bob opened at three hundred and nobody came over him, so he stuck Ann with it at two "
        "fifty. She called clubs and made it.",
        "Bob opened at the three hundred, so he hung it on Ann for two fifty. Clubs, made.",
    ],
)
def test_the_opener_passing_it_to_the_dealer_is_the_takeover(line):
    # RULES 4.3: the dealer takes it over at 250
    reading = read(line, table("brooklyn"))
    assert (reading.declarer, reading.bid, reading.takeover) == (1, 250, True)


def test_had_before_a_figure_and_its_meld_word_is_read_through():
    reading = read("Ann bid 360 in diamonds, had a hundred in meld", table("brooklyn"))
    assert reading.melds == (Meld(None, 100),) and reading.unknown_words == ()


def test_a_team_said_before_the_others_is_needed_without_a_bid():
    reading = read("the others took 190", table("six-two-packs"))
    assert reading.tricks is None and reading.unknown_words


def test_n_is_a_name_where_a_player_is_named_n():
    reading = read("N at 65, spades, tricks 31", table("double-deck", ("W", "N", "E", "S")))
    assert (reading.declarer, reading.bid) == (2, 65) and reading.ambiguous == ()


def test_a_team_figure_cued_as_meld_is_no_list_of_tricks():
    # "the other team 26" after a side's meld may be their meld too: asked, never tricks
    reading = read("cy 51 hearts. ann cy eve 29 meld, other team 26 so made", table("six-handed"))
    assert reading.tricks is None


def test_melds_of_nobody_after_a_players_melds_leave_the_players_meld_asked():
    # eight players each meld (RULES 2.5): "with two dix" after Cy's melds, of nobody named
    reading = read(
        "Cy laid down a double royal marriage, hearts, two dix", table("eight-two-packs")
    )
    assert 3 not in [m.holder for m in reading.melds]


def test_she_and_he_in_one_line_are_two_people():
    # "her" is Ann's, so "he" is someone else: asked, never Ann
    reading = read("Ann made her 300 in hearts, he took the last trick", table("bison"))
    assert reading.last_trick is None


def test_a_dix_turned_and_melds_said_after_are_asked_never_one_taken():
    line = "Ann turned the nine of hearts, ten for her, then she melded a run. Bob had a pinochle."
    reading = read(line, table("two-handed"))
    assert reading.trump is Suit.HEARTS and 1 not in [m.holder for m in reading.melds]


def test_renege_on_a_players_bid_names_the_declarer_not_the_reneger():
    reading = read("Renege on Cy's 260 in diamonds.", table("bison"))
    assert reading.reneger is None and reading.outcome is Outcome.RENEGE


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.6, 6.4: the dix turned 10, eighty kings 80: Ann's 90 in all
        pytest.param("eight-two-packs", "Ann turned up the nine of spades, ten for her, and she "
                     "had 80 kings too, so 90", Meld(1, 90), id="dix-and-kings-so-90"),
        pytest.param("eight-two-packs", "Cy 40, Cy 60, so Cy 100", Meld(3, 100),
                     id="two-figures-then-their-sum"),
    ],
)  # fmt: skip
def test_a_players_melds_said_apart_then_their_total(game, line, meld):
    assert read(line, table(game)).melds == (meld,)


def test_figures_that_do_not_add_up_to_the_last_are_asked():
    reading = read("Cy 40, Cy 60, so Cy 90", table("eight-two-packs"))
    assert reading.melds == ()


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        pytest.param("six-two-packs", "meld 150 ann 100 cy 40 eve. 300 bob 60 dee 30 fay",
                     (Meld(1, 150), Meld(2, 300), Meld(3, 100), Meld(4, 60), Meld(5, 40),
                      Meld(6, 30)), id="figure-then-player"),
        pytest.param("bison", "300 spades bob. counters 12 7 5 bob ann cy. meld 150 40 20 bob "
                     "ann cy", (Meld(1, 40), Meld(2, 150), Meld(3, 20)), id="figures-then-players"),
        # nobody bids in two packs' games: no figure there is a bid
        pytest.param("six-two-packs", "300 bob 60 dee 30 fay", (Meld(2, 300), Meld(4, 60),
                     Meld(6, 30)), id="figures-first-without-a-bid"),
    ],
)  # fmt: skip
def test_figures_said_before_their_players(game, line, melds):
    assert tuple(sorted(read(line, table(game)).melds, key=lambda m: m.holder or 0)) == melds


def test_a_figure_before_a_player_where_it_may_be_the_bid_is_not_swapped():
    # with a bid, "300 bob" may be Bob's bid of 300 (RULES 4.1): never his meld unasked
    reading = read("300 bob spades made", table("brooklyn"))
    assert reading.melds == () and reading.bid is None


@pytest.mark.parametrize(
    ("game", "line"),
    [
        pytest.param("six-two-packs", "took 320 ann cy eve, 170 bob dee fay", id="team-after"),
        pytest.param("double-deck", "D went set on 60", id="d-alone-dee-or-diamonds"),
        pytest.param("six-two-packs", "Eve 2 dixes 20 plus a marriage 20", id="two-groups"),
    ],
)
def test_what_could_be_read_two_ways_is_asked(game, line):
    reading = read(line, table(game))
    assert reading.ambiguous or reading.unknown_words
    assert reading.melds == () and reading.declarer is None
