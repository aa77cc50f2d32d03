"""seat advice record: each player's decisions at a finished table judged against the advice

Revision ID: e5b7c3a9d214
Revises: d8e3a1f5c720
Create Date: 2026-11-22 09:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'e5b7c3a9d214'
down_revision = 'd8e3a1f5c720'
branch_labels = None
depends_on = None

COLUMNS = ('advice_version', 'advice_decisions', 'advice_followed', 'advice_given_up')


def upgrade():
    # Plain ADD COLUMNs, not a batch copy (see d8e3a1f5c720).  Nothing is judged yet: a
    # finished table is judged when its story is next opened.
    op.add_column('seat', sa.Column('advice_version', sa.Integer(), nullable=True))
    op.add_column('seat', sa.Column('advice_decisions', sa.Integer(), server_default='0',
                                    nullable=False))
    op.add_column('seat', sa.Column('advice_followed', sa.Integer(), server_default='0',
                                    nullable=False))
    op.add_column('seat', sa.Column('advice_given_up', sa.Float(), server_default='0',
                                    nullable=False))


def downgrade():
    for column in reversed(COLUMNS):
        op.drop_column('seat', column)
