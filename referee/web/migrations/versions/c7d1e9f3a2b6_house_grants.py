"""house grants: the phones that entered the house PIN, each revocable on its own

Revision ID: c7d1e9f3a2b6
Revises: 0569dd7ac6ac
Create Date: 2026-11-25 13:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c7d1e9f3a2b6'
down_revision = '0569dd7ac6ac'
branch_labels = None
depends_on = None


def upgrade():
    # Phones that held the PIN before kept a fingerprint in a readable cookie: they enter
    # the PIN again, so there is nothing to carry over.
    op.create_table('house_grant',
    sa.Column('digest', sa.String(length=64), nullable=False),
    sa.Column('pin', sa.String(length=64), nullable=False),
    sa.Column('granted_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('digest')
    )


def downgrade():
    op.drop_table('house_grant')
