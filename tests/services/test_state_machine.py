"""Hands and payments changed in any order through the services: what the services show is
always what a replay from scratch shows.

A Hypothesis state machine adds, edits and deletes hands, records players leaving, ends and
reopens sessions, and records and deletes payments, on a Brooklyn and a Hoyle session of four
players at a table of their own (a fresh table per example). The services answer from the
per-process replay memory (``services.replays``) kept after each commit; requests also move to
a second worker at random, whose memory holds what it kept before (so it catches up with hands
added since, or replays again after an edit). After every step the standings, the settle-up
(with the ledger carried in) and the ledger are read that way, then again with the memory
cleared and the ORM session emptied, from the stored rows alone, and must be equal. The rows
stored must match what was accepted: every refused change leaves nothing behind. The chips
are conserved: the players' balances and the kitty add up to 0.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Hand, LedgerPayment, Table
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.hand.hands import HandContext
from scorekeeper.services import hands, ledger, replays, sessions
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.settle import settle_session
from scorekeeper.services.standings import standings
from scorekeeper.services.unit_of_work import unit_of_work

SYSTEMS = ("brooklyn", "hoyle")
FOUR = ("Ann", "Bob", "Cal", "Dee")
BIDS = (250, 300, 310, 350, 380, 400, 450, 500, 550)  # a few refused (250, 340s in Brooklyn)
OUTCOMES = ("made", "set", "conceded")


def hand_entries(data, context: HandContext, system: str) -> HandEntry:
    """A hand for a table seated as ``context``: an outcome typed, or the declarer's meld and
    tricks (made or set worked out from them), or in Hoyle a forfeit. Some break a rule."""
    kinds = ["outcome", "figures", *(["forfeit"] if system == "hoyle" else [])]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "forfeit":  # only the first bidder's compulsory 300 may be forfeited
        return HandEntry(outcome="forfeit", declarer=context.first_bidder.id, bid=300)
    declarer = data.draw(st.sampled_from(context.active), label="declarer").id
    bid = data.draw(st.sampled_from(BIDS), label="bid")
    trump = data.draw(st.sampled_from("SHDC"), label="trump")
    if kind == "outcome":
        outcome = data.draw(st.sampled_from(OUTCOMES), label="outcome")
        return HandEntry(outcome=outcome, declarer=declarer, bid=bid, trump=trump)
    meld = data.draw(st.sampled_from((0, 60, 100, 150, 240, 300)), label="meld")
    tricks = data.draw(st.integers(0, 25), label="tricks") * 10
    return HandEntry(
        declarer=declarer,
        bid=bid,
        trump=trump,
        tricks=tricks,
        melds={declarer: MeldText("number", str(meld))},
    )


class EveningMachine(RuleBasedStateMachine):
    """One table's evening, changed at random through the services."""

    def __init__(self, app) -> None:
        super().__init__()
        self.context = app.app_context()
        self.context.push()
        replays.forget()
        with unit_of_work():
            self.table = Table(name="State machine")
            db.session.add(self.table)
            db.session.flush()
            self.ids = {
                system: sessions.create_session(self.table, {"system": system}, FOUR, 0).id
                for system in SYSTEMS
            }
        loaded = self.load("brooklyn")
        self.players = {p.name: pid for pid, p in loaded.players.items()}
        self.table_id = self.table.id
        self.hands = dict.fromkeys(SYSTEMS, 0)  # hands accepted and not deleted
        self.leaves = dict.fromkeys(SYSTEMS, 0)
        self.payments: list[int] = []
        self.other_worker: dict[int, replays.Replayed] = {}  # what the other one remembers

    def teardown(self) -> None:
        db.session.remove()
        self.context.pop()

    # -- helpers --------------------------------------------------------------------------

    def table_row(self) -> Table:
        table = db.session.get(Table, self.table_id)
        assert table is not None
        return table

    def load(self, system: str):
        return sessions.load_session(self.ids[system], None)

    def change(self, work) -> bool:
        """Run ``work`` in a unit of work: True if it was saved, False if a rule refused it
        (or it would break a later hand)."""
        try:
            with unit_of_work():
                work()
        except (RuleError, sessions.ConflictError):
            return False
        return True

    # -- hands ----------------------------------------------------------------------------

    @initialize(data=st.data())
    def a_few_hands_first(self, data):
        """Some hands in each session before anything else, so edits and deletes have hands
        to work on from the first step."""
        for system in SYSTEMS:
            for _ in range(data.draw(st.integers(0, 4), label="hands first")):
                self.add_hand(system, data)

    @rule(system=st.sampled_from(SYSTEMS), data=st.data())
    def add_hand(self, system, data):
        loaded = self.load(system)
        entry = hand_entries(data, loaded.state.next_hand, system)
        if self.change(lambda: hands.save_hand(self.load(system), entry)):
            self.hands[system] += 1

    @precondition(lambda self: any(self.hands.values()))
    @rule(system=st.sampled_from(SYSTEMS), data=st.data())
    def edit_hand(self, system, data):
        loaded = self.load(system)
        if not loaded.state.hands:
            return
        number = data.draw(st.integers(1, len(loaded.state.hands)), label="number")
        entry = hand_entries(data, loaded.state.hand(number).context, system)
        self.change(lambda: hands.edit_hand(self.load(system), number, entry))

    @precondition(lambda self: any(self.hands.values()))
    @rule(system=st.sampled_from(SYSTEMS), data=st.data())
    def delete_hand(self, system, data):
        loaded = self.load(system)
        if not loaded.state.hands:
            return
        number = data.draw(st.integers(1, len(loaded.state.hands)), label="number")
        if self.change(lambda: hands.delete_hand(self.load(system), number)):
            self.hands[system] -= 1

    @rule(system=st.sampled_from(SYSTEMS), name=st.sampled_from(FOUR))
    def player_leaves(self, system, name):
        if self.change(lambda: hands.player_leaves(self.load(system), self.players[name])):
            self.leaves[system] += 1

    @rule(system=st.sampled_from(SYSTEMS))
    def end_or_reopen(self, system):
        loaded = self.load(system)
        if loaded.row.ended_at is None:
            self.change(lambda: sessions.end_session(self.load(system)))
        else:
            self.change(lambda: sessions.reopen_session(self.load(system)))

    # -- payments -------------------------------------------------------------------------

    @rule(
        payer=st.sampled_from(FOUR),
        payee=st.sampled_from(FOUR),
        cents=st.integers(1, 5000),
        toward=st.sampled_from((None, *SYSTEMS)),
    )
    def record_payment(self, payer, payee, cents, toward):
        recorded: list[int] = []

        def record() -> None:
            session_id = None if toward is None else self.ids[toward]
            asked = ledger.AskedPayment(self.players[payer], self.players[payee], cents, session_id)
            row = ledger.save_payment(self.table_row(), asked).row
            recorded.append(row.id)

        if self.change(record):
            self.payments.extend(recorded)
        else:
            assert payer == payee  # the only payment refused here: to oneself

    @precondition(lambda self: self.payments)
    @rule(data=st.data())
    def delete_payment(self, data):
        payment = data.draw(st.sampled_from(self.payments), label="payment")
        assert self.change(lambda: ledger.delete_payment(self.table_row(), payment))
        self.payments.remove(payment)

    # -- workers --------------------------------------------------------------------------

    @rule()
    def the_next_requests_reach_the_other_worker(self):
        """Swap the memory for the other worker's: it holds the replays it kept, which may be
        of older versions of the sessions."""
        mine = replays._memory.snapshot()
        replays.forget()
        for session_id, entry in self.other_worker.items():
            replays.remember(session_id, entry)
        self.other_worker = mine

    # -- what must always hold ------------------------------------------------------------

    def shown(self) -> dict:
        """Everything the services show of the evening."""
        table = self.table_row()
        out: dict = {"ledger": ledger.build_ledger(table)}
        for system in SYSTEMS:
            loaded = self.load(system)
            out[system] = (
                standings(loaded),
                settle_session(loaded, include_ledger=True),
                loaded.state.balances,
                loaded.state.kitty,
            )
        return out

    @invariant()
    def the_services_show_what_a_replay_from_scratch_shows(self):
        remembered = self.shown()
        kept = replays._memory.snapshot()
        db.session.rollback()
        replays.forget()
        db.session.remove()
        afresh = self.shown()
        replays.forget()  # this worker goes on with what it remembered
        for session_id, entry in kept.items():
            replays.remember(session_id, entry)
        assert afresh == remembered
        for system in SYSTEMS:  # the chips are conserved: players and kitty add up to 0
            *_, balances, kitty = afresh[system]
            assert sum(units for _, units in balances) + kitty == 0
        db.session.rollback()

    @invariant()
    def the_rows_stored_are_the_changes_accepted(self):
        for system in SYSTEMS:
            kinds = dict(
                db.session.execute(
                    select(Hand.kind, func.count(Hand.id))
                    .where(Hand.session_id == self.ids[system])
                    .group_by(Hand.kind)
                ).all()
            )
            assert kinds.get("hand", 0) == self.hands[system]
            assert kinds.get("leave", 0) == self.leaves[system]
        stored = db.session.scalars(
            select(LedgerPayment.id).where(LedgerPayment.table_id == self.table_id)
        ).all()
        assert sorted(stored) == sorted(self.payments)
        db.session.rollback()


def test_standings_and_settle_up_always_equal_a_replay_from_scratch(app):
    run_state_machine_as_test(
        lambda: EveningMachine(app),
        settings=settings(
            max_examples=12,
            stateful_step_count=15,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
