"""player locks: one row per player key, locked by merges and splits

Revision ID: a3c8e1f2b4d6
Revises: c7d1e9f3a2b6
Create Date: 2026-11-25 13:05:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a3c8e1f2b4d6'
down_revision = 'c7d1e9f3a2b6'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('player',
    sa.Column('key', sa.String(length=100), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )


def downgrade():
    op.drop_table('player')
