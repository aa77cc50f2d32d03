"""Tables as game logs in the database: loading and writing them in one transaction each
(``store``), their replays kept in memory (``replays``), and what is kept beside the moves
so that lists never replay: per-table summaries, the decisions judged against the advice,
and each player's record of following it."""
