"""Errors that front ends can show to a person as they are.

Every message is written for the player or organiser who caused it, so a front
end never has to translate: it prints ``str(error)`` and asks again.
"""


class ParlourError(Exception):
    """Base of every error Parlour raises on purpose."""


class UnknownGame(ParlourError):
    """A game id that no registered game has."""


class VariantError(ParlourError, ValueError):
    """A variant option that does not exist or has a value of the wrong kind."""


class DealError(ParlourError, ValueError):
    """An explicit deal (hand-written or from a record) that no shuffle could produce."""


class ActionSyntaxError(ParlourError, ValueError):
    """Text that is not an action of this game at all (a typo, not a rule breach)."""


class IllegalAction(ParlourError, ValueError):
    """A well-formed action that the rules forbid now; the state is unchanged.

    ``reason`` is a sentence for the player (each game's ``explain_illegal``): what is
    wrong and what he may do instead, in the game's words (``England 4``, ``the player on
    your left``), never its notation, and only from what his seat can see
    (``parlour.engine.conformance.check_refusals``).
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class RecordError(ParlourError, ValueError):
    """A game record that cannot be loaded or replayed.

    ``index`` names the first bad action (0-based) when the fault lies in the
    action list, and is ``None`` when the record's header is at fault.
    """

    def __init__(self, reason: str, *, index: int | None = None):
        where = f"action {index}: " if index is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.index = index


class ResampleError(ParlourError):
    """No deal consistent with a seat's view could be drawn (a resample never falls back on the truth)."""
