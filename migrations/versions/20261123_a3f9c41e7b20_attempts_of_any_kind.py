"""attempts: the tries limited per client address, of any kind (wrong PINs, tables started)

``pin_attempts`` becomes ``attempts`` with a ``kind``: ``pin`` for a wrong PIN (every row
that was there), ``table`` for a hosted table started, which is now limited per address the
same way. The rows are copied over (the ids are given anew: nothing refers to them) and the
old table dropped, so the new one's constraints and indexes carry the names the models give
them on SQLite and PostgreSQL alike.

The downgrade copies the wrong PINs back to ``pin_attempts`` and drops ``attempts``: the
tables started since are no longer counted (the older code does not limit them), and nothing
entered at a table is touched.

Revision ID: a3f9c41e7b20
Revises: 5b1e0c7d2a94
Create Date: 2026-11-23 11:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a3f9c41e7b20'
down_revision = '5b1e0c7d2a94'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=True),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_attempts_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_attempts'))
    )
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempts_at'), ['at'], unique=False)
        batch_op.create_index('ix_attempts_kind_table_id_address_at', ['kind', 'table_id', 'address', 'at'], unique=False)

    op.execute(
        "INSERT INTO attempts (kind, table_id, address, at) "
        "SELECT 'pin', table_id, address, at FROM pin_attempts ORDER BY id"
    )

    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.drop_index('ix_pin_attempts_table_id_address_at')
        batch_op.drop_index(batch_op.f('ix_pin_attempts_at'))
    op.drop_table('pin_attempts')


def downgrade():
    op.create_table('pin_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=True),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_pin_attempts_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_pin_attempts'))
    )
    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pin_attempts_at'), ['at'], unique=False)
        batch_op.create_index('ix_pin_attempts_table_id_address_at', ['table_id', 'address', 'at'], unique=False)

    op.execute(
        "INSERT INTO pin_attempts (table_id, address, at) "
        "SELECT table_id, address, at FROM attempts WHERE kind = 'pin' ORDER BY id"
    )

    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_index('ix_attempts_kind_table_id_address_at')
        batch_op.drop_index(batch_op.f('ix_attempts_at'))
    op.drop_table('attempts')
