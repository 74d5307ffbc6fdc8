"""Who is speaking, where a line is a table talking (issue 29): "Cy: I bid 440 spades. Ann: no,
four fifty". A player's name and a colon at the start of the line or of a sentence says who
speaks until the next one, where two players speak so or one says "I", "me" or "my"; those
words are the speaker ("Cy bid 440 spades. No, four fifty"), and the speaker's name itself
fills nothing. One name and a colon alone ("Cy: 330 hearts") is what the line is about.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .lexer import STOP, words_of

_LABEL = re.compile(r"(?:^|(?<=[.!?;]))\s*([^\W\d_][^\W\d_' ]*(?: [^\W\d_]+)?)\s*:(?!\d)")
"""A name and a colon at the start of the line or of a sentence (never "3:50", a figure)."""

_I = frozenset({"i", "me", "myself", "i'm", "i've", "i'd"})
"""The speaker said as "I" (and "I'm", "I've", "I'd": the rest of the clause is theirs)."""

_MY = frozenset({"my", "mine", "our"})
"""The speaker's: "my dix" is the speaker's dix, "our side" the speaker's side."""


def spoken_by(
    text: str, names: Mapping[tuple[str, ...], tuple[int, ...]]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The line's words and pauses (``lexer.words_of``), each speaker's name and colon left
    out and their "I", "me", "my" said as their name; a line with no speaker as it is."""
    labels = [m for m in _LABEL.finditer(text) if _one_player(m.group(1), names)]
    speakers = {words_of(m.group(1))[0] for m in labels}
    first_person = bool(labels) and bool(set(words_of(text[labels[0].end() :])[0]) & (_I | _MY))
    if len(speakers) < 2 and not first_person:
        return words_of(text)  # "Cy: 330 hearts": Cy is what the line is about
    words: list[str] = []
    pauses: list[int] = []
    spans = [(None, 0, labels[0].start())] + [
        (m.group(1), m.end(), labels[i + 1].start() if i + 1 < len(labels) else len(text))
        for i, m in enumerate(labels)
    ]
    for speaker, start, end in spans:
        said, paused = words_of(text[start:end])
        name = words_of(speaker)[0] if speaker else ()
        for k, word in enumerate(said):
            pause = STOP if k == 0 and words else paused[k]
            following = said[k + 1] if k + 1 < len(said) else ""
            if name and word in _I and following != "mean":  # "I mean": a correction
                said_as: tuple[str, ...] = name
            elif name and word in _MY:
                said_as = (*name[:-1], f"{name[-1]}'s")
            else:
                said_as = (word,)
            words.extend(said_as)
            pauses.extend([pause] + [0] * (len(said_as) - 1))
    return tuple(words), tuple(pauses)


def _one_player(label: str, names: Mapping[tuple[str, ...], tuple[int, ...]]) -> bool:
    """True when ``label`` is one player's name or short name as the table wrote it."""
    return len(names.get(words_of(label)[0], ())) == 1
