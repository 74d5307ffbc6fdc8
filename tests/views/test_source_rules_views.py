"""House rules from the sources through the pages (RULES 2.10, 5.9, 6.5): the session page's
deal count (Brooklyn, seed 000), the blog's partnership rules (seed 004) and the seeds' meld
rules in the rules form, each worked by hand."""

from __future__ import annotations

from webhelpers import all_errors, errors_at, figures, new_session, page_text, post_hand, save_hand

from .test_saved_rules_views import post_form

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def test_the_session_page_counts_deals_and_says_when_the_round_is_even(client):
    # Seed 000: Brooklyn ends "ideally after each player has dealt an equal number of times".
    # Throw-ins keep it short: Ann, Bob and Cal deal, Dee misdeals (no deal) and deals again.
    sid = new_session(client, "brooklyn", FOUR, even_deals=True, all_pass="throw-in")
    text = page_text(client.get(f"/s/{sid}"))
    assert "Deals: Ann 0 · Bob 0 · Cal 0 · Dee 0." in text and "No deals yet." in text
    for _ in range(3):
        save_hand(client, sid, outcome="all_pass")
    text = page_text(save_hand(client, sid, outcome="misdeal"))
    assert "Deals: Ann 1 · Bob 1 · Cal 1 · Dee 0." in text
    assert "For an even round, still to deal: Dee." in text
    text = page_text(save_hand(client, sid, outcome="all_pass"))
    assert "Deals: Ann 1 · Bob 1 · Cal 1 · Dee 1." in text
    assert "Everyone has dealt once: an even place to stop." in text


def test_without_the_option_the_page_counts_no_deals(client):
    sid = new_session(client, "brooklyn", FOUR, all_pass="throw-in")
    text = page_text(save_hand(client, sid, outcome="all_pass"))
    assert "Deals:" not in text and "even round" not in text


def test_trickless_bidders_score_nothing_under_the_blog_rule(client):
    # Seed 004 at scale 10: N bids 25 in hearts, NS meld 30 and take no trick; EW meld 8 and
    # take all 25. NS would score 30 as usual; the blog gives them nothing. EW 8 + 25 = 33.
    sid = new_session(
        client, "partnership", ["N", "E", "S", "W"], first_dealer=3,
        scale="10", min_bid=25, target=150, bidders_no_trick="zero",
    )  # fmt: skip
    page = save_hand(
        client, sid, declarer="N", bid=25, trump="H",
        meld={"N": "30", "S": "0", "E": "8", "W": "0"}, tricks=0,
    )  # fmt: skip
    assert figures(page) == {"N & S": 0, "E & W": 33}


def test_trump_without_a_meld_in_it_is_refused_at_the_trump_field_naming_the_declarer(client):
    # Seed 003: Bob lays down aces around, K Q of hearts and the 9 of clubs, and names spades.
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"], trump_needs_meld=True)
    page = post_hand(
        client, sid, declarer="Bob", bid=300, trump="S", meld="AS AH AD AC KH QH 9C",
        meld_mode="cards", tricks=160,
    )  # fmt: skip
    assert page.status_code == 422
    assert errors_at(page, "trump") == [
        "Bob holds no run, marriage or dix in spades: under 'Trump needs a meld' spades cannot "
        "be trump."
    ]


def test_with_a_kitty_of_4_a_partner_lays_down_at_most_11_cards(client):
    # Seed 003: four players and a 4-card kitty hold 11 cards each; a 12th is refused.
    sid = new_session(client, "partnership", ["N", "E", "S", "W"], first_dealer=3, kitty_size=4)
    page = post_hand(
        client, sid, declarer="N", bid=300, trump="S", meld_mode="cards", tricks=100,
        meld={"N": "AS AH AD AC KS KH KD KC QS QH QD 9S", "S": "", "E": "", "W": ""},
    )  # fmt: skip
    assert page.status_code == 422
    assert "a hand here holds at most 11" in " ".join(all_errors(page))


def test_the_hand_form_says_buried_cards_count_for_nobody_instead_of_the_other_side(client):
    # Seed 003: with the buried cards counting for nobody the other side's tricks are not
    # 250 less the declarer's, so the form does not claim them.
    off = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"], discards_count=False)
    text = page_text(client.get(f"/s/{off}"))
    assert "Without the buried cards: they count for nobody." in text
    assert "Other side:" not in text
    on = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    assert "Other side:" in page_text(client.get(f"/s/{on}"))


def test_partnership_teams_enter_their_own_tricks_when_buried_cards_count_for_nobody(client):
    # Seed 003, a kitty of 4: N bids 300 in spades, NS meld 170, EW 50; NS took 120 and EW
    # 110, two counters (20) buried for nobody. NS 170 + 120 = 290 < 300: set, -300. EW 50 +
    # 110 = 160.
    sid = new_session(
        client, "partnership", ["N", "E", "S", "W"], first_dealer=3, kitty_size=4,
        discards_count=False,
    )  # fmt: skip
    form_text = page_text(client.get(f"/s/{sid}"))
    assert "Each team's trick points (250 less the buried cards, which count for nobody)" in (
        form_text
    )
    page = save_hand(
        client, sid, declarer="N", bid=300, trump="S", takes={"N": 120, "E": 110},
        meld={"N": "170", "S": "0", "E": "50", "W": "0"},
    )  # fmt: skip
    assert figures(page) == {"N & S": -300, "E & W": 160}


def test_the_seed_meld_rules_are_typed_in_the_rules_form_and_listed_in_words(client):
    # RULES 2.10 through the saved-rules form: Bison's doubles meld by meld (seed 001), typed
    # as text, and a plain double marriage of 300 (seed 001, the table's own figure).
    saved = post_form(
        client, "/rules/new?system=bison", name="Sunday",
        double_bonus_melds="Aces, pinochle", double_marriage_value="300",
    )  # fmt: skip
    assert saved.status_code == 302, all_errors(saved)
    assert (
        "Sunday Bison (points to 1500) Doubles with the bonus: pinochle, aces; Double marriage "
        "in a plain suit: 300." in page_text(client.get("/rules/"))
    )


def test_a_list_of_doubles_without_the_bonus_is_refused_at_the_list(client):
    refused = post_form(
        client, "/rules/new?system=bison", name="Sunday",
        double_meld_bonus=False, double_bonus_melds="run",
    )  # fmt: skip
    assert refused.status_code == 422
    assert errors_at(refused, "double_bonus_melds") == [
        "'Doubles with the bonus' and 'Double meld bonus' clash: the melds listed score their "
        "big double only when the bonus is on."
    ]
