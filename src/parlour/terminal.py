"""Playing at the terminal: one human against bots, a whole match of any playable rule
system (MCR: 16 hands).

The human sees exactly their observation (their tiles, everyone's melds and discards,
the bonus tiles, hands made public, the wall count), the events they may see, and a
numbered list of their legal actions; they answer with a number or the action in words
(``discard 4p``). Bad input asks again; end of input stops the game.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from parlour.bots import Bot, make_bot
from parlour.core.actions import Action
from parlour.core.errors import NotationError
from parlour.core.game import Event
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.session import Session
from parlour.mahjong.table import Table

SEAT_NAMES = ("you", "right", "opposite", "left")


class Quit(Exception):
    """The human stopped (end of input or 'quit')."""


def record_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a game record cannot be written to ``path`` (``No such file or directory``,
    ``Is a directory``, ``Permission denied``...), or None when it can: checked before
    the first deal, so that a game is not played only to be lost. The file itself (when
    it exists) and its directory must be writable; nothing is left behind.

    >>> record_problem("/no/such/directory/game.json")
    'No such file or directory'
    """
    target = Path(path)
    existed = target.exists()
    try:
        with open(target, "a"):
            pass
        if existed:  # the record is written beside it first, then moved over it
            with tempfile.TemporaryFile(dir=target.parent):
                pass
    except OSError as e:
        return e.strerror or str(e)
    if not existed:
        target.unlink(missing_ok=True)
    return None


def choose(
    legal: Sequence[Action],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    parse: Callable[[str], Action] = MahjongAction.parse,
) -> Action:
    """Ask until the answer names a legal action: its number, or the action in words
    (read by ``parse``, the game's own reader).

    >>> answers = iter(["9", "discard 9s", "x", "2"])
    >>> legal = [MahjongAction("discard", 0), MahjongAction("discard", 1)]
    >>> str(choose(legal, lambda p: next(answers), print))
    no action 9: answer 1-2
    discard 9s is not one of your actions
    unknown action 'x' at position 0 in 'x' (actions: pass, discard, chow, ...)
    'discard 2m'
    """
    while True:
        try:
            text = ask("your action").strip()
        except EOFError:
            raise Quit from None
        if text.lower() in ("q", "quit", "exit"):
            raise Quit
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            say(f"no action {k}: answer 1-{len(legal)}")
            continue
        try:
            action = parse(text)
        except NotationError as e:
            say(str(e))
            continue
        if action in legal:
            return action
        say(f"{action} is not one of your actions")


def describe(event: Event, me: int) -> str | None:
    """One line for an event the human may see (None for the uninteresting ones)."""
    who = "you" if event.seat == me else f"seat {event.seat}"
    d = event.data
    if event.kind == "drawn":
        return f"you draw {d['tile']}"
    if event.kind == "discard":
        return f"{who} discard{'' if who == 'you' else 's'} {d['tile']}"
    if event.kind == "claim":
        return f"{who} claim{'' if who == 'you' else 's'} {d['meld']} from seat {d['from']}"
    if event.kind == "bonus":
        return f"{who} lay{'' if who == 'you' else 's'} out {d['tile']}"
    if event.kind in ("concealed_kong", "added_kong"):
        return f"{who} declare{'' if who == 'you' else 's'} a {event.kind.replace('_', ' ')}"
    if event.kind == "win":
        return f"{who} win{'' if who == 'you' else 's'} on {d['tile']}: {d['total']} points"
    if event.kind == "exhaustive_draw":
        return "the wall is empty: the hand is a draw"
    if event.kind == "reveal":
        return f"{who} lay{'' if who == 'you' else 's'} the hand open: {d['hand']}"
    if event.kind == "payment":
        pays = ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(d["payments"]) if v)
        return f"{d['reason']} payment: {pays}"
    if event.kind == "received":
        return f"you receive {d['tiles']} from seat {d['from']}"
    if event.kind == "set_aside":
        return f"{d['tile']} is turned up and set aside"
    return None


def render(console: Console, obs: dict[str, Any]) -> None:
    me = obs["seat"]
    table = RichTable(show_header=True, header_style="bold", box=None)
    for col in ("seat", "wind", "melds", "bonus", "discards"):
        table.add_column(col)
    for s in range(len(obs["discards"])):
        name = "you" if s == me else f"seat {s}"
        shown = obs["public_hands"][s]
        melds = " ".join(obs["melds"][s]) + (f"  (open: {shown})" if shown else "")
        table.add_row(
            name, obs["seat_names"][s], melds.strip() or "-", obs["bonus"][s] or "-",
            obs["discards"][s] or "-",
        )  # fmt: skip
    console.print(table)
    extra = "".join(f" · {k} {v}" for k, v in obs["rules"].items() if v is not None)
    console.print(
        f"wall {obs['wall']} · round {obs['prevailing']}{extra} · "
        f"your hand: [bold]{obs['hand']}[/]",
        highlight=False,
    )


def play(
    *,
    seed: int = 0,
    hands: int = 16,
    bots: Sequence[str] = ("greedy", "greedy", "greedy"),
    ask: Callable[[str], str] | None = None,
    console: Console | None = None,
    record: str | None = None,
    rules: str = "mcr",
    options: dict[str, Any] | None = None,
) -> Session:
    """Play a match of rule system ``rules`` (MCR: 16 hands; at most ``hands``) as
    player 0 against ``bots`` (one per other player); the seats change as the rulebook
    says. ``record`` saves the game record there at the end, also when stopped early:
    by 'quit', the end of input or a KeyboardInterrupt (Ctrl-C), which is raised again
    once the record is written. A ``record`` that cannot be written raises
    :class:`~parlour.records.RecordError` before the first deal."""
    from parlour.records import RecordError

    if record is not None and (problem := record_problem(record)):
        raise RecordError(f"cannot write the record to {record}: {problem}")
    console = console or Console()
    ask = ask or (lambda prompt: console.input(f"[bold]{prompt}>[/] "))
    session = Session(
        rules,
        options,
        seed=seed,
        players=["you", *(f"{b} {i}" for i, b in enumerate(bots, 1))],
    )
    players: list[Bot | None] = [None] + [
        make_bot(name, seed=seed * 4 + i) for i, name in enumerate(bots, 1)
    ]
    played = 0
    interrupted = False
    try:
        while not session.is_over() and played < hands:
            table = session.current_table()
            number = session.hand_number
            seated = session.seat_of(0)
            me = -1 if seated is None else seated
            if seated is None:
                console.rule(f"hand {number}: you sit out this hand")
            else:
                console.rule(
                    f"hand {number}: round {session.prevalent}, "
                    f"you are {table.seat_name(me)} (seat {me})"
                )
            shown = 0
            while not table.is_over():
                for e in table.events[shown:]:
                    if e.visible_to(me) and (line := describe(e, me)):
                        console.print(line, highlight=False)
                shown = len(table.events)
                seat = me if me in table.to_act() else table.to_act()[0]
                legal = table.legal_actions(seat)
                if seat == me:
                    render(console, table.observation(me))
                    for k, a in enumerate(legal, 1):
                        console.print(f"  {k}. {a}", highlight=False)
                    action = choose(
                        legal, ask, lambda m: console.print(m, highlight=False), table.parse_action
                    )
                else:
                    bot = players[session.player_at(seat)]
                    assert bot is not None
                    action = bot.act(table.observation(seat), legal)
                session.apply(seat, action, hand=number)
            for e in table.events[shown:]:
                if e.visible_to(me) and (line := describe(e, me)):
                    console.print(line, highlight=False)
            result = table.result()
            assert result is not None
            _print_result(console, table, result, me)
            played += 1
            console.print(
                "scores: " + ", ".join(f"{r['name']} {r['score']:+d}" for r in session.standings()),
                highlight=False,
            )
    except Quit:
        console.print("stopped.")
    except KeyboardInterrupt:
        console.print("interrupted.")
        interrupted = True
    if record is not None:
        from parlour.records import record_of, write_record

        try:
            write_record(record, record_of(session))
        except OSError as e:
            raise RecordError(f"cannot write the record to {record}: {e.strerror or e}") from e
        console.print(f"game record written to {record}", highlight=False)
    if interrupted:
        raise KeyboardInterrupt
    return session


def _print_result(console: Console, table: Table, result: dict[str, Any], me: int) -> None:
    if not result["wins"]:
        console.print("no winner this hand.")
    for win in result["wins"]:
        who = "you win" if win["seat"] == me else f"seat {win['seat']} wins"
        out = RichTable(title=f"{who} on {win['tile']}")
        out.add_column("fan")
        out.add_column("points", justify="right")
        for p in win["patterns"]:
            count = f" ×{p['count']}" if p["count"] > 1 else ""
            out.add_row(p["name"] + count, str(p["value"] * p["count"]))
        out.add_row("[bold]total[/]", f"[bold]{win['total']}[/]")
        console.print(out)
    pays = ", ".join(
        f"{'you' if s == me else f'seat {s}'} {v:+d}" for s, v in enumerate(result["payments"])
    )
    console.print(f"payments: {pays}", highlight=False)
