"""outcomes in kebab-case: ``opponents-conceded`` and ``all-pass``

Every enum value the app writes is kebab-case (``brooklyn-pot``, ``throw-in``); two outcomes
were spelled with an underscore, ``opponents_conceded`` and ``all_pass``. A hand's outcome is
stored as the engine spells it, in ``hands.outcome`` and in the entries the audit trail keeps
(``audit_entries.before`` and ``after``, ``HandEntry.as_dict``): the upgrade rewrites both to
the new spelling, the downgrade back to the old one, so the code of either revision finds
its own spelling. (Reading a hand accepts either spelling, ``Outcome.parse``; a session file
exported before imports too.)

Revision ID: 9763156c9c2d
Revises: b6d4f2a9c815
Create Date: 2026-11-25 00:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9763156c9c2d'
down_revision = 'b6d4f2a9c815'
branch_labels = None
depends_on = None

UNDERSCORED = {'opponents_conceded': 'opponents-conceded', 'all_pass': 'all-pass'}
"""The old spelling of each outcome that changes, and the new."""


def respell(spellings):
    """Every stored outcome spelled as ``spellings`` says: the hands' and the audit's."""
    connection = op.get_bind()
    hands = sa.table('hands', sa.column('outcome', sa.String))
    for old, new in spellings.items():
        connection.execute(hands.update().where(hands.c.outcome == old).values(outcome=new))

    audit = sa.table(
        'audit_entries',
        sa.column('id', sa.Integer),
        sa.column('before', sa.JSON),
        sa.column('after', sa.JSON),
    )
    rows = connection.execute(sa.select(audit.c.id, audit.c.before, audit.c.after)).all()
    for row_id, before, after in rows:
        changed = {}
        for name, entry in (('before', before), ('after', after)):
            if isinstance(entry, dict) and entry.get('outcome') in spellings:
                changed[name] = {**entry, 'outcome': spellings[entry['outcome']]}
        if changed:
            connection.execute(audit.update().where(audit.c.id == row_id).values(**changed))


def upgrade():
    respell(UNDERSCORED)


def downgrade():
    respell({new: old for old, new in UNDERSCORED.items()})
