"""Any name a table types works everywhere: the same evening gives the same figures.

Each evening is played twice through the pages, each time in a fresh app (so ids and session
numbers match): once with plain names, once with names that used to be taken for something
else: "kitty", "Pot", "A & B", "Ann & Bob", and a 40-character name with emoji. The session
page, settle up, history, print view, PDF, CSV, JSON export, import, ledger and statistics must
show the same figures in both. Players sit clockwise in the order listed; the first deals.

Figures worked out from docs/RULES.md, checked with the odd names:
- Hoyle (stake 10 cents): hand 1, the dealer (seat 1) sits out and seat 2, first to bid, forfeits
  the compulsory 300: the schedule's 3 units go to the kitty only. Kitty 3, seat 2 -3, the
  player named "kitty" (seat 1) 0.
- Brooklyn with a pot (stake 5 cents, ante 25 cents): before hand 1 everyone antes 25 / 5 = 5
  units, so the pot holds 20 and each player, "Pot" too, stands at -5.
- Partnership to 500, game stake $0.50: seat 2 bids 250 in clubs and makes it with 140 meld and
  150 in tricks; seat 3 makes 300 in spades with 210 meld and 160 in tricks; seat 4 is set at
  250 in hearts. Seats 1 and 3 reach 710 and win game 1; each loser pays one winner $0.50. A
  team whose member's name has its own "&" is written with "and": "A & B and Ann & Bob".
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader
from webhelpers import figures, migrated_app, new_session, page_text, parse, save_hand, text_of

LONG = "🂡 Queen of spades 🃏 the longest name ok!"  # 40 characters
assert len(LONG) == 40

EVENINGS = {
    "hoyle": (["Ann", "Bob", "Cal", "Dan"], ["kitty", "Pot", "A & B", LONG]),
    "brooklyn-pot": (["Ann", "Bob", "Cal", "Dan"], ["Pot", "kitty", "Ann & Bob", LONG]),
    "partnership": (["Ann", "Bob", "Cal", "Dan"], ["A & B", "kitty", "Ann & Bob", "Pot"]),
}

_TIMES = re.compile(r"\d{1,2}:\d{2}(:\d{2})?|\d{4}-\d{2}-\d{2}(T[\d:]+Z?)?")
_DATES = re.compile(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{4}\b")
_DAYS = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}\b")
_NUMBERS = re.compile(r"[+−-]?\$?\d+(?:[.,]\d+)*")


def numbers(text: str) -> list[str]:
    """Every figure in a page's text, in order, without its times and dates, and without the
    "#2" the hand log adds to a column label that would otherwise read like another's."""
    text = _DAYS.sub(" ", _DATES.sub(" ", _TIMES.sub(" ", re.sub(r"#\d+", " ", text))))
    return _NUMBERS.findall(text)


def fresh_client(root: Path) -> FlaskClient:
    return migrated_app(root).test_client()


def play(client: FlaskClient, system: str, names: list[str]) -> int:
    """The evening of ``system`` with these players in seat order."""
    p1, p2, p3, p4 = names
    if system == "hoyle":
        sid = new_session(client, "hoyle", names)
        save_hand(client, sid, declarer=p2, bid=300, outcome="forfeit")
        save_hand(client, sid, declarer=p4, bid=400, trump="H", outcome="made")
        save_hand(client, sid, declarer=p1, bid=350, trump="C", outcome="set")
        save_hand(client, sid, declarer=p2, bid=350, trump="S", outcome="made")
    elif system == "brooklyn-pot":
        sid = new_session(client, "brooklyn-pot", names)
        save_hand(client, sid, declarer=p2, bid=350, trump="H", outcome="made")
        save_hand(client, sid, declarer=p3, bid=300, trump="S", outcome="set")
        save_hand(client, sid, declarer=p4, bid=400, trump="D", outcome="made")
        save_hand(client, sid, declarer=p1, bid=300, trump="C", outcome="conceded")
    else:
        sid = new_session(client, "partnership", names, target=500, game_stake="0.50")
        melds = {p2: "100", p4: "40", p1: "20"}
        save_hand(client, sid, declarer=p2, bid=250, trump="C", meld=melds, tricks=150)
        melds = {p3: "150", p1: "60", p2: "20"}
        save_hand(client, sid, declarer=p3, bid=300, trump="S", meld=melds, tricks=160)
        save_hand(
            client, sid, declarer=p4, bid=250, trump="H", meld={p4: "40", p1: "20"}, tricks=50
        )
    return sid


def everything(client: FlaskClient, sid: int, names: list[str], plain: list[str]) -> dict:
    """Every figure each page, download and import shows for the session."""
    out: dict = {}
    for page in ("", "/settle", "/settle?view=direct", "/history", "/print"):
        response = client.get(f"/s/{sid}{page}")
        assert response.status_code == 200, page
        out[page or "/"] = numbers(page_text(response))
    pdf = client.get(f"/s/{sid}/report.pdf")
    assert pdf.status_code == 200
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    out["pdf"] = numbers(re.sub(r"Page \d+ of \d+", " ", text))  # a long name may add a page
    rows = list(csv.reader(io.StringIO(client.get(f"/s/{sid}/hands.csv").get_data(as_text=True))))
    out["csv"] = [[cell for cell in row if re.fullmatch(r"-?\d+", cell)] for row in rows]
    exported = client.get(f"/s/{sid}/session.json").get_json()
    out["json"] = exported["derived"]
    imported = client.post("/sessions/import", data={"text": json.dumps(exported)})
    assert imported.status_code == 302, page_text(imported)
    new_sid = int(re.search(r"/s/(\d+)", imported.headers["Location"]).group(1))
    out["imported"] = client.get(f"/s/{new_sid}/session.json").get_json()["derived"]
    assert client.post(f"/s/{sid}/end").status_code == 302
    out["ledger"] = sorted(numbers(page_text(client.get("/ledger"))))
    rename = dict(zip(names, plain, strict=True))
    stats = {}
    for row in parse(client.get("/players/")).iter("tr"):
        cells = [text_of(cell) for cell in row]
        if cells and cells[0] in rename:
            stats[rename[cells[0]]] = cells[1:]
    out["stats"] = stats
    return out


@pytest.mark.parametrize("system", EVENINGS)
def test_odd_names_give_the_same_figures_everywhere(tmp_path, system):
    plain, odd = EVENINGS[system]
    plain_client = fresh_client(tmp_path / "plain")
    odd_client = fresh_client(tmp_path / "odd")
    plain_sid = play(plain_client, system, plain)
    odd_sid = play(odd_client, system, odd)
    assert plain_sid == odd_sid

    expected = everything(plain_client, plain_sid, plain, plain)
    shown = everything(odd_client, odd_sid, odd, plain)

    for key in expected:
        assert shown[key] == expected[key], key
    assert len(shown["stats"]) == 4


def test_a_player_named_kitty_is_not_the_kitty(tmp_path):
    client = fresh_client(tmp_path)
    names = EVENINGS["hoyle"][1]
    sid = new_session(client, "hoyle", names)
    page = save_hand(client, sid, declarer="Pot", bid=300, outcome="forfeit")
    shown = figures(page)
    assert shown["Kitty"] == 3
    assert shown["kitty"] == 0
    assert shown["Pot"] == -3
    assert client.get(f"/s/{sid}/settle").status_code == 200


def standing_rows(page) -> list[tuple[str, str, str]]:
    """The standings in order: (kind, name, figure); a player named "Pot" and the pot both."""
    section = next(el for el in parse(page).iter("section") if el.get("id") == "standings")
    rows = []
    for row in section.iter("div"):
        kinds = set((row.get("class") or "").split())
        if "standing" in kinds:
            who = row.find("span")
            name = (who.text or "").strip()
            figure = next(
                text_of(s) for s in row.iter("span") if "figure" in (s.get("class") or "").split()
            )
            rows.append((next(iter(kinds & {"player", "team", "kitty", "pot"})), name, figure))
    return rows


def test_a_player_named_pot_is_not_the_pot(tmp_path):
    client = fresh_client(tmp_path)
    names = EVENINGS["brooklyn-pot"][1]
    sid = new_session(client, "brooklyn-pot", names)
    rows = standing_rows(client.get(f"/s/{sid}"))
    assert rows == [("player", name, "−5") for name in names] + [("pot", "Pot", "20")]


def test_partners_named_with_ampersands_settle_as_teams(tmp_path):
    client = fresh_client(tmp_path)
    names = EVENINGS["partnership"][1]
    sid = play(client, "partnership", names)
    text = page_text(client.get(f"/s/{sid}/settle"))
    # Seats 1 and 3 ("A & B" and "Ann & Bob") win game 1; "kitty" and "Pot" each pay $0.50.
    assert "Game 1: A & B and Ann & Bob win" in text
    assert "kitty pays A & B $0.50" in text
    assert "Pot pays Ann & Bob $0.50" in text
