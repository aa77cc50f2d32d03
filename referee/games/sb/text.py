"""Keys and Base Dice in the project's own words: the help page and the rule sheet render it."""

from __future__ import annotations

from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.games.sb import rules as keys_game


def original_leader(state: keys_game.SB) -> str:
    """The original leader in words, once someone has banked to the target ("" before)."""
    if state.leader is None:
        return ""
    return f"Original leader: {state.board.players[state.leader]}."


def _step(keys: tuple[str, str], base: tuple[str, ...], text: str) -> Step:
    values = [int(k[1:]) for k in keys]
    worth = keys_game.describe_value(values, [int(b) for b in base])
    return Step(((keys[0],), base, (keys[1],)), ("key", "set-aside base dice", "key"),
                f"{text}<br/><b>{worth[0].upper()}{worth[1:]}</b>")  # fmt: skip


TEXT = GameText(
    slug=keys_game.SLUG,
    intro=(
        "Ten dice: eight ordinary <b>base dice</b> and two <b>keys</b> that look different. "
        "Over several rolls you build a set of base dice; the two keys then decide what they "
        "are worth. The first to reach the target sets off the end."
    ),
    components=(
        "Eight base dice and two keys of another colour or size. Keys are drawn with a "
        "double border and a tinted face.",
        "The rules, a scorepad (or the referee on a phone) and a pencil.",
        "Two or more players; the referee seats 1 to 8.",
    ),
    turn=(
        "Roll all ten dice.",
        "Set aside <b>either</b> one or both keys, <b>or</b> one or more groups of base dice, "
        "never keys and base dice from the same roll. A group is two or more base dice showing "
        "the same value in this roll; you may take part of a bigger group (two of four 3s).",
        "Roll everything not yet set aside. While a key is still on the table you must roll again.",
        "Once both keys are down you may stop and bank. With all ten dice down the turn is "
        "scored at once.",
        "A roll that offers nothing to set aside (no key and no two base dice alike) is a "
        "<b>bust</b>: the turn scores 0, whatever was set aside before.",
    ),
    scoring_head=("Each set-aside base die", "Points"),
    scoring=(
        ScoreRow(
            "Split keys (different values): strictly between the keys",
            str(keys_game.SPLIT_BETWEEN),
            ("K2", "4", "K5"),
        ),
        ScoreRow("Split keys: outside the keys", str(keys_game.SPLIT_OUTSIDE), ("K2", "6", "K5")),
        ScoreRow("Split keys: equal to a key", str(keys_game.ON_A_KEY), ("K2", "5", "K5")),
        ScoreRow("Full Split: all eight base dice between the keys", str(keys_game.FULL_SPLIT)),
        ScoreRow(
            "Key sandwich (equal keys): a base die of the keys' value",
            str(keys_game.SANDWICH_MATCH),
            ("K4", "4", "K4"),
        ),
        ScoreRow("Key sandwich: any other base die", "0", ("K4", "3", "K4")),
        ScoreRow("Full Sandwich: all eight base dice match the keys", str(keys_game.FULL_SANDWICH)),
    ),  # fmt: skip
    scoring_notes=(
        "Only base dice you set aside count; dice left on the table never score. The keys "
        "themselves score nothing.",
    ),
    example_title="what a finished turn is worth",
    example=(
        _step(
            ("K2", "K6"),
            ("3", "3", "3", "3", "3", "3", "5", "5"),
            "Keys 2 and 6 are split keys, and all eight base dice lie between them: a "
            "Full Split, worth more than the 8 × "
            f"{keys_game.SPLIT_BETWEEN} = {8 * keys_game.SPLIT_BETWEEN} they would pay one by one.",
        ),
        _step(
            ("K2", "K5"),
            ("1", "1", "3", "3", "4", "4", "5", "5"),
            "Keys 2 and 5: the 3s and 4s are between (2 each), the 1s outside (1 each), "
            "and the 5s equal a key (0).",
        ),
        _step(
            ("K4", "K4"),
            ("2", "2", "4", "4", "4"),
            "Two 4s make a key sandwich: each base 4 pays 4, the 2s nothing. The player "
            "banked with three base dice still unset.",
        ),
    ),  # fmt: skip
    endgame=(
        "The first player to bank to the target (60 unless the table changed it) or more is the "
        "<b>original leader</b>. Every other player then takes one last turn. If after those "
        "turns the leader is not strictly ahead of everyone, the leader takes one more turn. "
        "Then the game ends: the highest total wins, and equal totals share the win.",
    ),
    rulings=(
        Ruling(
            "One kind per roll.",
            "A set-aside that mixes keys and base dice is refused. You may set aside more than "
            "once from the same roll; it all counts as one set-aside, judged together as if "
            "entered at once, so it must still be all keys or all base groups. A key and then "
            "a base group from one roll is refused; 3 3 and then the third 3 is a group of "
            "three 3s.",
        ),
        Ruling(
            "No lone base dice.",
            "A single base die cannot be set aside on its own, and it never joins a group of "
            "the same value set aside after an earlier roll. It may start a group that the "
            "rest of the same roll completes: until it does you cannot roll or bank.",
        ),
        Ruling(
            "Busts are automatic,",
            "even with both keys already down: the roll of the remaining dice must offer a key "
            "or a group, or the turn scores 0.",
        ),
        Ruling(
            "Sandwich value.",
            "A matching base die in a key sandwich is worth "
            f"{keys_game.SANDWICH_MATCH}. The source rules say 3 once, but their own 32 and 40 "
            "figures only work with 4.",
        ),
        Ruling(
            "The leader's extra turn.",
            "A tie with the original leader counts as no longer in the lead, so the leader "
            "takes the extra turn. After it the game ends whatever the totals, and nobody else "
            "becomes leader by passing the target later.",
        ),
        Ruling(
            "Players.",
            "The referee seats 1 to 8; with one player the game ends when the target is reached.",
        ),
        Ruling(
            "The source's example",
            "lists five 3s in Anna's first turn where its own rolls give six; the referee's "
            "example game follows the rolls.",
        ),
        *EVERY_GAME,
    ),
    # Sensible play (take the biggest set-aside, bank at 8 points, or at 4 with two dice or
    # fewer left) needs 11-13 turns a player on average and 13-16 for the 90th percentile
    # over 150 autoplayed games each with 2, 4 and 6 players (random play: 13-15, at most
    # 27).  20 rounds leave room for the endgame's extra turns.
    pad=RunningPad(rows=20, note="Target {target} · the first to bank it is the original leader"),
    reminder=(
        f"Split keys: {keys_game.SPLIT_BETWEEN} between, {keys_game.SPLIT_OUTSIDE} outside, "
        f"{keys_game.ON_A_KEY} on a key, Full Split {keys_game.FULL_SPLIT} · key sandwich: "
        f"{keys_game.SANDWICH_MATCH} a match, Full Sandwich {keys_game.FULL_SANDWICH} · "
        "a bust scores 0"
    ),
    emblem=("K2", "3", "K6"),
    odds=(
        "A table can switch the odds on at the foot of its page (off unless asked for, and "
        "never part of the game). Before each roll the referee then shows the exact chance "
        "that it busts (none while a key is still unset), the points one more roll is "
        "expected to add, and the choice worth most: the play that banks the most points this "
        "turn on average, worked out over every roll and set-aside the rules allow, the keys "
        "still to set and the groups that may join included.",
    ),
    on_the_phone=(
        "Under the pad, a photo of the rolled dice lying apart fills in the base dice and "
        "the keys as read. The photo tells the keys by their colour: the keys’ colour is "
        "chosen when the table is started (red unless the table chose another; it is no "
        "rule, so the game’s log never carries it), and every die of another colour is a "
        "base die. A photo with another number of dice of the keys’ colour than the roll "
        "has keys says so.",
        "Tap the base dice in the plain rows and the keys in the purple rows.",
        "The base dice set aside are coloured by what they are worth with the keys down.",
    ),
    result_note=original_leader,
)
