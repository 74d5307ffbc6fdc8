"""saved_rules: a table's house rules saved under a name; sessions.rules_name

A table builds its house rules once, names them ("Friday rules") and starts later sessions
with them: ``saved_rules`` keeps the name (and ``name_key``, the name as compared: spaces
tidied, case folded, one per table), the game system and its options as entered. A session
started from them keeps their name in ``sessions.rules_name`` (empty for every session there
was), so renaming or deleting the saved rules later leaves the session as it was.

The downgrade drops both: the saved rules are lost (the older code has no place for them), and
the sessions keep every option they were played under.

Revision ID: e41b7c9d2f08
Revises: a3f9c41e7b20
Create Date: 2026-11-24 19:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e41b7c9d2f08'
down_revision = 'a3f9c41e7b20'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('saved_rules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=160), nullable=False),
    sa.Column('system', sa.String(length=20), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_saved_rules_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_saved_rules')),
    sa.UniqueConstraint('table_id', 'name_key', name=op.f('uq_saved_rules_table_id_name_key'))
    )
    with op.batch_alter_table('saved_rules', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_saved_rules_table_id'), ['table_id'], unique=False)

    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rules_name', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_column('rules_name')

    with op.batch_alter_table('saved_rules', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_saved_rules_table_id'))
    op.drop_table('saved_rules')
