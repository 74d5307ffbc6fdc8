"""Modules small enough to read in one sitting (issue 28: no module of the package over 600
lines), found on disk, so a module added later is held to it too."""

from __future__ import annotations

import pytest
from importgraph import PACKAGE, modules

MOST_LINES = 600


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_of_the_package_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(PACKAGE)}: {lines} lines; split it by feature"
