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
from parlour.terminal import Quit, pause, read_answer, record_problem

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


def card_menu(legal: Sequence[Action], fmt: Callable[[Action], str]) -> list[str] | None:
    """The numbered lines of a card game's legal actions, or None when there are too
    many to list (they are typed in words then).

    >>> card_menu([Action("pass"), Action("play", 3)], lambda a: str(a))
    ['your actions:', '  1. pass', '  2. play 3']
    """
    if len(legal) > _MENU_LIMIT:
        return None
    return ["your actions:"] + [f"  {k}. {fmt(a)}" for k, a in enumerate(legal, 1)]


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
    (``play AS``, ``bid 7S 9H 6H``). ``help`` says what can be typed and shows the
    actions again; an answer that is not legal says why and changes nothing.

    >>> from parlour.cards.games import make_game
    >>> g = make_game("ninety-nine", seed=1)
    >>> hand = g.observation(0)["hand"]
    >>> answers = iter(["1", "bid AS", "play 7C", "bid 6C 7C 8C", "bid " + " ".join(hand[:3])])
    >>> a = choose_card_action(g.legal_actions(0), lambda p: next(answers), print, g, ())
    the actions are typed in words here (220 of them): 220 bid actions, such as bid 9C 6D 9D
    cannot read the action 'bid AS': 3 cards expected, 1 given
    play 7C is not one of your actions now; you may: 220 bid actions, such as bid 9C 6D 9D
    bid 6C 7C 8C is not one of your actions now; you may: 220 bid actions, such as bid 9C 6D 9D
    >>> g.format_action(a) == "bid " + " ".join(hand[:3])
    True
    """
    fmt = game.format_action
    menu = card_menu(legal, fmt)
    shown = [*help_lines, *(menu or ["your actions: " + _kinds_text(legal, fmt)])]
    while True:
        text = read_answer(ask, say, shown)
        if text is None:
            continue
        if text.isdigit():
            if menu is None:
                say(
                    f"the actions are typed in words here ({len(legal)} of them): "
                    + _kinds_text(legal, fmt)
                )
                continue
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            say(f"no action {k}: answer 1-{len(legal)}")
            continue
        try:
            action: Action = game.parse_action(text)
        except (NotationError, ValueError) as e:
            say(str(e))
            continue
        if action in legal:
            return action
        say(f"{fmt(action)} is not one of your actions now; you may: {_kinds_text(legal, fmt)}")


def card_names(players: Sequence[str]) -> list[str]:
    """How a card table names its seats: a letter and the player (``A (you)``).

    >>> card_names(["you", "heuristic 1"])
    ['A (you)', 'B (heuristic 1)']
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
    game = spec.make_game(options or {}, seed, deck)
    players = ["you", *(f"{b} {i}" for i, b in enumerate(bots, 1))]
    makers = [
        spec.make_bot(b, seed=derive_seed("cards-bot", seed, i)) for i, b in enumerate(bots, 1)
    ]
    names = card_names(players)

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
                menu = card_menu(legal, game.format_action)
                for line in menu or ["your actions: " + _kinds_text(legal, game.format_action)]:
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


__all__ = ["card_menu", "card_names", "card_order", "choose_card_action", "play_cards"]
