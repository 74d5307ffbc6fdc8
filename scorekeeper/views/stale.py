"""The mark of a form's view that is shown again when its security token has expired."""

from __future__ import annotations

from collections.abc import Callable

from flask.typing import ResponseReturnValue


def reshown_when_stale(reshow: Callable[..., ResponseReturnValue]):
    """Mark a form's view: when its security token has expired (or the cookie holding it was
    lost), the one ``CSRFError`` handler (``errorhandlers.py``) calls
    ``reshow(message, **view_args)``, which shows the same form again with everything typed
    kept and ``message`` at its top, and saves nothing."""

    def mark(view):
        view.reshow_when_stale = reshow
        return view

    return mark
