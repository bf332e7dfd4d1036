"""After a Biggles game: a short account of each match, worked out from the record alone.

Each match's actions are replayed on a fresh state from the game's own deal, so every figure is exact:

- ``stops``: how many times each player stopped the other (a red card onto the other's build);
- ``stops_missed``: the chances to stop that went by unused.  A chance is a moment the player's pile showed a
  red card that the rules let go onto the other's build; it was missed when it ended without that stop (the
  player turned past it, or the other player built on first);
- ``fits_missed``: the cards that fitted the player's own build that the player turned past;
- ``longest_run``: the most cards a player put on the build one after another with no stop against it between
  them, and the first and last of those cards (in words: "black 2", "Biggles").
"""

from __future__ import annotations

from typing import Any

from parlour.games.biggles import rules


def _chances(state: rules.BigglesState, seat: int) -> tuple[Any, Any]:
    """The stop and the play the rules allow ``seat`` now, each with the card it moves (None where there is none):
    the card keeps apart a chance from the next one of the same number (the pack's other black card of it)."""
    legal = state.legal_actions(seat)
    pile = state.players[seat].pile
    stop = next(((a, pile[-1]) for a in legal if a.startswith("stop ")), None)
    play = next(((a, pile[-1]) for a in legal if a.startswith("play ")), None)
    return stop, play


def after_game(state: rules.BigglesState) -> dict[str, Any]:
    """The account of every match played so far in ``state`` (a finished game: all of them)."""
    world = rules.new_state(variant=dict(state.variant), seed=state.seed, deal=state.deal)
    matches: list[dict[str, Any]] = []

    def fresh() -> dict[str, Any]:
        return {
            "stops": [0, 0],
            "stops_missed": [0, 0],
            "fits_missed": [0, 0],
            "longest_run": [None, None],
            "run": [[], []],
        }

    now = fresh()
    open_chances = [_chances(world, s) for s in rules.BOTH]
    for seat, action in state.history:
        match = world.match_no
        cards = [len(p.build) for p in world.players]
        world.apply(seat, action)
        if action.startswith("stop "):
            now["stops"][seat] += 1
            now["run"][1 - seat] = []  # a stop against the other ends the other's run
        elif action.startswith("play "):
            built = world.match_results[-1]["builds"][seat] if world.match_no != match else None
            card = built[cards[seat]] if built is not None else rules.CARD_TEXT[world.players[seat].build[-1]]
            now["run"][seat] = [*now["run"][seat], card]
            best = now["longest_run"][seat]
            if best is None or len(now["run"][seat]) > best["cards"]:
                run = now["run"][seat]
                now["longest_run"][seat] = {
                    "cards": len(run),
                    "last": rules.card_name(run[-1].rstrip("x")),
                    "first": rules.card_name(run[0].rstrip("x")),
                }
        ended = world.match_no != match or world.is_over
        after = [_chances(world, s) for s in rules.BOTH] if not ended else [(None, None), (None, None)]
        for s in rules.BOTH:
            stop, play = open_chances[s]
            # a chance that is gone: taken (the seat made that very move), else missed
            if stop is not None and after[s][0] != stop and not (s == seat and action == stop[0]):
                now["stops_missed"][s] += 1
            # (a card that fitted counts as missed where the player turned past it, not where a stop took its
            # place on the build away)
            if play is not None and after[s][1] != play and s == seat and action in ("turn", "pickup"):
                now["fits_missed"][s] += 1
        open_chances = after
        if ended:
            result = world.match_results[-1]
            del now["run"]
            matches.append({"match": result["match"], "winner": result["winner"], "scores": result["scores"], **now})
            now = fresh()
            open_chances = [_chances(world, s) for s in rules.BOTH] if not world.is_over else [(None, None)] * 2
    return {"matches": matches}
