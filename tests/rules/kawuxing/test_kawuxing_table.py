"""Kawuxing at the table (``kawuxing.md`` §1-§8, §10): the three roles on 84 tiles, the
claims the rules allow, kong payments at once along a chain, a robbed kong, double
wins, the missed-win freeze and its exception, disclosure, the drawn hand, and the match
(the winner banks next, four people with one resting).

Scenarios stack a deal: seat 0 is the banker (14 tiles), seat 1 his right (next in
turn), seat 2 his left; ``draws`` are the head's tiles in order, ``replacements`` the
tail's in the order supplements take them. Every payment is checked against the
scoring API (``parlour.score``) given the same facts, written here from the table's
events alone.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules.kawuxing.session import KawuxingSession
from parlour.mahjong.rules.kawuxing.table import KawuxingHandState, KawuxingRuleset
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_84, format_tiles, parse_tiles, tile_name
from parlour.records import record_of, validate
from parlour.registry import find_system

ROLES = ("banker", "right", "left")


def kw_table(
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    options: dict[str, Any] | None = None,
) -> Table:
    ruleset = KawuxingRuleset(options or {})
    deal = stacked_deal(hands, draws=draws, replacements=replacements, tile_set=TILES_84)
    return Table(ruleset, seed=1, deal=deal)


def act(table: Table, seat: int, text: str) -> None:
    table.apply(seat, table.parse_action(text))


def legal(table: Table, seat: int) -> set[str]:
    return {table.format_action(a) for a in table.legal_actions(seat)}


def pass_all(table: Table) -> None:
    while table.phase not in ("turn", "over"):
        for s in table.to_act():
            table.apply(s, MahjongAction("pass"))


def transfers(table: Table) -> list[list[int]]:
    return [t["payments"] for t in table.transfers]


def full_set(table: Table) -> bool:
    return tile_count_check(table) == list(table.ruleset.tile_set.counts)


def test_the_deal_three_roles_14_and_13_tiles_44_left() -> None:
    table = find_system("kawuxing").new_hand({}, seed=3)
    obs = table.observation(0)
    assert obs["seat_names"] == list(ROLES) and obs["hand_sizes"] == [14, 13, 13]
    assert table.wall.live() == 44 and len(table.dice) == 2 and full_set(table)


# -- kong payments along a chain (§6, Ex 7 and Ex 8) -----------------------------------


def test_ex7_a_chain_of_the_bankers_kongs_then_bloom_on_kong() -> None:
    table = kw_table(
        [
            "7s 7s 7s 1p 2p 3p 4p 5p 6p 9s F F 1s 2s",
            "1p 1p 2p 2p 8p 8p 5s 5s 6s 6s C C F",
            "3p 3p 9p 9p 7p 7p 3s 3s 4s 4s C P P",
        ],
        draws="8s 5p 1s 7s",
        replacements="F 9s",
    )
    act(table, 0, "discard 1s")
    pass_all(table)
    act(table, 1, "discard F")
    assert "pung F" in legal(table, 0)
    act(table, 2, "pass")
    act(table, 0, "pung F")
    act(table, 0, "discard 2s")
    pass_all(table)
    act(table, 1, "discard 5p")
    pass_all(table)
    act(table, 2, "discard 1s")
    pass_all(table)
    assert "concealed_kong 7s" in legal(table, 0)
    act(table, 0, "concealed_kong 7s")
    assert transfers(table) == [[4, -2, -2]]  # chain position 1: 2 each
    assert "added_kong F" in legal(table, 0)  # the supplement just drawn
    act(table, 0, "added_kong F")
    pass_all(table)  # nobody robs
    assert transfers(table) == [[4, -2, -2], [4, -2, -2]]  # position 2: 1 x 2 each
    for seat in range(3):  # every seat sees each kong's payments as made
        shown = table.observation(seat)["ruleset_state"]["transfers"]
        assert shown == [{"reason": "kong", "seat": 0, "payments": p} for p in transfers(table)]
    assert "win" in legal(table, 0)
    act(table, 0, "win")
    win = table.wins[0]
    assert [p.key for p in win.score.patterns] == ["bloom_on_kong"]
    assert win.score.tally is not None and win.score.tally.doubles == 2
    assert table.result()["payments"] == [16, -8, -8]  # Ex 7: B receives 16
    assert full_set(table)


def test_ex8_a_chain_across_players_and_claimed_on_kong() -> None:
    table = kw_table(
        [
            "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s C C P",
            "6s 6s 6s 8s 1p 1p 9p 9p 5s 5s 7s 7s F",
            "8s 8s 8s 3s 2p 2p 4s 4s 5s 5s P P 9s",
        ],
        draws="6s",
        replacements="F 7p",
    )
    act(table, 0, "discard P")
    pass_all(table)
    act(table, 1, "concealed_kong 6s")
    assert transfers(table) == [[-2, 4, -2]]
    act(table, 1, "discard 8s")
    assert "kong 8s" in legal(table, 2)
    assert "pung 8s" not in legal(table, 2)  # holding three: a kong, never a pung (§5.5)
    act(table, 0, "pass")
    act(table, 2, "kong 8s")
    assert transfers(table)[1] == [0, -4, 4]  # chain position 2: R pays L 2 x 2
    act(table, 2, "discard 3s")
    assert "win 3s" in legal(table, 0)
    act(table, 0, "win 3s")
    act(table, 1, "pass")
    win = table.wins[0]
    assert [p.key for p in win.score.patterns] == ["claimed_on_kong"]
    assert win.payments == [2, 0, -2]
    assert table.result()["payments"] == [0, 0, 0]  # -2+0+2, 4-4, -2+4-2


def test_ex11_a_robbed_growing_kong_is_void_and_never_paid() -> None:
    table = kw_table(
        [
            "1s 2s 3s 7s 8s 9s 5p 5p 7p 8p 8s 8s 8s 6p",
            "9p 9p 9p 5s 5s 6s 6s 7s 4s 4s P P F",
            "6p 6p C 1p 1p 2p 2p 3p 3p 4p 4p F F",
        ],
        draws="P 1s 6p",
    )
    act(table, 0, "discard 6p")
    act(table, 1, "pass")
    act(table, 2, "pung 6p")
    act(table, 2, "discard C")
    pass_all(table)
    act(table, 0, "discard P")
    pass_all(table)
    act(table, 1, "discard 1s")
    pass_all(table)
    assert "added_kong 6p" in legal(table, 2)
    act(table, 2, "added_kong 6p")
    assert "rob 6p" in legal(table, 0)
    act(table, 0, "rob 6p")
    act(table, 1, "pass")
    assert table.transfers == []  # the robbed kong is void: no kong payment (§5.6)
    win = table.wins[0]
    assert [p.key for p in win.score.patterns] == ["robbing_a_kong"]
    assert table.result()["payments"] == [2, 0, -2]  # Ex 11: L pays 2


def test_a_growing_kong_only_with_the_tile_just_drawn() -> None:
    table = kw_table(
        [
            "1s 2s 3s 7s 8s 9s 5p 5p 7p 8p 8s 8s 8s 6p",
            "9p 9p 9p 5s 5s 6s 6s 7s 4s 4s P P F",
            "6p 6p C 1p 1p 2p 2p 3p 3p 4p 4p F F",
        ],
        draws="P 1s 6p C 2s 9s",
    )
    act(table, 0, "discard 6p")
    act(table, 1, "pass")
    act(table, 2, "pung 6p")
    act(table, 2, "discard C")
    pass_all(table)
    act(table, 0, "discard P")
    pass_all(table)
    act(table, 1, "discard 1s")
    pass_all(table)
    act(table, 2, "discard F")  # the 6p drawn is kept, not added to the pung
    pass_all(table)
    act(table, 0, "discard C")
    pass_all(table)
    act(table, 1, "discard 2s")
    pass_all(table)
    assert table.current == 2 and parse_tiles("6p")[0] in table.hands[2]  # the kept 6p
    assert "added_kong 6p" not in legal(table, 2)  # KW-A1: not with a tile kept


# -- double wins, the missed-win freeze (§7.4, §7.5) ------------------------------------


def test_a_double_win_each_paid_by_the_discarder_and_the_loser_banks_next() -> None:
    table = kw_table(
        [
            "1p 2p 3p 7p 8p 9p 4s 6s 3s 3s 3s F F P",
            "1s 1s 2s 2s 5p 5p 6p 6p 9s 9s C P P",
            "1p 2p 3p 7p 8p 9p 4s 6s 7s 7s 7s C C",
        ],
        draws="5s",
    )
    act(table, 0, "discard P")
    pass_all(table)
    act(table, 1, "discard 5s")
    assert "win 5s" in legal(table, 0) and "win 5s" in legal(table, 2)
    act(table, 0, "win 5s")
    act(table, 2, "win 5s")
    assert [w.seat for w in table.wins] == [2, 0]  # the nearer to the discarder first
    assert [w.payments for w in table.wins] == [[0, -2, 2], [2, -2, 0]]  # Fit Five each
    result = table.result()
    assert result["payments"] == [2, -4, 2] and full_set(table)
    rules = KawuxingSession(four=True)
    session = type("S", (), {"seed": 1, "num_players": 4, "num_seats": 3})()
    last = rules.first_setup(session)
    after = rules.next_setup(session, last, result)
    assert after is not None and after.dealer == 1  # after a double win, the loser
    # four people: the resting player takes the seat of the winner nearer the discarder
    assert after.seating[2] == last.resting[0] and after.resting == (last.seating[2],)


FREEZE = [
    "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s C",
    "2s 4s 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p F",
    "3s 1s 6p 6p 7p 7p 8p 8p 9p 9p C C P",
]


def test_a_missed_win_freezes_until_the_players_turn() -> None:
    table = kw_table(FREEZE, draws="P F P F")
    act(table, 0, "discard C")
    pass_all(table)
    act(table, 1, "discard 2s")
    assert "win 2s" in legal(table, 0)
    act(table, 0, "pass")  # a win worth 4 let go
    act(table, 2, "pass")
    assert table.observation(0)["ruleset_state"]["frozen"] == 4
    act(table, 2, "discard 3s")
    assert legal(table, 0) == {"pass"}  # 4 again: not more than the win let go
    pass_all(table)
    act(table, 0, "discard P")  # his turn came: the freeze ends
    assert "frozen" not in table.observation(0)["ruleset_state"]
    pass_all(table)
    act(table, 1, "discard 4s")
    assert "win 4s" in legal(table, 0)


def test_the_freezes_exception_a_win_that_scores_more() -> None:
    table = kw_table(FREEZE, draws="P F")
    act(table, 0, "discard C")
    pass_all(table)
    act(table, 1, "discard 2s")
    act(table, 0, "pass")
    act(table, 2, "pass")
    act(table, 2, "discard 1s")  # the fourth 1s: Closed Four in One, worth 8
    assert "win 1s" in legal(table, 0)
    act(table, 0, "win 1s")
    act(table, 1, "pass")
    assert table.wins[0].score.total == 8 and table.result()["payments"] == [8, 0, -8]


def test_a_pung_passing_the_frozen_players_turn_by_ends_the_freeze() -> None:
    hands = [FREEZE[0], FREEZE[1], "3s 1s 6p 6p 7p 7p 8p 8p 9p 9p C F P"]
    table = kw_table(hands, draws="P 1p")
    act(table, 0, "discard C")
    pass_all(table)
    act(table, 1, "discard 2s")
    act(table, 0, "pass")
    act(table, 2, "pass")
    act(table, 2, "discard 1p")  # drawn, and the right punges it: the banker passed by
    assert "pung 1p" in legal(table, 1)
    act(table, 0, "pass")
    act(table, 1, "pung 1p")
    assert "frozen" not in table.observation(0)["ruleset_state"]
    act(table, 1, "discard 4s")
    assert "win 4s" in legal(table, 0)


# -- disclosure (§8, Ex 6) --------------------------------------------------------------

DISCLOSURE = [
    "P 1p 1p 2p 2p 5p 5p 6p 6p 8s 8s C C 7s",
    "1p 2p 3p 7p 8p 9p 4s 6s 3s 3s 3s F F",
    "3s 4p 4p 5p 6p 9p 9p 1s 1s 2s 2s P F",
]


@pytest.mark.parametrize("scope", ["full", "waits_only"])
def test_ex6_disclosure_shown_to_the_others_then_paid_double(scope: str) -> None:
    table = kw_table(DISCLOSURE, draws="C 7p 9s P 5s", options={"disclosure_scope": scope})
    act(table, 0, "discard P")
    pass_all(table)
    assert "discard C declare" in legal(table, 1)
    assert "discard 3s declare" not in legal(table, 1)  # not ready after it
    act(table, 1, "discard C declare")
    for seat in (0, 2):
        obs = table.observation(seat)
        assert obs["ruleset_state"]["disclosed"] == [1]
        assert obs["ruleset_state"]["waits"] == {"1": "5s"}
        shown = obs["public_hands"][1]
        if scope == "full":
            assert sorted(parse_tiles(shown)) == sorted(parse_tiles("123p 789p 333s 46s FF"))
        else:
            assert shown is None
    pass_all(table)
    act(table, 2, "discard 3s")
    assert legal(table, 1) == {"pass"}  # no pung, no direct kong after disclosing
    pass_all(table)
    act(table, 0, "discard 9s")
    pass_all(table)
    assert legal(table, 1) == {"discard P"}  # only the tile drawn
    act(table, 1, "discard P")
    pass_all(table)
    act(table, 2, "discard 5s")
    assert "win 5s" in legal(table, 1)
    act(table, 1, "win 5s")
    act(table, 0, "pass")
    win = table.wins[0]
    assert {p.key for p in win.score.patterns} == {"fit_five", "disclosure"}
    assert table.result()["payments"] == [0, 8, -8]  # Ex 6: L pays 8
    assert table.result()["disclosed"] == ["right"]


def test_ex12_a_drawn_hand_the_first_discloser_pays_each_other_player() -> None:
    table = kw_table(DISCLOSURE)
    state = table.state
    assert isinstance(state, KawuxingHandState)
    state.disclosed[:] = [1, 2]  # R disclosed first, then L
    assert table.ruleset.draw_payments(table) == [1, -2, 1]
    state.disclosed[:] = []
    assert table.ruleset.draw_payments(table) == [0, 0, 0]


# -- every payment at the table as the scoring API pays it ------------------------------


def role_of(table: Table, seat: int) -> str:
    return table.seat_name(seat)


class Facts:
    """What the table's events tell of kongs and disclosures, read independently of the
    ruleset: each kong's kind, konger, discarder and chain position (KW-A2), the
    kongers of the chain, the discard after a kong, the disclosures in order."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.kongs: list[dict[str, Any]] = []
        self.chain: list[int] = []
        self.disclosed: list[int] = []
        self.after_kong_discard = False
        supplement: dict[int, int | None] = {}
        replacing: dict[int, bool] = {}
        last_discard: tuple[int, bool] | None = None
        kong_tile: dict[int, int] = {}
        for e in table.events:
            seat = e.seat
            if e.kind == "draw":
                replacing[seat] = bool(e.data.get("replacement"))
            elif e.kind == "drawn":
                supplement[seat] = parse_tiles(e.data["tile"])[0] if replacing[seat] else None
                if not replacing[seat]:
                    self.chain = []
            elif e.kind == "discard":
                last_discard = (seat, supplement.get(seat) is not None)
                self.after_kong_discard = last_discard[1]
                supplement[seat] = None
            elif e.kind == "disclosure":
                self.disclosed.append(seat)
            elif e.kind == "concealed_kong_tile":
                kong_tile[seat] = parse_tiles(e.data["tile"])[0]
                self._kong(seat, "concealed", supplement.get(seat) == kong_tile[seat], None)
            elif e.kind == "kong_added":
                tile = parse_tiles(e.data["tile"])[0]
                self._kong(seat, "growing", supplement.get(seat) == tile, None)
            elif e.kind == "claim":
                supplement[seat] = None
                if len(parse_tiles(e.data["meld"].split(">")[0].strip("[]"))) == 4:
                    assert last_discard is not None
                    self._kong(seat, "direct", last_discard[1], e.data["from"])

    def _kong(self, seat: int, kind: str, chained: bool, discarder: int | None) -> None:
        self.chain = [*self.chain, seat] if chained and self.chain else [seat]
        data: dict[str, Any] = {
            "rules": "kawuxing",
            "event": "kong",
            "konger": role_of(self.table, seat),
            "kong": kind,
            "chain": len(self.chain),
        }
        if discarder is not None:
            data["discarder"] = role_of(self.table, discarder)
        self.kongs.append(data)


def situation_of(table: Table, k: int, facts: Facts) -> dict[str, Any]:
    """The k-th win that ended ``table`` as the scoring API's situation, written from
    the table's events, melds and the win's context."""
    win = table.wins[k]
    seat = win.seat
    event = [e for e in table.events if e.kind == "win"][k]
    hand = list(parse_tiles(event.data["hand"]))
    hand.remove(win.tile)
    melds = []
    for m in table.melds[seat]:
        name = tile_name(m.tiles[0])
        body = name[0] * len(m.tiles) + name[1:]
        melds.append(f"[{body}]" if m.exposed else "{" + body + "}")
    how = win.how
    data: dict[str, Any] = {
        "rules": "kawuxing",
        "hand": " ".join([*melds, format_tiles(hand)]),
        "win_tile": tile_name(win.tile),
        "seat": role_of(table, seat),
        "options": {k: v for k, v in table.ruleset.options.items() if k != "players"},
        "last_tile": how.last_wall_tile and not how.robbing_kong,
        "disclosed": seat in facts.disclosed,
    }
    if how.self_drawn:
        data["self_drawn"] = True
        if how.kong_replacement:
            data["kong_replacement"] = True
            data["kong_chain"] = [role_of(table, s) for s in facts.chain]
    else:
        assert how.discarder is not None
        data["discarder"] = role_of(table, how.discarder)
        data["robbing_kong"] = how.robbing_kong
        data["discard_after_kong"] = not how.robbing_kong and facts.after_kong_discard
        data["discarder_disclosed"] = how.discarder in facts.disclosed
    return data


def play_out(table: Table, bots: list[Any]) -> None:
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))


@pytest.mark.parametrize(
    "options", find_system("kawuxing").option_cases, ids=lambda o: ",".join(o) or "defaults"
)
def test_every_win_kong_and_drawn_hand_at_the_table_is_paid_as_the_scoring_api_says(
    options: dict[str, Any],
) -> None:
    system = find_system("kawuxing")
    wins = kongs = draws = disclosed = 0
    for index in range(24):
        table = system.new_hand(options, seed=70 + index, index=index)
        names = ("greedy", "random", "random") if index % 2 else ("random",) * 3
        bots = [
            system.make_bot(n, seed=index * 3 + p, options=options) for p, n in enumerate(names)
        ]
        play_out(table, bots)
        assert full_set(table)
        facts = Facts(table)
        result = table.result()
        assert result is not None and sum(result["payments"]) == 0
        # every kong that stood was paid at once, as the API pays it
        assert len(facts.kongs) == len(table.transfers)
        for data, paid in zip(facts.kongs, table.transfers, strict=True):
            score = parlour.score(data)
            assert paid["payments"] == [score.payments[role_of(table, s)] for s in range(3)], data
            kongs += 1
        disclosed += bool(facts.disclosed)
        total = [sum(t["payments"][s] for t in table.transfers) for s in range(3)]
        if not table.wins:
            draws += 1
            order = [role_of(table, s) for s in facts.disclosed]
            score = parlour.score({"rules": "kawuxing", "event": "draw", "disclosure_order": order})
            total = [total[s] + score.payments[role_of(table, s)] for s in range(3)]
        for k, win in enumerate(table.wins):
            wins += 1
            data = situation_of(table, k, facts)
            score = parlour.score(data)
            assert score.valid, (data, score.reason)
            paid = [score.payments[role_of(table, s)] for s in range(3)]
            assert win.payments == paid, data
            total = [total[s] + paid[s] for s in range(3)]
        assert result["payments"] == total
    assert wins >= 8 and draws >= 1 and kongs >= 3 and disclosed >= 2


# -- the match: play, replay, four people with one resting ------------------------------


def test_four_people_the_resting_player_takes_the_last_winners_seat() -> None:
    system = find_system("kawuxing")
    options = {"players": 4}
    rotations = draws = 0
    for seed in range(3):
        match = system.new_match(options, seed=seed, hands=8)
        assert match.num_players == 4
        bots = [system.make_bot("greedy", seed=seed * 4 + p, options=options) for p in range(4)]
        while not match.is_over():
            seat = match.to_act()[0]
            player = match.player_at(seat)
            match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
        setups, outcomes = match.setups, match.outcomes
        for last, nxt, outcome in zip(setups, setups[1:], outcomes, strict=False):
            assert len(last.resting) == 1 and set(last.seating) | set(last.resting) == {0, 1, 2, 3}
            assert outcome.payments[last.resting[0]] == 0  # the resting player pays nothing
            wins = outcome.result["wins"]
            if not wins:
                draws += 1
                assert nxt.seating == last.seating and nxt.dealer == last.dealer  # §2
                continue
            rotations += 1
            seat = wins[0]["seat"]
            assert nxt.resting == (last.seating[seat],)
            assert nxt.seating[seat] == last.resting[0]
            banker = seat if len(wins) == 1 else wins[0]["discarder"]
            assert nxt.dealer == banker
        record = record_of(match)
        assert validate(record).ok
    assert rotations >= 5


def test_a_match_of_three_is_recorded_and_validates() -> None:
    system = find_system("kawuxing")
    match = system.new_match({}, seed=5, hands=4)
    bots = [system.make_bot("greedy", seed=p) for p in range(3)]
    while not match.is_over():
        seat = match.to_act()[0]
        player = match.player_at(seat)
        match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
    assert len(match.outcomes) == 4 and sum(match.scores) == 0
    assert validate(record_of(match)).ok


def test_on_these_tiles_the_engines_shapes_are_four_sets_and_a_pair_or_seven_pairs() -> None:
    """The table checks wins with every shape the engine knows (the compiled tables);
    on two suits and the dragons that is exactly the scorer's two shapes."""
    import random

    from parlour.mahjong.shapes import is_complete, is_complete_of

    rng = random.Random(2)
    kinds = sorted(set(TILES_84.tiles()))
    complete = 0
    for _ in range(20_000):
        pool = [k for k in rng.sample(kinds, 6) for _ in range(4)]
        rng.shuffle(pool)
        hand = sorted(pool[:14])
        want = is_complete(hand, kinds=("regular", "seven_pairs"))
        assert is_complete_of(hand, 0) == want, hand
        complete += want
    assert complete > 500


def test_the_discard_after_the_last_wall_tile_is_claimed_for_a_win_only() -> None:
    """Everyone discards what he draws and passes every claim; the discard made after
    the last wall tile offers a win at most (§7.6), where earlier discards offered
    pungs and kongs, and the hand is drawn after it."""
    last_offers: list[str] = []
    melds_offered = could_pung = 0
    for seed in range(30):
        table = find_system("kawuxing").new_hand({}, seed=seed)
        while not table.is_over():
            if table.phase == "turn":
                seat = table.current
                empty = table.wall.live() == 0
                drawn = table.last_drawn(seat)
                tile = drawn if drawn is not None else table.hands[seat][0]
                table.apply(seat, MahjongAction("discard", tile))
                offers = [a for s in table.to_act() for a in legal(table, s)]
                if empty:
                    last_offers += offers
                    others = [s for s in range(3) if s != seat]
                    could_pung += any(table.hands[s].count(tile) >= 2 for s in others)
                else:
                    melds_offered += sum(a.split()[0] in ("pung", "kong") for a in offers)
            else:
                for s in table.to_act():
                    table.apply(s, MahjongAction("pass"))
        assert table.result()["draw"] or table.wins
    assert last_offers and melds_offered and could_pung  # held two, yet no pung offered
    assert all(a == "pass" or a.startswith("win ") for a in last_offers)


def test_a_double_win_on_a_robbed_kong_each_paid_by_the_robbed_player() -> None:
    table = kw_table(
        [
            "1s 2s 3s 7s 8s 9s 5p 5p 7p 8p 8s 8s 8s 6p",
            "4p 5p 2s 2s 2s 3s 3s 3s 9s 9s 9s C C",
            "6p 6p C 1p 1p 2p 2p 3p 3p 4p 4p F F",
        ],
        draws="P F 6p",
    )
    act(table, 0, "discard 6p")
    assert "win 6p" not in legal(table, 1)  # no doubling pattern on a discard (§7.3)
    act(table, 1, "pass")
    act(table, 2, "pung 6p")
    act(table, 2, "discard C")
    pass_all(table)
    act(table, 0, "discard P")
    pass_all(table)
    act(table, 1, "discard F")
    pass_all(table)
    act(table, 2, "added_kong 6p")
    assert "rob 6p" in legal(table, 0) and "rob 6p" in legal(table, 1)
    act(table, 0, "rob 6p")
    act(table, 1, "rob 6p")
    assert [w.seat for w in table.wins] == [0, 1] and table.transfers == []
    assert table.result()["payments"] == [2, 2, -4]
    session = type("S", (), {"seed": 2, "num_players": 3, "num_seats": 3})()
    rules = KawuxingSession()
    after = rules.next_setup(session, rules.first_setup(session), table.result())
    assert after is not None and after.dealer == 2  # the robbed player banks next


@pytest.mark.parametrize("options", [{}, {"players": 4, "four_player_rotation": False}])
def test_the_banker_is_the_winner_after_a_double_win_the_loser_and_stays_on_a_draw(
    options: dict[str, Any],
) -> None:
    system = find_system("kawuxing")
    seen: set[str] = set()
    for seed in range(4):
        match = system.new_match(options, seed=seed, hands=8)
        players = range(match.num_players)
        # one greedy bot among random ones: wins, double wins and drawn hands all occur
        names = ["greedy" if p == 0 else "random" for p in players]
        bots = [system.make_bot(names[p], seed=p, options=options) for p in players]
        while not match.is_over():
            seat = match.to_act()[0]
            player = match.player_at(seat)
            match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
        for last, nxt, outcome in zip(match.setups, match.setups[1:], match.outcomes, strict=False):
            assert nxt.seating == last.seating and nxt.resting == last.resting  # nobody moves
            wins = outcome.result["wins"]
            if not wins:
                seen.add("draw")
                assert nxt.dealer == last.dealer
            elif len(wins) == 1:
                seen.add("win")
                assert nxt.dealer == wins[0]["seat"]
            else:
                seen.add("double")
                assert nxt.dealer == wins[0]["discarder"]
        assert sum(match.scores) == 0
    assert {"win", "draw"} <= seen


def test_drawn_hands_at_the_table_the_first_discloser_pays_as_the_api_says() -> None:
    system = find_system("kawuxing")
    checked = 0
    for index in range(40):
        table = system.new_hand({}, seed=500 + index, index=index)
        play_out(table, [system.make_bot("random", seed=index * 3 + p) for p in range(3)])
        facts = Facts(table)
        if table.wins or not facts.disclosed:
            continue
        order = [role_of(table, s) for s in facts.disclosed]
        assert table.result()["disclosed"] == order
        draw = parlour.score({"rules": "kawuxing", "event": "draw", "disclosure_order": order})
        kongs = [sum(t["payments"][s] for t in table.transfers) for s in range(3)]
        want = [kongs[s] + draw.payments[role_of(table, s)] for s in range(3)]
        assert table.result()["payments"] == want
        checked += 1
    assert checked >= 3
