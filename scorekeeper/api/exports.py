"""A session exported as its JSON file (the same file the page downloads), and a session file
imported as a new session of the table."""

from __future__ import annotations

import json

from flask import Response, url_for

from ..access import current_table
from ..services.created import create_once
from ..services.exports import imports, json_export
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import json_response
from .protocol.headers import made_once
from .protocol.idempotency import key_reused, request_key
from .protocol.problems import BUSY, ApiProblem, FieldProblem, Problem
from .schemas.common import CreateHeaders, SessionPath, player_ref
from .schemas.exports import ImportedOut, SessionFile
from .sessions import load

bp = api_blueprint(
    "exports", "Exports", "A session's JSON file, and importing one as a new session."
)

MEGABYTES = imports.MAX_IMPORT_BYTES // 1_000_000


@bp.get(
    "/sessions/<id:session_id>/export",
    summary="Export a session as its JSON file",
    description="Exactly the file the session's page downloads (/s/<id>/session.json): its "
    "options, players, every event as entered and the derived figures for reference. POST it "
    "to /imports to recreate the session.",
    responses={200: SessionFile, 404: Problem},
)
def export_session(path: SessionPath):
    """The session's JSON file, as the page exports it."""
    text = json_export.session_json(load(path.session_id))
    return Response(text, mimetype="application/json")


@bp.post(
    "/imports",
    summary="Import a session file",
    description=f"The body is a session file as /export gives it (up to {MEGABYTES} MB). Every "
    "event is replayed through the rules before anything is saved; a file that cannot be "
    "imported is refused (422) with what is wrong and where. Players are matched by name, or "
    "added to the roster. With an Idempotency-Key, sending the same file again makes nothing "
    "new (200, the session the first import made; 'added' is then empty); another file under "
    "the same key is refused (422).",
    responses={**made_once(ImportedOut, "Location"), 422: Problem, **BUSY},
)
def import_session(body: SessionFile, header: CreateHeaders):
    """Recreate a session from its JSON file (once per Idempotency-Key)."""
    text = json.dumps(body.root, ensure_ascii=False, indent=1)  # as json_export writes it
    table = current_table()
    made: list[imports.Imported] = []

    def make() -> int:
        made.append(imports.import_session(table, text))
        return made[0].session_id

    try:
        key = request_key(header.idempotency_key, "imports", body)
        created = create_once(table, key, make)
        if not created.matches:
            raise key_reused("import")
        imported = made[0] if made else imports.imported_before(load(created.session_id), text)
    except imports.ImportRefused as refused:
        raise ApiProblem(
            422,
            ProblemCode.IMPORT_REFUSED,
            refused.rule,
            [FieldProblem(field="body", message=f"body: {refused.rule}")],
        ) from None
    out = ImportedOut(
        id=imported.session_id,
        hand_count=imported.hands,
        players=[player_ref(p) for p in imported.players],
        added=[player_ref(p) for p in imported.added],
        note=imported.note,
    )
    location = url_for("api_sessions.read_session", session_id=imported.session_id)
    return json_response(out, 201 if made else 200, Location=location)
