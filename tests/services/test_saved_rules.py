"""A table's own rules: saved by name from a preset or a session, renamed, replaced, deleted,
and sessions started from them keeping their name."""

from __future__ import annotations

import pytest
from naming import ids_by_name
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, SavedRules, Table
from scorekeeper.rules.errors import Part, RuleError
from scorekeeper.services import saved_rules, sessions
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import save_hand
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.standings import standings
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

FRIDAY = {"system": "brooklyn", "stake": 25, "spades_double": False}


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def where_each(error: RuleError) -> list[tuple[Part, str | None]]:
    return [(one.where.part, one.where.option) for one in error.each]


def test_rules_saved_from_a_preset_keep_only_the_inputs_and_read_back_as_options(table):
    rules = saved_rules.save_rules(table, "  Friday   rules ", FRIDAY)

    row = db.session.get(SavedRules, rules.id)
    assert (row.name, row.name_key, row.system) == ("Friday rules", "friday rules", "brooklyn")
    assert "system" not in row.options
    assert row.options["stake"] == 25 and row.options["spades_double"] is False
    assert rules.options.stake == 25 and rules.options.spades_double is False
    assert rules.options.min_bid == 300  # the Brooklyn preset's, untouched
    assert rules.words == ("Spades double: Off", "Stake per chip: $0.25")
    assert rules.created_at == rules.updated_at


def test_a_name_the_table_has_already_is_refused_whatever_its_case_and_spaces(table):
    saved_rules.save_rules(table, "Friday rules", FRIDAY)

    with pytest.raises(saved_rules.RulesNameError) as refused:
        saved_rules.save_rules(table, "FRIDAY  Rules", {"system": "hoyle"})

    assert refused.value.where.part is Part.NAME
    assert "has rules named Friday rules already" in refused.value.rule
    assert [r.name for r in saved_rules.list_rules(table)] == ["Friday rules"]


def test_another_table_may_use_the_same_name(table):
    saved_rules.save_rules(table, "Friday rules", FRIDAY)
    other = Table(name="Upstairs")
    db.session.add(other)
    db.session.flush()

    saved_rules.save_rules(other, "Friday rules", {"system": "hoyle"})

    assert [r.system for r in saved_rules.list_rules(other)] == ["hoyle"]
    assert [r.system for r in saved_rules.list_rules(table)] == ["brooklyn"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        pytest.param("   ", "Give the rules a name", id="empty"),
        pytest.param("x" * 41, "at most 40 characters, not 41", id="41-characters"),
        pytest.param("Friday\x07rules", "control characters", id="a-bell"),
    ],
)
def test_an_unusable_name_is_refused_at_the_name(table, name, words):
    with pytest.raises(saved_rules.RulesNameError) as refused:
        saved_rules.save_rules(table, name, FRIDAY)

    assert words in refused.value.rule
    assert saved_rules.list_rules(table) == []


def test_a_name_of_exactly_40_characters_is_kept(table):
    assert saved_rules.save_rules(table, "y" * 40, FRIDAY).name == "y" * 40


def test_a_bad_name_and_options_the_engine_refuses_are_refused_together(table):
    with pytest.raises(RuleError) as refused:
        saved_rules.save_rules(
            table, "", {"system": "bison", "scale": 10, "card_values": "classic"}
        )

    assert where_each(refused.value) == [(Part.NAME, None), (Part.OPTION, "scale")]
    assert "needs the counters card values" in refused.value.each[1].rule


def test_an_option_of_another_game_is_refused_naming_it(table):
    with pytest.raises(RuleError) as refused:
        saved_rules.save_rules(table, "Points night", {"system": "bison", "stake": 25})

    assert where_each(refused.value) == [(Part.OPTION, "stake")]
    assert refused.value.rule.startswith("Stake per chip does not apply to Bison")


def test_saving_again_under_a_taken_name_with_replace_replaces_those_rules(table):
    first = saved_rules.save_rules(table, "Friday rules", FRIDAY)

    again = saved_rules.save_rules(
        table, "friday RULES", {"system": "hoyle", "stake": 50}, replace=True
    )

    assert again.id == first.id
    assert (again.name, again.system, again.options.stake) == ("friday RULES", "hoyle", 50)
    assert len(saved_rules.list_rules(table)) == 1


def test_a_session_s_rules_are_saved_as_they_stand_now(table):
    row = sessions.create_session(table, {"system": "hoyle", "stake": 10}, ["Ann", "Bob", "Cal"], 0)
    loaded = sessions.load_session(row.id, table)
    sessions.update_options(loaded, {"system": "hoyle", "stake": 20, "set_factor": 3})

    rules = saved_rules.save_session_rules(
        table, sessions.load_session(row.id, table), "Cheap Hoyle"
    )

    assert (rules.system, rules.options.stake, rules.options.set_factor) == ("hoyle", 20, 3)


def test_renaming_keeps_the_options_and_refuses_another_rules_name(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)
    saved_rules.save_rules(table, "Sunday", {"system": "bison"})

    renamed = saved_rules.update_rules(table, friday.id, name="Friday night")
    with pytest.raises(saved_rules.RulesNameError):
        saved_rules.update_rules(table, friday.id, name="sunday")

    assert (renamed.name, renamed.options.stake) == ("Friday night", 25)
    assert saved_rules.update_rules(table, friday.id, name="FRIDAY NIGHT").name == "FRIDAY NIGHT"


def test_replacing_the_options_keeps_the_name(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)

    replaced = saved_rules.update_rules(
        table, friday.id, option_data={"system": "brooklyn", "stake": 50}
    )

    assert (replaced.name, replaced.options.stake, replaced.options.spades_double) == (
        "Friday rules", 50, True
    )  # fmt: skip


def test_rules_of_another_table_or_deleted_are_not_found(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)
    other = Table(name="Upstairs")
    db.session.add(other)
    db.session.flush()

    with pytest.raises(NotFound):
        saved_rules.get_rules(other, friday.id)
    assert saved_rules.delete_rules(table, friday.id).name == "Friday rules"
    with pytest.raises(NotFound):
        saved_rules.get_rules(table, friday.id)
    with pytest.raises(NotFound):
        saved_rules.find_rules(table, "Friday rules")


def test_a_session_started_from_saved_rules_plays_under_them_and_keeps_their_name(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)

    row = saved_rules.start_session(table, friday.id, ["Ann", "Bob", "Cal"], 0)
    loaded = sessions.load_session(row.id, table)
    ids = ids_by_name(loaded)
    save_hand(loaded, HandEntry(declarer=ids["Bob"], bid=350, trump="S", outcome="made"))

    # 350 collects 2 units from each of the two others; spades are not doubled under these
    # rules: Bob +4 units (4 x 25c = $1.00), Ann and Cal -2 each (-50c).
    shown = standings(sessions.load_session(row.id, table))
    assert [(r.holder.name, r.figure, r.cents) for r in shown] == [
        ("Ann", -2, -50), ("Bob", 4, 100), ("Cal", -2, -50)
    ]  # fmt: skip
    assert row.rules_name == "Friday rules"
    audit = db.session.scalar(select(AuditEntry).where(AuditEntry.session_id == row.id))
    assert audit.summary == (
        "Session started under Friday rules: Brooklyn (chips), Ann, Bob, Cal; Ann deals first."
    )


def test_renaming_or_deleting_the_rules_later_leaves_the_session_s_name(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)
    row = saved_rules.start_session(table, friday.id, ["Ann", "Bob", "Cal"], 0)

    saved_rules.update_rules(table, friday.id, name="Old Friday")
    saved_rules.delete_rules(table, friday.id)

    loaded = sessions.load_session(row.id, table)
    assert saved_rules.session_rules(loaded) == saved_rules.SessionRules(
        "Friday rules", ("Spades double: Off", "Stake per chip: $0.25")
    )


def test_rules_changed_at_the_start_are_played_but_not_named(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)

    changed = saved_rules.start_session(
        table, friday.id, ["Ann", "Bob", "Cal"], 0, {**FRIDAY, "stake": 50}
    )
    same = saved_rules.start_session(table, friday.id, ["Ann", "Bob", "Cal"], 0, dict(FRIDAY))

    assert (changed.rules_name, changed.options["stake"]) == (None, 50)
    assert (same.rules_name, same.options["stake"]) == ("Friday rules", 25)


def test_saved_rules_of_one_game_cannot_start_another(table):
    friday = saved_rules.save_rules(table, "Friday rules", FRIDAY)

    with pytest.raises(RuleError) as refused:
        saved_rules.start_session(table, friday.id, ["Ann", "Bob", "Cal"], 0, {"system": "hoyle"})

    assert refused.value.where.part is Part.SYSTEM
    assert "are for Brooklyn (chips)" in refused.value.rule


def test_a_session_started_from_a_preset_has_no_saved_rules(table):
    row = sessions.create_session(table, {"system": "brooklyn"}, ["Ann", "Bob", "Cal"], 0)

    assert saved_rules.session_rules(sessions.load_session(row.id, table)) is None


def test_deleting_the_table_deletes_its_saved_rules(app):
    with app.app_context(), unit_of_work():
        table = default_table()
        saved_rules.save_rules(table, "Friday rules", FRIDAY)
    with app.app_context(), unit_of_work():
        db.session.delete(db.session.get(Table, default_table().id))
    with app.app_context():
        assert db.session.scalars(select(SavedRules)).all() == []


def test_a_name_taken_at_the_same_moment_is_refused_and_the_rest_is_kept(table, monkeypatch):
    saved_rules.save_rules(table, "Friday rules", FRIDAY)
    sunday = saved_rules.save_rules(table, "Sunday", {"system": "bison"})
    # Another request saved "Friday rules" after this one looked: only the database knows.
    monkeypatch.setattr(saved_rules, "_row_named", lambda table, name: None)

    with pytest.raises(saved_rules.RulesNameError) as refused:
        saved_rules.save_rules(table, "friday rules", {"system": "hoyle"})

    assert "has rules named friday rules already" in refused.value.rule
    assert [(r.name, r.system) for r in saved_rules.list_rules(table)] == [
        ("Friday rules", "brooklyn"), ("Sunday", "bison")
    ]  # fmt: skip
    assert saved_rules.get_rules(table, sunday.id).name == "Sunday"  # the session goes on
