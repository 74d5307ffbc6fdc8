"""What the session report prints for every preset, read back from its PDF.

Sessions come from ``reportsessions`` (every figure worked out by hand in its docstring). The
PDF's text is read back with pypdf, whitespace collapsed, and searched for those figures.
"""

from __future__ import annotations

import reportsessions as rs
from pdftext import pdf_of, text_of

from scorekeeper.reports.assemble import build_report
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table

# -- figures for every preset -------------------------------------------------------------


def test_brooklyn_pdf_prints_standings_money_payments_and_the_hand_log(ctx):
    text = text_of(pdf_of(rs.brooklyn()))
    # Ann -4+2, Bob 12+2, Cal -4-6, Dan -4+2 units; x 10c
    for line in ("Ann −2 −$0.20", "Bob +14 +$1.40", "Cal −10 −$1.00", "Dan −2 −$0.20"):
        assert line in text
    # Bob is the only one owed: each debtor pays him
    for line in ("Ann pays Bob $0.20", "Cal pays Bob $1.00", "Dan pays Bob $0.20"):
        assert line in text
    assert "3 payments settle everything" in text
    # hand 1: Ann deals, Dan (her right) sits out, Bob makes 350 in spades: 2 x 2 = 4 each
    assert "1 Ann Dan Bob 350 ♠ made │ −4 −4 │ +12 +12 │ −4 −4 │ −4 −4" in text
    # hand 2: Bob deals, Ann sits out, Cal is set at 300 in hearts: 2 x 1 to each other
    assert "2 Bob Ann Cal 300 ♥ set │ +2 −2 │ +2 +14 │ −6 −10 │ +2 −2" in text


def test_brooklyn_pdf_prints_each_players_deals_when_the_house_counts_them(ctx):
    # RULES 5.9 (seed 000): Ann dealt hand 1 and Bob hand 2; Cal and Dan have not dealt.
    text = text_of(pdf_of(rs.brooklyn(even_deals=True)))
    assert "Deals: Ann 1 · Bob 1 · Cal 0 · Dan 0." in text
    assert "For an even round, still to deal: Cal and Dan." in text
    assert "Deals:" not in text_of(pdf_of(rs.brooklyn()))


def test_brooklyn_pdf_prints_every_house_rule_in_words(ctx):
    text = text_of(pdf_of(rs.brooklyn()))
    assert "Preset: Brooklyn (chips)" in text
    for line in (
        "Double meld bonus Off",
        "Card values Classic (11-10-4-3-2)",
        "Minimum bid 300",
        "Forbidden bid endings 40, 90",
        "When everyone passes Dealer takeover at 250",
        "Who sits out The player to the dealer's right (4 players)",
        "Payment schedule Brooklyn: 1, 2, 4, 8, 16, 32",
        "Spades double On",
        "Hearts triple Off",
        "Set factor 2",
        "Stake per chip $0.10",
    ):
        assert line in text
    assert "*" not in text.split("Game and house rules")[1].split("The session")[0]


def test_a_two_pack_pdf_prints_only_the_house_rules_that_change_something(ctx):
    rules = text_of(pdf_of(rs.eight_two_packs())).split("Game and house rules")[1]
    rules = rules.split("Games")[0]
    # two packs with nines have their own meld table, and the preset has no bidding
    gone = ("Arounds with a double deck", "Double roundhouse", "Double trump marriage",
            "Minimum bid", "Bid step", "Both teams past", "Double meld bonus")  # fmt: skip
    assert [label for label in gone if label in rules] == []
    for line in ("Deck Two packs with nines (96 cards)", "Bidding Off", "Game to 1000"):
        assert line in rules


def test_brooklyn_pot_pdf_divides_the_pot_and_settles(ctx):
    text = text_of(pdf_of(rs.brooklyn_pot()))
    # pot 15 + 24 = 39 chips = $1.95 at 5c; 13 each; Ann 19+13, Bob -77+13, Cal 19+13
    assert "The pot holds 39 chips ($1.95)" in text
    assert "at the table gets 13 chips ($0.65)" in text
    # each row: chips, with pot share, money
    for line in ("Ann +19 +32 +$1.60", "Bob −77 −64 −$3.20", "Cal +19 +32 +$1.60"):
        assert line in text
    assert "Bob pays Ann $1.60" in text
    assert "Bob pays Cal $1.60" in text
    # Bob's set at 330 in spades: 2 x (6 x 2) = 24 to each, the pot included; antes of 5 before
    assert "1 Ann Bob 330 ♠ set │ +24 +19 │ −72 −77 │ +24 +19 │ +24 39" in text
    assert "Ante $0.25" in text and "Pot taken at 400" in text


def test_hoyle_pdf_shows_the_kitty_the_chips_left_in_it_and_the_payments(ctx):
    text = text_of(pdf_of(rs.hoyle()))
    for line in (
        # chips, with kitty share (0 each: see below), money
        "Ann −7 −7 −$0.70",
        "Bob +43 +43 +$4.30",
        "Cal −7 −7 −$0.70",
        "Dan −31 −31 −$3.10",
        # 2 chips among 4 players: 0 each, 2 stay in the kitty
        "Left in the kitty +2 +$0.20 2 chips don't split 4 ways: they stay for next time",
    ):
        assert line in text
    assert "The kitty holds 2 chips ($0.20)" in text
    assert "2 chips ($0.20) will not split evenly and stay in the kitty for next time" in text
    # 5 holders owed or owing and no group of them adds to 0: 5 - 1 = 4 payments
    assert "4 payments settle everything" in text
    assert "puts $0.20 in the kitty" in text
    assert "Dan pays Bob $3.10" in text  # Dan's whole debt goes to the one big winner
    # hand 1: 10 from each opponent and the kitty; everyone chips in 3 for the kitty
    assert "1 Ann Ann Bob 350 ♠ 190 170 made │ −13 −13 │ +37 +37 │ −13 −13 │ −13 −13 │ +2 2" in (
        text
    )
    assert "2 Bob Bob Dan 300 ♥ set │ +6 −7 │ +6 +43 │ +6 −7 │ −18 −31 │ 0 2" in text
    assert "Kitty joins at 350" in text


def test_hoyle_pdf_logs_a_player_leaving(ctx):
    text = text_of(pdf_of(rs.hoyle(leave=True)))
    assert "Dan left the table after hand 2." in text
    assert "left after hand 2, cashed out" in text


def test_bison_pdf_prints_games_stakes_and_the_unfinished_game(ctx):
    text = text_of(pdf_of(rs.bison()))
    assert "Won by Bob. Bob reached 500 first, with 590." in text
    assert "Final scores: Ann +380 · Bob +590 · Cal −240." in text
    assert "Sets: Cal 1 double." in text
    # Ann pays the $1.00 game stake; Cal $1.00 + a double set at 2 x $0.50
    assert "Stakes: Ann pays Bob $1.00; Cal pays Bob $2.00." in text
    assert "As a pot: $4.00, taken by Bob ($4.00)." in text
    # games won, and game 2 so far: Cal concedes 250, Ann and Bob add their meld
    for line in ("Ann 0 +20", "Bob 1 +40", "Cal 0 −250"):
        assert line in text
    for line in ("Ann −$1.00", "Bob +$3.00 won 1 game", "Cal −$2.00"):
        assert line in text
    assert "Ann pays Bob $1.00" in text and "Cal pays Bob $2.00" in text
    # each player's meld, trick points, change and running total
    assert "1 Ann Bob 250 ♠ made │ 40 80 +120 +120 │ 150 130 +280 +280 │ 20 40 +60 +60" in text
    assert "2 Bob Cal 300 ♥ set │ 0 0 0 +120 │ 60 140 +200 +480 │ 40 110 −300 −240" in text
    assert "3 Cal Ann 250 ♦ made │ 100 160 +260 +380 │ 20 90 +110 +590 │ 0 0 0 −240" in text
    assert "Game 1 won by Bob." in text
    assert "4 Bob Cal 250 conceded │ 20 +20 +20 │ 40 +40 +40 │ −250 −250" in text
    assert "Game to * 500" in text and "Set stake * $0.50" in text


def test_partnership_pdf_prints_team_scores_as_the_table_writes_them(ctx):
    text = text_of(pdf_of(rs.partnership()))
    assert "Teams: Ann & Cal against Bob & Dan." in text
    assert "Won by Ann & Cal. Ann & Cal reached 50 first, with 71." in text
    assert "Final scores: Ann & Cal +71 · Bob & Dan +15." in text
    assert "Bob pays Ann $0.50" in text and "Dan pays Cal $0.50" in text
    # scale 10: points are shown divided by ten
    for line in ("Drop the trailing zero * Yes (25, 150)", "Minimum bid 25", "Game to * 50"):
        assert line in text
    assert "1 Ann Bob 25 ♣ made │ 2 10 +12 +12 │ 14 15 +29 +29" in text
    assert "2 Bob Cal 30 ♠ made │ 21 16 +37 +49 │ 2 9 +11 +40" in text
    assert "3 Cal Dan 25 ♥ set │ 2 20 +22 +71 │ 4 5 −25 +15" in text


def test_the_chart_escapes_names(ctx):
    row = create_session(
        default_table(), {"system": "brooklyn-pot"}, ["<b>Ann</b>", "Bob", "Cal"], 0
    )
    rs._add(row.id, declarer="Bob", bid=250, trump="C", outcome="made")
    report = build_report(load_session(row.id))
    chart = str(report.games[0].chart)
    assert "<b>" not in chart and "&lt;b&gt;Ann&lt;/b&gt;" in chart
