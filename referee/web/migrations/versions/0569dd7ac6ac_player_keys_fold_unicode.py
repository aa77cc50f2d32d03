"""player keys fold Unicode: case, compatibility forms and invisible characters set aside

Revision ID: 0569dd7ac6ac
Revises: e5b7c3a9d214
Create Date: 2026-11-25 13:30:00.000000

Keys were the name case-folded; now they are ``referee.core.names.fold`` of it: "Ａnn", "ann"
and "Ann" with a zero-width space in it are one player, "ﬁsh" and "fish" too.  Every stored
key is folded again: the aliases first (their keys and what they count as), then each
seat's key from its name and the aliases, then the merges, so that every merge still shown
can be split back.  Two aliases that now fold to one key keep one (the plainly spelled
one), an alias that now points at itself or round a loop is dropped, and a merge that no
longer stands (its two names became one, or its alias was the one dropped) is marked undone.
"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '0569dd7ac6ac'
down_revision = 'e5b7c3a9d214'
branch_labels = None
depends_on = None

SEAT = sa.table('seat', sa.column('name'), sa.column('player_key'))
ALIAS = sa.table('player_alias', sa.column('key'), sa.column('canonical'))
MERGE = sa.table(
    'player_merge', sa.column('id'), sa.column('source'), sa.column('target'),
    sa.column('repointed', sa.JSON), sa.column('undone_at'),
)


def upgrade():
    from referee.core.names import fold

    bind = op.get_bind()
    aliases = refolded_aliases(bind.execute(sa.select(ALIAS.c.key, ALIAS.c.canonical)).all(),
                               fold)
    # All rows out, then the new ones in: two old keys folding alike never collide.
    bind.execute(ALIAS.delete())
    if aliases:
        bind.execute(ALIAS.insert(), [{'key': k, 'canonical': c} for k, c in aliases.items()])
    seats = bind.execute(sa.select(SEAT.c.name, SEAT.c.player_key).distinct()).all()
    for name, old in seats:
        new = aliases.get(fold(name), fold(name))
        if new != old:
            bind.execute(
                SEAT.update().where(SEAT.c.name == name, SEAT.c.player_key == old)
                .values(player_key=new)
            )
    for merge_id, values in refolded_merges(bind, aliases, fold).items():
        bind.execute(MERGE.update().where(MERGE.c.id == merge_id).values(**values))


def refolded_aliases(rows, fold):
    """The aliases with keys folded anew, each pointing straight at the key it ends on."""
    folded = {}
    # The plain spelling first: of "fish" and "ﬁsh", both merged, "fish"'s merge stands.
    for key, canonical in sorted(rows, key=lambda row: (fold(row[0]) != row[0], row[0])):
        new_key, new_canonical = fold(key), fold(canonical)
        if new_key != new_canonical and new_key not in folded:
            folded[new_key] = new_canonical
    flat = {}
    for key in sorted(folded):
        chain = [key]
        end = folded[key]
        while end in folded and end not in chain:
            chain.append(end)
            end = folded[end]
        if end not in chain:  # a chain that comes back round is no merge anyone could see
            flat[key] = end
    return flat


def refolded_merges(bind, aliases, fold):
    """New values for every merge, newest first: keys folded anew, and undone when the
    merge no longer stands.  A merge stands when its alias still points at its target, or
    when its target was merged on since by a merge that stands (its split waits for that
    one's, as before)."""
    from referee.web.base.models import utcnow

    rows = bind.execute(
        sa.select(MERGE.c.id, MERGE.c.source, MERGE.c.target, MERGE.c.repointed,
                  MERGE.c.undone_at).order_by(MERGE.c.id.desc())
    ).all()
    values, standing, now = {}, {}, utcnow()
    for merge_id, old_source, old_target, repointed, undone_at in rows:
        source, target = fold(old_source), fold(old_target)
        keys = sorted({fold(k) for k in repointed or []} - {source, target})
        values[merge_id] = {'source': source, 'target': target, 'repointed': keys}
        if undone_at is not None:
            continue
        if (source, target) in standing:  # two merges folded into one: the newest stands
            kept = values[standing[source, target]]
            kept['repointed'] = sorted(set(kept['repointed']) | set(keys))
        elif aliases.get(source) == target or (
            target in aliases
            and aliases.get(source) == aliases[target]
            and any(merged == target for merged, _ in standing)
        ):
            standing[source, target] = merge_id
            continue
        values[merge_id]['undone_at'] = now
    return values


def downgrade():
    # The keys stay folded: the code before this revision reads them as keys all the same.
    pass
