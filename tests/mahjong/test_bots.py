"""The bots: legal play, determinism, the greedy bot's decisions, and greedy against random.

The headline test plays seeded hands of one greedy bot against three random ones (the
greedy seat rotating) and asserts the greedy bot wins at least three times as often per
seat; :func:`parlour.bots.greedy.win_rates` is the same measurement for longer runs
(``python -m parlour.bots.greedy 1000``).
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour.bots import BOTS, Bot, RandomBot, make_bot
from parlour.bots.greedy import GreedyBot, discard_order, win_rates
from parlour.core.actions import Action
from parlour.mahjong.melds import parse_meld
from parlour.mahjong.table import Table
from parlour.mahjong.tiles import parse_tiles


def play_checked(bots: list[Bot], seed: int, dealer: int = 0) -> Table:
    """Play one hand, asserting that every action a bot returns is legal."""
    table = Table(seed=seed, dealer=dealer)
    while not table.is_over():
        for seat in table.to_act():
            legal = table.legal_actions(seat)
            action = bots[seat].act(table.observation(seat), legal)
            assert action in legal, (seat, str(action), [str(a) for a in legal])
            table.apply(seat, action)
    return table


def obs(hand: str, melds: list[str] | None = None, *, last: str | None = None) -> dict[str, Any]:
    """A minimal observation for seat 0 (East, East round), nothing else in sight."""
    return {
        "seat": 0,
        "seat_name": "E",
        "prevailing": "E",
        "hand": hand,
        "melds": [melds or [], [], [], []],
        "discards": ["", "", "", last or ""],
        "last_discard": {"seat": 3, "tile": last} if last else None,
    }


def tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_tiles(text)))


def one(text: str) -> int:
    return parse_tiles(text)[0]


# -- registry and legality -----------------------------------------------------------------


def test_registry() -> None:
    assert set(BOTS) >= {"random", "greedy"}
    bot = make_bot("greedy", seed=3)
    assert isinstance(bot, GreedyBot) and bot.name == "greedy"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nope")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_bots_play_only_legal_actions(seed: int, slow_factor: int) -> None:
    for k in range(slow_factor):
        s = seed + 100 * k
        lineups: list[list[Bot]] = [
            [GreedyBot(seed=s), RandomBot(seed=s), GreedyBot(seed=s + 1), RandomBot(seed=s + 1)],
            [RandomBot(seed=s + i) for i in range(4)],
            [GreedyBot(seed=s + i) for i in range(4)],
        ]
        for bots in lineups:
            table = play_checked(bots, s, dealer=s % 4)
            result = table.result()
            assert result is not None and sum(result["payments"]) == 0


def test_greedy_is_deterministic() -> None:
    for seed in (1, 2):
        runs = []
        for _ in range(2):
            bots: list[Bot] = [GreedyBot(seed=seed), RandomBot(seed=seed)] * 2
            runs.append([(s, str(a)) for s, a in play_checked(bots, seed).actions])
        assert runs[0] == runs[1]


# -- the greedy bot's decisions ----------------------------------------------------------


def test_takes_a_win_when_offered() -> None:
    bot = GreedyBot()
    legal = [Action("pass"), Action("win", one("5s"))]
    assert bot.act(obs("123m 456m 789m 234p 5s", last="5s"), legal) == legal[1]
    legal = [Action("pass"), Action("rob", one("5s"))]
    assert bot.act(obs("123m 456m 789m 234p 5s"), legal) == legal[1]


def test_discards_the_tile_that_keeps_the_hand_closest() -> None:
    bot = GreedyBot()
    hand = "123m 456p 789s EE CC 9p"
    legal = [Action("discard", t) for t in sorted(set(parse_tiles(hand)))]
    assert bot.act(obs(hand), legal) == Action("discard", one("9p"))
    # equal shanten and equal useful tiles: honours before terminals before simples
    assert sorted(parse_tiles("5m 2p 1s W"), key=discard_order) == parse_tiles("W 1s 2p 5m")


def test_discard_keeps_the_wait_with_more_unseen_copies() -> None:
    # 123m 456m 789m 234p + 5s 6s: dropping 6s waits on 5s (Pure Straight, 16); dropping
    # 5s waits on 6s (the same). Both score: the bot counts the copies still unseen.
    bot = GreedyBot()
    hand = "123m 456m 789m 234p 5s 6s"
    legal = [Action("discard", t) for t in sorted(set(parse_tiles(hand)))]
    seen = obs(hand)
    seen["discards"] = ["", "55s", "", ""]  # two 5s gone: keep the 6s wait
    assert bot.act(seen, legal) == Action("discard", one("5s"))


def test_scoring_waits_and_dead_ready_hands() -> None:
    bot = GreedyBot()
    assert bot.scoring_waits(tiles("123m 456m 789m 234p 5s"), ()) == ((one("5s"), 1.0),)
    # an open chicken hand: ready, but no win would reach 8 points
    melds = (parse_meld("[345m]"),)
    dead = tiles("567p 234s 66s 88p")
    assert bot.shanten(dead, melds) == 0
    assert bot.scoring_waits(dead, melds) == ()
    assert bot.evaluate(dead, melds)[0] == 1  # counted as one step from a real wait


def test_claims_a_chow_that_makes_a_scoring_ready_hand() -> None:
    bot = GreedyBot()
    # 13m 456m 789m 234p 5s W: a chow of 2m makes a Pure Straight waiting on 5s
    legal = [Action("pass"), Action("chow", one("1m"))]
    assert bot.act(obs("13m 456m 789m 234p 5s W", last="2m"), legal) == legal[1]


def test_passes_a_claim_that_only_opens_a_worthless_hand() -> None:
    bot = GreedyBot()
    # a chow of 5m would make 567p 234s 66s 88p + [345m] ready, but on a hand worth
    # under 8 points: the concealed hand stays closed
    legal = [Action("pass"), Action("chow", one("3m"))]
    assert bot.act(obs("34m 567p 234s 66s 88p 9m", last="5m"), legal) == legal[0]


def test_passes_a_pung_that_does_not_lower_shanten() -> None:
    bot = GreedyBot()
    # an open hand already ready (on 3s/6s): a pung of 1m leaves it ready, no closer
    legal = [Action("pass"), Action("pung", one("1m"))]
    assert bot.act(obs("11m 234p 567p 45s", ["[789s]"], last="1m"), legal) == legal[0]


def test_open_hand_claims_a_pung_that_lowers_shanten() -> None:
    bot = GreedyBot()
    # [CCC] 111m 99p 55s FF 3s: a pung of F (then 3s out) is ready on 9p/5s with All
    # Pungs and two dragon pungs
    legal = [Action("pass"), Action("pung", one("F"))]
    action = bot.act(obs("111m 99p 55s FF 3s", ["[CCC]"], last="F"), legal)
    assert action == legal[1]


def test_declares_kongs_that_do_not_raise_shanten() -> None:
    bot = GreedyBot()
    # 1111m 234p 567s 89s EW: one step from ready after discarding E, and after the kong
    hand = "1111m 234p 567s 89s EW"
    legal = [Action("concealed_kong", one("1m"))]
    legal += [Action("discard", t) for t in sorted(set(parse_tiles(hand)))]
    assert bot.act(obs(hand), legal) == legal[0]
    # the fourth 5p on an exposed pung of 5p: one step from ready either way
    hand = "5p 123m 456s 79s EW"
    legal = [Action("added_kong", one("5p"))]
    legal += [Action("discard", t) for t in sorted(set(parse_tiles(hand)))]
    assert bot.act(obs(hand, ["[555p]"]), legal) == legal[0]


def test_keeps_a_chicken_hand_rather_than_add_a_kong() -> None:
    bot = GreedyBot()
    # [555p] 123m 456s 78s EE after 5p out waits on 6s/9s; a win on 6s is a Chicken Hand
    # (8 points: no other fan). A kong of 5p would add Melded Kong (1) and spoil it.
    hand = "5p 123m 456s 78s EE"
    legal = [Action("added_kong", one("5p"))]
    legal += [Action("discard", t) for t in sorted(set(parse_tiles(hand)))]
    assert bot.act(obs(hand, ["[555p]"]), legal) == Action("discard", one("5p"))


# -- greedy against random ---------------------------------------------------------------


@pytest.mark.slow
def test_greedy_beats_random(slow_factor: int) -> None:
    hands = 200 * slow_factor
    r = win_rates(hands, seed=0)
    assert r["hands"] == hands
    assert r["greedy_wins"] + r["random_wins"] + r["draws"] == hands
    print(
        f"\n{hands} hands: greedy wins {r['greedy_win_rate']:.1%} per seat, random "
        f"{r['random_win_rate']:.1%} per seat, draws {r['draw_rate']:.1%}, greedy mean "
        f"payment {r['greedy_mean_payment']:+.1f}, {r['ms_per_hand']:.0f} ms/hand"
    )
    assert r["greedy_win_rate"] >= 0.25
    assert r["greedy_win_rate"] >= 3 * r["random_win_rate"]
    assert r["greedy_mean_payment"] > 0 > r["random_mean_payment"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["xiamen", "quanzhou"])
def test_greedy_bots_play_gold_hands_of_seventeen_tiles(rules: str) -> None:
    """17-tile hands, Golds and a White standing in a claimed chow (index 3 once
    crashed the bot on such a chow)."""
    from parlour.sim import play_hand

    for index in range(5):
        out = play_hand(["greedy"] * 4, 1, index, rules=rules)
        assert sum(out["payments"]) == 0


def test_the_shanten_of_hands_with_melds_or_wilds_is_the_shape_engines() -> None:
    """The bot reads the compiled tables at once for a hand with melds or wilds; the
    figure is the shape engine's loose model (seeded hands of 13 to 17 tiles, 0 to 2
    melds, 0 to 3 wilds, with and without the kernel)."""
    import random

    from parlour.bots import greedy
    from parlour.mahjong.melds import pung
    from parlour.mahjong.shapes import shanten
    from parlour.mahjong.tiles import JOKER

    rng = random.Random(19)
    bot = GreedyBot()
    bot._wilds = frozenset((JOKER, 5))  # a gold: 6m
    checked = 0
    for _ in range(3000):
        melds = tuple(pung(t) for t in rng.sample(range(27, 34), rng.choice((0, 0, 1, 2))))
        size = rng.choice((13, 14, 16, 17)) - 3 * len(melds)
        wall = [t for t in range(27) for _ in range(4)]
        hand = tuple(sorted(rng.sample(wall, size)))
        if rng.random() < 0.5:  # jokers for some tiles
            hand = tuple(sorted(hand[: size - rng.randint(1, 3)] + (JOKER,) * 3))[:size]
        naturals = [t for t in hand if t not in bot._wilds]
        want = shanten(naturals + [JOKER] * (size - len(naturals)), melds, model="loose")
        fast = greedy._loose_shanten(hand, len(melds), bot._wilds) if greedy._NATIVE else want
        assert fast == want, (hand, melds)
        if melds or size != len(naturals):
            assert bot.shanten(hand, melds) == want
            checked += 1
    assert checked > 1000


def test_the_waits_and_useful_tiles_of_wild_hands_of_sixteen_are_every_kinds() -> None:
    """In a 16-tile hand with wilds the bot tries one kind next to no natural tile for
    all such kinds (a lone tile helps as any other would); the waits and the useful
    tiles are those found by trying every kind (seeded hands, a gold and jokers)."""
    import random

    from parlour.bots.greedy import _with
    from parlour.mahjong.tiles import JOKER

    rng = random.Random(16)
    bot = GreedyBot()
    bot._wilds = frozenset((JOKER, 13))  # a gold: 5p
    bot._remember()
    ready = useful = 0
    for _ in range(600):
        # five sets and a pair, a tile or two replaced by jokers, one tile taken out,
        # and sometimes a random swap (a hand one or two steps from ready)
        tiles: list[int] = []
        while len(tiles) < 15:
            t = rng.randrange(34)
            group = [t] * 3 if t >= 27 or t % 9 > 6 or rng.random() < 0.4 else [t, t + 1, t + 2]
            if all(tiles.count(x) + group.count(x) <= 4 for x in group):
                tiles += group
        pair = rng.choice([t for t in range(34) if tiles.count(t) <= 2])
        tiles += [pair, pair]
        rng.shuffle(tiles)
        tiles = tiles[:16]
        for i in range(rng.randint(1, 2)):
            tiles[i] = JOKER
        if rng.random() < 0.5:
            t = rng.randrange(34)
            if tiles.count(t) < 4:
                tiles[-1] = t
        hand = tuple(sorted(tiles))
        if bot._wilds.isdisjoint(hand):
            continue
        held = [hand.count(t) for t in range(34)]
        sh = bot.shanten(hand, ())
        if sh == 0:
            want = tuple(
                t for t in range(34) if held[t] < 4 and bot.shanten(_with(hand, t), ()) < 0
            )
            assert bot._completions(hand, ()) == want, hand
            ready += 1
        elif sh > 0:
            want = tuple(
                t for t in range(34) if held[t] < 4 and bot.shanten(_with(hand, t), ()) < sh
            )
            assert bot._improving(hand, (), sh) == want, hand
            useful += 1
    assert ready > 100 and useful > 100, (ready, useful)


def test_the_pungs_only_shanten_is_the_shape_engines() -> None:
    """A goulash's shanten (pungs only, each wild one tile nearer) is computed once per
    profile of the hand (tiles, melds, pungs, pairs); it is the shape engine's figure on
    seeded hands of 11 to 17 tiles, with jokers and melds."""
    import random

    from parlour.bots.greedy import _pungs_shanten
    from parlour.mahjong.shapes import shanten_without_chows
    from parlour.mahjong.tiles import JOKER

    rng = random.Random(7)
    wild = frozenset((JOKER, 19))  # jokers and the 2 Bamboos
    for _ in range(3000):
        melds = rng.choice((0, 0, 1, 2))
        size = rng.choice((11, 12, 13, 14, 16, 17)) - 3 * melds
        wall = [t for t in range(34) for _ in range(4)] + [JOKER] * 4
        tiles = []
        while len(tiles) < size:  # pairs and pungs come often
            t = rng.choice(wall)
            tiles += [t] * min(rng.choice((1, 1, 2, 3)), size - len(tiles))
            if tiles.count(t) > 4:
                tiles = [x for x in tiles if x != t]
        hand = tuple(sorted(tiles))
        naturals = [t for t in hand if t not in wild]
        want = max(-1, shanten_without_chows(naturals, melds) - (len(hand) - len(naturals)))
        assert _pungs_shanten(hand, melds, wild) == want, (hand, melds)
