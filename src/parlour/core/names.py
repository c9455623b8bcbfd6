"""How players are named at a table, the same at the terminal, in the browser and in
the records: one rule, here.

A player is counted as people count them, from 1, in the order of the table's players
(player 0 is the first). A bot is named by its kind and that number (``greedy 2``); a
person by the word ``player`` and the number (``player 1``), except the one person
playing at the terminal, who is ``you``. The number belongs to the player, not to the
bot's kind: at a table of a person and three greedy bots they are ``you``,
``greedy 2``, ``greedy 3`` and ``greedy 4``, and the browser shows the same names.
"""

from __future__ import annotations

from collections.abc import Sequence

YOU = "you"
"""The name of the one person playing at the terminal."""


def player_name(player: int, bot: str | None = None, *, you: bool = False) -> str:
    """The name of ``player`` (counted from 0): ``you`` for the person at the
    terminal, ``player N`` for a person at a table of the server, ``BOT N`` for a bot
    (N counted from 1; an outside program ``PROTOCOL:COMMAND`` by its protocol).

    >>> player_name(0, you=True), player_name(0), player_name(1, "greedy")
    ('you', 'player 1', 'greedy 2')
    >>> player_name(2, "botzone:./my-bot --deep")
    'botzone 3'
    """
    if player < 0:
        raise ValueError(f"players are counted from 0, not {player}")
    if you:
        return YOU
    return f"{'player' if bot is None else bot.partition(':')[0]} {player + 1}"


def table_names(bots: Sequence[str | None], *, you: int | None = None) -> list[str]:
    """The names of a table's players, one per entry of ``bots`` (a bot's kind, or None
    for a person); ``you``: the player who is the person at the terminal.

    >>> table_names([None, "greedy", "greedy"], you=0)
    ['you', 'greedy 2', 'greedy 3']
    >>> table_names(["random", None, "greedy", None])
    ['random 1', 'player 2', 'greedy 3', 'player 4']
    """
    return [player_name(p, bot, you=p == you) for p, bot in enumerate(bots)]


def terminal_names(bots: Sequence[str]) -> list[str]:
    """The players at ``parlour play``: the person (player 0, ``you``), then one
    player per bot of ``bots``.

    >>> terminal_names(["greedy", "random"])
    ['you', 'greedy 2', 'random 3']
    """
    return table_names([None, *bots], you=0)


__all__ = ["YOU", "player_name", "table_names", "terminal_names"]
