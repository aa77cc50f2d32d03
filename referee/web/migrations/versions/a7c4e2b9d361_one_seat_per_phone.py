"""one seat per phone: a unique index on seat claims' (table, phone)

Revision ID: a7c4e2b9d361
Revises: f3c8d1a6b912
Create Date: 2026-11-25 13:20:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a7c4e2b9d361'
down_revision = 'f3c8d1a6b912'
branch_labels = None
depends_on = None


def upgrade():
    # A phone that got two seats of one table in a race keeps its latest; then a plain
    # CREATE UNIQUE INDEX, not a batch copy (see d8e3a1f5c720), on SQLite and PostgreSQL.
    op.execute(
        'DELETE FROM seat_claim WHERE id NOT IN '
        '(SELECT MAX(id) FROM seat_claim GROUP BY table_id, phone)'
    )
    op.create_index('uq_seat_claim_table_phone', 'seat_claim', ['table_id', 'phone'],
                    unique=True)


def downgrade():
    op.drop_index('uq_seat_claim_table_phone', table_name='seat_claim')
