"""Playing a card game at the terminal: one person against bots, a whole game (a
Piquet partie, a game of Ninety-Nine), deal by deal.

The person sees their hand sorted by suit, the trick, the declarations, the talon or
the bids, and the running score, then their actions, numbered (or, where there are too
many to list, as kinds with an example); they answer with a number or the action in
words (``play AS``, ``bid 7S 9H 6H``), ``help`` or ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console

from parlour.core.actions import Action
from parlour.core.errors import NotationError
from parlour.core.game import Event
from parlour.core.names import terminal_names
from parlour.terminal import Misses, Picker, Quit, pause, read_answer, record_problem

_MENU_LIMIT = 30
"""A choice among more actions than this (Ninety-Nine's 220 bids) is typed, not listed."""


def card_order(legal: Sequence[Action], fmt: Callable[[Action], str]) -> list[Action]:
    """A card game's legal actions in the order a hand is shown: kinds as the game
    lists them, and within a kind the cards by suit (spades, hearts, diamonds, clubs),
    high to low.

    >>> texts = {Action("play", 1): "play 7C", Action("play", 2): "play AS",
    ...          Action("pass"): "pass", Action("play", 3): "play 10S"}
    >>> [texts[a] for a in card_order(list(texts), texts.__getitem__)]
    ['play AS', 'play 10S', 'play 7C', 'pass']
    """
    from parlour.cards.cards import parse_card

    kinds = list(dict.fromkeys(a.kind for a in legal))

    def key(action: Action) -> tuple[int, int, int]:
        words = fmt(action).split()
        try:
            card = parse_card(words[-1]) if len(words) == 2 else None
        except NotationError:
            card = None
        if card is None:
            return (kinds.index(action.kind), 0, 0)
        return (kinds.index(action.kind), "SHDC".index(card.suit), -card.rank)

    return sorted(legal, key=key)


_MARKING: dict[str, tuple[str, str, str]] = {"discard": ("keep", "exchange", "unmark a card")}
"""Kinds that mark a card one at a time (Piquet's ``discard``), each with the kind that
takes a mark back (``keep``), the kind that confirms the marks (``exchange``) and what
taking back does. Taking back is typed in words, never numbered: a number answered
again and again then marks card after card and confirms, and never undoes a mark."""

_TAKE_BACK = frozenset(back for back, _, _ in _MARKING.values())


def menu_actions(legal: Sequence[Action], fmt: Callable[[Action], str]) -> list[Action] | None:
    """The actions numbered in the menu, in order (number ``k`` is the ``k - 1``-th), or
    None when there are too many to list: every legal action but those that take a
    mark back (typed in words).

    >>> legal = [Action("discard", 3), Action("keep", 5), Action("exchange")]
    >>> menu_actions(legal, str)
    [Action(kind='discard', payload=3), Action(kind='exchange', payload=None)]
    """
    if len(legal) > _MENU_LIMIT:
        return None
    numbered = [a for a in legal if a.kind not in _TAKE_BACK]
    return numbered or list(legal)


def card_menu(legal: Sequence[Action], fmt: Callable[[Action], str]) -> list[str] | None:
    """The numbered lines of a card game's legal actions, or None when there are too
    many to list (they are typed in words then). Taking back a mark is not numbered: a
    line says how to type it.

    >>> card_menu([Action("pass"), Action("play", 3)], lambda a: str(a))
    ['your actions:', '  1. pass', '  2. play 3']
    >>> card_menu([Action("discard", 1), Action("keep", 2)], lambda a: f"{a.kind} {a.payload}")
    ['your actions:', '  1. discard 1', '  to unmark a card, type: keep 2']
    """
    numbered = menu_actions(legal, fmt)
    if numbered is None:
        return None
    lines = ["your actions:"] + [f"  {k}. {fmt(a)}" for k, a in enumerate(numbered, 1)]
    for back, _, what in _MARKING.values():
        backs = [fmt(a) for a in legal if a.kind == back and a not in numbered]
        if backs:
            lines.append(f"  to {what}, type: {', '.join(backs)}")
    return lines


def marking_line(copy_game: Callable[[], Any], seat: int, legal: Sequence[Action]) -> str | None:
    """While ``seat`` marks cards one at a time (Piquet's exchange): how many are
    marked, how many more may be, how many more must be before confirming; None
    otherwise. The counts are found by marking on a copy of the game as it stands
    (``copy_game()`` makes one).

    >>> from parlour.cards.games import make_game
    >>> g = make_game("piquet", {"partie": "single_game"}, seed=1)
    >>> elder = g.to_act()[0]
    >>> copy_game = lambda: make_game("piquet", {"partie": "single_game"}, seed=1)
    >>> marking_line(copy_game, elder, g.legal_actions(elder))
    'none marked yet: mark 1 to 5 cards, then exchange'
    """
    kinds = {a.kind for a in legal}
    for mark, (back, confirm, _) in _MARKING.items():
        if mark not in kinds and back not in kinds:
            continue
        marked = sum(a.kind == back for a in legal)
        trial = copy_game()
        more, need = 0, None if confirm in kinds else -1
        while True:
            now = trial.legal_actions(seat)
            if need == -1 and any(a.kind == confirm for a in now):
                need = more
            marks = [a for a in now if a.kind == mark]
            if not marks:
                break
            trial.apply(seat, marks[0])
            more += 1
        if marked == 0:
            least = max(need or 0, 0)
            span = f"{least} to {more}" if least != more else str(more)
            noun = "card" if more == 1 else "cards"
            return f"none marked yet: mark {span} {noun}, then {confirm}"
        text = f"{marked} marked"
        text += f"; you may mark {more} more" if more else "; no more may be marked"
        if need is not None and need > 0:
            text += f"; mark at least {need} more before you {confirm}"
        else:
            text += f"; {confirm} confirms them"
        return text
    return None


def _hand_key(card: str) -> tuple[int, int]:
    from parlour.cards.cards import parse_card

    c = parse_card(card)
    return ("SHDC".index(c.suit), -c.rank)


def _picks_card(text: str) -> str | None:
    """``text`` read as one card (``as`` -> ``AS``), else None."""
    from parlour.cards.cards import parse_card

    if " " in text:
        return None
    try:
        return str(parse_card(text))
    except (NotationError, ValueError):
        return None


def menu_lines(legal: Sequence[Action], fmt: Callable[[Action], str]) -> list[str]:
    """What the person is shown of their actions: the numbered menu; when there are too
    many to list, the cards to pick one at a time for an action that names several
    (a bid), else each kind with an example.

    >>> menu_lines([Action("pass")], str)
    ['your actions:', '  1. pass']
    """
    menu = card_menu(legal, fmt)
    if menu is not None:
        return menu
    picker = _picker(legal, fmt)
    if picker is not None:
        return picker.lines()
    return ["your actions: " + _kinds_text(legal, fmt)]


def _picker(legal: Sequence[Action], fmt: Callable[[Action], str]) -> Picker | None:
    """Cards picked one at a time for an action that names several (a bid of three)."""
    return Picker.of(legal, fmt, _picks_card, _hand_key, limit=_MENU_LIMIT, noun="cards")


def _kinds_text(legal: Sequence[Action], fmt: Callable[[Action], str]) -> str:
    """The legal actions in a line: all of them when few, else each kind with an example."""
    if len(legal) <= 12:
        return ", ".join(fmt(a) for a in legal)
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    return ", ".join(
        f"{len(acts)} {kind} actions, such as {fmt(acts[0])}" if len(acts) > 1 else fmt(acts[0])
        for kind, acts in by_kind.items()
    )


def choose_card_action(
    legal: Sequence[Action],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    game: Any,
    help_lines: Sequence[str],
) -> Action:
    """Ask until the answer names one of a card game's ``legal`` actions: its number in
    the menu (when the actions are listed), or the action in words read by the game
    (``play AS``, ``bid 7S 9H 6H``). When there are too many to list and they name
    several cards (a bid of three), a number or a card picks one card at a time, once
    each, and the last pick makes the action. ``help`` says what can be typed and shows
    the actions again; an answer that is not legal says why and changes nothing; after
    :data:`~parlour.terminal.PATIENCE` answers in a row that choose nothing the game
    stops (:class:`~parlour.terminal.Quit`).

    >>> from parlour.cards.games import make_game
    >>> g = make_game("ninety-nine", seed=1)
    >>> hand = g.observation(0)["hand"]
    >>> answers = iter(["13", "bid AS", "play 7C", "bid 6C 7C 8C", "bid " + " ".join(hand[:3])])
    >>> a = choose_card_action(g.legal_actions(0), lambda p: next(answers), print, g, ())
    no choice 13: answer 1-12
    cannot read the action 'bid AS': 3 cards expected, 1 given
    play 7C is not one of your actions now; you may: 220 bid actions, such as bid 9C 6D 9D
    bid 6C 7C 8C is not one of your actions now; you may: 220 bid actions, such as bid 9C 6D 9D
    >>> g.format_action(a) == "bid " + " ".join(hand[:3])
    True
    """
    fmt = game.format_action
    numbered = menu_actions(legal, fmt)
    picker = _picker(legal, fmt) if numbered is None else None
    shown = [*help_lines, *menu_lines(legal, fmt)]
    misses = Misses(say)
    while True:
        text = read_answer(ask, say, shown)
        if text is None:
            if picker is not None and picker.picked:
                for line in picker.lines():
                    say(line)
            misses.miss()
            continue
        if picker is not None:
            taken, action = picker.follow(text, _picks_card, say, misses)
            if action is not None:
                return action
            if taken:
                continue
        if text.isdigit():
            if numbered is None:
                say(
                    f"the actions are typed in words here ({len(legal)} of them): "
                    + _kinds_text(legal, fmt)
                )
                misses.miss()
                continue
            k = int(text)
            if 1 <= k <= len(numbered):
                return numbered[k - 1]
            say(f"no action {k}: answer 1-{len(numbered)}")
            misses.miss()
            continue
        try:
            parsed: Action = game.parse_action(text)
        except (NotationError, ValueError) as e:
            say(str(e))
            misses.miss()
            continue
        if parsed in legal:
            return parsed
        marked = _MARKING.get(parsed.kind)
        if marked is not None and (undo := Action(marked[0], parsed.payload)) in legal:
            say(f"{fmt(parsed)}: already marked ({fmt(undo)} unmarks it)")
            misses.miss()
            continue
        say(f"{fmt(parsed)} is not one of your actions now; you may: {_kinds_text(legal, fmt)}")
        misses.miss()


def card_names(players: Sequence[str]) -> list[str]:
    """How a card table names its seats: a letter and the player (``A (you)``).

    >>> card_names(["you", "heuristic 2"])
    ['A (you)', 'B (heuristic 2)']
    """
    return [f"{'ABCDEFGH'[s]} ({p})" for s, p in enumerate(players)]


def play_cards(
    rules: str,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    deck: str | None = None,
    bots: Sequence[str] = (),
    ask: Callable[[str], str] | None = None,
    console: Console | None = None,
    record: str | None = None,
) -> Any:
    """Play a card game (``piquet``, ``ninety-nine``: a whole partie or game) as seat 0
    against ``bots`` (one per other seat), the first deal from ``deck`` when given.
    After every deal the scores are shown and Enter goes on. ``record`` saves the game
    record there at the end, also when stopped early ('quit', the end of input, or
    Ctrl-C, raised again once the record is written). Returns the game."""
    from parlour.cards.games import find_card_game
    from parlour.cards.records import card_record
    from parlour.core.rng import derive_seed
    from parlour.records import RecordError, write_record

    if record is not None and (problem := record_problem(record)):
        raise RecordError(f"cannot write the record to {record}: {problem}")
    spec = find_card_game(rules)
    console = console or Console()
    ask = ask or (lambda prompt: console.input(f"[bold]{prompt}>[/] "))
    game: Any = spec.make_game(options or {}, seed, deck)  # a card game (its actions too)
    players = terminal_names(bots)
    makers = [
        spec.make_bot(b, seed=derive_seed("cards-bot", seed, i)) for i, b in enumerate(bots, 1)
    ]
    names = card_names(players)

    def copy_game() -> Any:
        """The game as it stands, played again from its start on a new game."""
        fresh = spec.make_game(options or {}, seed, deck)
        for seat, action in game.actions:
            fresh.apply(seat, action)
        return fresh

    def say(line: str) -> None:
        console.print(line, highlight=False, markup=False, soft_wrap=True)

    def tell(events: Sequence[Event]) -> bool:
        """Say the events seat 0 may see; True when a deal has just ended."""
        ended = False
        for e in events:
            if e.visible_to(0) and (line := spec.narrate(e, names)):
                say(line)
            ended = ended or e.kind in ("deal_end", "hand_end")
        return ended

    console.rule(f"{spec.title}")
    say(f"at the table: {', '.join(names)}")
    tell(spec.start_events(game))
    interrupted = False
    try:
        while not game.is_over():
            acting = game.to_act()
            seat = 0 if 0 in acting else acting[0]
            legal = game.legal_actions(seat)
            if seat == 0:
                legal = card_order(legal, game.format_action)
                console.rule(style="dim")
                for line in spec.render(game.observation(0), names):
                    say(line)
                marking = marking_line(copy_game, 0, legal)
                for line in [
                    *([marking] if marking else []),
                    *menu_lines(legal, game.format_action),
                ]:
                    say(line)
                action = choose_card_action(legal, ask, say, game, spec.help)
            else:
                action = makers[seat - 1].act(game.observation(seat), legal)
            if tell(game.apply(seat, action)) and not game.is_over():
                pause(ask, "press Enter for the next deal")
        console.rule("the game is over")
        for line in spec.render(game.observation(0), names):
            say(line)
    except Quit:
        console.print("stopped.")
    except KeyboardInterrupt:
        console.print("interrupted.")
        interrupted = True
    if record is not None:
        try:
            write_record(record, card_record(rules, game, seed=seed, deck=deck, players=players))
        except OSError as e:
            raise RecordError(f"cannot write the record to {record}: {e.strerror or e}") from e
        console.print(f"game record written to {record}", highlight=False)
    if interrupted:
        raise KeyboardInterrupt
    return game


__all__ = [
    "card_menu",
    "card_names",
    "card_order",
    "choose_card_action",
    "marking_line",
    "menu_actions",
    "menu_lines",
    "play_cards",
]
