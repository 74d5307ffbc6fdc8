"""A said line cut into words, and the words into things (issue 29): players, figures, suits,
outcomes, cue words, filler, and what is not understood.

Words are compared as names are (``holders.name_key``: Unicode NFC, case folded); punctuation
is dropped, as dictation scatters it ("Bob, 350, spades. Made."), but a figure never runs on
across it ("three, fifty" is two figures). A player is named by their name, a short name the
table set, their name with an accent left off when that names nobody else, or a start of it
that names nobody else ("Al" for "Alice"). A word that is both a name and a word the table says
("Bid", "Made", "Art") is a ``Thing`` with both readings: the reader decides between them by the
whole line, and asks when the line does not decide.

What a phone's dictation or a hurried thumb does to a word is read back only where one reading
is left: "too ninety" and "for hundred" are figures ("two ninety", "four hundred"), a suit's
name with a letter left out, added or swapped, or spelt without its vowels ("dimonds",
"hearst", "hrts", "spaids") is that suit, and a name with a letter doubled or an "e" added
("Hall", "Faye"), or spelt as it sounds ("Sy", "Sigh" for Cy), that player.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..hand.outcome import Outcome
from ..holders import name_key
from ..pack.ranks import Suit
from .melds import meld_phrases
from .numbers import NUMBER_WORDS, TENS, read_number, spoken
from .shorthand import written_out
from .slips import VOWELS, Slips
from .table import SayingTable
from .words import (
    ASIDE_WORDS,
    CARD_RANK_WORDS,
    CORRECTION_WORDS,
    CUE_WORDS,
    FILLER_WORDS,
    IN_ORDER,
    IN_ORDER_WORDS,
    MINIMUM_BID_WORDS,
    NO_TRUMP_WORDS,
    OTHERS,
    OTHERS_WORDS,
    OUTCOME_WORDS,
    REST,
    REST_WORDS,
    SUIT_WORDS,
    TEAM_NOUNS,
    WHOLE_DECK_WORDS,
    Cue,
)

COMMA, STOP = 1, 2
"""How strong a pause is: a comma (or a colon, a dash) inside a clause, a stop (". ;
! ?") between clauses; 0 is no pause. Dictation's punctuation, so the reader leans on a stop
only to end a clause's subject (``places._clause_subject``)."""

_SYMBOLS = "♠♥♦♣♤♡♢♧&"
_TOKEN = re.compile(rf"[{_SYMBOLS}]|\d+|[^\W\d_]+(?:'[^\W\d_]+)*|(?P<pause>[.,;:!?—–]|--+)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")
"""A figure a phone's dictation writes as a time of day: "three fifty" as "3:50" is 350."""
_HEARD_AS: Mapping[str, tuple[str, frozenset[str]]] = {
    "too": ("two", frozenset({*TENS, "hundred"})),  # "bid too ninety": 290
    "for": ("four", frozenset({"hundred"})),  # "Ann for hundred spades": 400
    "to": ("two", frozenset({"hundred"})),  # "Cy bid to hundred and ninety": 290
}
"""A word dictation writes for a figure's first word, and the words after it that make it that
figure ("for fifty" stays a bid word: "took it for fifty" is 50 at a double deck)."""

_CARD_RANK_DIGITS = {"nine": "9", "ten": "10"}
"""Ranks typed as digits ("the 9 of spades"): a card, never the figure 9."""

_SOUNDS_LIKE_HUNDREDS = {"to": 200, "too": 200, "for": 400}
"""Words dictation writes for "two" and "four" before the rest of a bid (``_bid_heard``)."""

_SUIT_NOUNS = {suit: (suit.noun, suit.noun[:-1]) for suit in Suit}

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "＆": "&"})


_SAID_PUNCTUATION: Mapping[tuple[str, ...], int] = {
    ("full", "stop"): STOP, ("question", "mark"): STOP, ("exclamation", "mark"): STOP,
    ("exclamation", "point"): STOP, ("new", "line"): STOP, ("new", "paragraph"): STOP,
    ("comma",): COMMA, ("colon",): COMMA, ("period",): STOP, ("semicolon",): STOP,
}  # fmt: skip
"""Punctuation said aloud, longest first, to the pause it names (``COMMA``, ``STOP``)."""


class Kind(enum.Enum):
    """What a thing said is."""

    PLAYER = "player"
    TEAM = "team"  # partners named together ("Ann and Cy"), made by the reader
    NUMBER = "number"
    MELD = "meld"  # a meld named ("pinochle", "double run"): the engine's name of it
    SUIT = "suit"
    NO_TRUMP = "no trump"
    OUTCOME = "outcome"
    CUE = "cue"
    FILLER = "filler"
    ASIDE = "aside"  # when a hand was given up ("after seeing the widow"): its ``Outcome``
    CORRECTION = "correction"  # "no wait", "I mean": what follows replaces what came before
    UNKNOWN = "unknown"


_SPELT = frozenset({Kind.OUTCOME, Kind.MELD, Kind.FILLER})
"""The kinds of word read through any typing slip (``slips``): never a cue, whose short words
have English neighbours ("takers" is no "takes")."""


@dataclass(frozen=True, slots=True)
class Thing:
    """One thing said: its kind and value (player ids for a player, a figure, a ``Suit``, an
    ``Outcome``, a ``Cue``, a meld's engine name) and the words it was said in."""

    kind: Kind
    value: Any
    text: str
    length: int = 1

    @property
    def players(self) -> tuple[int, ...]:
        """The player ids a player thing may be (one when sure), or a team's members."""
        return tuple(self.value) if self.kind in (Kind.PLAYER, Kind.TEAM) else ()


@dataclass(frozen=True, slots=True)
class Said:
    """A word's place in the line: its readings (one, or a name and a word)."""

    start: int
    readings: tuple[Thing, ...]


def words_of(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The line's words (NFC, case folded, apostrophes straightened, a slash as "&": "Ann/Cy"
    partners, "sixty-five" as two words, "1,500" and dictation's "3:50" as one figure) and,
    for each, the pause (punctuation) that came before it: 0 none, ``COMMA`` or ``STOP``."""
    line = unicodedata.normalize("NFC", text).translate(_APOSTROPHES)
    line = written_out(line)
    line = line.replace("/", " & ")  # "Ann/Cy"
    line = _THOUSANDS.sub("", line)
    line = _CLOCK.sub(r"\1\2", line)
    words: list[str] = []
    pauses: list[int] = []
    pause = 0
    for match in _TOKEN.finditer(line):
        mark = match.group("pause")
        if mark:
            pause = max(pause, STOP if mark in ".;!?" else COMMA)  # a dash is a comma
            continue
        words.append(name_key(match.group(0)))
        pauses.append(pause)
        pause = 0
    return tuple(words), tuple(pauses)


def folded(word: str) -> str:
    """A word with its accents left off ("zoë" is "zoe")."""
    marks = unicodedata.normalize("NFD", word)
    return unicodedata.normalize("NFC", "".join(c for c in marks if not unicodedata.combining(c)))


class Lexicon:
    """The phrases a table's line may hold: the game's words and the players' names."""

    def __init__(self, table: SayingTable) -> None:
        self.phrases: dict[tuple[str, ...], Thing] = {}
        for outcome in Outcome:  # every one: one the game lacks is said not understood
            for said in OUTCOME_WORDS[outcome]:
                self._add(said, Kind.OUTCOME, outcome)
        for suit, suit_words in SUIT_WORDS.items():
            for said in suit_words:
                self._add(said, Kind.SUIT, suit)
            for noun in suit_words[:2]:  # "he made hearts trump": trump named, nothing made
                self._add(f"made {noun} trump", Kind.SUIT, suit)
                self._add(f"made {noun} trumps", Kind.SUIT, suit)
        for said in NO_TRUMP_WORDS:  # known, to be said not understood (no game has one)
            self._add(said, Kind.NO_TRUMP, None)
        for cue, cue_words in CUE_WORDS.items():
            for said in cue_words:
                self._add(said, Kind.CUE, cue)
        for said in FILLER_WORDS:
            self._add(said, Kind.FILLER, None)
        for outcome, aside_words in ASIDE_WORDS.items():
            for said in aside_words:
                self._add(said, Kind.ASIDE, outcome)
                self._add(said.replace("the widow", "widow"), Kind.ASIDE, outcome)
        for said in CORRECTION_WORDS:
            self._add(said, Kind.CORRECTION, None)
        for said in OTHERS_WORDS:  # "the other two": nobody the reader can name
            self._add(said, Kind.UNKNOWN, OTHERS)
        for said in REST_WORDS:  # "Bob the rest": read by ``lists.the_rest`` where it can be
            self._add(said, Kind.UNKNOWN, REST)
        for said in IN_ORDER_WORDS:  # "55 45 100 50 in that order": ``lists.in_seat_order``
            self._add(said, Kind.UNKNOWN, IN_ORDER)
        for rank in CARD_RANK_WORDS:  # "the nine of hearts": a card, never the figure 9
            for suit_words in SUIT_WORDS.values():
                for noun in suit_words[:2]:
                    self._add(f"{rank} of {noun}", Kind.UNKNOWN, None)
                    self._add(f"the {rank} of {noun}", Kind.UNKNOWN, None)
                    self._add(f"{rank}s of {noun}", Kind.UNKNOWN, None)  # "queens of diamonds"
                    self._add(
                        f"the {_CARD_RANK_DIGITS.get(rank, rank)} of {noun}", Kind.UNKNOWN, None
                    )
                    self._add(f"both {rank}s of {noun}", Kind.UNKNOWN, None)
            for before in ("both", "the", "my", "his", "her"):  # "both kings": cards, no around
                self._add(f"{before} {rank}s", Kind.UNKNOWN, None)
        asks = table.asks
        self.whole: int | None = None  # the hand's trick points (none: Bison's counters)
        if not (asks.bid and asks.takes_each):  # Bison's takes are counters: not a figure
            self.whole = table.trick_points
            for said in WHOLE_DECK_WORDS:  # "every trick": the hand's whole trick points
                self._add(said, Kind.NUMBER, self.whole)
        if asks.bid:  # "bid the minimum in spades": the game's lowest bid (RULES 4.1)
            lowest = table.options.to_table(table.options.min_bid)
            for said in MINIMUM_BID_WORDS:
                self._add(said, Kind.NUMBER, lowest)
        for said, name in meld_phrases(table.options.deck).items():
            self._add(said, Kind.MELD, name)
        for team in table.teams:  # "Ann's team", "Bob's side": the team a player is in
            for pid in team:
                for noun in TEAM_NOUNS:
                    self._add(f"{table.name(pid)}'s {noun}", Kind.TEAM, team)
                    self._add(f"{table.name(pid)} {noun}", Kind.TEAM, team)  # "ann team"
                    self._add(f"{table.name(pid)}s {noun}", Kind.TEAM, team)  # "anns team"
                # "Bob's four": his team of four; "Cy's partner": the other one of two
                self._add(f"{table.name(pid)}'s {spoken(len(team))}", Kind.TEAM, team)
                others = tuple(p for p in team if p != pid)
                self._add(f"{table.name(pid)}'s partner", Kind.PLAYER, others)
        self.table = table
        self.asks_bid = table.asks.bid
        self.names = _names(table)
        self.starts = {seat.id: [name_key(seat.name), *map(name_key, seat.short_names)]
                       for seat in table.seats}  # fmt: skip
        # "bob n dee", "made w 180 meld": typed short, unless a name or a name's initial
        if ("n",) not in self.names:
            self._add("n", Kind.CUE, Cue.AND)
        if ("w",) not in self.names and not self._starting("w"):
            self._add("w", Kind.FILLER, None)
        self.slips = Slips(
            {said[0]: thing for said, thing in self.phrases.items() if len(said) == 1},
            spelt=lambda thing: thing.kind in _SPELT,
            swapped=lambda thing: thing.kind is Kind.OUTCOME,
            meaning=lambda thing: (thing.kind, thing.value),
        )
        self.longest = max(len(words) for words in self.phrases)
        self.name_longest = max((len(words) for words in self.names), default=1)

    def _add(self, said: str, kind: Kind, value: Any) -> None:
        words = words_of(said)[0]
        self.phrases.setdefault(words, Thing(kind, value, " ".join(words), len(words)))

    def dictated(
        self, words: Sequence[str], pauses: Sequence[int]
    ) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The line with punctuation said aloud ("comma", "period", "full stop", as a phone's
        dictation may leave it written out) taken as the pause it names, unless it is a
        player's name."""
        out_words: list[str] = []
        out_pauses: list[int] = []
        pause, i = 0, 0
        while i < len(words):
            said = next((p for p in _SAID_PUNCTUATION if tuple(words[i : i + len(p)]) == p), None)
            if said is not None and (words[i],) not in self.names:
                pause = max(pause, pauses[i], _SAID_PUNCTUATION[said])
                i += len(said)
                continue
            out_words.append(words[i])
            out_pauses.append(max(pause, pauses[i]))
            pause, i = 0, i + 1
        return tuple(out_words), tuple(out_pauses)

    def read(self, words: Sequence[str], pauses: Sequence[int]) -> tuple[Said, ...]:
        """Every place in the line with its readings, start to end (a reading's ``length``
        says where the next one starts)."""
        out = []
        for i in range(len(words)):
            out.append(Said(i, self.readings_at(words, pauses, i)))
        for i, thing in self._initials(words, pauses).items():
            out[i] = Said(i, (thing,))
        return tuple(out)

    def _initials(self, words: Sequence[str], pauses: Sequence[int]) -> dict[int, Thing]:
        """Players said by their initials, joined ("b/d", "a&c&e") or one after another ("b d
        f h"): each letter the start of one player's name, all of them different players; a
        joined letter that is not is left not understood. Never a suit ("b/d mld 33": no
        diamonds)."""
        found: dict[int, Thing] = {}
        i = 0
        while i < len(words):
            run, joined, j = [i], False, i + 1
            while j < len(words) and not pauses[j]:
                if words[j] == "&" and j + 1 < len(words) and _letter(words[j + 1]):
                    run, joined, j = [*run, j + 1], True, j + 2
                elif _letter(words[j]) and not joined and _letter(words[i]):
                    run, j = [*run, j], j + 1
                else:
                    break
            if not _letter(words[i]) or len(run) < 2:
                i += 1
                continue
            ids = [self._initial(words[k]) for k in run]
            named = all(ids) and len(set(ids)) == len(ids)
            if named or joined:
                for k, pid in zip(run, ids, strict=True):
                    kind, value = (Kind.PLAYER, (pid,)) if named else (Kind.UNKNOWN, None)
                    found[k] = Thing(kind, value, words[k])
            i = j
        return found | self._initials_with_figures(words)

    def _initials_with_figures(self, words: Sequence[str]) -> dict[int, Thing]:
        """Players said by their initials each with a figure in digits ("meld A 60 B 190 C
        40"): two or more letters, each the start of one player's name, all different."""
        found: dict[int, Thing] = {}
        i = 0
        while i < len(words):
            k = i
            while k + 1 < len(words) and _letter(words[k]) and words[k + 1].isdigit():
                k += 2
            ids = [self._initial(words[x]) for x in range(i, k, 2)]
            if len(ids) >= 2 and all(ids) and len(set(ids)) == len(ids):
                for x, pid in zip(range(i, k, 2), ids, strict=True):
                    found[x] = Thing(Kind.PLAYER, (pid,), words[x])
            i = max(k, i + 1)
        return found

    def _initial(self, letter: str) -> int | None:
        """The one player whose name or short name starts with ``letter`` (None: none, or
        several)."""
        ids = self._starting(letter)
        return ids[0] if len(ids) == 1 else None

    def readings_at(self, words: Sequence[str], pauses: Sequence[int], i: int) -> tuple[Thing, ...]:
        """The readings of the words starting at ``i``: a word's, a name's, or both."""
        word = self._word_at(words, pauses, i)
        name = self._name_at(words, pauses, i)
        if word is not None and name is not None:
            if word.kind in (Kind.PLAYER, Kind.TEAM) and word.length > name.length:
                return (word,)  # "Cy's partner", "Bob's side": never Cy, Bob
            return (name, word)
        if word is not None and word.kind is Kind.SUIT and _letter(words[i]):
            pid = None if _said_as_trump(words, i) else self._initial(words[i])
            # "D went set": diamonds, or Dee? both tried; "trump D", "in D": diamonds
            return (word,) if pid is None else (Thing(Kind.PLAYER, (pid,), words[i]), word)
        if word is not None:
            return (word,)
        if name is not None:
            return (name,)
        base = _unpossessed(words[i])  # "Faye's": Fay's, as "Fay's" is
        start = self._start_of_name(base) or self._name_doubled(base) or self._name_heard(base)
        if start is not None:
            return (Thing(start.kind, start.value, words[i], start.length),)
        misspelt = _misspelt_suit(words[i]) or self._misspelt(words[i])
        return (misspelt or Thing(Kind.UNKNOWN, None, words[i]),)

    def _misspelt(self, word: str) -> Thing | None:
        """A word the table says, typed a little wrong (``slips``), as the word it is."""
        thing = self.slips.read(word)
        if thing is None or thing.kind is Kind.UNKNOWN:
            return None
        return Thing(thing.kind, thing.value, word)

    def _span(self, pauses: Sequence[int], i: int, most: int) -> int:
        """How many words from ``i`` a phrase may take: up to the next pause."""
        n = 1
        while n < most and i + n < len(pauses) and not pauses[i + n]:
            n += 1
        return n

    def _word_at(self, words: Sequence[str], pauses: Sequence[int], i: int) -> Thing | None:
        """The longest figure or phrase the table says at ``i`` (a figure when as long:
        "no" alone is 0, "no trump" is no trump)."""
        span = self._span(pauses, i, max(self.longest, 8))
        figure = None
        if self.whole is not None and tuple(words[i : i + 2]) == ("all", "but") and span > 2:
            number = read_number(words[i + 2 : i + span])
            if number is not None and number[0] <= self.whole:  # "took all but 12": the rest
                said = " ".join(words[i : i + 2 + number[1]])
                return Thing(Kind.NUMBER, self.whole - number[0], said, 2 + number[1])
        heard = _HEARD_AS.get(words[i])
        if heard is not None and span > 1 and words[i + 1] in heard[1]:
            number = read_number((heard[0], *words[i + 1 : i + span]))
            if number is not None:
                value, length = number
                figure = Thing(Kind.NUMBER, value, " ".join(words[i : i + length]), length)
        elif span > 1 and i > 0 and (bid := self._bid_heard(words, i, span)) is not None:
            return bid
        elif words[i] in NUMBER_WORDS or words[i].isdigit() or words[i] == "a":
            number = read_number(words[i : i + span])
            if number is not None and not (words[i] == "a" and number[1] == 1):
                value, length = number
                figure = Thing(Kind.NUMBER, value, " ".join(words[i : i + length]), length)
        for n in range(min(span, self.longest), 0, -1):
            thing = self.phrases.get(tuple(words[i : i + n]))
            if thing is not None and thing.kind is Kind.TEAM and n > 1:
                number = read_number(words[i + n - 1 : i + span])
                if number is not None and number[1] > 1:
                    continue  # "Ann's two sixty": Ann's 260, never her team of two
            if thing is not None and (figure is None or n > figure.length):
                return thing
        return figure

    def _bid_heard(self, words: Sequence[str], i: int, span: int) -> Thing | None:
        """ "Bob to ninety", "Ann went for 60", "bob for twenty" at a single deck: "to", "too"
        or "for" said after a player or "went" before a figure under 100 that is no bid of
        the game, where "two ..." or "four ..." is one (dictation's "two ninety", "four
        sixty"): that bid. A figure that is a bid as said ("took it for 60" at a double deck)
        stays as said, and so does "for" after anything else ("a marriage for 20")."""
        hundreds = _SOUNDS_LIKE_HUNDREDS.get(words[i])
        before = words[i - 1]
        named = (before,) in self.names or self._name_heard(before) is not None  # "Sy, for"
        after_a_bidder = named or before in ("went", "bid", "bids", "at")  # "Anne bid for thirty"
        if hundreds is None or not after_a_bidder or not self.asks_bid:
            return None
        if "held" in words[max(0, i - 5) : i]:  # "held Bob and Dee to 60": what they took
            return None
        number = read_number(words[i + 1 : i + span])
        if number is None or not 10 <= number[0] < 100:
            return None
        said, heard = number[0], hundreds + number[0]
        if self.table.is_bid(said) or not self.table.is_bid(heard):
            return None
        return Thing(Kind.NUMBER, heard, " ".join(words[i : i + 1 + number[1]]), 1 + number[1])

    def _name_at(self, words: Sequence[str], pauses: Sequence[int], i: int) -> Thing | None:
        span = self._span(pauses, i, self.name_longest)
        for n in range(span, 0, -1):
            said = tuple(words[i : i + n])
            for key in _possessive(said):
                ids = self.names.get(key) or self.names.get(tuple(map(folded, key)))
                if ids:
                    return Thing(Kind.PLAYER, ids, " ".join(said), n)
        return None

    def _start_of_name(self, word: str) -> Thing | None:
        """A start of names: a word of two letters or more (not one the table says) that
        begins a player's name or short name; the players it may be."""
        if not word.isalpha() or len(word) < 2:  # one letter: an initial (``_initials``)
            return None
        ids = self._starting(word)
        return Thing(Kind.PLAYER, ids, word) if ids else None

    def _starting(self, start: str) -> tuple[int, ...]:
        """The players whose name or short name starts with ``start`` (accents or not)."""
        return tuple(
            pid for pid, keys in self.starts.items()
            if any(k.startswith(start) or folded(k).startswith(folded(start)) for k in keys)
        )  # fmt: skip

    def _name_doubled(self, word: str) -> Thing | None:
        """A player's name (three letters or more) typed with one letter doubled, two swapped,
        or an "e" added or left off at its end, or as a pet name: "Hall" is Hal, "Bbo" Bob,
        "Faye" Fay, "Bobby" Bob, where it names one player."""
        ids = tuple(
            pid for pid, keys in self.starts.items()
            if any(len(k) >= 3 and (_undoubled(word, k) or _pet(word, k) or _swapped(word, k))
                   for k in keys)
        )  # fmt: skip
        return Thing(Kind.PLAYER, ids, word) if len(ids) == 1 else None

    def _name_heard(self, word: str) -> Thing | None:
        """A player's name as dictation spells it ("Sy" or "Sigh" for Cy, ``_sound``), where it
        sounds as one player's name only."""
        ids = tuple(pid for pid, keys in self.starts.items() if _heard_as(word, keys))
        return Thing(Kind.PLAYER, ids, word) if len(ids) == 1 else None


def _sound(word: str) -> str:
    """How a name sounds, roughly, for names dictation spells its own way ("Sy", "Si", "Sigh"
    for Cy; "Anne" for Ann; "Fey" for Fay): "gh" silent, a soft "c" an "s", a hard one a "k",
    "ph" an "f", "y" and "i" one sound, "ey" as "ay", letters said once, a final "e" silent."""
    said = word.replace("gh", "").replace("ph", "f")
    said = re.sub(r"c(?=[eiy])", "s", said).replace("ck", "k").replace("c", "k")
    said = re.sub(r"(.)\1+", r"\1", said.replace("i", "y")).replace("ey", "ay")
    return said[:-1] if len(said) > 2 and said.endswith("e") else said


def _pet(word: str, name: str) -> bool:
    """True when ``word`` is ``name`` as a pet name: "Annie" for Ann, "Bobby" for Bob."""
    return word in {name + end for end in ("y", "ie", f"{name[-1]}y", f"{name[-1]}ie")}


def _undoubled(word: str, name: str) -> bool:
    """True when ``word`` is ``name`` with one of its letters doubled, or an "e" added or left
    off at its end ("Faye" for Fay, "Anne" for Ann)."""
    if name + "e" == word or word + "e" == name:
        return True
    return len(word) == len(name) + 1 and any(
        word[j] == word[j - 1] and word[:j] + word[j + 1 :] == name for j in range(1, len(word))
    )


def _swapped(word: str, name: str) -> bool:
    """True when ``word`` is ``name`` typed with two letters side by side swapped ("Bbo")."""
    return len(word) == len(name) and _one_edit(word, name)


def _heard_as(word: str, names: Iterable[str]) -> bool:
    """True when ``word`` sounds as one of ``names`` (``_sound``), two letters or more."""
    return len(word) >= 2 and word.isalpha() and any(_sound(word) == _sound(n) for n in names)


def _misspelt_suit(word: str) -> Thing | None:
    """A suit's name typed or heard a little wrong ("dimonds", "hearst", "hrts", "spaids"):
    a letter left out or added or two swapped (five letters or more), or the same consonants in
    the same length or with no vowel at all ("hurts" is no suit); the suit when one fits."""
    if not word.isalpha() or len(word) < 4:
        return None
    fits = {suit for suit, nouns in _SUIT_NOUNS.items() if any(_near(word, n) for n in nouns)}
    return Thing(Kind.SUIT, fits.pop(), word) if len(fits) == 1 else None


def _near(word: str, noun: str) -> bool:
    """True when ``word`` is ``noun`` misspelt as ``_misspelt_suit`` allows."""
    if (len(word) >= 5 or len(word) == len(noun) - 1) and _one_edit(word, noun):
        return True  # "cubs": a letter left out of "clubs" (four letters: only that)
    skeleton = [c for c in word if c not in VOWELS]
    same = skeleton == [c for c in noun if c not in VOWELS]
    return same and (len(word) == len(noun) or len(skeleton) == len(word))


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by one letter added or dropped, or two neighbours
    swapped (not a letter changed: "spare" is no spade)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = next((j for j in range(len(a)) if a[j] != b[j]), len(a))
    if len(a) < len(b):
        return a[i:] == b[i + 1 :]
    swapped = i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
    return swapped and a[i + 2 :] == b[i + 2 :]


def _said_as_trump(words: Sequence[str], i: int) -> bool:
    """True when the word at ``i`` is said as trump: "trump D", "in D", "D turned"."""
    before = words[i - 1] if i >= 1 else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    return before in ("trump", "trumps", "in", "on") or after in ("trump", "trumps", "turned")


def _letter(word: str) -> bool:
    """True for a word of one letter: an initial, maybe."""
    return len(word) == 1 and word.isalpha()


def _unpossessed(word: str) -> str:
    """A word without its possessive "'s" ("faye's" is "faye")."""
    return word[:-2] if word.endswith("'s") and len(word) > 2 else word


def _possessive(said: tuple[str, ...]) -> Iterable[tuple[str, ...]]:
    """A name as said, and without a possessive "'s" ("bob's" is Bob, and "bobs" typed
    without its apostrophe)."""
    yield said
    last = said[-1]
    if last.endswith("'s") and len(last) > 2:
        yield (*said[:-1], last[:-2])
    elif last.endswith("s") and len(last) > 2:  # "bobs bid": typed without its apostrophe
        yield (*said[:-1], last[:-1])


def _names(table: SayingTable) -> Mapping[tuple[str, ...], tuple[int, ...]]:
    """Each name and short name as words, to the players it names: exactly as written, and
    with accents left off when that names nobody else by their name as written."""
    exact: dict[tuple[str, ...], list[int]] = {}
    for seat in table.seats:
        for name in (seat.name, *seat.short_names):
            words = words_of(name)[0]
            if words and seat.id not in exact.setdefault(words, []):
                exact[words].append(seat.id)
    loose: dict[tuple[str, ...], list[int]] = {}
    for words, ids in exact.items():
        key = tuple(map(folded, words))
        if key not in exact:
            loose.setdefault(key, []).extend(i for i in ids if i not in loose.get(key, []))
    return {**{k: tuple(v) for k, v in loose.items()}, **{k: tuple(v) for k, v in exact.items()}}
