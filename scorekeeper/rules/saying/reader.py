"""Reading a hand said in one line (issue 29): "Bob, three fifty in spades, made it" to the
declarer, the bid, trump and the outcome, with meld, tricks, takes, the last trick and each
player's own bid where the game asks for them (RULES 2.5, 3.3, 3.4, 4 to 6).

The line is read as a table says it, in any order. A figure is a bid after a bid word ("bid",
"took it for", "at", "for", "in") or before a suit ("three fifty in spades"); meld beside a
meld word ("Ann 60 meld", "meld Ann 60 Bob 20", "Ann & Cy 120 meld"); tricks beside a tricks
word ("150 in tricks", "took 160", "counters Ann 12 Bob 8", "took Ann 90 Bob 60"), the cue
carrying on to the pairs said after it ("Ann 8 counters, Bob 10, Cy 2"). A figure that nothing
marks is read as the one field it could fill, and asked about when it could fill two ("Bob 350
made": a bid, or Bob's meld?). A player named and given no other part is the declarer. Where a
word is both a name and a word the table says ("Made", "Bid"), every reading of the line is
tried and the one that leaves least unread is taken; two equally good ones are asked about.

Never a silent guess: two readings of one field leave it empty and ``ambiguous``; what the hand
asks for and the line lacks is ``missing``; what is not understood is ``unknown_words``. The
reader reads and checks no rule: a bid under the minimum is read as said. ``say_hand`` writes
a reading back as a line that reads back to it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import fields, replace
from typing import Any, TypeAlias

from ..hand.outcome import Outcome
from ..pack.tricks import last_trick
from .clauses import fill
from .lexer import Kind, Lexicon, Said, Thing
from .reading import SINGLE, Ambiguity, Reading, missing
from .speakers import spoken_by
from .table import NOT_PLAYED, SayingTable
from .words import DOUBT_WORDS

MAX_READINGS = 64
"""The most readings of a line tried when words are also names (six such words each way)."""


def read_hand(text: str, table: SayingTable) -> Reading:
    """The hand said in ``text`` at ``table``: what it says, what it lacks and what is unsure."""
    lexicon = _lexicon(table)
    words, pauses = lexicon.dictated(*spoken_by(text, lexicon.names))
    said = lexicon.read(words, pauses)
    tried = [(fill(items, table).reading(), choices) for items, choices in _paths(said, pauses)]
    best = min(_score(reading) for reading, _ in tried)
    chosen = [(reading, choices) for reading, choices in tried if _score(reading) == best]
    reading = chosen[0][0]
    if any(other != reading for other, _ in chosen[1:]):
        reading = _undecided(chosen, table)
    reading = _last_trick_in_takes(_only_what_is_entered(reading), table)
    return replace(reading, missing=missing(reading, table))


def _only_what_is_entered(reading: Reading) -> Reading:
    """A hand nobody played (a misdeal, everyone passed) is entered with its outcome alone
    (RULES 4.3, 4.4): a name or figure said with it ("Ann misdealt": the dealer) fills
    nothing, and words said of it ("the cards were bunched", "Ann deals again") are left,
    as they can fill nothing either, nor is what they leave in doubt asked ("Cy got seventeen
    cards": tricks of which side?); unless one of them may undo the outcome ("not", "no",
    "almost": ``DOUBT_WORDS``), when they are all still asked about. Everyone passing said
    with a bid is asked (everyone else passed that bid, or the hand was thrown in?)."""
    unplayed = {outcome.label for outcome in NOT_PLAYED}
    if reading.outcome is None and any(set(a.could_be) <= unplayed for a in reading.ambiguous):
        # "nobody bid yet: misdeal": unplayed either way, so nothing else is entered
        kept = tuple(a for a in reading.ambiguous if set(a.could_be) <= unplayed)
        return Reading(ambiguous=kept, unknown_words=reading.unknown_words)
    if reading.outcome not in NOT_PLAYED:
        return reading
    if reading.outcome is Outcome.ALL_PASS and reading.bid is not None:
        # "Cy 270 hearts, everyone passed": everyone else passed Cy's 270, or the hand was
        # thrown in (RULES 4.3)? Asked, never the bid dropped
        said = reading.outcome.label
        doubt_of = Ambiguity(f"{said} / {reading.bid}", (said, f"bid {reading.bid}"))
        return Reading(ambiguous=(*reading.ambiguous, doubt_of))
    doubt = any(word in DOUBT_WORDS for said in reading.unknown_words for word in said.split())
    return Reading(
        outcome=reading.outcome,
        ambiguous=reading.ambiguous if doubt else (),  # of fields it does not enter
        unknown_words=reading.unknown_words if doubt else (),
    )


def _last_trick_in_takes(reading: Reading, table: SayingTable) -> Reading:
    """Where each player's take is entered with the last trick in it (a game without a bid,
    RULES 6.4), a last trick said apart is put where the figures say: already in its taker's
    take when the takes add up to every trick point, added to it when they add up to all but
    the last trick's; asked about otherwise (never guessed). Where a side's tricks are entered
    as one figure, the last trick is in it and fills nothing."""
    asks = table.asks
    if reading.last_trick is None or asks.last_trick_apart:
        return reading
    if not asks.takes_each:  # "Hal took the last trick and his side got 170": in it already
        return replace(reading, last_trick=None)
    deck = table.options.deck
    worth = table.options.to_table(last_trick(deck))
    total = table.trick_points
    taker, takes = reading.last_trick, dict(reading.takes)
    whole = len(takes) == len(table.seats) and taker in takes
    if whole and sum(takes.values()) == total:
        return replace(reading, last_trick=None)
    if whole and sum(takes.values()) == total - worth:
        takes[taker] += worth
        return replace(reading, last_trick=None, takes=tuple(takes.items()))
    name = table.name(taker)
    doubt = Ambiguity(f"last trick {name}", (f"in {name}'s take", f"added to {name}'s take"))
    return replace(reading, last_trick=None, ambiguous=(*reading.ambiguous, doubt))


@functools.lru_cache(maxsize=64)
def _lexicon(table: SayingTable) -> Lexicon:
    """The table's words and names, made once a table."""
    return Lexicon(table)


def _score(reading: Reading) -> tuple[int, int]:
    """How well a reading of the line reads: fewest words left unread or unsure, then most
    fields filled."""
    unread = len(reading.unknown_words) + len(reading.ambiguous)
    filled = sum(getattr(reading, name) is not None for name in SINGLE)
    filled += len(reading.melds) + len(reading.takes) + len(reading.bids)
    return unread, -filled


Choice: TypeAlias = tuple[int, Thing, Thing, bool]
"""A word that is both a name and a word: where, its name and word readings, the name taken."""


def _undecided(chosen: list[tuple[Reading, tuple[Choice, ...]]], table: SayingTable) -> Reading:
    """Equally good readings that differ: the fields they agree on, and each word read one
    way in some and the other way in others asked about (a player, or the word)."""
    agreed: dict[str, Any] = {}
    for f in fields(Reading):
        values = [getattr(reading, f.name) for reading, _ in chosen]
        same = all(value == values[0] for value in values)
        agreed[f.name] = values[0] if same else (None if f.name in SINGLE else ())
    taken: dict[int, set[bool]] = {}
    spots: dict[int, tuple[Thing, Thing]] = {}
    for _, choices in chosen:
        for start, name, word, took_name in choices:
            taken.setdefault(start, set()).add(took_name)
            spots[start] = (name, word)
    asked = [
        Ambiguity(word.text, (", ".join(table.name(p) for p in name.players), _word_label(word)))
        for start, (name, word) in sorted(spots.items())
        if len(taken[start]) > 1
    ]
    kept = [a for a in chosen[0][0].ambiguous if all(a in r.ambiguous for r, _ in chosen)]
    agreed["ambiguous"] = tuple(dict.fromkeys((*kept, *asked)))
    return Reading(**agreed)


def _word_label(thing: Thing) -> str:
    """What a word the table says means, for a question."""
    if thing.kind is Kind.OUTCOME:
        return f"the outcome '{thing.value.label}'"
    if thing.kind is Kind.SUIT:
        return f"trump {thing.value.noun}"
    if thing.kind is Kind.NUMBER:
        return f"the figure {thing.value}"
    return f"the word '{thing.text}'"


def _paths(
    said: Sequence[Said], pauses: Sequence[int]
) -> Iterator[tuple[list[tuple[Thing, int]], tuple[Choice, ...]]]:
    """Every reading of the line (up to ``MAX_READINGS``): its things with whether a pause came
    before each, and each choice made at a word that is both a name and a word (once the
    readings run out, the word is taken)."""
    stack: list[tuple[int, list[tuple[Thing, int]], tuple[Choice, ...]]]
    stack = [(0, [], ())]
    made = 0
    while stack:
        i, items, choices = stack.pop()
        while i < len(said) and len(said[i].readings) == 1:  # this path's own list
            thing = said[i].readings[0]
            items.append((thing, pauses[i]))
            i += thing.length
        if i >= len(said):
            made += 1
            yield items, choices
            continue
        name, word = said[i].readings
        if made + len(stack) + 2 > MAX_READINGS:
            chosen = (*choices, (i, name, word, False))
            stack.append((i + word.length, [*items, (word, pauses[i])], chosen))
            continue
        for thing in (word, name):
            chosen = (*choices, (i, name, word, thing is name))
            stack.append((i + thing.length, [*items, (thing, pauses[i])], chosen))
