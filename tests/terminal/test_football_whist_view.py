"""What the terminal draws comes from the observation alone, and hides what it should."""

from __future__ import annotations

from rich.console import Console

from parlour.games.football_whist import GAME
from parlour.games.football_whist.pitch import default_pitch
from parlour.terminal import football_whist as view


def draw(renderable) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_pitch_shows_every_position_and_marks_the_ball():
    pitch = default_pitch()
    text = "\n".join(line.plain for line in view.pitch_lines(pitch, "E3"))
    for node in pitch.nodes:
        assert node in text
    assert "●E3 Ire●" in text
    assert "X" in text      # the crossing tracks W1-W4 and W2-W3


def test_seat_view_shows_own_hand_and_spectator_view_shows_none():
    state = GAME.new_state(seed=2)
    mine = draw(view.render(state.observation(1)))
    assert "Your hand: " + " ".join(state.observation(1)["hand"]) in mine
    spectator = draw(view.render(state.observation(None)))
    assert "Your hand" not in spectator
    assert "reconstructed" in spectator   # the pitch says it is a reconstruction


def test_shorthand_expands_by_phase():
    state = GAME.new_state(seed=2)
    (seat,) = state.to_move
    obs, legal = state.observation(seat), state.legal_actions(seat)
    assert view.expand_shorthand("W3", obs, legal) == "kick W3"
    assert view.expand_shorthand("2", obs, legal) == legal[1]
    assert view.expand_shorthand("s", obs, legal) == "stay"


def test_card_details_carry_confidence_marks():
    state = GAME.new_state(seed=2)
    text = draw(view.details(state.observation(0)))
    first = state.observation(0)["hand"][0]
    assert first in text and "inferred" in text
    assert "D. Witcomb" in draw(view.details({"hand": ["W4"]}))


def test_squadron_scramble_numbers_mean_depth_and_set_where_the_prompt_says_so():
    from parlour.terminal import squadron_scramble as ss
    assert ss.expand_shorthand("2", {"phase": "draw"}, ("draw stock", "take 1", "take 2")) == "take 2"
    assert ss.expand_shorthand("5", {"phase": "shoot"}, ("shoot 2", "shoot 5", "hold")) == "shoot 5"
    assert ss.expand_shorthand("2", {"phase": "play"}, ("lay P38/T P38/S P38/F", "discard B17/T")) == "discard B17/T"
    assert ss.expand_shorthand("Lightning usa", {"phase": "name"}, ()) == "name Lightning usa"
    assert ss.expand_shorthand("²", {"phase": "draw"}, ("draw stock",)) == "²"
