"""Defects of the old mahjong table that must stay fixed, one test (or one parametrised
test) each, asserting the exact behaviour of the redesigned engine:

* payloads and seats that only compare equal to legal ones (floats, bools) are refused
  and change nothing, numpy integers are normalised; malformed actions raise
  ``IllegalAction`` and nothing else;
* ``observation`` and ``legal_actions`` refuse seats outside the table;
* observations and events handed out are copies or read-only;
* seeds ``k`` and ``-k`` (and every distinct seed) deal different hands;
* every other seat is asked after every discard and every added kong, and a refusal
  does not name other seats;
* a session refuses an action meant for a hand that is over;
* the integer encoding round-trips on a live table.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from typing import Any, cast

import numpy as np
import pytest

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, InvalidSeat
from parlour.core.game import Event
from parlour.mahjong.actions import MAHJONG_SPACE, MahjongAction
from parlour.mahjong.session import Session, SessionRules
from parlour.mahjong.table import Table, stacked_deal
from table_bots import WinBot

Chooser = Callable[[random.Random, list[Action]], Action]

# A prepared deal: the dealer (seat 0) holds 1m and 2m (tiles 0 and 1), so a bool
# payload compares equal to a legal discard.
HANDS = [
    "123456789m 1234p 5p",
    "123456789s 5678p",
    "ESWN CFP ESWN CF",
    "11s 22s 33s 44s 55s 66s 7s",
]


def prepared() -> Table:
    return Table(deal=stacked_deal(HANDS))


def snapshot(t: Table) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was (a deep copy, so that nothing
    shared with the table can change under it)."""
    return copy.deepcopy(
        (
            [t.observation(s) for s in range(t.num_seats)],
            len(t.events),
            list(t.actions),
            t.wall_count(),
            t.to_act(),
            t.phase,
            [sorted(h) for h in t.hands],
            t.result(),
        )
    )


def random_choice(rng: random.Random, legal: list[Action]) -> Action:
    return rng.choice(legal)


def kong_choice(rng: random.Random, legal: list[Action]) -> Action:
    """Always wins, kongs (added kongs first) and claims pungs; otherwise random."""
    for kind in ("win", "rob", "added_kong", "concealed_kong", "kong", "pung"):
        for a in legal:
            if a.kind == kind:
                return a
    return rng.choice(legal)


def play(
    t: Table,
    rng: random.Random,
    choose: Chooser = random_choice,
    after: Callable[[Table, int, Action], None] | None = None,
    stop: Callable[[Table], bool] | None = None,
) -> None:
    """Play ``t`` to the end (or until ``stop``), calling ``after`` after each action."""
    while not t.is_over():
        if stop is not None and stop(t):
            return
        seat = t.to_act()[0]
        action = choose(rng, t.legal_actions(seat))
        t.apply(seat, action)
        if after is not None:
            after(t, seat, action)


def in_claim_window() -> Table:
    """The prepared table after the dealer discards 1m: seats 1, 2, 3 are asked."""
    t = prepared()
    t.apply(0, MahjongAction("discard", 0))
    assert t.phase == "claim" and t.to_act() == (1, 2, 3)
    return t


# -- payloads and seats that only compare equal ----------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        ("discard", 1.0),
        ("discard", np.float64(1.0)),
        ("discard", np.float32(1.0)),
        ("discard", True),
        ("discard", False),
        ("discard", np.bool_(True)),
        MahjongAction("discard", 1.0),
        ("discard", (1.0, "declare")),
    ],
    ids=repr,
)
def test_payload_that_only_compares_equal_is_refused_and_nothing_changes(action: Any) -> None:
    t = prepared()
    assert MahjongAction("discard", 1) in t.legal_actions(0)
    assert MahjongAction("discard", 0) in t.legal_actions(0)
    before = snapshot(t)
    with pytest.raises(IllegalAction, match=r"^discard: .* is not a tile$"):
        t.apply(0, action)
    assert snapshot(t) == before
    # the table still plays normally afterwards
    t.apply(0, MahjongAction("discard", 1))
    assert t.actions == [(0, MahjongAction("discard", 1))]


def test_payload_that_only_compares_equal_is_refused_in_a_claim_window() -> None:
    t = in_claim_window()
    before = snapshot(t)
    refused: list[Any] = [("pass", 0), ("pass", False), ("pass", 0.0), ("win", 0.0), ("win", False)]
    for action in refused:
        with pytest.raises(IllegalAction):
            t.apply(1, action)
        assert snapshot(t) == before


@pytest.mark.parametrize(
    "action",
    [
        ("discard", np.int64(1)),
        ("discard", np.int32(1)),
        ("discard", np.uint8(1)),
        MahjongAction("discard", np.int64(1)),
        ("discard", [np.int64(1)][0]),
    ],
    ids=repr,
)
def test_numpy_tile_is_applied_as_the_int(action: Any) -> None:
    t = prepared()
    plain = prepared()
    events = t.apply(0, action)
    plain_events = plain.apply(0, MahjongAction("discard", 1))
    seat, recorded = t.actions[-1]
    assert (seat, recorded) == (0, MahjongAction("discard", 1))
    assert type(seat) is int
    assert type(recorded) is MahjongAction
    assert type(recorded.payload) is int
    assert events == plain_events
    assert snapshot(t) == snapshot(plain)


def test_numpy_payload_in_a_claim_window_is_applied_as_the_int() -> None:
    t = in_claim_window()
    seat: Any = np.int64(1)
    t.apply(seat, Action("pass", None))
    seat, recorded = t.actions[-1]
    assert (seat, recorded) == (1, MahjongAction("pass"))
    assert type(seat) is int
    assert t.to_act() == (2, 3)


@pytest.mark.parametrize("seat", [np.int64(0), np.int32(0), np.uint8(0), np.intp(0)], ids=repr)
def test_numpy_seat_is_accepted_as_the_int_seat(seat: Any) -> None:
    t = prepared()
    t.apply(seat, MahjongAction("discard", 1))
    assert t.actions == [(0, MahjongAction("discard", 1))]
    assert type(t.actions[-1][0]) is int
    assert t.to_act() == (1, 2, 3)


@pytest.mark.parametrize(
    "seat", [0.0, np.float64(0.0), False, np.bool_(False), "0", None, -4, 4], ids=repr
)
def test_seat_that_only_compares_equal_is_refused_and_the_log_does_not_grow(seat: Any) -> None:
    t = prepared()
    before = snapshot(t)
    with pytest.raises(InvalidSeat, match=r"^a seat is a whole number 0-3, not "):
        t.apply(seat, MahjongAction("discard", 1))
    assert t.actions == []
    assert snapshot(t) == before


def test_bool_seat_one_is_refused_in_a_claim_window() -> None:
    t = in_claim_window()
    before = snapshot(t)
    seats: list[Any] = [True, 1.0, np.float64(1.0)]
    for seat in seats:
        with pytest.raises(InvalidSeat):
            t.apply(seat, MahjongAction("pass"))
        assert len(t.actions) == 1
        assert snapshot(t) == before


MALFORMED: list[Any] = [
    ("discard", 99),
    ("discard", -1),
    ("discard", 43),
    ("discard", "1m"),
    ("discard", "discard"),
    ("discard", None),
    ("discard", [1]),
    ("discard", (1,)),
    ("discard", (1, 2)),
    ("discard", {"tile": 1}),
    (None, 1),
    (None, None),
    (1, 1),
    ("fold", 1),
    ("discard 1m", None),
    "discard 1m",
    "",
    ("discard", 1, 2),
    ("discard",),
    (),
    ["discard", 1],
    None,
    1,
    {"kind": "discard", "payload": 1},
    ("pung", (31, 19)),
    ("pung", (31, (19, 20))),
    ("win", "win"),
    ("pass", 1),
]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_action_raises_illegal_action_only(action: Any) -> None:
    t = prepared()
    before = snapshot(t)
    with pytest.raises(IllegalAction):  # not IndexError, TypeError or KeyError
        t.apply(0, action)
    assert snapshot(t) == before
    claim = in_claim_window()
    before = snapshot(claim)
    with pytest.raises(IllegalAction):
        claim.apply(2, action)
    assert snapshot(claim) == before


# -- seats outside the table -----------------------------------------------------------


BAD_SEATS: list[Any] = [-1, 4, 1.5, True, False, "0", None, 0.0, np.float64(2.0), -4]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_observation_and_legal_actions_refuse_a_seat_outside_the_table(seat: Any) -> None:
    t = Table(seed=5)
    with pytest.raises(InvalidSeat, match=r"a seat is a whole number 0-3"):
        t.observation(seat)
    with pytest.raises(InvalidSeat, match=r"a seat is a whole number 0-3"):
        t.legal_actions(seat)
    s = Session(seed=5)
    with pytest.raises(InvalidSeat):
        s.observation(seat)
    with pytest.raises(InvalidSeat):
        s.legal_actions(seat)


def test_observation_minus_one_is_never_seat_three() -> None:
    t = Table(seed=5)
    hand3 = t.observation(3)["hand"]
    with pytest.raises(InvalidSeat):
        t.observation(-1)
    # and legal_actions(-1) is not the last seat's either, even once cached
    t.legal_actions(3)
    with pytest.raises(InvalidSeat):
        t.legal_actions(-1)
    assert t.observation(3)["hand"] == hand3
    assert issubclass(InvalidSeat, IllegalAction)
    numpy_seats: list[Any] = [np.int64(s) for s in range(4)]
    assert [t.observation(s)["seat"] for s in numpy_seats] == [0, 1, 2, 3]


# -- observations and events are copies or read-only -----------------------------------


def table_with_melds() -> Table:
    """A table where some seat has claimed a meld (the kong bot claims pungs)."""
    for seed in range(50):
        t = Table(seed=seed)
        play(t, random.Random(seed), kong_choice, stop=lambda t: any(t.melds))
        if any(t.melds) and not t.is_over():
            return t
    raise AssertionError("no meld claimed in 50 games")


def test_editing_an_observation_changes_nothing_anyone_sees() -> None:
    t = table_with_melds()
    owner = next(s for s in range(4) if t.melds[s])
    before = copy.deepcopy([t.observation(s) for s in range(4)])
    melds_before = copy.deepcopy(t.melds)
    for s in range(4):
        obs = t.observation(s)
        obs["melds"][owner].append("[111m]")
        obs["melds"][(owner + 1) % 4].append("[999s]")
        obs["melds"][owner].clear()
        obs["discards"][0] = "1m1m1m"
        obs["discards"].append("E")
        obs["discarded"][1] = ""
        obs["bonus"][2] = "f1"
        obs["hand_sizes"][3] = 99
        obs["seat_names"][0] = "X"
        obs["legal"].append("win")
        obs["to_act"].append(3)
        obs["public_hands"][0] = "123m"
        obs["ruleset_state"]["cheat"] = True
        if obs["window"] is not None:
            obs["window"]["tile"] = "J"
        if obs["last_discard"] is not None:
            obs["last_discard"]["seat"] = 9
        obs["hand"] = "EEEE"
        obs.clear()
    assert [t.observation(s) for s in range(4)] == before
    assert t.melds == melds_before


def test_editing_legal_actions_changes_nothing() -> None:
    t = in_claim_window()
    legal = t.legal_actions(1)
    before = list(legal)
    legal.append(MahjongAction("win", 0))
    legal.clear()
    assert t.legal_actions(1) == before
    obs = t.observation(1)
    obs["legal"].append("win 1m")
    assert t.observation(1)["legal"] == [str(a) for a in before]
    with pytest.raises(IllegalAction):
        t.apply(1, MahjongAction("win", 0))


def won_table() -> Table:
    for seed in range(100):
        t = Table(seed=seed)
        bot = WinBot(seed)

        def win_choice(_rng: random.Random, legal: list[Action], bot: WinBot = bot) -> Action:
            return bot.act({}, legal)

        play(t, random.Random(seed), win_choice)
        if t.wins:
            return t
    raise AssertionError("no won hand in 100 games")


def test_editing_the_result_in_an_observation_changes_nothing() -> None:
    t = won_table()
    result = copy.deepcopy(t.result())
    assert result is not None and result["wins"]
    before = copy.deepcopy([t.observation(s) for s in range(4)])
    payments = copy.deepcopy([w.payments for w in t.wins])
    obs = t.observation(0)
    res = obs["result"]
    res["wins"][0]["payments"][0] = 10**6
    res["wins"][0]["patterns"].clear()
    res["wins"][0]["seat"] = 9
    res["wins"].append({"seat": 0})
    res["payments"][1] = -(10**6)
    res["draw"] = True
    if "how" in res["wins"][0]:
        res["wins"][0]["how"].clear()
    got = t.result()
    assert got is not None
    got["payments"].append(5)
    got.clear()
    assert t.result() == result
    assert [t.observation(s) for s in range(4)] == before
    assert [w.payments for w in t.wins] == payments


def test_event_data_is_read_only_and_to_json_is_fresh() -> None:
    t = won_table()
    win = next(e for e in t.events if e.kind == "win")
    with pytest.raises(TypeError):
        win.data["total"] = 10**6  # type: ignore[index]
    with pytest.raises(TypeError):
        del win.data["total"]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):  # a frozen dataclass or a tuple: refused
        win.data = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):  # a frozen dataclass or a tuple: refused
        win.seat = 3  # type: ignore[misc]
    payments: Any = win.data["payments"]
    assert type(payments) is tuple and type(win.data["melds"]) is tuple
    with pytest.raises(AttributeError):
        cast(Any, payments).append(1)
    first = win.to_json()
    assert type(first["payments"]) is list and type(first["melds"]) is list
    first["payments"][0] = 10**6
    first["melds"].append("[EEE]")
    first["tile"] = "J"
    assert win.to_json() != first
    assert win.to_json() is not win.to_json()
    assert win.to_json()["payments"] == list(win.data["payments"])
    assert win.to_json()["payments"] == t.result()["wins"][0]["payments"]  # type: ignore[index]
    # the events apply returns are the table's own, read-only too
    t2 = prepared()
    (discard,) = t2.apply(0, MahjongAction("discard", 1))
    assert discard is t2.events[-1]
    with pytest.raises(TypeError):
        discard.data["tile"] = "9s"  # type: ignore[index]
    assert t2.events[-1].data["tile"] == "2m"


def test_event_keeps_no_reference_to_the_callers_data() -> None:
    data: dict[str, Any] = {"tiles": ["1m", "2m"], "inner": {"n": [1]}}
    e = Event("deal", 0, data)
    data["tiles"].append("3m")
    data["inner"]["n"].append(2)
    data["more"] = 1
    assert e.to_json() == {"kind": "deal", "seat": 0, "tiles": ["1m", "2m"], "inner": {"n": [1]}}
    out = e.to_json()
    out["inner"]["n"].append(3)
    assert type(out["inner"]) is dict and type(out["inner"]["n"]) is list
    assert e.to_json()["inner"] == {"n": [1]}
    with pytest.raises(TypeError):
        e.data["inner"]["n"] = [9]


# -- seeds -----------------------------------------------------------------------------


def deal_of(seed: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    t = Table(seed=seed)
    return tuple(t.observation(s)["hand"] for s in range(4)), tuple(t.wall.tiles())


def test_seeds_k_and_minus_k_deal_differently() -> None:
    for k in range(1, 201):
        plus, minus = deal_of(k), deal_of(-k)
        assert plus[0] != minus[0], k  # the hands differ
        assert plus[1] != minus[1], k  # and the wall
    zero = deal_of(0)
    assert zero != deal_of(1)
    assert zero != deal_of(-1)
    assert zero[0] != deal_of(1)[0] and zero[0] != deal_of(-1)[0]
    assert deal_of(7) == deal_of(7)  # and a seed deals alike every time


def test_five_hundred_distinct_seeds_deal_five_hundred_deals() -> None:
    rng = random.Random(2024)
    seeds = set(range(-100, 100))
    while len(seeds) < 500:
        seeds.add(rng.randrange(-(2**40), 2**40))
    deals = {deal_of(s) for s in seeds}
    assert len(deals) == 500


# -- everyone is asked: what a seat sees does not depend on others' concealed tiles -----


def check_everyone_asked(t: Table, seat: int, action: Action) -> None:
    if t.is_over():
        return
    others = tuple(s for s in range(4) if s != seat)
    if action.kind == "discard":
        assert t.phase == "claim", (action, t.phase)
        assert t.to_act() == others
    elif action.kind == "added_kong":
        assert t.phase == "rob", (action, t.phase)
        assert t.to_act() == others
    else:
        return
    for s in range(4):
        obs = t.observation(s)
        assert obs["to_act"] == ([s] if s != seat else [])
        assert obs["phase"] == t.phase
        if s != seat:
            assert "pass" in obs["legal"]
            assert t.legal_actions(s)[0] == MahjongAction("pass")
        else:
            assert obs["legal"] == [] and t.legal_actions(s) == []


def test_every_other_seat_is_asked_after_every_discard() -> None:
    discards = 0
    for seed in range(8):
        t = Table(seed=seed)
        assert t.ask_everyone

        def count(t: Table, seat: int, action: Action) -> None:
            nonlocal discards
            check_everyone_asked(t, seat, action)
            discards += action.kind == "discard"

        play(t, random.Random(seed), random_choice, count)
    assert discards > 300


def test_every_other_seat_is_asked_after_every_added_kong() -> None:
    added = 0
    discards = 0
    for seed in range(20):
        t = Table(seed=seed)

        def count(t: Table, seat: int, action: Action) -> None:
            nonlocal added, discards
            check_everyone_asked(t, seat, action)
            added += action.kind == "added_kong"
            discards += action.kind == "discard"

        play(t, random.Random(seed), kong_choice, count)
    assert added >= 5
    assert discards > 300


def other_seat_numbers(message: str, seat: int) -> list[str]:
    return [n for n in re.findall(r"\d+", message) if n != str(seat)]


def test_refusal_for_a_seat_not_asked_in_a_window_names_no_other_seat() -> None:
    # a claim window: the discarder, and a seat that has already answered
    t = in_claim_window()
    t.apply(2, MahjongAction("pass"))
    for seat, action in [
        (0, MahjongAction("pass")),
        (0, MahjongAction("pung", 0)),
        (2, MahjongAction("pass")),
        (2, MahjongAction("chow", 0)),
    ]:
        with pytest.raises(IllegalAction) as got:
            t.apply(seat, action)
        message = str(got.value)
        assert message == f"seat {seat} has nothing to decide now"
        assert other_seat_numbers(message, seat) == []
    # a rob window
    for seed in range(40):
        t = Table(seed=seed)
        rng = random.Random(seed)
        play(t, rng, kong_choice, stop=lambda t: t.phase == "rob")
        if t.phase == "rob":
            break
    assert t.phase == "rob"
    konger = next(s for s in range(4) if s not in t.to_act())
    answered = t.to_act()[0]
    t.apply(answered, MahjongAction("pass"))
    for seat in (konger, answered):
        for action in (MahjongAction("pass"), MahjongAction("discard", 0)):
            with pytest.raises(IllegalAction) as got:
                t.apply(seat, action)
            message = str(got.value)
            assert message == f"seat {seat} has nothing to decide now"
            assert other_seat_numbers(message, seat) == []


# -- a session refuses an action for a hand that is over -------------------------------


def session_snapshot(s: Session) -> tuple[Any, ...]:
    t = s.current_table()
    return copy.deepcopy(
        (
            s.hand_number,
            len(s.tables),
            len(s.outcomes),
            list(s.scores),
            len(t.events),
            list(t.actions),
            [s.observation(seat) for seat in range(4)],
        )
    )


def test_session_refuses_an_action_for_a_hand_that_is_over() -> None:
    s = Session(seed=3, session_rules=SessionRules(max_hands=4))
    rng = random.Random(3)
    while s.hand_number == 1:
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)), hand=1)
    assert s.hand_number == 2 and not s.is_over()
    seat = s.to_act()[0]
    legal = s.legal_actions(seat)
    before = session_snapshot(s)
    for action in (legal[-1], legal[0], MahjongAction("pass")):
        with pytest.raises(IllegalAction) as got:
            s.apply(seat, action, hand=1)
        message = str(got.value)
        assert "hand 1" in message and "hand 2" in message
        assert session_snapshot(s) == before
    # a hand not yet dealt is refused too; the right hand number plays
    with pytest.raises(IllegalAction, match=r"hand 3.*hand 2"):
        s.apply(seat, legal[0], hand=3)
    assert session_snapshot(s) == before
    s.apply(seat, legal[0], hand=2)
    assert s.current_table().actions[-1] == (seat, legal[0])


# -- the integer encoding on a live table ----------------------------------------------


@pytest.mark.slow
def test_encoding_round_trips_for_every_legal_action_on_a_live_table() -> None:
    sizes: set[int] = set()
    checked = 0
    for seed in range(6):
        t = Table(seed=seed)
        rng = random.Random(seed)
        choose: Chooser = kong_choice if seed % 2 else random_choice
        while not t.is_over():
            sizes.add(t.action_space_size)
            for seat in t.to_act():
                legal = t.legal_actions(seat)
                codes = [t.encode(a) for a in legal]
                assert len(set(codes)) == len(legal)
                for a, i in zip(legal, codes, strict=True):
                    assert 0 <= i < t.action_space_size
                    assert t.decode(i) == a
                    assert t.parse_action(t.format_action(a)) == a
                    checked += 1
                mask = MAHJONG_SPACE.mask(legal)
                assert [i for i, m in enumerate(mask) if m] == sorted(codes)
            seat = t.to_act()[0]
            legal = t.legal_actions(seat)
            wanted = choose(rng, legal)
            index = t.encode(wanted)
            given: Any = np.int64(index) if index % 2 else index
            t.apply(seat, t.decode(given))
            assert t.actions[-1] == (seat, wanted)
            assert type(t.actions[-1][1]) is MahjongAction
        sizes.add(t.action_space_size)
    assert sizes == {MAHJONG_SPACE.size}
    assert checked > 1000


def test_decoded_illegal_index_is_refused_and_changes_nothing() -> None:
    t = prepared()
    legal = {t.encode(a) for a in t.legal_actions(0)}
    before = snapshot(t)
    illegal = [i for i in range(t.action_space_size) if i not in legal]
    for i in illegal[:: max(1, len(illegal) // 300)]:
        with pytest.raises(IllegalAction):
            t.apply(0, t.decode(i))
        assert snapshot(t) == before
    bad_indices: list[Any] = [-1, t.action_space_size, 1.0, True]
    for bad in bad_indices:
        with pytest.raises(ValueError):
            t.decode(bad)
