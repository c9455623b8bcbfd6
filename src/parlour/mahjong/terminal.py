"""Playing at the terminal: one human against bots, a whole match of any playable rule
system (MCR: 16 hands).

The human sees exactly their observation (their tiles, everyone's melds and discards,
the bonus tiles, hands made public, the wall count), the events they may see, and a
numbered list of their legal actions; they answer with a number or the action in words
(``discard 4p``), or ``help``. Bad input asks again; end of input stops the game.

Every player is named the same way everywhere, by name, seat name and place at the
table as seen from the human (``greedy 2 (S, right)``), so that nobody is lost when the
seats change. Seat names come from the observation, never from a fixed list of winds,
so that any rule system reads as well as MCR. A claim is offered as the tiles it makes
(``chow 3m 4m + 5m``); the drawn tile stands apart in the hand (``... 9s + 7p``); the
last discard is marked. A finished hand shows each winner's tiles, how the hand was
won, the breakdown line by line and the payments, then waits for Enter; the match ends
with the standings and the results table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from parlour.bots import Bot, make_bot, show_events
from parlour.core.actions import Action
from parlour.core.errors import NotationError
from parlour.core.game import Event
from parlour.core.names import terminal_names
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.melds import parse_meld
from parlour.mahjong.ruleset import ruleset_state
from parlour.mahjong.session import Session, SessionRules
from parlour.mahjong.tiles import NUM_KINDS, parse_tiles, tile_name
from parlour.terminal import Misses, Picker, Quit, pause, place, read_answer, record_problem

HELP = (
    "type the number of an action, or the action in words as shown in [brackets]:",
    "  discard 4p, pung C, kong C, chow 3m (a chow is named by its lowest tile), win, pass;",
    "'help' shows this again; 'quit' stops the game (with --record, what was played is kept).",
)
"""What can be typed at the prompt (``help`` prints it, then the legal actions)."""


def choose(
    legal: Sequence[Action],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    parse: Callable[[str], Action] = MahjongAction.parse,
    menu: Sequence[str] | None = None,
    picker: Picker | None = None,
) -> Action:
    """Ask until the answer names a legal action: its number, or the action in words
    (read by ``parse``, the game's own reader). ``help`` says what can be typed and
    shows the actions again (``menu``: their lines as first shown).

    >>> answers = iter(["9", "discard 9s", "x", "help", "2"])
    >>> legal = [MahjongAction("discard", 0), MahjongAction("discard", 1)]
    >>> str(choose(legal, lambda p: next(answers), print))  # doctest: +ELLIPSIS
    no action 9: answer 1-2
    discard 9s is not one of your actions
    unknown action 'x' at position 0 in 'x' (actions: pass, discard, chow, ...)
    type the number of an action, or the action in words as shown in [brackets]:
      discard 4p, pung C, kong C, chow 3m (a chow is named by its lowest tile), win, pass;
    'help' shows this again; 'quit' stops the game ...
    your actions:
      1. discard 1m
      2. discard 2m
    'discard 2m'
    """
    help_lines = [
        *HELP,
        "your actions:",
        *(menu or [f"  {k}. {a}" for k, a in enumerate(legal, 1)]),
    ]
    misses = Misses(say)
    while True:
        text = read_answer(ask, say, help_lines)
        if text is None:
            misses.miss()
            continue
        if picker is not None:
            taken, action = picker.follow(text, tile_part, say, misses)
            if action is not None:
                return action
            if taken:
                continue
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            say(f"no action {k}: answer 1-{len(legal)}")
            misses.miss()
            continue
        try:
            action = parse(text)
        except NotationError as e:
            say(str(e))
            misses.miss()
            continue
        if action in legal:
            return action
        say(f"{action} is not one of your actions")
        misses.miss()


# -- naming the players --------------------------------------------------------------------


class Names:
    """How the players at one hand are named everywhere: name, seat name and place
    (``Ann (S, right)``); the human is ``you (E)``. ``players[s]`` is the name of the
    player at seat ``s``, ``seat_names`` the seats' names (from the observation),
    ``me`` the human's seat (-1 when sitting out: no places then).

    >>> names = Names(["Ann", "you", "Cid", "Dee"], ["E", "S", "W", "N"], 1)
    >>> names(0), names(1), names(2), names(3)
    ('Ann (E, left)', 'you (S)', 'Cid (W, right)', 'Dee (N, opposite)')
    >>> names.does(1, "pass"), names.does(2, "pass"), names.whose(1), names.whose(3)
    ('you (S) pass', 'Cid (W, right) passes', 'your', "Dee (N, opposite)'s")
    """

    def __init__(self, players: Sequence[str], seat_names: Sequence[str], me: int) -> None:
        self.players = list(players)
        self.seat_names = list(seat_names)
        self.me = me
        self.num_seats = len(self.seat_names)

    def __call__(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.num_seats:
            return "nobody"
        wind = self.seat_names[seat]
        if seat == self.me:
            return f"you ({wind})"
        if self.me < 0:
            return f"{self.players[seat]} ({wind})"
        return f"{self.players[seat]} ({wind}, {place(seat, self.me, self.num_seats)})"

    def does(self, seat: int | None, verb: str) -> str:
        """``seat``'s label and ``verb`` agreeing with it (``you (E) pass``)."""
        if seat == self.me:
            return f"{self(seat)} {verb}"
        first, _, rest = verb.partition(" ")
        ending = "es" if first.endswith(("s", "sh", "ch", "x")) else "s"
        return f"{self(seat)} {first}{ending}" + (f" {rest}" if rest else "")

    def whose(self, seat: int | None) -> str:
        """``your`` or ``Ann (S, right)'s``."""
        return "your" if seat == self.me else f"{self(seat)}'s"

    def seating(self, first: int) -> str:
        """Everyone in seat order from seat ``first`` (the dealer)."""
        return " · ".join(self((first + k) % self.num_seats) for k in range(self.num_seats))


# -- tiles ---------------------------------------------------------------------------------


def tiles_of(text: str) -> list[str]:
    """The tiles of notation ``text``, one name each (``123m C`` -> 1m 2m 3m C).

    >>> tiles_of("123m EE C"), tiles_of("")
    (['1m', '2m', '3m', 'E', 'E', 'C'], [])
    """
    try:
        return [tile_name(t) for t in parse_tiles(text)]
    except NotationError:
        return text.split()


def tile_part(word: str) -> str | None:
    """``word`` read as one tile (its name), else None: how a tile is picked when an
    action names several (a goulash's exchange of three).

    >>> tile_part("7p"), tile_part("E"), tile_part("123m"), tile_part("pass")
    ('7p', 'E', None, None)
    """
    try:
        tiles = parse_tiles(word)
    except NotationError:
        return None
    return tile_name(tiles[0]) if len(tiles) == 1 else None


def _tile_order(name: str) -> int:
    return int(parse_tiles(name)[0])


def hand_text(text: str, drawn: str | None = None) -> str:
    """A hand tile by tile, the ``drawn`` tile (when it holds one) apart at the end.

    >>> hand_text("123m 77p", "7p")
    '1m 2m 3m 7p + 7p'
    >>> hand_text("123m", "9s")
    '1m 2m 3m'
    """
    tiles = tiles_of(text)
    if drawn is None or drawn not in tiles:
        return " ".join(tiles) or "-"
    tiles.remove(drawn)
    return " ".join([*tiles, "+", drawn])


def meld_text(text: str) -> str:
    """A meld tile by tile: ``[1m 2m 3m]`` exposed, ``{5p 5p 5p 5p}`` concealed, a wild
    tile with its star (``[P P J*]``); a kong seen face down stays ``{????}``.

    >>> meld_text("[123m>3]"), meld_text("{5555p}"), meld_text("[PPJ*]"), meld_text("{????}")
    ('[1m 2m 3m]', '{5p 5p 5p 5p}', '[P P J*]', '{????}')
    """
    try:
        meld = parse_meld(text)
    except (NotationError, ValueError):
        return text
    natural = list(meld.tiles)
    for _, stands_for in meld.wilds:
        natural.remove(stands_for)
    names = [tile_name(t) for t in natural] + [tile_name(w) + "*" for w, _ in meld.wilds]
    body = " ".join(names)
    return f"[{body}]" if meld.exposed else "{" + body + "}"


def meld_kind(text: str) -> str:
    """``chow``, ``pung`` or ``kong`` (the text itself when it is no meld)."""
    try:
        return str(parse_meld(text).kind)
    except (NotationError, ValueError):
        return text


def offer_text(
    action: Action, names: Names, window: Mapping[str, Any] | None, drawn: str | None
) -> str:
    """An action offered as the tiles it makes: ``chow 3m 4m + 5m`` (the two tiles of
    the hand and the discard), ``pung C C + C``, ``win on 5m``; a discard or any other
    action as it is typed.

    >>> names = Names(["you", "Bob", "Cid", "Dee"], ["E", "S", "W", "N"], 0)
    >>> window = {"kind": "claim", "seat": 3, "tile": "5m"}
    >>> for a in ("chow 3m", "chow 4m", "pung 5m", "kong 5m", "win 5m", "pass"):
    ...     print(offer_text(MahjongAction.parse(a), names, window, None))
    chow 3m 4m + 5m
    chow 4m 6m + 5m
    pung 5m 5m + 5m
    kong 5m 5m 5m + 5m
    win on 5m
    pass
    >>> offer_text(MahjongAction.parse("win"), names, None, "7p")
    'win, self-drawn on 7p'
    """
    kind, payload = action[0], action[1]
    tile: int | None = None
    wilds: tuple[int, ...] = ()
    if type(payload) is int:
        tile = payload
    elif (
        type(payload) is tuple
        and len(payload) == 2
        and type(payload[0]) is int
        and type(payload[1]) is tuple
    ):
        tile, wilds = payload[0], payload[1]
    window = window or {}
    on = window.get("tile")
    if kind == "win":
        if tile is not None:
            return f"win on {tile_name(tile)}"
        return "win, self-drawn" + (f" on {drawn}" if drawn else "")
    if tile is None or tile >= NUM_KINDS:
        return str(action)
    name = tile_name(tile)
    stars = [tile_name(w) + "*" for w in wilds]
    if kind == "rob":
        return f"win on {name}, robbing {names.whose(window.get('seat'))} kong"
    if kind == "chow":
        run = [tile_name(t) for t in (tile, tile + 1, tile + 2) if t < NUM_KINDS]
        if isinstance(on, str) and on in run:
            run.remove(on)
            return f"chow {' '.join(run)} + {on}"
        return f"chow {' '.join(run)}"
    if kind in ("pung", "kong"):
        held = [name] * ((2 if kind == "pung" else 3) - len(stars)) + stars
        return f"{kind} {' '.join(held)} + {name}"
    if kind == "concealed_kong":
        return f"concealed kong {' '.join([name] * (4 - len(stars)) + stars)}"
    if kind == "added_kong":
        return f"kong: add {stars[0] if stars else name} to your pung of {name}"
    return str(action)


# -- one hand as the human sees it ---------------------------------------------------------


class HandView:
    """What the human has seen of one hand: the lines for events, the tile they drew
    last (while they hold it), the last discard; the table and the actions on their
    turn. Everything comes from the observation, the events and the result."""

    def __init__(self, names: Names, dealer: int = 0) -> None:
        self.names = names
        self.me = names.me
        self.dealer = dealer
        self.drawn: str | None = None
        self.last_discard: tuple[int, str] | None = None

    def see(self, event: Event) -> str | None:
        """One line for an event the human may see (None for the uninteresting ones,
        and for a win: the end of the hand shows it whole)."""
        n, me = self.names, self.me
        d = event.data
        seat = event.seat
        kind = event.kind
        if seat == me and kind in (
            "discard", "claim", "concealed_kong", "added_kong", "passed", "received", "win",
        ):  # fmt: skip
            self.drawn = None
        if kind == "forfeit":
            return f"{n.does(seat, 'forfeit')} the hand"
        if kind == "drawn":
            self.drawn = d["tile"]
            return f"{n.does(seat, 'draw')} {d['tile']}"
        if kind == "discard":
            self.last_discard = (seat, d["tile"]) if seat is not None else None
            return f"{n.does(seat, 'discard')} {d['tile']}"
        if kind == "claim":
            src = d["from"]
            got = self.last_discard
            tile = f"{got[1]} " if got is not None and got[0] == src else ""
            self.last_discard = None
            meld = d["meld"]
            return (
                f"{n.does(seat, 'claim')} {tile}from {n(src)}: "
                f"{meld_kind(meld)} {meld_text(meld)[1:-1]}"
            )
        if kind == "bonus":
            if seat == me and self.drawn == d["tile"]:
                self.drawn = None
            return f"{n.does(seat, 'lay')} out {d['tile']}"
        if kind == "concealed_kong":
            return f"{n.does(seat, 'declare')} a concealed kong"
        if kind == "concealed_kong_tile":
            return f"your concealed kong: {' '.join([d['tile']] * 4)}"
        if kind == "added_kong":
            return f"{n.does(seat, 'add')} {d['tile']} to a pung: a kong"
        if kind == "win":
            self.last_discard = None
            return None
        if kind == "exhaustive_draw":
            return "the wall is empty: the hand is a draw"
        if kind == "reveal":
            return f"{n.does(seat, 'lay')} the hand open: {hand_text(d['hand'])}"
        if kind == "disclosure":
            waits = " ".join(d.get("waits", ())) or "nothing"
            return f"{n.does(seat, 'declare')} the hand ready, waiting on {waits}"
        if kind == "payment":
            pays = ", ".join(f"{n(s)} {v:+d}" for s, v in enumerate(d["payments"]) if v)
            return f"{d['reason']} payment: {pays}"
        if kind == "received":
            return f"{n.does(seat, 'receive')} {hand_text(d['tiles'])} from {n(d['from'])}"
        if kind == "passed":
            return f"{n.does(seat, 'pass')} {d['count']} tiles to {n(d['receiver'])}"
        if kind == "keep":
            return f"{n.does(seat, 'keep')} the tile drawn, with no discard"
        if kind == "set_aside":
            if d.get("face_down"):
                return "a tile is set aside face down, out of play"
            return f"{d['tile']} is turned up and set aside"
        if kind == "shown":
            return f"{d['tile']} is turned up in the wall"
        if kind == "taken":
            if seat == me:
                self.drawn = d["tile"]
            return f"{n.does(seat, 'take')} {d['tile']} from the wall"
        if kind == "aside":
            if seat == me and self.drawn == d["tile"]:
                self.drawn = None
            return f"{n.does(seat, 'lay')} {d['tile']} aside"
        if kind in ("dice", "deal", "draw", "kong_added") or seat is None:
            return None
        return f"{n(seat)}: {kind.replace('_', ' ')}"

    def drawn_tile(self, obs: Mapping[str, Any]) -> str | None:
        """The tile the human drew, while it is their turn and they hold it."""
        if obs["phase"] == "turn" and obs["current"] == self.me:
            return self.drawn
        return None

    def discards(self, seat: int, text: str) -> str:
        """A seat's discards tile by tile, in order, the last discard marked."""
        tiles = text.split()
        last = self.last_discard
        if last is not None and last[0] == seat and tiles and tiles[-1] == last[1]:
            tiles[-1] += " (last)"
        return " ".join(tiles) or "-"

    def render(self, console: Console, obs: Mapping[str, Any], status: str) -> None:
        """The table as the human sees it: every player's melds, bonus tiles and
        discards, then the hand, the wall and the round."""
        n = self.names
        table = RichTable(show_header=True, header_style="bold", box=None)
        for col in ("player", "tiles", "melds", "bonus", "discards"):
            table.add_column(col)
        count = len(obs["discards"])
        for k in range(count):
            s = (obs["dealer"] + k) % count
            melds = " ".join(meld_text(m) for m in obs["melds"][s])
            if obs["aside"][s]:
                melds += f" aside: {hand_text(obs['aside'][s])}"
            if obs["public_hands"][s]:
                melds += f" open: {hand_text(obs['public_hands'][s])}"
            table.add_row(
                escape(n(s)),
                str(obs["hand_sizes"][s]),
                escape(melds.strip()) or "-",
                " ".join(tiles_of(obs["bonus"][s])) or "-",
                self.discards(s, obs["discards"][s]),
            )
        console.print(table, highlight=False)
        own = dict(ruleset_state(obs))
        paid = own.pop("transfers", None)  # payments made during the hand: each seat's net
        extra = "".join(f" · {k} {field_text(v)}" for k, v in own.items() if v or v == 0)
        if paid:
            net = [sum(t["payments"][s] for t in paid) for s in range(count)]
            extra += " · paid so far " + ", ".join(f"{n(s)} {v:+d}" for s, v in enumerate(net))
        round_text = f" · round {obs['prevailing']}" if obs["prevailing"] else ""  # no winds
        console.print(f"{status}{round_text} · wall {obs['wall']}{extra}", highlight=False)
        hand = hand_text(obs["hand"], self.drawn_tile(obs))
        console.print(f"your hand: [bold]{escape(hand)}[/]", highlight=False)

    def menu(self, legal: Sequence[Action], obs: Mapping[str, Any]) -> list[str]:
        """The numbered actions: as the tiles they make, with the words to type."""
        drawn = self.drawn_tile(obs)
        lines = []
        for k, action in enumerate(legal, 1):
            text = str(action)
            shown = offer_text(action, self.names, obs["window"], drawn)
            lines.append(f"  {k}. {shown}" + ("" if shown == text else f"  [{text}]"))
        return lines

    def result_lines(self, events: Sequence[Event], result: Mapping[str, Any]) -> list[str]:
        """The end of the hand: each winner's tiles, how the hand was won, the breakdown
        line by line, the total and the payments, per player."""
        n = self.names
        lines: list[str] = []
        won = [e for e in events if e.kind == "win"]
        wins = result["wins"]
        for k, win in enumerate(wins):
            seat = win["seat"]
            event = won[k] if k < len(won) and won[k].seat == seat else None
            points = f"{win['total']} point" + ("" if win["total"] == 1 else "s")
            lines.append(f"{n.does(seat, 'win')} on {win['tile']}: {points}")
            lines.append(f"  {self.how(win)}")
            if event is not None:
                lines.append(f"  hand: {hand_text(event.data['hand'], win['tile'])}")
                melds = [meld_text(m) for m in event.data["melds"]]
                if melds:
                    lines.append(f"  melds: {' '.join(melds)}")
            lines += self.breakdown(win)
            scored = result.get("scores")
            if scored:  # a rule system that scores every hand: the arithmetic too
                lines += [f"  {x}" for x in scored[seat].get("explain", ())[1:]]
            lines.append("  payments:")
            lines += self.payments(win)
        scored = result.get("scores")
        if scored and wins:
            winners = {w["seat"] for w in wins}
            lines.append("the other hands:")
            for seat, _ in self.order(list(range(len(scored)))):
                if seat in winners:
                    continue
                got = scored[seat]
                lines.append(f"  {n(seat)}: {got['total']}  {got.get('reading', '')}".rstrip())
                lines += [f"  {x}" for x in self.breakdown(got)[:-1]]
                lines += [f"    {x}" for x in got.get("explain", ())[1:]]
        for t in result.get("transfers", ()):
            pays = ", ".join(f"{n(s)} {v:+d}" for s, v in enumerate(t["payments"]) if v)
            lines.append(f"{n.whose(t['seat'])} {t['reason']} payment: {pays}")
        if not wins:
            lines.append("no winner this hand.")
        total = result["payments"]
        if len(wins) != 1 or result.get("transfers"):
            if any(total):
                lines.append(
                    "this hand: " + ", ".join(f"{n(s)} {v:+d}" for s, v in self.order(total))
                )
            elif not wins:
                lines.append("nobody pays.")
        return lines

    def how(self, win: Mapping[str, Any]) -> str:
        """How a hand was won: self-drawn, on whose discard, robbing whose kong."""
        n = self.names
        flags = win.get("how", {})
        if win["self_drawn"]:
            text = "self-drawn"
        elif flags.get("robbing_kong"):
            text = f"robbing {n.whose(win['discarder'])} kong"
        else:
            text = f"on {n.whose(win['discarder'])} discard"
        if flags.get("kong_replacement") or flags.get("replacement") == "kong":
            text += ", on a kong's replacement tile"
        if flags.get("last_wall_tile"):
            text += ", the last tile of the wall"
        return f"won {text}"

    @staticmethod
    def breakdown(win: Mapping[str, Any]) -> list[str]:
        """Each pattern with its value, count and points, then the total."""
        rows = [
            (
                p["name"],
                _value_text(p),
                str(p["count"]),
                "limit" if p.get("unit") == "limit" else str(p["value"] * p["count"]),
            )
            for p in win["patterns"]
        ]
        total = str(win["total"])
        w = [max([len(r[i]) for r in rows], default=0) for i in range(4)]
        w[0] = max(w[0], len("total"))
        w[3] = max(w[3], len(total))
        out = [f"  {a:<{w[0]}}  {b:>{w[1]}} x {c:<{w[2]}} = {d:>{w[3]}}" for a, b, c, d in rows]
        pad = w[1] + w[2] + 6 if rows else 0
        out.append(f"  {'total':<{w[0]}}  {'':>{pad}}{total:>{w[3]}}")
        return out

    def order(self, values: Sequence[int]) -> list[tuple[int, int]]:
        """``(seat, value)`` in seat order from the dealer's seat (seat names' order)."""
        count = len(values)
        first = self.dealer % count if count else 0
        return [((first + k) % count, values[(first + k) % count]) for k in range(count)]

    def payments(self, win: Mapping[str, Any]) -> list[str]:
        """Each player's payment for one win, with what it is for."""
        n = self.names
        pays = win["payments"]
        width = max(len(n(s)) for s in range(len(pays)))
        out = []
        for s, v in self.order(pays):
            if s == win["seat"]:
                note = "wins"
            elif win["self_drawn"]:
                note = "pays" if v < 0 else ""
            elif s == win["discarder"]:
                robbed = win.get("how", {}).get("robbing_kong")
                note = "kong robbed" if robbed else f"discarded {win['tile']}"
            else:
                note = "pays" if v < 0 else ""
            out.append(f"    {n(s):<{width}}  {v:>+4d}  {note}".rstrip())
        return out


def seat_text(obs: Mapping[str, Any], players: Sequence[str], width: int = 100) -> str:
    """One seat's table as text, from its observation alone (the learning environments'
    text view): the table as the terminal draws it.

    >>> from parlour.mahjong.session import Session
    >>> table = Session("mcr", seed=1).current_table()
    >>> text = seat_text(table.observation(0), ["Ann", "Bob", "Cid", "Dee"])
    >>> print(text.splitlines()[0])
     player           tiles  melds  bonus  discards
    >>> "your hand: " in text
    True
    """
    from io import StringIO

    me = obs["seat"] if obs["seat"] is not None else -1
    out = StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    HandView(Names(players, obs["seat_names"], me), obs["dealer"]).render(console, obs, "")
    lines = out.getvalue().rstrip().splitlines()
    lines[-2] = lines[-2].removeprefix(" · ")  # the status line, with no title before it
    return "\n".join(line.rstrip() for line in lines)


def field_text(value: Any) -> str:
    """A ruleset's observation field as text (a list: its items, comma-separated).

    >>> field_text("6s"), field_text([1, 2]), field_text({"1": "3p 6p"})
    ('6s', '1, 2', '1: 3p 6p')
    """
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {field_text(v)}" for k, v in value.items())
    return str(value)


# -- the match -------------------------------------------------------------------------------


def match_length(session: Session) -> int | None:
    """How many hands the match has, when the session rules fix it: every round deals
    once from each seat (MCR: 4 rounds x 4 seats = 16); None when it depends on play
    (the dealer stays, the winner deals, or the rules decide hands their own way).

    >>> match_length(Session(seed=1))
    16
    """
    rules = session.session_rules
    cls = type(rules)
    for hook in ("first_setup", "next_setup", "dealer_stays"):
        if getattr(cls, hook) is not getattr(SessionRules, hook):
            return None
    if rules.winner_deals or rules.dealer_stays_on_win or rules.dealer_stays_on_draw:
        return None
    total = len(rules.rounds) * session.num_seats
    return total if rules.max_hands is None else min(total, rules.max_hands)


def _starts(session: Session) -> list[int]:
    """Each player's balance before the first hand (classical: 2,000; MCR: 0)."""
    return [session.match_rules.starting_score] * session.num_players


def scores_line(session: Session) -> str:
    """Everyone's balance after a hand, best first, each with its change since the
    start of the match apart (a balance of 2,000 unchanged is ``2,000 (+0)``, not a
    win).

    >>> scores_line(Session(seed=1, players=["Ann", "Bob", "Cid", "Dee"]))
    'balances (change since the start): Ann 0 (+0), Bob 0 (+0), Cid 0 (+0), Dee 0 (+0)'
    """
    starts = _starts(session)
    return "balances (change since the start): " + ", ".join(
        f"{r['name']} {r['score']:,} ({r['score'] - starts[r['player']]:+,})"
        for r in session.standings()
    )


def standings_lines(session: Session) -> list[str]:
    """The final standings: rank, name, and each player's balance at the start, its
    change over the match and the balance now, in columns apart.

    >>> for line in standings_lines(Session(seed=1, players=["Ann", "Bob", "Cid", "Dee"]))[:3]:
    ...     print(line)
    final standings:
      rank  player  start  change  balance
         1  Ann         0      +0        0
    """
    rows = session.standings()
    starts = _starts(session)
    table = [
        (
            str(r["rank"]),
            r["name"],
            f"{starts[r['player']]:,}",
            f"{r['score'] - starts[r['player']]:+,}",
            f"{r['score']:,}",
        )
        for r in rows
    ]
    head = ("rank", "player", "start", "change", "balance")
    widths = [max(len(x[i]) for x in [head, *table]) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        rank, name, *numbers = cells
        return f"  {rank:>{widths[0]}}  {name:<{widths[1]}}" + "".join(
            f"  {x:>{w}}" for x, w in zip(numbers, widths[2:], strict=True)
        )

    return ["final standings:", line(head), *(line(cells) for cells in table)]


def results_lines(session: Session) -> list[str]:
    """The results table, one line per finished hand (each player's payments), then
    each player's change over the match and, when the players started from a balance
    (classical: 2,000), their start and balance, in rows apart.

    >>> for line in results_lines(Session(seed=1, players=["Ann", "Bob", "Cid", "Dee"])):
    ...     print(line)
    hand  wind  dealer  winner  total     Ann     Bob     Cid     Dee
    change                                 +0      +0      +0      +0
    """
    lines = session.results_text().splitlines()[:-1]  # its last line: the balances
    width = max(7, *(len(p) + 1 for p in session.players)) + 1  # as results_text's columns
    starts = _starts(session)
    changes = [score - start for score, start in zip(session.scores, starts, strict=True)]
    lines.append(f"{'change':<33}" + "".join(f"{x:>+{width},}" for x in changes))
    if any(starts):
        lines.append(f"{'start':<33}" + "".join(f"{x:>{width},}" for x in starts))
        lines.append(f"{'balance':<33}" + "".join(f"{x:>{width},}" for x in session.scores))
    return lines


def play(
    *,
    seed: int = 0,
    hands: int = 16,
    bots: Sequence[str] = ("greedy", "greedy", "greedy"),
    ask: Callable[[str], str] | None = None,
    console: Console | None = None,
    record: str | None = None,
    rules: str | None = None,
    options: dict[str, Any] | None = None,
) -> Session:
    """Play a match of rule system ``rules`` (by default the default system; MCR: 16
    hands; at most ``hands``) as
    player 0 against ``bots`` (one per other player); the seats change as the rulebook
    says. ``record`` saves the game record there at the end, also when stopped early:
    by 'quit', the end of input or a KeyboardInterrupt (Ctrl-C), which is raised again
    once the record is written. A ``record`` that cannot be written raises
    :class:`~parlour.records.RecordError` before the first deal.

    ``ask(prompt)`` reads one answer (``your action``, or ``press Enter for the next
    hand`` between hands); EOFError from it stops the game."""
    from parlour.records import RecordError

    if record is not None and (problem := record_problem(record)):
        raise RecordError(f"cannot write the record to {record}: {problem}")
    console = console or Console()
    ask = ask or (lambda prompt: console.input(f"[bold]{prompt}>[/] "))
    session = Session(
        rules,
        options,
        seed=seed,
        players=terminal_names(bots),
    )
    players: list[Bot | None] = [None] + [
        make_bot(name, seed=seed * 4 + i, ruleset=session.ruleset) for i, name in enumerate(bots, 1)
    ]
    length = match_length(session)

    def say(line: str) -> None:
        console.print(line, highlight=False, markup=False, soft_wrap=True)

    if length is not None and hands < length:
        say(f"the match has {length} hands: you play the first {hands}.")
    played = 0
    interrupted = False
    finished = False
    seating: tuple[int, ...] | None = None
    try:
        while not session.is_over() and played < hands:
            table = session.current_table()
            number = session.hand_number
            title = f"hand {number}" + ("" if length is None else f" of {length}")
            seated = session.seat_of(0)
            me = -1 if seated is None else seated
            public = table.observation(0)
            names = Names(
                [session.players[session.player_at(s)] for s in range(table.num_seats)],
                public["seat_names"],
                me,
            )
            view = HandView(names, public["dealer"])
            if seated is None:
                console.rule(f"{title}: you sit out this hand")
            else:
                wind = f"round {public['prevailing']}, " if public["prevailing"] else ""
                console.rule(f"{title}: {wind}you are {public['seat_names'][me]} (seat {me})")
            now = tuple(session.player_at(s) for s in range(table.num_seats))
            if seating is not None and now != seating:
                say("the players change seats.")
            seating = now
            say(f"at the table: {names.seating(public['dealer'])}")
            resting = [session.players[p] for p in session.setup.resting if p != 0]
            if resting:
                say(f"sitting out: {', '.join(resting)}")
            shown = 0
            while not table.is_over():
                for e in table.events[shown:]:
                    if e.visible_to(me) and (line := view.see(e)):
                        say(line)
                shown = len(table.events)
                seat = me if me in table.to_act() else table.to_act()[0]
                legal = table.legal_actions(seat)
                if seat == me:
                    obs = table.observation(me)
                    view.render(console, obs, title)
                    picker = Picker.of(legal, str, tile_part, _tile_order, noun="tiles")
                    menu = picker.lines() if picker is not None else view.menu(legal, obs)
                    for line in menu:
                        say(line)
                    action = choose(legal, ask, say, table.parse_action, menu, picker)
                else:
                    bot = players[session.player_at(seat)]
                    assert bot is not None
                    show_events(bot, table.events, seat)
                    action = bot.act(table.observation(seat), legal)
                session.apply(seat, action, hand=number)
            for e in table.events[shown:]:
                if e.visible_to(me) and (line := view.see(e)):
                    say(line)
            result = table.result()
            assert result is not None
            for line in view.result_lines(table.events, result):
                say(line)
            played += 1
            say(scores_line(session))
            if not session.is_over() and played < hands:
                pause(ask)
        finished = True
    except Quit:
        console.print("stopped.")
    except KeyboardInterrupt:
        console.print("interrupted.")
        interrupted = True
    if finished:
        console.rule("the match is over" if session.is_over() else f"{played} hands played")
        for line in standings_lines(session):
            say(line)
        for line in results_lines(session):
            say(line)
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


def _value_text(pattern: Mapping[str, Any]) -> str:
    """A pattern line's value with its unit when the rulebook has several (``4 points``,
    ``1 double``); MCR's fans are plain numbers."""
    unit = pattern.get("unit")
    value = pattern["value"]
    if not unit:
        return str(value)
    if unit == "limit":
        return "limit"
    word = unit[:-1] if value == 1 and unit.endswith("s") else unit
    return f"{value} {word}"


__all__ = [
    "HELP",
    "HandView",
    "Names",
    "choose",
    "match_length",
    "play",
    "results_lines",
    "scores_line",
    "standings_lines",
]
