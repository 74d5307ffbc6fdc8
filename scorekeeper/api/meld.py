"""Meld without a session: score cards laid down in every trump, and check a meld claim or a
meld figure, under a game system's rules (RULES section 2). Nothing is saved."""

from __future__ import annotations

from ..access import reads_only
from ..services import meldcheck
from .protocol.blueprint import api_blueprint
from .protocol.conditional import json_response
from .protocol.problems import Problem, broken_in
from .schemas.meld import MeldCardsBody, MeldCheckBody, MeldCheckOut, MeldOut, check_out, meld_out

bp = api_blueprint(
    "meld",
    "Meld",
    "Score meld from cards and check a meld claim or figure, without a session.",
)


@bp.post(
    "/meld",
    summary="Score the meld of cards laid down",
    description="The best meld the class rules allow (RULES 2.1-2.4) in the trump named, meld "
    "by meld, and the total in each of the four trumps, best first (equal totals in the order "
    "S, H, D, C). Figures in full points. A token that is not a card, a third copy of a card "
    "or more cards than a hand holds is refused (422, field 'cards').",
    responses={200: MeldOut, 422: Problem},
)
@reads_only
def score_meld(body: MeldCardsBody):
    """The meld of the cards in the trump named and in each trump, best first."""
    with broken_in(body):
        report = meldcheck.score_meld(body.system, body.options, body.cards, body.trump)
    return json_response(meld_out(report))


@bp.post(
    "/meld/check",
    summary="Check a meld claim or a meld figure",
    description="Checks named melds ('claims') or a figure as the table writes it ('number') "
    "exactly as a hand's meld is checked (RULES 2.6): claims must fit one hand, a figure must "
    "be one some legal hand totals. A meld the rules refuse is answered 200 with allowed false "
    "and the rule as 'reason'; claims that name no meld, and unknown or inapplicable options, "
    "are refused (422).",
    responses={200: MeldCheckOut, 422: Problem},
)
@reads_only
def check_meld(body: MeldCheckBody):
    """Whether a meld claim or figure is allowed, and its points."""
    with broken_in(body):
        verdict = meldcheck.check_meld(
            body.system, body.options, body.trump, claims=body.claims, number=body.number
        )
    return json_response(check_out(verdict))
