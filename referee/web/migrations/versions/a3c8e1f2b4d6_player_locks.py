"""player locks: one row per player key, locked by merges and splits

Revision ID: a3c8e1f2b4d6
Revises: a7c4e2b9d361
Create Date: 2026-11-25 13:05:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a3c8e1f2b4d6'
down_revision = 'a7c4e2b9d361'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('player',
    sa.Column('key', sa.String(length=100), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )


def downgrade():
    op.drop_table('player')
