"""Lines typed with slips or told as a story (issue 29, the seventh round of held-out sets):
a word a letter off, shorthand and dictation's sound-alikes, "the minimum", players who
passed, a take of every trick, "her side" and "our side", and a figure said after a hand given
up. Each figure below is worked out from docs/RULES.md."""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld


@pytest.mark.parametrize(
    ("game", "line", "outcome"),
    [
        pytest.param("hoyle", "bob 430 hearts concded", Outcome.CONCEDED, id="a-letter-left-out"),
        pytest.param("hoyle", "Cy 350 spades, conecded", Outcome.CONCEDED,
                     id="two-letters-swapped"),
        pytest.param("hoyle", "evrybody passed so bob stuck w 300, spds, made", Outcome.MADE,
                     id="everybody-typed-short"),
    ],
)  # fmt: skip
def test_a_word_typed_a_letter_off_is_read_as_the_word(game, line, outcome):
    reading = read(line, table(game))
    assert reading.outcome is outcome
    assert reading.unknown_words == () and reading.ambiguous == ()


def test_a_meld_name_typed_a_letter_off_is_valued_by_the_rules():
    # eight-two-packs: a double pinochle 300, 100 aces (RULES 2), a marriage 20
    reading = read("dee dbl pinochle 300, bob 100 aces, fay marrige 20", table("eight-two-packs"))
    assert reading.melds == (Meld(2, 100), Meld(4, 300), Meld(6, 20))


def test_a_short_word_is_never_read_through_a_slip():
    # "hurts" is one letter from no suit word the reader would take (four letters or fewer
    # are never stretched): left not understood, never hearts
    reading = read("Ann 300 hurts", table("hoyle"))
    assert reading.trump is None


def test_players_listed_then_figures_dictated_with_no_commas_are_each_players():
    reading = read("bob dee fay hal melded forty sixty twenty and ten", table("eight-two-packs"))
    assert reading.melds == (Meld(2, 40), Meld(4, 60), Meld(6, 20), Meld(8, 10))


@pytest.mark.parametrize(
    ("game", "line", "bid"),
    [
        pytest.param("bison", "Ann bid the minimum in spades and went set", 250, id="bison-250"),
        pytest.param("hoyle", "Bob had to take it at the minimum, spades, made", 300,
                     id="hoyle-300"),
        pytest.param("brooklyn-pot", "Ann was stuck with it at the minimum, two fifty", 250,
                     id="said-again-as-a-figure"),
    ],
)  # fmt: skip
def test_the_minimum_is_the_games_lowest_bid(game, line, bid):
    reading = read(line, table(game))
    assert reading.bid == bid and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("line", "declarer"),
    [
        pytest.param("Bob and Cy both passed, so Ann was stuck with it at the minimum, two fifty. "
                     "Spades. She made it.", 1, id="both-passed-after-two-names"),
        pytest.param("Ann and Bob passed, Cy 300 spades made", 3, id="two-passed"),
        pytest.param("Bob, Cy passed, Ann 250 spades", 1, id="listed-with-a-comma"),
    ],
)  # fmt: skip
def test_players_who_passed_are_never_the_declarer(line, declarer):
    reading = read(line, table("brooklyn-pot"))
    assert reading.declarer == declarer and reading.ambiguous == ()
    assert reading.outcome is not Outcome.ALL_PASS


@pytest.mark.parametrize(
    ("game", "line", "takes"),
    [
        # two-handed: 250 in the hand (RULES 3.1), so Ann took nothing
        pytest.param("two-handed", "Ann sixty meld, Bob none, and Bob took every trick.",
                     ((1, 0), (2, 250)), id="two-handed"),
        pytest.param("cutthroat", "Dee took every trick", ((1, 0), (2, 0), (3, 0), (4, 250)),
                     id="cutthroat"),
        pytest.param("cutthroat", "Dee didn't take a trick. Ann 100 in tricks, Bob 80, Cy 70.",
                     ((1, 100), (2, 80), (3, 70), (4, 0)), id="didnt-take-a-trick"),
    ],
)  # fmt: skip
def test_every_trick_to_one_leaves_the_others_nothing(game, line, takes):
    assert read(line, table(game)).takes == takes


def test_made_without_taking_a_trick_is_no_tricks():
    line = (
        "Bob two fifty, diamonds. Him and Dee had 300 in meld between them, so they made it "
        "without taking a trick."
    )
    reading = read(line, table("partnership"))
    assert (reading.tricks, reading.outcome) == (0, Outcome.MADE)


@pytest.mark.parametrize(
    ("game", "line", "tricks"),
    [
        pytest.param("partnership", "Ann bid 300 in hearts. She had the run, 150, Cy had 60 "
                     "queens. Her side took 140 and made it.", 140, id="her-side-ann-and-cy"),
        pytest.param("double-deck", "Bob won it at 70, spades. Bob melded 35 and Dee 12, and "
                     "their side took 28. Made.", 28, id="their-side-bob-and-dee"),
        # six-handed in two teams: Ann, Cy and Eve are one
        pytest.param("six-handed", "Eve bid 60 in diamonds. Ann 10, Cy 4, Eve 24. Their side "
                     "took 30. Made.", 30, id="their-side-of-three"),
    ],
)  # fmt: skip
def test_a_side_said_after_players_of_one_team_is_that_team(game, line, tricks):
    reading = read(line, table(game))
    assert reading.tricks == tricks and reading.ambiguous == ()


def test_a_side_said_after_players_of_both_teams_is_asked():
    line = "Ann bid 300 in hearts, Bob had 60, her side took 140"
    assert read(line, table("partnership")).tricks is None


def test_our_side_is_the_speakers_and_asked_when_nobody_speaks():
    line = "bob 65 hearts, our side took 30"
    assert read(line, table("six-handed")).tricks is None
    # Cy speaks: Ann, Cy and Eve took 30 of the 50 written, so Bob's side took 20
    assert read("Cy: bob 65 hearts, our side took 30. Bob: yes", table("six-handed")).tricks == 20


def test_our_team_is_the_declarers_where_we_went_set():
    reading = read("Ann bid 300 hearts, our team had 190, we're set", table("partnership"))
    assert (reading.declarer, reading.outcome, reading.ambiguous) == (1, Outcome.SET, ())
    line = "Ann bid 300 in hearts, Cy had a pinochle, so our team took 130 and we made it"
    assert read(line, table("partnership")).tricks == 130


def test_our_side_is_asked_where_we_set_the_declarer():
    # "we set him": the speaker played against Bob, so "our side" is not the bidders'
    reading = read("Bob bid 300, our side took 150, we set him", table("partnership"))
    assert reading.tricks is None
    assert [a.word for a in reading.ambiguous] == ["our side"]


@pytest.mark.parametrize(
    ("game", "line", "bid", "outcome"),
    [
        pytest.param("bison", "ann conceded her two ninety after the meld went down", 290,
                     Outcome.CONCEDED, id="conceded-her"),
        pytest.param("hoyle", "Bob forfeited his 300", 300, Outcome.FORFEIT, id="forfeited-his"),
    ],
)  # fmt: skip
def test_a_figure_said_as_hers_after_a_hand_given_up_is_the_bid(game, line, bid, outcome):
    reading = read(line, table(game))
    assert (reading.bid, reading.outcome, reading.melds) == (bid, outcome, ())
    assert reading.ambiguous == ()


def test_filler_of_a_noisy_room_is_read_through():
    reading = read("its loud in here bob 3:50 in hearts he got set", table("hoyle"))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        2, 350, Suit.HEARTS, Outcome.SET)  # fmt: skip
    assert reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "takes"),
    [
        pytest.param("bison", "Counters seventeen Ann, four Bob, three Cy",
                     ((1, 17), (2, 4), (3, 3)), id="figure-then-player-between-commas"),
        # Bison's 24 counters: 7 and 5 said for Bob and Cy in the order named
        pytest.param("bison", "Ann 350 hearts went set; Bob and Cy had seven and five counters",
                     ((2, 7), (3, 5)), id="had-figures-then-counters"),
        pytest.param("cutthroat", "Dee took 90, Ann 45, Bob 115, Cy got skunked.",
                     ((1, 45), (2, 115), (3, 0), (4, 90)), id="got-skunked"),
    ],
)  # fmt: skip
def test_takes_said_in_the_ways_tables_list_them(game, line, takes):
    assert read(line, table(game)).takes == takes


def test_players_who_showed_figures_respectively_each_meld_their_own():
    line = "Ann bid 500 in spades; Bob and Dee showed forty and twenty respectively; made"
    reading = read(line, table("partnership"))
    assert reading.melds == (Meld(2, 40), Meld(4, 20))
    assert reading.unknown_words == ()


@pytest.mark.parametrize(
    ("line", "last_trick"),
    [
        pytest.param("Bob 300 hearts made, counters Bob 9, Ann 8, Cy 7; last trick to Bob.", 2,
                     id="last-trick-to"),
        pytest.param("Bob 300 hearts made. Counters were Bob six, Ann ten, Cy eight, with Cy "
                     "taking the last trick.", 3, id="taking-the-last-trick"),
    ],
)  # fmt: skip
def test_the_last_trick_said_after_the_counters(line, last_trick):
    reading = read(line, table("bison"))
    assert reading.last_trick == last_trick and reading.ambiguous == ()


def test_w_is_never_with_where_a_name_starts_with_it():
    # a player "Wes": "w" may be his initial, so it is never read through as "with"
    reading = read("Cy 300 spades made w 180 meld", table("hoyle", names=("Ann", "Wes", "Cy")))
    assert "w" in reading.unknown_words


def test_a_slip_is_never_read_into_a_figures_word():
    # "takers" is one letter from "takes", but "no takers" says nobody bid over Bob: no take
    line = "Bob opened 300, no takers, so he stuck Ann with it at 250. diamonds. she made it"
    reading = read(line, table("brooklyn"))
    assert (reading.declarer, reading.bid, reading.takeover) == (1, 250, True)
    assert reading.tricks is None


def test_nobody_opening_thrown_in_with_a_figure_is_asked_never_a_concession():
    # the double deck throws in a hand nobody bid (RULES 4.3): "at fifty" is the bid nobody
    # made, so which it is, is asked; never a concession of a bid of 50
    reading = read("nobody would open at fifty, thrown in", table("double-deck"))
    assert reading.outcome is None and reading.bid is None
    assert reading.ambiguous != ()


def test_held_to_a_figure_is_never_dictations_two_hundred():
    line = "Bob won it at 350 in spades. Ann and Cy held Bob and Dee to 60 in tricks"
    assert read(line, table("partnership")).tricks != 260


def test_a_figure_no_meld_can_be_is_no_meld_said_with_had():
    # Bison: "Bob had 10 and Cy 5" after the counters: no meld is 5 (RULES 2.6), so neither
    # is read as meld
    line = "Ann bid 400 in clubs. She got 9 counters and the last trick, Bob had 10 and Cy 5."
    assert read(line, table("bison")).melds == ()


def test_a_side_named_before_its_players_figures_heads_them():
    line = (
        "Hearts trump. Ann's side: Ann forty, Cy one fifty, Eve zero. Bob's side: Bob "
        "twenty, Dee sixty, Fay ten. Bob's side took two fifteen in tricks."
    )
    reading = read(line, table("six-two-packs"))
    assert reading.melds == (Meld(1, 40), Meld(2, 20), Meld(3, 150), Meld(4, 60), Meld(5, 0),
                             Meld(6, 10))  # fmt: skip
    assert reading.tricks == 275  # 490 less Bob's side's 215
    assert reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line"),
    [
        pytest.param("double-deck", "Cy bid sixty in diamonds. Ann and Cy only pulled eighteen in "
                     "tricks, so their meld doesn't count and they're set.",
                     id="meld-doesnt-count"),
        pytest.param("brooklyn", "Bob bid three sixty in spades, he made his bid",
                     id="made-his-bid"),
        pytest.param("partnership", "Bob bid three twenty in hearts and Bob conceded before we "
                     "played a card.", id="before-we-played-a-card"),
        pytest.param("brooklyn", "Okay, reading hand one back: Bob bid three twenty, spades, "
                     "made", id="reading-hand-one-back"),
    ],
)  # fmt: skip
def test_table_talk_of_a_read_back_fills_nothing(game, line):
    reading = read(line, table(game))
    assert reading.unknown_words == () and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "field", "value"),
    [
        pytest.param("hoyle", "cy 420 spds cncded", "outcome", Outcome.CONCEDED,
                     id="vowels-left-out"),
        pytest.param("brooklyn-pot", "Ann 310 spds, meld 110 took 200, mdae it", "outcome",
                     Outcome.MADE, id="an-outcome-two-letters-swapped"),
        pytest.param("brooklyn-pot", "bob 280 clubs meld 100 tookk 150, set", "tricks", 150,
                     id="a-key-held-down"),
        pytest.param("brooklyn-pot", "Ann two sixty spades. Set. Seventy meld and only a buck "
                     "fifty in cards.", "tricks", 150, id="a-buck-fifty"),
        pytest.param("hoyle", "Ann. Three seventy. Clubs. 210 meld, 165 taken. Made.", "tricks",
                     165, id="taken"),
        pytest.param("hoyle", "Bob got stuck with the compulsory 300, didn't even look at the "
                     "widow, he forfeits.", "bid", 300, id="stuck-with-the-compulsory"),
    ],
)  # fmt: skip
def test_slips_and_slang_read_as_meant(game, line, field, value):
    reading = read(line, table(game))
    assert getattr(reading, field) == value
    assert reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "takes"),
    [
        # cutthroat: 250 in the hand; Dee's nothing and the three said
        pytest.param("cutthroat", "Bob a hundred in tricks Cy eighty Ann seventy and Dee took "
                     "nothing", ((1, 70), (2, 100), (3, 80), (4, 0)),
                     id="a-pair-before-the-cue-heading-a-dictated-list"),
        pytest.param("cutthroat", "Dee took all 250 in tricks; Ann, Bob and Cy zero tricks",
                     ((1, 0), (2, 0), (3, 0), (4, 250)), id="several-named-with-nothing"),
    ],
)  # fmt: skip
def test_takes_dictated_in_one_breath(game, line, takes):
    reading = read(line, table(game))
    assert reading.takes == takes and reading.ambiguous == ()


def test_nothing_said_of_several_players_is_each_ones_meld():
    reading = read("meld Ann 60, Bob and Cy nothing, Dee 20", table("cutthroat"))
    assert reading.melds == (Meld(1, 60), Meld(2, 0), Meld(3, 0), Meld(4, 20))


def test_a_figure_after_a_cue_is_its_own_not_the_list_before_it():
    reading = read("bob bid 280 diamonds meld bob 40 dee 150 tricks 100 made", table("partnership"))
    assert reading.tricks == 100
    assert reading.melds == (Meld(2, 40), Meld(4, 150))


def test_a_list_that_makes_up_the_takes_is_not_carried_on_as_meld():
    # cutthroat: 110 + 90 + 50 is the hand's 250 (RULES 3.1): the takes, maybe; never melds
    reading = read("cy 80 meld. ann 110 bob 90 dee 50", table("cutthroat"))
    assert reading.melds == (Meld(3, 80),)
    assert reading.ambiguous != ()


def test_had_figures_that_make_up_the_takes_are_not_read_as_meld():
    # 100 + 70 + 80 + 0 is the hand's 250: "had" there goes on with the takes
    line = (
        "Bob ended up with 100 in tricks, that's counting the last one, Ann had 70, Cy 80, "
        "and Dee didn't win a single trick."
    )
    reading = read(line, table("cutthroat"))
    assert reading.melds == ()
    assert (2, 100) in reading.takes and (4, 0) in reading.takes


def test_a_meld_that_does_not_count_is_still_the_players():
    line = "Ann took every trick, all 250, so Bob's 80 kings don't count"
    reading = read(line, table("two-handed"))
    assert reading.takes == ((1, 250), (2, 0))
    assert reading.unknown_words == ()


def test_they_and_we_in_one_line_are_never_the_one_side():
    # "they" are Bob and Dee, named before; "we" then cannot be them too: asked
    line = "Bob two eighty spades, meld Bob 60 and Dee 40, they took 130 and we took 130."
    reading = read(line, table("partnership"))
    assert reading.tricks == 130
    assert [a.word for a in reading.ambiguous] == ["we"]


@pytest.mark.parametrize(
    ("game", "line"),
    [
        pytest.param("six-handed", "Dee... no Fay? 60 clubs made", id="a-player-in-doubt"),
        pytest.param("eight-handed", "cy 65 no 75? spades, made", id="a-bid-in-doubt"),
    ],
)
def test_a_correction_said_as_a_question_is_asked(game, line):
    # "no Fay?": the scorer is not sure which; both are said, so which it is, is asked
    assert read(line, table(game)).ambiguous != ()


def test_a_question_mark_alone_is_punctuation():
    assert read("Bob at 350? spades made", table("hoyle")).bid == 350


@pytest.mark.parametrize(
    ("game", "line", "field", "value"),
    [
        # shorthand and sound alikes
        pytest.param("brooklyn", "cy 310 hrts, mld150 tk170, made", "tricks", 170,
                     id="tk-is-tricks"),
        pytest.param("brooklyn-pot", "first 2 passed so ann had 2 take it at 250, hearts, set",
                     "tricks", None, id="had-2-take-is-had-to"),
        pytest.param("brooklyn", "bob opened 300 nobody went over so he stuck ann w it at 250",
                     "bid", 250, id="w-it-is-with-it"),
        pytest.param("hoyle", "bob forfeits the 300 w/o lookin at widow", "outcome",
                     Outcome.FORFEIT, id="lookin-is-looking"),
        pytest.param("double-deck", "sy fifty won in clubs made it", "bid", 51,
                     id="fifty-won-is-fifty-one"),
        pytest.param("eight-handed", "cy 85 sp, opp took 15, made it", "tricks", 35,
                     id="opp-is-the-other-side"),  # 50 written from a double deck, less 15
        # more of what tables say
        pytest.param("partnership", "an and sigh took eighty in tricks on ann's two sixty in "
                     "hearts", "bid", 260, id="anns-two-sixty-is-her-bid"),
        pytest.param("brooklyn", "For hand one I have Ann as the bidder at four fifty, hearts",
                     "bid", 450, id="hand-one-said-mid-line"),
        pytest.param("six-handed", "fey 70 spades made it", "declarer", 6, id="fey-is-fay"),
        pytest.param("brooklyn-pot", "cy 290 hrts made w 180 meld 120 cards", "tricks", 120,
                     id="w-is-with"),
        pytest.param("brooklyn", "Bob bought it for three twenty, clubs", "bid", 320,
                     id="bought-it-for"),
        # figures said the long way round
        pytest.param("brooklyn-pot", "first two passed so Ann was stuck at to fifty she called "
                     "spades and went down", "bid", 250, id="at-to-fifty-is-250"),
        pytest.param("bison", "Bob bid two seventy clubs Bob melded won twenty Ann sixty Cy "
                     "forty", "melds", (Meld(1, 60), Meld(2, 120), Meld(3, 40)),
                     id="melded-won-twenty-is-120"),
        pytest.param("brooklyn", "Bob got the bid at three and a half in hearts", "bid", 350,
                     id="three-and-a-half-is-350"),
        # eight-handed: 50 written from the double deck, all but 12 is 38
        pytest.param("eight-handed", "Eve got it at 75 in clubs. Their team took all but 12 of "
                     "the tricks.", "tricks", 38, id="all-but-12"),
        # two packs: 490 in the hand; Bob's team all but 40, so Ann's team (entered) 40
        pytest.param("eight-two-packs", "Bob's team took all but 40 in tricks.", "tricks", 40,
                     id="all-but-40-to-the-other-team"),
        # what a table says of how the hand went
        pytest.param("bison", "Ann bid two sixty hearts and then reneged herself, ugh", "reneger",
                     1, id="reneged-herself"),
        pytest.param("partnership", "Cy bid 340 in clubs and threw the hand in before a card was "
                     "played", "outcome", Outcome.CONCEDED, id="threw-the-hand-in"),
        pytest.param("brooklyn-pot", "Cy two ninety hearts, melded one sixty but only caught sixty "
                     "in cards, set", "tricks", 60, id="caught-sixty"),
        pytest.param("hoyle", "Bob's forced 300, named spades, 140 meld, 160 in tricks, got there "
                     "exactly", "outcome", Outcome.MADE, id="got-there"),
        # the pot is won only by making a bid of 400 or more (RULES 5.8)
        pytest.param("brooklyn-pot", "Cy for hundred spades and won the pot!!", "outcome",
                     Outcome.MADE, id="won-the-pot-is-made"),
        pytest.param("six-handed", "Bbo 51 spades made", "declarer", 2, id="bbo-is-bob"),
        pytest.param("hoyle", "bob stuck w the 300, didnt even look at the widow, forfeits",
                     "outcome", Outcome.FORFEIT, id="didnt"),
        pytest.param("eight-handed", "all 8 of us passed, throw it in", "outcome",
                     Outcome.ALL_PASS, id="all-8-of-us-passed"),
        # more of what a table says
        # six with two packs: Ann, Cy and Eve one team, Bob, Dee and Fay the other
        pytest.param("six-two-packs", "team ann 280 meld, team bob 60", "melds",
                     (Meld(1, 280, side=True), Meld(2, 60, side=True)), id="team-ann"),
        pytest.param("brooklyn", "Cy bid four hunnid in spades, saw the widow and bailed", "bid",
                     400, id="four-hunnid"),
        pytest.param("double-deck", "dee 60 clubs... nah it was 55", "bid", 55,
                     id="nah-it-was"),
        # Brooklyn: a double pinochle 80, 100 aces (RULES 2)
        pytest.param("brooklyn-pot", "Cy 270 in diamonds, double Pinocchio and 100 aces, made",
                     "melds", (Meld(None, 180),), id="pinocchio-is-pinochle"),
        pytest.param("partnership", "Bob bid three twenty in hearts. Bob melded a run and Dee "
                     "melded forty, and the two of them took one hundred and thirty in tricks.",
                     "tricks", 130, id="the-two-of-them"),
        pytest.param("bison", "Cy went three hundred and ten in spades. Counters were Cy "
                     "thirteen, Ann eleven, Bob none, and the last trick went to Cy.",
                     "last_trick", 3, id="the-last-trick-went-to"),
        # the last sets words
        # cutthroat: the two not named took nothing
        pytest.param("cutthroat", "Cy took 120 and Dee 130, the other two nothing", "takes",
                     ((1, 0), (2, 0), (3, 120), (4, 130)), id="the-other-two-nothing"),
        pytest.param("six-two-packs", "Hearts. Ann's team took one hundred and 90.", "tricks",
                     190, id="one-hundred-and-90"),
        pytest.param("bison", "Bob 300 H. meld A 60 B 190 C 40. counters A 6 B 12 C 6", "takes",
                     ((1, 6), (2, 12), (3, 6)), id="initials-each-with-a-figure"),
        pytest.param("eight-handed", "everyone passed, tossed it in", "outcome",
                     Outcome.ALL_PASS, id="tossed-it-in"),
        pytest.param("brooklyn-pot", "Ann had to take it at 250. Spades. Melded 60, took 150. Down "
                     "she goes.", "outcome", Outcome.SET, id="down-she-goes"),
    ],
)  # fmt: skip
def test_a_field_said_as_tables_say_it_is_read_as_the_rules_make_it(game, line, field, value):
    assert getattr(read(line, table(game)), field) == value
