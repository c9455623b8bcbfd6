"""One conformance suite over the registry: every playable rule system (and the test-only
``test-house``), under every option combination it declares, is played by bots to the
end of whole matches with every invariant checked at every state.

At every state of every match, for every seat:

* somebody is to act until the match is over, and a seat has legal actions exactly when
  it is to act;
* the legal actions are distinct, their mask over the fixed encoding is exactly them,
  each encodes and decodes to itself, and each reads back from its own text;
* the seat's observation is JSON and shows none of the private tiles or cards of another
  seat (``RuleSystem.private``), and no event it may see shows them either;
* the tiles or cards of the hand in play are all there, none made or lost
  (``RuleSystem.inventory``).

At the end of every hand the payments sum to zero (where payments are transfers, not
points); the match's record validates, and a
record changed at one move is refused at that move. A simulation gives the same results
with one worker or two. Each check counts what it checked, and every count must be
positive: a check that never ran fails.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import house
import pytest

from leaks import shows_tiles
from parlour.core.systems import Registry, RuleSystem
from parlour.records import validate
from parlour.registry import load_builtin, register, registry
from parlour.sim import simulate

HANDS = 3
"""Mahjong matches are cut after this many hands (a whole MCR match is 16)."""
MOVES = 20_000
"""No match of any rule system takes this many moves: more is a loop."""
GAMES = 8
"""At most this many matches per option combination, until every check has run."""


@pytest.fixture(scope="module", autouse=True)
def house_registered() -> Iterator[None]:
    """The test-only rule system is known to every face while this module runs."""
    register(house.HOUSE, replace=True)
    yield
    registry.unregister(house.NAME)


def systems() -> list[RuleSystem]:
    """Every playable rule system parlour has (not those other tests register), and the
    test-only one."""
    return [*Registry(load_builtin).playable(), house.HOUSE]


CASES = [
    pytest.param(s, dict(options), id=f"{s.name}-{i}")
    for s in systems()
    for i, options in enumerate(s.option_cases)
]

CHECKS = (
    "states",
    "seats asked",
    "legal actions",
    "observations",
    "private things kept hidden",
    "things kept out of events",
    "inventories",
    "hands ended",
    "payments of a win",
    "records validated",
    "records tampered",
)


def bots_for(system: RuleSystem, options: dict[str, Any], seed: int) -> list[Any]:
    """One bot per player: the rule system's sensible bot first, then random ones."""
    sensible = system.default_bots(2)[0]
    count = system.num_players(options)
    names = [sensible if p == 0 else "random" for p in range(count)]
    return [system.make_bot(n, seed=seed * 10 + p, options=options) for p, n in enumerate(names)]


def seat_of(match: Any, seat: int) -> int:
    player_at = getattr(match, "player_at", None)
    return seat if player_at is None else int(player_at(seat))


def check_state(system: RuleSystem, match: Any, counts: Counter[str]) -> None:
    to_act = match.to_act()
    assert to_act, "nobody is to act before the match is over"
    counts["states"] += 1
    seats = range(match.num_seats)
    observed = {s: json.dumps(match.observation(s), ensure_ascii=False) for s in seats}
    for seat in seats:
        legal = match.legal_actions(seat)
        assert (seat in to_act) == bool(legal), (seat, to_act, legal)
        codes = [match.encode(a) for a in legal]
        assert len(set(codes)) == len(legal)
        mask = match.mask(seat)
        assert len(mask) == match.action_space_size
        assert [i for i, flag in enumerate(mask) if flag] == sorted(codes)
        for action, code in zip(legal, codes, strict=True):
            assert match.decode(code) == action
            assert match.parse_action(match.format_action(action)) == action
        counts["legal actions"] += len(legal)
        counts["seats asked"] += seat in to_act
        counts["observations"] += 1
        for other in seats:
            if other == seat:
                continue
            for text in system.private(match, other):
                assert not shows_tiles(observed[seat], text), (seat, other, text)
                counts["private things kept hidden"] += 1


def play_checked(
    system: RuleSystem, options: dict[str, Any], seed: int, counts: Counter[str]
) -> Any:
    """Play one match by bots, checking every state; the finished match."""
    cut = HANDS if system.hands_limit else None
    match = system.new_match(options, seed=seed, hands=cut)
    bots = bots_for(system, options, seed)
    hand, start = match.hand_number, Counter(system.inventory(match))
    results_seen = 0
    for _ in range(MOVES):
        if match.is_over():
            break
        if match.hand_number != hand:
            hand, start = match.hand_number, Counter(system.inventory(match))
        assert Counter(system.inventory(match)) == start, "a tile or card was made or lost"
        counts["inventories"] += 1
        check_state(system, match, counts)
        seat = match.to_act()[0]
        bot = bots[seat_of(match, seat)]
        hidden = {s: set(system.private(match, s)) for s in range(match.num_seats)}
        events = match.apply(seat, bot.act(match.observation(seat), match.legal_actions(seat)))
        if match.hand_number == hand and not match.is_over():  # a deal that ended shows all
            check_events(system, match, events, hidden, counts)
        results_seen = check_hands(system, match, results_seen, counts)
    else:
        pytest.fail(f"{system.name}: the match is not over after {MOVES} moves")
    assert match.to_act() == ()
    check_hands(system, match, results_seen, counts)
    return match


def check_events(
    system: RuleSystem,
    match: Any,
    events: list[Any],
    before: dict[int, set[str]],
    counts: Counter[str],
) -> None:
    """No event a seat may see shows what another seat held hidden both before and
    after the move (within a hand: one that ends lays everything open)."""
    for other in range(match.num_seats):
        hidden = before[other] & set(system.private(match, other))
        if not hidden:
            continue
        for event in events:
            text = json.dumps(event.to_json(), ensure_ascii=False)
            for seat in range(match.num_seats):
                if seat != other and event.visible_to(seat):
                    for thing in hidden:
                        assert not shows_tiles(text, thing), (event.kind, seat, other, thing)
                        counts["things kept out of events"] += 1


def hand_results(match: Any) -> list[dict[str, Any]]:
    """The result of every finished hand (deal) of the match."""
    return [dict(o.result) for o in getattr(match, "outcomes", ())]


def check_hands(system: RuleSystem, match: Any, seen: int, counts: Counter[str]) -> int:
    """The payments of every hand ended since ``seen`` sum to zero (in a rule system
    whose payments are transfers)."""
    results = hand_results(match)
    for result in results[seen:]:
        payments = result.get("payments")
        assert payments is not None, result
        assert sum(payments) == 0 or not system.zero_sum, result
        counts["hands ended"] += 1
        counts["payments of a win"] += any(payments)
    return len(results)


def tampered(record: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
    """The record with one move's action changed to another action of the same seat,
    and that move's number within its hand (None: no move to change)."""
    out = copy.deepcopy(record)
    moves = [h["actions"] for h in out["hands"]] if "hands" in out else [out["actions"]]
    for actions in moves:
        for m, item in enumerate(actions[1:], start=2):
            before = actions[m - 2]
            if item[0] == before[0] and item[1] != before[1]:
                item[1] = before[1]  # the seat's earlier action, in place of this one
                return out, m
    return None


def check_record(system: RuleSystem, match: Any, counts: Counter[str]) -> None:
    record = system.record_of(match)
    report = validate(json.loads(json.dumps(record)))
    assert report.ok, report.message
    counts["records validated"] += 1
    changed = tampered(record)
    if changed is not None:
        forged, move = changed
        report = validate(forged)
        assert not report.ok and report.move == move, (report.message, move)
        counts["records tampered"] += 1


@pytest.mark.slow
@pytest.mark.parametrize(("system", "options"), CASES)
def test_bots_play_whole_matches_and_every_invariant_holds(
    system: RuleSystem, options: dict[str, Any]
) -> None:
    counts: Counter[str] = Counter()
    games = 0
    while games < GAMES and (games < 2 or not all(counts[c] for c in CHECKS)):
        match = play_checked(system, options, seed=games + 1, counts=counts)
        check_record(system, match, counts)
        games += 1
    missing = [c for c in CHECKS if not counts[c]]
    assert not missing, f"{system.name} {options}: never checked {missing} in {games} matches"


@pytest.mark.parametrize("system", [pytest.param(s, id=s.name) for s in systems()])
def test_a_match_starts_with_someone_to_act_and_nothing_shown_of_another_seat(
    system: RuleSystem,
) -> None:
    counts: Counter[str] = Counter()
    match = system.new_match(dict(system.option_cases[0]), seed=1)
    check_state(system, match, counts)
    assert counts["states"] == 1 and counts["observations"] == match.num_seats
    assert counts["private things kept hidden"] > 0


@pytest.mark.parametrize("system", [pytest.param(s, id=s.name) for s in systems()])
def test_a_simulation_is_the_same_with_one_worker_or_two(system: RuleSystem) -> None:
    options = dict(system.option_cases[0])
    bots = ["random"] * system.seats(system.check_options(options))
    one = simulate(bots, 3, seed=5, workers=1, rules=system.name, options=options, record=True)
    two = simulate(bots, 3, seed=5, workers=2, rules=system.name, options=options, record=True)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


@pytest.mark.parametrize("system", [pytest.param(s, id=s.name) for s in systems()])
def test_a_spectator_sees_nothing_private_to_any_seat(system: RuleSystem) -> None:
    counts: Counter[str] = Counter()
    match = system.new_match(dict(system.option_cases[0]), seed=2)
    bots = bots_for(system, dict(system.option_cases[0]), 2)
    for _ in range(60):
        if match.is_over():
            break
        view = json.dumps(system.spectator(match), ensure_ascii=False)
        for seat in range(match.num_seats):
            for thing in system.private(match, seat):
                assert not shows_tiles(view, thing), (seat, thing)
                counts["private things kept from spectators"] += 1
        seat = match.to_act()[0]
        bot = bots[seat_of(match, seat)]
        match.apply(seat, bot.act(match.observation(seat), match.legal_actions(seat)))
    assert counts["private things kept from spectators"] > 0
