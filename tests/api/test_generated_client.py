"""A Python client generated from the served document (openapi-python-client) plays a whole
evening (``clientevening/evening.py``: a session, hands, one corrected with If-Match, one
deleted, the settlement, a payment) against the app in-process, and the evening and the
generated package pass ``mypy --strict`` together: the document is one a typed client can be
written against with no cast and no token.

The client talks HTTP through httpx; ``httpx.WSGITransport`` hands its requests to the app.
Generating takes about a second and the two tests about 10 seconds of CPU in all, mypy most
of it (a fresh cache each run).
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from flask import Flask
from openapi_python_client import generate
from openapi_python_client.config import Config, ConfigFile, MetaType

EVENING = Path(__file__).parent / "clientevening" / "evening.py"
PACKAGE = "scorekeeper_client"
LIVE = "/api/v1/sessions/{session_id}/events"


@pytest.fixture
def generated(app: Flask, tmp_path: Path) -> Iterator[Path]:
    """A folder holding the client generated from the app's document and the evening beside
    it, importable while the test runs."""
    document = tmp_path / "openapi.json"
    served = app.test_client().get("/api/v1/openapi.json").get_json()
    # The live stream is left out: a generated client reads an answer whole, and a stream of
    # server-sent events never ends (an EventSource or an SSE library follows it instead).
    del served["paths"][LIVE]
    document.write_text(json.dumps(served))
    folder = tmp_path / "client"
    config = Config.from_sources(
        ConfigFile(post_hooks=[]),  # no formatting: the code is only run and type-checked
        MetaType.NONE,
        document,
        "utf-8",
        overwrite=True,
        output_path=folder / PACKAGE,
    )
    assert list(generate(config=config)) == []
    shutil.copyfile(EVENING, folder / "evening.py")
    sys.path.insert(0, str(folder))
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == "evening" or m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_a_generated_python_client_plays_a_whole_evening(app: Flask, generated: Path):
    evening = importlib.import_module("evening")
    client = importlib.import_module(PACKAGE).Client(
        base_url="http://table.local", httpx_args={"transport": httpx.WSGITransport(app=app)}
    )

    evening.play(client)


def test_the_evening_and_the_generated_client_pass_mypy_strict(generated: Path):
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "evening.py", PACKAGE],
        cwd=generated,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
