"""Defects a new user met, as the pages now show them: signed figures written one way, the
kitty's share named on every page, trump that can be left empty without JavaScript, the bid
stepper's list of legal bids, the stake's help in dollars, and the app's icon.

Tables (clockwise, Ann deals first): Brooklyn and Hoyle for Ann, Bob, Cal, Dee; the stake is
the preset's 10 cents.
"""

from __future__ import annotations

import pytest
from webhelpers import (
    classes,
    errors_at,
    figures,
    find_form,
    form_values,
    new_session,
    page_text,
    parse,
    player_ids,
    post_hand,
    save_hand,
    text_of,
)

from scorekeeper.rules.game import variant
from scorekeeper.rules.game.bidding import highest_makeable
from scorekeeper.rules.game.options import Options

FOUR = ["Ann", "Bob", "Cal", "Dee"]


# -- signed figures ---------------------------------------------------------------------------


def test_history_and_standings_write_every_signed_figure_the_same_way(client):
    """Brooklyn, four; the player to the dealer's right sits out but pays and collects.

    1. Ann deals, Dee out. Bob makes 550 in spades: 32 units, doubled 64, from Ann, Cal, Dee:
       Bob +192, the others −64.
    2. Bob deals, Ann out. Bob concedes 300 (voluntary set, 1 unit, no multiplier) to each
       of three: Bob −3 (189); Ann, Cal, Dee +1 (−63).
    3. Cal deals, Bob out. Cal makes 350 in hearts: 2 from each: Bob 187, Cal −63+6 = −57,
       Ann and Dee −65.
    4. Dee deals, Cal out. Dee makes 350 in hearts: 2 from each: Bob 185, Ann −67, Cal −59,
       Dee −65+6 = −59.   (185 − 67 − 59 − 59 = 0)
    """
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=550, trump="S", outcome="made")
    save_hand(client, sid, declarer="Bob", bid=300, trump="C", outcome="conceded")
    save_hand(client, sid, declarer="Cal", bid=350, trump="H", outcome="made")
    page = save_hand(client, sid, declarer="Dee", bid=350, trump="H", outcome="made")

    assert figures(page) == {"Ann": -67, "Bob": 185, "Cal": -59, "Dee": -59}
    shown = {
        name: next(text_of(s) for s in row.findall("span") if "figure" in classes(s))
        for name, row in _standing_rows(page).items()
    }
    assert shown["Bob"] == "+185" and shown["Ann"] == "\u221267"

    history = client.get(f"/s/{sid}/history")
    rows = _history_rows(history)
    # hand 2: Bob's change −3; hand 4: Bob's running total +185 (both from the same filter)
    assert rows[2]["changes"][1] == "\u22123"
    assert rows[4]["totals"] == ["\u221267", "+185", "\u221259", "\u221259"]
    assert rows[1]["totals"] == ["\u221264", "+192", "\u221264", "\u221264"]
    figures_shown = [x for row in rows.values() for x in row["changes"] + row["totals"]]
    assert not [x for x in figures_shown if x.startswith("-")]  # never a hyphen for minus


def _standing_rows(page):
    rows = {}
    for div in parse(page).iter("div"):
        if "standing" in classes(div):
            who = next(s for s in div.findall("span") if "who" in classes(s))
            rows[(who.text or "").strip()] = div
    return rows


def _history_rows(page) -> dict[int, dict[str, list[str]]]:
    rows = {}
    for li in parse(page).iter("li"):
        if "history-hand" not in classes(li):
            continue
        number = int(li.get("id").removeprefix("hand-"))
        trs = list(li.iter("tr"))
        rows[number] = {
            "changes": [text_of(td) for td in trs[1].findall("td")],
            "totals": [text_of(td) for td in trs[2].findall("td")],
        }
    return rows


# -- the kitty's share, named the same on every page -------------------------------------------


def test_a_hoyle_players_chips_and_kitty_share_are_named_alike_on_every_page(client):
    """Hoyle, four; Ann deals and sits out. Cal is set at 350 in hearts: 350-390 is worth 5,
    set 2 x 5 = 10 to each of Ann, Bob, Dee and the kitty (it joins from 350):
    Ann, Bob, Dee +10, Cal −40, kitty 10.

    The kitty's 10 units are owned by the 4 players at the table: 10 // 4 = 2 each, and
    10 − 4 x 2 = 2 stay undivided. With kitty share: Ann, Bob, Dee +12, Cal −38 (at 10 cents:
    +$1.20, −$3.80); chips alone +$1.00, −$4.00.
    """
    sid = new_session(client, "hoyle", FOUR)
    page = save_hand(client, sid, declarer="Cal", bid=350, trump="H", outcome="set")

    rows = _standing_rows(page)
    ann = {role: text_of(span) for span in rows["Ann"].findall("span") for role in classes(span)}
    assert ann["chips-caption"] == "Chips"
    assert (ann["figure"], ann["money"]) == ("+10", "+$1.00")
    assert ann["share-caption"] == "With kitty share"
    assert (ann["share-figure"], ann["share-money"]) == ("+12", "+$1.20")
    cal = {role: text_of(span) for span in rows["Cal"].findall("span") for role in classes(span)}
    assert (cal["figure"], cal["share-figure"], cal["share-money"]) == (
        "\u221240",
        "\u221238",
        "\u2212$3.80",
    )
    assert "share-figure" not in {c for s in rows["Kitty"].findall("span") for c in classes(s)}

    settle = page_text(client.get(f"/s/{sid}/settle"))
    assert "Ann +$1.20 Chips +10 · With kitty share +12" in settle
    assert "Cal −$3.80 Chips −40 · With kitty share −38" in settle

    report = client.get(f"/s/{sid}/print")
    cells = [[text_of(c) for c in tr if c.tag in ("td", "th")] for tr in parse(report).iter("tr")]
    assert ["Player", "Chips", "With kitty share", "Money", "Note"] in cells
    assert ["Ann", "+10", "+12", "+$1.20", ""] in cells
    assert ["Cal", "\u221240", "\u221238", "\u2212$3.80", ""] in cells


def test_brooklyn_has_no_share_figure(client):
    sid = new_session(client, "brooklyn", FOUR)
    page = save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")

    assert "With" not in page_text(page).split("Last hands")[0].split("bids first.")[1]
    assert "Chips" not in page_text(page).split("Last hands")[0].split("bids first.")[1]


# -- trump that can be left empty --------------------------------------------------------------


def _choices(form, name: str) -> list[tuple[str, bool, str]]:
    """Each chip of group ``name``: its value, whether it is ticked, its words."""
    return [
        (el.get("value"), el.get("checked") is not None, text_of(label))
        for label in form.iter("label")
        for el in label.iter("input")
        if el.get("name") == name
    ]


def test_the_hand_form_offers_no_trump_unticked_and_a_hoyle_forfeit_saves_with_it(client):
    sid = new_session(client, "hoyle", FOUR)
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")

    # nothing chosen yet looks like nothing chosen: "No trump" is a choice, not ticked
    assert _choices(form, "trump") == [
        ("S", False, "♠"),
        ("H", False, "♥"),
        ("D", False, "♦"),
        ("C", False, "♣"),
        ("none", False, "No trump"),
    ]

    # "No trump" tapped. Hoyle forfeit of the compulsory 300 (Bob, left of the dealer): the
    # schedule value 3 goes to the kitty only (RULES section 5).
    page = save_hand(client, sid, declarer="Bob", bid=300, trump="none", outcome="forfeit")
    assert figures(page) == {"Ann": 0, "Bob": -3, "Cal": 0, "Dee": 0, "Kitty": 3}


def test_a_forfeit_saves_with_no_trump_chip_tapped_or_with_trump_left_alone(client):
    """Either way no trump is named: the 300 forfeited is the kitty's 3 (RULES section 5)."""
    sid = new_session(client, "hoyle", FOUR)

    page = save_hand(client, sid, declarer="Bob", bid=300, outcome="forfeit")

    assert figures(page) == {"Ann": 0, "Bob": -3, "Cal": 0, "Dee": 0, "Kitty": 3}


def test_a_played_hand_with_no_trump_is_refused_at_trump(client):
    sid = new_session(client, "hoyle", FOUR)

    refused = post_hand(client, sid, declarer="Bob", bid=300, trump="none", outcome="made")

    assert refused.status_code == 422
    assert errors_at(refused, "trump") == ["Choose trump: a hand that is played has a trump suit."]
    assert [
        v
        for v, ticked, _ in _choices(find_form(parse(refused), form_id="hand-form"), "trump")
        if ticked
    ] == ["none"]


def test_correcting_a_forfeit_shows_no_trump_chosen(client):
    sid = new_session(client, "hoyle", FOUR)
    save_hand(client, sid, declarer="Bob", bid=300, trump="none", outcome="forfeit")

    form = find_form(parse(client.get(f"/s/{sid}/hands/1/edit")), form_id="hand-form")

    assert [v for v, ticked, _ in _choices(form, "trump") if ticked] == ["none"]


def test_bison_offers_nobody_as_reneger_but_only_players_as_last_trick(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"])
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")

    # no renege is the usual hand: "Nobody" reneged, ticked
    assert _choices(form, "reneger") == [
        (str(pid), False, name) for name, pid in player_ids(client).items()
    ] + [("", True, "Nobody")]
    # somebody always takes the last trick: no "Nobody", and nobody ticked until chosen
    assert _choices(form, "last_trick") == [
        (str(pid), False, name) for name, pid in player_ids(client).items()
    ]


def test_editing_a_hand_ticks_its_trump_not_no_trump(client):
    sid = new_session(client, "hoyle", FOUR)
    save_hand(client, sid, declarer="Bob", bid=300, trump="D", outcome="made")

    form = find_form(parse(client.get(f"/s/{sid}/hands/1/edit")), form_id="hand-form")

    assert [v for k, v in form_values(form) if k == "trump"] == ["D"]


# -- the bid stepper's legal bids ------------------------------------------------------------


def _ladder(client, sid) -> list[int]:
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")
    return [int(b) for b in form.get("data-bids").split()]


def test_the_stepper_lists_exactly_brooklyns_legal_bids(client):
    """Brooklyn: from 300 in steps of 10, no bid ending in 40 or 90 (RULES section 4), up to
    the most any hand can make."""
    sid = new_session(client, "brooklyn", FOUR)
    top = highest_makeable(Options.preset(variant.BROOKLYN))

    ladder = _ladder(client, sid)

    assert ladder == [b for b in range(300, top + 1, 10) if b % 100 not in (40, 90)]
    assert ladder[:9] == [300, 310, 320, 330, 350, 360, 370, 380, 400]
    after_480 = ladder[ladder.index(480) + 1]
    assert after_480 == 500 and 490 not in ladder
    # the stepper also knows the bids past the 16 quick picks (which stop at 480)
    assert max(ladder) > 480


def test_the_stepper_lists_every_step_when_nothing_is_forbidden(client):
    """Hoyle: minimum 300, step 10, no forbidden endings."""
    sid = new_session(client, "hoyle", FOUR)
    top = highest_makeable(Options.preset(variant.HOYLE))

    assert _ladder(client, sid) == list(range(300, top + 1, 10))


def test_the_edit_page_steps_through_the_same_bids(client):
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    form = find_form(parse(client.get(f"/s/{sid}/hands/1/edit")), form_id="hand-form")

    assert [int(b) for b in form.get("data-bids").split()] == _ladder(client, sid)


# -- the stake in dollars ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "name", "label", "value"),
    [
        ("brooklyn", "stake", "Stake per chip ($)", "0.10"),
        ("brooklyn-pot", "ante", "Ante ($)", "0.25"),
        ("bison", "game_stake", "Game stake ($)", "0.00"),
    ],
)
def test_money_options_are_labelled_shown_and_explained_in_dollars(
    client, system, name, label, value
):
    page = client.get(f"/sessions/new?system={system}")
    tree = parse(page)
    box = next(
        div
        for div in tree.iter("div")
        if "option" in classes(div) and any(el.get("name") == name for el in div.iter("input"))
    )

    assert text_of(box.find("label")) == label
    assert next(el for el in box.iter("input") if el.get("name") == name).get("value") == value
    hint = text_of(next(p for p in box.iter("p") if "hint" in classes(p)))
    assert "in dollars and cents" in hint
    assert "in cents" not in hint.replace("dollars and cents", "")


def test_the_stake_example_in_the_help_is_what_the_form_stores(client):
    """'0.10 is ten cents a chip': posting 0.10 stores 10 cents, shown back as $0.10 a chip."""
    sid = new_session(client, "brooklyn", FOUR, stake="0.10")

    assert "$0.10 a chip" in page_text(client.get(f"/s/{sid}/settle"))


def test_who_sits_out_is_offered_as_buttons_that_wrap(client):
    tree = parse(client.get("/sessions/new?system=hoyle"))
    box = next(
        f for f in tree.iter("fieldset") if "choice-list" in classes(f)
        and text_of(f.find("legend")) == "Who sits out"
    )  # fmt: skip
    chosen = [
        el.get("value")
        for el in box.iter("input")
        if el.get("name") == "sit_out" and el.get("checked") is not None
    ]
    assert chosen == ["dealer-and-second-left"]  # Hoyle's rule, RULES section 5
    assert "The dealer, and with 5 also the second player to the dealer's left" in text_of(box)


# -- the icon ---------------------------------------------------------------------------------


def test_favicon_ico_is_the_apps_icon(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response.mimetype.startswith("image/")
    assert response.data[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


def test_pages_link_the_svg_icon_and_it_is_served(client):
    tree = parse(client.get("/"))
    links = {(link.get("rel"), link.get("href")) for link in tree.iter("link")}
    svg = next(href for rel, href in links if rel == "icon" and href.endswith(".svg"))

    response = client.get(svg)
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert b"<svg" in response.data
    touch = next(href for rel, href in links if rel == "apple-touch-icon")
    png = client.get(touch)
    assert png.status_code == 200 and png.mimetype == "image/png"
