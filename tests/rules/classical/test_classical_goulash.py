"""The goulash at the table (british-variations.md §G, §H): the exchanges in their
pairs (P-1 with a fishing player, P-2 with three players), Heaven's Blessing stopping
them, the frozen fishing hand, wild tiles completing a claimed pung, no chows."""

from __future__ import annotations

from typing import Any

from parlour.core.actions import Action
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table, stacked_deal
from parlour.mahjong.tiles import format_tiles, parse_tiles


def goulash(hands: list[str], draws: str = "", **options: Any) -> Table:
    ruleset = make_ruleset("classical", {"goulash": True, **options})
    deal = stacked_deal(hands, draws)
    return Table(ruleset, seed=1, deal=deal, flags={"goulash": True})


def give(tiles: str) -> Action:
    return MahjongAction("exchange", tuple(sorted(parse_tiles(tiles))))


def hand(table: Table, seat: int) -> str:
    return format_tiles(table.hands[seat])


def holds(table: Table, seat: int, tiles: str) -> bool:
    rest = list(table.hands[seat])
    for t in parse_tiles(tiles):
        if t not in rest:
            return False
        rest.remove(t)
    return True


# East, South, West, North; no 2 Bamboo (wild) anywhere in the dealt hands
P1 = [
    "3m 6m 9m 2p 4p 7p 3s 6s 9s E S W N C",  # East
    "111m 222p 333s 444s F",  # South: waiting on F
    "4m 5m 8m 3p 5p 8p 5s 7s 8s E S W P",  # West
    "777m 6p 9p 1s 7s 9s N C P 5m 8m",  # North
]


def test_p1_four_player_exchanges_with_a_fishing_player() -> None:
    t = goulash(P1)
    assert t.phase == "exchange" and set(t.to_act()) == {0, 1, 2, 3}
    assert MahjongAction("fish") in t.legal_actions(1)  # South is one tile away already
    # exchange 1: E<->W, N<->S
    t.apply(0, give("3m 6m 9m"))
    t.apply(1, give("111m"))
    t.apply(2, give("4m 5m 8m"))
    t.apply(3, give("777m"))
    assert holds(t, 1, "777m") and holds(t, 3, "111m") and not holds(t, 1, "1m")
    assert holds(t, 0, "4m 5m 8m") and not holds(t, 0, "3m")
    # exchange 2: South fishes, so E<->S is skipped and W<->N goes ahead
    assert t.observation(0)["ruleset_state"]["exchange"] == 2
    before = [hand(t, s) for s in range(4)]
    t.apply(1, MahjongAction("fish"))
    t.apply(0, give("2p 4p 7p"))
    t.apply(2, give("3p 5p 8p"))
    t.apply(3, give("6p 9p 1s"))
    assert hand(t, 0) == before[0] and hand(t, 1) == before[1]
    assert holds(t, 3, "3p 5p 8p") and holds(t, 2, "6p 9p 1s")
    # exchange 3: E<->N goes ahead, W<->S is skipped; South is not asked again and
    # West, whose partner fishes, has nothing to choose
    assert 1 not in t.to_act()
    assert t.observation(2)["ruleset_state"]["fishing"] == [1]
    assert [str(a) for a in t.legal_actions(2)] == ["pass"]
    before = [hand(t, s) for s in range(4)]
    t.apply(0, give("3s 6s 9s"))
    t.apply(2, t.parse_action("pass"))
    t.apply(3, give("7s 9s N"))
    assert hand(t, 2) == before[2] and hand(t, 1) == before[1]
    assert holds(t, 3, "3s 6s 9s") and holds(t, 0, "7s 9s N")
    # the exchanges are over: East's first discard
    assert t.phase == "turn" and t.to_act() == (0,)


def test_a_fishing_hand_is_frozen() -> None:
    t = goulash(P1, draws="9m C")
    for seat, tiles in ((0, "3m 6m 9m"), (1, "111m"), (2, "4m 5m 8m"), (3, "777m")):
        t.apply(seat, give(tiles))
    t.apply(1, MahjongAction("fish"))
    for seat, tiles in ((0, "2p 4p 7p"), (2, "3p 5p 8p"), (3, "6p 9p 1s")):
        t.apply(seat, give(tiles))
    for seat, tiles in ((0, "3s 6s 9s"), (3, "7s 9s N")):
        t.apply(seat, give(tiles))
    t.apply(2, t.parse_action("pass"))
    # East discards a tile South could pung or kong: a frozen hand may not claim it
    t.apply(0, t.parse_action("discard 2p"))
    while t.phase == "claim":
        for seat in t.to_act():
            if seat == 1:
                assert [str(a) for a in t.legal_actions(1)] == ["pass"]
            t.apply(seat, t.parse_action("pass"))
    # South draws 9m: it must throw the drawn tile (it does not complete its hand)
    assert t.to_act() == (1,)
    assert [str(a) for a in t.legal_actions(1)] == ["discard 9m"]


P2 = [
    "111m 444m 777m 55p 1s 3s 6s",  # East
    "9p E E 8m 9m 6p 7p 8p 4s 9s S W N",  # South
    "9p 9p 8s 2m 3m 5m 6m 2p 3p 4p 5s 7s C",  # West
]


def test_p2_three_player_exchanges_and_heavens_blessing() -> None:
    """P-2: E<->W, then E<->S, then S<->W; East complete after the second exchange
    declares Heaven's Blessing and the third never takes place."""
    t = goulash(P2, players=3)
    assert MahjongAction("win") not in t.legal_actions(0)
    # exchange 1: E<->W; South waits
    assert [str(a) for a in t.legal_actions(1)] == ["pass"]
    t.apply(0, give("1s 3s 6s"))
    t.apply(1, t.parse_action("pass"))
    t.apply(2, give("9p 9p 8s"))
    assert hand(t, 0) == "111444777m 5599p 8s"
    # exchange 2: E<->S; West waits
    assert [str(a) for a in t.legal_actions(2)] == ["pass"]
    t.apply(0, give("5p 5p 8s"))
    t.apply(1, give("9p E E"))
    t.apply(2, t.parse_action("pass"))
    assert hand(t, 0) == "111444777m 999p EE"
    # exchange 3 would be S<->W: East, waiting, may declare Heaven's Blessing instead
    assert MahjongAction("win") in t.legal_actions(0)
    before = [hand(t, 1), hand(t, 2)]
    t.apply(0, MahjongAction("win"))
    t.apply(1, give("8m 9m S"))
    t.apply(2, give("2m 3m C"))
    assert t.is_over() and [hand(t, 1), hand(t, 2)] == before
    result = t.result()
    assert result is not None and result["wins"][0]["seat"] == 0
    east = result["scores"][0]
    assert east["limit"] is True and east["total"] == 500
    assert [p["key"] for p in east["patterns"]] == ["heavens_blessing"]
    assert result["payments"][0] > 0 and sum(result["payments"]) == 0


WILD_DEAL = [
    "3m 6m 9m 1p 4p 7p 3s 6s 9s E S W N C",  # East
    "C 2s 4m 5m 1p 5p 9p 1s 4s 7s E S P",  # South: one Red Dragon and one wild
    "4m 8m 3p 5p 8p 5s 7s 8s E S W P F",  # West
    "7m 6p 9p 1s 7s 9s N C P 5m 8m 2p 3p",  # North
]


def exchange_all(t: Table, keep: dict[int, str]) -> None:
    """Play the three exchanges, each seat passing the first three tiles it may that
    are not among those it keeps."""
    while t.phase == "exchange":
        for seat in t.to_act():
            kept = set(parse_tiles(keep.get(seat, "")))
            choice = next(
                (a for a in t.legal_actions(seat) if a[0] == "exchange" and not kept & set(a[1])),
                t.parse_action("pass"),
            )
            t.apply(seat, choice)


def test_a_wild_completes_a_claimed_pung_and_no_chow_is_offered() -> None:
    t = goulash(WILD_DEAL)
    exchange_all(t, {0: "C 3m", 1: "C 2s 4m 5m"})
    assert t.phase == "turn" and t.to_act() == (0,)
    t.apply(0, t.parse_action("discard C"))
    legal = [str(a) for a in t.legal_actions(1)]
    assert "pung C with 2s*" in legal
    assert not any(a.startswith("chow") for s in t.to_act() for a in map(str, t.legal_actions(s)))
    for seat in t.to_act():
        if seat != 1:
            t.apply(seat, t.parse_action("pass"))
    t.apply(1, t.parse_action("pung C with 2s*"))
    assert t.observation(0)["melds"][1] == ["[CC2s*>3]"]  # claimed from East
    # South's next discard of a suit tile: no chow for West either
    t.apply(1, t.parse_action("discard 4m"))
    assert not any(a[0] == "chow" for s in t.to_act() for a in t.legal_actions(s))


def test_no_set_of_wilds_only_is_offered() -> None:
    """G6.3: two wilds in hand cannot pung a discarded wild (it would be all wilds)."""
    deal = [
        "3m 6m 9m 1p 4p 7p 3s 6s 9s E S W N 2s",  # East will discard 2s
        "2s 2s 4m 5m 1p 5p 9p 1s 4s 7s E S P",  # South holds two wilds
        "4m 8m 3p 5p 8p 5s 7s 8s E S W P F",
        "7m 6p 9p 1s 7s 9s N C P 5m 8m 2p 3p",
    ]
    t = goulash(deal)
    exchange_all(t, {0: "2s", 1: "2s"})
    t.apply(0, t.parse_action("discard 2s"))
    assert not any(a[0] in ("pung", "kong") for a in t.legal_actions(1))
