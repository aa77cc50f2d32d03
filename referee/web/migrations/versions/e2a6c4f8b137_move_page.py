"""move page: the page a move was posted from, so that a phone's own second post of the
same move (a double tap) is told apart from another phone's

Revision ID: e2a6c4f8b137
Revises: c5e8f2a7d913
Create Date: 2026-11-28 22:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e2a6c4f8b137'
down_revision = 'c5e8f2a7d913'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN, not a batch copy (a batch would drop and recreate the table on
    # SQLite).  A move stored before, imported or made by the referee keeps NULL.
    op.add_column('move', sa.Column('page', sa.String(length=32), nullable=True))


def downgrade():
    op.drop_column('move', 'page')
