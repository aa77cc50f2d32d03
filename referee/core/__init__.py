"""The shared core every game stands on: dice and their words (``dice``), the referee's
data (``engine``: options, outcomes, entries, turn records), the game contract
(``contract``) and what the referee does with any game through it (``moves``), reading
a play page's post (``formdata``), the words of help pages and sheets (``gametext``),
the shape of advice (``odds``), player names (``names``) and the refusals (``errors``).

Nothing here knows a game, a family of games, the log format or the web.
"""
