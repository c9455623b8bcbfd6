"""Piquet rule by rule: combinations, comparison, declarations, the canonical order
with repique and pique, trick points, the cards and capot, carte blanche and its
protocols, the exchange, every option, game end, illegal actions."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import test_piquet_vectors as vec

from parlour.cards.cards import format_cards, parse_cards
from parlour.cards.piquet import (
    BLANK,
    CARDS,
    POINT,
    SEQUENCE,
    SET,
    TRICK,
    Combination,
    Ledger,
    Piquet,
    PiquetOptions,
    blank_awards,
    cards_award,
    deal_order,
    points,
    sequences,
    sets,
    settle,
    strongest,
    trick_awards,
)
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, InvalidHand, InvalidSeat, NotationError

E, Y = 0, 1


def described(combos: list[Combination]) -> list[str]:
    return [c.describe() for c in combos]


# -- combinations --------------------------------------------------------------------


def test_a_sequence_is_a_whole_maximal_run() -> None:
    assert described(sequences(parse_cards("AS KS QS JS"))) == ["quatrième to the ace"]
    assert described(sequences(parse_cards("AS KS QS 10S 9S 8S"))) == [
        "tierce to the ace",
        "tierce to the ten",
    ]
    assert described(sequences(parse_cards("AS KS 7S 8S"))) == []  # the ace is only high
    assert described(sequences(parse_cards("AS KS QS JS 10S 9S 8S 7S"))) == [
        "dix-huitième to the ace"
    ]


def test_sequence_scores() -> None:
    runs = ["QH JH 10H", "QH JH 10H 9H", "QH JH 10H 9H 8H", "AH KH QH JH 10H 9H"]
    assert [sequences(parse_cards(r))[0].score() for r in runs] == [3, 4, 15, 16]
    nine = sequences(parse_cards("AC KC QC JC 10C 9C 8C 7C 6C"))[0]
    assert nine.length == 9 and nine.score() == 19 and nine.describe().startswith("nine-card")


def test_sets_are_of_ten_or_higher_and_whole() -> None:
    assert described(sets(parse_cards("9S 9H 9D 9C 10S 10H 10D"))) == ["three tens"]
    four = sets(parse_cards("10S 10H 10D 10C"))[0]
    assert four.score() == 14 and four.describe() == "fourteen tens"
    assert sets(parse_cards("AS AH KS KH QS QH")) == []


def test_point_count_then_value() -> None:
    five_low = points(parse_cards("JH 10H 9H 8H 7H"))[0]
    four_high = points(parse_cards("AS KS QS JS"))[0]
    assert five_low.strength("count") > four_high.strength("count")
    # with 32 cards a longer suit is always worth more; with 36 it need not be
    three = points(parse_cards("AS KS QS"))[0]
    four_low = points(parse_cards("9H 8H 7H 6H"))[0]
    assert four_low.strength("count") > three.strength("count")
    assert three.strength("value") > four_low.strength("value")


def test_strongest_takes_the_first_suit_between_equals() -> None:
    hand = parse_cards("KH QH JH 10H 9H KD QD JD 10D 9D")
    best = strongest(SEQUENCE, hand)
    assert best is not None and best.suit == "H"
    assert strongest(SET, hand) is None


# -- one category ---------------------------------------------------------------------


def test_point_equal_count_then_value() -> None:
    e = parse_cards("AS KS 9S 8S 7S")
    y = parse_cards("KC QC JC 9C 8C")
    s = settle(POINT, e, y, points(e)[0], points(y)[0])
    assert [w for _, w in s.dialogue] == ["five", "equal", "forty-five", "not good"]
    assert s.outcome == "younger" and s.points == 5


def test_point_fully_equal_scores_nothing() -> None:
    e = parse_cards("AS KS 9S 8S 7S")
    y = parse_cards("AH KH 9H 8H 7H")
    s = settle(POINT, e, y, points(e)[0], points(y)[0])
    assert s.outcome == "equal" and s.points == 0 and s.scored == ()


def test_value_rule_states_the_value_at_once() -> None:
    options = PiquetOptions.make({"point_rule": "value"})
    e = parse_cards("KH QH JH 10H 9H")
    s = settle(POINT, e, (), points(e)[0], None, options)
    assert [w for _, w in s.dialogue] == ["forty-nine", "good"] and s.points == 5


def test_unopposed_claim_wins_with_extras() -> None:
    y = parse_cards("KH QH JH 10H 9H KD QD JD 10D 9D")
    s = settle(SEQUENCE, (), y, None, sequences(y)[0])
    assert s.dialogue == (("elder", "no sequence"),)
    assert s.outcome == "younger" and s.points == 30


def test_younger_refusing_with_a_weaker_combination_cannot_add_a_stronger_one() -> None:
    e = parse_cards("AS KS QS")
    y = parse_cards("KH QH JH 10H 9H QD JD 10D 9D")
    quatrieme = sequences(y)[1]
    s = settle(SEQUENCE, e, y, sequences(e)[0], quatrieme)
    assert s.outcome == "younger" and described(list(s.scored)) == ["quatrième to the queen"]
    loose = settle(
        SEQUENCE,
        e,
        y,
        sequences(e)[0],
        quatrieme,
        PiquetOptions.make({"extra_combinations": "unrestricted"}),
    )
    assert loose.points == 4 + 15


def test_stepwise_sets() -> None:
    options = PiquetOptions.make({"disclosure": "stepwise"})
    e = parse_cards("KS KH KD")
    y = parse_cards("QS QH QD")
    s = settle(SET, e, y, sets(e)[0], sets(y)[0], options)
    assert [w for _, w in s.dialogue] == ["a trois", "equal", "kings", "good"]
    assert s.outcome == "elder" and s.points == 3


def test_elder_silent_on_sets_and_younger_claims_nothing() -> None:
    s = settle(SET, parse_cards("AS AH AD"), (), None, None)
    assert s.dialogue == () and s.outcome == "none" and s.points == 0


# -- the canonical order ---------------------------------------------------------------


def test_repique_needs_the_opponent_at_zero() -> None:
    ledger = Ledger()
    ledger.add(BLANK, blank_awards([E], PiquetOptions()))
    ledger.add(SEQUENCE, [(Y, 35, "two quintes")])
    assert ledger.bonus is None and ledger.points == [10, 35]


def test_repique_is_scored_at_the_step_it_is_earned() -> None:
    ledger = Ledger()
    ledger.add(POINT, [(E, 6, "point")])
    ledger.add(SEQUENCE, [(E, 19, "seizième and tierce")])
    assert ledger.bonus is None
    ledger.add(SET, [(E, 14, "fourteen kings")])
    assert ledger.bonus == (E, "repique") and ledger.points == [99, 0]
    ledger.add(TRICK, [(E, 1, "lead")])
    assert ledger.points == [100, 0]  # one bonus a hand


def test_pique_counts_single_trick_points_and_never_the_cards() -> None:
    ledger = Ledger()
    ledger.add(SET, [(E, 29, "combinations")])
    ledger.add(CARDS, [(E, 10, "the cards")])
    assert ledger.bonus is None
    ledger = Ledger()
    ledger.add(SET, [(E, 29, "combinations")])
    ledger.add(TRICK, [(E, 1, "lead")])
    assert ledger.bonus == (E, "pique") and ledger.points == [60, 0]


def test_younger_can_score_pique_under_old_trick_scoring() -> None:
    """C7: elder's low leads score nothing under ten_or_higher, so younger can reach 30
    in trick points while elder is at 0."""
    ledger = Ledger()
    ledger.add(POINT, [(Y, 8, "point")])
    ledger.add(SEQUENCE, [(Y, 19, "nine cards")])
    ledger.add(TRICK, [(Y, 1, "win")])
    ledger.add(TRICK, [(Y, 1, "lead")])
    assert ledger.bonus is None
    ledger.add(TRICK, [(Y, 1, "lead")])
    assert ledger.bonus == (Y, "pique") and ledger.points == [0, 60]


def test_both_blanks() -> None:
    assert blank_awards([E, Y], PiquetOptions()) == []
    both = PiquetOptions.make({"rule_set": "seventeenth_century"})
    assert blank_awards([E, Y], both) == [(E, 10, "carte blanche"), (Y, 10, "carte blanche")]


# -- trick points, the cards and capot -----------------------------------------------


def tp(number: int, lead: str, follow: str, **options: Any) -> tuple[int, list[Any]]:
    a, b = parse_cards(f"{lead} {follow}")
    return trick_awards(number, E, a, b, PiquetOptions.make(options), options.pop("capot", False))


def test_every_lead_and_ten_or_higher() -> None:
    assert tp(3, "7S", "8S") == (Y, [(E, 1, "lead"), (Y, 1, "win")])
    assert tp(3, "7S", "8S", trick_scoring="ten_or_higher") == (Y, [])
    assert tp(3, "7S", "JS", trick_scoring="ten_or_higher") == (Y, [(Y, 1, "win")])
    assert tp(3, "10S", "AH", trick_scoring="ten_or_higher") == (E, [(E, 1, "lead")])


def test_last_trick_options() -> None:
    assert tp(12, "8S", "9S")[1] == [(E, 1, "lead"), (Y, 1, "win"), (Y, 1, "last trick")]
    assert tp(12, "8S", "9S", last_trick="needs_ten")[1] == [(E, 1, "lead"), (Y, 1, "win")]
    old = {"rule_set": "old"}
    assert tp(12, "8S", "9S", **old)[1] == [(Y, 1, "last trick")]  # the old rules: any rank
    opts = PiquetOptions.make({"last_trick_on_capot": False})
    a, b = parse_cards("AS 7S")
    assert trick_awards(12, E, a, b, opts, True)[1] == [(E, 1, "lead")]
    assert trick_awards(12, E, a, b, opts, False)[1] == [(E, 1, "lead"), (E, 1, "last trick")]


def test_the_cards_and_capot() -> None:
    assert cards_award([7, 5]) == [(E, 10, "the cards")]
    assert cards_award([0, 12]) == [(Y, 40, "capot")]
    assert cards_award([6, 6]) == []


# -- the game: deal, exchange, carte blanche -----------------------------------------


def vector(name: str, **options: Any) -> dict[str, Any]:
    v = vec.load(vec.VECTORS / f"{name}.json")
    v["options"] = {**v["options"], **options}
    return v


def test_the_deal_follows_the_pack_order_and_packet_size() -> None:
    deck = [str(c) for c in Piquet(seed=0).pack]
    game = Piquet(seed=0, deck=" ".join(deck), dealer=1, packet_size=2)
    assert game.hand is not None
    assert format_cards(game.hand.dealt[E][:4]) == "7C 8C JC QC"
    assert format_cards(game.hand.talon) == "7S 8S 9S 10S JS QS KS AS"


def test_a_dealt_hand_is_private() -> None:
    game = Piquet(seed=2)
    events = [e for e in game.events if e.kind == "hand"]
    assert sorted(e.to for e in events) == [0, 1]
    assert all(e.seat == e.to for e in events)


def test_blank_is_offered_only_to_a_blank_hand() -> None:
    game = vec.start(vector("P4"))
    assert Action("blank") in game.legal_actions(E)
    game = vec.start(vector("P1"))
    assert Action("blank") not in game.legal_actions(E)
    with pytest.raises(IllegalAction):
        game.apply(E, Action("blank"))


def test_protected_protocol_order() -> None:
    v = vector("P4")
    game = vec.start(v)
    vec.act(game, E, "blank")
    for c in ("7S", "9D", "8C"):
        vec.act(game, E, f"discard {c}")
    events = vec.act(game, E, "exchange")
    assert [e.kind for e in events] == ["announce"] and events[0].data["count"] == 3
    assert not any(e.kind == "show" for e in game.events)  # not shown before Y discards
    assert game.to_act() == (Y,)
    for c in ("8D", "7D", "7C", "KS", "QS"):
        vec.act(game, Y, f"discard {c}")  # up to 8 - 3 = 5
    assert not any(a.kind == "discard" for a in game.legal_actions(Y))
    vec.act(game, Y, "keep KS")
    vec.act(game, Y, "keep QS")
    events = vec.act(game, Y, "exchange")
    kinds = [e.kind for e in events]
    assert kinds.index("discard_down") < kinds.index("show") < kinds.index("take")
    takes = [(e.seat, e.data["cards"]) for e in events if e.kind == "take"]
    assert takes == [(E, "AC QC JC"), (Y, "KC QD 8S")]


def test_plain_protocol_shows_at_once() -> None:
    game = vec.start(vector("P4", elder_blank_protocol="plain"))
    events = vec.act(game, E, "blank")
    assert [e.kind for e in events] == ["carte_blanche", "show"]
    assert events[1].to is None and events[1].data["cards"] == vec.sorted_text(
        vector("P4")["elder"]
    )
    for c in ("7S", "9D", "8C"):
        vec.act(game, E, f"discard {c}")
    events = vec.act(game, E, "exchange")
    assert [e.data["cards"] for e in events if e.kind == "take"] == ["AC QC JC"]
    game2, _ = vec.play_out(vector("P4", elder_blank_protocol="plain"))
    assert game2.hand_records[0]["points"] == [28, 48]


def test_a_blank_younger_claims_after_elder_exchanges() -> None:
    v = vector("P4")
    # the same cards with the roles swapped: younger holds the blank hand
    deck = deal_order(parse_cards(v["younger"]), parse_cards(v["elder"]), parse_cards(v["talon"]))
    game = Piquet(seed=1, deck=deck, dealer=Y)
    assert Action("blank") not in game.legal_actions(E)
    vec.act(game, E, "discard 7C")
    vec.act(game, E, "exchange")
    assert Action("blank") in game.legal_actions(Y)
    events = vec.act(game, Y, "blank")
    assert [e.kind for e in events] == ["carte_blanche", "show"]
    vec.act(game, Y, "discard 7S")
    vec.act(game, Y, "exchange")
    assert game.phase == "talon"


def test_both_blank_neither_scores_with_36_cards() -> None:
    v = vector("P7", both_blanks="neither_scores")
    game, _ = vec.play_out(v)
    record = game.hand_records[0]
    assert not any(ln["step"] == BLANK for ln in record["lines"])
    assert record["points"] == [62, 27]


def test_exchange_limits() -> None:
    game = Piquet(seed=3, dealer=1)
    assert Action("exchange") not in game.legal_actions(E)  # at least one card
    hand = game.hand.hands[E] if game.hand else []
    for c in hand[:5]:
        vec.act(game, E, f"discard {c}")
    assert not any(a.kind == "discard" for a in game.legal_actions(E))
    vec.act(game, E, "exchange")
    assert Action("exchange") not in game.legal_actions(Y)
    parlett = Piquet(seed=3, dealer=1, younger_min_exchange=0)
    vec.act(parlett, E, f"discard {parlett.hand.hands[E][0] if parlett.hand else ''}")
    vec.act(parlett, E, "exchange")
    assert Action("exchange") in parlett.legal_actions(Y)
    vec.act(parlett, Y, "exchange")
    assert parlett.hand is not None and len(parlett.hand.leftover) == 7


def test_elder_may_exchange_eight_in_the_17th_century() -> None:
    game = Piquet(seed=3, dealer=1, rule_set="seventeenth_century")
    assert game.hand is not None
    for c in game.hand.hands[E][:8]:
        vec.act(game, E, f"discard {c}")
    assert not any(a.kind == "discard" for a in game.legal_actions(E))
    events = vec.act(game, E, "exchange")
    assert not any(e.kind == "peek" for e in events)
    assert game.hand.talon and len(game.hand.talon) == 4


def test_leftover_expose_option() -> None:
    v = vector("P2", younger_talon_view="expose")
    game = vec.start(v)
    for c in v["elder_discards"].split():
        vec.act(game, E, f"discard {c}")
    vec.act(game, E, "exchange")
    for c in v["younger_discards"].split():
        vec.act(game, Y, f"discard {c}")
    events = vec.act(game, Y, "exchange")
    assert not any(e.kind == "leftover" for e in events)
    assert game.observation(Y)["leftover"] is None
    assert game.legal_actions(Y) == [Action("pass"), Action("expose")]
    events = vec.act(game, Y, "expose")
    assert [(e.kind, e.to, e.data["cards"]) for e in events] == [("leftover", None, "8C")]
    assert game.observation(E)["leftover"] == "8C" and game.phase == "declare"


def test_naming_the_first_lead_binds_it() -> None:
    v = vector("P2")
    game = vec.start(v)
    vec.exchange(game, v)
    assert game.observation(E)["lead_suit"] == "S"
    vec.declare(game, v)
    plays = game.legal_actions(E)
    assert plays and all(game.format_action(a).endswith("S") for a in plays)
    assert len(plays) == 6


def test_own_discards_view() -> None:
    v = vector("P1")
    game = vec.start(v)
    vec.exchange(game, v)
    assert game.observation(E)["discards"] is None
    allowed = vec.start(vector("P1", own_discards_view="allowed"))
    vec.exchange(allowed, v)
    assert allowed.observation(E)["discards"] == "7H 10D 9D 8D 7C"
    assert allowed.observation(Y)["discards"] == "10S KH JD"


def test_tricks_view() -> None:
    for view, seen in (("last_only", 1), ("all", 3)):
        v = vector("P1", tricks_view=view)
        game = vec.start(v)
        vec.exchange(game, v)
        vec.declare(game, v)
        for leader, lead, follower, follow, _ in vec.tricks(v["tricks"])[:3]:
            vec.act(game, leader, f"play {lead}")
            vec.act(game, follower, f"play {follow}")
        assert len(game.observation(Y)["tricks"]) == seen
        assert game.observation(Y)["tricks_won"] == [3, 0]


def test_elder_point_choice() -> None:
    v = vector("P1")
    game = vec.start(v)
    vec.exchange(game, v)
    assert {game.format_action(a) for a in game.legal_actions(E)} == {
        "point S",
        "point H",
        "point D",
        "point C",
    }
    best = vec.start(vector("P1", elder_point_choice="best_only"))
    vec.exchange(best, v)
    assert [best.format_action(a) for a in best.legal_actions(E)] == ["point S"]


def test_hiding_a_combination_is_allowed() -> None:
    """P6: elder declares his quatrième and keeps the quinte hidden; 'none' is legal."""
    v = vector("P6")
    game = vec.start(v)
    vec.exchange(game, v)
    vec.act(game, E, "point H")
    vec.act(game, Y, "point D")
    legal = {game.format_action(a) for a in game.legal_actions(E)}
    assert legal == {"sequence KH", "sequence AC", "none"}


# -- first dealer, game end, partie ---------------------------------------------------


def test_low_card_deals() -> None:
    game = Piquet(seed=11)
    draws = [e for e in game.events if e.kind == "draw"]
    last = parse_cards(" ".join(draws[-1].data["cards"]))
    assert last[0].rank != last[1].rank
    assert all(
        parse_cards(" ".join(d.data["cards"]))[0].rank
        == parse_cards(" ".join(d.data["cards"]))[1].rank
        for d in draws[:-1]
    )
    low = 0 if last[0].rank < last[1].rank else 1
    assert game.hand is not None and game.hand.dealer == low


def test_high_card_chooses() -> None:
    game = Piquet(seed=11, first_dealer="high_card_chooses")
    assert game.phase == "choose" and game.hand is None
    chooser = game.to_act()[0]
    last = parse_cards(" ".join([e for e in game.events if e.kind == "draw"][-1].data["cards"]))
    assert last[chooser].rank > last[1 - chooser].rank
    assert "hand" not in game.observation(chooser)
    game.apply(chooser, game.parse_action("choose younger"))
    assert game.hand is not None and game.hand.dealer == chooser


def test_dealers_alternate_within_a_game() -> None:
    game, _ = vec_random(seed=8, partie="single_game")
    dealers = [r["dealer"] for r in game.hand_records]
    assert all(a != b for a, b in itertools.pairwise(dealers))


def vec_random(seed: int, **options: Any) -> tuple[Piquet, int]:
    from parlour.cards.piquet_bots import HeuristicPiquetBot

    game = Piquet(options, seed=seed)
    bot = HeuristicPiquetBot()
    n = 0
    while not game.is_over():
        s = game.to_act()[0]
        game.apply(s, bot.act(game.observation(s), game.legal_actions(s)))
        n += 1
    return game, n


def test_new_game_dealer_alternate() -> None:
    game, _ = vec_random(seed=9, new_game_dealer="alternate")
    firsts = [g["first_dealer"] for g in game.games]
    assert len(firsts) >= 2 and all(a != b for a, b in itertools.pairwise(firsts))
    # and each game's first hand was dealt by that game's first dealer
    by_game: dict[int, int] = {}
    for r in game.hand_records:
        by_game.setdefault(r["game"], r["dealer"])
    assert [by_game[g["game"]] for g in game.games] == firsts


def test_target_score_option() -> None:
    v = vector("P2", target_score=150)
    game, _ = vec.play_out(v, [51, 0])
    assert game.hand_records[0]["ended"] == "declarations"
    assert game.games[0]["scores"] == [150, 0]


def test_both_reach_the_target_in_the_declarations() -> None:
    """P7 from 90-90: both reach 100 with carte blanche, level; younger's point then
    puts him ahead and the game ends there."""
    game, _ = vec.play_out(vector("P7", game_format="target"), [90, 90])
    assert game.hand_records[0]["ended"] == "declarations"
    assert game.games[0]["winner"] == Y and game.games[0]["scores"] == [100, 108]


def test_both_reach_the_target_in_trick_play() -> None:
    """P2 from 0-97: elder stops at 99 after the declarations, so all 12 tricks are
    played; younger reaches 101 but elder ends on 119 and wins."""
    game, _ = vec.play_out(vector("P2"), [0, 97])
    assert game.hand_records[0]["ended"] == "tricks"
    assert game.games[0]["winner"] == E and game.games[0]["scores"] == [119, 101]


def test_six_deals() -> None:
    game, _ = vec_random(seed=2, rule_set="seventeenth_century", partie="single_game")
    (g,) = game.games
    assert g["hands"] >= 6 and len(game.hand_records) == g["hands"]
    a, b = g["scores"]
    assert g["value"] == (max(a, b) + min(a, b) + 100 if min(a, b) < 100 else abs(a - b) + 100)
    result = game.result()
    assert result is not None
    assert result["scores"] == [g["value"] if g["winner"] == s else 0 for s in (0, 1)]


def test_best_of_three() -> None:
    game, _ = vec_random(seed=4)
    result = game.result()
    assert result is not None and max(result["games_won"]) == 2
    assert result["winner"] == result["games_won"].index(2)
    assert result["payments"] == [
        result["scores"][0] - result["scores"][1],
        result["scores"][1] - result["scores"][0],
    ]


# -- bad input and illegal actions ----------------------------------------------------


def test_illegal_actions_change_nothing() -> None:
    game = Piquet(seed=5, dealer=1)
    before = game.state()
    n = len(game.events)
    for seat, action in (
        (Y, Action("exchange")),  # not younger's turn
        (E, Action("exchange")),  # nothing marked
        (E, Action("play", 3)),  # not the play yet
        (E, Action("discard", 1.0)),  # a float
        (E, Action("dance")),  # no such kind
        (E, ("discard",)),
    ):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeat):
        game.apply(2, Action("exchange"))
    with pytest.raises(NotationError):
        game.parse_action("discard 5S")
    assert game.state() == before and len(game.events) == n


def test_the_partie_refuses_actions_once_over() -> None:
    game, _ = vec_random(seed=1, partie="single_game")
    with pytest.raises(IllegalAction):
        game.apply(0, Action("pass"))
    assert game.to_act() == () and game.legal_actions(0) == []


def test_bad_constructor_arguments() -> None:
    with pytest.raises(InvalidHand, match="missing"):
        Piquet(deck="7C 8C")
    with pytest.raises(InvalidHand):
        Piquet(deck=" ".join(["6C", *[str(c) for c in Piquet(seed=0).pack][1:]]))
    with pytest.raises(ValueError, match="no option 'colour'"):
        Piquet(colour="red")
    with pytest.raises(ValueError, match="deck_size=36"):
        Piquet(elder_max_exchange=8)
    with pytest.raises(ValueError, match="target_score"):
        Piquet(target_score=120)
