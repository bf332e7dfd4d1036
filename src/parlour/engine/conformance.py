"""Checks every game must pass, whatever its rules (called from each game's tests).

They hold a game to the contract in ``parlour.engine.state``: random playouts
always finish, records round-trip, clones are independent, seeds determine
games, observations hide what a seat could not see, and no card is ever made
or lost.  Each check raises ``AssertionError`` with the seed that broke it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Callable, Iterable

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import IllegalAction, ParlourError
from parlour.engine.record import GameRecord, record_of, replay


def random_playout(
    game: GameDescriptor,
    seed: int,
    seats: int,
    *,
    variant: dict[str, Any] | None = None,
    max_steps: int = 100_000,
    on_step: Callable[[Any], None] | None = None,
) -> Any:
    """Play uniformly random legal actions to the end; returns the final state."""
    rng = random.Random(seed)
    state = game.new_state(seats=seats, variant=variant, seed=seed)
    for _ in range(max_steps):
        if state.is_over:
            assert not state.to_move, f"seed {seed}: a finished game still has seats to move"
            return state
        movers = sorted(state.to_move)
        assert movers, f"seed {seed}: nobody may move in an unfinished game"
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal, f"seed {seed}: seat {seat} is to move but has no legal action"
        assert len(set(legal)) == len(legal), f"seed {seed}: duplicate legal actions {legal}"
        for other in range(seats):
            if other not in state.to_move:
                assert not state.legal_actions(other), f"seed {seed}: seat {other} has actions out of turn"
        state.apply(seat, rng.choice(legal))
        if on_step is not None:
            on_step(state)
    raise AssertionError(f"seed {seed}: game did not finish in {max_steps} actions")


def check_playouts(game: GameDescriptor, seeds: Iterable[int], seats: int, **kwargs: Any) -> list[Any]:
    finals = []
    for seed in seeds:
        final = random_playout(game, seed, seats, **kwargs)
        json.dumps(final.result())
        json.dumps(final.observation(None))
        assert len(final.returns()) == seats
        finals.append(final)
    return finals


def check_record_round_trip(game: GameDescriptor, seed: int, seats: int, **kwargs: Any) -> None:
    """Save, load and replay a finished game: the same state, the same record text."""
    final = random_playout(game, seed, seats, **kwargs)
    text = record_of(final).to_json()
    loaded = GameRecord.from_json(text)
    again = replay(loaded, game)
    assert again.snapshot() == final.snapshot(), f"seed {seed}: replay differs from the game played"
    assert record_of(again).to_json() == text, f"seed {seed}: record text is not stable"


def check_clone_independence(
    game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None
) -> None:
    """Playing on a clone never disturbs the original, and vice versa."""
    rng = random.Random(seed)
    state = game.new_state(seats=seats, seed=seed, variant=variant)
    for _ in range(rng.randrange(1, 40)):
        if state.is_over:
            break
        seat = min(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = json.dumps(state.snapshot(), sort_keys=True)
    copy = state.clone()
    assert json.dumps(copy.snapshot(), sort_keys=True) == before
    random_steps(copy, rng, 30)
    assert json.dumps(state.snapshot(), sort_keys=True) == before, f"seed {seed}: clone shares state"
    frozen = json.dumps(copy.snapshot(), sort_keys=True)
    random_steps(state, rng, 30)
    assert json.dumps(copy.snapshot(), sort_keys=True) == frozen, f"seed {seed}: original leaks into clone"


def random_steps(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        seat = rng.choice(sorted(state.to_move))
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def check_seed_determinism(
    game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None
) -> None:
    """Same seed and same actions give the same game, byte for byte."""
    first = record_of(random_playout(game, seed, seats, variant=variant)).to_json()
    second = record_of(random_playout(game, seed, seats, variant=variant)).to_json()
    assert first == second, f"seed {seed}: two runs differ"


def check_illegal_actions_change_nothing(
    game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None
) -> None:
    """Every action outside the legal set is refused with a reason, leaving the state as it was."""
    space = game.action_space(seats) if game.action_space else ()
    rng = random.Random(seed)
    state = game.new_state(seats=seats, seed=seed, variant=variant)
    while not state.is_over:
        before = json.dumps(state.snapshot(), sort_keys=True)
        for seat in range(seats):
            legal = set(state.legal_actions(seat))
            for action in space:
                if action in legal:
                    continue
                try:
                    state.apply(seat, action)
                except IllegalAction as error:
                    assert str(error), "an illegal action needs a reason"
                else:
                    raise AssertionError(f"seed {seed}: {action!r} by seat {seat} was accepted but not legal")
        assert json.dumps(state.snapshot(), sort_keys=True) == before, f"seed {seed}: a refusal changed the state"
        random_steps(state, rng, 1)


#: texts that are no action of any game, refused as well as the game's own actions
JUNK_ACTIONS = ("", "dance", "play", "take 999")


def check_refusals(
    game: GameDescriptor, seed: int, seats: int, notation: Iterable[Any], *,
    variant: dict[str, Any] | None = None, every: float = 0.25, tries: int = 12, worlds: int = 2,
) -> int:
    """Refusals are words a player reads, and say nothing his seat could not know.

    At random points of a random game, each seat tries a sample of the actions
    it may not take now (and a few texts that are no action at all).  Every
    refusal must be a sentence that matches none of ``notation`` (compiled
    regular expressions for the game's codes: cards, places, seat names, action
    texts), and must read the same in worlds the seat cannot tell from this one
    (``resample``), so that no refusal gives away a hidden card.  Returns how
    many refusals were read.
    """
    patterns = list(notation)
    space = game.action_space(seats) if game.action_space else ()
    rng = random.Random(seed)
    read = 0

    def audit(state: Any) -> None:
        nonlocal read
        if rng.random() > every:
            return
        for seat in range(seats):
            legal = set(state.legal_actions(seat))
            illegal = [a for a in rng.sample(space, min(len(space), 4 * tries)) if a not in legal][:tries]
            illegal += [a for a in JUNK_ACTIONS if a not in legal]
            others = []
            for _ in range(worlds):
                try:
                    others.append(state.resample(seat, random.Random(rng.random())))
                except ParlourError:
                    pass
            for action in illegal:
                text = state.explain_illegal(seat, action)
                read += 1
                assert text and text[0].isupper() and text.endswith("."), (
                    f"seed {seed}: the refusal of {action!r} is not a sentence: {text!r}")
                for pattern in patterns:
                    found = pattern.search(text)
                    assert found is None, (
                        f"seed {seed}: the refusal of {action!r} by seat {seat} shows {found.group(0)!r}: {text!r}")
                for other in others:
                    assert other.explain_illegal(seat, action) == text, (
                        f"seed {seed}: seat {seat}'s refusal of {action!r} depends on cards it cannot see: {text!r}")

    random_playout(game, seed, seats, on_step=audit, variant=variant)
    return read


def check_observation_audit(
    game: GameDescriptor, seed: int, seats: int, samples: int = 3, *, variant: dict[str, Any] | None = None
) -> None:
    """A seat's view never changes when the cards it cannot see are redealt.

    If an observation leaked any hidden card, some consistent redeal would
    change it.  The same holds for the seat's tensors and information-state
    string (for a game with an encoding).  Each resampled state must also be
    a state the rules could reach: its record replays to the same public position.
    """
    rng = random.Random(seed)
    numbers = bool(game.encoding)

    def audit(state: Any) -> None:
        if rng.random() > 0.15:
            return
        for seat in range(seats):
            view = state.observation(seat)
            json.dumps(view)
            if numbers:
                tensors = _numbers_of(state, seat)
            for _ in range(samples):
                other = state.resample(seat, random.Random(rng.random()))
                assert other.observation(seat) == view, f"seed {seed}: seat {seat}'s view depends on hidden cards"
                if numbers:
                    again = _numbers_of(other, seat)
                    for name, mine, theirs in zip(NUMBERS[:len(tensors)], tensors, again, strict=True):
                        same = mine == theirs if isinstance(mine, str) else (mine == theirs).all()
                        assert same, f"seed {seed}: seat {seat}'s {name} depends on hidden cards"
                assert other.observation(None) == state.observation(None), f"seed {seed}: resample changed public facts"
                replayed = replay(record_of(other), game)
                assert replayed.observation(seat) == view, f"seed {seed}: resampled state is unreachable"

    random_playout(game, seed, seats, on_step=audit, variant=variant)


def check_resample_sees_only_the_view(
    game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None, every: float = 0.2,
) -> None:
    """``resample`` depends on nothing but the seat's view and the random stream it is given.

    At random points of a random game, for each seat: a world drawn from the
    true state and the same draw from another world the seat cannot tell
    from it are one and the same state, hidden cards, deal and seed alike.
    So a resample can hand a search bot nothing of the truth, not even
    through the order in which it meets the hidden cards; and a world's seed
    (which fixes chance still to come) is never the true one.
    """
    rng = random.Random(seed)

    def audit(state: Any) -> None:
        if rng.random() > every:
            return
        for seat in range(seats):
            other = state.resample(seat, random.Random(rng.random()))
            key = rng.random()
            mine, theirs = state.resample(seat, random.Random(key)), other.resample(seat, random.Random(key))
            assert _whole(mine) == _whole(theirs), f"seed {seed}: seat {seat}'s worlds depend on the hidden cards"
            if state.seed is not None:
                assert mine.seed != state.seed, f"seed {seed}: a world keeps the true seed (future chance leaks)"

    random_playout(game, seed, seats, on_step=audit, variant=variant)


def _whole(state: Any) -> str:
    return json.dumps([state.snapshot(), state.seed, state.deal, state.history], sort_keys=True, default=str)


NUMBERS = ("observation tensor", "information-state tensor", "information-state string", "perfect-recall tensor")


def _numbers_of(state: Any, seat: int) -> tuple[Any, ...]:
    numbers = (state.observation_tensor(seat), state.information_state_tensor(seat),
               state.information_state_string(seat))
    if state.game.real_time:
        return numbers
    return (*numbers, state.perfect_recall_tensor(seat, max(len(state.history), 1)))


def check_numbers(game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None) -> None:
    """Action ids, legal masks and tensors keep their promises at every step of a random game.

    Every legal action has an id in the action space and back; the mask marks
    exactly the legal actions; the tensors have their layouts' fixed sizes,
    are float32 and lie in [-1, 1]; and they are what the game's encoding
    makes of the seat's observation, so they can show nothing more.
    """
    import numpy as np

    from parlour.engine.numbers import action_space_of, encoding_of

    space = action_space_of(game, seats)
    encoding = encoding_of(game, seats)

    def audit(state: Any) -> None:
        for seat in range(seats):
            legal = state.legal_actions(seat)
            mask = state.legal_mask(seat)
            assert mask.dtype == np.bool_ and mask.shape == (space.size,)
            assert int(mask.sum()) == len(legal), f"seed {seed}: the mask of seat {seat} is not its legal actions"
            ids = state.legal_action_ids(seat)
            assert ids == sorted(ids) and [state.action_text(i) for i in ids] == sorted(legal, key=state.action_id)
            assert all(mask[i] for i in ids)
            obs = state.observation(seat)
            json.dumps(state.tensor_view(seat))
            # The tensors read the shorter tensor view; the whole observation makes the same of them.
            checks = [
                (state.observation_tensor(seat), encoding.observation_layout, encoding.observation_tensor(obs)),
                (state.information_state_tensor(seat), encoding.information_state_layout,
                 encoding.information_state_tensor(obs)),
            ]
            if not game.real_time:
                length = max(len(state.history), 1)
                recall = state.perfect_recall_tensor(seat, length)
                checks.append((recall, encoding.perfect_recall_layout(length),
                               encoding.perfect_recall_tensor(obs, length)))
                assert state.information_state_string(seat) == encoding.information_state_string(obs)
                summary = encoding.information_state_layout.size
                assert (recall[:summary] == checks[1][0]).all(), "the perfect-recall tensor starts with the summary"
            for tensor, layout, direct in checks:
                assert tensor.dtype == np.float32 and tensor.shape == layout.shape, f"seed {seed}: wrong tensor shape"
                assert np.isfinite(tensor).all() and tensor.min() >= -1.0 and tensor.max() <= 1.0, (
                    f"seed {seed}: a tensor value lies outside [-1, 1]")
                assert (tensor == direct).all()
            assert isinstance(state.information_state_string(seat), str)

    random_playout(game, seed, seats, on_step=audit, variant=variant)


def check_spectator_sees_no_hand(
    game: GameDescriptor, seed: int, seats: int, hidden_key: str = "hand", *, variant: dict[str, Any] | None = None
) -> None:
    """A spectator's view carries no hand, and each seat's view carries only its own."""
    def audit(state: Any) -> None:
        assert hidden_key not in state.observation(None)
        snap = state.snapshot()
        for seat in range(seats):
            assert state.observation(seat)[hidden_key] == snap["hands"][seat]

    random_playout(game, seed, seats, on_step=audit, variant=variant)


def check_card_conservation(
    game: GameDescriptor, seed: int, seats: int, cards_of: Callable[[Any], Counter[Any]], *,
    variant: dict[str, Any] | None = None,
) -> None:
    """``cards_of(state)`` (every card in hands, tricks, piles...) is the same pack at every step."""
    start = game.new_state(seats=seats, seed=seed, variant=variant)
    pack = cards_of(start)

    def audit(state: Any) -> None:
        assert cards_of(state) == pack, f"seed {seed}: cards created or lost"

    random_playout(game, seed, seats, on_step=audit, variant=variant)


def _table_as_seen(state: Any, seats: int) -> str:
    """Everything each seat is told: its view, tensors, information-state string and legal mask; and the whole state."""
    seen: list[Any] = [_whole(state)]
    for seat in range(seats):
        seen.append(state.observation(seat))
        if state.game.encoding:
            seen += [x if isinstance(x, str) else x.tolist() for x in _numbers_of(state, seat)]
            seen.append(state.legal_mask(seat).tolist())
    return json.dumps(seen, sort_keys=True, default=str)


def check_chance_refusals(
    game: GameDescriptor, seed: int, seats: int, *, variant: dict[str, Any] | None = None, max_steps: int = 100_000,
) -> int:
    """An action refused because chance must come first (a reshuffle, a new round) changes nothing at all.

    A game dealt with only the shuffles made before play (and no seed), as OpenSpiel's chance nodes
    deal it, refuses with ``DealError`` the action that needs a later one.  Here a seeded game is
    replayed on such a state: at every refusal, every seat's view, tensors, information-state string
    and mask, and the whole state, must be as they were; then the next shuffle of the seeded game is
    handed over and the action goes ahead, and from then on every seat must see exactly what it sees
    in the seeded game.  Returns how many refusals were met.
    """
    from parlour.engine.errors import DealError
    from parlour.engine.numbers import encoding_of

    chance = encoding_of(game, seats).deal if game.encoding else None
    grows = chance.grows if chance is not None else ""
    if not grows:
        return 0
    native = random_playout(game, seed, seats, variant=variant, max_steps=max_steps)
    whole = native.deal
    state = None
    for first in range(len(whole[grows]) + 1):
        try:
            state = game.new_state(seats=seats, variant=variant, seed=None,
                                   deal={**whole, grows: [*whole[grows][:first]]})
            break
        except ParlourError:
            continue
    assert state is not None, f"seed {seed}: no deal without later shuffles starts a game"
    twin = game.new_state(seats=seats, variant=variant, seed=seed)
    refused = 0
    for seat, action in native.history:
        before = _table_as_seen(state, seats)
        try:
            state.apply(seat, action)
        except DealError:
            refused += 1
            assert _table_as_seen(state, seats) == before, (
                f"seed {seed}: the refusal of {action!r} for want of a shuffle changed the state")
            state.deal[grows].append(whole[grows][len(state.deal[grows])])
            state.apply(seat, action)
        twin.apply(seat, action)
        for viewer in range(seats):
            assert state.observation(viewer) == twin.observation(viewer), (
                f"seed {seed}: after {action!r}, seat {viewer} sees another game than the seeded one")
            if game.encoding:
                assert state.information_state_string(viewer) == twin.information_state_string(viewer), (
                    f"seed {seed}: after {action!r}, seat {viewer}'s information state differs from the seeded game's")
    assert state.is_over and state.result() == native.result()
    return refused
