"""Outside bots over the Botzone protocol of Chinese Standard Mahjong.

A :class:`BotzoneBot` runs a program that plays Chinese Standard Mahjong on the Botzone
platform (https://wiki.botzone.org.cn, "Chinese-Standard-Mahjong" and "Bot") and seats
it at a parlour table: it turns what its seat sees into Botzone's requests, writes them
to the program's standard input and reads its responses, one per request, as the
platform does. ``--bots botzone:COMMAND`` names one (``COMMAND`` is split as a shell
would split it, and run with no shell).

**Tiles.** ``W1``-``W9`` characters, ``B1``-``B9`` circles, ``T1``-``T9`` bamboos,
``F1``-``F4`` the winds East South West North, ``J1``-``J3`` the dragons red green
white, ``H1``-``H8`` the flowers (parlour's seasons ``x1``-``x4`` are ``H1``-``H4``, its
flowers ``f1``-``f4`` ``H5``-``H8``; which is which never changes a score).

**Requests** (the program's seat is its Botzone ``playerID``: 0 for the dealer, East,
then 1, 2, 3 in turn order): ``0 playerID quan`` (``quan``: the prevailing wind 0-3);
``1 hua0 hua1 hua2 hua3 <13 tiles> <the flowers, player 0's first>``; ``2 T`` (the
program drew ``T``); ``3 p BUHUA H`` (player ``p`` laid out a flower and draws again),
``3 p DRAW``, ``3 p PLAY T``, ``3 p PENG T`` and ``3 p CHI Mid T`` (a claim and the tile
then discarded), ``3 p GANG`` (a kong claimed or concealed), ``3 p BUGANG T``.
**Responses**: after ``2``: ``PLAY T``, ``GANG T`` (a concealed kong), ``BUGANG T``,
``HU``; after another's discard (``PLAY``, ``PENG``, ``CHI``): ``PASS``, ``PENG T``,
``CHI Mid T``, ``GANG``, ``HU``; after another's ``BUGANG``: ``HU`` (robbing the kong)
or ``PASS``; ``PASS`` to everything else. The dealer's fourteenth tile comes as its
first ``2`` request (parlour deals it fourteen: one of them is presented as drawn), and
every flower laid out before the first discard is in request ``1``.

**Input.** Simple input (the default): the first time a program is run in a hand it
reads ``1`` (the number of turns) and the request; JSON input (``botzone-json:COMMAND``)
reads ``{"requests": [...], "responses": [...]}`` on one line and answers
``{"response": ...}``. A program that keeps running (it prints
``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer, and flushes) then reads one
request per turn: a line, or in JSON input the request as a JSON string (a point the
platform's documents leave open). A program that exits after answering is run again
for the next request with the whole conversation, as the platform runs one that does
not keep running. One program runs per hand, as a Botzone game is one hand.

**Forfeits.** A program that answers something it may not do (a tile it does not hold,
a claim it cannot make, anything but ``PASS`` where it cannot act), garbage, nothing
within the time limit, or that dies, forfeits the hand as on Botzone: −30 to it and +10
to each other seat (:meth:`parlour.mahjong.table.Table.forfeit`, a recorded move); the
match goes on and the program is started again for the next hand. A ``PENG`` or ``CHI``
whose discard the hand would not hold forfeits at once; one the rules refuse when it is
due (a rule system's own limit on discards) forfeits then.

Names: ``botzone:COMMAND``, ``botzone-json:COMMAND``, and a time limit per answer other
than the default 3 s as ``botzone-0.5s:COMMAND`` or ``botzone-json-10s:COMMAND``; a
program just started has 5 s more for its first answer (:data:`STARTUP`). Its standard
error is discarded. The server does not offer these bots: a browser would choose the
command run on the host.

>>> parse_name("botzone-json-0.5s:python bot.py --deep")
('json', 0.5, ['python', 'bot.py', '--deep'])
>>> botzone_tile("5p"), botzone_tile("C"), botzone_tile("x2"), parlour_tile("T7")
('B5', 'J1', 'H2', '7s')
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from parlour.core.actions import Action
from parlour.core.game import Event
from parlour.mahjong.melds import parse_meld
from parlour.mahjong.table import forfeit_action
from parlour.mahjong.tiles import parse_tiles, tile_name

PREFIX = "botzone"
"""The kind of outside bot this module runs (``botzone:COMMAND``)."""
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""What a program prints after its answer to keep running for the next request."""
TIME_LIMIT = 3.0
"""Seconds a program has to answer one request (unless its name says otherwise)."""
STARTUP = 5.0
"""Seconds a program started anew has on top of the limit for its first answer."""
PENALTY = (-30, 10)
"""Botzone's penalty for a wrong answer: what the offender pays, what each other gets."""

_NAME = re.compile(r"botzone(?P<json>-json)?(?:-(?P<time>\d+(?:\.\d+)?)s)?:(?P<command>.+)", re.S)
_SUITS = {"m": "W", "p": "B", "s": "T"}
_HONOURS = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


def is_botzone_name(name: str) -> bool:
    """Does ``name`` name a Botzone bot (``botzone:...``, ``botzone-json-2s:...``)?

    >>> is_botzone_name("botzone:./bot"), is_botzone_name("greedy")
    (True, False)
    """
    return _NAME.fullmatch(name) is not None


def parse_name(name: str) -> tuple[str, float, list[str]]:
    """The input (``simple`` or ``json``), time limit and command a Botzone bot's name
    gives; ValueError saying what is wrong."""
    m = _NAME.fullmatch(name)
    if m is None:
        raise ValueError(
            f"{name!r} is not a Botzone bot: write botzone:COMMAND, botzone-json:COMMAND "
            "or botzone-2s:COMMAND (a time limit)"
        )
    try:
        command = shlex.split(m["command"])
    except ValueError as e:
        raise ValueError(f"cannot read the command of {name!r}: {e}") from None
    if not command:
        raise ValueError(f"{name!r} names no command")
    limit = float(m["time"]) if m["time"] else TIME_LIMIT
    if limit <= 0:
        raise ValueError(f"the time limit of {name!r} must be above 0 seconds")
    return ("json" if m["json"] else "simple"), limit, command


def botzone_tile(name: str) -> str:
    """A parlour tile name (``5p``, ``C``, ``f1``) as Botzone writes it (``B5``, ``J1``,
    ``H5``)."""
    if name in _HONOURS:
        return _HONOURS[name]
    if name[0] == "x":
        return f"H{name[1]}"
    if name[0] == "f":
        return f"H{int(name[1]) + 4}"
    return f"{_SUITS[name[1]]}{name[0]}"


def parlour_tile(text: str) -> str:
    """A Botzone tile (``B5``) as parlour names it (``5p``); ValueError if it is none.

    >>> parlour_tile("F3"), parlour_tile("H6")
    ('W', 'f2')
    >>> parlour_tile("Z9")
    Traceback (most recent call last):
    ...
    ValueError: 'Z9' is not a Botzone tile
    """
    for parlour, botzone in _HONOURS.items():
        if text == botzone:
            return parlour
    if len(text) == 2 and text[1] in "123456789":
        if text[0] in "WBT":
            return text[1] + "mps"["WBT".index(text[0])]
        if text[0] == "H" and text[1] != "9":
            k = int(text[1])
            return f"x{k}" if k <= 4 else f"f{k - 4}"
    raise ValueError(f"{text!r} is not a Botzone tile")


class Forfeit(Exception):
    """The program answered wrong, late or not at all (the message says how)."""


class _Program:
    """One run of the program for one hand: requests in, answers out, with a time
    limit; restarted with the whole conversation when it does not keep running."""

    def __init__(self, command: list[str], json_input: bool, limit: float) -> None:
        self.command, self.json_input, self.limit = command, json_input, limit
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.keeps_running = False

    def _start(self) -> None:
        self.close()
        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as e:
            raise Forfeit(f"cannot run {shlex.join(self.command)}: {e.strerror or e}") from None
        self.process = process
        lines: queue.Queue[str | None] = queue.Queue()
        self.lines = lines
        assert process.stdout is not None
        threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True).start()

    def ask(self, request: str) -> str:
        """The program's answer to ``request`` (its first line, or its ``response``)."""
        self.requests.append(request)
        fresh = self.process is None or not self.keeps_running
        if fresh:
            self._start()
            if self.json_input:
                text = json.dumps({"requests": self.requests, "responses": self.responses})
            else:
                turns = [
                    x for pair in zip(self.requests, self.responses, strict=False) for x in pair
                ]
                text = "\n".join([str(len(self.requests)), *turns, request])
        else:
            text = json.dumps(request) if self.json_input else request
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(text + "\n")
            process.stdin.flush()
        except OSError:
            raise Forfeit("the program stopped before it was asked") from None
        answer = self._answer(self.limit + (STARTUP if fresh else 0.0))
        self.responses.append(answer)
        return answer

    def _answer(self, limit: float) -> str:
        deadline = time.monotonic() + limit
        first: str | None = None
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise queue.Empty
                line = self.lines.get(timeout=left)
            except queue.Empty:
                raise Forfeit(f"no answer within {self.limit:g} s") from None
            if line is None:  # the end of its output: it does not keep running
                self.keeps_running = False
                self.close()
                if first is None:
                    raise Forfeit("the program stopped without answering")
                break
            line = line.rstrip("\r\n")
            if line == KEEP_RUNNING:
                if first is None:
                    raise Forfeit("the program asked to keep running without answering")
                self.keeps_running = True
                break
            if first is None:
                first = line
        if not self.json_input:
            return first.strip()
        try:
            data = json.loads(first)
            response = data["response"]
        except (ValueError, KeyError, TypeError):
            raise Forfeit(f"not a JSON answer with a response: {first[:80]!r}") from None
        if not isinstance(response, str):
            raise Forfeit(f"the response is not text: {response!r}")
        return response.strip()

    def close(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            _stop(process)


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Pass the lines of ``stream`` on, then None at its end."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _stop(process: subprocess.Popen[str]) -> None:
    """End ``process`` (it may have ended already)."""
    for stream in (process.stdin, process.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


class BotzoneBot:
    """A program speaking the Botzone protocol at one seat (see the module docstring).

    It reads the events its seat sees (``watch``: the table's drivers hand them to a
    bot that has it) and its observation (its seat, the dealer, the prevailing wind),
    and answers with the legal action the program's response names, or a forfeit.
    ``forfeits`` lists why it forfeited, hand by hand.
    """

    name = PREFIX
    observes = ("seat", "dealer", "prevailing", "hand_sizes", "phase", "hand")
    """The entries of its observation it reads (the rest comes from the events)."""

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        json_input: bool = False,
        time_limit: float = TIME_LIMIT,
        penalty: tuple[int, int] = PENALTY,
        quiet: bool = False,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("a Botzone bot needs a command to run")
        if shutil.which(argv[0]) is None and not os.path.isfile(argv[0]):
            raise ValueError(f"cannot run a Botzone bot: no program {argv[0]!r}")
        self.command = argv
        self.json_input = json_input
        self.time_limit = time_limit
        self.penalty = penalty
        self.quiet = quiet
        self.forfeits: list[str] = []
        self._events: list[Event] = []
        self._sent: list[Event] = []  # the hand's events turned into requests so far
        self._held = 0  # events at the end of _sent not turned into requests yet
        self._program: _Program | None = None
        self._discard: str | None = None  # the discard promised with a PENG or CHI
        self._finalizer = weakref.finalize(self, _close_program, [None])

    @classmethod
    def from_name(cls, name: str) -> BotzoneBot:
        """The bot a ``--bots`` name gives (``botzone-json-2s:./bot``).

        >>> BotzoneBot.from_name(f"botzone-json-2s:{sys.executable} -c pass").time_limit
        2.0
        """
        how, limit, command = parse_name(name)
        return cls(command, json_input=how == "json", time_limit=limit)

    # -- what the drivers call ------------------------------------------------------------

    def watch(self, events: Sequence[Event]) -> None:
        """The events of the hand so far that this seat sees (before each ``act``)."""
        self._events = list(events)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        seat = int(observation["seat"])
        seats = len(observation["hand_sizes"])
        events = self._events
        if not events:
            raise RuntimeError("a Botzone bot reads the events its seat sees: hand it them (watch)")
        if events[: len(self._sent)] != self._sent or self._program is None:
            self._new_hand()
        try:
            return self._decide(observation, legal, seat, seats)
        except Forfeit as e:
            return self._forfeit(seat, seats, str(e))

    def close(self) -> None:
        """Stop the program (if it runs)."""
        if self._program is not None:
            self._program.close()
            self._program = None

    # -- a hand ---------------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.close()
        self._program = _Program(self.command, self.json_input, self.time_limit)
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _close_program, [self._program])
        self._sent = []
        self._held = 0
        self._discard = None

    def _forfeit(self, seat: int, seats: int, why: str) -> Action:
        self.close()
        self.forfeits.append(why)
        if not self.quiet:
            print(f"botzone bot at seat {seat} forfeits the hand: {why}", file=sys.stderr)
        lose, win = self.penalty
        return forfeit_action([lose if s == seat else win for s in range(seats)])

    def _decide(
        self, observation: dict[str, Any], legal: Sequence[Action], seat: int, seats: int
    ) -> Action:
        program = self._program
        assert program is not None
        dealer = int(observation["dealer"])
        me = (seat - dealer) % seats
        start = len(self._sent) - self._held
        requests, held = _requests(
            self._events[start:], dealer, seats, me, first=start == 0, quan=observation
        )
        self._sent = list(self._events)
        self._held = held
        texts = {str(a): a for a in legal}
        last = self._events[-1]
        if self._discard is not None and not (last.kind == "claim" and last.seat == seat):
            self._discard = None  # the claim did not stand
        if self._discard is not None:  # the discard promised with the claim that stood
            for request in requests:
                _expect_pass(program, request)
            tile, self._discard = self._discard, None
            return _legal(texts, f"discard {tile}", f"PLAY {botzone_tile(tile)}")
        if not requests:
            raise RuntimeError("a Botzone bot was asked to act with nothing new to ask")
        for request in requests[:-1]:
            _expect_pass(program, request)
        request = requests[-1]
        asked = request.split()
        due = {"turn": asked[0] == "2", "rob": asked[2:3] == ["BUGANG"]}.get(
            str(observation.get("phase")), asked[2:3] in (["PLAY"], ["PENG"], ["CHI"])
        )
        if not due:
            raise RuntimeError(f"a Botzone bot cannot be asked to act after {request!r}")
        answer = program.ask(request)
        hand = [tile_name(t) for t in parse_tiles(str(observation.get("hand") or ""))]
        return self._action(request, answer, texts, hand)

    def _action(
        self, request: str, answer: str, texts: dict[str, Action], hand: Sequence[str]
    ) -> Action:
        """The legal action ``answer`` to ``request`` names (Forfeit if none); ``hand``
        its concealed tiles (a claim's discard must be one of those it keeps)."""
        words = answer.split()
        said = f"answered {answer[:60]!r} to {request!r}"
        asked = request.split()
        try:
            if asked[0] == "2":  # its own draw
                if words == ["HU"]:
                    return _legal(texts, "win", said)
                kinds = {"PLAY": "discard", "GANG": "concealed_kong", "BUGANG": "added_kong"}
                if len(words) == 2 and words[0] in kinds:
                    return _legal(texts, f"{kinds[words[0]]} {parlour_tile(words[1])}", said)
            elif asked[2] == "BUGANG":  # rob the kong, or not
                if words == ["HU"]:
                    for text in ("rob", "win"):
                        if text in texts:
                            return texts[text]
                    raise Forfeit(said)
                if words == ["PASS"]:
                    return _legal(texts, "pass", said)
            else:  # another seat's discard
                tile = parlour_tile(asked[-1])
                if words == ["PASS"]:
                    return _legal(texts, "pass", said)
                if words == ["HU"]:
                    return _legal(texts, "win", said)
                if words == ["GANG"]:
                    return _legal(texts, f"kong {tile}", said)
                if len(words) == 2 and words[0] == "PENG":
                    action = _legal(texts, f"pung {tile}", said)
                    self._discard = _kept(hand, [tile, tile], parlour_tile(words[1]), said)
                    return action
                if len(words) == 3 and words[0] == "CHI":
                    middle = parse_tiles(parlour_tile(words[1]))[0]
                    low = middle - 1 if middle % 9 else -1
                    action = _legal(texts, f"chow {tile_name(low) if low >= 0 else '?'}", said)
                    used = [tile_name(t) for t in range(low, low + 3) if tile_name(t) != tile]
                    self._discard = _kept(hand, used, parlour_tile(words[2]), said)
                    return action
        except ValueError as e:
            raise Forfeit(f"{said}: {e}") from None
        raise Forfeit(f"{said}: not a move Botzone allows there")


def _close_program(holder: list[_Program | None]) -> None:
    program = holder[0]
    if program is not None:
        program.close()


def _legal(texts: dict[str, Action], text: str, said: str) -> Action:
    action = texts.get(text)
    if action is None:
        raise Forfeit(f"{said}: not a legal move ({text})")
    return action


def _kept(hand: Sequence[str], used: Sequence[str], discard: str, said: str) -> str:
    """``discard``, if ``hand`` still holds it once the tiles ``used`` in a claim are
    taken from it (Forfeit if not)."""
    rest = list(hand)
    for t in used:
        rest.remove(t)
    if discard not in rest:
        raise Forfeit(f"{said}: it would not hold {botzone_tile(discard)} to discard")
    return discard


def _expect_pass(program: _Program, request: str) -> None:
    answer = program.ask(request)
    if answer != "PASS":
        raise Forfeit(f"answered {answer[:60]!r} to {request!r}, where only PASS is allowed")


def _requests(
    events: Sequence[Event], dealer: int, seats: int, me: int, *, first: bool, quan: Any
) -> tuple[list[str], int]:
    """The Botzone requests ``events`` make (from the start of the hand when ``first``)
    for Botzone player ``me``, and how many events at the end wait for the next ones
    (a claim waits for its discard). ``quan``: the observation (its prevailing wind)."""
    out: list[str] = []

    def pid(seat: int | None) -> int:
        assert seat is not None
        return (seat - dealer) % seats

    i = 0
    if first:
        i = _deal(events, dealer, seats, me, quan, out)
    n = len(events)
    while i < n:
        e = events[i]
        kind = e.kind
        if kind == "draw":
            # a flower drawn shows as the flower laid out; the drawn tile comes to its seat
            if i + 1 < n and events[i + 1].kind == "drawn":
                j = i + 2
                tile = str(events[i + 1].data["tile"])
            else:
                j = i + 1
                tile = ""
            if j < n and events[j].kind == "bonus" and events[j].seat == e.seat:
                i = j
                continue
            if pid(e.seat) == me:
                out.append(f"2 {botzone_tile(tile)}")
            else:
                out.append(f"3 {pid(e.seat)} DRAW")
            i = j
            continue
        if kind == "bonus":
            out.append(f"3 {pid(e.seat)} BUHUA {botzone_tile(str(e.data['tile']))}")
        elif kind == "discard":
            out.append(f"3 {pid(e.seat)} PLAY {botzone_tile(str(e.data['tile']))}")
        elif kind == "claim":
            meld = parse_meld(str(e.data["meld"]))
            if meld.kind == "kong":
                out.append(f"3 {pid(e.seat)} GANG")
            elif i + 1 >= n:
                return out, 1  # the discard that follows the claim is not made yet
            else:
                tile = botzone_tile(str(events[i + 1].data["tile"]))
                if meld.kind == "pung":
                    out.append(f"3 {pid(e.seat)} PENG {tile}")
                else:
                    middle = botzone_tile(tile_name(meld.tiles[1]))
                    out.append(f"3 {pid(e.seat)} CHI {middle} {tile}")
                i += 2
                continue
        elif kind == "concealed_kong":
            out.append(f"3 {pid(e.seat)} GANG")
        elif kind == "added_kong":
            out.append(f"3 {pid(e.seat)} BUGANG {botzone_tile(str(e.data['tile']))}")
        i += 1
    return out, 0


def _deal(
    events: Sequence[Event], dealer: int, seats: int, me: int, observation: Any, out: list[str]
) -> int:
    """Requests 0 and 1 (and the dealer's first ``2``) from the deal and the flowers
    laid out before play; the index of the first event after them."""
    prevailing = observation.get("prevailing") or "E"
    quan = "ESWN".index(prevailing) if prevailing in "ESWN" else 0
    out.append(f"0 {me} {quan}")
    flowers: list[list[str]] = [[] for _ in range(seats)]
    hand: list[str] = []
    drawn: list[str] = []
    i = 0
    while i < len(events) and events[i].kind in ("dice", "deal", "bonus", "draw", "drawn"):
        e = events[i]
        if e.kind == "deal":
            hand = [tile_name(t) for t in parse_tiles(str(e.data["tiles"]))]
        elif e.kind == "bonus":
            assert e.seat is not None
            flowers[(e.seat - dealer) % seats].append(str(e.data["tile"]))
            if (e.seat - dealer) % seats == me:
                hand.remove(str(e.data["tile"]))
        elif e.kind == "drawn":
            hand.append(str(e.data["tile"]))
            drawn.append(str(e.data["tile"]))
        i += 1
    hand = [t for t in hand if t not in _FLOWERS]
    own_draw = None
    if me == 0:  # the dealer's fourteenth tile comes as its first draw
        own_draw = drawn[-1] if drawn and drawn[-1] in hand else hand[-1]
        hand.remove(own_draw)
    counts = " ".join(str(len(f)) for f in flowers)
    shown = " ".join(botzone_tile(t) for f in flowers for t in f)
    tiles = " ".join(botzone_tile(t) for t in hand)
    out.append(" ".join(x for x in ("1", counts, tiles, shown) if x))
    if own_draw is not None:
        out.append(f"2 {botzone_tile(own_draw)}")
    else:
        out.append("3 0 DRAW")
    return i


_FLOWERS = frozenset(f"{k}{n}" for k in "fx" for n in "1234")


__all__ = [
    "KEEP_RUNNING",
    "PENALTY",
    "TIME_LIMIT",
    "BotzoneBot",
    "botzone_tile",
    "is_botzone_name",
    "parlour_tile",
    "parse_name",
]
