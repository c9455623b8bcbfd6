"""The game protocol every parlour game implements (no mahjong here)."""

from parlour.core.errors import IllegalAction, InvalidHand, NotationError, ParlourError

__all__ = ["IllegalAction", "InvalidHand", "NotationError", "ParlourError"]
