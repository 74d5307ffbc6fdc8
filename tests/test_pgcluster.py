"""The throwaway PostgreSQL cluster of the tests starts on another port when the first was
taken in between (two test workers starting clusters at the same moment)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pgcluster
import pytest


def _starts(fail: int):
    """A stand-in for running pg_ctl that fails ``fail`` times, recording each command."""
    calls: list[tuple] = []

    def run(*command) -> None:
        calls.append(command)
        if len(calls) <= fail:
            raise subprocess.CalledProcessError(1, command, stderr=b"could not bind")

    return run, calls


def _port_of(command: tuple) -> int:
    options = command[command.index("-o") + 1]
    return int(options.split("port=")[1].split()[0])


def test_a_port_taken_in_between_is_tried_again_on_another():
    run, calls = _starts(fail=1)
    port = pgcluster._started(run, Path("pg_ctl"), Path("data"), Path("base"), 100, False)
    assert len(calls) == 2
    assert port == _port_of(calls[1])


def test_after_three_ports_taken_the_start_fails():
    run, calls = _starts(fail=3)
    with pytest.raises(subprocess.CalledProcessError):
        pgcluster._started(run, Path("pg_ctl"), Path("data"), Path("base"), 100, False)
    assert len(calls) == pgcluster.START_TRIES == 3
