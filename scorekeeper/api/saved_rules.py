"""The table's saved rules: house rules kept under a name ("Friday rules") to start later
sessions with (POST /sessions with ``saved_rules_id`` or ``saved_rules``)."""

from __future__ import annotations

from typing import Any

from flask import url_for

from ..access import current_table
from ..services import saved_rules as rules_service
from .protocol.blueprint import api_blueprint
from .protocol.conditional import json_response, tagged
from .protocol.headers import tagged_read, with_headers
from .protocol.paging import IN_PAGES, PageQuery, listed, page_asked, paged_read
from .protocol.problems import BUSY, Problem, broken_in
from .schemas.common import ReadHeaders
from .schemas.saved_rules import (
    SavedRulesChange,
    SavedRulesCreate,
    SavedRulesList,
    SavedRulesOut,
    SavedRulesPath,
    rules_out,
)
from .sessions import no_system_among_options

bp = api_blueprint(
    "saved_rules",
    "Saved rules",
    "House rules a table saved under a name, to start later sessions with in one step.",
)


@bp.get(
    "/saved-rules",
    summary="List the table's saved rules",
    description="The table's saved rules by name, each with every option, the options that "
    f"differ from the preset and those in words, {IN_PAGES}. Answered 304 to If-None-Match "
    "with the current ETag.",
    responses=paged_read(SavedRulesList),
)
def list_saved_rules(query: PageQuery, header: ReadHeaders):
    """The table's saved rules, by name, a page at a time."""
    found = rules_service.rules_page(current_table(), page_asked(query, str, int))
    saved = [rules_out(rules) for rules in found.items]
    return listed(SavedRulesList, found, query, saved_rules=saved)


@bp.post(
    "/saved-rules",
    summary="Save house rules under a name",
    description="A preset ('system') and the options that differ from it, kept under a name "
    "to start later sessions with. The name and every option are checked before anything is "
    "saved, each refusal at its path (422): a name empty, longer than 40 characters or the "
    "table's already (unless 'replace': then those rules are replaced, answered 200), an "
    "option the game does not have or the rules do not allow.",
    responses={
        201: with_headers(SavedRulesOut, "Location", links="saved-rules"),
        200: with_headers(SavedRulesOut, "Location", links="saved-rules"),
        422: Problem,
        **BUSY,
    },
)
def create_saved_rules(body: SavedRulesCreate):
    """Save house rules under a name (or replace the table's rules of that name)."""
    no_system_among_options(body)
    table = current_table()
    data = {**body.options, "system": body.system.value}
    replaced = body.replace and rules_service.has_rules_named(table, body.name)
    with broken_in(body):
        rules = rules_service.save_rules(table, body.name, data, replace=body.replace)
    location = url_for("api_saved_rules.read_saved_rules", rules_id=rules.id)
    return json_response(rules_out(rules), 200 if replaced else 201, Location=location)


@bp.get(
    "/saved-rules/<id:rules_id>",
    summary="Read saved rules",
    responses={**tagged_read(SavedRulesOut), 404: Problem},
)
def read_saved_rules(path: SavedRulesPath, header: ReadHeaders):
    """Saved rules: their name, game, every option and the options changed in words."""
    return tagged(rules_out(rules_service.get_rules(current_table(), path.rules_id)))


@bp.patch(
    "/saved-rules/<id:rules_id>",
    summary="Rename saved rules or change their options",
    description="A new 'name', and/or 'options' to change (the rest are kept; with another "
    "'system', the rest are that preset's). Sessions started from the rules before keep the "
    "rules and the name they were started under.",
    responses={200: SavedRulesOut, 404: Problem, 422: Problem, **BUSY},
)
def change_saved_rules(path: SavedRulesPath, body: SavedRulesChange):
    """Rename saved rules and/or change their options."""
    table = current_table()
    rules = rules_service.get_rules(table, path.rules_id)
    data: dict[str, Any] | None = None
    if body.system is not None or body.options is not None:
        no_system_among_options(body)
        system = body.system.value if body.system is not None else rules.system
        same_game = system == rules.system and rules.options is not None
        kept = rules.option_data() if same_game else {}
        data = {**kept, **(body.options or {}), "system": system}
    with broken_in(body):
        changed = rules_service.update_rules(table, rules.id, body.name, data)
    return json_response(rules_out(changed))


@bp.delete(
    "/saved-rules/<id:rules_id>",
    summary="Delete saved rules",
    description="The sessions started from them keep their rules and the name. The answer is "
    "the rules as they were.",
    responses={200: SavedRulesOut, 404: Problem, **BUSY},
)
def delete_saved_rules(path: SavedRulesPath):
    """Delete saved rules; answers what they were."""
    return json_response(rules_out(rules_service.delete_rules(current_table(), path.rules_id)))
