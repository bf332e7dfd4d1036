"""A person against bots at the terminal, for any game with a terminal front end.

The loop asks the state whose turn it is and what is legal; bots get their
seat's observation; the person's text goes through the game's own parser, and
a refusal is shown with the rules' reason before asking again.  The record is
saved after every action, so a crash or Ctrl-C loses nothing: ``--resume``
picks the game up again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.text import Text

from parlour.bots import decide, make_bot, replay_with_bots
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ActionSyntaxError
from parlour.engine.record import GameRecord, played_variant, record_of, replay
from parlour.terminal import frontend
from parlour.terminal.choices import MAX_LISTED

QUIT = {"quit", "q", "exit"}
HELP = {"help", "?", "h"}


def default_record_path(game_id: str, seed: int | None) -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "parlour" / "games"
    return base / f"{game_id}-{seed}.json"


def play(
    console: Console,
    game: GameDescriptor,
    *,
    human: int,
    bot_names: list[str],
    seats: int | None = None,
    seed: int | None,
    variant: dict[str, Any] | None = None,
    record_path: Path | None = None,
    resume: GameRecord | None = None,
    ask: Callable[[str], str] = input,
) -> Any:
    ui = frontend(game.id)
    if resume is not None:
        replay(resume, game)                      # refuse a bad record before anything else
        seats_info = resume.seats
        human = next((i for i, info in enumerate(seats_info) if _player(info) == "human"), human)
        num_seats, seed, variant = len(seats_info), resume.seed, played_variant(resume, game)
    else:
        num_seats = seats or game.seat_counts[0]
        names = game.seat_names(num_seats)
        seats_info = [
            {"name": names[s], "player": "human" if s == human else f"bot:{bot_names[s]}"} for s in range(num_seats)
        ]
    state = game.new_state(seats=num_seats, variant=variant, seed=seed, deal=resume.deal if resume else None)
    if not 0 <= human < state.num_seats:
        raise ValueError(f"--seat must be 0 to {state.num_seats - 1}")
    bots = {
        s: make_bot(game, _bot_name(seats_info[s], bot_names[s]), s, (state.seed or 0) + s)
        for s in range(state.num_seats)
        if s != human
    }
    if resume is not None:
        # Let each bot decide again at its past turns, so its random stream is
        # where it was when the game stopped: a resumed game plays on exactly
        # as the uninterrupted one would have.
        replay_with_bots(state, bots, (entry[:2] for entry in resume.actions))
    path = record_path or default_record_path(game.id, state.seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    console.print(Text(f"{game.title} — seed {state.seed}. The game is saved as you play to {path}", style="dim"))
    intro = getattr(ui, "introduce", None)
    if intro is not None and not state.history:
        console.print(intro(state.observation(human)))

    def save() -> None:
        record_of(state, seats_info).save(path)

    save()
    while not state.is_over:
        seat = min(state.to_move)
        legal = state.legal_actions(seat)
        before = state.observation(seat if seat == human else None)
        if seat == human:
            console.print(ui.render(state.observation(human)))
            action = _ask_person(console, ui, state, seat, legal, ask)
            if action is None:
                save()
                console.print(f"Game saved to {path}. Continue it with: parlour play {game.id} --resume {path}")
                return state
        else:
            action = decide(bots[seat], state, seat, legal)
        state.apply(seat, action)
        save()
        line = ui.narrate(seat, action, before, state.observation(None))
        if line is not None:
            console.print(line)
    console.print(ui.render(state.observation(human)))
    console.print(ui.final(state.result(), human))
    console.print(Text(f"Record saved to {path}", style="dim"))
    return state


def _player(seat_info: Any) -> str | None:
    player = seat_info.get("player") if isinstance(seat_info, dict) else None
    return player if isinstance(player, str) else None


def _bot_name(seat_info: Any, fallback: str) -> str:
    player = _player(seat_info)
    return player.removeprefix("bot:") if player and player.startswith("bot:") else fallback


def _ask_person(console: Console, ui: Any, state: Any, seat: int, legal: tuple[str, ...],
                ask: Callable[[str], str]) -> str | None:
    obs = state.observation(seat)
    if len(legal) <= MAX_LISTED:
        numbered = getattr(ui, "numbered", lambda obs: True)(obs)
        choices = "  ".join(f"{i}:{a}" if numbered else a for i, a in enumerate(legal, 1))
        console.print(Text(f"Choices  {choices}", style="cyan"))
    while True:
        try:
            text = ask(ui.prompt_for(obs, legal) + " > ").strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not text:
            continue
        if text.lower() in QUIT:
            return None
        if text.lower() in HELP:
            console.print(Text("Type an action (e.g. " + legal[-1] + "), its short form, or its number. "
                               "'cards' describes your cards; 'quit' saves and leaves.", style="cyan"))
            continue
        if text.lower() == "cards" and hasattr(ui, "details"):
            console.print(ui.details(obs))
            continue
        try:
            action = state.parse_action(ui.expand_shorthand(text, obs, legal))
        except ActionSyntaxError as error:
            console.print(Text(f"Not understood: {error}", style="red"))
            continue
        if action not in legal:
            console.print(Text(state.explain_illegal(seat, action), style="red"))     # a sentence, shown as it is
            continue
        return action
