"""The hand form: forms check shape only (a number where a number goes, a known choice); rules
come from ``scorekeeper.rules`` through the services, and their errors are put back on these
fields. The hand form is built per session: its player fields depend on who sits at the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
)
from wtforms.validators import Length, ValidationError

from ..limits import (
    MAX_FIGURE,
    MAX_ID,
    MAX_LINE,
    MAX_MELD_TEXT,
    is_whole_number,
    within,
)
from ..rules.errors import Part, RuleError, Where
from ..rules.figures import shown
from ..rules.game.options import Options
from ..rules.game.present import Whose
from ..rules.game.variant import all_games
from ..rules.hand.outcome import Outcome
from ..rules.holders import Player, player_id
from ..services.entries import MELD_MODES, HandEntry, MeldText
from ..services.handfields import API_NAMES
from ..services.tables import MAX_NAME

MAX_SEATS = max(system.player_range[1] for system in all_games())

TRUMP_CHOICES = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]
# "No trump" chosen (a forfeit, a hand conceded before trump was named): a choice of its own, so
# that nothing chosen yet never looks like a choice made
NO_TRUMP = "none"


def _int_or_none(value: Any) -> int | None:
    if value in (None, ""):
        return None
    return int(value)


class WholeNumberField(IntegerField):
    """A whole number or nothing, at most ``maximum`` either way from 0; anything else is
    refused naming the field and what was typed (a number thousands of digits long too)."""

    def __init__(self, *args: Any, maximum: int = MAX_FIGURE, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.maximum = maximum

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or str(valuelist[0]).strip() == "":
            self.data = None
            return
        text = str(valuelist[0]).strip()
        self.data = None
        if not is_whole_number(text):
            raise ValueError(f"{self.label.text} must be a whole number, not '{shown(text)}'.")
        if not within(text, self.maximum):
            raise ValueError(f"{self.label.text} is at most {self.maximum}.")
        self.data = int(text)


def _meld_length(form: Any, field: Field) -> None:
    """Refuse a meld typed longer than any hand's cards or named melds could be."""
    if field.data and len(field.data) > MAX_MELD_TEXT:
        raise ValidationError(f"Meld is at most {MAX_MELD_TEXT} characters.")


def name_length(form: Any, field: Field) -> None:
    """Refuse a name longer than the roster keeps (spaces tidied first, as they are saved)."""
    if field.data and len(" ".join(field.data.split())) > MAX_NAME:
        raise ValidationError(f"A name is at most {MAX_NAME} characters.")


def not_negative(form: Any, field: Field) -> None:
    """Refuse a figure below 0 (an empty or unreadable field is left to other checks)."""
    if field.data is not None and field.data < 0:
        raise ValidationError(f"{field.label.text} cannot be negative.")


class NoValidateRadio(RadioField):
    """A radio group whose choices are shown as buttons; an empty answer is allowed."""

    def pre_validate(self, form: Any) -> None:
        if self.data in (None, "", "None"):
            return
        values = [str(value) for value, *_ in self.iter_choices()]
        if str(self.data) not in values:
            raise ValidationError(f"Choose one of the {self.label.text.lower()} shown.")


class NumberRadio(NoValidateRadio):
    """Buttons whose values are whole numbers (bids, player ids): any number passes here, so
    the engine can say which rule it breaks (a forbidden bid, a player who sits out)."""

    def __init__(
        self, *args: Any, not_a_number: str, maximum: int, too_large: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.not_a_number = not_a_number
        self.maximum = maximum
        self.too_large = too_large

    def pre_validate(self, form: Any) -> None:
        if self.data in (None, "", "None"):
            return
        text = str(self.data)
        if not is_whole_number(text):
            raise ValidationError(self.not_a_number.format(value=shown(text)))
        if not within(text, self.maximum):
            raise ValidationError(self.too_large)


class OutcomeRadio(NoValidateRadio):
    """Outcome buttons: any name passes here; the engine says why an outcome is not allowed
    (an all-pass under Brooklyn's dealer takeover, a forfeit outside Hoyle...)."""

    def pre_validate(self, form: Any) -> None:
        return


class HandFormBase(FlaskForm):
    """The hand form's fields (player fields are added by ``hand_form``); ``to_entry`` gives the
    ``HandEntry`` it holds."""

    class Meta:
        # CSRFProtect checks the token before the view runs (an expired one re-shows the form,
        # see errorhandlers.py); the template renders it with csrf_token().
        csrf = False

    line = StringField(
        "Say or type the hand",
        validators=[
            Length(max=MAX_LINE, message=f"Say the hand in at most {MAX_LINE} characters.")
        ],
    )
    request_id = HiddenField()
    hand_number = HiddenField()
    version = HiddenField()
    declarer = NumberRadio(
        "Declarer",
        coerce=str,
        validate_choice=False,
        not_a_number="Choose the declarer by name.",
        maximum=MAX_ID,
        too_large="Choose the declarer by name.",
    )
    bid = NumberRadio(
        "Bid",
        coerce=str,
        validate_choice=False,
        not_a_number="Bid '{value}' is not a whole number.",
        maximum=MAX_FIGURE,
        too_large=f"Bid is at most {MAX_FIGURE}.",
    )
    bid_other = WholeNumberField("Other bid", validators=[not_negative])
    trump = NoValidateRadio(
        "Trump", choices=[*TRUMP_CHOICES, (NO_TRUMP, "No trump")], validate_choice=False
    )
    outcome = OutcomeRadio("Outcome", coerce=str, validate_choice=False)
    takeover = BooleanField("Dealer takeover at 250")
    reneger = NoValidateRadio("Who reneged", coerce=str, validate_choice=False)
    tricks = WholeNumberField("Declarer's tricks", validators=[not_negative])
    last_trick = NoValidateRadio("Last trick", coerce=str, validate_choice=False)

    player_ids: tuple[int, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()  # partners' ids, first seat first
    team_heads: dict[int, str] = {}  # noqa: RUF012 (three or more teams: their tricks fields)
    tricks_label = "Declarer's tricks"  # whose trick points the one figure is
    bidding = True  # False in a game without a bid: no declarer, bid or reneger field shown
    bid_ladder: tuple[int, ...] = ()  # every legal bid as the table writes it (bid stepper)
    min_bid: int = 0  # the least bid as the table writes it (a player's own, summed bids)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, and a side's meld typed once: as one figure or by player."""
        valid = super().validate(extra_validators)
        for members in self.teams:
            side = self[f"meld-side-{members[0]}"]
            typed = [p for p in members if (self[f"meld-{p}"].data or "").strip()]
            if (side.data or "").strip() and typed:
                side.errors = [
                    *side.errors,
                    "Type this side's meld as one figure or each player's, not both.",
                ]
                valid = False
        return valid

    def validate_bid_other(self, field: Field) -> None:
        """Refuse a quick-pick bid and a different typed bid together: which one was meant?"""
        if field.data is None or self.bid.data in (None, "", "None"):
            return
        try:
            picked = int(self.bid.data)
        except (TypeError, ValueError):
            return  # the quick pick's own check names it
        if picked != field.data:
            raise ValidationError(
                f"Two bids given: {picked} picked and {field.data} typed in Other bid. "
                "Clear one of them."
            )

    line_limit = MAX_LINE  # the most characters of the line box

    def labels_of(self, names: Sequence[str]) -> list[str]:
        """The fields a line left to enter (``HandEntry``'s names), as this form calls them."""
        words = {
            "declarer": "the declarer",
            "bid": "the bid",
            "bids": "each player's bid",
            "trump": "trump",
            "outcome": "how it ended",
            "reneger": "who reneged",
            "tricks": self.tricks_label[0].lower() + self.tricks_label[1:],
            "takes": "what each took in tricks",
            "last_trick": "who took the last trick",
            "melds": "meld",
        }
        return [words.get(name, name) for name in names]

    def line_labels(self) -> dict[str, str]:
        """Each field a line may leave to enter, by its name in the API, as this form calls it
        (for the page's script, which reads the line through the API)."""
        names = (
            *("declarer", "bid", "bids", "trump", "outcome"),
            *("reneger", "tricks", "takes", "last_trick", "melds"),
        )
        return dict(zip((API_NAMES.get(n, n) for n in names), self.labels_of(names), strict=True))

    def meld_field(self, key: int | str) -> Field:
        """The meld text field of a player (or of the declarer in chip games)."""
        return self[f"meld-{key}"]

    def meld_mode_field(self, key: int | str) -> Field:
        """How that meld is entered: number, claims or cards."""
        return self[f"meld_mode-{key}"]

    def take_field(self, pid: int) -> Field:
        """A player's own take in tricks (Bison)."""
        return self[f"take-{pid}"]

    def own_bid_field(self, pid: int) -> Field | None:
        """A player's own bid, where every team's bid is a contract (None: not asked)."""
        return self._fields.get(f"own_bid-{pid}")

    def own_bids(self) -> dict[int, int]:
        """Each player's own bid as typed (an empty field is no bid, left out)."""
        fields = {pid: self.own_bid_field(pid) for pid in self.player_ids}
        typed = {pid: f.data for pid, f in fields.items() if f is not None and not f.errors}
        return {pid: bid for pid, bid in typed.items() if bid is not None}

    def _parsed(self, name: str) -> Any:
        """What field ``name`` holds, or None when its shape was refused (left out)."""
        field = self[name]
        return None if field.errors else field.data

    def to_entry(self) -> HandEntry:
        """The typed values as a ``HandEntry`` (shape only; no rule is checked here), leaving
        out every field whose shape was refused, so the engine can check the rest."""
        typed_bid = self._parsed("bid_other")
        bid = typed_bid if typed_bid is not None else _int_or_none(self._parsed("bid"))
        declarer = _int_or_none(self._parsed("declarer"))
        takes = {}
        melds = {}
        for key in self.meld_keys():
            text = (self._parsed(f"meld-{key}") or "").strip()
            mode = self._parsed(f"meld_mode-{key}")
            pid = declarer if key == "declarer" else key
            if text and pid is not None and not self[f"meld_mode-{key}"].errors:
                melds[pid] = MeldText(mode or "number", text)
        for members in self.teams:  # a side's meld as one figure, kept under its first seat
            text = (self._parsed(f"meld-side-{members[0]}") or "").strip()
            if text:
                melds[members[0]] = MeldText("side", text)
        for pid in self.player_ids:  # each player's take, or each team's under its first seat
            take = self._parsed(f"take-{pid}") if f"take-{pid}" in self else None
            if take is not None:
                takes[pid] = take
        trump = self._parsed("trump")
        return HandEntry(
            outcome=self.outcome.data or None,
            declarer=declarer,
            bid=bid,
            trump=None if trump == NO_TRUMP else trump or None,
            takeover=bool(self.takeover.data),
            reneger=_int_or_none(self._parsed("reneger")),
            tricks=self._parsed("tricks"),
            last_trick=_int_or_none(self._parsed("last_trick")),
            takes=takes,
            melds=melds,
            bids=self.own_bids(),
        )

    def fill(self, entry: HandEntry) -> None:
        """Put a stored entry back into the fields (for editing)."""
        self.declarer.data = str(entry.declarer) if entry.declarer else ""
        legal = {str(value) for value, *_ in self.bid.iter_choices()}
        if entry.bid is not None and str(entry.bid) in legal:
            self.bid.data = str(entry.bid)
        else:
            self.bid_other.data = entry.bid
        self.trump.data = entry.trump or NO_TRUMP  # a hand saved without trump had none named
        self.outcome.data = entry.outcome or ""
        self.takeover.data = entry.takeover
        self.reneger.data = str(entry.reneger) if entry.reneger else ""
        self.tricks.data = entry.tricks
        self.last_trick.data = str(entry.last_trick) if entry.last_trick else ""
        for pid in self.player_ids:
            if f"take-{pid}" in self:
                self[f"take-{pid}"].data = entry.takes.get(pid)
            own = self.own_bid_field(pid)
            if own is not None:
                own.data = entry.bids.get(pid)
        for key in self.meld_keys():
            meld = entry.melds.get(entry.declarer if key == "declarer" else key)  # type: ignore[arg-type]
            if meld and meld.mode == "side":
                # a side's meld is typed under the team's first player, whoever it was saved
                # under (the API takes it under any member)
                first = next((members[0] for members in self.teams if key in members), key)
                self[f"meld-side-{first}"].data = meld.text
                meld = None
            self[f"meld-{key}"].data = meld.text if meld else ""
            self[f"meld_mode-{key}"].data = meld.mode if meld else "number"

    @property
    def wants_details(self) -> bool:
        """True when meld or tricks were typed (or refused), so that section opens."""
        names = [f"meld-{k}" for k in self.meld_keys()] + ["tricks", "last_trick"]
        names += [f"meld-side-{members[0]}" for members in self.teams]
        names += [f"take-{pid}" for pid in self.player_ids]
        fields = [self[n] for n in names if n in self]
        return (
            any(f.data not in (None, "") or f.errors for f in fields) or TAKES in self.group_errors
        )

    def meld_keys(self) -> list:
        """Whose meld the form asks for: each player, or just ``declarer`` in chip games."""
        return ["declarer"] if "meld-declarer" in self else list(self.player_ids)

    def field_for(self, where: Where) -> str:
        """The field a rule broken at ``where`` is shown next to: a player's meld or take by
        id (``meld-7``; ``meld-declarer`` in chip games), ``takes`` for Bison's takes
        together, ``form`` (the top of the form) for what no field holds."""
        part = where.part
        pid = None if where.player is None else player_id(where.player)
        if part is Part.MELD:
            name = "meld-declarer" if "meld-declarer" in self else f"meld-{pid}"
            side = f"meld-side-{pid}"
            if side in self and (self[side].data or "").strip():
                name = side
        elif part is Part.TAKE:
            name = f"take-{pid}"
        elif part is Part.OWN_BID:
            name = OWN_BIDS if pid is None else f"own_bid-{pid}"
        elif part in (Part.TRICKS, Part.OTHER_TRICKS):
            name = TAKES if any(f"take-{p}" in self for p in self.player_ids) else "tricks"
        elif part in FIELD_PARTS and (self.bidding or part not in BIDDING_PARTS):
            name = part.value
        else:
            return "form"
        if name in GROUPS or name in self:
            return name
        return {Part.TAKE: TAKES, Part.OWN_BID: OWN_BIDS}.get(part, "form")

    def _refused_at(self, name: str, refused: set[str]) -> bool:
        """True when the field an error at ``name`` is shown at, or one its value is typed in
        or worked out from (the outcome, from the tricks), is among the ``refused`` for their
        shape: its problem is said once, by the form."""
        typed_in = {
            "bid": ("bid", "bid_other"),
            "outcome": ("outcome", "tricks", *(f"take-{pid}" for pid in self.player_ids)),
            TAKES: tuple(f"take-{pid}" for pid in self.player_ids),
            OWN_BIDS: tuple(f"own_bid-{pid}" for pid in self.player_ids),
        }.get(name, (name, name.replace("meld-", "meld_mode-", 1)))
        return not refused.isdisjoint(typed_in)

    def add_rule_error(self, error: RuleError) -> list[tuple[str, str]]:
        """Show every rule an answer broke next to its field (or at the top of the form),
        except at a field already refused for its shape; gives each (field, rule) shown."""
        refused = {name for name, field in self._fields.items() if field.errors}
        shown: list[tuple[str, str]] = []
        for one in error.each:
            name = self.field_for(one.where)
            if self._refused_at(name, refused):
                continue
            shown.append((name, one.rule))
            if name in GROUPS:
                self.group_errors.setdefault(name, []).append(one.rule)
            elif name == "form":
                self.form_errors.append(one.rule)
            else:
                self[name].errors = [*self[name].errors, one.rule]
        return shown


TAKES = "takes"
"""Bison's takes together: shown under the players' takes and the last trick."""

OWN_BIDS = "own_bids"
"""Every player's own bid together (summed bids): shown under the players' bids."""

GROUPS = (TAKES, OWN_BIDS)
"""Errors shown under a group of fields rather than one."""

FIELD_PARTS = {
    Part.DECLARER,
    Part.BID,
    Part.TAKEOVER,
    Part.TRUMP,
    Part.OUTCOME,
    Part.RENEGER,
    Part.LAST_TRICK,
}
"""Parts of a hand with a field of their own, named as the part is (``bid``, ``trump``)."""

BIDDING_PARTS = {Part.DECLARER, Part.BID, Part.TAKEOVER, Part.RENEGER}
"""Parts whose fields a game without a bid does not show: their errors go to the form's top."""


def hand_form(
    players: Mapping[int, Player],
    options: Options,
    declarers: list[int],
    bids: list[int],
    formdata: Any = None,
    ladder: list[int] | None = None,
    teams: Sequence[tuple[int, ...]] = (),
    own_tricks: bool = False,
) -> HandFormBase:
    """A hand form for one session: its players, legal quick-pick bids and outcomes.

    ``ladder`` is every legal bid (full points, low to high), which the bid stepper steps
    through; without it the stepper only knows the quick picks. ``teams`` are the partners'
    ids, first seat first: each side's meld may be typed as one figure, and with three or more
    teams (or ``own_tricks``: buried cards that count for nobody) each team's tricks are asked,
    under its first seat's id.
    """
    present = options.system.present
    attrs: dict[str, Any] = {}
    meld_keys = list(players) if present.meld_of is Whose.EACH else ["declarer"]
    for key in meld_keys:
        attrs[f"meld-{key}"] = StringField("Meld", validators=[_meld_length])
        attrs[f"meld_mode-{key}"] = NoValidateRadio(
            "Meld by", choices=[(m, m) for m in MELD_MODES], default="number",
            validate_choice=False,
        )  # fmt: skip
    if present.tricks_of is Whose.EACH:  # each player's take
        what = "counters" if options.card_values.value == "counters" else "card points"
        for pid in players:
            attrs[f"take-{pid}"] = WholeNumberField(
                f"{players[pid]}'s {what}", validators=[not_negative]
            )
    for members in teams:
        attrs[f"meld-side-{members[0]}"] = StringField("Side's meld", validators=[_meld_length])
        if len(teams) > 2 or own_tricks:
            label = " & ".join(str(players[p]) for p in members)
            attrs[f"take-{members[0]}"] = WholeNumberField(
                f"{label}'s tricks", validators=[not_negative]
            )
    if options.summed_bids:  # every team's bid a contract: each player dealt in bids (RULES 6.6)
        for pid in declarers:
            attrs[f"own_bid-{pid}"] = WholeNumberField(
                f"{players[pid]}'s bid", validators=[not_negative]
            )
    cls = type("HandForm", (HandFormBase,), attrs)
    form = cls(formdata=formdata)
    form.player_ids = tuple(players)
    form.teams = tuple(tuple(members) for members in teams)
    form.team_heads = {
        members[0]: " & ".join(str(players[p]) for p in members)
        for members in teams
        if len(teams) > 2 or own_tricks
    }
    form.bidding = options.auction
    if teams and not options.auction:  # no bidders: the first seat's team's figure
        form.tricks_label = " & ".join(str(players[p]) for p in teams[0]) + "'s tricks"
    elif options.summed_bids:  # every team bids: the figure is the declarer's team's
        form.tricks_label = "Declaring team's tricks"
    elif present.by_sides:
        form.tricks_label = "Bidding team's tricks"
    form.declarer.choices = [(str(pid), players[pid]) for pid in declarers]
    form.bid.choices = [(str(options.to_table(b)), str(options.to_table(b))) for b in bids]
    form.bid_ladder = tuple(options.to_table(b) for b in (bids if ladder is None else ladder))
    form.min_bid = options.to_table(options.min_bid)
    outcomes = [o for o in Outcome if o.value in options.outcomes]
    form.outcome.choices = [(o.value, o.label) for o in outcomes]
    form.reneger.choices = [(str(pid), players[pid]) for pid in players]
    form.last_trick.choices = [(str(pid), players[pid]) for pid in players]
    return form
