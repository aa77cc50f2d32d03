"""wordless judgements: a stored decision keeps its words as their message and values

Revision ID: 5d2b8e71c4a9
Revises: e2a6c4f8b137
Create Date: 2026-11-29 04:00:00.000000

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '5d2b8e71c4a9'
down_revision = 'e2a6c4f8b137'
branch_labels = None
depends_on = None


def upgrade():
    # The stored judgements held each decision against the advice in English words; they are
    # kept now as their message and values (referee.core.sentences.as_data), so that each
    # phone's story reads them in its own language.  They are worked out again from the
    # moves, never lost: a table's story judges its moves again when next opened.
    op.execute('DELETE FROM table_judgement')


def downgrade():
    # The older code reads a decision's words as text: the wordless rows are judged again.
    op.execute('DELETE FROM table_judgement')
