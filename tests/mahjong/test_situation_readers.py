"""The situation readers every rule system shares: a hand whose substitute tiles (the
White Dragons playing a wild indicator's face) stand in mixed melds."""

from __future__ import annotations

import pytest

from parlour.core.errors import InvalidHand
from parlour.mahjong.melds import parse_meld
from parlour.mahjong.situation import meld_as, substituted_hand
from parlour.mahjong.tiles import WHITE, parse_tiles

FOUR_S = parse_tiles("4s")[0]


def test_a_substitute_beside_other_tiles_is_read_as_its_kind() -> None:
    hand, mixed = substituted_hand("[3sP5s] {PPPP} 123m 56s 4s*", WHITE, FOUR_S)
    assert [str(m) for m in hand.melds] == ["[345s]", "{PPPP}"]
    assert mixed == 1  # only the chow's White was rewritten; the kong stays as written
    assert WHITE not in hand.concealed and hand.wild_marks == (FOUR_S,)
    assert str(meld_as(hand.melds[1], WHITE, FOUR_S)) == "{4444s}"
    assert meld_as(parse_meld("[123m]"), WHITE, FOUR_S) == parse_meld("[123m]")


def test_a_hand_without_substitutes_in_melds_is_read_as_written() -> None:
    hand, mixed = substituted_hand("[PPP] 123m", WHITE, FOUR_S)
    assert (str(hand.melds[0]), mixed) == ("[PPP]", 0)


@pytest.mark.parametrize(
    ("text", "substitute", "kind"),
    [("[3sX5s] 1m", WHITE, FOUR_S), ("[3sP5s] 1m", WHITE, WHITE), ("[3s5sE] 1m", WHITE, FOUR_S)],
)
def test_a_meld_that_is_none_is_refused_naming_the_field(
    text: str, substitute: int, kind: int
) -> None:
    with pytest.raises(InvalidHand, match=r"^'hand': "):
        substituted_hand(text, substitute, kind)
