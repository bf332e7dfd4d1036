"""The contract every Parlour game implements, and nothing game-specific."""

from parlour.engine.descriptor import GameDescriptor, Terms, VariantOption, resolve_variant
from parlour.engine.errors import (
    ActionSyntaxError,
    DealError,
    IllegalAction,
    ParlourError,
    RecordError,
    UnknownGame,
    VariantError,
)
from parlour.engine.state import State

__all__ = [
    "ActionSyntaxError",
    "DealError",
    "GameDescriptor",
    "IllegalAction",
    "ParlourError",
    "RecordError",
    "State",
    "Terms",
    "UnknownGame",
    "VariantError",
    "VariantOption",
    "resolve_variant",
]
