"""Where a line leaves the hand open (issue 29; RULES 3.1, 4.1, 4.5, 5.3): a legal bid left
unread above the bid read, Hoyle's compulsory bid given up (forfeit or concession?), and the
deck's trick points said after a figure ("32 of the 50"), which say nothing more. What is
open is asked, never guessed.
"""

from __future__ import annotations

from ..hand.outcome import Outcome
from .draft import At, Draft
from .lexer import Kind
from .numbers import read_number
from .words import CONCEDED_AFTER_THE_WIDOW


def higher_bid_unread(ts: list[At], draft: Draft) -> None:
    """ "Dee opened 250, Ann went 260, Bob jumped clear to 300": a figure left not understood
    that is a legal bid above every bid read may be the bid the hand was played at (the
    auction went on in words the reader does not know), so the bid is asked, never the lower
    one taken."""
    bids = draft.values(("bid",))
    if not draft.asks.bid or not bids:
        return
    for at in ts:
        words = at.thing.text.split()
        said = read_number(words)  # a figure, or one left a word's
        if at.used or at.kind not in (Kind.NUMBER, Kind.UNKNOWN) or said is None:
            continue
        figure, length = said
        if length != len(words) or figure <= max(bids):
            continue
        if draft.table.is_bid(figure):
            draft.claim(("bid",), figure, at.thing.text)
            at.used = True


def forfeit_or_conceded(ts: list[At], draft: Draft) -> None:
    """ "Bob was stuck at 300 and gave it up": at Hoyle's compulsory bid a hand given up may be
    its forfeit (before the widow is looked at) or a concession (after), RULES 4.5 and 5.3;
    unless the line says which ("conceded", "without looking at the widow"), both are asked."""
    options = draft.table.options
    said = draft.claims.get(("outcome",), [])
    if Outcome.FORFEIT not in draft.asks.outcomes or not said:
        return
    if draft.value(("bid",)) != options.to_table(options.compulsory_bid):
        return
    if any(at.kind is Kind.ASIDE and at.used for at in ts):
        return  # "... without looking at the widow": said which
    loose = [word for value, word in said if value is Outcome.CONCEDED]
    if len(loose) == len(said) and not set(loose) & CONCEDED_AFTER_THE_WIDOW:
        draft.claim(("outcome",), Outcome.FORFEIT, loose[0])


def out_of_the_deck(ts: list[At], draft: Draft) -> None:
    """ "Ann and Cy took 32 of the 50": the deck's trick points said after a figure read (RULES
    3.1, 3.5) say what it is out of, nothing more."""
    total = draft.table.trick_points
    for k, at in enumerate(ts[1:], start=1):
        out_of = at.kind is Kind.NUMBER and at.thing.value == total and not at.used
        if out_of and not at.pause and ts[k - 1].kind is Kind.NUMBER and ts[k - 1].used:
            at.used = True
