"""The terminal table (``parlour play``): every player named by name, seat and place,
the hand number, the drawn tile apart, discards tile by tile, claims as the tiles they
make, the end of each hand explained, the final standings, ``help``, the pause between
hands; for MCR and for a rule system whose seats are not winds.

Each test drives :func:`parlour.terminal.play` with scripted answers and a console
writing to a string, and reads the lines printed.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import rulebooks  # registers the test rulebooks (test-three-seats...) by name
from parlour.core.game import Event
from parlour.mahjong.session import Session
from parlour.records import read_record, validate
from parlour.terminal import HELP, HandView, Names, play

ACTION = "your action"
PAUSE = "press Enter for the next hand"

assert rulebooks.RULEBOOKS  # the import registers them


class Script:
    """Scripted answers: ``answers`` first, then ``then`` for every other action
    (None: the end of input); Enter at every pause (or ``pause``: an exception to raise
    or a line to answer). Every prompt is kept."""

    def __init__(
        self,
        answers: Sequence[str] = (),
        then: str | None = "1",
        pause: str | type[BaseException] = "",
    ) -> None:
        self.answers = list(answers)
        self.then = then
        self.pause = pause
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt == PAUSE:
            if isinstance(self.pause, str):
                return self.pause
            raise self.pause
        assert prompt == ACTION, prompt
        if self.answers:
            return self.answers.pop(0)
        if self.then is None:
            raise EOFError
        return self.then


def run(ask: Callable[[str], str], **kwargs: Any) -> tuple[list[str], Session]:
    """Play with ``ask``; the lines printed (right-stripped) and the session."""
    out = io.StringIO()
    session = play(ask=ask, console=Console(file=out, width=120), **kwargs)
    return [line.rstrip() for line in out.getvalue().splitlines()], session


def rule(line: str) -> str:
    """The title of a rule line (``──── hand 1 of 16: ... ────``)."""
    return line.strip("─ ")


def row(line: str) -> str:
    """A table row with its padding squeezed."""
    return " ".join(line.split())


def after(lines: list[str], title: str) -> list[str]:
    """The lines after the rule titled ``title``."""
    return lines[[rule(line) for line in lines].index(title) + 1 :]


# -- 1. players named the same way everywhere, also after the seats change -----------------


@pytest.mark.slow
def test_players_are_named_by_name_seat_and_place_after_the_seats_change() -> None:
    lines, session = run(Script(), seed=2, hands=5, bots=["random"] * 3)
    assert lines[0] == "the match has 16 hands: you play the first 5."
    first = after(lines, "hand 1 of 16: round E, you are E (seat 0)")
    assert first[0] == (
        "at the table: you (E) · random 2 (S, right) · random 3 (W, opposite) · random 4 (N, left)"
    )
    # hand 5 opens the South round: MCR swaps East and South, West and North
    fifth = after(lines, "hand 5 of 16: round S, you are S (seat 1)")
    assert fifth[:2] == [
        "the players change seats.",
        "at the table: random 2 (E, left) · you (S) · random 4 (W, right) · random 3 (N, opposite)",
    ]
    assert fifth[2:5] == [
        "random 4 (W, right) lays out f3",
        "random 3 (N, opposite) lays out x4",
        "random 2 (E, left) discards 6p",
    ]
    table = [row(line) for line in fifth[5:10]]
    assert table == [
        "player tiles melds bonus discards",
        "random 2 (E, left) 13 - - 6p (last)",
        "you (S) 13 - - -",
        "random 4 (W, right) 13 - f3 -",
        "random 3 (N, opposite) 13 - x4 -",
    ]
    assert fifth[10:14] == [
        "hand 5 of 16 · round S · wall 89",
        "your hand: 3m 7m 8m 2p 7p 8p 8p 5s 6s W N C C",
        "  1. pass",
        "  2. chow 7p 8p + 6p  [chow 6p]",  # you sit on East's right: you may chow
    ]
    assert len(session.hands) == 5 and session.setups[4].seating == (1, 0, 3, 2)
    # nobody is named by seat number or bare wind in an event line
    assert not [line for line in lines if line.startswith(("seat ", "S ", "W ", "N "))]


# -- 2, 3, 4. the hand number, the drawn tile apart, discards tile by tile -------------------


def test_hand_number_drawn_tile_and_discards() -> None:
    script = Script(["1", "1", "1", "1", "quit"])
    lines, _ = run(script, seed=1)
    assert rule(lines[0]) == "hand 1 of 16: round E, you are E (seat 0)"
    assert lines[1:6] == [
        "at the table: you (E) · greedy 2 (S, right) · greedy 3 (W, opposite) · greedy 4 (N, left)",
        "you (E) lay out x1",
        "you (E) draw 9p",
        "you (E) lay out x4",
        "you (E) draw 4p",
    ]
    # the dealer's replacement for a bonus tile is the tile drawn last: shown apart
    assert "your hand: 1m 3m 8m 8m 9m 3p 9p 9p 2s 4s 5s 9s 9s + 4p" in lines
    drawn = lines.index("you (E) draw 9p", 5)
    assert [row(line) for line in lines[drawn + 1 : drawn + 6]] == [
        "player tiles melds bonus discards",
        "you (E) 14 - x1 x4 1m",
        "greedy 2 (S, right) 13 - f3 8s",
        "greedy 3 (W, opposite) 13 - - 4m",
        "greedy 4 (N, left) 13 - f2 S (last)",  # the last discard, marked
    ]
    assert lines[drawn + 6 : drawn + 9] == [
        "hand 1 of 16 · round E · wall 83",
        "your hand: 3m 8m 8m 9m 3p 4p 9p 9p 2s 4s 5s 9s 9s + 9p",
        "  1. discard 3m",
    ]
    # in a claim window nothing is drawn: the hand is one sorted row
    passing = lines.index("greedy 2 (S, right) discards 8s")
    assert lines[passing + 6 : passing + 8] == [
        "hand 1 of 16 · round E · wall 86",
        "your hand: 3m 8m 8m 9m 3p 4p 9p 9p 2s 4s 5s 9s 9s",
    ]
    assert lines[-1] == "stopped."


def test_discards_are_written_tile_by_tile_in_order_the_last_marked() -> None:
    view = HandView(Names(["you", "Bob", "Cid", "Dee"], ["E", "S", "W", "N"], 0))
    assert view.see(Event("discard", 2, {"tile": "5m"})) == "Cid (W, opposite) discards 5m"
    assert view.discards(2, "1m 9p E 5m") == "1m 9p E 5m (last)"
    assert view.discards(1, "1m 9p E 5m") == "1m 9p E 5m"  # another seat's river
    claim = Event("claim", 3, {"meld": "[555m>3]", "from": 2})
    assert view.see(claim) == "Dee (N, left) claims 5m from Cid (W, opposite): pung 5m 5m 5m"
    assert view.discards(2, "1m 9p E") == "1m 9p E"  # claimed: no last discard in sight
    assert view.discards(3, "") == "-"
    lines, session = run(Script(), seed=1, hands=1)
    river = " ".join(e.data["tile"] for e in session.tables[0].events if e.kind == "discard")
    assert river.startswith("1m 8s 4m S 3m 5m 6p N")  # the rows above, read in turn order
    assert "greedy 3 (W, opposite) 13 - - 4m 6p (last)" in [row(line) for line in lines]


# -- 5. claims offered as the tiles they make; the typed words still work -------------------


def test_claims_are_offered_as_tiles_and_read_as_typed() -> None:
    out = io.StringIO()
    state = {"claimed": 0}

    def ask(prompt: str) -> str:
        if prompt != ACTION:
            return ""
        menu = out.getvalue().rsplit("your hand:", 1)[-1]
        if "[chow 4p]" in menu and not state["claimed"]:
            state["claimed"] = 1
            return "chow 4p"  # the words the parser reads: the lowest tile of the chow
        if state["claimed"]:
            return "quit"
        return "1"

    play(seed=3, ask=ask, console=Console(file=out, width=120))
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    offer = lines.index("  2. chow 4p 5p + 6p  [chow 4p]")
    assert lines[offer - 3 : offer] == [
        "hand 1 of 16 · round E · wall 58",
        "your hand: 4p 5p 8p 2s 3s 6s 8s 9s W C C F P",
        "  1. pass",
    ]
    assert lines[offer + 1] == "you (E) claim 6p from greedy 4 (N, left): chow 4p 5p 6p"
    assert row(lines[offer + 3]) == "you (E) 11 [4p 5p 6p] - 3m 5m 9m 9m 1p 3p 7m"
    assert lines[offer + 8] == "your hand: 8p 2s 3s 6s 8s 9s W C C F P"
    # a concealed kong of another player stays face down
    assert row(lines[offer + 5]).startswith("greedy 3 (W, opposite) 10 {????} f1")


@pytest.mark.slow
def test_every_claim_kind_reads_as_tiles() -> None:
    lines, _ = run(Script(), seed=3, hands=1)
    assert "  2. pung C C + C  [pung C]" in lines
    assert "  2. chow 4p 5p + 3p  [chow 3p]" in lines
    names = Names(["you", "Bob", "Cid", "Dee"], ["E", "S", "W", "N"], 0)
    view = HandView(names)
    obs = {"window": {"kind": "claim", "seat": 3, "tile": "5m"}, "phase": "claim", "current": 3}
    legal = [
        table_action(text)
        for text in ("pass", "win 5m", "kong 5m", "pung 5m", "chow 3m", "chow 4m", "chow 5m")
    ]
    assert view.menu(legal, obs) == [
        "  1. pass",
        "  2. win on 5m  [win 5m]",
        "  3. kong 5m 5m 5m + 5m  [kong 5m]",
        "  4. pung 5m 5m + 5m  [pung 5m]",
        "  5. chow 3m 4m + 5m  [chow 3m]",
        "  6. chow 4m 6m + 5m  [chow 4m]",
        "  7. chow 6m 7m + 5m  [chow 5m]",
    ]
    rob = {"window": {"kind": "rob", "seat": 2, "tile": "7s"}, "phase": "rob", "current": 2}
    assert view.menu([table_action("pass"), table_action("rob 7s")], rob)[1] == (
        "  2. win on 7s, robbing Cid (W, opposite)'s kong  [rob 7s]"
    )


def table_action(text: str) -> Any:
    from parlour.mahjong.actions import MahjongAction

    return MahjongAction.parse(text)


# -- 6. the end of a hand: the winner's tiles, how, the breakdown, the payments; a pause ----


@pytest.mark.slow
def test_the_end_of_a_hand_explains_the_win_and_waits() -> None:
    script = Script()
    lines, session = run(script, seed=1, hands=2)
    won = lines.index("greedy 3 (W, opposite) wins on 5p: 17 points")
    assert lines[won : won + 15] == [
        "greedy 3 (W, opposite) wins on 5p: 17 points",
        "  won on greedy 4 (N, left)'s discard",
        "  hand: 3m 6m 7m 7m 9m 2p 8p 1s 3s 4s 4s 5s 7s + 5p",
        "  Knitted Straight  12 x 1 = 12",
        "  Concealed Hand     2 x 1 =  2",
        "  All Chows          2 x 1 =  2",
        "  Flower Tiles       1 x 1 =  1",
        "  total                      17",
        "  payments:",
        "    you (E)                   -8  pays",
        "    greedy 2 (S, right)       -8  pays",
        "    greedy 3 (W, opposite)   +41  wins",
        "    greedy 4 (N, left)       -25  discarded 5p",
        "balances (change since the start): greedy 3 41 (+41), you -8 (-8), greedy 2 -8 (-8), "
        "greedy 4 -25 (-25)",
        "─" * 38 + " hand 2 of 16: round E, you are N (seat 0) " + "─" * 39,
    ]
    self_drawn = lines.index("greedy 2 (E, right) wins on 6p: 25 points")
    assert lines[self_drawn + 1 : self_drawn + 4] == [
        "  won self-drawn",
        "  hand: 1m 2m 3m 1p 2p 3p 4p 5p 5s 5s + 6p",
        "  melds: [7p 8p 9p]",
    ]
    assert lines[self_drawn + 10 : self_drawn + 16] == [
        "  total                       25",
        "  payments:",
        "    greedy 2 (E, right)      +99  wins",
        "    greedy 3 (S, opposite)   -33  pays",
        "    greedy 4 (W, left)       -33  pays",
        "    you (N)                  -33  pays",
    ]
    # one pause, between the two hands; none after the last
    assert script.prompts.count(PAUSE) == 1
    assert script.prompts.index(PAUSE) < len(script.prompts) - 1
    assert [h.winner for h in session.hands] == [2, 1]


def test_several_winners_and_a_robbed_kong_are_each_explained() -> None:
    names = Names(["Bob", "you", "Cid"], ["E", "S", "W"], 1)
    view = HandView(names)
    events = [
        Event("win", 0, {"tile": "7s", "hand": "123p 456s 777s 89s", "melds": [], "total": 2}),
        Event("win", 1, {"tile": "7s", "hand": "11p 55s 78s", "melds": ["[CCC>1]"], "total": 1}),
    ]
    win: dict[str, Any] = {
        "tile": "7s", "self_drawn": False, "discarder": 2, "how": {"robbing_kong": True}
    }  # fmt: skip
    result = {
        "wins": [
            {**win, "seat": 0, "total": 2,
             "patterns": [{"name": "Win", "value": 1, "count": 2}], "payments": [2, 0, -2]},
            {**win, "seat": 1, "total": 1,
             "patterns": [{"name": "Win", "value": 1, "count": 1}], "payments": [0, 1, -1]},
        ],
        "draw": False,
        "payments": [2, 1, -3],
    }  # fmt: skip
    assert view.result_lines(events, result) == [
        "Bob (E, left) wins on 7s: 2 points",
        "  won robbing Cid (W, right)'s kong",
        "  hand: 1p 2p 3p 4s 5s 6s 7s 7s 8s 9s + 7s",
        "  Win    1 x 2 = 2",
        "  total          2",
        "  payments:",
        "    Bob (E, left)     +2  wins",
        "    you (S)           +0",
        "    Cid (W, right)    -2  kong robbed",
        "you (S) win on 7s: 1 point",
        "  won robbing Cid (W, right)'s kong",
        "  hand: 1p 1p 5s 5s 8s + 7s",
        "  melds: [C C C]",
        "  Win    1 x 1 = 1",
        "  total          1",
        "  payments:",
        "    Bob (E, left)     +0",
        "    you (S)           +1  wins",
        "    Cid (W, right)    -1  kong robbed",
        "this hand: Bob (E, left) +2, you (S) +1, Cid (W, right) -3",
    ]


@pytest.mark.slow
def test_the_pause_stops_at_the_end_of_input_or_quit(tmp_path: Path) -> None:
    for pause in (EOFError, "quit"):
        path = tmp_path / f"{pause!s}.json"
        script = Script(pause=pause)
        lines, session = run(script, seed=1, hands=3, record=str(path))
        assert script.prompts[-1] == PAUSE
        assert lines[-2:] == ["stopped.", f"game record written to {path}"]
        assert len(session.hands) == 1 and not [line for line in lines if "hand 2 of" in line]
        report = validate(read_record(path))
        # the next hand, dealt but not begun, is not recorded: the match goes on after 1
        assert report.unfinished
        assert report.message.startswith("unfinished: the match goes on after hand 1")


def test_ctrl_c_at_the_pause_still_writes_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play(
            seed=1,
            hands=3,
            ask=Script(pause=KeyboardInterrupt),
            console=Console(file=out, width=200),
            record=str(path),
        )
    assert out.getvalue().splitlines()[-2:] == ["interrupted.", f"game record written to {path}"]
    assert len(read_record(path)["hands"]) == 1  # the hand played (the next not begun)


# -- 7. the end of the match -------------------------------------------------------------------


@pytest.mark.slow
def test_a_short_match_ends_with_the_standings_and_the_results() -> None:
    lines, session = run(Script(), seed=1, hands=2)
    end = after(lines, "2 hands played")
    assert end[:6] == [
        "final standings:",
        "  rank  player    start  change  balance",
        "     1  greedy 2      0     +91       91",
        "     2  greedy 3      0      +8        8",
        "     3  you           0     -41      -41",
        "     4  greedy 4      0     -58      -58",
    ]
    assert end[6:-1] == session.results_text().splitlines()[:-1]  # the hands
    assert end[6] == "hand  wind  dealer  winner  total       you  greedy 2  greedy 3  greedy 4"
    assert end[-1] == "change                                  -41       +91        +8       -58"


# -- 8. help ----------------------------------------------------------------------------------


def test_help_says_what_can_be_typed_and_asks_again() -> None:
    script = Script(["help", "quit"])
    lines, _ = run(script, seed=1)
    menu = lines.index("  1. discard 1m")
    assert lines[menu : menu + 11][-1] == "  11. discard 9s"
    shown = lines[menu + 11 :]
    assert shown[: len(HELP) + 1] == [*HELP, "your actions:"]
    assert shown[len(HELP) + 1 : len(HELP) + 12] == lines[menu : menu + 11]
    assert shown[len(HELP) + 12 :] == ["stopped."]
    assert script.prompts == [ACTION, ACTION]
    assert HELP[0].startswith("type the number of an action, or the action in words")
    assert "chow 3m (a chow is named by its lowest tile)" in HELP[1]
    assert "'help' shows this again; 'quit' stops the game" in HELP[2]


def test_bad_input_still_asks_again() -> None:
    lines, _ = run(Script(["zzz", "99", "discard 9x", "pung C", "quit"]), seed=1)
    assert lines[-5:] == [
        "unknown action 'zzz' at position 0 in 'zzz' "
        "(actions: pass, discard, chow, pung, kong, concealed_kong, added_kong, win, rob)",
        "no action 99: answer 1-11",
        lines[-3],
        "pung C is not one of your actions",
        "stopped.",
    ]
    assert "discard 9x" in lines[-3]


# -- every rule system: seats that are not winds, players who sit out -------------------------


@pytest.mark.slow
def test_a_three_seat_match_at_the_terminal() -> None:
    script = Script()
    lines, session = run(script, seed=4, rules="test-three-seats", bots=["random", "random"])
    assert session.is_over() and len(session.hands) == 6
    titles = [rule(line) for line in lines if line.startswith("─")]
    assert titles == [
        *(f"hand {k} of 6: round E, you are {w} (seat 0)" for k, w in
          zip(range(1, 4), ("banker", "left", "right"), strict=True)),
        *(f"hand {k} of 6: round S, you are {w} (seat 0)" for k, w in
          zip(range(4, 7), ("banker", "left", "right"), strict=True)),
        "the match is over",
    ]  # fmt: skip
    assert after(lines, "hand 1 of 6: round E, you are banker (seat 0)")[0] == (
        "at the table: you (banker) · random 2 (right, right) · random 3 (left, left)"
    )
    assert after(lines, "hand 2 of 6: round E, you are left (seat 0)")[0] == (
        "at the table: random 2 (banker, right) · random 3 (right, left) · you (left)"
    )
    assert "random 2 (right, right) discards 8p" in lines
    end = after(lines, "the match is over")
    standings = session.standings()
    assert end[0] == "final standings:"
    assert end[1].split() == ["rank", "player", "start", "change", "balance"]
    assert [line.split() for line in end[2:5]] == [
        [str(r["rank"]), *r["name"].split(), "0", f"{r['score']:+d}", str(r["score"])]
        for r in standings
    ]
    assert end[5:-1] == session.results_text().splitlines()[:-1]
    assert end[-1].split() == ["change", *(f"{x:+d}" for x in session.scores)]
    assert script.prompts.count(PAUSE) == 5
    assert not [line for line in lines if "seat 1" in line or "seat 2" in line]


def test_a_player_who_sits_out_is_named_without_places() -> None:
    lines, session = run(Script(), seed=4, hands=2, rules="test-dreamer", bots=["random"] * 4)
    assert lines[1:3] == [
        "at the table: you (E) · random 2 (S, right) · random 3 (W, opposite) · random 4 (N, left)",
        "sitting out: random 5",
    ]
    assert after(lines, "hand 2: you sit out this hand")[:2] == [
        "the players change seats.",
        "at the table: random 2 (E) · random 3 (S) · random 4 (W) · random 5 (N)",
    ]
    assert session.setups[1].resting == (0,)
