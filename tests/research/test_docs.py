"""docs/research.md documents every encoding slice by slice, as the encodings lay them out."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.numbers import encoding_of, max_game_length
from parlour.games import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
#: the table size each game's table is printed for
SHOWN = {"football-whist": 4, "squadron-scramble": 4, "british-towns-asking": 4, "british-towns-sets": 2, "biggles": 2}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_encoding_is_documented_as_laid_out(game_id):
    text = DOC.read_text(encoding="utf-8")
    game = GAMES[game_id]
    encoding = encoding_of(game, SHOWN[game_id])
    table = encoding.information_state_layout.markdown()
    assert table in text, f"docs/research.md lacks (or has an old form of) this table:\n{table}"
    # the observation tensor is the information state's first part, and the page names where it ends
    now, seen = encoding.observation_layout.pieces, encoding.information_state_layout.pieces
    assert [p.name for p in now] == [p.name for p in seen[: len(now)]]
    assert f"The observation tensor ends with `{now[-1].name}`" in " ".join(text.split())
    sizes = ", ".join(f"{n} seats: {encoding_of(game, n).observation_layout.size} / "
                      f"{encoding_of(game, n).information_state_layout.size}" for n in game.seat_counts)
    assert sizes in " ".join(text.split())
    size = "43 x seats" if game_id == "british-towns-asking" else len(game.action_space(SHOWN[game_id]))
    assert f"`{game_id}` | {size}" in text
    if not game.real_time:
        # the perfect-recall tensor: the summary, then its own slices, sized by the game's max_game_length
        recall = encoding.perfect_recall_layout(max_game_length(game, SHOWN[game_id]))
        first = recall.pieces[len(seen)].name
        assert recall.markdown(first) in text, f"docs/research.md lacks this table:\n{recall.markdown(first)}"
        assert [p.name for p in recall.pieces[:len(seen)]] == [p.name for p in seen]


def test_the_pages_python_examples_run():
    import re

    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5        # the contract, OpenSpiel, PettingZoo AEC and Parallel, Gymnasium
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/research.md example {i + 1}", "exec"), {})
