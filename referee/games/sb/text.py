"""Keys and Base Dice in the project's own words: the help page and the rule sheet render it."""

from __future__ import annotations

from referee.core.gametext import (
    EVERY_GAME,
    GameText,
    Ruling,
    RunningPad,
    ScoreRow,
    Step,
    capital,
    figure,
)
from referee.core.sentences import Sentence, say
from referee.games.sb import rules as keys_game


def original_leader(state: keys_game.SB) -> str:
    """The original leader in words, once someone has banked to the target ("" before)."""
    if state.leader is None:
        return ""
    return say("Original leader: {player}.", player=state.board.players[state.leader])


def _step(keys: tuple[str, str], base: tuple[str, ...], text: Sentence) -> Step:
    values = [int(k[1:]) for k in keys]
    worth = keys_game.describe_value(values, [int(b) for b in base])
    assert isinstance(worth, Sentence)
    return Step(
        ((keys[0],), base, (keys[1],)),
        (say("key"), say("set-aside base dice"), say("key")),
        say("{text}<br/><b>{worth}</b>", text=text, worth=capital(worth)),
    )


TEXT = GameText(
    slug=keys_game.SLUG,
    intro=say(
        "Ten dice: eight ordinary <b>base dice</b> and two <b>keys</b> that look different. "
        "Over several rolls you build a set of base dice; the two keys then decide what they "
        "are worth. The first to reach the target sets off the end."
    ),
    components=(
        say(
            "Eight base dice and two keys of another colour or size. Keys are drawn with a "
            "double border and a tinted face."
        ),
        say("The rules, a scorepad (or the referee on a phone) and a pencil."),
        say("Two or more players; the referee seats 1 to 8."),
    ),
    turn=(
        say("Roll all ten dice."),
        say(
            "Set aside <b>either</b> one or both keys, <b>or</b> one or more groups of base "
            "dice, never keys and base dice from the same roll. A group is two or more base dice "
            "showing the same value in this roll; you may take part of a bigger group (two of "
            "four 3s)."
        ),
        say(
            "Roll everything not yet set aside. While a key is still on the table you must roll "
            "again."
        ),
        say(
            "Once both keys are down you may stop and bank. With all ten dice down the turn is "
            "scored at once."
        ),
        say(
            "A roll that offers nothing to set aside (no key and no two base dice alike) is a "
            "<b>bust</b>: the turn scores 0, whatever was set aside before."
        ),
    ),
    scoring_head=(say("Each set-aside base die"), say("Points")),
    scoring=(
        ScoreRow(
            say("Split keys (different values): strictly between the keys"),
            figure(keys_game.SPLIT_BETWEEN),
            ("K2", "4", "K5"),
        ),
        ScoreRow(
            say("Split keys: outside the keys"), figure(keys_game.SPLIT_OUTSIDE), ("K2", "6", "K5")
        ),
        ScoreRow(say("Split keys: equal to a key"), figure(keys_game.ON_A_KEY), ("K2", "5", "K5")),
        ScoreRow(
            say("Full Split: all eight base dice between the keys"), figure(keys_game.FULL_SPLIT)
        ),
        ScoreRow(
            say("Key sandwich (equal keys): a base die of the keys' value"),
            figure(keys_game.SANDWICH_MATCH),
            ("K4", "4", "K4"),
        ),
        ScoreRow(say("Key sandwich: any other base die"), figure(0), ("K4", "3", "K4")),
        ScoreRow(
            say("Full Sandwich: all eight base dice match the keys"),
            figure(keys_game.FULL_SANDWICH),
        ),
    ),
    scoring_notes=(
        say(
            "Only base dice you set aside count; dice left on the table never score. The keys "
            "themselves score nothing."
        ),
    ),
    example_title=say("what a finished turn is worth"),
    example=(
        _step(
            ("K2", "K6"),
            ("3", "3", "3", "3", "3", "3", "5", "5"),
            say(
                "Keys 2 and 6 are split keys, and all eight base dice lie between them: a Full "
                "Split, worth more than the 8 × {each} = {all} they would pay one by one.",
                each=keys_game.SPLIT_BETWEEN,
                all=8 * keys_game.SPLIT_BETWEEN,
            ),
        ),
        _step(
            ("K2", "K5"),
            ("1", "1", "3", "3", "4", "4", "5", "5"),
            say(
                "Keys 2 and 5: the 3s and 4s are between (2 each), the 1s outside (1 each), and "
                "the 5s equal a key (0)."
            ),
        ),
        _step(
            ("K4", "K4"),
            ("2", "2", "4", "4", "4"),
            say(
                "Two 4s make a key sandwich: each base 4 pays 4, the 2s nothing. The player "
                "banked with three base dice still unset."
            ),
        ),
    ),
    endgame=(
        say(
            "The first player to bank to the target (60 unless the table changed it) or more is "
            "the <b>original leader</b>. Every other player then takes one last turn. If after "
            "those turns the leader is not strictly ahead of everyone, the leader takes one more "
            "turn. Then the game ends: the highest total wins, and equal totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("One kind per roll."),
            say(
                "A set-aside that mixes keys and base dice is refused. You may set aside more "
                "than once from the same roll; it all counts as one set-aside, judged together as "
                "if entered at once, so it must still be all keys or all base groups. A key and "
                "then a base group from one roll is refused; 3 3 and then the third 3 is a group "
                "of three 3s."
            ),
        ),
        Ruling(
            say("No lone base dice."),
            say(
                "A single base die cannot be set aside on its own, and it never joins a group of "
                "the same value set aside after an earlier roll. It may start a group that the "
                "rest of the same roll completes: until it does you cannot roll or bank."
            ),
        ),
        Ruling(
            say("Busts are automatic,"),
            say(
                "even with both keys already down: the roll of the remaining dice must offer a "
                "key or a group, or the turn scores 0."
            ),
        ),
        Ruling(
            say("Sandwich value."),
            say(
                "A matching base die in a key sandwich is worth {match}. The source rules say 3 "
                "once, but their own 32 and 40 figures only work with 4.",
                match=keys_game.SANDWICH_MATCH,
            ),
        ),
        Ruling(
            say("The leader's extra turn."),
            say(
                "A tie with the original leader counts as no longer in the lead, so the leader "
                "takes the extra turn. After it the game ends whatever the totals, and nobody "
                "else becomes leader by passing the target later."
            ),
        ),
        Ruling(
            say("Players."),
            say(
                "The referee seats 1 to 8; with one player the game ends when the target is "
                "reached."
            ),
        ),
        Ruling(
            say("The source's example"),
            say(
                "lists five 3s in Anna's first turn where its own rolls give six; the referee's "
                "example game follows the rolls."
            ),
        ),
        *EVERY_GAME,
    ),
    # Sensible play (take the biggest set-aside, bank at 8 points, or at 4 with two dice or
    # fewer left) needs 11-13 turns a player on average and 13-16 for the 90th percentile
    # over 150 autoplayed games each with 2, 4 and 6 players (random play: 13-15, at most
    # 27).  20 rounds leave room for the endgame's extra turns.
    pad=RunningPad(
        rows=20,
        note=say(
            "Target {target} · the first to bank it is the original leader", target="{target}"
        ),
    ),
    reminder=say(
        "Split keys: {between} between, {outside} outside, {on_key} on a key, Full Split "
        "{full_split} · key sandwich: {match} a match, Full Sandwich {full_sandwich} · a bust "
        "scores 0",
        between=keys_game.SPLIT_BETWEEN,
        outside=keys_game.SPLIT_OUTSIDE,
        on_key=keys_game.ON_A_KEY,
        full_split=keys_game.FULL_SPLIT,
        match=keys_game.SANDWICH_MATCH,
        full_sandwich=keys_game.FULL_SANDWICH,
    ),
    emblem=("K2", "3", "K6"),
    odds=(
        say(
            "A table can switch the odds on at the foot of its page (off unless asked for, and "
            "never part of the game). Before each roll the referee then shows the exact chance "
            "that it busts (none while a key is still unset), the points one more roll is "
            "expected to add, and the choice worth most: the play that banks the most points "
            "this turn on average, worked out over every roll and set-aside the rules allow, the "
            "keys still to set and the groups that may join included."
        ),
    ),
    on_the_phone=(
        say(
            "Under the pad, a photo of the rolled dice lying apart fills in the base dice and "
            "the keys as read. The photo tells the keys by their colour: the keys’ colour is "
            "chosen when the table is started (red unless the table chose another; it is no "
            "rule, so the game’s log never carries it), and every die of another colour is a "
            "base die. A photo with another number of dice of the keys’ colour than the roll "
            "has keys says so."
        ),
        say("Tap the base dice in the plain rows and the keys in the purple rows."),
        say("The base dice set aside are coloured by what they are worth with the keys down."),
    ),
    result_note=original_leader,
)
