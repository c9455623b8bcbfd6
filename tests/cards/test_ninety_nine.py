"""Ninety-Nine: each rule on its own (bidding, premiums, trumps, following suit, scoring,
game length), the action encoding, the options and bad input."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.cards.cards import NINETY_NINE_PACK, format_cards, parse_card, parse_cards
from parlour.cards.ninety_nine import (
    ACTION_SPACE,
    NinetyNine,
    Standings,
    bid_action,
    deal_hands,
    deck_for_hands,
    legal_plays,
    parse_deck,
    play_action,
    resolve_premium,
    score_deal,
    score_json,
    trick_winner,
)
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, InvalidHand, NotationError

# D1 of the rules: dealer C (seat 2), A leads; trumps diamonds.
D1_HANDS = (
    "AS QS 7S JH 10H 9H KD QD JD KC 9C 7C",
    "10S 6S AH KH 7H 9D 8D 6D QC JC 10C 8C",
    "KS JS 9S 8S QH 8H 6H AD 10D 7D AC 6C",
)
D1_BIDS = ("JH KD JD", "10S 6S 7H", "KS QH 7D")  # bids 2, 4, 3


def d1_game(**options: Any) -> NinetyNine:
    deck = deck_for_hands([parse_cards(h) for h in D1_HANDS], dealer=2)
    return NinetyNine(seed=1, first_dealer=2, deck=deck, **options)


def bid_all(game: NinetyNine, bids: tuple[str, ...] = D1_BIDS) -> None:
    for seat in range(3):
        game.apply(seat, bid_action(bids[seat]))


def offer_all(game: NinetyNine, offers: dict[int, str] | None = None) -> list[Any]:
    events: list[Any] = []
    while game.phase == "premium":
        seat = game.to_act()[0]
        events = game.apply(seat, Action((offers or {}).get(seat, "pass")))
    return events


def snapshot(game: NinetyNine) -> list[dict[str, Any]]:
    return [game.observation(s) for s in range(3)] + [{"actions": list(game.actions)}]


# --- the deal --------------------------------------------------------------------------


def test_deal_starts_at_the_dealers_left_one_card_at_a_time() -> None:
    deck = parse_cards(format_cards(NINETY_NINE_PACK))
    hands = deal_hands(deck, dealer=0)
    assert hands[1][:2] == (deck[0], deck[3])  # B, at the dealer's left, gets d1 and d4
    assert hands[2][0] == deck[1]
    assert hands[0][0] == deck[2]  # the dealer gets d3
    game = NinetyNine(deck=format_cards(deck), first_dealer=0)
    assert [game.hand(s) for s in range(3)] == [tuple(h) for h in hands]
    assert game.first_seat == 1 and game.dealer == 0


def test_deck_argument_is_checked() -> None:
    with pytest.raises(InvalidHand, match="not 35 cards"):
        NinetyNine(deck=format_cards(NINETY_NINE_PACK[:-1]))
    with pytest.raises(InvalidHand, match="appears twice"):
        NinetyNine(deck=format_cards((*NINETY_NINE_PACK[:-1], NINETY_NINE_PACK[0])))
    with pytest.raises(NotationError):
        NinetyNine(deck="AS KS QX")
    with pytest.raises(InvalidHand, match="5C is not in the 36-card pack"):
        parse_deck(["5C", *[str(c) for c in NINETY_NINE_PACK[1:]]])
    with pytest.raises(ValueError, match="deck or decks"):
        NinetyNine(deck=NINETY_NINE_PACK, decks=[NINETY_NINE_PACK])


def test_seeded_deals_are_deterministic_and_differ_by_seed() -> None:
    a, b, c = NinetyNine(seed=5), NinetyNine(seed=5), NinetyNine(seed=6)
    assert [a.hand(s) for s in range(3)] == [b.hand(s) for s in range(3)]
    assert [a.hand(s) for s in range(3)] != [c.hand(s) for s in range(3)]
    assert NinetyNine(seed=-5).hand(0) != a.hand(0)


def test_dealer_rotates_clockwise_and_first_trumps_are_diamonds() -> None:
    game = NinetyNine(seed=2, first_dealer=1)
    assert (game.dealer, game.first_seat, game.trumps) == (1, 2, "D")
    for seat in range(3):
        game.apply(seat, game.legal_actions(seat)[0])
    offer_all(game)
    while game.deal_number == 1:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert (game.dealer, game.first_seat) == (2, 0)
    assert game.trumps == "DSHC"[game.deal_scores[0].successes]


# --- bidding ---------------------------------------------------------------------------


def test_bidding_is_simultaneous_and_secret() -> None:
    game = d1_game()
    assert game.to_act() == (0, 1, 2)
    assert len(game.legal_actions(1)) == 220
    events = game.apply(1, bid_action("10S 6S 7H"))
    assert [(e.kind, e.to) for e in events] == [("bid", None), ("bid_cards", 1)]
    assert game.to_act() == (0, 2)
    assert game.legal_actions(1) == []
    assert game.hand(1) == parse_cards("AH KH 9D 8D 6D QC JC 10C 8C")
    others = game.observation(0)
    assert others["has_bid"] == [False, True, False]
    assert others["bid_cards"] is None and others["bid"] is None
    assert "10S" not in str(others)
    mine = game.observation(1)
    assert mine["bid_cards"] == ["7H", "6S", "10S"] and mine["bid"] == 4


def test_bad_bids_are_refused_and_change_nothing() -> None:
    game = d1_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(0, bid_action("AS QS 6S"))  # 6S is B's
    with pytest.raises(IllegalAction):
        game.apply(0, Action("bid", (35, 34)))  # two cards
    with pytest.raises(IllegalAction):
        game.apply(0, Action("bid", (35, 35, 34)))
    with pytest.raises(IllegalAction, match="lays aside 3 bid cards"):
        game.apply(0, play_action("AS"))
    with pytest.raises(IllegalAction, match=r"passes, declares|lays aside"):
        game.apply(0, Action("declare"))
    assert snapshot(game) == before
    game.apply(0, bid_action(D1_BIDS[0]))
    with pytest.raises(IllegalAction, match="not to act"):
        game.apply(0, bid_action("AS QS 7S"))


# --- premiums --------------------------------------------------------------------------


def test_simultaneous_offers_stay_private_until_all_are_made() -> None:
    game = d1_game()
    bid_all(game)
    assert game.phase == "premium" and game.to_act() == (0, 1, 2)
    events = game.apply(2, Action("declare"))
    assert [(e.kind, e.to) for e in events] == [("offer", 2)]
    assert game.observation(0)["offers"] == [None, None, None]
    assert game.observation(2)["offers"] == [None, None, "declare"]
    assert game.observation(0)["asked"] and not game.observation(2)["asked"]
    game.apply(0, Action("declare"))
    events = game.apply(1, Action("pass"))
    premium = next(e for e in events if e.kind == "premium")
    assert premium.to is None
    assert (premium.data["holder"], premium.data["bid"]) == (0, "declare")  # A is first
    shown = next(e for e in events if e.kind == "bid_cards_shown")
    assert (
        shown.seat == 0 and shown.to is None and set(shown.data["cards"]) == set(D1_BIDS[0].split())
    )
    assert game.observation(1)["shown_bid_cards"] == [["JD", "KD", "JH"], None, None]
    assert game.observation(1)["offers"] == ["declare", "pass", "declare"]
    # C's offer lost: his bid cards stay face down (C3)
    assert "KS" not in str(game.observation(0)["shown_bid_cards"])
    assert game.phase == "play" and game.to_act() == (0,)


def test_sequential_offers_in_seat_order_and_equal_offers_are_void() -> None:
    game = d1_game(premium_announcement="sequential")
    bid_all(game)
    assert game.to_act() == (0,)  # the dealer's left speaks first
    events = game.apply(0, Action("declare"))
    assert events[0].to is None and events[0].data["void"] is False
    assert game.observation(2)["offers"] == ["declare", None, None]
    assert game.to_act() == (1,)
    events = game.apply(1, Action("declare"))  # does not outrank: a pass (C6)
    assert events[0].data["void"] is True
    assert game.to_act() == (2,)
    events = game.apply(2, Action("reveal"))
    premium = next(e for e in events if e.kind == "premium")
    assert (premium.data["holder"], premium.data["bid"]) == (2, "reveal")
    assert game.observation(0)["offers"] == ["declare", "pass", "reveal"]


def test_reveal_whole_play_keeps_the_hand_face_up() -> None:
    game = d1_game()
    bid_all(game)
    events = offer_all(game, {1: "reveal"})
    shown = next(e for e in events if e.kind == "hand_shown")
    assert shown.seat == 1 and shown.to is None and len(shown.data["cards"]) == 9
    assert set(game.observation(0)["shown_hands"][1]) == {str(c) for c in game.hand(1)}
    game.apply(0, play_action("AS"))
    game.apply(1, play_action("6D"))
    assert len(game.observation(2)["shown_hands"][1]) == 8
    assert "6D" not in game.observation(2)["shown_hands"][1]


def test_reveal_once_shows_the_hand_only_before_the_lead() -> None:
    game = d1_game(revealed_hand_exposure="once")
    bid_all(game)
    events = offer_all(game, {1: "reveal"})
    assert len(next(e for e in events if e.kind == "hand_shown").data["cards"]) == 9
    assert game.observation(0)["shown_hands"] == [None, None, None]
    assert game.observation(0)["shown_bid_cards"][1] == ["7H", "6S", "10S"]


@pytest.mark.parametrize(
    ("offers", "first", "expected"),
    [
        (["declare", "reveal", None], 0, (1, "reveal")),
        ([None, "declare", "declare"], 0, (1, "declare")),
        (["reveal", None, "reveal"], 0, (0, "reveal")),
        (["reveal", None, "reveal"], 2, (2, "reveal")),
        (["declare", "declare", "declare"], 1, (1, "declare")),
        ([None, None, None], 0, None),
    ],
)
def test_premium_priority(
    offers: list[str | None], first: int, expected: tuple[int, str] | None
) -> None:
    assert resolve_premium(offers, first) == expected


# --- trick play ------------------------------------------------------------------------


def test_follow_suit_is_enforced_and_a_void_player_may_play_anything() -> None:
    game = d1_game()
    bid_all(game)
    offer_all(game)
    with pytest.raises(IllegalAction, match="not to act"):
        game.apply(1, play_action("AH"))
    game.apply(0, play_action("AS"))
    legal_b = {str(NINETY_NINE_PACK[a.payload]) for a in game.legal_actions(1)}
    assert legal_b == {str(c) for c in game.hand(1)}  # no spades: anything, no duty to trump
    game.apply(1, play_action("QC"))
    legal_c = {str(NINETY_NINE_PACK[a.payload]) for a in game.legal_actions(2)}
    assert legal_c == {"JS", "9S", "8S"}
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="must follow spades"):
        game.apply(2, play_action("AD"))
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(2, play_action("KS"))  # laid aside as a bid card
    assert snapshot(game) == before
    events = game.apply(2, play_action("8S"))
    assert events[-1].kind == "trick" and events[-1].seat == 0  # A's ace of spades
    assert game.to_act() == (0,)  # the winner leads


def test_trick_winner_rules() -> None:
    def winner(text: str, trumps: str) -> int:
        return trick_winner(parse_cards(text), trumps)

    assert winner("AS 6D 8S", "D") == 1  # a trump beats the ace led
    assert winner("AS 6D 7D", "D") == 2  # the highest trump
    assert winner("9H AC KH", "D") == 2  # an off-suit ace does not win
    assert winner("6C 7C 8C", "C") == 2  # trumps led: highest trump
    assert winner("10H AS 6S", "D") == 0
    with pytest.raises(ValueError):
        trick_winner((), "D")
    assert legal_plays(parse_cards("AS 6H"), None) == parse_cards("AS 6H")


# --- scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "tricks", "scores", "n"),
    [
        ((3, 3, 3), (3, 3, 3), (13, 13, 13), 3),
        ((3, 3, 0), (3, 3, 3), (23, 23, 3), 2),
        ((9, 3, 0), (3, 3, 3), (3, 33, 3), 1),
        ((0, 0, 0), (3, 3, 3), (3, 3, 3), 0),
        ((0, 0, 9), (0, 0, 9), (10, 10, 19), 3),
    ],
)
def test_success_bonuses(
    bids: tuple[int, ...], tricks: tuple[int, ...], scores: tuple[int, ...], n: int
) -> None:
    deal = score_deal(bids, tricks)
    assert deal.scores == scores and deal.successes == n
    assert deal.next_trumps == "DSHC"[n]
    assert sum(deal.trick_points) == 9


def test_premium_goes_to_the_holder_or_to_each_other_player() -> None:
    assert score_deal((3, 3, 3), (3, 3, 3), (0, "declare")).scores == (43, 13, 13)
    assert score_deal((3, 3, 3), (3, 3, 3), (2, "reveal")).scores == (13, 13, 73)
    # the holder fails: each other player scores it, successful or not
    assert score_deal((2, 3, 0), (3, 3, 3), (0, "declare")).scores == (3, 63, 33)
    assert score_deal((2, 4, 0), (3, 3, 3), (1, "reveal")).scores == (63, 3, 63)


def test_score_json_output_shape() -> None:
    out = score_json(
        {
            "rules": "ninety-nine",
            "bids": {"A": "AD 6C 7S", "B": ["KH", "QH", "JH"], "C": 0},
            "tricks": {"A": 4, "B": 5, "C": 0},
            "premium": {"holder": "C", "kind": "declare"},
        }
    ).to_json()
    assert out == {
        "rules": "ninety-nine",
        "bids": {"A": 4, "B": 6, "C": 0},
        "tricks": {"A": 4, "B": 5, "C": 0},
        "succeeded": ["A", "C"],
        "successes": 2,
        "premium": {"holder": "C", "kind": "declare", "value": 30, "succeeded": True},
        "breakdown": {
            "A": {"tricks": 4, "bonus": 20, "premium": 0},
            "B": {"tricks": 5, "bonus": 0, "premium": 0},
            "C": {"tricks": 0, "bonus": 20, "premium": 30},
        },
        "scores": {"A": 24, "B": 5, "C": 50},
        "next_trumps": "H",
    }


def test_score_json_other_player_names() -> None:
    result = score_json(
        {"players": "NEW", "bids": {"N": 3, "E": 3, "W": 3}, "tricks": {"W": 3, "N": 3, "E": 3}}
    )
    assert list(result.scores) == ["N", "E", "W"]
    assert result.scores["W"] == 13


GOOD: dict[str, Any] = {"bids": {"A": 3, "B": 3, "C": 3}, "tricks": {"A": 3, "B": 3, "C": 3}}


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"tricks": {"A": 3, "B": 3, "D": 3}}, InvalidHand, "unknown player 'D'"),
        ({"tricks": {"A": 3, "B": 3}}, InvalidHand, "no entry for player C"),
        ({"tricks": {"A": 3, "B": 3, "C": 2}}, InvalidHand, "add up to 8, not 9"),
        ({"tricks": {"A": 10, "B": -1, "C": 0}}, InvalidHand, "player A's tricks"),
        ({"tricks": {"A": 3.0, "B": 3, "C": 3}}, InvalidHand, "player A's tricks"),
        ({"bids": {"A": 10, "B": 3, "C": 3}}, InvalidHand, "player A's bid is 0-9, not 10"),
        ({"bids": {"A": -1, "B": 3, "C": 3}}, InvalidHand, "player A's bid is 0-9"),
        ({"bids": {"A": True, "B": 3, "C": 3}}, InvalidHand, "player A's bid"),
        ({"bids": {"A": "AX KD QD", "B": 3, "C": 3}}, NotationError, "unknown suit 'X'"),
        ({"bids": {"A": "AD KD", "B": 3, "C": 3}}, InvalidHand, "3 bid cards, not 2"),
        ({"bids": {"A": "AD KD AD", "B": 3, "C": 3}}, InvalidHand, "AD appears twice"),
        ({"bids": {"A": "5D KD QD", "B": 3, "C": 3}}, InvalidHand, "5D is not in the 36"),
        ({"bids": {"A": "AD KD QD", "B": "AD 6C 7C", "C": 3}}, InvalidHand, "AD appears twice"),
        ({"bids": {"A": 3, "B": 3, "C": 3, "D": 3}}, InvalidHand, "three players"),
        ({"premium": {"holder": "D", "kind": "declare"}}, InvalidHand, "holder must be one of"),
        ({"premium": {"holder": "A", "kind": "double"}}, InvalidHand, "declare or reveal"),
        ({"premium": "A"}, InvalidHand, "'premium' is null or"),
        ({"offers": {"A": "declare"}}, InvalidHand, "need the 'dealer'"),
        ({"offers": {"A": "shout"}, "dealer": "C"}, InvalidHand, "player A's offer"),
        ({"offers": {"Q": "declare"}, "dealer": "C"}, InvalidHand, "unknown player 'Q'"),
        ({"rules": "piquet"}, InvalidHand, "not 'piquet'"),
        ({"trump": "D"}, InvalidHand, "unknown field 'trump'"),
        ({"trumps": "X"}, InvalidHand, "trumps are one suit letter"),
    ],
)
def test_score_json_refuses_bad_input(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        score_json({**GOOD, **change})


def test_score_json_echoes_trumps() -> None:
    result = score_json({**GOOD, "trumps": "H"})
    assert result.to_json()["trumps"] == "H" and result.to_json()["next_trumps"] == "C"
    assert "trumps" not in score_json(GOOD).to_json()


def test_score_json_refuses_non_objects() -> None:
    with pytest.raises(InvalidHand):
        score_json([1, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidHand, match="'bids' must be"):
        score_json({"tricks": GOOD["tricks"]})


# --- game length -----------------------------------------------------------------------


def test_fixed_deals_end_after_the_deal_count_with_a_lone_leader() -> None:
    st = Standings({"deal_count": 9})
    for _ in range(8):
        assert st.add((5, 3, 1)) is None
    assert st.add((5, 3, 1)) == (0,)
    assert st.over and st.winners == (0,) and st.deals == 9
    with pytest.raises(IllegalAction):
        st.add((3, 3, 3))


def test_fixed_deals_tie_extra_deals_until_one_leads_alone() -> None:
    st = Standings({})
    for _ in range(9):
        assert st.add((3, 3, 3)) is None
    assert not st.over
    assert st.add((4, 4, 1)) is None  # still shared at the top
    assert st.add((1, 2, 6)) == (2,)  # C comes from behind (C4)
    assert st.deals == 11 and st.winners == (2,)


def test_fixed_deals_tie_shared() -> None:
    st = Standings({"tie_resolution": "shared", "deal_count": 18})
    for _ in range(18):
        st.add((4, 4, 1))
    assert st.over and st.winners == (0, 1)


def test_three_game_wins_highest_total_wins_and_totals_reset() -> None:
    st = Standings({"game_format": "three_game_wins"})
    st.add((90, 95, 0))
    assert st.add((20, 10, 0)) == (0,)  # both reach 100: A's 110 beats B's 105
    assert st.totals == [0, 0, 0] and st.game_wins == [1, 0, 0] and st.points == [110, 105, 0]
    assert st.game_number == 2


def test_three_game_wins_tie_extra_deal_or_shared() -> None:
    st = Standings({"game_format": "three_game_wins"})
    assert st.add((100, 100, 0)) is None
    assert st.add((1, 3, 9)) == (1,)
    shared = Standings({"game_format": "three_game_wins", "tie_resolution": "shared"})
    assert shared.add((100, 100, 0)) == (0, 1)
    assert shared.game_wins == [1, 1, 0]


def test_three_game_wins_match_ends_at_three_wins() -> None:
    st = Standings({"game_format": "three_game_wins"})
    for _ in range(2):
        st.add((100, 0, 0))
        st.add((0, 100, 0))
    assert not st.over
    st.add((0, 120, 0))
    assert st.over and st.winners == (1,) and st.game_wins == [2, 3, 0]
    assert [list(g) for g in st.games] == [[0], [1], [0], [1], [1]]


def test_engine_game_runs_its_length_and_gives_a_result() -> None:
    game = NinetyNine(seed=11)
    assert game.result() is None
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    result = game.result()
    assert result is not None
    assert result["deals"] >= 9 and len(game.deal_scores) == result["deals"]
    assert result["scores"] == [sum(d.scores[s] for d in game.deal_scores) for s in range(3)]
    top = max(result["scores"])
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == top]
    assert len(result["winners"]) == 1
    assert game.to_act() == () and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, Action("pass"))


# --- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deal_count": 10}, "multiple of 9"),
        ({"deal_count": 0}, "multiple of 9"),
        ({"game_target": 150}, "game_target"),
        ({"game_format": "marathon"}, "game_format"),
        ({"premium_announcement": "shouted"}, "premium_announcement"),
        ({"revealed_hand_exposure": "never"}, "revealed_hand_exposure"),
        ({"trump_reset_each_game": "yes"}, "trump_reset_each_game"),
        ({"tie_resolution": "coin"}, "tie_resolution"),
        ({"packet_size": 3}, "no option 'packet_size'"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        NinetyNine(**options)


def test_options_by_keyword_or_mapping() -> None:
    a = NinetyNine(options={"deal_count": 18}, tie_resolution="shared")
    assert a.options["deal_count"] == 18 and a.options["tie_resolution"] == "shared"
    assert a.options["game_format"] == "fixed_deals"
    with pytest.raises(ValueError):
        NinetyNine(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        NinetyNine(first_dealer=3)


# --- actions ---------------------------------------------------------------------------


def test_action_space_layout_is_fixed() -> None:
    assert ACTION_SPACE.size == 3 + 36 + 7140
    assert [ACTION_SPACE.encode(Action(k)) for k in ("pass", "declare", "reveal")] == [0, 1, 2]
    assert ACTION_SPACE.encode(play_action("6C")) == 3
    assert ACTION_SPACE.encode(play_action("AS")) == 38
    assert ACTION_SPACE.encode(bid_action("6C 7C 8C")) == 39
    assert ACTION_SPACE.encode(bid_action("QS KS AS")) == 7178
    assert ACTION_SPACE.decode(39) == bid_action("6C 7C 8C")


def test_action_text() -> None:
    game = NinetyNine()
    assert game.parse_action("play 10h") == play_action("10H")
    assert game.parse_action("PLAY TH") == play_action("10H")
    assert game.format_action(play_action("10H")) == "play 10H"
    assert game.format_action(bid_action("AS 6C JH")) == "bid 6C JH AS"
    assert game.parse_action("declare") == Action("declare")
    for text, message in [
        ("play 5C", "5C is not in the 36-card pack"),
        ("play AX", "unknown suit"),
        ("bid AS KS", "3 cards"),
        ("bid AS AS KS", "twice"),
        ("double", "unknown action"),
        ("", "empty action"),
        ("pass now", "unexpected"),
    ]:
        with pytest.raises(NotationError, match=message):
            game.parse_action(text)


def test_masks_match_legal_actions() -> None:
    game = d1_game()
    mask = game.mask(0)
    assert sum(mask) == 220
    assert all(mask[game.encode(a)] for a in game.legal_actions(0))
    assert sum(game.mask(0)) == 220 and game.mask(0) == mask
    bid_all(game)
    assert [i for i, flag in enumerate(game.mask(1)) if flag] == [0, 1, 2]


def test_actions_given_as_plain_tuples_are_normalised() -> None:
    game = d1_game()
    indices = sorted(NINETY_NINE_PACK.index(parse_card(c)) for c in D1_BIDS[0].split())
    game.apply(0, ("bid", list(reversed(indices))))  # type: ignore[arg-type]
    assert game.bid_cards(0) is not None and game.bids()[0] == 2
    with pytest.raises(IllegalAction):
        game.apply(1, ("bid", (1.0, 2, 3)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="unknown action kind"):
        game.apply(1, Action("discard", 3))
