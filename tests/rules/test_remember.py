"""An answer remembered for the object asked about last (the replay's hot questions)."""

from __future__ import annotations

from scorekeeper.rules.remember import remember_last


def test_the_same_object_is_answered_once_and_an_equal_copy_afresh() -> None:
    calls: list[tuple[list[int], int]] = []

    @remember_last
    def total(values: list[int], extra: int) -> int:
        calls.append((values, extra))
        return sum(values) + extra

    first, copy = [1, 2], [1, 2]
    assert total(first, 0) == 3
    assert total(first, 0) == 3  # the same list: remembered
    assert len(calls) == 1
    assert total(first, 10) == 13  # another further argument: worked out again
    assert total(copy, 10) == 13  # an equal list but another object: worked out again
    assert len(calls) == 3
